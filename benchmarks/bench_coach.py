"""The coach's cost and whether its judgement holds up, in one run.

    python benchmarks/bench_coach.py [--hands 12] [--seed 0] [--sample 200] [--check 100]

For each game, ``--hands`` seeded hands are played (sensible and random bots at one table).

* **review**: CPU time (``time.process_time``) of :func:`tutor.coach.review` per seat's hand
  (first pass, play-outs of the open options, the reasons).
* **hint**: CPU time of :func:`tutor.coach.advise` (what the play table's Hint shows) at every
  position of those hands where a seat had a choice.
* **held up**: every decision the reviews graded mistake or blunder (at most ``--sample`` per
  game) is played out again, independently: ``--check`` play-outs of the played and of the
  preferred move from the same position, with another seed. The share where the preferred move
  scored more on average is reported (the goal: at least 95%).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.coach import Grade, advise, positions, review, state_at
from tutor.core.variant import Variant
from tutor.game.evaluate import evaluate
from tutor.game.simulate import play_hand


def _ms(values: list[float]) -> str:
    if not values:
        return "      -       -       -"
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return f"{statistics.median(values) * 1000:7.0f} {p90 * 1000:7.0f} {max(values) * 1000:7.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--sample", type=int, default=200)
    parser.add_argument("--check", type=int, default=100)
    parser.add_argument("--hints", type=int, default=60, help="positions timed per game")
    args = parser.parse_args()
    print(f"{args.hands} hands x 4 seats per game; CPU ms: median, p90, max")
    for variant in Variant:
        hands = [play_hand(variant, args.seed + i, ("sensible", "random"))
                 for i in range(args.hands)]
        times: list[float] = []
        graded = []
        counts = {g: 0 for g in Grade}
        for state in hands:
            for seat in state.players:
                start = time.process_time()
                result = review(state, seat)
                times.append(time.process_time() - start)
                for d in result.decisions:
                    counts[d.grade] += 1
                    if d.grade in (Grade.MISTAKE, Grade.BLUNDER):
                        graded.append((state, d))
        hint_times: list[float] = []
        for state in hands:
            for seat in state.players:
                for pos in positions(state, seat):
                    if len(hint_times) >= args.hints * (1 + hands.index(state)) / len(hands):
                        break
                    at = state_at(state, pos.turn)
                    start = time.process_time()
                    advise(at, seat)
                    hint_times.append(time.process_time() - start)
        print(f"{variant.value:<10} review per seat's hand {_ms(times)}")
        print(f"{variant.value:<10} hint per position      {_ms(hint_times)}")
        print(f"{variant.value:<10} grades: " + ", ".join(f"{n} {g.value}"
                                                         for g, n in counts.items()))
        checked = held = 0
        start = time.process_time()
        for state, d in graded[:args.sample]:
            at = state_at(state, d.turn)
            a, b = d.preferred.action, d.played.action
            if a is None or b is None or a == b:
                continue
            check = evaluate(at, [a, b], playouts=args.check, seed=10_000 + d.turn)
            diff, _se = check.difference(a, b)
            checked += 1
            held += diff > 0
        share = f"{100 * held / checked:.0f}%" if checked else "-"
        print(f"{variant.value:<10} mistakes and blunders checked: {checked} of "
              f"{len(graded)}; the preferred move scored more in {held} ({share}), "
              f"{time.process_time() - start:.0f} s CPU")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
