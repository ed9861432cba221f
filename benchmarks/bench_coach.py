"""How long the coach takes to review one seat's hand, with two reference costs in the same run.

    python benchmarks/bench_coach.py [--hands 40] [--seed 0]

For each game, ``--hands`` seeded hands are played (sensible and random bots at one table) and
each seat's play is reviewed. Reported, CPU time per seat's hand (``time.process_time``):

* ``review``: :func:`tutor.coach.review` (replay, every decision judged: efficiency, safety,
  value, the reasons), timed cold (first pass: the engine's tables and the coach's value cache
  fill) and warm (second pass over the same hands);
* ``replay``: rebuilding the hand from its record and walking the seat's positions, the floor
  any review pays;
* ``peer``: the `mahjong` library (2.1) doing the least an efficiency-only reviewer must: the
  shanten after every legal discard of every discard position of the seat (no useful tiles,
  no copies left, no safety, no value, no claims), on top of the same replay.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong.shanten import Shanten

from tutor.coach import positions, review
from tutor.core.variant import Variant
from tutor.game.actions import ActionKind
from tutor.game.simulate import play_hand
from tutor.game.state import HandState


def _per_seat(hands: list[HandState], job: object) -> list[float]:
    out = []
    for state in hands:
        for seat in state.players:
            start = time.process_time()
            job(state, seat)  # type: ignore[operator]
            out.append(time.process_time() - start)
    return out


def _walk(state: HandState, seat: object) -> None:
    for _ in positions(state, seat):  # type: ignore[arg-type]
        pass


def _peer(state: HandState, seat: object) -> None:
    calc = Shanten()
    for pos in positions(state, seat):  # type: ignore[arg-type]
        tiles = [a.tile for a in pos.view.legal if a.kind is ActionKind.DISCARD and a.tile]
        if len(tiles) < 2 or pos.view.hand.melds:
            continue
        counts = list(pos.view.hand.counts)
        for tile in tiles:
            counts[tile.index] -= 1
            calc.calculate_shanten(counts, use_chiitoitsu=False, use_kokushi=False)
            counts[tile.index] += 1


def _ms(values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"{statistics.median(values) * 1000:7.1f} {p90 * 1000:7.1f} {max(values) * 1000:7.1f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(f"{args.hands} hands x 4 seats per game; CPU ms per seat's hand: median, p90, max")
    print(f"{'game':<10} {'task':<16} {'median':>7} {'p90':>7} {'max':>7}")
    for variant in Variant:
        hands = [play_hand(variant, args.seed + i, ("sensible", "random"))
                 for i in range(args.hands)]
        rows = [("review, cold", _per_seat(hands, review)),
                ("review, warm", _per_seat(hands, review)),
                ("replay only", _per_seat(hands, _walk)),
                ("peer shanten", _per_seat(hands, _peer))]
        for name, values in rows:
            print(f"{variant.value:<10} {name:<16} {_ms(values)}")


if __name__ == "__main__":
    main()
