"""Shared pytest configuration for the whole suite (kept small on purpose)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Deterministic hypothesis runs with a modest budget: the suite must stay fast on a 2-core CI box.
settings.register_profile(
    "tutor",
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "tutor"))

# The suite reads English (tests/i18n switches to Chinese where it checks the translations); the
# notebooks' kernels and the command's subprocesses inherit it.
os.environ["TUTOR_LANG"] = "en"


def pytest_configure(config: pytest.Config) -> None:
    # Exercises the tests solve are recorded in a temporary progress file (the notebooks' kernels
    # inherit it), never in the user's own ~/.mahjong-tutor/progress.sqlite3.
    folder = tempfile.mkdtemp(prefix="tutor-progress-")
    os.environ["MAHJONG_TUTOR_PROGRESS"] = str(Path(folder) / "progress.sqlite3")
    config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))
    # nbval opens its sanitize file relative to the current directory: anchor it at the root.
    path = getattr(config.option, "nbval_sanitize_with", None)
    if path and not os.path.isabs(path):
        config.option.nbval_sanitize_with = str(config.rootpath / path)
