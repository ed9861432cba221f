"""One screen: the play table, the replay viewer and the practice app measured in Chromium at
1920x1080 and 1280x720 (the apps, served by Voila, in projector mode and in notebook mode; the
play table also in JupyterLab at 1280x720, its file browser open).

* nothing needs a horizontal scroll (the page, and no box cuts its content on the right);
* the learner's hand is above the fold while it is their turn (the page at its top);
* at 1280x720 no text under 14 px and no face-up tile under 40 px (meld captions included);
* in projector mode at 1920x1080 the learner's own tiles are at least 80 px tall.

Mid-hand and at the end of the hand; screenshots in ``images/table_fit_*.png``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .measure import bottom_of, fits_across, fold, small_texts, small_tiles, tiles
from .page import IMAGES, LOCAL, AppPage
from .test_jupyterlab import _lab
from .voila import ROOT

pytestmark = pytest.mark.browser

MINE = ".mt-seat-bottom"
TEXT_MIN = 14.0
TILE_MIN = 40.0
OWN_PROJECTOR = 80.0


def _check(app: AppPage, shot: str, *, turn: bool, own: str = f"{MINE} .mt-tile",
           projector: bool = True) -> list[str]:
    """Measure the page at both sizes; what fails, in words (empty: it all fits)."""
    page = app.page
    failed: list[str] = []
    page.mouse.move(0, 0)
    for width, height in ((1920, 1080), (1280, 720)):
        app.resize(width, height)
        page.wait_for_timeout(400)
        where = f"{shot} at {width}x{height}"
        across = fits_across(page, "body")
        if across:
            failed.append(f"{where}: {across}")
        if turn:
            bottom, screen = bottom_of(page, own), fold(page)
            if bottom > screen:
                failed.append(f"{where}: the learner's hand ends at {bottom:.0f} px, below the "
                              f"fold at {screen:.0f} px")
        if width == 1280:
            text = small_texts(page, ".tutor-app", TEXT_MIN)
            if text:
                failed.append(f"{where}: text under {TEXT_MIN} px: "
                              f"{[(round(t.px, 1), t.text, t.cls) for t in text[:4]]}")
            small = small_tiles(page, ".tutor-app", TILE_MIN)
            if small:
                failed.append(f"{where}: tiles under {TILE_MIN} px: "
                              f"{[(round(t['height']), t['code'], t['where']) for t in small[:4]]}")
        elif projector:
            heights = [t["height"] for t in tiles(page, ".tutor-main", own)]
            if not heights or min(heights) < OWN_PROJECTOR - 0.5:
                failed.append(f"{where}: own tiles {min(heights, default=0):.0f} px, not "
                              f"{OWN_PROJECTOR:.0f}")
        app.shot(f"table_fit_{shot}_{width}.png")
    return failed


def _notebook_mode(app: AppPage) -> None:
    app.page.click(".tutor-projector-toggle")
    app.page.wait_for_function("document.querySelector('.tutor-app.tutor-projector') === null")


def _step(app: AppPage) -> None:
    """One move of the learner (pass on a claim, else discard the last tile they may) and wait
    for the table to answer."""
    page = app.page
    before = page.evaluate("document.querySelector('.mt-log-lines').innerText")
    if page.locator(".mt-action-win, .mt-action-self-draw").count():
        page.click(".mt-action-win, .mt-action-self-draw >> nth=0")
    elif page.locator(".mt-action-pass").count():
        page.click(".mt-action-pass")
    elif page.locator(f"{MINE} button.mt-tile:not(.mt-locked)").count():
        page.click(f"{MINE} button.mt-tile:not(.mt-locked) >> nth=-1")
    else:
        page.click(".mt-action >> nth=0")
    page.wait_for_function(
        "(before) => document.querySelector('.mt-result') !== null || "
        "document.querySelector('.mt-log-lines').innerText !== before", arg=before,
        timeout=60_000)


def _to_act(app: AppPage) -> None:
    app.page.wait_for_selector(f".mt-result, {MINE} .mt-plate.mt-turn", timeout=60_000)


def test_the_play_table_fits_mid_hand_and_at_the_end(browser: Any) -> None:
    with AppPage(browser, "play_a_hand.ipynb", f"{MINE} button.mt-tile") as app:
        page = app.page
        page.select_option(".mt-pace-select", "0")  # the others' moves at once
        failed = _check(app, "play_start", turn=True)
        for _ in range(8):  # mid-hand: ponds, melds, a longer log
            _step(app)
            if page.locator(".mt-result").count():
                break
        _to_act(app)
        if not page.locator(".mt-result").count():
            failed += _check(app, "play_mid", turn=True)
            _notebook_mode(app)
            failed += _check(app, "play_mid_notebook", turn=False, projector=False)
            page.click(".tutor-projector-toggle")
        for _ in range(150):
            if page.locator(".mt-result").count():
                break
            _step(app)
        assert page.locator(".mt-result").count(), "the hand did not end"
        page.wait_for_timeout(500)
        failed += _check(app, "play_end", turn=False)
        assert failed == [], "\n".join(failed)
        assert app.problems() == []


def test_the_replay_viewer_fits_mid_hand_and_at_the_end(browser: Any) -> None:
    with AppPage(browser, "replay.ipynb", f"{MINE} .mt-tile") as app:
        page = app.page
        for step in range(1, 31):
            page.click(".tutor-step-forward")
            app.wait_text(".tutor-step-label", f"move {step} of 86")
        failed = _check(app, "replay_mid", turn=True)
        page.click(".tutor-step-last", force=True)
        app.wait_text(".tutor-step-label", "move 86 of 86")
        app.wait_text(".mt-result", "won")
        failed += _check(app, "replay_end", turn=False)
        assert failed == [], "\n".join(failed)
        assert app.problems() == []


def test_the_practice_app_fits_in_projector_mode(browser: Any) -> None:
    own = ".tutor-exercise g.tile"
    with AppPage(browser, "practice.ipynb", ".tutor-practice .tutor-exercise svg") as app:
        failed = _check(app, "practice", turn=True, own=own)
        app.page.click(".tutor-practice .tutor-keyboard-button")  # the tile keyboard open
        app.page.wait_for_selector(".tutor-keyboard .mt-pick-area .mt-tile")
        failed += _check(app, "practice_keyboard", turn=False, own=own)
        assert failed == [], "\n".join(failed)
        assert app.problems() == []


def _fresh_copy(notebook: Path, folder: Path) -> None:
    """The notebook without its stored outputs (a stored widget state would bring the style of
    the run that saved it)."""
    data = json.loads(notebook.read_text("utf-8"))
    for cell in data["cells"]:
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
    data["metadata"].pop("widgets", None)
    (folder / notebook.name).write_text(json.dumps(data), "utf-8")


def test_the_play_table_fits_in_jupyterlab(browser: Any, tmp_path: Path) -> None:
    process, url = _lab(tmp_path)
    _fresh_copy(ROOT / "notebooks" / "apps" / "play_a_hand.ipynb", tmp_path / "apps")
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    outside: list[str] = []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(LOCAL) else None)
    failed: list[str] = []
    try:
        page.goto(f"{url}/lab/tree/apps/play_a_hand.ipynb?reset", timeout=240_000)
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=240_000)
        page.wait_for_timeout(2000)
        page.click(".lm-MenuBar-itemLabel:text-is('Run')")
        page.click(".lm-Menu-itemLabel:text-is('Run All Cells')")
        page.wait_for_selector(f"{MINE} button.mt-tile", timeout=120_000)
        page.wait_for_timeout(1000)
        panel = page.evaluate("document.querySelector('.jp-NotebookPanel-notebook')"
                              ".getBoundingClientRect().height")
        for mode in ("projector", "notebook"):
            across = fits_across(page, ".jp-NotebookPanel")
            if across:
                failed.append(f"{mode} mode: {across}")
            felt = page.evaluate("document.querySelector('.mt-felt').getBoundingClientRect()"
                                 ".height")
            if felt > panel:  # scrolled to, the whole table with the hand fits the notebook
                failed.append(f"{mode} mode: the table is {felt:.0f} px tall, the notebook "
                              f"{panel:.0f} px")
            text = small_texts(page, ".tutor-app", TEXT_MIN)
            if text:
                failed.append(f"{mode} mode: text under {TEXT_MIN} px: "
                              f"{[(round(t.px, 1), t.text) for t in text[:4]]}")
            small = small_tiles(page, ".tutor-app", TILE_MIN)
            if small:
                failed.append(f"{mode} mode: tiles under {TILE_MIN} px: "
                              f"{[(round(t['height']), t['code']) for t in small[:4]]}")
            page.screenshot(path=str(IMAGES / f"table_fit_jupyterlab_{mode}_1280.png"))
            if mode == "projector":
                page.click(".tutor-projector-toggle")
                page.wait_for_function(
                    "document.querySelector('.tutor-app.tutor-projector') === null")
        assert failed == [], "\n".join(failed)
        assert outside == []
    finally:
        page.close()
        process.terminate()
        process.wait(timeout=30)
