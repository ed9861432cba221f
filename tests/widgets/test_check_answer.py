"""The check-answer widget driven without a browser: title, hint first, retries, the worked
answer held back, Enter checks, and solved exercises recorded in the progress store."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.display.widgets import CheckAnswer as FromPackage
from tutor.display.widgets.base import CheckAnswer as FromBase
from tutor.display.widgets.exercise import CheckAnswer, ProgressLine, SequenceProgress
from tutor.exercises import AnswerKind, Exercise
from tutor.exercises.catalog import NOTEBOOKS, all_exercises, exercises_of
from tutor.study.progress import ProgressStore


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    return ProgressStore(tmp_path / "progress.json")


def _shanten() -> Exercise:
    return exercises_of("02_tiles_hands_waits")[5]  # hands-shanten: the answer is 2


def test_the_old_import_paths_still_work() -> None:
    assert FromBase is CheckAnswer and FromPackage is CheckAnswer


def test_title_question_and_tiles(store: ProgressStore) -> None:
    view = CheckAnswer(_shanten(), store=store)
    assert "Exercise: How far from ready?" in view.question.value
    assert "mahjong-hand" in view.question.value  # the hand drawn as SVG
    assert view.worked.value == "" and view.verdict.value == ""
    assert repr(view).splitlines()[0] == ("Exercise: How far from ready? Huangyan: what is "
                                          "the shanten of this hand (0 = ready)?")


def test_hint_first_then_the_answer_after_three_wrong_tries(store: ProgressStore) -> None:
    ex = _shanten()
    view = CheckAnswer(ex, store=store)
    first = view.answer("5")
    assert not first.right and "Hint:" in first.message and ex.hint in first.message
    assert "Wrong try 1 of 3" in first.message and view.worked.value == ""
    assert view.answer("5") is first  # the same answer again costs nothing
    assert "Wrong try 2 of 3" in view.answer("4").message and view.worked.value == ""
    view.answer("3")
    assert "Answer: 2</b>" in view.worked.value and view.reveal_button.disabled
    assert view.answer("2").right  # right now, but it does not count
    assert "does not count" in view.verdict.value
    assert store.solved("02_tiles_hands_waits") == frozenset()


def test_show_answer_on_request(store: ProgressStore) -> None:
    view = CheckAnswer(_shanten(), store=store)
    view.reveal_button.click()
    assert "Answer: 2</b>" in view.worked.value and view.attempt.revealed


def test_hint_button_never_gives_the_answer(store: ProgressStore) -> None:
    view = CheckAnswer(_shanten(), store=store)
    view.hint_button.click()
    assert "Hint:" in view.verdict.value and "Answer" not in view.verdict.value
    assert view.attempt.tries == 0


def test_enter_in_the_answer_box_checks(store: ProgressStore) -> None:
    view = CheckAnswer(_shanten(), store=store)
    assert view.input.continuous_update is False  # the value arrives on Enter
    view.input.value = "2"  # what the front end sends when Enter is pressed
    assert view.feedback is not None and view.feedback.right
    assert "Right." in view.verdict.value
    assert store.solved("02_tiles_hands_waits") == {"hands-shanten"}


def test_an_unreadable_answer_costs_no_try(store: ProgressStore) -> None:
    view = CheckAnswer(_shanten(), store=store)
    assert not view.answer("two").readable and view.attempt.tries == 0


def test_choice_buttons(store: ProgressStore) -> None:
    ex = next(e for e in exercises_of("05_live_tile_stage") if e.key == "huangyan-discard-safe")
    view = CheckAnswer(ex, store=store)
    assert tuple(view.input.options) == ("safe", "Live", "exempt") and view.input.value is None
    assert not view.answer("Live").right
    assert view.answer("safe").right
    assert store.solved("05_live_tile_stage") == {"huangyan-discard-safe"}


def test_a_right_answer_updates_every_progress_line(store: ProgressStore) -> None:
    line = ProgressLine("02_tiles_hands_waits", store=store)
    summary = SequenceProgress(store=store)
    assert "You have solved 0 of 8 exercises in this notebook." in line.html.value
    CheckAnswer(_shanten(), store=store).answer("2")
    assert "You have solved 1 of 8 exercises in this notebook." in line.html.value
    assert "Exercises solved: 1 of 27" in summary.html.value
    assert repr(line) == "ProgressLine(02_tiles_hands_waits: 8 exercises)"
    assert repr(summary) == "SequenceProgress(6 notebooks, 27 exercises)"
    for ex in exercises_of("02_tiles_hands_waits"):
        CheckAnswer(ex, store=store).answer(ex.answer_text())
    assert "All done!" in line.html.value


def test_a_corrupt_progress_file_is_a_message_in_the_view(tmp_path: Path) -> None:
    path = tmp_path / "progress.json"
    path.write_text("{nonsense")
    line = ProgressLine("02_tiles_hands_waits", store=ProgressStore(path))
    assert "could not be read" in line.html.value and "Traceback" not in line.html.value
    assert "You have solved 0 of 8" in line.html.value


def test_an_exercise_outside_the_sequence_is_not_recorded(store: ProgressStore) -> None:
    ex = Exercise("my-own", "How much?", AnswerKind.NUMBER, 3, "because", title="Mine",
                  hint="count")
    solved: list[str] = []
    view = CheckAnswer(ex, store=store, on_solved=lambda e: solved.append(e.key))
    assert view.answer("3").right and solved == ["my-own"]
    assert store.load().notebooks == {}


@pytest.mark.parametrize("ex", list(all_exercises().values()), ids=lambda e: e.key)
def test_every_exercise_has_a_title_and_a_hint_that_keeps_the_answer(ex: Exercise) -> None:
    assert ex.title and len(ex.title) <= 40
    assert ex.hint and ex.hint != ex.explanation
    if ex.kind is AnswerKind.TILES:
        assert ex.answer_text() not in ex.hint
    if ex.kind is AnswerKind.NUMBER and isinstance(ex.answer, int) and ex.answer >= 10:
        assert str(ex.answer) not in ex.hint  # (small numbers appear in formulas)


def test_the_sequence_lists_its_notebooks() -> None:
    assert next(iter(NOTEBOOKS)) == "00_start_here"
    assert sum(len(exercises_of(n)) for n in NOTEBOOKS) == 27


def test_the_tile_keyboard_types_without_checking(store: ProgressStore) -> None:
    ex = exercises_of("02_tiles_hands_waits")[0]  # hands-waits-standard: 1m 4m 7m
    view = CheckAnswer(ex, store=store)
    assert view.keyboard is not None and view.keyboard.panel.children == ()
    view.keyboard.toggle.value = True
    picker, clear = view.keyboard.picker, view.keyboard.clear
    assert picker is not None and clear is not None
    picker.click("1m")
    picker.click("4m")
    assert view.input.value == "1m 4m" and view.feedback is None  # typed, not checked
    clear.click()
    assert view.input.value == "" and view.feedback is None
    for tile in ("1m", "4m", "7m"):
        picker.click(tile)
    view.button.click()
    assert view.feedback is not None and view.feedback.right
    view.keyboard.toggle.value = False
    assert view.keyboard.panel.children == ()


def test_number_and_choice_exercises_have_no_tile_keyboard(store: ProgressStore) -> None:
    assert CheckAnswer(_shanten(), store=store).keyboard is None


def test_a_progress_line_shown_without_a_name_keeps_updating(store: ProgressStore) -> None:
    import gc

    box = ProgressLine("02_tiles_hands_waits", store=store).box  # only the widget is kept
    gc.collect()
    CheckAnswer(_shanten(), store=store).answer("2")
    assert "You have solved 1 of 8" in box.children[0].value


@pytest.mark.parametrize("ex", list(all_exercises().values()), ids=lambda e: e.key)
def test_every_exercise_draws_its_tiles(ex: Exercise) -> None:
    from tutor.display.widgets.exercise import question_html

    page = question_html(ex)
    pictures = (ex.hand is not None) + sum(1 for f in ex.figures if f.tiles.strip())
    assert page.count("<svg") >= pictures
    assert "cannot read" not in page and "Error" not in page
