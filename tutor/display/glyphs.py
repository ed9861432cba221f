"""Unicode tile glyphs (🀇🀈🀉, U+1F000 to U+1F021) in HTML, drawn with the font the package ships.

Few computers have a font for Unicode's Mahjong Tiles block: without one a browser draws each glyph
as an empty box, and a screen reader has no name to say for most of them. :func:`glyphs_html`
wraps each run of glyphs in escaped text in a span drawn with the block's tiles from Noto Sans
Symbols 2 (``tutor/display/fonts/``, SIL Open Font License 1.1, cut by ``tools/tile_font.py``),
named for screen readers with the tiles' names; :func:`font_style` is the ``<style>`` that
defines the font, embedded (a page makes no request for it) and added once to the HTML that needs
it (:func:`tutor.display.html.table_html` does).

>>> glyphs_html("a Red Dragon: 🀄")
'a Red Dragon: <span class="tutor-glyphs" role="img" aria-label="Red Dragon">🀄</span>'
"""

from __future__ import annotations

import base64
import re
from functools import cache
from html import escape
from importlib.resources import files

from tutor.core.tiles import KINDS
from tutor.display.svg import tile_label
from tutor.i18n import comma

__all__ = ["FONT_FAMILY", "font_style", "glyphs_html", "has_glyphs"]

#: the shipped font's name in a page (a name no system font has)
FONT_FAMILY = "Tutor Mahjong Tiles"
_TILES = {t.glyph: t for t in KINDS}
_RUN = re.compile("[" + "".join(sorted(_TILES)) + "]+")


def has_glyphs(text: str) -> bool:
    """Whether ``text`` holds a tile glyph."""
    return _RUN.search(text) is not None


def glyphs_html(text: str) -> str:
    """``text`` (already escaped HTML) with each run of tile glyphs in a span drawn with the
    shipped font, its text alternative the tiles' names."""
    def span(match: re.Match[str]) -> str:
        names = escape(comma().join(tile_label(_TILES[ch]) for ch in match.group()))
        return (f'<span class="tutor-glyphs" role="img" aria-label="{names}">'
                f"{match.group()}</span>")

    return _RUN.sub(span, text)


@cache
def font_style() -> str:
    """The ``<style>`` defining the tiles' font (embedded, about 19 kB) and the spans'
    look: tiles a little larger than the text around them, so a learner can tell them apart."""
    data = files("tutor.display").joinpath("fonts", "mahjong-tiles.woff").read_bytes()
    source = base64.b64encode(data).decode("ascii")
    return ("<style>"
            f'@font-face{{font-family:"{FONT_FAMILY}";'
            f'src:url(data:font/woff;base64,{source}) format("woff");'
            "unicode-range:U+1F000-1F02B}"
            f'.tutor-glyphs{{font-family:"{FONT_FAMILY}",sans-serif;font-size:2em;'
            "line-height:1;letter-spacing:0.05em;vertical-align:-0.1em}"
            "</style>")
