"""``tutor settle guiyang FILE.json``: settle one finished Guiyang Chicken hand."""

from __future__ import annotations

import argparse

from tutor.cli import Commands, emit
from tutor.i18n import N_, _, pgettext
from tutor.rulesets import override
from tutor.variants.guiyang import PRESETS, load_hand, settle


def register(commands: Commands) -> None:
    """Add this variant's subcommands."""
    p = commands.variant_command(
        "settle", "guiyang", N_("settle a finished Guiyang Chicken hand described in a JSON file "
        "(schema: tutor.variants.guiyang.handfile)"))
    p.add_argument("file", metavar=pgettext("metavar", "FILE.json"), help=_("the hand description"))
    p.add_argument("--table", choices=sorted(PRESETS), default="original",
                   help=_("pattern table: the original rule text's (default) or the common app "
                          "table"))
    p.add_argument("--rule", action="append", default=[], metavar=pgettext("metavar", "NAME=VALUE"),
                   help=_("override a GuiyangRules field, e.g. --rule seven_pairs=10 "
                          "(repeatable)"))
    p.add_argument("--json", action="store_true", help=_("print JSON"))
    p.set_defaults(func=_settle)


def _settle(args: argparse.Namespace) -> int:
    rules = override(PRESETS[args.table], args.rule)
    result = settle(load_hand(args.file), rules)
    return emit(args, result.as_dict(), str(result))
