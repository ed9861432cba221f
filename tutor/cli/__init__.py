"""The ``tutor`` command line (also ``python -m tutor``).

Each module of this package registers its subcommands; every analysis takes ``--json``. Bad
input prints one line on stderr and exits with status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from tutor import __version__
from tutor.errors import TutorError

__all__ = ["Commands", "emit", "main"]

_MODULES = ("tutor.cli.core", "tutor.cli.huangyan", "tutor.cli.hangzhou", "tutor.cli.guiyang",
            "tutor.cli.game",
            "tutor.cli.practice")

Handler = Callable[[argparse.Namespace], int]

_GROUP_HELP = {
    "score": "score a hand: tutor score {huangyan,hangzhou} HAND ...",
    "reckon": "the four-way reckoning of a hand: tutor reckon huangyan ...",
    "ledger": "payments across a game of hands: tutor ledger hangzhou FILE",
    "settle": "settle a finished hand: tutor settle guiyang FILE",
}


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # one line, exit 2 (argparse's own convention)
        self.exit(2, f"{self.prog}: error: {message}\n")


class Commands:
    """Where modules add their subcommands."""

    def __init__(self, subparsers: argparse._SubParsersAction[Any]) -> None:
        self._sub = subparsers
        self._variant_groups: dict[str, argparse._SubParsersAction[Any]] = {}

    def command(self, name: str, help: str) -> argparse.ArgumentParser:
        """A top-level command: ``tutor NAME ...``."""
        parser: argparse.ArgumentParser = self._sub.add_parser(name, help=help, description=help)
        return parser

    def variant_command(self, name: str, variant: str, help: str) -> argparse.ArgumentParser:
        """A per-variant command: ``tutor NAME VARIANT ...`` (``tutor score huangyan``)."""
        if name not in self._variant_groups:
            group = self._sub.add_parser(name, help=_GROUP_HELP.get(name, f"{name} (per variant)"))
            self._variant_groups[name] = group.add_subparsers(dest="variant", metavar="VARIANT",
                                                              required=True,
                                                              parser_class=_Parser)
        parser: argparse.ArgumentParser = self._variant_groups[name].add_parser(
            variant, help=help, description=help)
        return parser


def emit(args: argparse.Namespace, data: Any, text: str) -> int:
    """Print ``data`` as JSON when ``--json`` was given, else ``text``; return exit status 0."""
    if getattr(args, "json", False):
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print(text)
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="tutor", description="Mahjong Tutor: hands, waits, scoring and "
                     "settlement for Huangyan Reckoning, Hangzhou and Guiyang Chicken mahjong.")
    parser.add_argument("--version", action="version", version=f"tutor {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True,
                                parser_class=_Parser)
    commands = Commands(sub)
    for name in _MODULES:
        importlib.import_module(name).register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler: Handler = args.func
    try:
        return handler(args)
    except (TutorError, ValueError, OSError) as exc:
        message = str(exc).replace("\n", " ")
        print(f"tutor {args.command}: error: {message}", file=sys.stderr)
        return 2
