"""The ``tutor`` command line (also ``python -m tutor``).

Every analysis takes ``--json``. Bad input prints one line on stderr and exits with status 2,
never a traceback.

``--lang zh`` (or ``TUTOR_LANG=zh``) is read from the command line before the parser is built
(:func:`chosen_language`), so the help is made in that language: every help text goes through
the catalog, and argparse's own words (``usage:``, the section titles, ``-h``'s help, its error
messages) are translated by :class:`_Parser` and its formatter rather than by patching argparse.
The JSON output is the same in every language.

The commands are listed once, in :data:`COMMANDS`: name, variant (for ``tutor NAME VARIANT``
commands such as ``tutor score huangyan``), the module of this package that defines it, and the
one-line help that ``tutor --help`` shows. A module is imported only when one of its commands
runs, so ``tutor waits`` never loads the game engine and ``tutor --help`` loads no module at all.

To add a command: write ``tutor/cli/NAME.py`` with a ``register(commands)`` function that calls
``commands.command("NAME", help)`` (or ``commands.variant_command("NAME", "VARIANT", help)``),
adds its arguments and sets ``func`` (``parser.set_defaults(func=handler)``; the handler takes
the parsed arguments and returns the exit status), then add one line to :data:`COMMANDS`. A
test checks that the table and the modules agree.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Callable, Sequence

from tutor import __version__
from tutor.errors import TutorError
from tutor.i18n import C_, N_, _, columns, pgettext

TYPE_CHECKING = False  # typing is not imported at run time: it costs every start
if TYPE_CHECKING:
    from typing import Any

__all__ = ["COMMANDS", "MAX_ARGUMENT", "Command", "Commands", "argparse_message", "build_parser",
           "chosen_language", "count", "emit", "error_line", "main"]

Handler = Callable[[argparse.Namespace], int]  # (a run-time alias: no typing needed)


class Command:
    """One subcommand: ``tutor name [variant] ...``, defined in ``tutor.cli.<module>``."""

    __slots__ = ("help", "module", "name", "variant")

    def __init__(self, name: str, variant: str | None, module: str, help: str) -> None:
        self.name = name
        self.variant = variant
        self.module = module
        self.help = help

    def __repr__(self) -> str:
        return f"Command({self.name!r}, {self.variant!r}, {self.module!r}, {self.help!r})"


COMMANDS: tuple[Command, ...] = (
    Command("waits", None, "core", N_("what a 13-tile hand waits on, with copies left")),
    Command("shanten", None, "core", N_("how many tiles a 13- or 14-tile hand is from ready")),
    Command("efficiency", None, "core", N_("for each discard of a 14-tile hand: shanten after it "
            "and the tiles that improve it")),
    Command("score", "huangyan", "huangyan", N_("score a Huangyan Reckoning hand: the winner's 14 "
            "tiles with --win-tile, or a non-winner's 13 with --partial")),
    Command("reckon", "huangyan", "huangyan", N_("the four-way reckoning of a won hand: wave one, "
            "wave two, liability, stacks")),
    Command("score", "hangzhou", "hangzhou", N_("score a self-drawn Hangzhou win: multipliers, "
            "product and payments")),
    Command("ledger", "hangzhou", "hangzhou", N_("replay a Hangzhou game file: every payment, the "
            "dealer's deferred tally, the scores")),
    Command("settle", "guiyang", "guiyang", N_("settle a finished Guiyang Chicken hand described "
            "in a JSON file (schema: tutor.variants.guiyang.handfile)")),
    Command("simulate", None, "game", N_("play seeded hands with bots and summarise them")),
    Command("replay", None, "game", N_("replay a recorded hand move by move")),
    Command("duel", None, "game", N_("duplicate matches between two bots: the same deals, seats "
            "rotated; points per hand with a 95 percent interval")),
    Command("practice", None, "practice", N_("a fresh exercise on a topic, at a level, from a "
            "random seed: answer it here or print it as JSON")),
    Command("lab", None, "lab", N_("copy the course notebooks into a folder and open them in "
            "JupyterLab (never overwrites a notebook you edited)")),
    Command("classroom", None, "classroom", N_("serve the apps to a class on the local network "
            "(Voila), with a warm kernel waiting for every student")),
    Command("review", None, "review", N_("a coach's review of one seat's decisions in a saved "
                                         "hand")),
)

_GROUP_HELP = {
    "score": N_("score a hand: tutor score {huangyan,hangzhou} HAND ..."),
    "reckon": N_("the four-way reckoning of a hand: tutor reckon huangyan ..."),
    "ledger": N_("payments across a game of hands: tutor ledger hangzhou FILE"),
    "settle": N_("settle a finished hand: tutor settle guiyang FILE"),
}


#: the most characters one command-line argument may have (a hand is a few dozen, a path at
#: most 4,096): checked before any argument is read, so a huge one is refused at once
MAX_ARGUMENT = 4_096

#: the longest error line the command prints (the message is cut, never the quoted input only)
MAX_ERROR = 240


def _one_line(message: str) -> str:
    message = " ".join(message.split())
    return message if len(message) <= MAX_ERROR else message[:MAX_ERROR - 3] + "..."


def error_line(prog: str, message: str) -> str:
    """``tutor waits: error: MESSAGE`` (in Chinese ``tutor waits：错误：MESSAGE``), one line."""
    return _one_line(_("{prog}: error: {message}").format(prog=prog, message=message))


#: argparse's own messages (made in English by argparse), in the current language: the pattern
#: and its message; the groups are command-line words, kept as they are
_ARGPARSE = (
    (r"the following arguments are required: (?P<args>.*)",
     N_("the following arguments are required: {args}")),
    (r"argument (?P<arg>\S+): invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)",
     N_("argument {arg}: invalid choice: {value} (choose from {choices})")),
    (r"invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)",
     N_("invalid choice: {value} (choose from {choices})")),
    (r"unrecognized arguments: (?P<args>.*)", N_("unrecognized arguments: {args}")),
    (r"argument (?P<arg>\S+): expected one argument",
     N_("argument {arg}: expected one argument")),
    (r"argument (?P<arg>\S+): expected at most one argument",
     N_("argument {arg}: expected at most one argument")),
    (r"argument (?P<arg>\S+): ignored explicit argument (?P<value>.*)",
     N_("argument {arg}: ignored explicit argument {value}")),
    (r"argument (?P<arg>\S+): not allowed with argument (?P<other>\S+)",
     N_("argument {arg}: not allowed with argument {other}")),
    (r"one of the arguments (?P<args>.*) is required",
     N_("one of the arguments {args} is required")),
    (r"argument (?P<arg>\S+): invalid \S+ value: (?P<value>.*)",
     N_("argument {arg}: invalid value: {value}")),
    (r"ambiguous option: (?P<option>\S+) could match (?P<matches>.*)",
     N_("ambiguous option: {option} could match {matches}")),
    (r"argument (?P<arg>\S+): (?P<problem>.*)", N_("argument {arg}: {problem}")),
)


def argparse_message(message: str) -> str:
    """One of argparse's error messages in the current language (unknown ones unchanged)."""
    import re

    for pattern, text in _ARGPARSE:
        found = re.fullmatch(pattern, message, re.DOTALL)
        if found:
            return _(text).format(**found.groupdict())
    return message


