"""No committed notebook shows a worked answer: each exercise's answer lives in its check widget
(shown on *Show answer* or after three wrong tries), and the notebook stores only the question and
a fingerprint of the answer.

Folding an output (``outputs_hidden``) hides nothing: JupyterLab previews its first line and Run
All unfolds it, so no cell may be folded either.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tutor.exercises.catalog import NOTEBOOKS, all_exercises, exercises_of

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK_FILES = sorted((ROOT / "notebooks").glob("**/*.ipynb"))
ANSWER_LINE = re.compile(r"^\s*(Worked answer|Answer)\s*:", re.MULTILINE)


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def output_texts(notebook: dict[str, Any]) -> list[str]:
    """Every text a notebook's stored outputs hold (streams, plain text, HTML, markdown, SVG)."""
    texts = []
    for cell in notebook["cells"]:
        for output in cell.get("outputs", []):
            if "text" in output:
                texts.append(_text(output["text"]))
            texts += [_text(v) for k, v in output.get("data", {}).items()
                      if k.startswith(("text/", "image/svg"))]
            if output.get("output_type") == "error":
                texts.append("\n".join(output.get("traceback", [])))
    return texts


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("path", NOTEBOOK_FILES, ids=lambda p: p.name)
def test_no_output_shows_an_answer(path: Path) -> None:
    notebook = _load(path)
    texts = output_texts(notebook)
    shown = [m.group(0) for text in texts for m in ANSWER_LINE.finditer(text)]
    assert not shown, f"{path.name}: {len(shown)} worked answer(s) in the stored outputs"
    explanations = {ex.key: ex.explanation for ex in all_exercises().values()}
    sources = ["".join(cell["source"]) for cell in notebook["cells"]]
    for key, explanation in explanations.items():
        for text in texts + sources:
            assert explanation not in text, f"{path.name} shows the worked answer of {key}"
    folded = [i for i, cell in enumerate(notebook["cells"])
              if cell.get("metadata", {}).get("jupyter", {}).get("outputs_hidden")]
    assert not folded, f"{path.name}: cells {folded} fold their outputs (a preview still shows)"


@pytest.mark.parametrize("edition", ["", "zh/"], ids=["en", "zh"])
@pytest.mark.parametrize("name", [n for n in NOTEBOOKS if exercises_of(n)])
def test_each_exercise_is_stored_as_its_fingerprint(name: str, edition: str) -> None:
    """The notebook asks its exercises in order, each stored (in its output's metadata, beside
    the question's text) with its answer's fingerprint: a changed answer fails here until the
    notebook is run again."""
    notebook = _load(ROOT / "notebooks" / f"{edition}{name}.ipynb")
    stored = [(kept["exercise"], kept["fingerprint"]) for cell in notebook["cells"]
              for output in cell.get("outputs", [])
              if "exercise" in (kept := output.get("metadata", {}).get("tutor", {}))]
    assert stored == [(ex.key, ex.fingerprint()) for ex in exercises_of(name)]
