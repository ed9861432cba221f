"""Real-browser tests of the settlement walker apps (``notebooks/apps/*_settlement``,
``hangzhou_tally``) served by Voila, in projector mode, at 1920x1080 and 1280x720.

A teacher steps through every step with Next, back with Back and Start, and folds the projector
mode away to press Reset to example. At every step the page must show the step, draw labels that
do not overlap (as the browser renders them, fonts and all), keep the main panel inside a
1280x720 screen, and at 1920x1080 use text of at least 24 px and tiles at least 80 px tall. The
page must log no console error and make no request outside the machine. Screenshots go to
``images/``.
"""

from __future__ import annotations

from typing import Any

import pytest

from .voila import ROOT, serve

pytestmark = pytest.mark.browser
IMAGES = ROOT / "images"
LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:", "about:")
SIZES = ((1920, 1080), (1280, 720))

#: app notebook, number of steps after the first, the step the screenshots show
APPS = {
    "huangyan_settlement": (4, 3),
    "hangzhou_tally": (6, 3),
    "guiyang_settlement": (5, 3),
}

# Every rendered box of the diagram: labels, seats; and the smallest text, in CSS pixels.
MEASURE = """() => {
  const svg = document.querySelector('.tutor-walker-main svg.payment-diagram');
  if (!svg) return null;
  const box = e => { const r = e.getBoundingClientRect();
                     return [r.left, r.top, r.right, r.bottom]; };
  const scale = svg.getBoundingClientRect().height / svg.viewBox.baseVal.height;
  const fonts = [...svg.querySelectorAll('text')].map(
      t => parseFloat(t.getAttribute('font-size')) * scale);
  return {labels: [...svg.querySelectorAll('g.payment-label')].map(box),
          seats: [...svg.querySelectorAll('g.seat > rect')].map(box),
          smallest: Math.min(...fonts)};
}"""


def _overlap(a: list[float], b: list[float]) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def _head(page: Any) -> str:
    return str(page.inner_text(".tutor-step-head")).strip()


def _go(page: Any, button: str, step: int, steps: int) -> None:
    page.click(f"button.tutor-step-{button}")
    try:
        page.wait_for_function(
            "(t) => (document.querySelector('.tutor-step-head')?.innerText ?? '')"
            ".trim().startsWith(t)", arg=f"Step {step} of {steps}", timeout=30_000)
    except Exception:
        raise AssertionError(f"after {button}: {_head(page)!r}, not step {step}") from None


def _font_px(page: Any, selector: str) -> float:
    return float(page.eval_on_selector(selector,
                                       "e => parseFloat(getComputedStyle(e).fontSize)"))


def _check_step(page: Any, width: int, height: int) -> None:
    """What must hold at every step: labels apart, the main panel on screen, big text."""
    measured = page.evaluate(MEASURE)
    if measured is not None:  # the Guiyang walker's first step shows hands, not a diagram
        labels, seats = measured["labels"], measured["seats"]
        for i, a in enumerate(labels):
            for b in labels[i + 1:]:
                assert not _overlap(a, b), (_head(page), a, b)
            for seat in seats:
                assert not _overlap(a, seat), (_head(page), a, seat)
        if width == 1920:
            assert measured["smallest"] >= 24, (_head(page), measured["smallest"])
    main = page.eval_on_selector(".tutor-main", "e => e.getBoundingClientRect().toJSON()")
    assert main["right"] <= width + 1 and main["bottom"] <= height + 1, (_head(page), main)
    if width == 1920:
        assert _font_px(page, ".tutor-step-head") >= 24
        side = page.eval_on_selector_all(
            ".tutor-walker-side :is(p, td, th, caption, button)",
            "es => es.filter(e => e.offsetParent !== null)"
            "        .map(e => parseFloat(getComputedStyle(e).fontSize))")
        assert side and min(side) >= 24, (_head(page), side)
        tiles = page.eval_on_selector_all(
            ".tutor-guiyang-hands g.tile", "ts => ts.map(t => t.getBoundingClientRect().height)")
        assert all(h >= 80 for h in tiles), (_head(page), min(tiles))


@pytest.mark.parametrize("app", list(APPS))
def test_walker_app_steps_in_projector_mode(browser: Any, app: str) -> None:
    steps, shown = APPS[app]
    process, url = serve(ROOT / "notebooks" / "apps" / f"{app}.ipynb")
    errors: list[str] = []
    outside: list[str] = []
    try:
        for width, height in SIZES:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("request", lambda r: None if r.url.startswith(LOCAL)
                    else outside.append(r.url))
            try:
                page.goto(url, timeout=180_000)
                page.wait_for_selector(".tutor-app.tutor-projector .tutor-step-head",
                                       timeout=180_000)
                assert _head(page).startswith(f"Step 0 of {steps}")
                # projector mode: controls folded, no command line on the page
                assert page.locator(".tutor-reset-example").is_hidden()
                assert "voila" not in str(page.inner_text("body")).lower()
                assert page.locator("button.tutor-step-back").is_disabled()
                assert page.locator("button.tutor-step-first").is_disabled()
                _check_step(page, width, height)
                if app == "guiyang_settlement" and width == 1920:  # the hands, as tiles
                    assert page.locator(".tutor-guiyang-hands g.tile").count() >= 4 * 13
                    page.screenshot(path=str(IMAGES / f"browser_{app}_hands.png"))
                for step in range(1, steps + 1):
                    _go(page, "next", step, steps)
                    _check_step(page, width, height)
                    if step == shown:
                        name = "projector" if width == 1920 else "720"
                        page.screenshot(path=str(IMAGES / f"browser_{app}_{name}.png"))
                assert page.locator("button.tutor-step-next").is_disabled()
                assert page.locator("button.tutor-step-last").is_disabled()
                _go(page, "back", steps - 1, steps)
                assert not page.locator("button.tutor-step-next").is_disabled()
                _go(page, "first", 0, steps)
                assert page.locator("button.tutor-step-back").is_disabled()
                _go(page, "last", steps, steps)
                if width == 1280:  # out of projector mode: the controls, and a reset
                    page.click(".tutor-projector-toggle")
                    page.wait_for_selector(".tutor-reset-example", state="visible",
                                           timeout=30_000)
                    page.click(".tutor-reset-example")
                    page.wait_for_function(
                        "(t) => document.querySelector('.tutor-step-head').innerText"
                        ".trim().startsWith(t)", arg=f"Step 0 of {steps}", timeout=30_000)
                    assert page.locator(".tutor-app.tutor-projector").count() == 0
            finally:
                page.close()
    finally:
        process.terminate()
        process.wait(timeout=30)
    assert errors == [], errors
    assert outside == [], outside
