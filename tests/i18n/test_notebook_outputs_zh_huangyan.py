"""The Chinese Huangyan lessons (03-05) show Chinese in their committed outputs (issue 27).

What a learner sees of a cell's output is read as the issue's scanner reads it: HTML and SVG
without their tags, styles and scripts, markdown, and plain text only where nothing richer is
shown; code in backticks, tile notation (``123m``, ``5z``) and the players' names of lesson 04
are not English words. Every table the package draws (its caption, headings and cells: payments,
nets, the lessons' tables) must show none; the rest of each notebook may show no more English
than it did when this test was written (what is left is listed in the issue).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ZH = Path(__file__).resolve().parents[2] / "notebooks" / "zh"
#: tile notation, the corner index of a White Dragon, and lesson 04's four players
_KEPT = re.compile(r"(?<![A-Za-z])(?:[0-9]+[mpsz]|Wh|Ann|Bao|Cai|Dev)(?![A-Za-z])")
_WORD = re.compile(r"[A-Za-z]{2,}")
_SHOWN = ("text/html", "text/markdown", "text/plain", "image/svg+xml")


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def seen(output: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """The (mime type, text) pairs a learner reads in one output, as the scanner reads them."""
    data = output.get("data") if "data" in output else {"text/plain": output.get("text", "")}
    assert isinstance(data, dict)
    for mime in _SHOWN:
        if mime not in data:
            continue
        if mime == "text/plain" and any(m in data for m in ("text/html", "image/svg+xml",
                                        "application/vnd.jupyter.widget-view+json")):
            continue
        yield mime, _text(data[mime])


def english(text: str, markup: bool = True) -> list[str]:
    if markup:
        text = re.sub(r"<(style|script).*?</\1>", " ", text, flags=re.S)
        text = html.unescape(re.sub(r"<[^>]*>", " ", text))
    text = re.sub(r"`[^`]*`", " ", text)
    return _WORD.findall(_KEPT.sub(" ", text))


def outputs(name: str) -> Iterator[tuple[int, str, str]]:
    notebook = json.loads((ZH / f"{name}.ipynb").read_text(encoding="utf-8"))
    for number, cell in enumerate(notebook["cells"]):
        for output in cell.get("outputs", []):
            for mime, text in seen(output):
                yield number, mime, text


def tables(text: str) -> list[str]:
    """The tables in an HTML output."""
    return re.findall(r"<table.*?</table>", text, flags=re.S)


NOTEBOOKS = ["03_huangyan_scoring", "04_huangyan_reckoning", "05_live_tile_stage"]
#: the English words each notebook still shows (scanner's count, tile notation and players'
#: names left out): it may only go down. Lesson 03's are the rule book's table (its English
#: column, 57), the class name that begins a view's summary in its programmers' cells,
#: ``RulesError`` and ``None``; lesson 04's that class name
CEILING = {"03_huangyan_scoring": 65, "04_huangyan_reckoning": 1,
           "05_live_tile_stage": 0}


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_the_tables_show_no_english(name: str) -> None:
    found = []
    for number, mime, text in outputs(name):
        if mime != "text/html":
            continue
        for table in tables(text):
            words = english(table)
            if words:
                found.append((number, sorted(set(words))))
    assert found == [], found


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_no_more_english_than_before(name: str) -> None:
    words = [w for _n, mime, text in outputs(name)
             for w in english(text, markup=mime in ("text/html", "image/svg+xml"))]
    assert len(words) <= CEILING[name], sorted(set(words))


def test_the_check_can_fail() -> None:
    payer = '<table class="tutor-table tutor-payments"><thead><tr><th>payer</th></tr></thead>'
    assert english(tables(payer + "</table>")[0]) == ["payer"]
    assert english("<p>123m 5z `code` Ann 东家</p>") == []
