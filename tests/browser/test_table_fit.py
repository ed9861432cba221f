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
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from .axe import assert_accessible
from .measure import (
    LOG_TOP,
    bottom_of,
    fits_across,
    fold,
    small_svg_texts,
    small_texts,
    small_tiles,
    tiles,
)
from .page import IMAGES, LOCAL, AppPage
from .test_jupyterlab import _lab
from .voila import ROOT

pytestmark = pytest.mark.browser

MINE = ".mt-seat-bottom"
TEXT_MIN = 14.0
TILE_MIN = 40.0
REVIEW_BOXES = """() => {
  const box = (sel) => { const el = document.querySelector(sel);
                         return el ? el.getBoundingClientRect().toJSON() : null; };
  if (!box('.mt-review')) return null;
  window.scrollTo(0, 0);
  return {panel: box('.mt-review'), steps: box('.tutor-replay-steps'), list:
          box('.mt-review-moments'), moves: box('.mt-review-moment .mt-review-moves'),
          width: document.documentElement.clientWidth, height: window.innerHeight};
}"""
OWN_PROJECTOR = 80.0


#: drawn texts exempt from the 14 px minimum (none: the meld captions inside ``hand_svg``
#: pictures, once 7.7 px in the Guiyang walker at 1280x720, are drawn 22 units tall now)
KNOWN_SMALL: tuple[str, ...] = ()


def _sizes(page: Any, where: str, *, root: str = ".tutor-app") -> list[str]:
    """At 1280x720: no text under 14 px (SVG text included), no face-up tile under 40 px."""
    failed: list[str] = []
    text = small_texts(page, root, TEXT_MIN)
    if text:
        failed.append(f"{where}: text under {TEXT_MIN} px: "
                      f"{[(round(t.px, 1), t.text, t.cls) for t in text[:4]]}")
    drawn = [t for t in small_svg_texts(page, root, TEXT_MIN) if t.cls not in KNOWN_SMALL]
    if drawn:
        failed.append(f"{where}: drawn text under {TEXT_MIN} px: "
                      f"{[(round(t.px, 1), t.text) for t in drawn[:4]]}")
    small = small_tiles(page, root, TILE_MIN)
    if small:
        failed.append(f"{where}: tiles under {TILE_MIN} px: "
                      f"{[(round(t['height']), t['code'], t['where']) for t in small[:4]]}")
    return failed


def _log_whole(page: Any, where: str) -> list[str]:
    """The log's first visible line is whole: its top at or below the heading's bottom (and the
    box's top), not the last sliver of the line before."""
    for cut in page.evaluate(LOG_TOP):
        return [f"{where}: the log's top line starts at {cut['top']:.1f} px, above "
                f"{cut['limit']:.1f} px (under its heading): {cut['text']!r}"]
    return []


def _review_whole(page: Any, where: str) -> list[str]:
    """The review panel on screen (right and bottom), the replay's step buttons above the fold,
    and the first listed moment's heading and tiles shown in the list (something to click)."""
    found = page.evaluate(REVIEW_BOXES)
    if found is None:
        return [f"{where}: no review panel"]
    failed = []
    panel, steps, width, height = found["panel"], found["steps"], found["width"], found["height"]
    if panel["right"] > width + 1 or panel["bottom"] > height + 1:
        failed.append(f"{where}: the review panel ends at ({panel['right']:.0f}, "
                      f"{panel['bottom']:.0f}) px, outside {width}x{height}")
    if steps is not None and steps["bottom"] > height + 1:
        failed.append(f"{where}: the step buttons end at {steps['bottom']:.0f} px, below the "
                      f"fold at {height} px")
    moves, listed = found["moves"], found["list"]
    if moves is None or moves["bottom"] > listed["bottom"] + 1 or moves["top"] < listed["top"] - 1:
        failed.append(f"{where}: the first moment's tiles are not shown in the list ({moves} "
                      f"in {listed})")
    return failed


