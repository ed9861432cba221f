"""The coach: a review of one seat's decisions in a finished hand, each graded and explained.

>>> from tutor.coach import review
>>> from tutor.game.simulate import play_hand
>>> from tutor.core.variant import Variant
>>> hand = play_hand(Variant.GUIYANG, seed=3, bots=["sensible", "random"])
>>> result = review(hand, "S")
>>> result.decisions[0].kind.value in ("discard", "claim", "kong", "win")
True

Each :class:`Decision` lists the legal options, the one played, the one the coach prefers and
a grade (good / inaccuracy / mistake / blunder) with a one-sentence reason; ``turn`` is the
index of the played action in the hand's record, so a replay viewer can jump there
(:func:`state_at` rebuilds the hand at that moment). The
thresholds and weights are :class:`CoachRules` (:data:`COACH` by default), the same for every
game. The coach judges each position from the seat's own view only
(:mod:`tutor.coach.position`).
"""

from tutor.coach.advice import Recommendation, advise
from tutor.coach.model import (
    Decision,
    DecisionKind,
    Grade,
    Option,
    Review,
    Summary,
    Theme,
    grade_of,
)
from tutor.coach.position import Position, position_at, positions, state_at
from tutor.coach.review import read_records, review
from tutor.coach.rules import COACH, CoachRules

__all__ = [
    "COACH",
    "CoachRules",
    "Decision",
    "DecisionKind",
    "Grade",
    "Option",
    "Position",
    "Recommendation",
    "Review",
    "Summary",
    "Theme",
    "advise",
    "grade_of",
    "position_at",
    "positions",
    "read_records",
    "review",
    "state_at",
]
