"""The Chinese lessons 06 (Hangzhou) and 07 (Guiyang) show no English in their committed outputs,
apart from the rule book's tables (whose English column is meant: ``Table`` outputs), the cells
listed in ``_ELSEWHERE`` (a wait analysis or a repr, kept English as code) and a few
names.

What a learner sees is read from each output: text/html and svg stripped of tags, markdown,
plain text where nothing richer exists; a widget's plain-text repr is not seen."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = ["06_hangzhou_jokers.ipynb", "07_guiyang_chickens.ipynb"]

#: a cell whose source holds one of these shows English made by code not translated yet here
_ELSEWHERE = (
    "print(waits(",  # a wait analysis's str() (tutor.core.waits)
    "print(repr(",  # a repr is code
)
#: names kept in Chinese: programs, classes and the MIL fan model's source
_NAMES = {"MIL", "RulesError", "GuiyangRules", "True", "False"}
_WORD = re.compile(r"[A-Za-z]{2,}")


def _seen(output: dict[str, Any]) -> list[str]:
    data = output.get("data", {}) if "data" in output else {"text/plain": output.get("text", "")}
    if "".join(data.get("text/plain", "")).startswith(("Table: ", "表：")):
        return []  # a rule book's table (tutor.docs.pictures.Table): its English column is meant
    texts = []
    for mime in ("text/html", "text/markdown", "text/plain", "image/svg+xml"):
        if mime not in data:
            continue
        text = "".join(data[mime]) if isinstance(data[mime], list) else data[mime]
        if mime in ("text/html", "image/svg+xml"):
            text = re.sub(r"<(style|script).*?</\1>", " ", text, flags=re.S)
            text = html.unescape(re.sub(r"<[^>]*>", " ", text))
        elif mime == "text/plain" and any(
                rich in data for rich in ("text/html", "image/svg+xml",
                                          "application/vnd.jupyter.widget-view+json")):
            continue
        texts.append(re.sub(r"`[^`]*`|\b\w+_\w+\b", " ", text))  # code names
    return texts


def english_words(notebook: dict[str, Any], *, everywhere: bool = False) -> dict[int, set[str]]:
    """The English words each code cell's outputs show (outside ``_ELSEWHERE`` unless
    ``everywhere``)."""
    found: dict[int, set[str]] = {}
    for number, cell in enumerate(notebook["cells"]):
        source = "".join(cell.get("source", ""))
        if not everywhere and any(mark in source for mark in _ELSEWHERE):
            continue
        words = {w for output in cell.get("outputs", []) for text in _seen(output)
                 for w in _WORD.findall(text)} - _NAMES
        if words:
            found[number] = words
    return found


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_chinese_lesson_shows_no_english(lesson: str) -> None:
    notebook = json.loads((NOTEBOOKS / "zh" / lesson).read_text("utf-8"))
    assert english_words(notebook) == {}


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_check_can_fail(lesson: str) -> None:
    """The English edition is full of English words; an English caption planted in a Chinese
    table is found, in a cell that also shows a rule book's table."""
    english = json.loads((NOTEBOOKS / lesson).read_text("utf-8"))
    assert len(english_words(english)) > 5
    chinese = json.loads((NOTEBOOKS / "zh" / lesson).read_text("utf-8"))
    number, cell = next((n, c) for n, c in enumerate(chinese["cells"])
                        if any("".join(o.get("data", {}).get("text/plain", "")).startswith("表：")
                               for o in c.get("outputs", [])))
    cell["outputs"].append({"output_type": "display_data", "metadata": {}, "data": {
        "text/html": "<table><caption>every payment</caption><tr><td>胡牌</td></tr></table>",
        "text/plain": "every payment"}})
    assert english_words(chinese) == {number: {"every", "payment"}}
