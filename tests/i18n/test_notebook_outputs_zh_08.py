"""Lesson 08 (play and what-if) and the apps in Chinese: what a learner reads in their committed
outputs is Chinese, and the coach's review it shows is English, unchanged, in English."""

from __future__ import annotations

import html
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from tutor.i18n import using_language

from .cases import golden

ROOT = Path(__file__).resolve().parents[2]
APPS = sorted((ROOT / "notebooks/zh/apps").glob("*.ipynb"))
NOTEBOOKS = ["notebooks/zh/08_play_and_what_if.ipynb", *(str(p.relative_to(ROOT)) for p in APPS)]

#: a word of two or more Latin letters (tile codes such as 3p have one)
_WORD = re.compile(r"[A-Za-z]{2,}")
#: words allowed in a Chinese output: the white dragon's face label in the tile pictures (drawn
#: by tutor/display/svg.py, changed on another branch)
ALLOWED = {"Wh"}
#: tables drawn by tutor/display/payments.py (who pays whom, the nets), translated on another
#: branch: left out of the scan until it is merged
PENDING = re.compile(r'<table class="tutor-table tutor-(payments|nets)">.*?</table>', re.S)


def _text(value: object) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def english_words(path: str) -> Counter[tuple[int, str]]:
    """(cell, word) of every English word a learner sees in the notebook's outputs: HTML and
    SVG text without tags, styles and scripts, markdown, plain text where nothing richer is
    shown (a widget's plain text is never shown); code in backticks is left out."""
    found: Counter[tuple[int, str]] = Counter()
    cells = json.loads((ROOT / path).read_text(encoding="utf-8"))["cells"]
    for number, cell in enumerate(cells):
        for output in cell.get("outputs", []):
            data = output.get("data") or {"text/plain": output.get("text", "")}
            for mime in ("text/html", "text/markdown", "text/plain", "image/svg+xml"):
                if mime not in data:
                    continue
                if mime == "text/plain" and any(
                        m in data for m in ("text/html", "image/svg+xml",
                                            "application/vnd.jupyter.widget-view+json")):
                    continue
                text = _text(data[mime])
                if mime in ("text/html", "image/svg+xml"):
                    text = PENDING.sub(" ", text)
                    text = re.sub(r"<(style|script)\b.*?</\1>", " ", text, flags=re.S)
                    text = html.unescape(re.sub(r"<[^>]*>", " ", text))
                text = re.sub(r"`[^`]*`", " ", text)
                found.update((number, w) for w in _WORD.findall(text) if w not in ALLOWED)
    return found


def test_the_scanner_finds_english() -> None:
    """The scan can fail: the English edition of lesson 08 is full of English words."""
    assert sum(english_words("notebooks/08_play_and_what_if.ipynb").values()) > 500


@pytest.mark.parametrize("path", NOTEBOOKS)
def test_a_chinese_notebook_shows_no_english(path: str) -> None:
    words = english_words(path)
    assert not words, f"{path}: English in cells' outputs: {sorted(words)[:40]}"


@pytest.fixture(scope="module")
def bot_review():  # type: ignore[no-untyped-def]
    """The coach's review of a random bot's hand (it has an inaccuracy, and a claim)."""
    from tutor.coach import review
    from tutor.core.variant import Variant
    from tutor.game.simulate import play_hand

    return review(play_hand(Variant.HUANGYAN, seed=11, bots=["sensible", "random"]), "S")


def _shown(found: object) -> str:
    """A review's text, its moves and its HTML (tile pictures left out), as the golden file."""
    drawn = found._repr_html_()  # type: ignore[attr-defined]
    html_text = re.sub(r"<svg.*?</svg>", "<svg/>", drawn, flags=re.S)
    moves = "\n".join(str(d.played) for d in found.decisions)  # type: ignore[attr-defined]
    return f"{found}\n{moves}\n{html_text}\n"


def test_the_english_review_is_unchanged(bot_review: object) -> None:
    with using_language("en"):
        assert _shown(bot_review) == golden("review_huangyan_s11", "en").read_text(
            encoding="utf-8")


def test_the_chinese_review(bot_review: object) -> None:
    with using_language("zh"):
        text = _shown(bot_review)
    text = re.sub(r'<[^>]*>', " ", text)
    assert not set(_WORD.findall(text)), sorted(set(_WORD.findall(text)))
    assert "南家的打法点评" in text and "：欠佳。" in text
