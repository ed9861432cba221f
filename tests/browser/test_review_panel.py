"""The coach's review panel in Chromium (Voila): in the replay viewer (open the panel, click a
graded moment: the step label names it, the table shows that player's view with the move's tiles
framed), and after a hand played at the play table (*Review my hand*). Screenshots at 1920x1080
and 1280x720; no console error, nothing fetched from outside the machine."""

from __future__ import annotations

from typing import Any

import pytest

from tutor.study.replay import Replay
from tutor.study.review_panel import ReviewPanel

from .page import ROOT, AppPage
from .test_play_table import MINE, _move

pytestmark = pytest.mark.browser

EXAMPLE = ROOT / "notebooks" / "apps" / "example_hands.json"
MARKS = f"{MINE} .mt-hl-played, {MINE} .mt-hl-preferred, .mt-pond .mt-hl-played, " \
        ".mt-pond .mt-hl-preferred"


def _click_moment(app: AppPage, index: int, seat: str, move: int, step: int,
                  steps: int) -> None:
    app.page.click(f".mt-review-moment[data-index='{index}']")
    app.wait_text(".tutor-step-label", f"move {step} of {steps}")
    app.wait_text(".tutor-step-label", f"{seat} to decide move {move}")
    app.page.wait_for_selector(f".mt-review-moment.mt-review-current[data-index='{index}']")


def test_replay_review_panel_jumps_to_a_moment(browser: Any) -> None:
    replay = Replay.from_file(EXAMPLE)
    panel = ReviewPanel.of(replay, "N")  # North (West now plays every move as the coach would)
    graded = panel.shown()
    replay.choose(2)  # hand 3 (Guiyang): North discarded 3m where the coach would discard 2p
    north = ReviewPanel.of(replay, "N")
    both = next(m for m in north.shown() if m.played and m.preferred and not m.same)
    with AppPage(browser, "replay.ipynb", f"{MINE} .mt-tile") as app:
        page = app.page
        assert page.locator(".mt-review-moment").count() == 0
        page.select_option(".tutor-review-seat select", label="North's play")
        page.wait_for_selector(".mt-review-moment")
        assert page.locator(".mt-review-moment").count() == len(graded)
        assert page.locator(".mt-review-counts .mt-grade").count() == 4
        for grade, count in panel.counts.items():
            chip = page.inner_text(f".mt-review-counts [data-grade='{grade.value}']")
            assert chip.startswith(f"{count} ")
        assert "Biggest lesson" in page.inner_text(".mt-review-lesson")
        assert app.font_px(".mt-review") >= 24  # projector mode at 1920x1080
        first = graded[0]
        _click_moment(app, first.index, "North", first.move, first.step, 86)
        page.wait_for_selector(f"{MINE} .mt-tile.mt-hl-preferred")  # the chow's tiles
        assert page.locator(".mt-seat-top .mt-backs").count() == 1  # North's view: others hidden
        assert page.locator(".mt-seat-bottom .mt-plate").inner_text().startswith("北")
        assert "North may claim it" in page.inner_text(".mt-status")  # watched, not played
        # a step on clears the marks and the note; a step back is the moment again
        page.click(".tutor-step-forward")
        app.wait_text(".tutor-step-label", f"move {first.step + 1} of 86")
        page.wait_for_function(f"document.querySelectorAll(\"{MARKS}\").length === 0")
        page.click(".tutor-step-back")
        app.wait_text(".tutor-step-label", "North to decide")
        page.wait_for_selector(f"{MINE} .mt-tile.mt-hl-preferred")
        for width, height in ((1920, 1080), (1280, 720)):
            app.resize(width, height)
            app.shot(f"browser_review_{width}.png")
        app.resize(1920, 1080)
        # another hand of the file, another player: a discard the coach would not have made
        page.click(".tutor-controls .jupyter-widget-Collapse-header")  # open the controls
        page.select_option(".tutor-hand-choice select", index=2)
        page.select_option(".tutor-review-seat select", label="North's play")
        app.wait_text(".mt-review-title", "Review of North's play")
        _click_moment(app, both.index, "North", both.move, both.step, replay.steps)
        page.wait_for_selector(f"{MINE} .mt-tile.mt-hl-played")
        page.wait_for_selector(f"{MINE} .mt-tile.mt-hl-preferred")
        played = page.locator(f"{MINE} .mt-tile.mt-hl-played").first.get_attribute("data-tile")
        preferred = page.locator(f"{MINE} .mt-tile.mt-hl-preferred").first
        assert played == str(both.played[0])
        assert preferred.get_attribute("data-tile") == str(both.preferred[0])
        item = f".mt-review-moment[data-index='{both.index}']"
        assert page.locator(f"{item} .mt-review-played .mt-tile.mt-hl-played").count() == 1
        assert page.locator(f"{item} .mt-review-preferred .mt-tile.mt-hl-preferred").count() == 1
        assert app.problems() == []


def test_review_my_hand_after_playing_it(browser: Any) -> None:
    with AppPage(browser, "play_a_hand.ipynb", f"{MINE} button.mt-tile") as app:
        page = app.page
        page.select_option(".mt-pace-select", "0")  # the others' moves at once (instant)
        assert page.locator(".tutor-review-button").is_hidden()
        for _ in range(150):  # play the hand out: win when offered, pass claims, else discard
            if page.locator(".mt-result").count():
                break
            wins = page.locator(".mt-action-win, .mt-action-self-draw, .mt-action-rob")
            if wins.count():
                _move(app, ".mt-action-win, .mt-action-self-draw, .mt-action-rob >> nth=0")
            elif page.locator(".mt-action-pass").count():
                _move(app, ".mt-action-pass")
            else:
                _move(app, f"{MINE} button.mt-tile:not(.mt-locked) >> nth=-1")
        page.wait_for_selector(".mt-result")
        page.click(".tutor-review-button")
        page.wait_for_selector(".mt-review .mt-review-counts")
        app.wait_text(".mt-review-title", "Review of East's play")
        total = int(page.inner_text(".mt-review-all").split()[2])  # "show all N decisions"
        page.click(".mt-review-all input")
        # the list redrawn with every decision (the graded ones were listed before the click)
        page.wait_for_function(
            f"document.querySelectorAll('.mt-review-moment').length === {total}")
        first = page.locator(".mt-review-moment").first
        index = int(first.get_attribute("data-index") or "0")
        step = int(first.get_attribute("data-step") or "0")
        first.click()
        app.wait_text(".tutor-step-label", f"move {step} of ")
        app.wait_text(".tutor-step-label", "East to decide move")
        page.wait_for_selector(f".mt-review-moment.mt-review-current[data-index='{index}']")
        page.click(".tutor-review-back")
        page.wait_for_selector(".mt-result")
        assert page.locator(".mt-review").count() == 0
        assert app.problems() == []
