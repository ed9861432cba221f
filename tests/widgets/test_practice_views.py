"""The practice view and the ten-question test, driven without a browser."""

from __future__ import annotations

import html
from pathlib import Path

import pytest

from tutor.display.widgets.practice import PracticeView, TestYourselfView
from tutor.practice import generate
from tutor.study.progress import ProgressStore


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(tmp_path / "progress.json")


def test_practice_answer_hint_check_next(store: ProgressStore) -> None:
    view = PracticeView("waits", level=1, seed=1, store=store)
    assert repr(view) == "PracticeView(waits, level 1, exercise 1)"
    assert view.check is not None
    ex = generate("waits", seed=1, level=1).exercise
    assert view.check.exercise == ex and "Practice: Which tiles complete it?" in \
        view.check.question.value
    assert "one or two suits" in view.about.value and view.game.disabled is False
    view.check.hint_button.click()
    assert ex.hint in view.check.verdict.value
    assert not view.answer("9p").right
    assert view.answer(ex.answer_text()).right
    assert "1 solved of 1 tried" in view.tally.value
    assert store.load().practice == {"waits": {"tried": 1, "solved": 1}}
    view.next_button.click()
    assert repr(view) == "PracticeView(waits, level 1, exercise 2)"
    assert view.check.exercise == generate("waits", seed=2, level=1).exercise


def test_practice_topic_level_and_game(store: ProgressStore) -> None:
    view = PracticeView(store=store)
    view.level.value = 3
    assert view.session.level == 3 and "dense one-suit" in view.about.value
    view.game.value = "guiyang"
    assert view.session.item.variant.value == "guiyang"
    view.topic.value = "huangyan-reckon"
    assert view.game.disabled and view.session.item.topic == "huangyan-reckon"
    assert view.check is not None
    ex = view.check.exercise
    assert view.check.input.placeholder.startswith("a net for each seat")
    view.check.reveal_button.click()  # gave up: tried, not solved
    view.next()
    assert store.load().practice == {"huangyan-reckon": {"tried": 1, "solved": 0}}
    assert ex != view.check.exercise


def test_practice_shows_tiles_as_pictures(store: ProgressStore) -> None:
    for topic in ("live-tile", "guiyang-chickens", "huangyan-score"):
        view = PracticeView(topic, store=store)
        assert view.check is not None and "<svg" in view.check.question.value


def test_test_yourself_ten_questions_and_a_score(store: ProgressStore) -> None:
    view = TestYourselfView("huangyan", seed=2, store=store)
    assert repr(view) == "TestYourselfView(huangyan, set 2: 10 questions)"
    assert "Test yourself: Huangyan Reckoning" in view.header.value
    assert view.next_button.disabled and view.again_button.layout.display == "none"
    for i in range(10):
        assert f"Question {i + 1} of 10" in view.status.value
        ex = view.quiz.current.exercise
        if i % 3 == 0:
            view.skip_button.click()
            assert "counts as wrong" in view.verdict.value
        else:
            assert view.answer(ex.answer_text()).right
        assert view.check_button.disabled
        assert f"Answer: {html.escape(ex.shown_answer())}" in view.worked.value
        view.next_button.click()
    assert "You scored 6 of 10." in view.status.value
    assert store.load().tests["huangyan"] == {"best": 6, "last": 6, "out_of": 10, "taken": 1}
    assert view.again_button.layout.display == ""
    view.again_button.click()
    assert view.quiz.seed == 3 and "Question 1 of 10" in view.status.value


def test_test_yourself_enter_checks_once(store: ProgressStore) -> None:
    view = TestYourselfView("hands", seed=1, store=store)
    ex = view.quiz.current.exercise
    view.input.value = ex.answer_text()  # Enter in the box
    assert view.quiz.answered and view.quiz.score == 1
    view.check_button.click()  # pressing Check as well changes nothing
    assert view.quiz.score == 1 and "Right." in view.verdict.value


def test_practice_by_number(store: ProgressStore) -> None:
    view = PracticeView("shanten", level=2, store=store)
    view.number.value = 42
    assert view.check is not None
    assert view.check.exercise == generate("shanten", seed=42, level=2).exercise
    view.level.value = 3  # the same number at another level
    assert view.check.exercise == generate("shanten", seed=42, level=3).exercise
    view.next()
    assert view.number.value == 43


def test_practice_in_projector_mode(store: ProgressStore) -> None:
    """The classroom app: the practice in the projector frame, its switch back to notebook mode;
    without ``projector`` (a notebook's exercise) no frame."""
    app = PracticeView("waits", level=1, seed=1, store=store, projector=True)
    assert app.frame is not None and app.frame.projector
    assert "tutor-projector" in app.frame.box._dom_classes
    assert "tutor-main" in app.frame.main._dom_classes
    assert "tutor-practice" in app.frame.main._dom_classes
    app.frame.projector = False
    assert "tutor-projector" not in app.frame.box._dom_classes
    app.answer("9p")  # still answers as before
    plain = PracticeView("waits", level=1, seed=1, store=store)
    assert plain.frame is None and "tutor-practice" in plain.box._dom_classes
