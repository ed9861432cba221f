"""Unicode tile glyphs in HTML are drawn with the font the package ships, and named for screen
readers (tutor.display.glyphs)."""

from __future__ import annotations

import base64
import io
import re
import xml.etree.ElementTree as ET
from importlib.resources import files

from fontTools.ttLib import TTFont

from tutor.core.notation import format_hand, parse_hand
from tutor.core.tiles import KINDS, Tile
from tutor.display.glyphs import FONT_FAMILY, font_style, glyphs_html, has_glyphs
from tutor.display.html import table_html
from tutor.display.tables import TextTable
from tutor.i18n import using_language

FONT = files("tutor.display").joinpath("fonts", "mahjong-tiles.woff").read_bytes()


def test_the_shipped_font_draws_every_tile_glyph_and_carries_its_licence() -> None:
    font = TTFont(io.BytesIO(FONT))
    drawn = font.getBestCmap()
    assert {ord(t.glyph) for t in KINDS} <= set(drawn)
    blank = font["glyf"][font.getGlyphOrder()[0]]  # .notdef
    for t in KINDS:  # each tile has an outline of its own, not the empty box
        glyph = font["glyf"][drawn[ord(t.glyph)]]
        assert glyph.numberOfContours > 0 and glyph != blank, t
    assert "Open Font License" in files("tutor.display").joinpath("fonts", "OFL.txt").read_text(
        "utf-8")


def test_each_run_of_glyphs_is_one_span_named_by_its_tiles() -> None:
    html = glyphs_html("a &lt; 🀇🀈 b 🀄")
    spans = re.findall(r'<span class="tutor-glyphs" role="img" aria-label="([^"]*)">([^<]*)'
                       r"</span>", html)
    assert spans == [("1 of Characters, 2 of Characters", "🀇🀈"), ("Red Dragon", "🀄")]
    assert html.startswith("a &lt; <span") and " b <span" in html
    assert glyphs_html("12m 5z &amp;") == "12m 5z &amp;"  # nothing else is touched
    assert has_glyphs("x🀙") and not has_glyphs("123m 中")
    with using_language("zh"):
        assert 'aria-label="一万，红中"' in glyphs_html("🀇🀄")


def test_a_table_with_glyphs_carries_the_font_and_one_without_does_not() -> None:
    hand = parse_hand("123m 5白7m 444p 中中中 東東", "hangzhou")
    glyphs = format_hand(hand, "unicode")
    html = TextTable(["writing", "hand"], [["mpsz", str(hand)], ["glyphs", glyphs]])._repr_html_()
    assert html.startswith(font_style()) and html.count("<style>") == 1
    table = ET.fromstring(html.removeprefix(font_style()))  # well-formed
    (span,) = table.iter("span")
    assert span.text == glyphs and span.get("role") == "img"
    assert span.get("aria-label", "").split(", ") == [
        "1 of Characters", "2 of Characters", "3 of Characters", "5 of Characters",
        "7 of Characters", "4 of Dots", "4 of Dots", "4 of Dots", "East", "East",
        "White Dragon", "Red Dragon", "Red Dragon", "Red Dragon"]
    assert "<style>" not in table_html(["hand"], [[str(hand)]])
    # the style defines the shipped font, embedded (nothing fetched), for the spans
    source = re.search(r"url\(data:font/woff;base64,([A-Za-z0-9+/=]+)\)", font_style())
    assert source is not None and base64.b64decode(source.group(1)) == FONT
    assert f'font-family:"{FONT_FAMILY}"' in font_style()
    assert re.search(r'\.tutor-glyphs\{font-family:"' + FONT_FAMILY, font_style())
    assert Tile.parse("5p").glyph in glyphs_html(Tile.parse("5p").glyph)
