"""The play table and the replay viewer in Chromium (Voila): a discard, a claim, a hint, a
take-back; stepping through a record; projector mode at 1920x1080 and 1280x720; no console
error, nothing fetched from outside the machine."""

from __future__ import annotations

from typing import Any

import pytest

from .page import AppPage

pytestmark = pytest.mark.browser

MINE = ".mt-seat-bottom"


_LOG_TEXT = """() => Array.from(document.querySelectorAll('.mt-log li')).map(li =>
  Array.from(li.childNodes).map(n => n.nodeType === 3 ? n.textContent : (n.title || ''))
    .join('')).join('\\n')"""


def _log(app: AppPage) -> str:
    """The log's lines, each inline tile read back as its code (``East: discard 3m``)."""
    return str(app.page.evaluate(_LOG_TEXT))


def _move(app: AppPage, click: str) -> None:
    """Click and wait until the log shows something new."""
    before = _log(app)
    app.page.click(click)
    app.page.wait_for_function(f"(before) => ({_LOG_TEXT})() !== before", arg=before,
                               timeout=60_000)


def test_play_a_hand_discard_claim_hint_take_back(browser: Any) -> None:
    with AppPage(browser, "play_a_hand.ipynb", f"{MINE} button.mt-tile") as app:
        page = app.page
        page.select_option(".mt-pace-select", "0")  # the others' moves at once (instant)
        assert app.box(f"{MINE} .mt-tile")["height"] >= 80  # projector mode at 1920x1080
        assert app.font_px(".mt-table") >= 24
        assert page.locator(".tutor-controls .tutor-variant").is_hidden()
        assert page.locator(".mt-seat-top .mt-backs .mt-tile").count() == 13  # face down
        # a hint: the suggested discard glows in the hand
        page.click(".mt-hint-button")
        app.wait_text(".mt-hint", "shanten")
        # the glow may be drawn a moment after the hint's text: wait for it (fails if it never is)
        page.wait_for_selector(f"{MINE} .mt-tile.mt-hl", timeout=30_000)
        glowing = page.locator(f"{MINE} .mt-tile.mt-hl")
        suggested = glowing.first.get_attribute("data-tile")
        # a discard: click the glowing tile; it lands in the pond, the bots answer
        _move(app, f"{MINE} .mt-tile.mt-hl >> nth=0")
        assert f"East: discard {suggested}" in _log(app)
        assert page.locator(f".mt-pond-bottom .mt-tile[data-tile='{suggested}']").count() >= 1
        # a take-back: the tile comes back to the hand
        _move(app, ".mt-undo-button")
        app.wait_text(".mt-side", "Took back your discard")
        assert f"East: discard {suggested}" not in _log(app)
        # play on (the hint's moves, passing on claims) until a claim is offered; claim it
        claimed = False
        for _ in range(60):
            if page.locator(".mt-result").count():
                break
            claims = page.locator(".mt-action-pong, .mt-action-chow, .mt-action-open-kong")
            if claims.count():
                label = claims.first.get_attribute("data-action") or ""
                assert claims.first.locator(".mt-tile").count() >= 3  # the claim's tiles
                _move(app, f".mt-action[data-action='{label}']")
                kind, tile = label.split()
                assert f"East: {kind} {tile[:1] if kind == 'chow' else tile}" in _log(app) \
                    or f"East: {kind}" in _log(app)
                claimed = True
                break
            if page.locator(".mt-action-win, .mt-action-self-draw").count():
                break
            if page.locator(".mt-action-pass").count():
                _move(app, ".mt-action-pass")
            else:
                _move(app, f"{MINE} button.mt-tile:not(.mt-locked) >> nth=-1")
        assert claimed or page.locator(".mt-result").count(), "no claim came up"
        app.projector_shots("browser_play_a_hand")
        assert app.problems() == []


def test_replay_steps_scrubs_and_switches_views(browser: Any) -> None:
    with AppPage(browser, "replay.ipynb", f"{MINE} .mt-tile") as app:
        page = app.page
        assert "move 0 of 86" in page.inner_text(".tutor-step-label")
        for step in range(1, 4):
            page.click(".tutor-step-forward")
            app.wait_text(".tutor-step-label", f"move {step} of 86")
        page.click(".tutor-step-back")
        app.wait_text(".tutor-step-label", "move 2 of 86")
        # scrub: the slider's handle dragged to the far right is the end of the hand
        slider = app.box(".tutor-step-slider .noUi-target, .tutor-step-slider .slider-container")
        page.mouse.click(slider["right"] - 2, slider["y"] + slider["height"] / 2)
        page.wait_for_function("!document.querySelector('.tutor-step-label').innerText"
                               ".includes('move 2 of 86')", timeout=30_000)
        # the scrub may already have reached the last move (End is then disabled): forced, a
        # click on a disabled End does nothing instead of waiting for it to be enabled
        page.click(".tutor-step-last", force=True)
        app.wait_text(".tutor-step-label", "move 86 of 86")
        app.wait_text(".mt-result", "won")
        page.click(".tutor-step-first")
        app.wait_text(".tutor-step-label", "move 0 of 86")
        for step in range(1, 41):
            page.click(".tutor-step-forward")
            app.wait_text(".tutor-step-label", f"move {step} of 86")
        assert page.locator(".mt-seat-top .mt-backs").count() == 0  # every hand face up
        page.select_option(".tutor-seat-view select", label="South's view")
        page.wait_for_selector(".mt-seat-top .mt-backs")  # South's view: others face down
        assert page.locator(".mt-seat-bottom .mt-plate").inner_text().startswith("南")
        page.select_option(".tutor-seat-view select", label="every hand face up")
        page.wait_for_function("document.querySelector('.mt-seat-top .mt-backs') === null")
        app.projector_shots("browser_replay")
        assert app.problems() == []
