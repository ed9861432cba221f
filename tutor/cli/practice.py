"""``tutor practice TOPIC``: one generated exercise, asked in the terminal or printed as JSON.

Without ``--json`` the question is asked; a wrong answer earns a hint and another try (three in
all), then the worked answer. Type ``hint`` for the hint, ``answer`` to see the worked answer.
The exit status is 0 for a right answer, 1 otherwise; end of input or Ctrl-C ends quietly.
"""

from __future__ import annotations

import argparse
import json
import random
import sys

from tutor.cli import Commands, count
from tutor.core.notation import parse_hand, parse_tiles
from tutor.exercises.attempt import MAX_TRIES, Attempt
from tutor.exercises.model import AnswerKind, Exercise
from tutor.i18n import _, comma, localize, ngettext, pgettext
from tutor.practice import TOPICS, generate

__all__ = ["register"]


def register(commands: Commands) -> None:
    topics = ", ".join(TOPICS)
    p = commands.command("practice", _("a generated exercise: asked here, or printed with --json "
                                       "(topics: {topics})").format(topics=topics))
    p.add_argument("topic", choices=list(TOPICS), metavar=pgettext("metavar", "TOPIC"),
                   help=_("one of: {topics}").format(topics=topics))
    p.add_argument("--seed", type=count(-2**63, 2**63 - 1), default=None,
                   help=_("the same seed always gives the same exercise (default: a fresh one, "
                   "printed so it can be asked again)"))
    p.add_argument("--level", type=count(1, 3), default=1,
                   help=_("1 easy, 2 medium, 3 hard (default 1)"))
    p.add_argument("--variant", choices=("huangyan", "hangzhou", "guiyang"),
                   help=_("the game, for topics that have several (waits, shanten, discard)"))
    p.add_argument("--json", action="store_true",
                   help=_("print the exercise, its answer and explanation as JSON"))
    p.set_defaults(func=_practice)


def _tiles_line(text: str, variant: str | None, hand: bool) -> str:
    """Notation with the tiles' Unicode glyphs beside it, for the terminal."""
    tiles = parse_hand(text, variant).tiles if hand else parse_tiles(text, variant)
    glyphs = "".join(t.glyph for t in tiles)
    return f"{text}   {glyphs}" if glyphs else text


def _show(ex: Exercise, seed: int, level: int, topic: str) -> None:
    print(_("{title} ({topic}, level {level}, seed {seed})").format(
        title=localize(ex.title), topic=topic, level=level, seed=seed))
    print(localize(ex.prompt))
    if ex.hand is not None:
        drawn = _("   (drawn: {tile})").format(tile=ex.drawn) if ex.drawn else ""
        print("  " + _("hand: {tiles}").format(tiles=_tiles_line(ex.hand, ex.variant, True))
              + drawn)
    for figure in ex.figures:
        line = _tiles_line(figure.tiles, ex.variant, figure.hand) if figure.tiles else "-"
        print(f"  {localize(figure.label)} {line}")
    if ex.options:
        print("  " + _("choose: {options}").format(
            options=comma().join(localize(o) for o in ex.options)))
    if ex.kind is AnswerKind.SEAT_NUMBERS:
        print("  " + _("answer like: {example}").format(example="E+10 S-5 W-3 N-2"))


def _ask(ex: Exercise) -> int:
    attempt = Attempt(ex)
    while True:
        left = MAX_TRIES - attempt.tries
        try:
            text = input(ngettext("Your answer ({n} try left; 'hint' or 'answer'): ",
                                  "Your answer ({n} tries left; 'hint' or 'answer'): ",
                                  left).format(n=left))
        except EOFError:
            print()
            print(localize(ex.worked_answer()))
            return 1
        word = text.strip().lower()
        if word in ("hint", "提示"):
            print(_("Hint: {hint}").format(hint=localize(ex.hint)))
            continue
        if word in ("answer", "show", "?", "答案"):
            print(localize(attempt.reveal()))
            return 1
        feedback = attempt.submit(text)
        print(localize(feedback.message))
        if feedback.right:
            return 0
        if attempt.revealed:
            print(localize(ex.worked_answer()))
            return 1


def _practice(args: argparse.Namespace) -> int:
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    item = generate(args.topic, seed=seed, level=args.level, variant=args.variant)
    if args.json:
        print(json.dumps(item.as_dict(), ensure_ascii=False, indent=2))
        return 0
    _show(item.exercise, seed, args.level, item.topic)
    try:
        return _ask(item.exercise)
    except KeyboardInterrupt:
        print("\n" + _("interrupted"), file=sys.stderr)
        return 130
