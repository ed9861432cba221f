"""A learner can follow notebooks 00-08 without reading or writing Python.

The *learner's path* of a notebook is every cell before its first "For programmers" heading
(the what-if and engine sections for readers who want code come after it). On the path:

* no code cell shows its code, unless it is one line that builds a widget or a picture (a code
  cell hides its input with the ``jupyter.source_hidden`` cell metadata);
* no stored output is a dump: plain text (a printed stream, or a result with no HTML, picture
  or widget form) of more than :data:`MOST_LINES` lines, a ``field_name value`` line of a
  ruleset, a dataclass repr, or a list of ``... pays ...`` lines; payments are tables;
* no text tells the learner to call ``dataclasses.replace``;
* the path ends with a "Recap" section that says what comes next.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("0*.ipynb"))
PROGRAMMERS = re.compile(r"^#+ .*\bFor programmers\b", re.MULTILINE | re.IGNORECASE)
HEADING = re.compile(r"^(#+) (.*)$", re.MULTILINE)
#: The most lines of plain text an output on the path may hold.
MOST_LINES = 8
#: The most "... pays ..." lines a plain-text output on the path may hold (payments are tables).
MOST_PAYS = 2
RICH = ("text/html", "image/svg+xml", "image/png", "application/vnd.jupyter.widget-view+json",
        "text/markdown")
FIELD_DUMP = re.compile(r"^\s*[a-z]+(_[a-z0-9]+)+\s*[:=]?\s+\S+\s*$", re.MULTILINE)
DATACLASS_REPR = re.compile(r"\b[A-Z][A-Za-z]+\((\w+=|<Wind\.)")
PAYS = re.compile(r"\bpays\b")


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def load(path: Path) -> list[dict[str, Any]]:
    cells: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return cells


def learner_path(cells: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The cells before the first "For programmers" heading."""
    for n, cell in enumerate(cells):
        if cell["cell_type"] == "markdown" and PROGRAMMERS.search(_text(cell["source"])):
            return cells[:n]
    return cells


def visible_code(cell: dict[str, Any]) -> bool:
    """A code cell whose input a learner sees (and has to read) on opening the notebook."""
    if cell["cell_type"] != "code":
        return False
    if cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"):
        return False
    lines = [line for line in _text(cell["source"]).splitlines() if line.strip()]
    builds = any(is_view(output) or "image/svg+xml" in output.get("data", {})
                 for output in cell.get("outputs", []))
    return not (len(lines) == 1 and builds)


def is_view(output: dict[str, Any]) -> bool:
    """A widget's output: a saved notebook keeps its placeholder text and names the view in the
    output's metadata (``tutor.display.widgets.base.VIEW_KEY``); a live one holds the widget."""
    return ("view" in output.get("metadata", {}).get("tutor", {})
            or "application/vnd.jupyter.widget-view+json" in output.get("data", {}))


def plain_outputs(cell: dict[str, Any]) -> list[str]:
    """The outputs a learner reads as plain text: streams, and results with no richer form."""
    out = []
    for output in cell.get("outputs", []):
        if output.get("output_type") == "stream":
            out.append(_text(output["text"]))
        data = output.get("data", {})
        if "text/plain" in data and not any(kind in data for kind in RICH) and not is_view(output):
            out.append(_text(data["text/plain"]))
    return out


def dump_problems(text: str) -> list[str]:
    problems = []
    lines = text.rstrip("\n").splitlines()
    if len(lines) > MOST_LINES:
        problems.append(f"{len(lines)} lines of plain text")
    field = FIELD_DUMP.search(text)
    if field:
        problems.append(f"a field dump ({field.group(0).strip()!r})")
    if DATACLASS_REPR.search(text):
        problems.append("a dataclass repr")
    if len(PAYS.findall(text)) > MOST_PAYS:
        problems.append("a printed list of payments")
    return problems


def path_problems(cells: list[dict[str, Any]]) -> list[str]:
    """Everything on a notebook's learner path that needs Python to follow."""
    path = learner_path(cells)
    problems = [f"cell {n}: visible code" for n, cell in enumerate(path) if visible_code(cell)]
    for n, cell in enumerate(path):
        for text in plain_outputs(cell):
            problems += [f"cell {n}: {p}" for p in dump_problems(text)]
        if cell["cell_type"] == "markdown" and "dataclasses.replace" in _text(cell["source"]):
            problems.append(f"cell {n}: tells the learner to call dataclasses.replace")
    headings = [(n, m.group(2)) for n, cell in enumerate(path) if cell["cell_type"] == "markdown"
                for m in HEADING.finditer(_text(cell["source"]))]
    if not headings or not headings[-1][1].strip().lower().startswith("recap"):
        problems.append("the learner's path does not end with a Recap section")
    else:
        recap = _text(path[headings[-1][0]]["source"])
        if not re.search(r"^Next\b|finished the course", recap, re.MULTILINE):
            problems.append("the recap does not say what comes next")
    return problems


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_the_learner_path_needs_no_python(path: Path) -> None:
    problems = path_problems(load(path))
    assert not problems, f"{path.name}: " + "; ".join(problems)


def test_the_check_finds_what_a_non_programmer_cannot_follow() -> None:
    """The checks fail on the kinds of cells the course used to show."""
    def code(source: str, text: str = "", **metadata: Any) -> dict[str, Any]:
        outputs = [{"output_type": "stream", "name": "stdout", "text": text}] if text else []
        return {"cell_type": "code", "source": source, "metadata": metadata, "outputs": outputs}

    def markdown(source: str) -> dict[str, Any]:
        return {"cell_type": "markdown", "source": source, "metadata": {}}

    recap = markdown("## Recap\n\n* one thing\n\nNext: [2. More](02_more.ipynb).")
    hidden = {"jupyter": {"source_hidden": True}}
    assert path_problems([markdown("# 1. A lesson"), recap]) == []
    dump = "exposed_pong_terminal_honor 4\nconcealed_pong 8\n"
    assert any("field dump" in p for p in path_problems([code("print(rules)", dump, **hidden),
                                                       recap]))
    pays = "".join(f"[chicken] East pays South {n}\n" for n in range(20))
    found = path_problems([code("print(result.ledger)", pays, **hidden), recap])
    assert any("payments" in p for p in found) and any("lines" in p for p in found)
    assert path_problems([code("x = 1\ny = 2"), recap]) == ["cell 0: visible code"]
    assert path_problems([code("replace(R, x=1)", "Reckoning(dealer=<Wind.EAST: 1>)", **hidden),
                          recap]) == ["cell 0: a dataclass repr"]
    assert path_problems([markdown("# 1.\n## Recap\n* a")]) == [
        "the recap does not say what comes next"]
    assert path_problems([recap, markdown("## More")]) == [
        "the learner's path does not end with a Recap section"]
    # after the "For programmers" heading, code is welcome
    assert path_problems([recap, markdown("## For programmers: what if?"),
                          code("x = 1\ny = 2", dump)]) == []
