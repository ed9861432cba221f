"""The tile sprite: every tile face drawn once by :mod:`tutor.display.svg`, as SVG symbols.

The tile widgets (:mod:`tutor.display.widgets.tiles`) send this sprite to the browser once per
page; each tile on screen is then a tiny ``<svg><use href="#mt-3m"/></svg>``, so a click that
changes the hand sends a few tile codes, never pictures. Symbols: ``mt-1m`` ... ``mt-7z`` for the
34 kinds, ``mt-5z-j`` for Hangzhou's joker (the White Dragon with its badge) and ``mt-back`` for
a tile face down. Each symbol carries the tile's name in the learner's words in ``data-name`` (the
text alternative of every tile drawn from it: "5 of Characters", "White Dragon (joker)") and a
tooltip in ``data-tip`` (the name, the Chinese and the notation).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import cache

from tutor.core.tiles import KINDS, Tile
from tutor.display import svg
from tutor.i18n import language, pgettext

__all__ = ["SPRITE_ID", "TILE_ASPECT", "symbol_id", "tile_sprite"]

SPRITE_ID = "mahjong-tutor-sprite"
#: width / height of a tile picture (its edge included)
TILE_ASPECT = svg.TILE_W / svg.TILE_H


def symbol_id(tile: Tile | str, *, joker: bool = False, face_down: bool = False) -> str:
    """The id of a tile's symbol: ``mt-3m``, ``mt-5z-j`` (a joker), ``mt-back``."""
    if face_down:
        return "mt-back"
    return f"mt-{tile}-j" if joker else f"mt-{tile}"


def _symbol(defs: ET.Element, tile: Tile, *, joker: bool = False,
            face_down: bool = False) -> None:
    name = (pgettext("screen", "a tile face down") if face_down
            else svg.tile_label(tile, joker=joker))
    tip = name if face_down else svg.tile_tip(tile, joker=joker)
    symbol = ET.SubElement(defs, "symbol", {
        "id": symbol_id(tile, joker=joker, face_down=face_down),
        "viewBox": f"0 0 {svg._n(svg.TILE_W)} {svg._n(svg.TILE_H)}",
        "data-name": name, "data-tip": tip})
    group = svg._tile_group(symbol, tile, 0, 0, joker=joker, face_down=face_down)
    for title in group.findall("title"):
        group.remove(title)


def tile_sprite() -> str:
    """The sprite as one hidden ``<svg>`` element (about 50 kB; built once per process and
    language: its names are in the current language)."""
    return _sprite(language())


@cache
def _sprite(lang: str) -> str:
    root = ET.Element("svg", {
        "xmlns": "http://www.w3.org/2000/svg", "id": SPRITE_ID, "aria-hidden": "true",
        "style": "position:absolute;width:0;height:0;overflow:hidden"})
    defs = ET.SubElement(root, "defs")
    for tile in KINDS:
        _symbol(defs, tile)
    white = Tile.parse("5z")
    _symbol(defs, white, joker=True)
    _symbol(defs, white, face_down=True)
    return ET.tostring(root, encoding="unicode")
