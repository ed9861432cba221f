"""``tutor score hangzhou`` and ``tutor ledger hangzhou``: Hangzhou scoring and a game's payments.

``tutor score hangzhou HAND --drawn T [--winner SEAT] [--dealer [SEAT]] [--after-gang N]
[--joker-discards N] [--json]`` scores a self-drawn win. HAND is the 14 tiles (the drawn tile
included) or the 13 before the draw; jokers are written 白 or 5z. The winner is South and East
deals unless ``--winner`` and ``--dealer`` say otherwise (``--dealer`` alone: the winner deals).
``--after-gang N`` and ``--joker-discards N`` are the winner's chain (kongs and joker discards in
a row since their last non-joker discard); the jokers discarded in the chain also count toward
Three/Four White Dragons. ``--on-discard`` asks about a win on another player's discard, which
Hangzhou refuses (exit status 2).

``tutor score hangzhou --honor-discards N [--winner SEAT] [--dealer [SEAT]] [--json]`` scores a
Ten Honors Explosive Head after N honor discards (10 or more); the hand's shape does not matter,
so no HAND is given. Its JSON has the keys ``variant``, ``special``, ``honor_discards``,
``winner``, ``dealer``, ``lines``, ``product``, ``payments`` and ``total``.

``tutor ledger hangzhou FILE`` replays a game file and prints every payment. FILE is JSON: a list
of hand results in order (or ``{"first_dealer": "E", "hands": [...]}``); each hand is one of::

    {"result": "draw"}
    {"result": "win", "winner": "E", "multiplier": 2}
    {"result": "win", "winner": "S", "hand": "123456789m777z5z", "drawn": "3p",
     "kongs": 0, "joker_discards": 1}
    {"result": "win", "winner": "W", "honor_discards": 11}

``winner`` is a seat letter (E, S, W, N); ``multiplier`` the hand's product; ``hand`` and
``drawn`` a hand to score (13 or 14 tiles) with the optional chain ``kongs`` and
``joker_discards``; ``honor_discards`` (10 or more) a Ten Honors Explosive Head. Any hand may add
``"first_turn": {"discards": ["東", "東", "東", "白"], "dice": [3, 4]}``, the first-turn
matching-discards penalty the dealer paid in that hand (the four first discards, the dealer's
first, and the dealer's two dice or their total). ``"note"`` (text) is optional on any hand.
Examples: ``tests/data/hangzhou/``. A malformed file exits with status 2 and a message naming
the hand and the field. Both commands take ``--rule name=value`` (repeatable) to change a field
of :class:`~tutor.variants.hangzhou.rules.HangzhouRules`.
"""

from __future__ import annotations

import argparse

from tutor.cli import Commands, count, emit
from tutor.core.notation import parse_hand, parse_tile
from tutor.core.variant import Variant
from tutor.errors import InputError
from tutor.i18n import N_, _, pgettext
from tutor.ledger import Seat
from tutor.rulesets import override
from tutor.variants.hangzhou.gamefile import LedgerFileError, replay
from tutor.variants.hangzhou.rules import HANGZHOU, HangzhouRules
from tutor.variants.hangzhou.scoring import Situation, WinSource, score
from tutor.variants.hangzhou.special import ten_honors_win

_WINNER = "the winner"  # --dealer given without a seat


