"""Duplicate matches between bots in every game: points per hand with a 95% interval over deals,
win rates, deal-ins and (Huangyan) liability, as ``tutor duel`` prints them.

    python benchmarks/bench_duel.py [--deals 2000] [--seed 0] [--bots strong,sensible]
                                    [--workers N] [--json FILE]

Each deal is played four times with the bots' seats rotated (:mod:`tutor.game.duel`), so
``--deals 2000`` plays 8,000 hands per game. Prints a Markdown table (the README's) and the CPU
and wall time of each game's match.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.core.variant import Variant
from tutor.game.duel import duel


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", default="strong,sensible")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--games", default="huangyan,hangzhou,guiyang")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    args = parser.parse_args()
    bots = [b.strip() for b in args.bots.split(",")]
    rows = []
    out = []
    for name in args.games.split(","):
        variant = Variant.parse(name.strip())
        wall, cpu = time.perf_counter(), time.process_time()
        result = duel(variant, args.deals, args.seed, bots, workers=args.workers)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        print(result, flush=True)
        print(f"({wall:.0f} s wall)\n", flush=True)
        a, b = result.bots
        liable = (f"{a.liability_rate:.1%} / {b.liability_rate:.1%}"
                  if a.liability_rate is not None and b.liability_rate is not None else "")
        rows.append(f"| {variant.title} | {result.deals:,} | {a.name} vs {b.name} | "
                    f"{result.margin:+.2f} ({result.margin_low:+.2f} to "
                    f"{result.margin_high:+.2f}) | {a.points:+.2f} | {a.win_rate:.1%} / "
                    f"{b.win_rate:.1%} | {a.deal_in_rate:.1%} / {b.deal_in_rate:.1%} | "
                    f"{liable} |")
        out.append({**result.as_dict(), "wall_seconds": wall})
    print("| game | deals | bots (A vs B) | A minus B, points per hand (95% interval) | "
          "A's points per hand | win rate A / B | deal-ins A / B | liable A / B |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for row in rows:
        print(row)
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