#: the names argparse gives an option's value (``--hands HANDS``), in the current language
_METAVARS = (C_("metavar", "BOTS"), C_("metavar", "CERTFILE"), C_("metavar", "CODE"),
             C_("metavar", "DEALS"), C_("metavar", "DRAWN"), C_("metavar", "EXECUTOR"),
             C_("metavar", "FOLDER"), C_("metavar", "HANDS"), C_("metavar", "IP"),
             C_("metavar", "KEYFILE"), C_("metavar", "LEVEL"), C_("metavar", "PORT"),
             C_("metavar", "SEED"), C_("metavar", "SESSIONS"), C_("metavar", "SPARE"),
             C_("metavar", "STACKS"), C_("metavar", "STUDENTS"), C_("metavar", "TOTALS"),
             C_("metavar", "VARIANT"), C_("metavar", "WIN_TILE"), C_("metavar", "WORKERS"),
             C_("metavar", "app"), C_("metavar", "dir"), C_("metavar", "file"))


class _Formatter(argparse.HelpFormatter):
    """argparse's help, its own words (``usage:``, an option's value) in the current language."""

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: Any = None) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)

    def _split_lines(self, text: str, width: int) -> list[str]:
        """Lines of at most ``width`` columns: Chinese text, which has no spaces to break at,
        is broken between its characters (each two columns wide), never inside a word of
        Latin letters or a tile notation, nor before a closing punctuation mark."""
        from tutor.i18n import language

        if text.isascii() or language() == "en":  # English: argparse's own wrapping
            lines: list[str] = super()._split_lines(text, width)
            return lines
        import re

        lines, line, used = [], "", 0
        for token in re.findall(r"'[^']*'|[\x21-\x7e]+|\s+|.", " ".join(text.split())):
            size = columns(token)
            if used + size > width and line.strip() and token not in "，。；：）、":
                lines.append(line.rstrip())
                line, used = "", 0
                if token.isspace():
                    continue
            line, used = line + token, used + size
        return [*lines, line.rstrip()] if line.strip() else lines

    def _format_action(self, action: argparse.Action) -> str:
        """An option's line, its help aligned by terminal columns (argparse counts characters,
        and a Chinese value name such as ``局数`` takes two columns a character)."""
        text: str = super()._format_action(action)
        invocation = self._format_action_invocation(action)
        if invocation.isascii():
            return text
        first, newline, rest = text.partition("\n")
        lead, found, after = first.partition(invocation)
        if not found or not after.strip():  # its help already starts on the next line
            return text
        column = min(self._action_max_length + 2, self._max_help_position)
        used = columns(lead + invocation)
        if used + 2 <= column:
            first = lead + invocation + " " * (column - used) + after.lstrip(" ")
        else:  # too wide once counted in columns: the help goes on the next line
            first = lead + invocation + "\n" + " " * column + after.lstrip(" ")
        return first + newline + rest

    def format_help(self) -> str:
        """The help; a section title in Chinese ends with a full-width colon (选项：)."""
        text: str = super().format_help()
        for title in (_("positional arguments"), _("options")):
            if not title.isascii():
                text = text.replace(f"\n{title}:\n", f"\n{title}：\n")
        return text

    def _get_default_metavar_for_optional(self, action: argparse.Action) -> str:
        return pgettext("metavar", action.dest.upper())

    def _get_default_metavar_for_positional(self, action: argparse.Action) -> str:
        return pgettext("metavar", action.dest)


