"""The hand builder app in Chromium (Voila): click tiles in and out, type notation, read the
waits; projector mode measured at 1920x1080 and 1280x720; no console error, nothing fetched
from outside the machine."""

from __future__ import annotations

from typing import Any

import pytest

from .page import AppPage

pytestmark = pytest.mark.browser

HAND = ".mt-hand-area"
PICK = ".mt-pick-area"


def test_hand_builder_clicks_typing_and_projector_mode(browser: Any) -> None:
    with AppPage(browser, "hand_builder.ipynb", ".mt-picker") as app:
        page = app.page
        assert "add 1 more tile" in page.inner_text(".tutor-analysis")
        # projector mode at 1920x1080: big tiles, big text, the controls folded
        assert app.box(f"{HAND} .mt-tile")["height"] >= 80
        assert app.font_px(".mt-picker") >= 24
        assert app.font_px(".tutor-analysis") >= 24
        assert page.locator(".tutor-controls .tutor-variant").is_hidden()
        page.click(f"{PICK} .mt-tile[data-tile='9m']")
        app.wait_text(".tutor-analysis .tutor-waits", "9m")
        waits = page.inner_text(".tutor-analysis .tutor-waits")
        assert waits.split() == [f"{rank}m" for rank in range(1, 10)]
        assert page.inner_text(f"{PICK} .mt-tile[data-tile='9m'] .mt-badge") == "1"
        bottom, height = app.fits(".tutor-main")
        assert bottom <= height, f"the main panel ends at {bottom} px, below the {height} px screen"
        app.shot("browser_hand_builder.png")
        # click a hand tile to take it back: 12 tiles again
        page.click(f"{HAND} .mt-tile[data-tile='1m'] >> nth=0")
        app.wait_text(".tutor-analysis", "add 1 more tile")
        # type notation and press Enter: two tiles at once make 14, the efficiency table shows
        page.fill(".mt-type-input", "1m5p")
        page.press(".mt-type-input", "Enter")
        app.wait_text(".tutor-analysis", "Efficiency per discard")
        assert "Added 1m5p" in page.inner_text(".mt-message")
        assert page.locator(f"{HAND} .mt-tile.mt-hl[data-tile='5p']").count() == 1  # best discard
        # a refused tile: the message says why and the hand stays
        page.click(f"{PICK} .mt-tile[data-tile='2p']")
        app.wait_text(".mt-message", "already 14 tiles")
        app.resize(1280, 720)
        bottom, height = app.fits(".tutor-main")
        assert bottom <= height, f"the main panel ends at {bottom} px, below the {height} px screen"
        app.shot("browser_hand_builder_720.png")
        assert app.problems() == []
