"""``tutor score hangzhou`` and ``tutor ledger hangzhou``: Hangzhou scoring and a game's payments.

``tutor score hangzhou HAND --drawn T [--dealer] [--after-gang N] [--joker-discards N] [--json]``
scores a self-drawn win. HAND is the 14 tiles (the drawn tile included) or the 13 before the draw;
jokers are written 白 or 5z. Without ``--dealer`` the winner is South and East deals; with it East
deals and wins. ``--after-gang N`` and ``--joker-discards N`` are the winner's chain (kongs and
joker discards in a row since their last non-joker discard). ``--on-discard`` asks about a win on
another player's discard, which Hangzhou refuses (exit status 2).

``tutor ledger hangzhou FILE`` replays a game file and prints every payment. FILE is JSON: a list
of hand results in order (or ``{"first_dealer": "E", "hands": [...]}``); each hand is one of::

    {"result": "draw"}
    {"result": "win", "winner": "E", "multiplier": 2}
    {"result": "win", "winner": "S", "hand": "123456789m777z5z", "drawn": "3p",
     "kongs": 0, "joker_discards": 1}
    {"result": "win", "winner": "W", "honor_discards": 11}

``winner`` is a seat letter (E, S, W, N); ``multiplier`` the hand's product; ``hand`` and
``drawn`` a hand to score (13 or 14 tiles) with the optional chain ``kongs`` and
``joker_discards``; ``honor_discards`` (10 or more) a Ten Honors Explosive Head. ``"note"`` (text)
is optional on any hand. Examples: ``tests/data/hangzhou/``. A malformed file exits with status 2
and a message naming the hand and the field. Both commands take ``--rule name=value``
(repeatable) to change a field of :class:`~tutor.variants.hangzhou.rules.HangzhouRules`.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from tutor.cli import Commands, emit
from tutor.core.notation import parse_hand, parse_tile
from tutor.core.variant import Variant
from tutor.ledger import Seat
from tutor.rulesets import override
from tutor.variants.hangzhou.replay import LedgerFileError, replay
from tutor.variants.hangzhou.rules import HANGZHOU, HangzhouRules
from tutor.variants.hangzhou.scoring import Situation, WinSource, score


def register(commands: Commands) -> None:
    """Add this variant's subcommands."""
    p = commands.variant_command("score", "hangzhou", "score a self-drawn Hangzhou win: "
                                 "multipliers, product and payments")
    p.add_argument("hand", help="the 14 tiles (or the 13 before the draw), e.g. "
                   "'123m 5白7m 444p 中中中 東東'")
    p.add_argument("--drawn", required=True, help="the tile drawn for the win, e.g. 7m")
    p.add_argument("--dealer", action="store_true", help="the winner is the dealer (East)")
    p.add_argument("--after-gang", type=int, default=0, metavar="N",
                   help="kongs in the winner's chain (After a gang x2 each)")
    p.add_argument("--joker-discards", type=int, default=0, metavar="N",
                   help="jokers the winner discarded in the chain (x2 each)")
    p.add_argument("--on-discard", action="store_true",
                   help="the win was on another player's discard (refused: self-draw only)")
    _rules_and_json(p)
    p.set_defaults(func=_score)
    p = commands.variant_command("ledger", "hangzhou", "replay a Hangzhou game file: every "
                                 "payment, the dealer's deferred tally, the scores")
    p.add_argument("file", help="a JSON list of hand results (format: tutor.cli.hangzhou)")
    p.add_argument("--no-settle", action="store_true",
                   help="leave an open dealer tally unpaid at the end")
    _rules_and_json(p)
    p.set_defaults(func=_ledger)


def _rules_and_json(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                   help="change a rule (repeatable), e.g. --rule scoring=mil-fan")
    p.add_argument("--json", action="store_true", help="print JSON")


def _rules(args: argparse.Namespace) -> HangzhouRules:
    return override(HANGZHOU, args.rule)


def _score(args: argparse.Namespace) -> int:
    rules = _rules(args)
    hand = parse_hand(args.hand, Variant.HANGZHOU)
    drawn = parse_tile(args.drawn)
    if hand.size == 13:
        hand = hand.add(drawn)
    situation = Situation(winner=Seat.EAST if args.dealer else Seat.SOUTH, dealer=Seat.EAST,
                          kongs=args.after_gang, joker_discards=args.joker_discards,
                          source=WinSource.DISCARD if args.on_discard else WinSource.SELF_DRAW)
    sheet = score(hand, drawn, situation, rules=rules)
    return emit(args, sheet.as_dict(), str(sheet))


def _ledger(args: argparse.Namespace) -> int:
    rules = _rules(args)
    text = Path(args.file).read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LedgerFileError(f"{args.file}: not JSON ({exc})") from None
    game = replay(data, rules=rules, settle_at_end=not args.no_settle)
    return emit(args, game.as_dict(), str(game))
