"""``tutor review``: the coach's review of one seat's play in a saved hand."""

from __future__ import annotations

import argparse

from tutor.cli import Commands, count, emit
from tutor.cli.texts import review_text
from tutor.core.tiles import Wind
from tutor.errors import InputError
from tutor.i18n import N_, Message, _, nmessage


def register(commands: Commands) -> None:
    p = commands.command("review", N_("grade one seat's decisions in a saved hand, each with a "
                         "one-sentence reason"))
    p.add_argument("file", help=_("a hand record (JSON object) or a list of them, as saved by "
                   "'tutor simulate --save'"))
    p.add_argument("--seat", required=True, metavar="E|S|W|N",
                   help=_("whose decisions to review: E, S, W or N"))
    p.add_argument("--hand", type=count(-1_000_000, 1_000_000), default=None, metavar="K",
                   help=_("which hand of the file, counting from 1 (needed when it holds "
                          "several)"))
    p.add_argument("--json", action="store_true",
                   help=_("print the decisions as a JSON list"))
    p.set_defaults(func=_review)


def _seat(text: str) -> Wind:
    if not text.isascii() or text.strip().upper() not in ("E", "S", "W", "N"):  # not 'ſ'
        raise InputError(Message("--seat must be E, S, W or N, not {given}", given=repr(text[:20])))
    return Wind.parse(text.strip().upper())


def _review(args: argparse.Namespace) -> int:
    from tutor.coach import read_records, review
    from tutor.game.record import RecordError

    seat = _seat(args.seat)
    records = read_records(args.file)
    count = len(records)
    if args.hand is None:
        if count > 1:
            raise RecordError(Message("{file} holds {count} hands: pick one with --hand 1 to "
                                      "{count}", file=args.file, count=count))
        number = 1
    else:
        number = args.hand
        if not 1 <= number <= count:
            raise RecordError(nmessage("--hand {number} is out of range: {file} holds {n} hand "
                                       "(1 to {n})", "--hand {number} is out of range: {file} "
                                       "holds {n} hands (1 to {n})", count, number=number,
                                       file=args.file))
    result = review(records[number - 1], seat)
    data = [d.as_dict() for d in result.decisions]
    text = review_text(result, number, count)
    return emit(args, data, text)
