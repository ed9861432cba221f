"""Real-browser tests: the classroom apps served by Voila, driven in Chromium by Playwright.

They click as a learner would and read what the page shows; the screenshots they save in
``images/`` are the ones the README shows.
"""

from __future__ import annotations

from typing import Any

import pytest

from .voila import ROOT, serve

pytestmark = pytest.mark.browser
IMAGES = ROOT / "images"


def _open(browser: Any, notebook: str, ready: str) -> tuple[Any, Any]:
    process, url = serve(ROOT / "notebooks" / "apps" / notebook)
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    try:
        page.goto(url, timeout=180_000)
        page.wait_for_selector(ready, timeout=180_000)
    except Exception:
        page.close()
        process.terminate()
        raise
    return process, page


def test_hand_builder_click_a_tile_and_read_the_waits(browser: Any) -> None:
    process, page = _open(browser, "hand_builder.ipynb", ".tutor-analysis")
    try:
        assert "add 1 more tile" in page.inner_text(".tutor-analysis")
        page.click(".tile-button-9m")
        page.wait_for_function(
            "document.querySelector('.tutor-analysis .tutor-waits') !== null", timeout=30_000)
        waits = page.inner_text(".tutor-analysis .tutor-waits")
        for rank in range(1, 10):
            assert f"{rank}m" in waits
        page.screenshot(path=str(IMAGES / "browser_hand_builder.png"), full_page=True)
        page.click(".remove-button-1m")  # take a tile out again: no longer 13 tiles
        page.wait_for_function(
            "document.querySelector('.tutor-analysis .tutor-waits') === null", timeout=30_000)
    finally:
        page.close()
        process.terminate()
        process.wait(timeout=30)


def test_play_a_hand_discard_and_ask_for_a_hint(browser: Any) -> None:
    process, page = _open(browser, "play_a_hand.ipynb", ".tutor-actions button")
    try:
        before = page.inner_text(".tutor-log")
        page.click(".tutor-actions button >> nth=0")  # the first legal move: a discard
        page.wait_for_function(
            "(before) => document.querySelector('.tutor-log').innerText !== before", arg=before,
            timeout=30_000)
        page.click(".tutor-hint-button")
        page.wait_for_function(
            "document.querySelector('.tutor-hint').innerText.length > 0", timeout=30_000)
        hint = page.inner_text(".tutor-hint")
        assert "ready" in hint or "win" in hint or "turn" in hint or "over" in hint
        page.screenshot(path=str(IMAGES / "browser_play_a_hand.png"), full_page=True)
    finally:
        page.close()
        process.terminate()
        process.wait(timeout=30)
