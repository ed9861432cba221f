"""The tile widgets in JupyterLab itself (not only Voila): a notebook opens unmodified (its
stored kernelspec is what JupyterLab writes), Run All draws the hand builder from the installed
package, a click works, and nothing is fetched from outside the machine."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from .page import LOCAL
from .voila import ROOT, _free_port

pytestmark = pytest.mark.browser


def _lab(tmp: Path) -> tuple[subprocess.Popen[bytes], str]:
    """JupyterLab on a copy of the app notebook (JupyterLab may save what it runs)."""
    port = _free_port()
    (tmp / "apps").mkdir()
    shutil.copy(ROOT / "notebooks" / "apps" / "hand_builder.ipynb", tmp / "apps")
    args = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
            "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
            f"--ServerApp.root_dir={tmp}", f"--LabApp.workspaces_dir={tmp / 'lab'}",
            f"--LabApp.user_settings_dir={tmp / 'lab'}"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--allow-root")
    process = subprocess.Popen(args, cwd=ROOT, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"jupyter lab exited with status {process.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/api", timeout=5):
                return process, url
        except OSError:
            time.sleep(0.5)
    process.terminate()
    raise RuntimeError("jupyter lab did not answer within 240 s")


def test_the_hand_builder_in_jupyterlab(browser: Any, tmp_path: Path) -> None:
    process, url = _lab(tmp_path)
    page = browser.new_page(viewport={"width": 1600, "height": 1000})
    outside: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(LOCAL) else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{url}/lab/tree/apps/hand_builder.ipynb?reset", timeout=240_000)
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=240_000)
        page.wait_for_timeout(2000)
        assert page.locator(".lm-TabBar-tab.jp-mod-dirty").count() == 0, "opened modified"
        page.click(".lm-MenuBar-itemLabel:text-is('Run')")
        page.click(".lm-Menu-itemLabel:text-is('Run All Cells')")
        page.wait_for_selector(".mt-picker .mt-pick-area .mt-tile", timeout=120_000)
        page.click(".mt-pick-area .mt-tile[data-tile='9m']")
        page.wait_for_function(
            "document.querySelector('.tutor-analysis .tutor-waits') !== null", timeout=60_000)
        assert outside == [] and errors == []
    finally:
        page.close()
        process.terminate()
        process.wait(timeout=30)
