"""The course as a newcomer opens it: JupyterLab on a fresh copy of the notebooks.

* Untrusted (as a clone opened with plain ``jupyter lab``): no placeholder text such as
  ``<IPython.core.display.SVG object>`` in any notebook before a cell runs, and no worked answer
  on screen in a notebook with exercises, neither when it opens nor after Run All; Run All gives
  no error output and no console error.
* Trusted (as ``make lab`` and ``tutor lab`` leave it): notebook 01's stored pictures are drawn
  before a cell runs.

Both editions, the English and the Chinese (``zh/``). Screenshots of 00, 01, 04, 06, 07 and 08
(``zh-`` before the Chinese ones) go to the folder in ``MAHJONG_TUTOR_SHOTS`` when it is set.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tutor.exercises.catalog import NOTEBOOKS, exercises_of
from tutor.lab import QUIET_SERVER, lab_settings

from .page import LOCAL
from .voila import ROOT, _free_port

pytestmark = pytest.mark.browser

PLACEHOLDER = "<IPython.core.display"
ANSWER_LINE = re.compile(r"(^|\n)\s*(Worked answer|Answer)\s*:")
SHOTS = {"00_start_here", "01_how_a_hand_is_played", "04_huangyan_reckoning",
         "06_hangzhou_jokers", "07_guiyang_chickens", "08_play_and_what_if"}


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """JupyterLab serving ``fresh/``, an untrusted copy of the course, with a trust store and a
    progress file of its own."""
    tmp = tmp_path_factory.mktemp("lab")
    env = dict(os.environ, JUPYTER_DATA_DIR=str(tmp / "data"),
               MAHJONG_TUTOR_PROGRESS=str(tmp / "progress.json"))
    shutil.copytree(ROOT / "notebooks", tmp / "fresh")
    # every cell in the page, so that the checks read the whole notebook (JupyterLab otherwise
    # leaves cells out of the page until they are scrolled to)
    tracker = tmp / "lab" / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True)
    (tracker / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')
    port = _free_port()
    args = [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
            "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
            "--ServerApp.disable_check_xsrf=True",  # the test shuts kernels down by REST
            f"--ServerApp.root_dir={tmp}", f"--LabApp.workspaces_dir={tmp / 'lab'}",
            f"--LabApp.user_settings_dir={tmp / 'lab'}",
            # as ``tutor lab`` starts it: JupyterLab's announcements off (no news toast)
            f"--LabApp.app_settings_dir={lab_settings(tmp / 'fresh', 'en')}", *QUIET_SERVER]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        args.append("--allow-root")
    process = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 240
        while True:
            if process.poll() is not None:
                raise RuntimeError(f"jupyter lab exited with status {process.returncode}")
            try:
                with urllib.request.urlopen(f"{url}/api", timeout=5):
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("jupyter lab did not answer within 240 s") from None
                time.sleep(0.5)
        yield url, tmp
    finally:
        process.terminate()
        process.wait(timeout=30)


class Notebook:
    """One notebook open in a page, watched for page errors and requests off the machine."""

    def __init__(self, browser: Any, url: str, path: str, size: tuple[int, int]) -> None:
        self.page = browser.new_page(viewport={"width": size[0], "height": size[1]})
        self.problems: list[str] = []
        self.page.on("pageerror", lambda e: self.problems.append(f"page error: {e}"))
        self.page.on("console", self._console)
        self.page.on("request", lambda r: self.problems.append(f"request: {r.url}")
                     if not r.url.startswith(LOCAL) else None)
        self.page.goto(f"{url}/lab/tree/{path}?reset", timeout=240_000)
        self.page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=240_000)
        self.page.wait_for_timeout(1500)
        self.problems += [f"a notification over the lesson: {text!r}"
                          for text in self.page.locator(".Toastify__toast").all_inner_texts()]

    def _console(self, message: Any) -> None:
        # The JupyterLite kernel extension, installed beside JupyterLab when the test machine
        # also builds the site (not in a learner's ``make lab``), fails to load in JupyterLab.
        if message.type == "error" and "@jupyterlite/" not in message.text:
            self.problems.append(f"console: {message.text}")

    def text(self) -> str:
        """Everything the notebook's cells hold in the page (inputs, outputs, fold previews)."""
        return str(self.page.eval_on_selector(".jp-NotebookPanel:not(.lm-mod-hidden)",
                                              "e => e.textContent"))

    def run_all(self, exercises: int) -> None:
        self.page.wait_for_selector(".jp-StatusBar-TextItem:has-text('| Idle')",
                                    timeout=240_000)  # the kernel has started
        self.page.click(".lm-MenuBar-itemLabel:text-is('Run')")
        self.page.click(".lm-Menu-itemLabel:text-is('Run All Cells')")
        self.page.wait_for_function(
            """n => document.querySelectorAll('.tutor-exercise').length >= n &&
                   ![...document.querySelectorAll('.jp-InputPrompt')]
                       .some(e => e.textContent.includes('*'))""",
            arg=exercises, timeout=300_000)
        self.page.wait_for_timeout(1500)

    def errors_shown(self) -> int:
        return int(self.page.locator(
            ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']").count())

    def shot(self, name: str) -> None:
        """A screenshot of the notebook's top into ``MAHJONG_TUTOR_SHOTS``, if set."""
        folder = os.environ.get("MAHJONG_TUTOR_SHOTS")
        if folder:
            self.page.evaluate("document.querySelectorAll('.jp-WindowedPanel-outer')"
                               ".forEach(e => { e.scrollTop = 0; })")
            self.page.wait_for_timeout(500)
            Path(folder).mkdir(parents=True, exist_ok=True)
            self.page.screenshot(path=str(Path(folder) / f"{name}.png"))

    def close(self, url: str) -> None:
        """Close the page and shut its kernel down (the next notebook starts its own)."""
        self.page.close()
        with urllib.request.urlopen(f"{url}/api/sessions", timeout=30) as answer:
            sessions = json.load(answer)
        for session in sessions:
            request = urllib.request.Request(f"{url}/api/sessions/{session['id']}",
                                             method="DELETE")
            with urllib.request.urlopen(request, timeout=30):
                pass


def _answers(notebook: str) -> list[str]:
    return [ex.explanation for ex in exercises_of(notebook)]


def _no_answer_in(text: str, notebook: str) -> None:
    assert not ANSWER_LINE.search(text), f"{notebook}: a worked answer is on screen"
    for explanation in _answers(notebook):
        assert explanation not in text, f"{notebook}: a worked answer is on screen"


# Both editions: the Chinese one (notebooks/zh/) runs the same code after its language cell, so
# the same checks hold; the worked-answer check that reads no words (.tutor-worked-answer empty)
# is the one that speaks every language.
@pytest.mark.parametrize("edition", ["", "zh/"], ids=["en", "zh"])
@pytest.mark.parametrize("name", list(NOTEBOOKS))
def test_a_fresh_untrusted_notebook_before_and_after_run_all(
        browser: Any, lab: tuple[str, Path], name: str, edition: str) -> None:
    url, _ = lab
    sizes = [(1920, 1080), (1280, 720)] if name in SHOTS else [(1600, 1000)]
    notebook = Notebook(browser, url, f"fresh/{edition}{name}.ipynb", sizes[0])
    shot = edition.replace("/", "-") + name  # zh-01_how_a_hand_is_played-...
    try:
        opened = notebook.text()
        if name in SHOTS:
            notebook.shot(f"{shot}-open-{sizes[0][0]}x{sizes[0][1]}")
        assert opened.count(PLACEHOLDER) == 0, f"{name}: placeholder text before running"
        _no_answer_in(opened, name)
        count = len(exercises_of(name))
        if count or name in SHOTS:
            notebook.run_all(count)
            after = notebook.text()
            _no_answer_in(after, name)
            worked = notebook.page.locator(".tutor-worked-answer")
            assert all(not w.text_content() for w in worked.all())
            assert notebook.errors_shown() == 0
            notebook.shot(f"{shot}-{sizes[0][0]}x{sizes[0][1]}")
            for width, height in sizes[1:]:
                notebook.page.set_viewport_size({"width": width, "height": height})
                notebook.page.wait_for_timeout(800)
                notebook.shot(f"{shot}-{width}x{height}")
        assert notebook.problems == []
    finally:
        notebook.close(url)


def test_a_trusted_copy_draws_its_pictures_before_running(
        browser: Any, lab: tuple[str, Path]) -> None:
    """Last: a signature is a hash of the content, so signing a copy trusts every identical one,
    the untrusted copy above included."""
    url, tmp = lab
    subprocess.run([sys.executable, "-c", "import sys; from pathlib import Path; "
                    "from tutor.lab import copy_course, trust_course; "
                    "trust_course(copy_course(Path(sys.argv[1])))", str(tmp / "trusted")],
                   env=dict(os.environ, JUPYTER_DATA_DIR=str(tmp / "data")), check=True,
                   cwd=ROOT)
    notebook = Notebook(browser, url, "trusted/01_how_a_hand_is_played.ipynb", (1600, 1000))
    try:
        drawn = notebook.page.locator(".jp-RenderedSVG svg, .jp-RenderedSVG img").count()
        assert drawn >= 5, f"only {drawn} stored pictures drawn in a trusted copy"
        assert notebook.problems == []
    finally:
        notebook.close(url)
