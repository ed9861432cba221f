"""The teacher's page of ``tutor classroom`` in Chromium, with one student who answered the
class's exercise wrong: axe-core finds nothing serious in either mode; the projector mode is the
page's first control, switched by keyboard (its state announced by ``aria-pressed``, kept
across a reload); it hides the form and the students' names and progress; and from the back
row (1920x1080 shrunk to 480 px, as ``test_back_row``) the exercise's tiles and the class's
numbers stay legible. The shots go to ``images/teacher_page_*.png``.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
from collections.abc import Iterator
from typing import Any

import pytest
from classroom.students import answer, follower, run, send_exercise, start

from tutor.classroom.assignment import Assignment

from .axe import assert_accessible
from .measure import texts, tiles
from .page import IMAGES

pytestmark = pytest.mark.browser

SCALE = 480 / 1920  # the back row's view of a 1920-px screen
TILE_MIN = 10.0  # px tall at the back (40 px on the screen)
NUMBER_MIN = 5.0  # px font size at the back (20 px on the screen)


@pytest.fixture(scope="module")
def lesson(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, str]]:
    """A class of one (Eve) that answered a Hangzhou waits exercise wrong once; the server and
    the teacher's address."""
    folder = tmp_path_factory.mktemp("teacher")
    server = start(folder, "practice", "--students", "1", "--spare", "0")
    exercise = Assignment("waits", 1, 23, "hangzhou").item().exercise
    wrong = next(t for t in ("1z", "2z", "9m", "1p") if t not in exercise.answer_text().split())

    async def answered_wrong() -> None:
        await send_exercise(server, {"topic": "waits", "level": 1, "seed": 23,
                                     "game": "hangzhou"})
        student = await follower(server, "Eve", 23, 1)
        await answer(student, wrong)
        record = folder / "class" / "classroom.sqlite"
        for _ in range(120):  # the server reads the answers in every second
            with sqlite3.connect(record) as db:
                if db.execute("SELECT count(*) FROM answers").fetchone()[0]:
                    break
            await asyncio.sleep(0.25)
        await student.close()

    try:
        server.wait_ready(1, 300)
        run(answered_wrong())
        yield server, server.teacher_url
    finally:
        server.stop()


def test_the_teachers_page_by_keyboard_and_from_the_back_row(browser: Any,
                                                            lesson: tuple[Any, str]) -> None:
    _, address = lesson
    page = browser.new_page(viewport={"width": 1920, "height": 1080})
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("request", lambda r: None if r.url.startswith(("http://127.0.0.1", "data:"))
            else problems.append(f"request off the machine: {r.url}"))
    try:
        page.goto(address)
        page.wait_for_selector("#class-results table svg.mahjong-tiles")
        assert page.locator("#class-question svg.mahjong-hand[role=img]").count() == 1
        assert page.get_by_text("Eve", exact=True).is_visible()
        assert_accessible(page)

        page.keyboard.press("Tab")  # the first control: the projector mode
        assert page.evaluate("document.activeElement.id") == "projector"
        page.keyboard.press("Enter")
        switch = page.locator("#projector")
        assert switch.get_attribute("aria-pressed") == "true"
        assert page.locator("form").is_hidden()
        assert page.get_by_text("Eve", exact=True).is_hidden(), "a name on the projector"
        assert_accessible(page)

        found = tiles(page, "#class-question")
        assert found, "no tile measured"
        small = [(round(t["height"] * SCALE, 1), t["code"]) for t in found
                 if t["height"] * SCALE < TILE_MIN]
        assert small == [], f"tiles under {TILE_MIN} px at the back: {small[:5]}"
        numbers = [t for t in texts(page, "#class-results") if re.search(r"\d", t.text)]
        assert numbers, "no number measured"
        tiny = [(round(t.px * SCALE, 1), t.text) for t in numbers if t.px * SCALE < NUMBER_MIN]
        assert tiny == [], f"numbers under {NUMBER_MIN} px at the back: {tiny[:5]}"
        page.screenshot(path=IMAGES / "teacher_page_projector_1920.png", full_page=True)

        page.reload()  # sending an exercise reloads the page: the mode stays
        page.wait_for_selector("#class-results table")
        assert switch.get_attribute("aria-pressed") == "true"
        page.set_viewport_size({"width": 1280, "height": 720})
        page.screenshot(path=IMAGES / "teacher_page_projector_1280.png", full_page=True)
        switch.focus()
        page.keyboard.press("Space")
        assert switch.get_attribute("aria-pressed") == "false"
        assert page.locator("form").is_visible()
        page.screenshot(path=IMAGES / "teacher_page_1280.png", full_page=True)
        assert problems == []
    finally:
        page.close()
