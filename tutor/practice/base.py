"""What every generated exercise is: a :class:`PracticeItem` (an :class:`Exercise` plus the
fields that define it), and a :class:`Topic` that makes one from a seeded random generator."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from dataclasses import dataclass

from tutor.core.tiles import Tile
from tutor.core.variant import Variant
from tutor.errors import TutorError
from tutor.exercises.model import Exercise
from tutor.i18n import Message, nmessage, shown

__all__ = ["LEVELS", "Draft", "PracticeError", "PracticeItem", "Topic", "plural", "shown",
           "tiles_text"]

LEVELS = (1, 2, 3)


class PracticeError(TutorError, ValueError):
    """An unknown topic, level or game for generated practice."""


def tiles_text(tiles: tuple[Tile, ...] | list[Tile] | frozenset[Tile]) -> str:
    return " ".join(str(t) for t in sorted(tiles)) or Message("none")


#: the counted words of the practice texts, singular and plural (translated when shown)
_PLURALS = {
    "improving tile": lambda n: nmessage("{n} improving tile", "{n} improving tiles", n),
    "joker": lambda n: nmessage("{n} joker", "{n} jokers", n),
    "kind": lambda n: nmessage("{n} kind", "{n} kinds", n),
    "kong": lambda n: nmessage("{n} kong", "{n} kongs", n),
    "pair": lambda n: nmessage("{n} pair", "{n} pairs", n),
    "tile": lambda n: nmessage("{n} tile", "{n} tiles", n),
    "useful draw": lambda n: nmessage("{n} useful draw", "{n} useful draws", n),
    "winning tile": lambda n: nmessage("{n} winning tile", "{n} winning tiles", n),
}


def plural(n: int, word: str) -> str:
    """``3 tiles``, ``1 kong``: a message for the words the practice uses."""
    make = _PLURALS.get(word)
    return make(n) if make is not None else f"{n} {word}{'' if n == 1 else 's'}"


@dataclass(frozen=True)
class Draft:
    """What a generator returns: the exercise without its key, the definition fields for the
    JSON form and the answer in JSON form."""

    exercise: Exercise
    variant: Variant
    fields: dict[str, object]
    answer: object


@dataclass(frozen=True)
class PracticeItem:
    """One generated exercise. ``exercise`` is what the check widget shows; :meth:`as_dict` the
    JSON form of ``tutor practice --json``."""

    topic: str
    level: int
    seed: int
    variant: Variant
    exercise: Exercise
    fields: tuple[tuple[str, object], ...]
    answer: object  # the answer in JSON form

    def as_dict(self) -> dict[str, object]:
        ex = self.exercise
        out: dict[str, object] = {
            "topic": self.topic, "variant": self.variant.value, "level": self.level,
            "seed": self.seed, "title": ex.title, "question": ex.prompt,
        }
        out.update(dict(self.fields))
        out.update({"answer": self.answer, "answer_kind": ex.kind.value,
                    "explanation": ex.explanation, "hint": ex.hint})
        if ex.options:
            out["options"] = list(ex.options)
        return out

    def __repr__(self) -> str:
        return f"generate({self.topic!r}, seed={self.seed}, level={self.level})"


Generator = Callable[[random.Random, int, Variant | None], Draft]


@dataclass(frozen=True)
class Topic:
    """A practice topic: its name, a title, the games it can draw from, what each level
    asks, and its generator."""

    name: str
    title: str
    games: tuple[Variant, ...]
    levels: tuple[str, str, str]  # how level 1, 2 and 3 differ, one phrase each
    generator: Generator

    def make(self, seed: int, level: int, variant: Variant | str | None = None) -> PracticeItem:
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise PracticeError(f"a seed is a whole number from 0 to 2**63 - 1, not "
                                f"{str(seed)[:30]}")
        if level not in LEVELS:
            raise PracticeError(f"level {str(level)[:20]} is not 1, 2 or 3")
        game = None
        if variant is not None:
            game = Variant.parse(variant)
            if game not in self.games:
                raise PracticeError(f"{self.name} is not a {game.title} topic (games: "
                                    f"{', '.join(g.value for g in self.games)})")
        rng = random.Random(f"{self.name}/{level}/{seed}/{game.value if game else 'any'}")
        draft = self.generator(rng, level, game)
        exercise = dataclasses.replace(draft.exercise,
                                       key=f"practice-{self.name}-{level}-{seed}")
        return PracticeItem(self.name, level, seed, draft.variant, exercise,
                            tuple(draft.fields.items()), draft.answer)
