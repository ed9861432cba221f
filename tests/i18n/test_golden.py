"""One hand of each game in both languages, as ``tutor`` prints it: the Chinese sheet is the
golden one, the English one is what the command printed before the translation (unchanged), and
the JSON is the same in both."""

from __future__ import annotations

import json

import pytest

from tutor.cli import main

from .cases import CASES, golden


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(args) == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("name", sorted(CASES))
def test_english_is_unchanged(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(CASES[name], capsys) == golden(name, "en").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_chinese_sheet(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(["--lang", "zh", *CASES[name]], capsys) == golden(name, "zh").read_text(
        encoding="utf-8")


@pytest.mark.parametrize("name", sorted(CASES))
def test_json_is_the_same_in_both_languages(name: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    english = json.loads(_run([*CASES[name], "--json"], capsys))
    assert json.loads(_run(["--lang", "zh", *CASES[name], "--json"], capsys)) == english


@pytest.mark.parametrize("name", sorted(CASES))
def test_numbers_and_tiles_stay_as_they_are(name: str) -> None:
    """Every number and every tile of the English sheet is in the Chinese one, as many times
    (the words around them change, never them)."""
    import re

    def tokens(text: str) -> list[str]:
        return sorted(re.findall(r"[+-]?\d+[mpsz]*|[+-]?\d+", text))

    english = golden(name, "en").read_text(encoding="utf-8")
    chinese = golden(name, "zh").read_text(encoding="utf-8")
    assert tokens(chinese) == tokens(english)


def test_the_language_may_follow_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    before = _run(["--lang", "zh", *CASES["huangyan_score"]], capsys)
    assert _run([*CASES["huangyan_score"], "--lang", "zh"], capsys) == before
    assert "自摸" in before and "Self-Draw" not in before


def test_an_unknown_language_is_one_line_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--lang", "fr", *CASES["huangyan_score"]]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no language 'fr'" in err and "zh" in err


@pytest.mark.parametrize("name", sorted(CASES))
def test_no_english_word_is_left(name: str) -> None:
    """The Chinese sheets hold no English word: tiles (5z, 123m) and numbers only. The game
    file's own notes (in brackets, written by whoever recorded the game) stay as written."""
    import re

    text = golden(name, "zh").read_text(encoding="utf-8")
    if name == "hangzhou_ledger":
        text = re.sub(r"\[[^\]\u4e00-\u9fff]*\]", "", text)  # the file's notes: [an ...]
    assert re.findall(r"[A-Za-z]{2,}", text) == []


def test_a_huangyan_session_in_chinese() -> None:
    import random

    from tutor.core.tiles import Wind
    from tutor.i18n import using_language
    from tutor.variants.huangyan.matches import Session

    session = Session.start().new_match(rng=random.Random(1)).win(
        winner=Wind.SOUTH, totals={Wind.EAST: 20, Wind.SOUTH: 28, Wind.WEST: 6, Wind.NORTH: 12})
    english = str(session)
    with using_language("zh"):
        chinese = str(session)
        seating = str(session.matches[0].seating)
        html = session._repr_html_()
    assert english.startswith("session (1 of 3 matches finished): Ann 108")
    assert chinese.startswith("本场（共 3 盘，已打完 1 盘）：Ann 108，")
    assert "第 1 盘（已结束，共 1 局）" in chinese
    assert "掷出" in seating and "rolled" not in seating
    assert "<th>本金</th>" in html
