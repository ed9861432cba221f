"""Readable from the back row of a classroom: every app in projector mode on a 1920x1080 screen,
its screenshot shrunk to 480 px wide (a quarter: what a student at the back makes out), keeps its
tiles and numbers legible.

Measured on the page, not guessed from the picture: every face-up tile must stay at least 10 px
tall after shrinking (40 px on the screen), every piece of text holding a number at least 5 px
(20 px on the screen: a digit still a digit). The shrunk screenshots go to
``images/back_row_<app>.png`` to look at.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .measure import texts, tiles
from .page import IMAGES, AppPage

pytestmark = pytest.mark.browser

SCREEN = (1920, 1080)
BACK_ROW = 480  # the shrunk screenshot's width
SCALE = BACK_ROW / SCREEN[0]
TILE_MIN = 10.0  # px tall after shrinking
NUMBER_MIN = 5.0  # px font size after shrinking

#: each app and what shows it is ready; the walkers show no tile at their first step
APPS = {
    "hand_builder": ".mt-picker .mt-tile",
    "practice": ".tutor-practice .tutor-exercise svg",
    "play_a_hand": ".mt-seat-bottom button.mt-tile",
    "replay": ".mt-seat-bottom .mt-tile",
    "huangyan_settlement": ".tutor-step-head",
    "guiyang_settlement": ".tutor-step-head",
    "hangzhou_tally": ".tutor-step-head",
}
WITHOUT_TILES = {"huangyan_settlement", "hangzhou_tally"}


def _shrunk_shot(app: AppPage, name: str) -> None:
    from PIL import Image

    path = app.shot(f"back_row_{name}_full.png")
    with Image.open(path) as full:
        small = full.resize((BACK_ROW, round(full.height * SCALE)), Image.Resampling.LANCZOS)
        small.save(IMAGES / f"back_row_{name}.png")
    path.unlink()


@pytest.mark.parametrize("name", list(APPS))
def test_back_row_reads_tiles_and_numbers(browser: Any, name: str) -> None:
    with AppPage(browser, f"{name}.ipynb", APPS[name], viewport=SCREEN) as app:
        page = app.page
        assert page.locator(".tutor-app.tutor-projector").count() == 1, "not in projector mode"
        page.mouse.move(0, 0)
        page.wait_for_timeout(500)
        found = tiles(page, ".tutor-main")
        if name not in WITHOUT_TILES:
            assert found, "no tile measured"
        small = [(round(t["height"] * SCALE, 1), t["code"], t["where"]) for t in found
                 if t["height"] * SCALE < TILE_MIN]
        assert small == [], f"tiles under {TILE_MIN} px at the back: {small[:5]}"
        numbers = [t for t in texts(page, ".tutor-main") if re.search(r"\d", t.text)]
        assert numbers, "no number measured"
        tiny = [(round(t.px * SCALE, 1), t.text, t.cls) for t in numbers
                if t.px * SCALE < NUMBER_MIN]
        assert tiny == [], f"numbers under {NUMBER_MIN} px at the back: {tiny[:5]}"
        _shrunk_shot(app, name)
        assert app.problems() == []
