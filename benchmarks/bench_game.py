"""Hands per second of full play, this engine against RLCard's mahjong environment, one core.

    python benchmarks/bench_game.py [--hands 300] [--seed 0]

Each variant is played with random bots and with sensible bots (efficiency-based discards);
RLCard's ``mahjong`` environment (a simplified game: no scoring, no settlement) plays the same
number of hands with its random agents in the same process. CPU time per hand
(``time.process_time``) is reported, so other load on the machine matters less.

Our hand-analysis tables fill as hands are played, so the first hands of a process are slower:
the script runs a warm-up of ``--warmup`` hands per variant before timing (0 to time it cold).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.core.variant import Variant
from tutor.game.simulate import play_hand


def ours(variant: Variant, bots: list[str], hands: int, seed: int) -> float:
    start = time.process_time()
    for i in range(hands):
        play_hand(variant, seed + i, bots)
    return (time.process_time() - start) / hands


def rlcard_random(hands: int, seed: int) -> float | None:
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("mahjong", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(4)])
    start = time.process_time()
    for _ in range(hands):
        env.run(is_training=False)
    return (time.process_time() - start) / hands


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    peer = rlcard_random(args.hands, args.seed)
    print(f"{args.hands} hands per row after {args.warmup} warm-up hands, one core, CPU time")
    print(f"{'engine':<34} {'ms/hand':>8} {'hands/s':>8} {'vs RLCard':>10}")
    if peer is not None:
        print(f"{'RLCard mahjong, random agents':<34} {peer * 1000:8.2f} {1 / peer:8.1f} "
              f"{'1.0x':>10}")
    for variant in Variant:
        for bot in ("random", "sensible"):
            ours(variant, [bot], args.warmup, args.seed + 10_000)
            per_hand = ours(variant, [bot], args.hands, args.seed)
            ratio = f"{peer / per_hand:9.1f}x" if peer is not None else f"{'-':>10}"
            name = f"{variant.value}, {bot} bots"
            print(f"{name:<34} {per_hand * 1000:8.2f} {1 / per_hand:8.1f} {ratio}")


if __name__ == "__main__":
    main()
