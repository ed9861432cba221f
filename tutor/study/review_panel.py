"""The review panel's model: one seat's graded moments in a finished hand, tied to the table.

:class:`ReviewPanel` holds the coach's :class:`~tutor.coach.Review` of a seat and one
:class:`Moment` per graded decision. A moment knows the replay step where the seat decided (the
table after ``decision.turn`` moves: the seat is to act, with those options; see
:mod:`tutor.study.replay`) and the tiles to mark there: the ones the played move used and the
ones the coach's move would have used (a discard's tile; a claim's meld tiles, so the pair in
the hand and the offered tile in the pond; nothing for a pass).

>>> from tutor.game.simulate import play_hand
>>> panel = ReviewPanel.of(play_hand("guiyang", 3, ["sensible", "random"]), "S")
>>> all(m.step == m.decision.turn for m in panel.moments)
True
>>> sum(panel.counts.values()) == len(panel.moments)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tutor.coach import Decision, DecisionKind, Grade, Option, Review, review
from tutor.coach.model import grade_word, legend
from tutor.core.tiles import Tile, Wind
from tutor.errors import TutorError
from tutor.game.actions import Action, ActionKind
from tutor.game.state import HandState
from tutor.game.view import move_words
from tutor.i18n import Message, _, localize, pmessage
from tutor.ledger import seat_name
from tutor.study.replay import Replay

__all__ = ["KIND_WORDS", "Moment", "ReviewPanel", "option_tiles", "option_words"]

#: the kinds of decision in words, translated when shown
_KINDS = {DecisionKind.DISCARD: pmessage("decision", "discard"),
          DecisionKind.CLAIM: pmessage("decision", "claim"),
          DecisionKind.KONG: pmessage("decision", "kong"),
          DecisionKind.WIN: pmessage("decision", "win")}


def _option(label: str) -> str:
    """An option's label in words: ``discard 3m`` (打出 3m), ``no kong``, ``play on``."""
    if label == "no kong":
        return Message("no kong")
    if label == "play on":
        return Message("play on")
    return move_words(label)


#: public names: the kinds of decision and an option in words (``tutor --lang zh review``)
KIND_WORDS = _KINDS
option_words = _option

def option_tiles(option: Option) -> tuple[Tile, ...]:
    """The tiles a move uses, to mark on the table: a chow's three, a pong's or kong's tile, a
    discard's or a win's tile; none for a pass, "no kong" or "play on" without a tile."""
    try:
        action = Action.parse(option.label)
    except TutorError:  # "no kong", "play on": not a move of their own
        return (option.tile,) if option.tile is not None else ()
    if action.tile is None:
        return ()
    if action.kind is ActionKind.CHOW:
        return tuple(Tile(action.tile.index + i) for i in range(3))
    return (action.tile,)


@dataclass(frozen=True)
class Moment:
    """One graded decision: where the replay shows it (``step``) and the tiles to mark."""

    index: int
    decision: Decision
    step: int
    played: tuple[Tile, ...]
    preferred: tuple[Tile, ...]

    @property
    def grade(self) -> Grade:
        return self.decision.grade

    @property
    def kind(self) -> DecisionKind:
        return self.decision.kind

    @property
    def move(self) -> int:
        """The move number the coach names (1-based: the move the seat was about to make)."""
        return self.decision.turn + 1

    @property
    def same(self) -> bool:
        """Whether the seat played the coach's choice."""
        return self.decision.played == self.decision.preferred

    def as_dict(self) -> dict[str, Any]:
        """What the review widget draws (tile codes, never pictures)."""
        d = self.decision
        return {"index": self.index, "step": self.step, "move": self.move,
                "seat": localize(seat_name(d.seat)), "kind": localize(_KINDS[d.kind]),
                "grade": d.grade.value, "grade_label": localize(grade_word(d.grade)),
                "reason": localize(d.reason), "played": localize(_option(d.played.label)),
                "played_tiles": [str(t) for t in self.played],
                "preferred": localize(_option(d.preferred.label)),
                "preferred_tiles": [str(t) for t in self.preferred], "same": self.same}

    def __str__(self) -> str:
        return f"step {self.step}: {self.decision}"


@dataclass(frozen=True)
class ReviewPanel:
    """``ReviewPanel.of(source, seat)``: ``source`` a finished :class:`HandState`, a
    :class:`Replay` (its current hand) or a record (dict or JSON text)."""

    review: Review
    moments: tuple[Moment, ...]

    @classmethod
    def of(cls, source: HandState | Replay | dict[str, Any] | str,
           seat: Wind | str) -> ReviewPanel:
        state = source.final if isinstance(source, Replay) else source
        found = review(state, seat)
        moments = tuple(Moment(i, d, d.turn, option_tiles(d.played),
                               option_tiles(d.preferred))
                        for i, d in enumerate(found.decisions))
        return cls(found, moments)

    @property
    def seat(self) -> Wind:
        return self.review.seat

    @property
    def counts(self) -> dict[Grade, int]:
        """How many decisions got each grade (every grade listed, good first)."""
        return self.review.summary.counts

    @property
    def lesson(self) -> str:
        return self.review.summary.lesson

    @property
    def worst(self) -> Moment | None:
        """The moment of the biggest lesson (None when every decision was good)."""
        worst = self.review.summary.worst
        return next((m for m in self.moments if m.decision is worst), None)

    def shown(self, show_all: bool = False) -> tuple[Moment, ...]:
        """The moments to list, in the hand's order: the graded ones (inaccuracy or worse),
        or every decision with ``show_all``."""
        if show_all:
            return self.moments
        return tuple(m for m in self.moments if m.grade is not Grade.GOOD)

    def moment(self, index: int) -> Moment:
        """Moment number ``index`` (of :attr:`moments`); a :class:`TutorError` if none."""
        if not 0 <= index < len(self.moments):
            raise TutorError(_("there is no moment {n} in this review ({total} "
                               "decisions)").format(n=index + 1, total=len(self.moments)))
        return self.moments[index]

    def as_dict(self, show_all: bool = False) -> dict[str, Any]:
        """The summary and the shown moments, for the widget."""
        worst = self.worst
        who = localize(seat_name(self.seat))
        joker = self.review.variant.joker
        return {"seat": who, "title": _("Review of {seat}'s play").format(seat=who),
                "joker": "" if joker is None else str(joker),
                "outcome": localize(self.review.outcome),
                "counts": [{"grade": g.value, "count": n,
                            "label": localize(grade_word(g, n))}
                           for g, n in self.counts.items()],
                "lesson": localize(self.lesson),
                "legend": localize(legend(self.review.rules) + Message(".")),
                "worst": -1 if worst is None else worst.index,
                "total": len(self.moments), "show_all": show_all,
                "moments": [m.as_dict() for m in self.shown(show_all)]}

    def __str__(self) -> str:
        return f"{self.review.summary.counts_text()}\n{self.lesson}"

    def __repr__(self) -> str:
        graded = len(self.shown())
        return (f"<ReviewPanel {self.review.variant.value} {self.seat.letter}: {graded} graded "
                f"of {len(self.moments)} decisions>")
