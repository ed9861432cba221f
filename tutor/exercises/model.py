"""The exercise model: a question, its answer kind, the answer and why."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

from tutor.core.notation import parse_tiles
from tutor.core.tiles import Tile, Wind
from tutor.errors import NotationError

__all__ = ["AnswerKind", "Exercise", "Feedback"]


class AnswerKind(Enum):
    """How a response is read."""

    TILES = "tiles"  # a set of tile kinds, in any notation ("3m 6m 4p" or "36m4p")
    NUMBER = "number"  # a whole number
    SEAT = "seat"  # E, S, W or N
    CHOICE = "choice"  # one of the listed options


@dataclass(frozen=True)
class Feedback:
    """The verdict on one response."""

    right: bool
    message: str
    readable: bool = True  # False: the response could not be read at all

    def __str__(self) -> str:
        return self.message


def _tiles_text(tiles: frozenset[Tile]) -> str:
    return " ".join(str(t) for t in sorted(tiles)) or "none"


@dataclass(frozen=True)
class Exercise:
    """One question with its answer, computed by the engine, and a worked explanation."""

    key: str
    prompt: str
    kind: AnswerKind
    answer: object
    explanation: str
    options: tuple[str, ...] = field(default=())
    variant: str | None = None
    hand: str | None = None  # a hand to show with the question, in notation

    def check(self, response: str) -> Feedback:
        """Read ``response`` and judge it; an unreadable response is explained, never raised."""
        text = response.strip()
        if not text:
            return Feedback(False, "Type an answer first.", readable=False)
        try:
            given = self._read(text)
        except ValueError as exc:
            return Feedback(False, f"Could not read {text!r}: {exc}", readable=False)
        if given == self.answer:
            return Feedback(True, f"Right. {self.explanation}")
        return Feedback(False, f"Not quite: you said {self._show(given)}, the answer is "
                               f"{self._show(self.answer)}. {self.explanation}")

    def _read(self, text: str) -> object:
        if self.kind is AnswerKind.TILES:
            if text.lower() in ("none", "nothing", "-"):
                return frozenset()
            try:
                return frozenset(parse_tiles(text, self.variant))
            except NotationError as exc:
                raise ValueError(exc.problem) from None
        if self.kind is AnswerKind.NUMBER:
            try:
                return int(text.replace("+", ""))
            except ValueError:
                raise ValueError("expected a whole number") from None
        if self.kind is AnswerKind.SEAT:
            return Wind.parse(text)
        for option in self.options:
            if text.lower() == option.lower():
                return option
        raise ValueError("choose one of: " + ", ".join(self.options))

    def _show(self, value: object) -> str:
        if isinstance(value, frozenset):
            return _tiles_text(value)
        if isinstance(value, Wind):
            return value.name.title()
        return str(value)

    def worked_answer(self) -> str:
        """The answer and the reasoning, as the notebooks print it."""
        return f"Answer: {self._show(self.answer)}. {self.explanation}"

    def __repr__(self) -> str:
        return f"<Exercise {self.key}: {self.kind.value}>"
