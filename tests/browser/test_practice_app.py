"""Real-browser test of the practice app (``notebooks/apps/practice.ipynb``) served by Voila.

A learner types a wrong answer and presses Enter (a hint, no answer), asks for the answer,
picks tiles on the tile keyboard, moves to the next exercise and switches topic. The page must
log no console error and make no request outside the machine. Screenshots go to ``images/``.
"""

from __future__ import annotations

from typing import Any

import pytest

from tutor.practice import generate

from .voila import ROOT, serve

pytestmark = pytest.mark.browser
IMAGES = ROOT / "images"
LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:", "about:")


def _text(page: Any, selector: str) -> str:
    return str(page.inner_text(selector))


def _wait_text(page: Any, selector: str, text: str, *, start: bool = False) -> None:
    """Wait until ``selector`` shows ``text`` (at its start); say what it showed if not."""
    test = "startsWith" if start else "includes"
    try:
        page.wait_for_function(f"([s, t]) => (document.querySelector(s)?.innerText ?? '')"
                               f".trim().{test}(t)", arg=[selector, text], timeout=30_000)
    except Exception:
        raise AssertionError(f"{selector} shows {_text(page, selector)[:300]!r}, "
                             f"not {text!r}") from None


def test_practice_app_hint_answer_keyboard_next(browser: Any) -> None:
    process, url = serve(ROOT / "notebooks" / "apps" / "practice.ipynb")
    errors: list[str] = []
    outside: list[str] = []
    try:
        for width, height in ((1920, 1080), (1280, 720)):
            page = browser.new_page(viewport={"width": width, "height": height})
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("request", lambda r: None if r.url.startswith(LOCAL)
                    else outside.append(r.url))
            try:
                page.goto(url, timeout=180_000)
                page.wait_for_selector(".tutor-practice .tutor-exercise", timeout=180_000)
                first = generate("waits", seed=1, level=1).exercise
                assert first.prompt in _text(page, ".tutor-exercise")
                assert page.locator(".tutor-exercise svg").count() >= 1  # tiles drawn
                # a wrong answer and Enter: a hint, never the answer
                box = ".tutor-practice .tutor-answer-input input"
                page.fill(box, "9p")
                page.press(box, "Enter")
                _wait_text(page, ".tutor-practice .tutor-verdict", "Hint")
                assert first.answer_text() not in _text(page, ".tutor-practice .tutor-verdict")
                assert _text(page, ".tutor-practice .tutor-worked-answer").strip() == ""
                if width == 1280:
                    page.screenshot(path=str(IMAGES / "browser_practice.png"), full_page=True)
                # the tile keyboard types the right tiles; Check says right
                page.fill(box, "")
                page.click(".tutor-practice .tutor-keyboard-button")
                for tile in sorted(first.answer):  # type: ignore[call-overload]
                    page.click(".tutor-practice .tutor-keyboard .mt-pick-area "
                               f".mt-tile[data-tile='{tile}']")
                page.click(".tutor-practice .tutor-check-button")
                _wait_text(page, ".tutor-practice .tutor-verdict", "Right", start=True)
                assert "1 solved of 1 tried" in _text(page, ".tutor-practice-tally")
                # the next exercise, then Show answer
                page.click(".tutor-practice-next")
                second = generate("waits", seed=2, level=1).exercise
                page.wait_for_function(  # the new exercise: nothing judged yet
                    "document.querySelector('.tutor-practice .tutor-verdict').innerText"
                    ".trim() === ''", timeout=30_000)
                _wait_text(page, ".tutor-practice .tutor-exercise", second.prompt)
                page.click(".tutor-practice .tutor-reveal-button")
                _wait_text(page, ".tutor-practice .tutor-worked-answer", "Answer:")
                # another topic
                page.select_option(".tutor-practice-topic select",
                                   label="The nets of a Huangyan reckoning")
                _wait_text(page, ".tutor-practice .tutor-exercise", "each seat")
                if width == 1920:  # the worked answer, step by step
                    page.click(".tutor-practice .tutor-reveal-button")
                    _wait_text(page, ".tutor-practice .tutor-worked-answer", "Answer:")
                    page.screenshot(path=str(IMAGES / "browser_practice_answer.png"))
            finally:
                page.close()
    finally:
        process.terminate()
        process.wait(timeout=30)
    assert errors == []
    assert outside == [], "the page must make no request outside the machine"
