"""The Huangyan exercises: right by their own check, wrong answers judged wrong, and each answer
equal to an independent computation."""

from __future__ import annotations

import pytest

from tutor import Wind
from tutor.display.widgets import CheckAnswer
from tutor.exercises import AnswerKind, Exercise
from tutor.exercises.huangyan import (
    exercises,
    reckoning_exercises,
    scoring_exercises,
    stage_exercises,
)

ALL = {ex.key: ex for ex in exercises()}


def _notation(ex: Exercise) -> str:
    if isinstance(ex.answer, Wind):
        return ex.answer.name.title()
    return str(ex.answer)


def test_at_least_eight_exercises_with_unique_keys() -> None:
    assert len(ALL) == len(exercises()) >= 8
    assert len(scoring_exercises()) + len(reckoning_exercises()) + len(stage_exercises()) \
        == len(ALL)


@pytest.mark.parametrize("key", sorted(ALL))
def test_answer_is_right_by_its_own_check_and_a_wrong_one_is_wrong(key: str) -> None:
    ex = ALL[key]
    assert ex.check(_notation(ex)).right
    if ex.kind is AnswerKind.NUMBER:
        assert isinstance(ex.answer, int)
        wrong = str(ex.answer + 1)
    elif ex.kind is AnswerKind.SEAT:
        assert isinstance(ex.answer, Wind)
        wrong = ex.answer.next().name.title()
    else:
        wrong = next(o for o in ex.options if o != ex.answer)
    assert not ex.check(wrong).right
    assert ex.worked_answer().startswith(f"Answer: {_notation(ex)}.")
    view = CheckAnswer(ex)
    assert view.answer(_notation(ex)).right


# Independent answers, worked by hand from the rule book, notebooks/rules/huangyan.md.
EXPECTED = {
    # Hu 10, Self-Draw 2, exposed Red pong 4, self-drawn 888s pong 4, West pair 2 (West seat);
    # doubles: Red pong, Half Flush. No Hook (8s and 3z both won).
    "huangyan-score-total": (10 + 2 + 4 + 4 + 2) * 2**2,
    # two dragon pongs (1 + 1), Little Three Dragons 1, Half Flush 1
    "huangyan-doubles": 4,
    # North: exposed 222s 2, concealed 999p 8, concealed North pong 8, Green pair 2; North pong
    "huangyan-non-winner-total": (2 + 8 + 8 + 2) * 2,
    # East 10 vs North 24: the lower pays the higher
    "huangyan-wave-two-payer": Wind.EAST,
    # West: half of 16 to South, (24 - 2) / 2 to North, 10 - 2 to East (dealer, not halved)
    "huangyan-west-pays": 8 + 11 + 8,
    # South: 20 - 6 + 8 (from East) + 0 (West is empty when it owes 11)
    "huangyan-stack-after": 20 - 6 + 8,
    "huangyan-discard-live": "Live",
    "huangyan-discard-safe": "safe",
    "huangyan-discard-exempt": "exempt",
    "huangyan-stage-on": "no",  # live wall 15 > 14, whatever the 28-tile count says
    # totals E 16, S 30, W 6, N 14; wave one 14 + 7 + 7; pairs with West at 0: E-S 14, E-W 16,
    # S-W 30 / 2
    "huangyan-liability-cost": 14 + 7 + 7 + 14 + 16 + 15,
}


def test_answers_match_independent_computations() -> None:
    assert {k: ex.answer for k, ex in ALL.items()} == EXPECTED
