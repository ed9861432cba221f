"""Keyboard and screen reader in Chromium (Voila): axe-core finds no serious or critical
violation on the play table (mid-hand and at the end), the replay viewer, the hand builder and
the practice app; a whole hand is played with the keyboard alone (Tab to the hand, arrows, Enter
to discard, letters for claims), with a visible focus and the moves announced in a live region;
the hand builder's tiles are picked with the keyboard."""

from __future__ import annotations

from typing import Any

import pytest

from .axe import assert_accessible
from .page import AppPage

pytestmark = pytest.mark.browser

MINE = ".mt-seat-bottom"
_STATE = """() => ({
  log: document.querySelectorAll('.mt-log li').length,
  result: document.querySelectorAll('.mt-result').length,
  actions: Array.from(document.querySelectorAll('.mt-action')).map(b => b.dataset.action),
  free: document.querySelectorAll('.mt-seat-bottom button.mt-tile:not([aria-disabled])').length,
  focus: document.activeElement ? (document.activeElement.closest('.mt-seat-bottom') ? 'hand'
         : document.activeElement.className) : '',
  label: document.activeElement ? document.activeElement.getAttribute('aria-label') : '',
  disabled: document.activeElement ? document.activeElement.getAttribute('aria-disabled') : null,
})"""


def _state(app: AppPage) -> dict[str, Any]:
    found: dict[str, Any] = app.page.evaluate(_STATE)
    return found


def _press_and_wait(app: AppPage, key: str) -> None:
    """Press ``key`` and wait until the log grows or the hand ends."""
    before = _state(app)
    app.page.keyboard.press(key)
    app.page.wait_for_function(
        "([log, result]) => document.querySelectorAll('.mt-log li').length !== log"
        " || document.querySelectorAll('.mt-result').length !== result",
        arg=[before["log"], before["result"]], timeout=60_000)


def test_a_whole_hand_with_the_keyboard_alone(browser: Any) -> None:
    with AppPage(browser, "play_a_hand.ipynb", f"{MINE} button.mt-tile") as app:
        page = app.page
        page.select_option(".mt-pace-select", "0")  # the others' moves at once (instant)
        assert_accessible(page)
        assert "Enter discards" in page.inner_text(".mt-keys")  # the keys, on screen
        # every tile has a text alternative in words
        # (a row of face-down tiles has one: "West's hand: 13 tiles face down")
        names = page.evaluate("() => Array.from(document.querySelectorAll('.mt-table .mt-tile'))"
                              ".map(t => t.getAttribute('aria-label') || (t.getAttribute("
                              "'aria-hidden') && t.parentNode.getAttribute('aria-label')) || '')")
        assert names and all(names), "a tile without a text alternative"
        assert any(" of " in n for n in names)
        # Tab until the focus is in the hand
        for _ in range(80):
            if _state(app)["focus"] == "hand":
                break
            page.keyboard.press("Tab")
        assert _state(app)["focus"] == "hand", "Tab never reached the hand"
        outline = page.evaluate("() => getComputedStyle(document.activeElement).outlineStyle")
        assert outline == "solid", "the focused tile shows no focus ring"
        first = _state(app)["label"]
        page.keyboard.press("ArrowRight")
        assert _state(app)["label"] != first  # the arrow moved to the next tile
        moves = 0
        for _ in range(300):
            state = _state(app)
            if state["result"]:
                break
            kinds = {a.split()[0] for a in state["actions"]}
            if kinds & {"win", "self-draw", "rob"}:
                _press_and_wait(app, "w")
            elif "pass" in kinds:
                _press_and_wait(app, "n")
            elif state["free"]:
                page.keyboard.press("y")  # back to the hand
                for _ in range(20):
                    if _state(app)["disabled"] != "true":
                        break
                    page.keyboard.press("ArrowRight")
                assert _state(app)["focus"] == "hand"
                _press_and_wait(app, "Enter")
            else:
                pytest.fail(f"nothing to do by keyboard: {state}")
            moves += 1
        assert _state(app)["result"], "the hand did not end"
        assert moves >= 3  # (this deal ends early: a bot wins after four of our moves)
        spoken = page.inner_text(".mt-live") if page.locator(".mt-live").count() else ""
        heard = page.evaluate("() => document.querySelector('.mt-live').textContent")
        assert heard or spoken, "nothing was announced"
        assert_accessible(page)
        assert app.problems() == []