def _check(app: AppPage, shot: str, *, turn: bool, own: str = f"{MINE} .mt-tile",
           projector: bool = True, shoot: bool = True,
           more: Callable[[Any, str], list[str]] | None = None) -> list[str]:
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
        failed += _log_whole(page, where)
        if turn:
            bottom, screen = bottom_of(page, own), fold(page)
            if bottom > screen:
                failed.append(f"{where}: the learner's hand ends at {bottom:.0f} px, below the "
                              f"fold at {screen:.0f} px")
        if width == 1280:
            failed += _sizes(page, where)
        elif projector:
            heights = [t["height"] for t in tiles(page, ".tutor-main", own)]
            if not heights or min(heights) < OWN_PROJECTOR - 0.5:
                failed.append(f"{where}: own tiles {min(heights, default=0):.0f} px, not "
                              f"{OWN_PROJECTOR:.0f}")
        if more is not None:
            failed += more(page, where)
        if shoot:
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
        page.click(".tutor-review-button")  # Review my hand: the replay with the review beside
        page.wait_for_selector(".mt-review .mt-review-counts")
        page.wait_for_timeout(500)
        failed += _check(app, "play_review", turn=False, more=_review_whole)
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


def test_the_review_panel_fits_beside_the_replay(browser: Any) -> None:
    with AppPage(browser, "replay.ipynb", f"{MINE} .mt-tile") as app:
        page = app.page
        page.select_option(".tutor-review-seat select", label="North's play")
        page.wait_for_selector(".mt-review-moment")
        page.click(".mt-review-moment >> nth=0")  # its moment on the table, North's view
        app.wait_text(".tutor-step-label", "North to decide")
        failed = _check(app, "review", turn=True, more=_review_whole)
        assert_accessible(page, ".mt-review")  # (at 1280x720: the lesson cut to three lines)
        _notebook_mode(app)
        failed += _check(app, "review_notebook", turn=True, projector=False, more=_review_whole)
        assert_accessible(page, ".mt-review")
        app.resize(1920, 1080)
        assert_accessible(page, ".mt-review")
        assert failed == [], "\n".join(failed)
        assert app.problems() == []


#: the other apps (the play table, the replay viewer and the practice app above) and what shows
#: each is ready; the walkers' steps after the first
APPS = {
    "hand_builder": ".mt-picker .mt-tile",
    "huangyan_settlement": ".tutor-step-head",
    "hangzhou_tally": ".tutor-step-head",
    "guiyang_settlement": ".tutor-step-head",
}
STEPS = {"huangyan_settlement": 4, "hangzhou_tally": 6, "guiyang_settlement": 5}


@pytest.mark.parametrize("name", list(APPS))
def test_every_other_app_fits(browser: Any, name: str) -> None:
    """Projector mode (how the apps open) at every walker step, and notebook mode: the sheets
    and the payment diagram step by step."""
    with AppPage(browser, f"{name}.ipynb", APPS[name]) as app:
        page = app.page
        steps = STEPS.get(name, 0)
        # (no screenshots: test_walkers and test_back_row take them)
        failed = _check(app, name, turn=False, projector=False, shoot=False)
        for step in range(1, steps + 1):
            page.click("button.tutor-step-next")
            app.wait_text(".tutor-step-head", f"Step {step} of {steps}")
            failed += _check(app, f"{name} step {step}", turn=False, projector=False,
                             shoot=False)
        _notebook_mode(app)
        failed += _check(app, f"{name} notebook", turn=False, projector=False, shoot=False)
        for step in range(steps - 1, -1, -1):
            page.click("button.tutor-step-back")
            app.wait_text(".tutor-step-head", f"Step {step} of {steps}")
            failed += _check(app, f"{name} notebook step {step}", turn=False, projector=False,
                             shoot=False)
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


@contextmanager
def _in_lab(browser: Any, tmp_path: Path, notebook: str, ready: str) -> Iterator[Any]:
    """JupyterLab at 1280x720 on a fresh copy of ``notebooks/apps/NOTEBOOK`` (its file browser
    open), every cell run; the page once ``ready`` shows. Nothing fetched off the machine."""
    process, url = _lab(tmp_path)
    _fresh_copy(ROOT / "notebooks" / "apps" / notebook, tmp_path / "apps")
    shutil.copy(ROOT / "notebooks" / "apps" / "example_hands.json", tmp_path / "apps")
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    outside: list[str] = []
    page.on("request", lambda r: outside.append(r.url) if not r.url.startswith(LOCAL) else None)
    try:
        page.goto(f"{url}/lab/tree/apps/{notebook}?reset", timeout=240_000)
        page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=240_000)
        page.wait_for_timeout(2000)
        page.click(".lm-MenuBar-itemLabel:text-is('Run')")
        page.click(".lm-Menu-itemLabel:text-is('Run All Cells')")
        page.wait_for_selector(ready, timeout=120_000)
        page.wait_for_timeout(1000)
        yield page
        assert outside == []
    finally:
        page.close()
        process.terminate()
        process.wait(timeout=30)


