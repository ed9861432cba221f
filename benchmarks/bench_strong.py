"""CPU time per decision of the strong bot (and of the sensible bot, for comparison): median,
99th percentile and maximum, over every decision with more than one legal move in seeded hands
played by four bots of that kind.

    python benchmarks/bench_strong.py [--hands 40] [--seed 0] [--games huangyan,hangzhou,guiyang]

The goal (issue 24): the strong bot at most 50 ms per decision. One hand per game and bot is
played first and not timed (it loads the shared suit tables, a one-off cost of the process).
Prints a Markdown table (the README's).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.core.tiles import Wind
from tutor.core.variant import Variant
from tutor.game.bots import make_bot
from tutor.game.state import HandState
from tutor.game.variants import hooks_for


def _times(variant: Variant, bot: str, hands: int, seed: int) -> list[float]:
    """CPU milliseconds of each decision with a choice."""
    hooks = hooks_for(variant, {})
    out = []
    for s in range(seed, seed + hands):
        state = HandState.new(hooks, seed=s)
        bots = {w: make_bot(bot, s * 4 + i) for i, w in enumerate(Wind)}
        while not state.is_terminal():
            seat = state.current_actor()
            assert seat is not None
            view = state.view(seat)
            start = time.process_time()
            action = bots[seat].choose(view)
            spent = time.process_time() - start
            if len(view.legal) > 1:
                out.append(spent * 1000)
            state.apply(action)
    return out


def _quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", default="huangyan,hangzhou,guiyang")
    args = parser.parse_args()
    print("| game | bot | decisions | median ms | p99 ms | max ms |")
    print("| --- | --- | --- | --- | --- | --- |")
    for name in args.games.split(","):
        variant = Variant.parse(name.strip())
        for bot in ("strong", "sensible"):
            _times(variant, bot, 1, args.seed - 1)  # loads the tables
            times = _times(variant, bot, args.hands, args.seed)
            print(f"| {variant.title} | {bot} | {len(times):,} | {_quantile(times, 0.5):.2f} | "
                  f"{_quantile(times, 0.99):.2f} | {max(times):.1f} |", flush=True)


if __name__ == "__main__":
    main()
