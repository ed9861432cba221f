"""Whether the coach's mistakes and blunders hold up, on a sample of a target size per game.

    python benchmarks/bench_coach_holdup.py [--target 200] [--check 200] [--seed 0]
                                            [--games huangyan,hangzhou,guiyang]
                                            [--until 10:35] [--minutes M] [--out FILE]
    python benchmarks/bench_coach_holdup.py --report FILE

Seeded hands are played (sensible and random bots at one table, seats mixed, as in
``bench_coach.py``: hand ``k`` is seed ``--seed + k``) and every seat's hand is reviewed
(:func:`tutor.coach.review`, the default :data:`~tutor.coach.COACH`). Each decision graded
mistake or blunder is then checked independently of the coach, by the method of
``bench_coach.py``: ``--check`` play-outs of the played and of the preferred move from the same
position (:func:`tutor.game.evaluate.evaluate`: the hidden tiles dealt again from what the seat
could not see, the same deals for both moves), seeded apart from anything the coach uses
(``7,000,000 + 1000 x hand + turn``). It *held up* when the preferred move scored more on
average. Hands are reviewed until ``--target`` decisions are checked per game, or until the
clock (``--until``, UTC) or ``--minutes`` of CPU run out.

Each check is appended to ``--out`` as one JSON line as soon as it is made, so a run stopped
at any moment keeps what it measured, games may run in separate processes (one ``--games``
each, the same ``--out``), and ``--report`` prints per game the decisions checked, how many
held up, the rate with its 95% interval (Wilson's score interval) and the preferred move's
average margin. Estimated cost (2026-12-03, shared 2-core machine): 10-20 s of CPU per
checked decision, the reviews that find it included (most seats' hands hold none), so 200 a
game is about an hour of CPU per game.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.coach import Grade, review, state_at
from tutor.core.variant import Variant
from tutor.game.evaluate import evaluate
from tutor.game.simulate import play_hand

#: the bots at the table, by hand number: careful and careless seats mixed (as bench_coach)
BOTS = (("sensible", "random"), ("random", "sensible"))
#: the check's seeds are far from anything the coach uses (as bench_coach)
CHECK_SEED = 7_000_000
GRADED = (Grade.MISTAKE, Grade.BLUNDER)


def wilson(held: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson's score interval for a proportion ``held`` of ``n`` (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = held / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _deadline(text: str | None) -> float | None:
    """Seconds from now to ``HH:MM`` UTC today (None: no deadline)."""
    if not text:
        return None
    now = dt.datetime.now(dt.UTC)
    hour, minute = (int(x) for x in text.split(":"))
    end = now.replace(hour=hour, minute=minute, second=0, microsecond=0)
    return time.monotonic() + (end - now).total_seconds()


def _done(path: Path, game: str, check: int) -> set[tuple[int, str, int]]:
    """The decisions of ``game`` already checked in ``path`` (a resumed run skips them)."""
    if not path.exists():
        return set()
    out = set()
    for row in _rows(path):
        if row["game"] == game and row["check"] == check:
            out.add((row["hand"], row["seat"], row["turn"]))
    return out


def _rows(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def collect(variant: Variant, args: argparse.Namespace, out: Path) -> None:
    """Review seeded hands of ``variant`` and check their mistakes and blunders (see the
    module doc), appending each check to ``out``."""
    end = _deadline(args.until)
    start = time.process_time()
    seen = _done(out, variant.value, args.check)
    count = len(seen)
    hand = 0

    def time_left() -> bool:
        if end is not None and time.monotonic() >= end:
            return False
        return args.minutes is None or time.process_time() - start < 60 * args.minutes

    while count < args.target and time_left():
        number = args.seed + hand
        state = play_hand(variant, number, BOTS[hand % len(BOTS)])
        hand += 1
        for seat in state.players:
            if count >= args.target or not time_left():
                break
            began = time.process_time()
            result = review(state, seat)
            reviewed = time.process_time() - began
            for d in result.decisions:
                if d.grade not in GRADED or count >= args.target:
                    continue
                a, b = d.preferred.action, d.played.action
                if a is None or b is None or a == b:
                    continue
                if (number, seat.letter, d.turn) in seen:
                    continue
                began = time.process_time()
                at = state_at(state, d.turn)
                found = evaluate(at, [a, b], playouts=args.check,
                                 seed=CHECK_SEED + 1000 * number + d.turn)
                diff, se = found.difference(a, b)
                row = {"game": variant.value, "hand": number, "seat": seat.letter,
                       "turn": d.turn, "grade": d.grade.value, "preferred": str(a),
                       "played": str(b), "coach_lost": d.points_lost,
                       "check": args.check, "diff": round(diff, 3),
                       "se": round(se, 3) if math.isfinite(se) else None,
                       "held": diff > 0, "review_cpu": round(reviewed, 3),
                       "check_cpu": round(time.process_time() - began, 3)}
                with out.open("a") as f:
                    f.write(json.dumps(row) + "\n")
                seen.add((number, seat.letter, d.turn))
                count += 1
                print(f"{variant.value:<9} {count:4d} hand {number} {seat.letter} turn "
                      f"{d.turn}: {d.grade.value}, {a} over {b} by {diff:+.1f} "
                      f"({'held' if diff > 0 else 'NOT held'})", flush=True)
    spent = time.process_time() - start
    print(f"{variant.value:<9} stopped: {count} checked, {hand} hands reviewed, "
          f"{spent:.0f} s CPU", flush=True)


def report(path: Path) -> None:
    """Per game: checked, held up, rate and its 95% interval, average margin."""
    rows = _rows(path)
    print(f"{'game':<9} {'checked':>7} {'held':>5} {'rate':>6}  95% interval   "
          "margin (pts)  CPU s per check")
    for variant in Variant:
        mine = [r for r in rows if r["game"] == variant.value]
        if not mine:
            continue
        n = len(mine)
        held = sum(r["held"] for r in mine)
        low, high = wilson(held, n)
        margin = statistics.mean(r["diff"] for r in mine)
        cpu = statistics.mean(r["check_cpu"] for r in mine)
        grades = ", ".join(f"{sum(r['grade'] == g.value for r in mine)} {g.value}"
                           for g in GRADED)
        print(f"{variant.value:<9} {n:7d} {held:5d} {100 * held / n:5.1f}%  "
              f"{100 * low:5.1f}-{100 * high:5.1f}%  {margin:+12.1f}  {cpu:6.1f}  ({grades})")
    if rows:
        n = len(rows)
        held = sum(r["held"] for r in rows)
        low, high = wilson(held, n)
        print(f"{'all':<9} {n:7d} {held:5d} {100 * held / n:5.1f}%  "
              f"{100 * low:5.1f}-{100 * high:5.1f}%")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--target", type=int, default=200,
                        help="mistakes and blunders to check per game")
    parser.add_argument("--check", type=int, default=200,
                        help="independent play-outs of each move per check")
    parser.add_argument("--seed", type=int, default=0, help="the first hand's seed")
    parser.add_argument("--games", default=",".join(v.value for v in Variant))
    parser.add_argument("--until", default=None, help="stop at this time, HH:MM UTC")
    parser.add_argument("--minutes", type=float, default=None,
                        help="stop after this many CPU minutes per game")
    parser.add_argument("--out", default="coach_holdup.jsonl", help="checks, one JSON a line")
    parser.add_argument("--report", metavar="FILE", default=None,
                        help="print the figures of a file of checks and stop")
    args = parser.parse_args()
    if args.report:
        report(Path(args.report))
        return
    out = Path(args.out)
    for game in args.games.split(","):
        if game.strip():
            collect(Variant(game.strip()), args, out)
    report(out)


if __name__ == "__main__":
    main()
