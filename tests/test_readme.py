"""The README stays true: its command-line examples run and exit 0."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from tutor.cli import main

ROOT = Path(__file__).resolve().parents[1]
COMMANDS = [line.removeprefix("$ tutor ").split("  #")[0].strip()
            for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
            if line.startswith("$ tutor ")]


def test_readme_has_examples() -> None:
    assert len(COMMANDS) >= 5


@pytest.mark.parametrize("command", COMMANDS)
def test_readme_command_runs(command: str, monkeypatch: pytest.MonkeyPatch,
                             capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(ROOT)
    args = shlex.split(command)
    if args[0] == "simulate":  # one process and no progress bar inside the test run
        args += ["--workers", "1", "--no-progress"]
        args = [re.sub(r"^500$", "50", a) for a in args]
    assert main(args) == 0
    assert capsys.readouterr().out.strip()
