"""The apps in Chinese in Chromium (Voila, ``TUTOR_LANG=zh`` in the kernel): the play table, a
finished hand's sheets and the review, the practice app and the hand builder show no English
word (tile notation aside), as text on screen, in the tiles' text alternatives (``aria-label``),
tooltips (``title``) or placeholders. Screenshots at 1920x1080: ``images/zh_*.png``. The
end-of-hand sheets' columns stand apart in either language (``images/zh_sheet_*.png``).

Only the apps' widgets are read: the notebooks' own prose is the course's, whose Chinese edition
is a notebook of its own."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from .page import IMAGES, AppPage
from .voila import ROOT

pytestmark = pytest.mark.browser

MINE = ".mt-seat-bottom"

#: every text a learner meets in the widgets' output: what is on screen, the text alternatives,
#: the tooltips and placeholders, and the text drawn in SVG pictures
_TEXTS = """() => {
  const out = [];
  for (const area of document.querySelectorAll('.jp-OutputArea-output')) {
    out.push(area.innerText);
    for (const node of area.querySelectorAll('[aria-label], [title], [placeholder]')) {
      for (const name of ['aria-label', 'title', 'placeholder']) {
        const value = node.getAttribute(name);
        if (value && value !== 'null') out.push(value);  // ipywidgets: a label's empty title
      }
    }
    for (const node of area.querySelectorAll('svg text, svg title')) out.push(node.textContent);
  }
  return out.join('\\n');
}"""

#: tile notation (3m, 123p, 1z), kept in both languages
_NOTATION = re.compile(r"(?<![A-Za-z])[1-9]+[mpsz](?![A-Za-z])")
#: words allowed in Chinese, and why: the Latin indexes printed in the tiles' corners (E S W N
#: Wh G R, so a tile reads without CJK fonts) and the joker badge J are part of the tile's
#: picture; Tab and Enter are the names printed on the keys the key help names; JSON is the
#: format a Guiyang hand is pasted in (the walker's button 载入 JSON)
ALLOWED = {"Wh", "Tab", "Enter", "JSON"}


def english_words(text: str) -> list[str]:
    """The English words of ``text``: two letters or more, tile notation and ALLOWED aside."""
    text = _NOTATION.sub(" ", text)
    return sorted({w for w in re.findall(r"[A-Za-z]{2,}", text) if w not in ALLOWED})


def test_the_word_check_can_fail() -> None:
    assert english_words("第 1 步，共 4 步：Wave one") == ["Wave", "one"]
    assert english_words("西家打出 3p，East discards 123m") == ["East", "discards"]
    assert english_words("提示 1z 5m 9s Tab Enter") == []


def _english(app: AppPage) -> list[str]:
    return english_words(str(app.page.evaluate(_TEXTS)))


def test_the_play_table_sheets_and_review_in_chinese(browser: Any) -> None:
    with AppPage(browser, "play_a_hand.ipynb", f"{MINE} button.mt-tile", language="zh") as app:
        page = app.page
        page.select_option(".mt-pace-select", "0")
        app.wait_text(".mt-table", "轮到你")
        page.click(".mt-hint-button")
        app.wait_text(".mt-hint", "向听数")
        page.wait_for_selector(f"{MINE} .mt-tile.mt-hl", timeout=30_000)
        assert _english(app) == []
        assert "你看到的经过" in page.inner_text(".mt-log")
        assert (page.get_attribute(f"{MINE} button.mt-tile >> nth=0", "aria-label") or "")[:1] \
            in "一二三四五六七八九东南西北白发红"
        app.shot("zh_play_table.png")
        # play the hand to its end with the hint's moves (passing on claims)
        for _ in range(120):
            if page.locator(".mt-result").count():
                break
            before = page.inner_text(".mt-log")
            if page.locator(".mt-action-win, .mt-action-self-draw").count():
                page.locator(".mt-action-win, .mt-action-self-draw").first.click()
            elif page.locator(".mt-action-pass").count():
                page.click(".mt-action-pass")
            else:
                page.click(f"{MINE} button.mt-tile:not(.mt-locked) >> nth=-1")
            page.wait_for_function(
                "(before) => document.querySelector('.mt-result') !== null ||"
                " document.querySelector('.mt-log').innerText !== before", arg=before,
                timeout=60_000)
        page.wait_for_selector(".mt-result", timeout=60_000)
        assert _english(app) == []
        page.evaluate("document.querySelector('.mt-result').scrollIntoView()")
        page.wait_for_timeout(300)
        page.screenshot(path=str(IMAGES / "zh_score_sheet.png"))
        # the review of the hand
        page.click(".tutor-review-button")
        page.wait_for_selector(".mt-review .mt-review-counts", timeout=120_000)
        app.wait_text(".mt-review", "教练")
        assert _english(app) == []
        app.shot("zh_review.png")
        assert app.problems() == []


@pytest.mark.parametrize(("notebook", "ready", "word"), [
    ("practice.ipynb", ".tutor-practice .tutor-exercise", "检查"),
    ("hand_builder.ipynb", ".mt-picker", "你的手牌"),
])
def test_the_apps_in_chinese(browser: Any, notebook: str, ready: str, word: str) -> None:
    with AppPage(browser, notebook, ready, language="zh") as app:
        app.wait_text(".tutor-app", word)
        if notebook == "practice.ipynb":
            app.page.click(".tutor-practice .tutor-exercise button:has-text('提示')")
            app.wait_text(".tutor-verdict", "提示")
            app.page.click(".tutor-practice .tutor-exercise button:has-text('看答案')")
            app.wait_text(".tutor-worked-answer", "答案")
        assert _english(app) == []
        assert app.problems() == []


#: the narrowest gap, in screen pixels, between the text of two neighbouring cells of a row of
#: the sheets' tables (the cells' text, not their boxes: what the eye sees as a column gap)
_GAPS = """() => {
  const gaps = [];
  for (const table of document.querySelectorAll('.mt-result table')) {
    for (const row of table.rows) {
      let last = null;
      for (const cell of row.cells) {
        if (!cell.textContent.trim()) { last = null; continue; }
        const range = document.createRange();
        range.selectNodeContents(cell);
        const r = range.getBoundingClientRect();
        if (last !== null) gaps.push({gap: r.left - last.right,
                                      text: last.text + ' | ' + cell.textContent.trim()});
        last = {right: r.right, text: cell.textContent.trim()};
      }
    }
  }
  return gaps;
}"""

#: the least gap between two columns' text a reader takes as two columns
MIN_GAP = 8.0


def test_gap_check_can_fail() -> None:
    assert _narrow([{"gap": 3.0, "text": "自摸 | 2"}, {"gap": 12.0, "text": "胡 | 10"}]) \
        == ["自摸 | 2: 3 px"]


def _narrow(gaps: list[dict[str, Any]]) -> list[str]:
    return [f"{g['text']}: {g['gap']:.0f} px" for g in gaps if g["gap"] < MIN_GAP]


@pytest.mark.parametrize("language", ["zh", "en"])
def test_the_sheet_columns_stand_apart(browser: Any, language: str) -> None:
    """The end of a hand's sheets (the same result box as the play table's, here the replay
    viewer's last move): the text of neighbouring cells is at least MIN_GAP px apart, at both
    screen sizes. Screenshots of the Chinese sheet: ``images/zh_sheet_1920.png``, ``_1280``."""
    with AppPage(browser, "replay.ipynb", f"{MINE} .mt-tile", language=language) as app:
        page = app.page
        page.click(".tutor-step-last", force=True)
        page.wait_for_selector(".mt-result table", timeout=60_000)
        failed: list[str] = []
        for width, height in ((1920, 1080), (1280, 720)):
            app.resize(width, height)
            gaps = page.evaluate(_GAPS)
            assert len(gaps) > 10, gaps  # the sheets' rows were measured
            failed += [f"{width}x{height}: {n}" for n in _narrow(gaps)]
            if language == "zh":
                page.evaluate("document.querySelector('.mt-result table').scrollIntoView()")
                page.wait_for_timeout(300)
                page.screenshot(path=str(IMAGES / f"zh_sheet_{width}.png"))
        assert failed == [], "\n".join(failed)
        assert app.problems() == []


#: walker app, its steps after the first
WALKERS = {"huangyan_settlement": 4, "hangzhou_tally": 6, "guiyang_settlement": 5}


@pytest.mark.parametrize("walker", list(WALKERS))
def test_the_walkers_in_chinese_at_every_step(browser: Any, walker: str) -> None:
    """Each walker app, stepped from the first step to the last with 下一步 and back to the
    first, then out of projector mode (the setup and 恢复示例 shown)."""
    steps = WALKERS[walker]
    with AppPage(browser, f"{walker}.ipynb", ".tutor-step-head", language="zh") as app:
        page = app.page
        app.wait_text(".tutor-step-head", f"第 0 步，共 {steps} 步")
        assert page.inner_text("button.tutor-step-next").strip() == "下一步 >"
        for step in range(1, steps + 1):
            assert _english(app) == [], step - 1
            page.click("button.tutor-step-next")
            app.wait_text(".tutor-step-head", f"第 {step} 步，共 {steps} 步")
            if walker == "huangyan_settlement" and step == 2:
                app.shot("zh_walker_huangyan.png")
        assert _english(app) == [], steps
        page.click(".tutor-projector-toggle")
        page.wait_for_selector(".tutor-reset-example", state="visible", timeout=30_000)
        assert page.inner_text(".tutor-reset-example").strip() == "恢复示例"
        page.click(".tutor-reset-example")
        app.wait_text(".tutor-step-head", f"第 0 步，共 {steps} 步")
        assert _english(app) == []
        assert app.problems() == []


_WHAT_IF = {"cells": [{"cell_type": "code", "execution_count": None, "metadata": {},
                        "outputs": [],
                        "source": ["from tutor.display.widgets.whatif import WhatIfView\n",
                                   "WhatIfView('guiyang', hands=6).box"]}],
            "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                        "name": "python3"}},
            "nbformat": 4, "nbformat_minor": 5}


def test_the_what_if_panel_in_chinese(browser: Any) -> None:
    """The what-if panel before and after 运行: its controls, the table and the chart (in a
    notebook of its own under ``build/``: Voila serves only what is under the repository)."""
    notebook = ROOT / "build" / "browser" / "what_if.ipynb"
    notebook.parent.mkdir(parents=True, exist_ok=True)
    notebook.write_text(json.dumps(_WHAT_IF), encoding="utf-8")
    with AppPage(browser, str(notebook), ".tutor-whatif-run", language="zh") as app:
        page = app.page
        assert page.inner_text(".tutor-whatif-run").strip() == "运行"
        assert _english(app) == []
        page.click(".tutor-whatif-run")
        app.wait_text(".tutor-whatif-table", "统计项", timeout=120_000)
        page.wait_for_selector(".tutor-whatif-plot svg", timeout=30_000)
        assert _english(app) == []
        assert app.problems() == []
