"""A saved notebook keeps no widget, only what a learner can use before it runs.

JupyterLab draws a trusted notebook's saved widget as if it worked (``tutor lab`` and the site
trust the course): an exercise that answers nothing until the notebook runs, every part marked
disconnected; or it waits on it for ever ("Loading widget..."). So ``tools/run_notebooks.py``
leaves widgets out: each view's place holds its placeholder text (what will be there once the
notebook runs, in the notebook's language) and its output's metadata names the view (an
exercise's also holds its key and fingerprint: ``test_answers_held_back``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAVED = sorted(p for p in (ROOT / "notebooks").rglob("*.ipynb")
               if ".ipynb_checkpoints" not in p.parts)
WIDGET = "application/vnd.jupyter.widget-view+json"
CHINESE = re.compile(r"[\u4e00-\u9fff]")


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def views(path: Path) -> Iterator[tuple[dict[str, Any], str]]:
    """Each output that stands for a view: its metadata, and the text it keeps."""
    notebook = json.loads(path.read_text("utf-8"))
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            kept = output.get("metadata", {}).get("tutor", {})
            if "view" in kept:
                yield kept, _text(output.get("data", {}).get("text/plain", ""))


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT / "notebooks"))


@pytest.mark.parametrize("path", SAVED, ids=_name)
def test_a_saved_notebook_keeps_no_widget(path: Path) -> None:
    notebook = json.loads(path.read_text("utf-8"))
    assert "widgets" not in notebook["metadata"], "the widgets' saved state"
    saved = [n for n, cell in enumerate(notebook["cells"]) for output in cell.get("outputs", [])
             if WIDGET in output.get("data", {})]
    assert saved == [], f"cells {saved} keep a widget: python tools/run_notebooks.py {path}"


@pytest.mark.parametrize("path", SAVED, ids=_name)
def test_each_view_keeps_its_placeholder_in_the_notebooks_language(path: Path) -> None:
    chinese = "zh" in path.relative_to(ROOT / "notebooks").parts
    for kept, text in views(path):
        assert text.strip(), f"{kept['view']} keeps no text"
        if chinese:
            assert CHINESE.search(text) and "Here you will find" not in text, text
        elif kept["view"] == "CheckAnswer":
            assert text.startswith("Exercise") and "(Run the notebook to answer" in text, text
        else:
            assert text.startswith("Here you will find ") and "once the notebook runs" in text, text
