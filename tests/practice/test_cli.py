"""``tutor practice``: the JSON form, the question asked in the terminal, and bad input."""

from __future__ import annotations

import io
import json

import pytest

from tutor.cli import main
from tutor.practice import TOPICS, generate


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("topic", list(TOPICS))
@pytest.mark.parametrize("level", ["1", "2", "3"])
def test_every_topic_and_level_prints_json(capsys: pytest.CaptureFixture[str], topic: str,
                                           level: str) -> None:
    code, out, err = run(capsys, "practice", topic, "--seed", "11", "--level", level, "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert {"topic", "variant", "question", "answer", "explanation"} <= set(data)
    assert data == json.loads(json.dumps(generate(topic, seed=11, level=int(level)).as_dict()))


def test_the_fields_that_define_each_exercise(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(capsys, "practice", "waits", "--seed", "4", "--json")[1])
    assert isinstance(data["hand"], str) and all(len(t) == 2 for t in data["answer"])
    data = json.loads(run(capsys, "practice", "huangyan-score", "--seed", "4", "--json")[1])
    assert {"hand", "win_tile", "seat", "self_draw"} <= set(data)
    assert isinstance(data["self_draw"], bool) and isinstance(data["answer"], int)
    data = json.loads(run(capsys, "practice", "huangyan-reckon", "--seed", "4", "--level", "2",
                          "--json")[1])
    assert set(data["totals"]) == set(data["answer"]) == set("ESWN")
    assert data["dealer"] in "ESWN" and data["winner"] in "ESWN"
    assert sum(data["answer"].values()) == 0


def test_the_game_can_be_chosen(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(capsys, "practice", "shanten", "--variant", "guiyang", "--seed", "2",
                          "--json")[1])
    assert data["variant"] == "guiyang"


def test_without_a_seed_a_fresh_one_is_printed(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(capsys, "practice", "live-tile", "--json")[1])
    assert isinstance(data["seed"], int) and data["seed"] >= 0


@pytest.mark.parametrize("argv", [
    ["practice", "nonsense"], ["practice", "waits", "--level", "4"],
    ["practice", "waits", "--level", "x"], ["practice", "waits", "--seed", "-5"],
    ["practice", "waits", "--seed", "1" * 40], ["practice", "huangyan-score", "--variant",
                                                 "guiyang"], ["practice"]])
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                          argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err


def _ask(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], typed: str,
         *argv: str) -> tuple[int, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(typed))
    code, out, err = run(capsys, "practice", *argv)
    assert "Traceback" not in out + err
    return code, out


def test_asked_in_the_terminal_right_answer(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    ex = generate("huangyan-reckon", seed=3).exercise
    code, out = _ask(monkeypatch, capsys, ex.answer_text() + "\n", "huangyan-reckon",
                     "--seed", "3")
    assert code == 0 and "Right." in out and ex.prompt in out


def test_asked_in_the_terminal_hint_then_wrong_answers(monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    ex = generate("shanten", seed=2, level=2).exercise
    wrong = str(int(str(ex.answer)) + 3)
    code, out = _ask(monkeypatch, capsys, f"hint\n{wrong}\n99\n98\n", "shanten", "--seed", "2",
                     "--level", "2")
    assert code == 1
    assert f"Hint: {ex.hint}" in out and "Wrong try 1 of 3" in out
    assert out.rstrip().endswith(ex.worked_answer())  # shown after the third wrong try


def test_asked_in_the_terminal_end_of_input(monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    ex = generate("live-tile", seed=1).exercise
    code, out = _ask(monkeypatch, capsys, "", "live-tile", "--seed", "1")
    assert code == 1 and ex.worked_answer() in out


def test_asked_in_the_terminal_ctrl_c(monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    def interrupt(_prompt: str = "") -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("builtins.input", interrupt)
    code, out, err = run(capsys, "practice", "waits", "--seed", "1")
    assert code == 130 and err == "\ninterrupted\n" and "Traceback" not in out


def test_asked_in_the_terminal_shows_the_tiles(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _ask(monkeypatch, capsys, "answer\n", "guiyang-chickens", "--seed", "1")
    assert code == 1 and "hand:" in out and "Turned after the win:" in out
    assert any(0x1F000 <= ord(ch) <= 0x1F02B for ch in out)  # tile glyphs beside the codes