class _Parser(argparse.ArgumentParser):
    """argparse's parser speaking the current language: its section titles, ``-h``'s help and
    its error messages translated (argparse makes them in English), one error line."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                          help=_("show this help message and exit"))

    def error(self, message: str) -> Any:  # one line, exit 2 (argparse's own convention)
        self.exit(2, error_line(self.prog, argparse_message(message)) + "\n")


class Commands:
    """Where modules add their subcommands."""

    def __init__(self, subparsers: argparse._SubParsersAction[Any]) -> None:
        self._sub = subparsers
        self._variant_groups: dict[str, argparse._SubParsersAction[Any]] = {}
        self.made: set[tuple[str, str | None]] = set()

    def command(self, name: str, help: str) -> argparse.ArgumentParser:
        """A top-level command: ``tutor NAME ...``."""
        self.made.add((name, None))
        help = _(help)
        parser: argparse.ArgumentParser = self._sub.add_parser(name, help=help, description=help)
        _add_lang(parser)
        return parser

    def variant_command(self, name: str, variant: str, help: str) -> argparse.ArgumentParser:
        """A per-variant command: ``tutor NAME VARIANT ...`` (``tutor score huangyan``)."""
        if name not in self._variant_groups:
            group = self._sub.add_parser(name, help=_(_GROUP_HELP[name]) if name in _GROUP_HELP
                                         else f"{name} (per variant)")
            self._variant_groups[name] = group.add_subparsers(dest="variant",
                                                              metavar=pgettext("metavar",
                                                                               "VARIANT"),
                                                              required=True,
                                                              parser_class=_Parser)
        self.made.add((name, variant))
        help = _(help)
        parser: argparse.ArgumentParser = self._variant_groups[name].add_parser(
            variant, help=help, description=help)
        _add_lang(parser)
        return parser


_LANG_HELP = N_("the language of the human output and the help: en (English) or zh (简体中文); "
                "default the environment's TUTOR_LANG, or en. JSON output is the same in both")


def _add_lang(parser: argparse.ArgumentParser, default: object = argparse.SUPPRESS) -> None:
    """``--lang`` before the command (``tutor --lang zh score ...``) or after it."""
    parser.add_argument("--lang", metavar="en|zh", default=default, help=_(_LANG_HELP))


def count(low: int, high: int | Callable[[], int]) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (a number, or a function
    giving it), refused with a short message (a huge number of digits is never converted)."""
    def read(text: str) -> int:
        top = high() if callable(high) else high
        shown = text if len(text) <= 24 else f"{text[:20]}..."
        digits = text.strip().lstrip("+-")
        if len(text) > 40 and digits.isascii() and digits.isdigit():
            raise argparse.ArgumentTypeError(f"must be {low:,} to {top:,}, not a number of "
                                             f"{len(digits):,} digits")
        plain = text.strip()  # one sign and ASCII digits: not 1_000, not other scripts' digits
        sign = 1 if plain[:1] in "+-" else 0
        ok = len(text) <= 40 and plain[sign:].isascii() and plain[sign:].isdigit()
        value = int(plain) if ok else None
        if value is None:
            raise argparse.ArgumentTypeError(f"expected a whole number, not {shown!r}")
        if not low <= value <= top:
            raise argparse.ArgumentTypeError(f"must be {low:,} to {top:,}, not {shown}")
        return value
    return read


def emit(args: argparse.Namespace, data: Any, text: str) -> int:
    """Print ``data`` as JSON when ``--json`` was given, else ``text``; return exit status 0."""
    if getattr(args, "json", False):
        import json

        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        print(text)
    return 0