_WATCH = """() => { window.mtSeen = []; const look = () => {
  const n = document.querySelectorAll('.mt-log li').length;
  if (window.mtSeen[window.mtSeen.length - 1] !== n) window.mtSeen.push(n);
  window.mtLook = requestAnimationFrame(look); }; look(); }"""


def test_moves_are_paced_and_announced_in_words(browser: Any) -> None:
    with AppPage(browser, "play_a_hand.ipynb", f"{MINE} button.mt-tile") as app:
        page = app.page
        assert page.eval_on_selector(".mt-pace-select", "s => s.value") == "0.5"  # default
        tile = page.locator(f"{MINE} button.mt-tile:not([aria-disabled]) >> nth=0")
        name = tile.get_attribute("aria-label") or ""
        page.evaluate(_WATCH)  # every length the log takes, frame by frame
        tile.focus()
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.querySelector('.mt-live').textContent"
                               ".includes('discards')", timeout=60_000)
        heard = page.evaluate("() => document.querySelector('.mt-live').textContent")
        assert f"East discards {name.split(',')[0]}" in heard
        # the others' moves come one by one (half a second each), then it is our turn again
        page.wait_for_selector(f"{MINE} button.mt-tile:not([aria-disabled])", timeout=60_000)
        seen = page.evaluate("() => { cancelAnimationFrame(window.mtLook); return window.mtSeen; }")
        assert len(seen) >= 4, f"the others' moves landed at once: log lengths {seen}"
        page.wait_for_function("() => document.querySelector('.mt-live').textContent"
                               ".includes('discards')", timeout=60_000)
        heard = page.evaluate("() => document.querySelector('.mt-live').textContent")
        assert "of " in heard and "discard " not in heard.replace("discards", "")
        # the latest discard: marked by a pointer as well as its glow
        marker = page.evaluate("() => getComputedStyle(document.querySelector("
                               "'.mt-pond .mt-last'), '::before').content")
        assert marker not in ("none", "normal", "")


def test_replay_viewer_is_accessible_and_plays_itself(browser: Any) -> None:
    with AppPage(browser, "replay.ipynb", f"{MINE} .mt-tile") as app:
        page = app.page
        assert_accessible(page)
        page.select_option(".mt-pace-select", "0.25")
        page.click(".mt-play-button")
        # at least four moves played (a loaded machine may draw several in one frame)
        page.wait_for_function(
            "() => { const n = document.querySelector('.tutor-step-label');"
            " const m = n && n.innerText.match(/move (\\d+) of 86/);"
            " return m !== null && Number(m[1]) >= 4; }", timeout=60_000)
        # pause (the button is drawn again with each move: clicked where it is now); a move
        # already on its way may still land, so the label must settle within a few looks
        page.evaluate("() => document.querySelector('.mt-play-button').click()")
        labels = [page.inner_text(".tutor-step-label")]
        for _ in range(4):
            page.wait_for_timeout(1500)  # six moves at the 0.25 s pace if it still played
            labels.append(page.inner_text(".tutor-step-label"))
            if labels[-1] == labels[-2]:
                break
        assert labels[-1] == labels[-2], labels  # paused
        assert app.problems() == []


def test_practice_app_is_accessible(browser: Any) -> None:
    with AppPage(browser, "practice.ipynb", ".tutor-practice .tutor-exercise") as app:
        assert_accessible(app.page)
        assert app.problems() == []


def test_hand_builder_by_keyboard(browser: Any) -> None:
    with AppPage(browser, "hand_builder.ipynb", ".mt-picker") as app:
        page = app.page
        assert_accessible(page)
        pick = ".mt-pick-area"
        assert page.locator(f"{pick} .mt-tile[tabindex='0']").count() == 1  # one Tab stop
        page.locator(f"{pick} .mt-tile[tabindex='0']").focus()
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowRight")
        focused = page.evaluate("() => document.activeElement.dataset.tile")
        assert focused == "2p"
        label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
        assert label.startswith("2 of Dots: ")
        before = page.locator(".mt-hand-area .mt-tile").count()
        page.keyboard.press("Enter")
        page.wait_for_function("(n) => document.querySelectorAll('.mt-hand-area .mt-tile')"
                               ".length > n", arg=before, timeout=30_000)
        # the focus stays on the tile picked, so Enter again adds another
        assert page.evaluate("() => document.activeElement.dataset.tile") == "2p"
        assert app.problems() == []
