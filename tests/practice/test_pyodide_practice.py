"""Generated practice and the progress store must work in a browser kernel: run them under
Pyodide (in Node.js, with the harness of ``tests/pyodide``) and compare with CPython.

This also guards the store against a hostile file that would crash Pyodide's JSON reader
(deep nesting). Skips without Node.js or Pyodide, except under CI, like ``tests/pyodide``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
HARNESS = ROOT / "tests" / "pyodide"


def _last_line(*command: str) -> str:
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600,
                          check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip().splitlines()[-1]


def test_practice_gives_the_same_exercises_under_pyodide() -> None:
    node = shutil.which("node")
    missing = ("Node.js is not installed" if node is None else
               "Pyodide is not installed (make test runs npm ci in tests/pyodide)"
               if not (HARNESS / "node_modules" / "pyodide").is_dir() else None)
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"the Pyodide test must run in CI, but {missing}")
        pytest.skip(missing)
    assert node is not None
    script = str(HERE / "pyodide_practice.py")
    in_pyodide = json.loads(_last_line(node, str(HARNESS / "run.mjs"), str(ROOT), script))
    in_cpython = json.loads(_last_line(sys.executable, script))
    assert in_pyodide == in_cpython
    assert len(in_cpython["items"]) == 48
    assert in_cpython["progress"] == [1, 3] == in_cpython["snapshot"]
    assert in_cpython["broken"] is True
