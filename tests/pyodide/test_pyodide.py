"""The engine is pure Python and must run in the browser: run it under Pyodide (in Node.js)
and check it gives exactly what CPython gives, down to whole bot-played hands.

``make test`` installs Pyodide from the npm registry into ``tests/pyodide/node_modules`` when
Node.js is present; without it this test skips, except under CI, where it must run.
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


def _run(*command: str) -> str:
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600,
                          check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip().splitlines()[-1]


def test_engine_gives_the_same_answers_under_pyodide() -> None:
    node = shutil.which("node")
    missing = ("Node.js is not installed" if node is None else
               "Pyodide is not installed (make test runs npm ci in tests/pyodide)"
               if not (HERE / "node_modules" / "pyodide").is_dir() else None)
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"the Pyodide test must run in CI, but {missing}")
        pytest.skip(missing)
    assert node is not None
    script = str(HERE / "smoke.py")
    in_pyodide = json.loads(_run(node, str(HERE / "run.mjs"), str(ROOT), script))
    in_cpython = json.loads(_run(sys.executable, script))
    assert in_pyodide == in_cpython
    assert in_cpython["waits"] == ["3m", "6m", "4p", "7p", "7s", "7z"]  # the rule text's example
    assert "西家点炮包赔" in in_cpython["chinese"]  # the translations load in both
