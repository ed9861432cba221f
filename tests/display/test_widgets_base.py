"""The shared widget pieces, driven without a browser (ipywidgets' dummy comm)."""

from __future__ import annotations

import dataclasses

from tutor import Hand, Tile, Wind, waits
from tutor.display.widgets import CheckAnswer, TilePicker, error_html
from tutor.errors import NotationError
from tutor.exercises import AnswerKind, Exercise
from tutor.i18n import using_language


def _nine_gates() -> Exercise:
    hand = Hand.parse("1112345678999m")
    result = waits(hand)
    return Exercise("nine-gates", "Which tiles complete this hand?", AnswerKind.TILES,
                    frozenset(result.waits), str(result), hand=str(hand))


def test_check_answer_right_wrong_and_unreadable() -> None:
    view = CheckAnswer(_nine_gates())
    assert view.answer("123456789m").right
    assert "tutor-message" in view.verdict.value and "Right" in view.verdict.value
    view = CheckAnswer(_nine_gates())
    wrong = view.answer("1m 9m")  # a first wrong answer never shows the answer
    assert not wrong.right and wrong.readable and "2m" not in wrong.message
    assert "1m 9m are right" in wrong.message and view.worked.value == ""
    unreadable = view.answer("1x")
    assert not unreadable.readable and "unknown character" in unreadable.message
    assert "Traceback" not in view.verdict.value


def test_check_answer_shows_the_hand_and_a_stable_summary() -> None:
    view = CheckAnswer(_nine_gates())
    assert "<svg" in view.question.value
    ex = _nine_gates()
    assert repr(view) == ("Exercise: Which tiles complete this hand?\n(Run the notebook to "
                          "answer it here; the answer stays hidden until you ask. Answer check "
                          f"nine-gates {ex.fingerprint()})")
    assert ex.shown_answer() not in repr(view) and len(ex.fingerprint()) == 12
    changed = Exercise(ex.key, ex.prompt, ex.kind, frozenset(), ex.explanation)
    assert changed.fingerprint() != ex.fingerprint()  # a changed answer changes the stored key
    # what a saved notebook keeps: the question and how to answer it, in the learner's
    # language, and (in the output's metadata) the exercise's key and fingerprint
    data, metadata = view._repr_mimebundle_()
    assert data["text/plain"] == ("Exercise\nWhich tiles complete this hand?\n(Run the notebook "
                                  "to answer it here; the answer stays hidden until you ask.)")
    assert metadata == {"tutor": {"view": "CheckAnswer", "exercise": "nine-gates",
                                  "fingerprint": ex.fingerprint()}}
    assert "application/vnd.jupyter.widget-view+json" in data  # live, the widget itself
    titled = CheckAnswer(dataclasses.replace(ex, title="Nine Gates"))
    assert titled.placeholder().startswith("Exercise: Nine Gates\nWhich tiles")
    with using_language("zh"):
        assert titled.placeholder().startswith("练习：Nine Gates\n")
        assert titled.placeholder().endswith("（运行笔记本后就能在这里作答；"
                                             "你要求之前，答案一直隐藏。）")


def test_seat_and_number_exercises() -> None:
    seat = Exercise("who", "Who pays?", AnswerKind.SEAT, Wind.WEST, "why")
    view = CheckAnswer(seat)
    assert view.answer("West").right and not view.answer("North").right
    number = Exercise("n", "How much?", AnswerKind.NUMBER, 12, "because")
    assert number.check("+12").right and not number.check("11").right
    assert not number.check("twelve").readable


def test_tile_picker_calls_back() -> None:
    picked: list[Tile] = []
    picker = TilePicker("guiyang", on_pick=picked.append)
    assert sum(map(len, picker.rows)) == 27
    picker.click("3p")
    picker.click(Tile.parse("9s"))
    assert picked == [Tile.parse("3p"), Tile.parse("9s")]
    hangzhou = TilePicker("hangzhou", on_pick=picked.append)
    assert hangzhou.joker == "5z"


def test_error_html_escapes_and_never_shows_a_traceback() -> None:
    text = error_html(NotationError("<1x>", 1, "unknown character 'x'"))
    assert "&lt;1x&gt;" in text and "Traceback" not in text
