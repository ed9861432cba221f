"""The coach's advice at the table: the move it would make now, and why (one voice with the
review: :func:`advise` is :func:`tutor.coach.judge.recommend` on the seat's current
position, so a seat that always follows it is graded good at every decision)."""

from __future__ import annotations

from dataclasses import dataclass

from tutor.coach.judge import recommend
from tutor.coach.model import Decision, Option
from tutor.coach.position import position_at
from tutor.coach.rules import COACH, CoachRules
from tutor.core.tiles import Wind
from tutor.errors import InputError
from tutor.game.actions import Action
from tutor.game.state import HandState
from tutor.i18n import Message

__all__ = ["Recommendation", "advise"]


@dataclass(frozen=True)
class Recommendation:
    """The move the coach recommends, the decisions that led to it (the last one's preferred
    option is the move) and the coach's reason for it."""

    action: Action
    decisions: tuple[Decision, ...]

    @property
    def decision(self) -> Decision | None:
        return self.decisions[-1] if self.decisions else None

    @property
    def option(self) -> Option | None:
        d = self.decision
        return d.preferred if d is not None else None

    @property
    def reason(self) -> str:
        d = self.decision
        return d.reason if d is not None else Message("It is the only move.")

    def __str__(self) -> str:
        return f"{self.action}: {self.reason}"


def advise(state: HandState, seat: Wind, rules: CoachRules = COACH) -> Recommendation:
    """What ``seat``, to act in ``state``, should do, judged from its own view only."""
    if state.current_actor() != seat:
        raise InputError(f"{seat.name.title()} is not to act")
    legal = state.legal_actions()
    if len(legal) == 1:
        return Recommendation(legal[0], ())
    pos = position_at(state, seat, len(state.history), legal[0])
    action, found = recommend(pos, rules)
    return Recommendation(action, tuple(found))