def _wanted(argv: Sequence[str]) -> set[str]:
    """The modules the command line names: the first word is the command, and for a
    per-variant command the second is the variant. None for ``--help`` or an unknown word."""
    words = [a for i, a in enumerate(argv) if not a.startswith("-")
             and (i == 0 or argv[i - 1] != "--lang")]  # ``--lang zh``: zh is no command
    if not words:
        return set()
    first = [c for c in COMMANDS if c.name == words[0]]
    if len(words) > 1 and any(c.variant for c in first):
        first = [c for c in first if c.variant == words[1]]
    elif any(c.variant for c in first):
        return set()  # ``tutor score --help``: the group's list needs no module
    return {c.module for c in first}


def build_parser(modules: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser, with the full arguments of the commands of ``modules`` (default: every
    module) and, for every other command, only its name and help."""
    parser = _Parser(prog="tutor", description=_(
        "Mahjong Tutor: hands, waits, scoring and settlement for Huangyan Reckoning, Hangzhou "
        "and Guiyang Chicken mahjong."))
    parser.add_argument("--version", action="version", version=f"tutor {__version__}",
                        help=_("show program's version number and exit"))
    _add_lang(parser, None)
    sub = parser.add_subparsers(dest="command", metavar=pgettext("metavar", "COMMAND"),
                                required=True, parser_class=_Parser)
    commands = Commands(sub)
    load = {c.module for c in COMMANDS} if modules is None else set(modules)
    loaded = set()
    for command in COMMANDS:  # in the table's order, so --help lists them so
        if command.module in load and command.module not in loaded:
            loaded.add(command.module)
            importlib.import_module(f"tutor.cli.{command.module}").register(commands)
        if (command.name, command.variant) in commands.made:
            continue
        if command.variant is None:
            commands.command(command.name, command.help)
        else:
            commands.variant_command(command.name, command.variant, command.help)
    return parser


def chosen_language(argv: Sequence[str]) -> str | None:
    """The language the command line asks for (``--lang zh`` or ``--lang=zh``, anywhere on it;
    the last one wins), read before the parser is built so that its help is in that language;
    None when it names none (the environment's ``TUTOR_LANG`` then, as :mod:`tutor.i18n` reads
    it)."""
    found = None
    for i, word in enumerate(argv):
        if word == "--":
            break
        if word == "--lang" and i + 1 < len(argv):
            found = argv[i + 1]
        elif word.startswith("--lang="):
            found = word.partition("=")[2]
    return found


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    from tutor.i18n import LanguageError, language, using_language

    asked = chosen_language(argv)
    try:  # the language of this command only (main may be called again in the same process)
        with using_language(language() if asked is None else asked):
            return _main(argv)
    except LanguageError as exc:
        command = next((a for a in argv if not a.startswith("-") and a != asked), None)
        print(error_line(f"tutor {command}" if command else "tutor", _message(exc)),
              file=sys.stderr)
        return 2


def _main(argv: list[str]) -> int:
    long = next((a for a in argv if len(a) > MAX_ARGUMENT), None)
    if long is not None:
        command = argv[0] if argv[0] is not long and argv[0].isidentifier() else "command"
        print(error_line(f"tutor {command}", _(
            "an argument of {length} characters (at most {most}): {start}...").format(
                length=f"{len(long):,}", most=f"{MAX_ARGUMENT:,}", start=repr(long[:20]))),
            file=sys.stderr)
        return 2
    parser = build_parser(sorted(_wanted(argv)))
    if not hasattr(parser.parse_known_args(argv)[0], "func"):
        parser = build_parser()  # a command line _wanted misread: read it with every module
    args = parser.parse_args(argv)
    handler: Handler = args.func
    if args.lang is not None:
        from tutor.i18n import language

        args.lang = language()
    return _run(handler, args)


def _message(exc: BaseException) -> str:
    """An error's message in the current language (a :class:`~tutor.i18n.Message` given to
    the error is translated; any other text is the engine's own, shown as it is)."""
    from tutor.i18n import Message, localize

    first = exc.args[0] if len(exc.args) == 1 else None
    return localize(first) if isinstance(first, Message) else str(exc)


def _run(handler: Handler, args: argparse.Namespace) -> int:
    try:
        status = handler(args)
        sys.stdout.flush()
        return status
    except BrokenPipeError:  # the reader stopped early (``tutor ... | head -1``): not an error
        _quiet_stdout()
        return 0
    except (TutorError, ValueError, OSError) as exc:
        print(error_line(f"tutor {args.command}", _message(exc)), file=sys.stderr)
        return 2


def _quiet_stdout() -> None:
    """Point stdout at the null device, so the interpreter's own flush at exit finds no
    broken pipe to complain about."""
    import contextlib
    import os

    # no real stdout (captured in a test): nothing to silence
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