def register(commands: Commands) -> None:
    """Add this variant's subcommands."""
    p = commands.variant_command("score", "hangzhou", N_("score a self-drawn Hangzhou win: "
                                 "multipliers, product and payments"))
    p.epilog = _("The chain: the kongs and joker discards the winner made in a row since their "
                 "last discard of a non-joker tile. Jokers discarded in the chain count toward "
                 "Three/Four White Dragons together with the jokers in the hand (two held + one "
                 "discarded = Three White Dragons). A Ten Honors Explosive Head is scored with "
                 "--honor-discards N instead of a hand.")
    p.add_argument("hand", nargs="?", help=_("the 14 tiles (or the 13 before the draw), e.g. "
                   "'123m 5白7m 444p 中中中 東東'; jokers are 白 (or 5z)"))
    p.add_argument("--drawn", help=_("the tile drawn for the win, e.g. 7m (needed with HAND)"))
    p.add_argument("--winner", metavar=pgettext("metavar", "SEAT"),
                   help=_("the winner's seat: E, S, W or N (default S; with --dealer alone, "
                          "the dealer's seat)"))
    p.add_argument("--dealer", nargs="?", const=_WINNER, metavar=pgettext("metavar", "SEAT"),
                   help=_("the dealer's seat (default E); --dealer alone: the winner deals"))
    p.add_argument("--after-gang", type=count(0, 4), default=0, metavar="N",
                   help=_("kongs in the winner's chain (After a gang x2 each)"))
    p.add_argument("--joker-discards", type=count(0, 4), default=0, metavar="N",
                   help=_("jokers the winner discarded in the chain (After a White Dragon "
                   "Discard x2 each); they also count toward Three/Four White Dragons"))
    p.add_argument("--honor-discards", type=count(0, 1_000), metavar="N",
                   help=_("score a Ten Honors Explosive Head after N honor discards (10 or "
                   "more, jokers count as honors): no HAND, the shape does not matter"))
    p.add_argument("--on-discard", action="store_true",
                   help=_("the win was on another player's discard (refused: self-draw only)"))
    _rules_and_json(p)
    p.set_defaults(func=_score)
    p = commands.variant_command("ledger", "hangzhou", N_("replay a Hangzhou game file: every "
                                 "payment, the dealer's deferred tally, the scores"))
    p.add_argument("file", help=_("a JSON list of hand results (format: tutor.cli.hangzhou)"))
    p.add_argument("--no-settle", action="store_true",
                   help=_("leave an open dealer tally unpaid at the end"))
    _rules_and_json(p)
    p.set_defaults(func=_ledger)


def _rules_and_json(p: argparse.ArgumentParser) -> None:
    p.add_argument("--rule", action="append", default=[], metavar=pgettext("metavar", "NAME=VALUE"),
                   help=_("change a rule (repeatable), e.g. --rule scoring=mil-fan"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))


def _rules(args: argparse.Namespace) -> HangzhouRules:
    return override(HANGZHOU, args.rule)


def _seats(args: argparse.Namespace) -> tuple[Seat, Seat]:
    """The winner and the dealer from ``--winner`` and ``--dealer``."""
    winner = Seat.parse(args.winner) if args.winner is not None else None
    if args.dealer == _WINNER:
        winner = winner or Seat.EAST
        return winner, winner
    dealer = Seat.parse(args.dealer) if args.dealer is not None else Seat.EAST
    return winner or Seat.SOUTH, dealer


def _score(args: argparse.Namespace) -> int:
    rules = _rules(args)
    winner, dealer = _seats(args)
    if args.honor_discards is not None:
        if args.hand is not None or args.drawn is not None:
            raise InputError("--honor-discards scores a Ten Honors Explosive Head, whose hand "
                             "does not matter: give no HAND or --drawn")
        if args.after_gang or args.joker_discards or args.on_discard:
            raise InputError("--honor-discards takes no chain (--after-gang, "
                             "--joker-discards) and no --on-discard")
        special = ten_honors_win(args.honor_discards, winner=winner, dealer=dealer,
                                 rules=rules)
        data = {"variant": Variant.HANGZHOU.value, "special": special.line.name,
                "honor_discards": args.honor_discards, **special.as_dict()}
        return emit(args, data, str(special))
    if args.hand is None or args.drawn is None:
        raise InputError("give the HAND and --drawn TILE (or --honor-discards N for a Ten "
                         "Honors Explosive Head)")
    hand = parse_hand(args.hand, Variant.HANGZHOU)
    drawn = parse_tile(args.drawn)
    if hand.size == 13:
        hand = hand.add(drawn)
    situation = Situation(winner=winner, dealer=dealer, kongs=args.after_gang,
                          joker_discards=args.joker_discards,
                          source=WinSource.DISCARD if args.on_discard else WinSource.SELF_DRAW)
    sheet = score(hand, drawn, situation, rules=rules)
    return emit(args, sheet.as_dict(), str(sheet))


def _ledger(args: argparse.Namespace) -> int:
    rules = _rules(args)
    from tutor.jsonfile import read

    data = read(args.file, LedgerFileError)
    game = replay(data, rules=rules, settle_at_end=not args.no_settle)
    return emit(args, game.as_dict(), str(game))
