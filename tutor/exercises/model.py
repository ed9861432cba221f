"""The exercise model: a question, its answer kind, the answer, a hint and the worked answer.

:meth:`Exercise.check` judges one response without giving the answer away: a wrong response is
told what is wrong with it (which of the tiles named are right, which seats' nets are off), never
what the answer is. The worked answer is :meth:`Exercise.worked_answer`; when to show it is the
business of :class:`tutor.exercises.attempt.Attempt` (hint first, answer on request or after
three tries).
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

from tutor.core.notation import parse_tiles
from tutor.core.tiles import Tile, Wind
from tutor.errors import InputError, NotationError
from tutor.i18n import Message, _, comma, join, localize, nmessage
from tutor.ledger import seat_name

__all__ = ["AnswerKind", "Exercise", "Feedback", "Figure"]


class AnswerKind(Enum):
    """How a response is read."""

    TILES = "tiles"  # a set of tile kinds, in any notation ("3m 6m 4p" or "36m4p")
    NUMBER = "number"  # a whole number
    SEAT = "seat"  # E, S, W or N
    CHOICE = "choice"  # one of the listed options
    SEAT_NUMBERS = "seat numbers"  # a whole number for each seat: "E+60 S-1 W-34 N-25"


@dataclass(frozen=True)
class Feedback:
    """The verdict on one response."""

    right: bool
    message: str
    readable: bool = True  # False: the response could not be read at all

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True)
class Figure:
    """Tiles drawn with a question: a label and tiles in notation (``hand``: read as a hand,
    melds included; ``drawn``: one of its tiles set apart, as a winning tile)."""

    label: str
    tiles: str
    hand: bool = False
    drawn: str | None = None


def _tiles_text(tiles: frozenset[Tile]) -> str:
    return " ".join(str(t) for t in sorted(tiles)) or Message("none")


_SEAT_ITEM = re.compile(r"(east|south|west|north|[ESWN東南西北])\s*[=:]?\s*([+-]?\d{1,9})",
                        re.IGNORECASE)
_NUMBER = re.compile(r"[+-]?\d{1,9}")
_MAX_RESPONSE = 200  # characters: an answer box is not a file


def _seat_numbers(text: str) -> dict[Wind, int]:
    """``"E+60 S-1 W-34 N-25"``, ``"E=60, S=-1, ..."`` or four numbers in seat order."""
    items = _SEAT_ITEM.findall(text)
    if items:
        rest = _SEAT_ITEM.sub(" ", text).replace(",", " ").replace(";", " ").strip()
        if rest:
            raise InputError(_("unexpected {text}; write E+60 S-1 W-34 N-25").format(
                text=repr(rest[:20])))
        out: dict[Wind, int] = {}
        for seat_text, number in items:
            seat = Wind.parse(seat_text)
            if seat in out:
                raise InputError(_("{seat} is given twice").format(
                    seat=localize(seat_name(seat))))
            out[seat] = int(number)
        if len(out) != 4:
            missing = comma().join(localize(seat_name(s)) for s in Wind if s not in out)
            raise InputError(_("give a number for every seat (missing: {seats})").format(
                seats=missing))
        return out
    numbers = text.replace(",", " ").replace(";", " ").split()
    if len(numbers) != 4 or not all(_NUMBER.fullmatch(n) for n in numbers):
        raise InputError(_("give four whole numbers, East South West North, e.g. "
                           "E+60 S-1 W-34 N-25"))
    return {seat: int(n) for seat, n in zip(Wind, numbers, strict=True)}


@dataclass(frozen=True)
class Exercise:
    """One question with its answer, computed by the engine, a hint and a worked explanation.

    ``title`` is a short name shown above the question; ``hint`` says what to look at (never the
    answer); ``hand`` a hand to draw with the question (``drawn``: its winning tile, set apart);
    ``figures`` more tiles to draw (discards, a revealed tile).
    """

    key: str
    prompt: str
    kind: AnswerKind
    answer: object
    explanation: str
    options: tuple[str, ...] = field(default=())
    variant: str | None = None
    hand: str | None = None  # a hand to show with the question, in notation
    title: str = ""
    hint: str = ""
    drawn: str | None = None
    figures: tuple[Figure, ...] = field(default=())

    def check(self, response: str) -> Feedback:
        """Read ``response`` and judge it; an unreadable response is explained, never raised.

        A wrong answer is told what is wrong with it, never what the answer is."""
        text = response.strip()
        if not text:
            return Feedback(False, _("Type an answer first."), readable=False)
        if len(text) > _MAX_RESPONSE:
            return Feedback(False, _("That answer is too long ({n} characters).").format(
                n=len(text)), readable=False)
        try:
            given = self.read(text)
        except ValueError as exc:
            return Feedback(False, _("Could not read {text}: {error}").format(
                text=repr(text[:40]), error=exc), readable=False)
        if self.is_right(given):
            return Feedback(True, _("Right. {explanation}").format(
                explanation=localize(self.explanation)))
        return Feedback(False, _("Not quite. {what}").format(what=localize(self.nudge(given))))

    def is_right(self, given: object) -> bool:
        return given == self.answer

    def read(self, text: str) -> object:
        """The response as a value comparable with :attr:`answer` (ValueError if unreadable)."""
        if self.kind is AnswerKind.TILES:
            if text.lower() in ("none", "nothing", "-", "无", "没有"):
                return frozenset()
            try:
                return frozenset(parse_tiles(text, self.variant))
            except NotationError as exc:
                raise InputError(exc.problem) from None
        if self.kind is AnswerKind.NUMBER:
            if not _NUMBER.fullmatch(text):
                raise InputError(_("expected a whole number"))
            return int(text.replace("+", ""))
        if self.kind is AnswerKind.SEAT:
            return Wind.parse(text)
        if self.kind is AnswerKind.SEAT_NUMBERS:
            return _seat_numbers(text)
        for option in self.options:
            if text.lower() == option.lower():
                return option
        raise InputError(_("choose one of: {options}").format(
            options=comma().join(localize(o) for o in self.options)))

    def nudge(self, given: object) -> str:
        """What is wrong with a wrong response, without the answer."""
        if self.kind is AnswerKind.TILES and isinstance(given, frozenset):
            assert isinstance(self.answer, frozenset)
            if not given:
                return Message("'none' is not right: at least one tile is.")
            right, wrong, missing = given & self.answer, given - self.answer, self.answer - given
            parts: list[str] = []
            if right:
                parts.append(nmessage("{tiles} is right", "{tiles} are right", len(right),
                                      tiles=_tiles_text(right)))
            if wrong:
                parts.append(nmessage("{tiles} is not", "{tiles} are not", len(wrong),
                                      tiles=_tiles_text(wrong)))
            if missing:
                parts.append(Message("something is missing"))
            return join(Message("; "), [p for p in parts if p]) + Message(".")
        if self.kind is AnswerKind.SEAT_NUMBERS and isinstance(given, Mapping):
            assert isinstance(self.answer, Mapping)
            right_seats = [seat_name(s) for s in Wind if given[s] == self.answer[s]]
            text: str = (Message("None of the four nets is right") if not right_seats else
                         Message("Right for {seats}; the other nets are not",
                                 seats=join(", ", right_seats)))
            if sum(given.values()) != 0:
                text += Message(" (and your nets sum to {sum:+d}: a settlement sums to zero)",
                                sum=sum(given.values()))
            return text + Message(".")
        return Message("{given} is not the answer.", given=self._show(given))

    def _show(self, value: object) -> str:
        if isinstance(value, frozenset):
            return _tiles_text(value)
        if isinstance(value, Wind):
            return seat_name(value)
        if isinstance(value, Mapping):
            return join(", ", [Message("{seat} {n:+d}", seat=seat_name(s), n=n)
                               for s, n in value.items()])
        return value if isinstance(value, Message) else str(value)  # a message stays one

    def shown_response(self, response: str) -> str:
        """A response as the worked answer would state it (tiles in order, seats by name), so
        one answer typed two ways reads the same; an unreadable one as typed, spaces tidied."""
        text = " ".join(response.split())
        try:
            return self._show(self.read(text))
        except ValueError:
            return text

    def shown_answer(self) -> str:
        """The answer as the worked answer states it ("East -13, South +72, ...")."""
        return self._show(self.answer)

    def answer_text(self) -> str:
        """The answer as a learner would type it."""
        if isinstance(self.answer, Mapping):
            return " ".join(f"{s.letter}{n:+d}" for s, n in self.answer.items())
        return self._show(self.answer)

    def worked_answer(self) -> str:
        """The answer and the reasoning, as the check widget shows it when asked."""
        answer = self.shown_answer()
        if self.kind is AnswerKind.CHOICE and not isinstance(answer, Message):  # an option
            answer = Message(answer)
        return Message("Answer: {answer}. {explanation}", answer=answer,
                       explanation=self.explanation)

    def fingerprint(self) -> str:
        """Twelve hex digits of a hash of the worked answer: what a notebook stores in place of
        the answer, so a re-run (nbval) still notices a changed answer without showing it."""
        return hashlib.sha256(self.worked_answer().encode("utf-8")).hexdigest()[:12]

    def __repr__(self) -> str:
        return f"<Exercise {self.key}: {self.kind.value}>"
