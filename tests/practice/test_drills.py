"""The practice session and the ten-question quiz, as models (no widgets)."""

from __future__ import annotations

import pytest

from tutor.practice import PracticeError, generate
from tutor.practice.drills import GAMES, PracticeSession, Quiz


def test_a_session_moves_on_and_reports_each_exercise_once() -> None:
    results: list[tuple[str, bool]] = []
    session = PracticeSession("waits", level=1, seed=10, on_result=lambda t, s:
                              results.append((t, s)))
    assert session.item == generate("waits", seed=10, level=1)
    session.attempt.submit(session.exercise.answer_text())
    assert results == [("waits", True)]
    session.next()  # solved already: not reported again
    assert session.seed == 11 and results == [("waits", True)]
    session.attempt.submit("1m")
    session.next()  # tried, not solved
    assert results == [("waits", True), ("waits", False)]
    session.next()  # never tried: not counted
    assert len(results) == 2 and session.tally() == "This session: 1 solved of 2 tried."


def test_a_session_switches_topic_level_and_game() -> None:
    session = PracticeSession("shanten", level=2, seed=1, variant="hangzhou")
    assert session.item.variant.value == "hangzhou"
    session.choose(topic_name="huangyan-reckon")
    assert session.item.topic == "huangyan-reckon"  # a one-game topic ignores the choice
    session.choose(level=3)
    assert session.item.level == 3
    session.choose(topic_name="discard")
    assert session.item.variant.value == "hangzhou"
    session.set_variant(None)
    assert session.variant is None
    with pytest.raises(PracticeError):
        session.choose(level=0)
    with pytest.raises(PracticeError):
        session.choose(topic_name="nope")


@pytest.mark.parametrize("game", list(GAMES))
def test_a_quiz_is_ten_seeded_questions_easier_first(game: str) -> None:
    quiz = Quiz(game, seed=3)
    assert len(quiz.plan) == 10
    assert [q.level for q in quiz.plan] == sorted(q.level for q in quiz.plan)
    assert {q.topic for q in quiz.plan} == {t for t, _ in GAMES[game]}
    assert Quiz(game, seed=3).plan == quiz.plan and Quiz(game, seed=4).plan != quiz.plan
    for q in quiz.plan:
        item = q.make()
        if q.variant is not None:
            assert item.variant is q.variant


def test_a_quiz_scores_one_answer_per_question_and_reports_the_end() -> None:
    finished: list[tuple[str, int, int]] = []
    quiz = Quiz("guiyang", seed=1, on_finish=lambda g, s, n: finished.append((g, s, n)))
    for i in range(10):
        ex = quiz.current.exercise
        assert not quiz.answer("").readable and not quiz.answered  # nothing typed: no answer
        assert quiz.worked() is None  # no answer before an answer
        if i < 6:
            assert quiz.answer(ex.answer_text()).right
        elif i < 9:
            wrong = "123456789" if ex.kind.value == "number" else "none"
            feedback = quiz.answer(wrong)
            assert not feedback.right and "Answer" not in feedback.message
            assert quiz.worked() == ex.worked_answer()
        else:
            assert not quiz.skip().right
        assert quiz.answer(ex.answer_text()).message.startswith("Already answered")
        assert quiz.next() == (i < 9)
    assert quiz.finished and quiz.score == 6 and finished == [("guiyang", 6, 10)]
    assert quiz.summary() == "You scored 6 of 10."


def test_a_quiz_refuses_bad_games_and_lengths() -> None:
    with pytest.raises(PracticeError):
        Quiz("mahjong")
    with pytest.raises(PracticeError):
        Quiz("huangyan", length=0)


def test_a_session_goes_to_an_exercise_by_number() -> None:
    session = PracticeSession("live-tile", level=2, seed=1)
    assert session.goto(77) == generate("live-tile", seed=77, level=2)
    with pytest.raises(PracticeError):
        session.goto(-1)
