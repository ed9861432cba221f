"""Write the pictures in ``images/``: the full tile set and two sample hands.

Run ``python -m tutor.display.export images`` (the folder defaults to ``images``). The files
are deterministic, so a test re-renders them and compares them with the committed copies.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path

from tutor.core.hand import Hand
from tutor.core.tiles import KINDS, Suit
from tutor.core.variant import Variant
from tutor.display import svg as S

__all__ = ["SAMPLE_HANDS", "export_images", "hand_sheet_svg", "tile_set_svg"]

_ROWS = (
    (Suit.CHARACTERS, "Characters", "萬子 · m"),
    (Suit.DOTS, "Dots", "筒子 · p"),
    (Suit.BAMBOO, "Bamboo", "條子 · s"),
    (Suit.HONORS, "Honors", "字牌 · z"),
)
_HONOR_CAPTIONS = ("East", "South", "West", "North", "White", "Green", "Red")
_LABEL_W = 96.0
_CAPTION_H = 14.0
_ROW_GAP = 10.0

# (hand, variant, drawn tile, caption)
SAMPLE_HANDS: tuple[tuple[str, Variant, str | None, str], ...] = (
    ("123m 5白7m 444p 中中中 東東", Variant.HANGZHOU, None,
     "Hangzhou: 123m 5白7m 444p 中中中 東東 (the White Dragon is a joker, 百搭, standing for 6m)"),
    ("99p 777s [234m] [777z] (2222s)", Variant.HUANGYAN, "7s",
     "Huangyan: a drawn 7s completes the hand; an exposed chow and pong, a concealed kong"),
)


def tile_set_svg(*, size: float = 52) -> str:
    """The 34 kinds in four labelled rows (characters, dots, bamboo, honors)."""
    root_g = ET.Element("g", {"class": "tile-set"})
    y = 0.0
    width = 0.0
    for suit, name, chinese in _ROWS:
        row_g = ET.SubElement(root_g, "g", {"class": f"suit suit-{suit.value}"})
        if y:
            row_g.set("transform", f"translate(0 {S._n(y)})")
        S._text(row_g, 0, S.TILE_H / 2 - 9, name, size=14, fill=S.INK, fonts=S.LATIN_FONTS,
                weight="bold", anchor="start")
        S._text(row_g, 0, S.TILE_H / 2 + 10, chinese, size=12, fill=S.INDEX_INK, anchor="start")
        tiles = [t for t in KINDS if t.suit is suit]
        for i, tile in enumerate(tiles):
            S._tile_group(row_g, tile, _LABEL_W + i * S.PITCH, 0, position=tile.index)
        row_h = S.TILE_H
        if suit is Suit.HONORS:
            for i, caption in enumerate(_HONOR_CAPTIONS):
                S._text(row_g, _LABEL_W + i * S.PITCH + S.FACE_W / 2, S.TILE_H + 8, caption,
                        size=10, fill=S.INDEX_INK, fonts=S.LATIN_FONTS, cls="caption")
            row_h += _CAPTION_H
        width = max(width, _LABEL_W + len(tiles) * S.PITCH)
        y += row_h + _ROW_GAP
    drawing = S._Drawing(root_g, width, y - _ROW_GAP)
    return S._svg_root(drawing, scale=size / S.TILE_W, margin=8.0, cls="mahjong-tile-set")


def hand_sheet_svg(hands: Sequence[tuple[str, Variant, str | None, str]] = SAMPLE_HANDS, *,
                   size: float = 44) -> str:
    """Sample hands, one per row, each with a caption above it."""
    root_g = ET.Element("g", {"class": "hand-sheet"})
    y = 0.0
    width = 0.0
    for text, variant, drawn, caption in hands:
        S._text(root_g, 0, y + 8, caption, size=13, fill=S.INK, anchor="start", cls="caption")
        y += 20.0
        hand = Hand.parse(text, variant)
        drawing = S._hand_drawing(hand, variant=variant, drawn=drawn)
        S._placed(root_g, drawing, 0, y)
        width = max(width, drawing.width)
        y += drawing.height + 16.0
    return S._svg_root(S._Drawing(root_g, max(width, 560.0), y - 16.0), scale=size / S.TILE_W,
                       margin=8.0, cls="mahjong-hand-sheet")


def export_images(folder: str | Path) -> list[Path]:
    """Write ``tiles.svg`` and ``hand.svg`` into ``folder``; return the paths written."""
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, content in (("tiles.svg", tile_set_svg()), ("hand.svg", hand_sheet_svg())):
        path = out / name
        path.write_text(content + "\n", encoding="utf-8")
        written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    folder = args[0] if args else "images"
    for path in export_images(folder):
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
