"""Mahjong tiles drawn as SVG by the package itself (no third-party art), python-chess style.

Every picture is built with :mod:`xml.etree.ElementTree` and serialised to a string, so the
output is deterministic (same input, byte-identical SVG), valid XML and free of random ids.
Each tile is a ``<g class="tile tile-3p" data-tile="3p">`` group with a ``<title>``; melds are
``<g class="meld meld-pong">`` groups and hands ``<g class="hand">``, so browser tests can find
them. Dots are ``class="pip"`` circles and bamboo sticks ``class="stick"`` groups, one per
pip or stick printed on a real tile.

* :func:`tile_svg` one tile, :func:`tiles_svg` a row of tiles,
* :func:`meld_svg` a declared meld (exposed melds in an orange frame, a concealed kong in a
  dashed blue-grey frame with its two middle tiles face down),
* :func:`hand_svg` concealed tiles, then a drawn tile set apart, then the melds; in Hangzhou
  the White Dragons carry a joker badge ("J" and 百搭).

The Chinese characters use a font-family list with CJK fallbacks; every tile also carries a
small Latin index in its corner ("3p", "E", "R") so it stays readable without CJK fonts.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from tutor.core.hand import Hand, Meld, MeldKind
from tutor.core.tiles import Suit, Tile
from tutor.core.variant import Variant
from tutor.errors import HandError, InputError
from tutor.i18n import C_, _, comma, language, pgettext

__all__ = [
    "CJK_FONTS",
    "HIGHLIGHT",
    "hand_svg",
    "meld_svg",
    "tile_label",
    "tile_svg",
    "tile_tip",
    "tiles_svg",
]

# --- geometry (local units; the root <svg> scales them to the requested pixel size) --------

FACE_W = 60.0
FACE_H = 80.0
DEPTH_X = 3.0
DEPTH_Y = 5.0
TILE_W = FACE_W + DEPTH_X
TILE_H = FACE_H + DEPTH_Y
PITCH = TILE_W + 1.0  # distance between neighbouring tiles in a row
DRAWN_GAP = 18.0  # extra space before a drawn tile
MELD_GAP = 14.0  # space between groups (concealed row, drawn tile, each meld)
MELD_PAD = 5.0  # frame around a meld's tiles
LABEL_FONT = 22.0  # a meld label's text, in units, when the tiles are drawn large enough
LABEL_MIN_PX = 14.0  # ... and never smaller than this on screen, however small the tiles
MARGIN = 4.0

# --- colours and fonts ----------------------------------------------------------------------

CJK_FONTS = ("'Noto Sans CJK SC', 'Noto Sans CJK', 'Source Han Sans SC', 'Source Han Sans', "
             "'PingFang SC', 'Microsoft YaHei', 'SimHei', sans-serif")
LATIN_FONTS = "'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif"
HIGHLIGHT = "#e6a100"

IVORY = "#fdf8ec"
IVORY_EDGE = "#e6dcc3"
FACE_STROKE = "#a39a82"
BACK = "#2f7d62"
BACK_DARK = "#1d5a45"
INK = "#1b1b1b"
RED = "#c62828"
GREEN = "#2e7d32"
BLUE = "#1f4e9c"
INDEX_INK = "#6f6757"
EXPOSED_FILL = "#fdebd3"
EXPOSED_STROKE = "#d9822b"
CONCEALED_FILL = "#e8eef7"
CONCEALED_STROKE = "#5a6f8f"

_NUMERALS = "一二三四五六七八九"
_HONOR_INDEX = ("E", "S", "W", "N", "Wh", "G", "R")
_HONOR_CHARS = "東南西北白發中"


def _n(x: float) -> str:
    """A number as short, stable text: 2 decimals at most, no trailing zeros."""
    text = f"{x:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _el(parent: ET.Element | None, tag: str, **attrs: str | float) -> ET.Element:
    """A child element (or a root when ``parent`` is None); ``font_size`` -> ``font-size``."""
    fixed = {k.rstrip("_").replace("_", "-"): (_n(v) if isinstance(v, float | int) else v)
             for k, v in attrs.items()}
    if parent is None:
        return ET.Element(tag, fixed)
    return ET.SubElement(parent, tag, fixed)


def _text(parent: ET.Element, x: float, y: float, text: str, *, size: float, fill: str,
          fonts: str = CJK_FONTS, weight: str = "normal", cls: str = "",
          anchor: str = "middle") -> ET.Element:
    """Text whose visual middle sits at ``y`` (baseline placed from the font size)."""
    attrs: dict[str, str | float] = {
        "x": x, "y": y + 0.36 * size, "font_size": size, "font_family": fonts, "fill": fill,
        "text_anchor": anchor}
    if weight != "normal":
        attrs["font_weight"] = weight
    if cls:
        attrs["class_"] = cls
    node = _el(parent, "text", **attrs)
    node.text = text
    return node


def _as_tile(tile: Tile | str) -> Tile:
    return tile if isinstance(tile, Tile) else Tile.parse(tile)


def _code(tile: Tile) -> str:
    return str(tile)


# --- pieces of a tile face ------------------------------------------------------------------

def _pip(parent: ET.Element, cx: float, cy: float, r: float, colour: str) -> None:
    """One dot: a coin with a coloured rim, an ivory ring and a coloured centre."""
    g = _el(parent, "g", class_="pip")
    _el(g, "circle", cx=cx, cy=cy, r=r, fill=colour)
    _el(g, "circle", cx=cx, cy=cy, r=r * 0.62, fill=IVORY)
    _el(g, "circle", cx=cx, cy=cy, r=r * 0.36, fill=colour)


def _big_pip(parent: ET.Element) -> None:
    """The single dot of 1p: a large ornamented disc."""
    g = _el(parent, "g", class_="pip")
    cx, cy = 30.0, 45.0
    _el(g, "circle", cx=cx, cy=cy, r=20.0, fill=GREEN)
    _el(g, "circle", cx=cx, cy=cy, r=17.0, fill=IVORY)
    _el(g, "circle", cx=cx, cy=cy - 13.5, r=2.2, fill=BLUE)
    for i in range(1, 8):
        _el(g, "circle", cx=cx, cy=cy - 13.5, r=2.2, fill=BLUE,
            transform=f"rotate({i * 45} {_n(cx)} {_n(cy)})")
    _el(g, "circle", cx=cx, cy=cy, r=9.5, fill=RED)
    _el(g, "circle", cx=cx, cy=cy, r=5.5, fill=IVORY)
    _el(g, "circle", cx=cx, cy=cy, r=2.5, fill=RED)


_DOTS: dict[int, tuple[tuple[float, float, float, str], ...]] = {
    2: ((30, 28, 11.5, GREEN), (30, 62, 11.5, BLUE)),
    3: ((15, 24, 9.5, BLUE), (30, 45, 9.5, RED), (45, 66, 9.5, GREEN)),
    4: ((18, 29, 10, BLUE), (42, 29, 10, GREEN), (18, 61, 10, GREEN), (42, 61, 10, BLUE)),
    5: ((16, 25, 9, BLUE), (44, 25, 9, GREEN), (30, 45, 9, RED), (16, 65, 9, GREEN),
        (44, 65, 9, BLUE)),
    6: ((18, 22, 8, GREEN), (42, 22, 8, GREEN), (18, 50, 8, RED), (42, 50, 8, RED),
        (18, 68, 8, RED), (42, 68, 8, RED)),
    7: ((14, 20, 6.5, GREEN), (30, 28, 6.5, GREEN), (46, 36, 6.5, GREEN), (19, 53, 7.5, RED),
        (41, 53, 7.5, RED), (19, 69, 7.5, RED), (41, 69, 7.5, RED)),
    8: tuple((x, y, 7.2, BLUE) for y in (22.0, 38.0, 54.0, 70.0) for x in (19.0, 41.0)),
    9: tuple((x, y, 7.6, colour) for y, colour in ((24.0, BLUE), (45.0, RED), (66.0, GREEN))
             for x in (15.0, 30.0, 45.0)),
}


def _draw_dots(parent: ET.Element, rank: int) -> None:
    if rank == 1:
        _big_pip(parent)
        return
    for cx, cy, r, colour in _DOTS[rank]:
        _pip(parent, cx, cy, r, colour)


def _stick(parent: ET.Element, cx: float, cy: float, h: float, colour: str,
           angle: float = 0.0) -> None:
    """One bamboo stick: a rounded rod with a node in the middle and at both ends."""
    attrs: dict[str, str | float] = {"class_": "stick"}
    if angle:
        attrs["transform"] = f"rotate({_n(angle)} {_n(cx)} {_n(cy)})"
    g = _el(parent, "g", **attrs)
    w = 6.0
    top = cy - h / 2
    _el(g, "rect", x=cx - w / 2, y=top, width=w, height=h, rx=2.6, fill=colour)
    _el(g, "rect", x=cx - 0.6, y=top + 2.5, width=1.2, height=h - 5, fill=IVORY,
        opacity="0.55")
    for y in (top + 1.6, cy, top + h - 1.6):
        _el(g, "line", x1=cx - w / 2 - 0.8, y1=y, x2=cx + w / 2 + 0.8, y2=y, stroke=colour,
            stroke_width=1.6, stroke_linecap="round")


_BAMBOO: dict[int, tuple[tuple[float, float, float, str, float], ...]] = {
    2: ((30, 29, 24, GREEN, 0), (30, 61, 24, BLUE, 0)),
    3: ((30, 29, 24, GREEN, 0), (19, 61, 24, GREEN, 0), (41, 61, 24, BLUE, 0)),
    4: ((18, 29, 24, GREEN, 0), (42, 29, 24, BLUE, 0), (18, 61, 24, BLUE, 0),
        (42, 61, 24, GREEN, 0)),
    5: ((15, 29, 24, GREEN, 0), (45, 29, 24, BLUE, 0), (30, 45, 24, RED, 0),
        (15, 61, 24, BLUE, 0), (45, 61, 24, GREEN, 0)),
    6: tuple((x, y, 24.0, GREEN if y < 45 else BLUE, 0.0) for y in (29.0, 61.0)
             for x in (15.0, 30.0, 45.0)),
    7: ((30, 23, 16, RED, 0),
        *((x, y, 17.0, GREEN if y < 60 else BLUE, 0.0) for y in (45.0, 66.0)
          for x in (15.0, 30.0, 45.0))),
    8: ((11, 29, 24, GREEN, 0), (24, 29, 24, GREEN, 22), (36, 29, 24, GREEN, -22),
        (49, 29, 24, GREEN, 0), (11, 61, 24, BLUE, 0), (24, 61, 24, BLUE, -22),
        (36, 61, 24, BLUE, 22), (49, 61, 24, BLUE, 0)),
    9: tuple((x, y, 17.0, RED if x == 30 else (GREEN if y < 60 else BLUE), 0.0)
             for y in (24.0, 45.0, 66.0) for x in (15.0, 30.0, 45.0)),
}


def _bird(parent: ET.Element) -> None:
    """1 bamboo: a small bird perched on a bamboo stick (the one 'stick' of the tile)."""
    g = _el(parent, "g", class_="stick bird")
    # perch
    _el(g, "rect", x=8, y=66, width=44, height=4.5, rx=2.2, fill=GREEN)
    # tail feathers
    _el(g, "path", d="M22 52 L6 70 L12 71 Z", fill=BLUE)
    _el(g, "path", d="M22 53 L10 74 L17 73 Z", fill=GREEN)
    _el(g, "path", d="M24 54 L17 76 L23 74 Z", fill=RED)
    # body, wing, head, beak, eye
    _el(g, "ellipse", cx=31, cy=47, rx=13, ry=10.5, fill=GREEN,
        transform="rotate(-25 31 47)")
    _el(g, "path", d="M24 45 Q32 38 40 47 Q32 52 24 45 Z", fill=BLUE)
    _el(g, "circle", cx=42, cy=31, r=7, fill=RED)
    _el(g, "path", d="M48 29 L55 32 L48 34 Z", fill="#e0a100")
    _el(g, "circle", cx=44, cy=30, r=1.6, fill=INK)
    _el(g, "path", d="M39 24 Q41 17 46 19 Q43 21 42 25 Z", fill=RED)
    # legs
    _el(g, "path", d="M30 57 L28 66 M35 57 L36 66", stroke="#8a5a00", stroke_width=1.6,
        fill="none")


def _draw_bamboo(parent: ET.Element, rank: int) -> None:
    if rank == 1:
        _bird(parent)
        return
    for cx, cy, h, colour, angle in _BAMBOO[rank]:
        _stick(parent, cx, cy, h, colour, angle)


def _draw_characters(parent: ET.Element, rank: int) -> None:
    _text(parent, 30, 30, _NUMERALS[rank - 1], size=25, fill=INK, weight="bold", cls="numeral")
    _text(parent, 30, 60, "萬", size=29, fill=RED, weight="bold", cls="suit-char")


def _draw_honor(parent: ET.Element, rank: int, joker: bool) -> None:
    if rank == 5:  # White Dragon: an empty blue frame
        _el(parent, "rect", x=11, y=15, width=38, height=56, rx=3, fill="none", stroke=BLUE,
            stroke_width=3.2)
        _el(parent, "rect", x=16, y=20, width=28, height=46, rx=2, fill="none", stroke=BLUE,
            stroke_width=1.2)
        if joker:
            _text(parent, 30, 43, "百搭", size=11, fill=RED, weight="bold", cls="joker-text")
        return
    colour = {6: GREEN, 7: RED}.get(rank, INK)
    _text(parent, 30, 45, _HONOR_CHARS[rank - 1], size=40 if rank <= 4 else 43, fill=colour,
          weight="bold", cls="honor-char")


def _joker_badge(parent: ET.Element) -> None:
    g = _el(parent, "g", class_="joker-badge")
    _el(g, "circle", cx=50, cy=10, r=7.5, fill="#f5b301", stroke="#8a5a00", stroke_width=1)
    _text(g, 50, 10, "J", size=10, fill=INK, fonts=LATIN_FONTS, weight="bold")


def _index_label(tile: Tile) -> str:
    """The face's corner index: the notation, or for an honor its initial (in Chinese, its
    character: no Latin letters on a Chinese tile)."""
    if not tile.is_honor:
        return str(tile)
    return _HONOR_INDEX[tile.rank - 1] if language() == "en" else _HONOR_CHARS[tile.rank - 1]


# the tiles' names, for the catalog (Tile.name, in the context "tile": 五万, 东风, 白板)
_TILE_NAMES = (
    C_("tile", "1 of Characters"),
    C_("tile", "2 of Characters"),
    C_("tile", "3 of Characters"),
    C_("tile", "4 of Characters"),
    C_("tile", "5 of Characters"),
    C_("tile", "6 of Characters"),
    C_("tile", "7 of Characters"),
    C_("tile", "8 of Characters"),
    C_("tile", "9 of Characters"),
    C_("tile", "1 of Dots"),
    C_("tile", "2 of Dots"),
    C_("tile", "3 of Dots"),
    C_("tile", "4 of Dots"),
    C_("tile", "5 of Dots"),
    C_("tile", "6 of Dots"),
    C_("tile", "7 of Dots"),
    C_("tile", "8 of Dots"),
    C_("tile", "9 of Dots"),
    C_("tile", "1 of Bamboo"),
    C_("tile", "2 of Bamboo"),
    C_("tile", "3 of Bamboo"),
    C_("tile", "4 of Bamboo"),
    C_("tile", "5 of Bamboo"),
    C_("tile", "6 of Bamboo"),
    C_("tile", "7 of Bamboo"),
    C_("tile", "8 of Bamboo"),
    C_("tile", "9 of Bamboo"),
    C_("tile", "East"),
    C_("tile", "South"),
    C_("tile", "West"),
    C_("tile", "North"),
    C_("tile", "White Dragon"),
    C_("tile", "Green Dragon"),
    C_("tile", "Red Dragon"),
)


def tile_label(tile: Tile | str, *, joker: bool = False) -> str:
    """A tile in the learner's words, its text alternative: ``5 of Characters``, ``Red
    Dragon``, ``White Dragon (joker)`` (in Chinese ``五万``, ``红中``, ``白板（财神）``)."""
    t = _as_tile(tile)
    if language() == "en":
        return f"{t.name} (joker)" if joker else t.name
    name = pgettext("tile", t.name)
    return _("{tile} (joker)").format(tile=name) if joker else name


def tile_tip(tile: Tile | str, *, joker: bool = False) -> str:
    """The tooltip: the learner's words first (what a screen reader says), then the Chinese
    and the notation (in Chinese the words are the Chinese: ``五万 (5m)``)."""
    t = _as_tile(tile)
    if language() == "en":
        return f"{tile_label(t, joker=joker)} {t.chinese} ({t})"
    return f"{tile_label(t, joker=joker)} ({t})"


def _title(tile: Tile, joker: bool) -> str:
    return tile_tip(tile, joker=joker)


def _highlight_colour(highlight: bool | str | None) -> str | None:
    if highlight is True:
        return HIGHLIGHT
    if not highlight:
        return None
    return str(highlight)


def _tile_group(parent: ET.Element, tile: Tile, x: float, y: float, *, joker: bool = False,
                highlight: str | None = None, face_down: bool = False,
                position: int | None = None) -> ET.Element:
    """Draw one tile with its top-left face corner at (x, y)."""
    classes = ["tile", "tile-back" if face_down else f"tile-{_code(tile)}"]
    if joker:
        classes.append("tile-joker")
    if highlight:
        classes.append("tile-highlight")
    attrs: dict[str, str | float] = {"class_": " ".join(classes), "data_tile": _code(tile)}
    if position is not None:
        attrs["data_pos"] = str(position)
    if x or y:
        attrs["transform"] = f"translate({_n(x)} {_n(y)})"
    g = _el(parent, "g", **attrs)
    title = _el(g, "title")
    title.text = (_("{tile}, face down").format(tile=_title(tile, joker)) if face_down
                  else _title(tile, joker))
    # the edge: a green back under an ivory layer, seen at the bottom right
    _el(g, "rect", x=DEPTH_X, y=DEPTH_Y, width=FACE_W, height=FACE_H, rx=7, fill=BACK_DARK)
    _el(g, "rect", x=DEPTH_X * 0.5, y=DEPTH_Y * 0.5, width=FACE_W, height=FACE_H, rx=7,
        fill=BACK if face_down else IVORY_EDGE)
    if face_down:
        _el(g, "rect", x=0, y=0, width=FACE_W, height=FACE_H, rx=7, fill=BACK,
            stroke=highlight or BACK_DARK, stroke_width=3 if highlight else 1)
        _el(g, "rect", x=7, y=7, width=FACE_W - 14, height=FACE_H - 14, rx=4, fill="none",
            stroke="#5fa88c", stroke_width=1.2)
        return g
    _el(g, "rect", x=0, y=0, width=FACE_W, height=FACE_H, rx=7,
        fill="#fff3c4" if highlight else IVORY, stroke=highlight or FACE_STROKE,
        stroke_width=3 if highlight else 1, class_="face")
    if tile.suit is Suit.CHARACTERS:
        _draw_characters(g, tile.rank)
    elif tile.suit is Suit.DOTS:
        _draw_dots(g, tile.rank)
    elif tile.suit is Suit.BAMBOO:
        _draw_bamboo(g, tile.rank)
    else:
        _draw_honor(g, tile.rank, joker)
    cjk = tile.is_honor and language() != "en"
    _text(g, 3.5, 7, _index_label(tile), size=8.5, fill=INDEX_INK,
          fonts=CJK_FONTS if cjk else LATIN_FONTS, anchor="start", cls="index")
    if joker:
        _joker_badge(g)
    return g


# --- layout: drawings with a size, placed in rows -------------------------------------------

@dataclass
class _Drawing:
    """A group of elements whose bounding box is (0, 0, width, height) in local units."""

    node: ET.Element
    width: float
    height: float


def _placed(parent: ET.Element, drawing: _Drawing, x: float, y: float) -> None:
    if x or y:
        drawing.node.set("transform", f"translate({_n(x)} {_n(y)})")
    parent.append(drawing.node)


def _svg_root(drawing: _Drawing, *, scale: float, margin: float = MARGIN,
              cls: str = "", label: str = "") -> str:
    width = drawing.width + 2 * margin
    height = drawing.height + 2 * margin
    attrs: dict[str, str | float] = {
        "xmlns": "http://www.w3.org/2000/svg", "version": "1.1",
        "width": round(width * scale, 1), "height": round(height * scale, 1),
        "viewBox": f"0 0 {_n(width)} {_n(height)}"}
    if cls:
        attrs["class_"] = cls
    if label:  # the picture's text alternative: what a screen reader says for it
        attrs["role"] = "img"
        attrs["aria_label"] = label
    root = _el(None, "svg", **attrs)
    _placed(root, drawing, margin, margin)
    return ET.tostring(root, encoding="unicode")


def _scale(size: float) -> float:
    if size <= 0:
        raise InputError(f"size must be a positive number of pixels, not {size!r}")
    return size / TILE_W


JokerSpec = Variant | str | None


def _joker_of(variant: JokerSpec) -> Tile | None:
    return None if variant is None else Variant.parse(variant).joker


def _highlights(highlight: Iterable[Tile | str] | Mapping[Tile | str, str]) -> dict[Tile, str]:
    if isinstance(highlight, Mapping):
        return {_as_tile(t): str(colour) for t, colour in highlight.items()}
    return {_as_tile(t): HIGHLIGHT for t in highlight}


def _row(tiles: Iterable[Tile], *, joker: Tile | None, highlight: Mapping[Tile, str],
         cls: str, start: int = 0) -> _Drawing:
    node = _el(None, "g", class_=cls)
    count = 0
    for i, tile in enumerate(tiles):
        _tile_group(node, tile, i * PITCH, 0, joker=tile == joker,
                    highlight=highlight.get(tile), position=start + i)
        count += 1
    width = count * PITCH - (PITCH - TILE_W) if count else 0.0
    return _Drawing(node, width, TILE_H)


def _label_font(scale: float) -> float:
    """A meld label's text size in units: :data:`LABEL_FONT`, larger when the picture is drawn so
    small that it would show under :data:`LABEL_MIN_PX` pixels."""
    return max(LABEL_FONT, LABEL_MIN_PX / scale)


def _label_h(font: float) -> float:
    """The room under a meld frame for a label of ``font`` units."""
    return font + 6.0


def _meld_kind_name(meld: Meld) -> str:
    """A meld's kind as its label says it: both names in English ("pong 碰"), the Chinese alone
    in Chinese."""
    return f"{meld.kind.value} {meld.kind.chinese}" if language() == "en" else meld.kind.chinese


def _meld_drawing(meld: Meld, *, joker: Tile | None = None, label: bool = True,
                  font: float = LABEL_FONT) -> _Drawing:
    concealed = meld.kind is MeldKind.CONCEALED_KONG
    kind_cls = meld.kind.value.replace(" ", "-")
    node = _el(None, "g", class_=f"meld meld-{kind_cls}", data_meld=str(meld))
    title = _el(node, "title")
    name = _meld_kind_name(meld)
    title.text = f"{name}: {meld}"
    n = len(meld.tiles)
    frame_w = n * PITCH - (PITCH - TILE_W) + 2 * MELD_PAD
    frame_h = TILE_H + 2 * MELD_PAD
    stroke = CONCEALED_STROKE if concealed else EXPOSED_STROKE
    frame: dict[str, str | float] = {
        "x": 0.0, "y": 0.0, "width": frame_w, "height": frame_h, "rx": 9.0,
        "fill": CONCEALED_FILL if concealed else EXPOSED_FILL, "stroke": stroke,
        "stroke_width": 2.0, "class_": "meld-frame"}
    if concealed:
        frame["stroke_dasharray"] = "6 4"
    _el(node, "rect", **frame)
    for i, tile in enumerate(meld.tiles):
        face_down = concealed and i in (1, 2)
        _tile_group(node, tile, MELD_PAD + i * PITCH, MELD_PAD, joker=tile == joker,
                    face_down=face_down)
    height = frame_h
    if label:
        _text(node, frame_w / 2, frame_h + _label_h(font) / 2 + 1,
              name, size=font, fill=stroke, cls="meld-label")
        height += _label_h(font)
    return _Drawing(node, frame_w, height)


def _hand_drawing(hand: Hand, *, variant: JokerSpec = None, drawn: Tile | str | None = None,
                  highlight: Iterable[Tile | str] | Mapping[Tile | str, str] = (),
                  font: float = LABEL_FONT) -> _Drawing:
    joker = _joker_of(variant)
    marks = _highlights(highlight)
    concealed = list(hand.concealed)
    drawn_tile = None if drawn is None else _as_tile(drawn)
    if drawn_tile is not None:
        if drawn_tile not in concealed:
            raise HandError(f"{hand}: the drawn tile {drawn_tile} is not among its concealed "
                            "tiles")
        concealed.reverse()
        concealed.remove(drawn_tile)  # the last copy
        concealed.reverse()
    node = _el(None, "g", class_="hand", data_hand=str(hand))
    parts: list[tuple[_Drawing, float]] = []  # drawing and the gap before it
    has_label = any(True for _ in hand.melds)
    top = MELD_PAD if hand.melds else 0.0
    if concealed:
        parts.append((_row(concealed, joker=joker, highlight=marks, cls="concealed"), 0.0))
    if drawn_tile is not None:
        parts.append((_row([drawn_tile], joker=joker, highlight=marks, cls="drawn",
                           start=len(concealed)), DRAWN_GAP if concealed else 0.0))
    melds = [_meld_drawing(m, joker=joker, font=font) for m in hand.melds]
    x = 0.0
    height = 0.0
    for drawing, gap in parts:
        x += gap
        _placed(node, drawing, x, top)
        x += drawing.width
        height = max(height, top + drawing.height)
    for i, meld in enumerate(melds):
        x += MELD_GAP if (parts or i) else 0.0
        _placed(node, meld, x, 0.0)
        x += meld.width
        height = max(height, meld.height)
    if has_label:
        height = max(height, TILE_H + 2 * MELD_PAD + _label_h(font))
    return _Drawing(node, x, height)


def _names(tiles: Iterable[Tile], joker: Tile | None) -> str:
    return comma().join(tile_label(t, joker=t == joker) for t in tiles)


def _meld_label(meld: Meld, joker: Tile | None) -> str:
    kind = meld.kind.value if language() == "en" else meld.kind.chinese
    return _("{meld}: {tiles}").format(meld=kind, tiles=_names(meld.tiles, joker))


def _hand_label(hand: Hand, joker: Tile | None, drawn: Tile | None) -> str:
    """A hand read aloud: its concealed tiles, the drawn one, each meld."""
    concealed = list(hand.concealed)
    if drawn is not None and drawn in concealed:
        concealed.remove(drawn)
    parts = [_("Hand: {tiles}").format(tiles=_names(concealed, joker)) if concealed
             else _("Hand")]
    if drawn is not None:
        parts.append(_("drawn: {tile}").format(tile=tile_label(drawn, joker=drawn == joker)))
    parts.extend(_meld_label(m, joker) for m in hand.melds)
    return _("; ").join(parts)


# --- public API -----------------------------------------------------------------------------

def tile_svg(tile: Tile | str, *, joker: bool = False, size: float = 48,
             highlight: bool | str | None = None) -> str:
    """One tile as an SVG document, ``size`` pixels wide (its edge included).

    ``joker`` adds the joker badge (Hangzhou's White Dragons); ``highlight`` is True (gold) or
    a CSS colour for a coloured border and a warm face.
    """
    t = _as_tile(tile)
    node = _el(None, "g")
    _tile_group(node, t, 0, 0, joker=joker, highlight=_highlight_colour(highlight))
    inner = node[0]
    return _svg_root(_Drawing(inner, TILE_W, TILE_H), scale=_scale(size), margin=1.0,
                     cls="mahjong-tile", label=tile_label(t, joker=joker))


def tiles_svg(tiles: Iterable[Tile | str], *, size: float = 40, variant: JokerSpec = None,
              highlight: Iterable[Tile | str] | Mapping[Tile | str, str] = ()) -> str:
    """A row of tiles (in the order given), each ``size`` pixels wide.

    ``tiles`` may be Tile values or notation (``"3m"``); a single string such as ``"123m"`` is
    read as tiles. With ``variant="hangzhou"`` the White Dragons are drawn as jokers;
    ``highlight`` lists kinds (or maps kinds to colours) to mark.
    """
    if isinstance(tiles, str):
        from tutor.core.notation import parse_tiles

        items: list[Tile] = list(parse_tiles(tiles))
    else:
        items = [_as_tile(t) for t in tiles]
    joker = _joker_of(variant)
    drawing = _row(items, joker=joker, highlight=_highlights(highlight), cls="tiles")
    return _svg_root(drawing, scale=_scale(size), cls="mahjong-tiles",
                     label=_("Tiles: {tiles}").format(tiles=_names(items, joker)) if items
                     else _("no tiles"))


def meld_svg(meld: Meld | str, *, size: float = 40, variant: JokerSpec = None) -> str:
    """A declared meld in its frame with a label: exposed melds orange, a concealed kong
    dashed blue-grey with its two middle tiles face down."""
    m = meld if isinstance(meld, Meld) else Meld.parse(meld)
    joker = _joker_of(variant)
    scale = _scale(size)
    return _svg_root(_meld_drawing(m, joker=joker, font=_label_font(scale)), scale=scale,
                     cls="mahjong-meld", label=_meld_label(m, joker))


def hand_svg(hand: Hand | str, *, variant: JokerSpec = None, drawn: Tile | str | None = None,
             highlight: Iterable[Tile | str] | Mapping[Tile | str, str] = (),
             size: float = 40) -> str:
    """A hand: the concealed tiles (sorted), then ``drawn`` set apart, then the melds.

    ``drawn`` must be one of the concealed tiles; one copy of it is shown after a gap.
    ``variant`` (or a hand string parsed with it) decides the jokers: in Hangzhou the White
    Dragons carry a "J" / 百搭 badge. ``highlight`` lists kinds (or maps kinds to colours)
    whose concealed copies get a coloured border.
    """
    h = hand if isinstance(hand, Hand) else Hand.parse(hand, variant)
    scale = _scale(size)
    drawing = _hand_drawing(h, variant=variant, drawn=drawn, highlight=highlight,
                            font=_label_font(scale))
    return _svg_root(drawing, scale=scale, cls="mahjong-hand",
                     label=_hand_label(h, _joker_of(variant),
                                       None if drawn is None else _as_tile(drawn)))
