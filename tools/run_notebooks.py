"""Run the course's notebooks in place, as the test suite checks them (``make notebooks``).

Each notebook runs in its own folder with a fresh, empty progress store and ``TUTOR_LANG=en``
(a Chinese notebook sets its own language in its first code cell), then consecutive writes to
one stream are joined into one output, as nbval compares them, and widgets are left out (each
keeps its placeholder text: ``without_widgets``). Two notebooks run at once.

    python tools/run_notebooks.py                 # every notebook of both editions
    python tools/run_notebooks.py notebooks/zh/apps/practice.ipynb ...
"""

from __future__ import annotations

import os
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
WIDGET = "application/vnd.jupyter.widget-view+json"


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def coalesce(outputs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Consecutive writes to one stream as one output; empty writes dropped."""
    out: list[dict[str, Any]] = []
    for output in outputs:
        if output.get("output_type") == "stream":
            text = _text(output.get("text", ""))
            if not text:
                continue
            if out and out[-1].get("output_type") == "stream" and out[-1]["name"] == output["name"]:
                out[-1]["text"] = _text(out[-1]["text"]) + text
                continue
            output = {**output, "text": text}
        out.append(output)
    return out


def without_widgets(outputs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The outputs with no widget in them: each view keeps its placeholder text (what will be
    there once the notebook runs) and the metadata naming it. A saved widget would be drawn by
    a trusted notebook's JupyterLab as if it worked, answering nothing until the notebook runs
    (or wait for ever, "Loading widget..."), so the learner would type into a dead exercise."""
    out = []
    for output in outputs:
        data = output.get("data")
        if isinstance(data, dict) and WIDGET in data:
            output = {**output, "data": {k: v for k, v in data.items() if k != WIDGET}}
        out.append(output)
    return out


def run(path: str) -> str:
    import nbformat
    from nbconvert.preprocessors import ExecutePreprocessor

    notebook = Path(path).resolve()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["MAHJONG_TUTOR_PROGRESS"] = str(Path(folder) / "progress.sqlite3")
        os.environ["TUTOR_LANG"] = "en"
        nb = nbformat.read(notebook, as_version=4)
        ExecutePreprocessor(timeout=900, kernel_name="python3").preprocess(
            nb, {"metadata": {"path": str(notebook.parent)}})
    for cell in nb.cells:
        if cell.cell_type == "code":
            cell.outputs = [nbformat.from_dict(o) for o in without_widgets(coalesce(cell.outputs))]
    nb.metadata.pop("widgets", None)  # the widgets' saved state: nothing shows it now
    nbformat.write(nb, notebook)
    return str(notebook.relative_to(ROOT))


def main(argv: list[str]) -> int:
    paths = argv or sorted(str(p) for p in (ROOT / "notebooks").rglob("*.ipynb")
                           if ".ipynb_checkpoints" not in p.parts)
    with ProcessPoolExecutor(max_workers=2) as pool:
        for done in pool.map(run, paths):
            print("ran", done, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
