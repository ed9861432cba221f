"""``tutor simulate`` and ``tutor replay``: play hands with bots, replay recorded hands."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from tutor.cli import Commands, emit
from tutor.core.variant import Variant
from tutor.game.record import RecordError, record, replay
from tutor.game.simulate import play_hand, progress_bar, simulate
from tutor.game.variants import hooks_for
from tutor.rulesets import parse_assignments


def register(commands: Commands) -> None:
    p = commands.command("simulate", "play seeded hands with bots and summarise them")
    p.add_argument("--variant", default="huangyan", choices=[v.value for v in Variant])
    p.add_argument("--hands", type=int, default=100, help="how many hands (default 100)")
    p.add_argument("--sessions", type=int, default=0,
                   help="play this many whole sessions instead of single hands")
    p.add_argument("--seed", type=int, default=0, help="seed of the first hand (default 0)")
    p.add_argument("--bots", default="sensible",
                   help="comma-separated bots for East, South, West, North: sensible, random")
    p.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                   help="change a ruleset value (repeatable)")
    p.add_argument("--workers", type=int, default=0, help="processes (default: all cores)")
    p.add_argument("--save", metavar="FILE", help="also save every hand's record (JSON list; "
                   "at most 100 hands)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_simulate)
    p = commands.command("replay", "replay a recorded hand move by move")
    p.add_argument("file", help="a record (JSON object) or a list of records, as saved by "
                   "'tutor simulate --save'")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=_replay)


def _simulate(args: argparse.Namespace) -> int:
    variant = Variant.parse(args.variant)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    overrides: dict[str, Any] = dict(parse_assignments(args.rule))
    if args.hands < 1:
        raise ValueError("--hands must be at least 1")
    if args.sessions:
        return _sessions(args, variant, bots, overrides)
    if args.save:
        if args.hands > 100:
            raise ValueError("--save keeps at most 100 hands")
        records = [record(play_hand(variant, args.seed + i, bots, overrides), overrides)
                   for i in range(args.hands)]
        Path(args.save).write_text(json.dumps(records, indent=1) + "\n", encoding="utf-8")
    show = None if args.no_progress or args.json else progress_bar
    summary = simulate(variant, args.hands, args.seed, bots, overrides,
                       workers=args.workers or None, progress=show)
    return emit(args, summary.as_dict(), str(summary))


def _sessions(args: argparse.Namespace, variant: Variant, bots: list[str],
              overrides: dict[str, Any]) -> int:
    import importlib

    module = importlib.import_module(f"tutor.game.variants.{variant.value}")
    reports = []
    for i in range(args.sessions):
        reports.append(module.play_session(args.seed + i, bots, overrides))
        if not (args.no_progress or args.json):
            progress_bar(i + 1, args.sessions)
    data = [{"hands": r.hands, "scores": r.scores, "stats": r.stats} for r in reports]
    text = "\n\n".join(f"session {args.seed + i}:\n{r}" for i, r in enumerate(reports))
    return emit(args, data, text)


def _replay(args: argparse.Namespace) -> int:
    try:
        data = json.loads(Path(args.file).read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise RecordError(f"{args.file}: not JSON ({exc})") from None
    items = data if isinstance(data, list) else [data]
    out = []
    texts = []
    for number, item in enumerate(items):
        variant = item.get("variant", "?") if isinstance(item, dict) else "?"
        state = replay(item, lambda v, rules: hooks_for(v, rules))
        lines = [f"hand {number + 1} ({variant}), dice {state.chance.dice[0]}+"
                 f"{state.chance.dice[1]}:"]
        lines += [f"  {event}" for event in state.events]
        if state.settlement is not None:
            lines.append(str(state.settlement))
        texts.append("\n".join(lines))
        out.append({"events": [str(e) for e in state.events],
                    "outcome": str(state.outcome),
                    "payments": [p.as_dict() for p in state.settlement.ledger]
                    if state.settlement is not None else []})
    return emit(args, out, "\n\n".join(texts))
