"""``tutor waits``, ``tutor shanten``, ``tutor efficiency``: hand analysis for any variant."""

from __future__ import annotations

import argparse

from tutor.cli import Commands, emit
from tutor.core.notation import parse_hand, parse_tiles
from tutor.core.variant import Variant
from tutor.core.waits import efficiency, shanten, useful_tiles, waits
from tutor.errors import InputError
from tutor.i18n import N_, Message, _, pgettext


def _common(parser: argparse.ArgumentParser, what: str) -> None:
    parser.add_argument("hand", metavar=pgettext("metavar", "hand"), help=_(
        "{what} in MPSZ/CJK/Unicode notation, e.g. '123m456p789s1122z' or "
        "'45m 56p 777s 南南南 中中 + 白'").format(what=_(what)))
    parser.add_argument("--variant", default="huangyan", choices=[v.value for v in Variant],
                        help=_("which game's tiles and shapes (default huangyan)"))
    parser.add_argument("--json", action="store_true", help=_("print JSON"))


def register(commands: Commands) -> None:
    p = commands.command("waits", N_("what a 13-tile hand waits on, with copies left"))
    _common(p, N_("a 13-tile hand"))
    p.add_argument("--visible", default="", metavar=pgettext("metavar", "VISIBLE"),
                   help=_("other tiles you have seen (discards), for the copies left"))
    p.add_argument("--strict-jokers", action="store_true",
                   help=_("Hangzhou: a joker may not stand for a fifth copy of a kind (the "
                   "option joker_fifth_copy=false; by default it may)"))
    p.set_defaults(func=_waits)
    p = commands.command("shanten", N_("how many tiles a 13- or 14-tile hand is from ready"))
    _common(p, N_("a 13- or 14-tile hand"))
    p.set_defaults(func=_shanten)
    p = commands.command("efficiency", N_("for each discard of a 14-tile hand: shanten after it "
                         "and the tiles that improve it"))
    _common(p, N_("a 14-tile hand"))
    p.add_argument("--visible", default="", metavar=pgettext("metavar", "VISIBLE"),
                   help=_("other tiles you have seen"))
    p.set_defaults(func=_efficiency)


def _waits(args: argparse.Namespace) -> int:
    variant = Variant.parse(args.variant)
    hand = parse_hand(args.hand, variant)
    visible = parse_tiles(args.visible, variant) if args.visible.strip() else ()
    if args.strict_jokers and variant is not Variant.HANGZHOU:
        raise InputError(Message("--strict-jokers is a Hangzhou option (only Hangzhou has "
                                 "jokers)"))
    result = waits(hand, variant, visible, joker_fifth_copy=not args.strict_jokers)
    return emit(args, result.as_dict(), str(result))  # in the current language


def _shanten(args: argparse.Namespace) -> int:
    variant = Variant.parse(args.variant)
    hand = parse_hand(args.hand, variant)
    value = shanten(hand, variant)
    data: dict[str, object] = {"variant": variant.value, "hand": str(hand), "shanten": value}
    text = _("{hand}: shanten {n}").format(hand=hand, n=value)
    if hand.size == 13:
        useful = useful_tiles(hand, variant)
        data["useful"] = [str(t) for t in useful]
        text += _(" (improved by {tiles})").format(
            tiles=" ".join(str(t) for t in useful) or _("nothing"))
    elif value < 0:
        text += _(" (complete)")
    return emit(args, data, text)


def _efficiency(args: argparse.Namespace) -> int:
    variant = Variant.parse(args.variant)
    hand = parse_hand(args.hand, variant)
    visible = parse_tiles(args.visible, variant) if args.visible.strip() else ()
    result = efficiency(hand, variant, visible)
    return emit(args, result.as_dict(), str(result))
