"""Fixtures for the real-browser tests: a Voila server on loopback and Debian's Chromium.

Without Chromium (or Voila/Playwright) the tests skip, except under CI, where they must run:
``make test`` installs Chromium when it can (as root, from Debian's packages).
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
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


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def serve(notebook: Path, timeout: float = 180.0) -> tuple[subprocess.Popen[bytes], str]:
    """Start Voila on ``notebook`` (loopback only) and wait until it answers."""
    port = _free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1", "--show_tracebacks=True"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"voila exited with status {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return process, url
        except OSError:
            time.sleep(0.5)
    process.terminate()
    raise RuntimeError(f"voila did not answer on {url} within {timeout:.0f} s")