def _lab_sizes(page: Any, where: str) -> list[str]:
    failed: list[str] = []
    across = fits_across(page, ".jp-NotebookPanel")
    if across:
        failed.append(f"{where}: {across}")
    return failed + _sizes(page, where)


def _to_notebook_mode(page: Any) -> None:
    page.click(".tutor-projector-toggle")
    page.wait_for_function("document.querySelector('.tutor-app.tutor-projector') === null")


def test_the_play_table_fits_in_jupyterlab(browser: Any, tmp_path: Path) -> None:
    failed: list[str] = []
    with _in_lab(browser, tmp_path, "play_a_hand.ipynb", f"{MINE} button.mt-tile") as page:
        panel = page.evaluate("document.querySelector('.jp-NotebookPanel-notebook')"
                              ".getBoundingClientRect().height")
        for mode in ("projector", "notebook"):
            failed += _lab_sizes(page, f"{mode} mode")
            felt = page.evaluate("document.querySelector('.mt-felt').getBoundingClientRect()"
                                 ".height")
            if felt > panel:  # scrolled to, the whole table with the hand fits the notebook
                failed.append(f"{mode} mode: the table is {felt:.0f} px tall, the notebook "
                              f"{panel:.0f} px")
            page.screenshot(path=str(IMAGES / f"table_fit_jupyterlab_{mode}_1280.png"))
            if mode == "projector":
                _to_notebook_mode(page)
    assert failed == [], "\n".join(failed)


def test_the_review_panel_fits_in_jupyterlab(browser: Any, tmp_path: Path) -> None:
    """The replay viewer with North's review open, at a moment, in JupyterLab at 1920x1080 and
    1280x720, projector and notebook mode: nothing cut on the right, the panel no taller than
    the notebook's area (scrolled to, it is seen whole), its first moment shown in its list."""
    failed: list[str] = []
    with _in_lab(browser, tmp_path, "replay.ipynb", f"{MINE} .mt-tile") as page:
        page.select_option(".tutor-review-seat select", label="North's play")
        page.wait_for_selector(".mt-review-moment")
        page.click(".mt-review-moment >> nth=0")
        page.wait_for_function("document.querySelector('.tutor-step-label').innerText"
                               ".includes('North to decide')")
        for mode in ("projector", "notebook"):
            for width, height in ((1920, 1080), (1280, 720)):
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_timeout(600)
                where = f"{mode} mode at {width}x{height}"
                across = fits_across(page, ".jp-NotebookPanel")
                if across:
                    failed.append(f"{where}: {across}")
                if width == 1280:
                    failed += _sizes(page, where)
                found = page.evaluate(REVIEW_BOXES)
                area = page.evaluate("document.querySelector('.jp-NotebookPanel-notebook')"
                                     ".getBoundingClientRect().toJSON()")
                panel, moves, listed = found["panel"], found["moves"], found["list"]
                if panel["height"] > area["height"] or panel["right"] > area["right"] + 1:
                    failed.append(f"{where}: the review panel ({panel['height']:.0f} px tall, "
                                  f"ending at {panel['right']:.0f} px) outside the notebook "
                                  f"({area['height']:.0f} px, {area['right']:.0f} px)")
                if moves is None or moves["bottom"] > listed["bottom"] + 1:
                    failed.append(f"{where}: the first moment's tiles not shown in the list")
                page.locator(".mt-review").scroll_into_view_if_needed()
                page.screenshot(path=str(IMAGES / f"table_fit_jupyterlab_review_{mode}_"
                                                  f"{width}.png"))
            if mode == "projector":
                _to_notebook_mode(page)
    assert failed == [], "\n".join(failed)
