"""Fixtures for the real-browser tests: a Voila server on loopback and Debian's Chromium.

Without Chromium (or Voila/Playwright) the tests skip, except under CI, where they must run:
``make test`` installs Chromium when it can (as root, from Debian's packages).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def _missing() -> str | None:
    if not Path(CHROMIUM).exists():
        return "Debian's chromium is not installed"
    for module in ("voila", "playwright"):
        try:
            __import__(module)
        except ImportError:
            return f"{module} is not installed"
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    missing = _missing()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"the browser test must run in CI, but {missing}")
        pytest.skip(missing)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"])
        yield chromium
        chromium.close()
