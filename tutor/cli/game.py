"""``tutor simulate``, ``tutor duel`` and ``tutor replay``: play hands with bots, match two bots
in duplicate, replay recorded hands."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tutor.cli import Commands, count, emit
from tutor.cli.texts import duel_text, replay_line_text, session_text, summary_text
from tutor.core.variant import Variant
from tutor.errors import TutorError
from tutor.game.duel import MAX_DEALS
from tutor.game.record import RecordError, record, replay
from tutor.game.simulate import EXECUTORS, MAX_HANDS, MAX_SEED, play_hand, progress_bar, simulate
from tutor.game.variants import hooks_for
from tutor.game.view import replay_line
from tutor.i18n import N_, _, localize, pgettext

#: The most whole sessions one ``tutor simulate --sessions`` run plays.
MAX_SESSIONS = 10_000
#: The most hands ``--save`` writes (single hands, or every hand of the sessions played).
MAX_SAVED_HANDS = 1_000
_SAVE_HANDS = 100  # single hands saved with --hands
_CLIP = 240  # the longest error message, in characters


def _choice(options: tuple[str, ...]) -> Callable[[str], str]:
    def read(text: str) -> str:
        if text.strip().lower() not in options:
            shown = text if len(text) <= 24 else f"{text[:20]}..."
            raise argparse.ArgumentTypeError(f"expected {', '.join(options)}, not {shown!r}")
        return text.strip().lower()
    return read


def _cpus() -> int:
    from tutor.game.simulate import cpu_count

    return cpu_count()


def _run_options(p: argparse.ArgumentParser) -> None:
    """The options simulate and duel share: rule changes and where the hands are played."""
    p.add_argument("--rule", action="append", default=[], metavar=pgettext("metavar", "NAME=VALUE"),
                   help=_("change a ruleset value (repeatable)"))
    p.add_argument("--executor", default="local", type=_choice(EXECUTORS),
                   help=_("local: this machine (default); dask: a Dask cluster (needs "
                   "--scheduler and the cluster extra)"))
    p.add_argument("--scheduler", metavar=pgettext("metavar", "ADDRESS"),
                   help=_("the Dask scheduler, for example tcp://10.0.0.5:8786"))
    p.add_argument("--workers", type=count(1, _cpus), default=None,
                   help=_("local processes (default: every CPU; at most the CPU count)"))


def register(commands: Commands) -> None:
    p = commands.command("simulate", N_("play seeded hands with bots and summarise them"))
    p.add_argument("--variant", default="huangyan", type=_choice(tuple(v.value for v in Variant)),
                   help=_("huangyan, hangzhou or guiyang (default huangyan)"))
    p.add_argument("--hands", type=count(1, MAX_HANDS), default=None,
                   help=_("how many hands (default 100, at most {most})").format(
                       most=f"{MAX_HANDS:,}"))
    p.add_argument("--sessions", type=count(1, MAX_SESSIONS), default=None,
                   help=_("play this many whole sessions instead of single hands (at most "
                          "{most})").format(most=f"{MAX_SESSIONS:,}"))
    p.add_argument("--seed", type=count(-MAX_SEED, MAX_SEED), default=0,
                   help=_("random seed of the first hand or session (default 0)"))
    p.add_argument("--bots", default="sensible",
                   help=_("comma-separated bots for East, South, West, North: sensible, strong, "
                   "random (1 to 4 names, repeated around the table)"))
    _run_options(p)
    p.add_argument("--save", metavar=pgettext("metavar", "FILE"), help=_(
        "also save every hand's record as a JSON list (at most {hands} hands, or every hand of "
        "the sessions: at most {most})").format(hands=_SAVE_HANDS, most=f"{MAX_SAVED_HANDS:,}"))
    p.add_argument("--no-progress", action="store_true", help=_("no progress bar on stderr"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.set_defaults(func=_simulate)
    p = commands.command("duel", N_("duplicate matches between two bots: the same deals, seats "
                         "rotated; points per hand with a 95 percent interval"))
    p.add_argument("--variant", default="huangyan", type=_choice(tuple(v.value for v in Variant)),
                   help=_("huangyan, hangzhou or guiyang (default huangyan)"))
    p.add_argument("--bots", default="sensible,random",
                   help=_("the two bots, comma-separated: sensible, strong, random (default "
                   "sensible,random)"))
    p.add_argument("--deals", type=count(1, MAX_DEALS), default=100,
                   help=_("how many deals, each played four times (default 100, at most "
                          "{most})").format(most=f"{MAX_DEALS:,}"))
    p.add_argument("--seed", type=count(-MAX_SEED, MAX_SEED - MAX_DEALS), default=0,
                   help=_("random seed of the first deal (default 0)"))
    _run_options(p)
    p.add_argument("--no-progress", action="store_true", help=_("no progress bar on stderr"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.set_defaults(func=_duel)
    p = commands.command("replay", N_("replay a recorded hand move by move"))
    p.add_argument("file", help=_("a record (JSON object) or a list of records, as saved by "
                   "'tutor simulate --save'"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.set_defaults(func=_replay)


def _duel(args: argparse.Namespace) -> int:
    from tutor.errors import TutorError
    from tutor.game.duel import duel
    from tutor.game.simulate import SimulationError
    from tutor.rulesets import parse_assignments

    try:
        overrides: dict[str, Any] = dict(parse_assignments(args.rule))
        if args.executor == "dask" and not args.scheduler:
            raise SimulationError("--executor dask needs --scheduler ADDRESS (for example "
                                  "tcp://10.0.0.5:8786)")
        if args.scheduler is not None and args.executor != "dask":
            raise SimulationError("--scheduler goes with --executor dask")
        show = None if args.no_progress or args.json else _deal_bar
        result = duel(args.variant, args.deals, args.seed, args.bots, overrides,
                      workers=args.workers, progress=show, executor=args.executor,
                      scheduler=args.scheduler)
    except BrokenPipeError:
        raise
    except (TutorError, ValueError, OSError) as exc:
        raise SimulationError(_clip(str(exc) or type(exc).__name__)) from None
    return emit(args, result.as_dict(), duel_text(result))


def _deal_bar(done: int, total: int) -> None:
    """A one-line progress bar on stderr, in deals."""
    import sys

    if done < total and done % max(1, total // 200):
        return
    filled = 30 * done // total
    count = _("{done}/{total} deals").format(done=done, total=total)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {count}")
    if done >= total:
        sys.stderr.write("\n")
    sys.stderr.flush()


def _clip(message: str) -> str:
    message = " ".join(message.split())
    return message if len(message) <= _CLIP else message[:_CLIP - 3] + "..."


def _simulate(args: argparse.Namespace) -> int:
    from tutor.errors import TutorError
    from tutor.game.simulate import SimulationError

    try:
        return _run(args)
    except BrokenPipeError:
        raise  # the reader stopped early: tutor.cli.main ends quietly
    except (TutorError, ValueError, OSError) as exc:
        raise SimulationError(_clip(str(exc) or type(exc).__name__)) from None


def _run(args: argparse.Namespace) -> int:
    from tutor.game.simulate import SimulationError, check_bots
    from tutor.rulesets import parse_assignments

    variant = Variant.parse(args.variant)
    bots = check_bots(args.bots)
    overrides: dict[str, Any] = dict(parse_assignments(args.rule))
    hooks_for(variant, overrides)  # a bad rule fails before anything is played
    if args.scheduler is not None and args.executor != "dask":
        raise SimulationError("--scheduler goes with --executor dask")
    if args.sessions is not None:
        if args.hands is not None:
            raise SimulationError("give --hands or --sessions, not both")
        if args.executor != "local" or args.workers is not None:
            raise SimulationError("--sessions plays in this process: --executor and --workers "
                                  "apply to --hands")
        return _sessions(args, variant, bots, overrides)
    hands = 100 if args.hands is None else args.hands
    if args.executor == "dask" and not args.scheduler:
        raise SimulationError("--executor dask needs --scheduler ADDRESS (for example "
                              "tcp://10.0.0.5:8786)")
    if args.save:
        if hands > _SAVE_HANDS:
            raise SimulationError(f"--save keeps at most {_SAVE_HANDS} hands (asked for "
                                  f"{hands:,})")
        records = [record(play_hand(variant, args.seed + i, bots, overrides), overrides)
                   for i in range(hands)]
        _write(args.save, records)
    show = None if args.no_progress or args.json else progress_bar
    try:
        summary = simulate(variant, hands, args.seed, bots, overrides, workers=args.workers,
                           progress=show, executor=args.executor, scheduler=args.scheduler)
    except TutorError:
        if show is not None:  # wipe the bar, so the error is the one line left on stderr
            sys.stderr.write("\r" + " " * 80 + "\r")
        raise
    return emit(args, summary.as_dict(), summary_text(summary))


def _write(path: str, records: list[dict[str, Any]]) -> None:
    Path(path).write_text(json.dumps(records, indent=1) + "\n", encoding="utf-8")


def _sessions(args: argparse.Namespace, variant: Variant, bots: tuple[str, ...],
              overrides: dict[str, Any]) -> int:
    import importlib

    from tutor.game.bots import watching
    from tutor.game.simulate import SimulationError
    from tutor.game.state import HandState

    module = importlib.import_module(f"tutor.game.variants.{variant.value}")
    records: list[dict[str, Any]] = []

    def keep(state: HandState) -> None:
        if len(records) >= MAX_SAVED_HANDS:
            raise SimulationError(f"--save keeps at most {MAX_SAVED_HANDS:,} hands: these "
                                  "sessions play more (ask for fewer sessions)")
        records.append(record(state, overrides))

    reports = []
    for i in range(args.sessions):
        if args.save:
            with watching(keep):
                reports.append(module.play_session(args.seed + i, list(bots), overrides))
        else:
            reports.append(module.play_session(args.seed + i, list(bots), overrides))
        if not (args.no_progress or args.json):
            progress_bar(i + 1, args.sessions)
    if args.save:
        _write(args.save, records)
    data = [{"hands": r.hands, "scores": r.scores, "stats": r.stats} for r in reports]
    text = "\n\n".join(_("session {seed}:").format(seed=args.seed + i) + "\n"
                         + session_text(r) for i, r in enumerate(reports))
    if args.save:
        text += "\n\n" + _("saved {n} hands to {file}").format(n=len(records), file=args.save)
    return emit(args, data, text)


def _replay(args: argparse.Namespace) -> int:
    from tutor.jsonfile import read

    data = read(args.file, RecordError)
    if data == []:
        raise RecordError(f"{args.file}: an empty list holds no hand")
    if isinstance(data, list) and len(data) > MAX_SAVED_HANDS:
        raise RecordError(f"{args.file}: {len(data):,} records; tutor replay reads at most "
                          f"{MAX_SAVED_HANDS:,}")
    items = data if isinstance(data, list) else [data]
    out = []
    texts = []
    for number, item in enumerate(items):
        variant = item.get("variant", "?") if isinstance(item, dict) else "?"
        state = replay(item, lambda v, rules: hooks_for(v, rules))
        lines = [_("hand {number} ({variant}), dice {first}+{second}:").format(
            number=number + 1, variant=variant, first=state.chance.dice[0],
            second=state.chance.dice[1])]
        lines += [f"  {replay_line_text(event, state.outcome)}" for event in state.events]
        if state.settlement is not None:
            lines.append(localize(state.settlement))
        texts.append("\n".join(lines))
        out.append({"events": [replay_line(e) for e in state.events],
                    "outcome": str(state.outcome),
                    "payments": [p.as_dict() for p in state.settlement.ledger]
                    if state.settlement is not None else []})
    return emit(args, out, "\n\n".join(texts))
