"""Unicode tile glyphs in a table are drawn in Chromium with the font the package embeds (this
machine, like most, has no font for the Mahjong Tiles block: without it each glyph is an empty
box), are named for a screen reader, and pass axe-core. The page is the table's HTML alone, with
every request off the page refused: the font must come from the table itself."""

from __future__ import annotations

from typing import Any

import pytest

from tutor.core.notation import format_hand, parse_hand
from tutor.display.glyphs import FONT_FAMILY
from tutor.display.tables import TextTable
from tutor.i18n import using_language

from .axe import assert_accessible

pytestmark = pytest.mark.browser

HAND = "123m 5白7m 444p 中中中 東東"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_glyphs_in_a_table_are_drawn_with_the_embedded_font(browser: Any, lang: str) -> None:
    with using_language(lang):
        hand = parse_hand(HAND, "hangzhou")
        table = TextTable(["writing", "hand"], [["glyphs", format_hand(hand, "unicode")]])
        html = table._repr_html_()
    page = browser.new_page()
    requests: list[str] = []
    page.route("**/*", lambda route: (requests.append(route.request.url), route.abort()))
    try:
        page.set_content(f'<!doctype html><html lang="{lang}"><head><title>glyphs</title>'
                         f"</head><body><main>{html}</main></body></html>")
        found = page.evaluate("""async (family) => {
          await document.fonts.ready;
          const span = document.querySelector('.tutor-glyphs');
          return {faces: [...document.fonts].filter((f) => f.family === family)
                    .map((f) => f.status),
                  drawnWith: getComputedStyle(span).fontFamily,
                  label: span.getAttribute('aria-label'), role: span.getAttribute('role'),
                  text: span.textContent};
        }""", FONT_FAMILY)
        assert found["faces"] == ["loaded"], found  # the browser used it for the glyphs
        assert found["drawnWith"].startswith(f'"{FONT_FAMILY}"')
        assert found["text"] == format_hand(hand, "unicode") and found["role"] == "img"
        first = "1 of Characters" if lang == "en" else "一万"
        assert found["label"].startswith(first) and found["label"].count(
            ", " if lang == "en" else "，") == 13
        assert requests == []
        assert_accessible(page)
    finally:
        page.close()
