"""``tutor score huangyan`` and ``tutor reckon huangyan``: score sheets and the reckoning."""

from __future__ import annotations

import argparse
import contextlib

from tutor.cli import Commands, emit
from tutor.core.notation import parse_hand, parse_tile
from tutor.core.tiles import Wind
from tutor.core.variant import Variant
from tutor.errors import NotationError, RulesError, shown
from tutor.i18n import N_, _, pgettext
from tutor.rulesets import override
from tutor.variants.huangyan import (
    HUANGYAN_RULES,
    HuangyanRules,
    WinSituation,
    reckon,
    score_non_winner,
    score_winner,
)

_SEAT_CHOICES = ["E", "S", "W", "N"]
#: the largest hand total or stack a --totals or --stacks item may give
MAX_POINTS = 10_000_000


def _seat(text: str) -> Wind:
    try:
        return Wind.parse(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _rules(args: argparse.Namespace) -> HuangyanRules:
    items = []
    for item in args.rule or []:
        name, sep, value = item.partition("=")
        if name.strip().replace("-", "_") == "prevailing_wind" and value.strip().lower() not in (
                "", "none", "null"):
            with contextlib.suppress(ValueError):  # accept E/S/W/N and 東 too
                value = Wind.parse(value).name
        items.append(f"{name}{sep}{value}")
    return override(HUANGYAN_RULES, items)


def _add_rule(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--rule", action="append", metavar=pgettext("metavar", "NAME=VALUE"),
                        help=_("change a ruleset field for a what-if (repeatable), e.g. "
                        "limit=500, rounding=down, prevailing_wind=S, liability_payee=normal"))
    parser.add_argument("--json", action="store_true", help=_("print JSON"))


def register(commands: Commands) -> None:
    """Add this variant's subcommands."""
    p = commands.variant_command("score", "huangyan", N_("score a Huangyan Reckoning hand: the "
                                 "winner's 14 tiles with --win-tile, or a non-winner's 13 with "
                                 "--partial"))
    p.add_argument("hand", help=_("e.g. '123m456p789s111z55z' or '123m 55z 789s [777z] [1111p]'"))
    how = p.add_mutually_exclusive_group(required=True)
    how.add_argument("--win-tile", help=_("the winning tile (one of the concealed tiles)"))
    how.add_argument("--partial", action="store_true", help=_("score a non-winner's hand"))
    p.add_argument("--seat", type=_seat, default=Wind.EAST, metavar="E|S|W|N",
                   help=_("the player's seat wind (default E)"))
    p.add_argument("--self-draw", action="store_true", help=_("the winning tile was self-drawn"))
    p.add_argument("--kong-draw", action="store_true",
                   help=_("won on a Kong replacement tile (a self-draw)"))
    p.add_argument("--robbing", action="store_true", help=_("won by Robbing the Kong"))
    p.add_argument("--last-tile", action="store_true",
                   help=_("won on the last live-wall tile (Fisherman's Win when self-drawn)"))
    _add_rule(p)
    p.set_defaults(func=_score)
    p = commands.variant_command("reckon", "huangyan", N_("the four-way reckoning of a won hand: "
                                 "wave one, wave two, liability, stacks"))
    p.add_argument("--dealer", type=_seat, default=Wind.EAST, metavar="E|S|W|N",
                   help=_("the dealer's seat (default E)"))
    p.add_argument("--winner", type=_seat, required=True, metavar="E|S|W|N")
    p.add_argument("--totals", required=True, help=_("every seat's hand total, E=20,S=28,W=6,N=12"))
    p.add_argument("--liable", type=_seat, metavar="E|S|W|N",
                   help=_("the player liable for a Live Tile discard"))
    p.add_argument("--stacks", help=_("table stacks, E=20,S=20,W=20,N=20 (caps the payments)"))
    _add_rule(p)
    p.set_defaults(func=_reckon)


def _score(args: argparse.Namespace) -> int:
    rules = _rules(args)
    hand = parse_hand(args.hand, Variant.HUANGYAN)
    if args.partial:
        flags = [f"--{n.replace('_', '-')}" for n in ("self_draw", "kong_draw", "robbing",
                                                      "last_tile") if getattr(args, n)]
        if flags:
            raise RulesError(f"a non-winner has no winning situation ({', '.join(flags)})")
        sheet = score_non_winner(hand, seat=args.seat, rules=rules)
    else:
        situation = WinSituation(seat=args.seat, self_draw=args.self_draw,
                                 kong_draw=args.kong_draw, robbing_the_kong=args.robbing,
                                 last_tile=args.last_tile)
        sheet = score_winner(hand, parse_tile(args.win_tile, Variant.HUANGYAN), situation,
                             rules=rules)
    return emit(args, sheet.as_dict(), str(sheet))


def _seat_values(text: str, what: str) -> dict[Wind, int]:
    out: dict[Wind, int] = {}
    for position, part in enumerate(text.split(",")):
        key, sep, value = part.partition("=")
        try:
            seat = Wind.parse(key)
            plain = value.strip()  # ASCII digits only: int() also reads '٣' and '1_0'
            number = int(plain) if len(plain) <= 12 and plain.isascii() and plain.lstrip(
                "-").isdigit() else None
        except ValueError:
            number = None
        if number is None:
            raise NotationError(text, None, f"{what} item {position + 1} ({shown(part, 30)}) "
                                "must look like E=20") from None
        if not 0 <= number <= MAX_POINTS:
            raise NotationError(text, None, f"{what} item {position + 1}: {number} is not 0 to "
                                f"{MAX_POINTS:,}")
        if not sep or seat in out:
            raise NotationError(text, None, f"{what}: {shown(part, 30)} is malformed or repeated")
        out[seat] = number
    if len(out) != 4:
        raise NotationError(text, None, f"{what} must give all four seats E, S, W and N")
    return out


def _reckon(args: argparse.Namespace) -> int:
    rules = _rules(args)
    totals = _seat_values(args.totals, "--totals")
    stacks = _seat_values(args.stacks, "--stacks") if args.stacks else None
    result = reckon(winner=args.winner, totals=totals, dealer=args.dealer, liable=args.liable,
                    stacks=stacks, rules=rules)
    return emit(args, result.as_dict(), str(result))
