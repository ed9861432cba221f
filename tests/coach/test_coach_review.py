"""The review as a value: the same record always gives the same review, decisions point at
the record's own actions, the summary adds up, and everything prints, serialises and draws."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from tutor.coach import COACH, CoachRules, Decision, Grade, grade_of, review, state_at
from tutor.coach.model import points_grade
from tutor.core.tiles import Wind
from tutor.core.variant import Variant
from tutor.errors import RulesError
from tutor.game.actions import Action
from tutor.game.record import RecordError, record

from .helpers import SEATS, hands

#: the coach with a couple of play-outs per open option (enough to test what they change)
CHEAP = replace(COACH, playouts=2, confirm_playouts=4)
_ORDER = list(Grade)


def _at_most(grade: Grade, top: Grade) -> bool:
    return _ORDER.index(grade) <= _ORDER.index(top)


def _as_graded(d: Decision, expected: Grade) -> bool:
    """``d``'s grade is ``expected``, or an unchecked mistake or blunder taken down to an
    inaccuracy (the review's budget for checks ran out)."""
    return d.grade is expected or (d.grade is Grade.INACCURACY and not d.confirm_playouts
                                   and expected in (Grade.MISTAKE, Grade.BLUNDER))


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_reviews_of_the_same_record_are_identical(variant: Variant) -> None:
    state = hands(variant, 2)[1]
    data = record(state)
    text = json.dumps(data)
    for seat in SEATS:
        first = review(state, seat, CHEAP)
        again = review(data, seat, CHEAP)
        assert again == first
        assert review(text, seat.letter, CHEAP).as_dict() == first.as_dict()
        assert str(again) == str(first) and again._repr_html_() == first._repr_html_()


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_each_decision_points_at_its_own_action_in_the_record(variant: Variant) -> None:
    for state in hands(variant, 3):
        actions = record(state)["actions"]
        for seat in SEATS:
            result = review(state, seat, CHEAP)
            for d in result.decisions:
                who, text = actions[d.turn]
                assert who == seat.letter
                if d.played.label != "no kong":  # a declined kong: the discard was played
                    assert text == d.played.label
                assert d.played in d.options and d.preferred in d.options
                if d.confirm_playouts:  # a mistake or blunder checked: the check grades
                    assert d.points_lost is not None and d.points_lost_se is not None
                    units = max(0.0, d.points_lost - d.points_lost_se) / CHEAP.unit(variant)
                    assert _at_most(d.grade, points_grade(units, CHEAP))
                    if d.grade in (Grade.MISTAKE, Grade.BLUNDER):
                        assert d.confirmed
                        assert d.points_lost > CHEAP.significance * d.points_lost_se
                        assert d.grade is points_grade(units, CHEAP)
                    else:
                        assert d.grade is Grade.INACCURACY or d.grade is Grade.GOOD
                elif all(o.points is None for o in d.options):  # the first pass alone
                    assert d.preferred.loss == 0
                    assert _as_graded(d, grade_of(d.loss))
                    assert d.options == tuple(sorted(d.options, key=lambda o: o.cost))
                else:  # played out: the preferred option scored the most points
                    assert d.preferred.points is not None and d.points_lost is not None
                    top = max(o.points for o in d.options if o.points is not None)
                    assert d.preferred.points == top
                    se = d.points_lost_se or 0.0
                    units = max(0.0, d.points_lost - se) / CHEAP.unit(variant)
                    assert _as_graded(d, points_grade(units, CHEAP))
                assert d.reason.endswith(".") and d.reason[0].isupper()
            turns = [d.turn for d in result.decisions]
            assert turns == sorted(turns)


def test_state_at_rebuilds_the_moment_of_a_decision() -> None:
    state = hands(Variant.HUANGYAN, 2)[1]
    for d in review(state, "N", CHEAP).decisions:
        moment = state_at(state, d.turn)
        assert moment.current_actor() is Wind.NORTH
        assert moment.players[Wind.NORTH].hand() == d.hand
        if d.played.label != "no kong":
            assert Action.parse(d.played.label) in moment.legal_actions()
    assert state_at(state, len(state.history)).is_terminal()
    with pytest.raises(ValueError):
        state_at(state, len(state.history) + 1)


def test_the_summary_counts_each_grade_and_names_the_worst_decision() -> None:
    graded = [review(state, seat, CHEAP) for state in hands(Variant.GUIYANG, 3)
              for seat in SEATS]
    result = max(graded, key=lambda r: max((d.loss for d in r.decisions), default=0))
    summary = result.summary
    assert sum(summary.counts.values()) == len(result.decisions)
    assert list(summary.counts) == list(Grade)
    worst = summary.worst
    assert worst is not None
    assert worst.loss == max(d.loss for d in result.decisions if d.grade is not Grade.GOOD)
    assert f"move {worst.turn + 1}" in summary.lesson and worst.reason in summary.lesson
    data = json.loads(json.dumps(result.as_dict()))
    assert data["summary"]["worst_turn"] == worst.turn
    assert set(data["summary"]["counts"]) == {"good", "inaccuracy", "mistake", "blunder"}
    first = data["decisions"][0]
    assert {"turn", "kind", "played", "preferred", "grade", "reason", "options",
            "played_tile", "preferred_tile"} <= set(first)


def test_a_clean_hand_has_no_lesson() -> None:
    for state in hands(Variant.HANGZHOU, 6):
        for seat in SEATS:
            result = review(state, seat, CHEAP)
            if result.decisions and all(d.grade is Grade.GOOD for d in result.decisions):
                assert result.summary.worst is None
                assert result.summary.lesson.startswith("No lesson needed")
                return
    raise AssertionError("no hand played without a slip")


def test_the_notebook_picture_draws_the_tiles() -> None:
    result = review(hands(Variant.HUANGYAN, 1)[0], "S", CHEAP)
    page = result._repr_html_()
    assert page.count("<svg") >= len(result.decisions)
    assert "Review of South" in page and "tutor-grade-" in page
    assert repr(result).startswith("<Review huangyan S:")


def test_grades_follow_the_thresholds() -> None:
    assert grade_of(1.99) is Grade.GOOD and grade_of(2) is Grade.INACCURACY
    assert grade_of(5) is Grade.MISTAKE and grade_of(10) is Grade.BLUNDER
    strict = replace(COACH, inaccuracy=1, mistake=2, blunder=3)
    assert grade_of(2.5, strict) is Grade.MISTAKE
    assert repr(strict) == "CoachRules(inaccuracy=1, mistake=2, blunder=3)"


@pytest.mark.parametrize("change", [{"mistake": 1.0}, {"inaccuracy": 0}, {"live_tile": -1},
                                    {"shanten_step": 0.5}, {"value_weight": True},
                                    {"blunder": float("inf")}])
def test_bad_coach_rules_are_refused(change: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        CoachRules(**change)  # type: ignore[arg-type]


def test_a_tampered_record_is_refused() -> None:
    data = record(hands(Variant.HUANGYAN, 1)[0])
    data["actions"][3][1] = "discard 9z"
    with pytest.raises(RecordError):
        review(data, "E")
    with pytest.raises(RecordError):
        review("[" * 100_000, "E")
    with pytest.raises(ValueError):
        review(data, "Q")
