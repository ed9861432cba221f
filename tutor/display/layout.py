"""The table drawn by the package: four seats with their winds, the turn order, the wall with
its break, live wall and dead wall, and the tiles as one seat sees them.

A :class:`TableScene` is a frozen value built from the engine: :meth:`TableScene.before_deal`
(the wall built and broken, nobody holds a tile yet) or :meth:`TableScene.from_state` (one
seat's view of a hand in play: its own tiles face up, the others' as backs, every discard and
shown meld). :meth:`TableScene.svg` draws it; in a notebook the scene shows itself.

The wall is drawn as the engine keeps it: one ring of tiles in draw order. Seat ``k`` places
counterclockwise from the dealer has the ``k``-th quarter of the ring in front of it, running
from its left end to its right end as that player sees it; stacks hold two tiles, the upper one
drawn first. Each stack is coloured by what is left of it: live wall, dead wall, or gone. The
viewer sits at the bottom.

Nothing hidden leaks into the picture: the other players' concealed tiles are drawn as plain
backs with no tile name, and their concealed kongs as four backs.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from tutor.core.hand import Meld, MeldKind
from tutor.core.tiles import Tile, Wind
from tutor.core.variant import Variant
from tutor.display.svg import CJK_FONTS, TILE_H, TILE_W, _el, _n, _text, _tile_group
from tutor.errors import InputError
from tutor.game.wall import Wall, break_position
from tutor.i18n import N_, _, comma, language, localize
from tutor.ledger import seat_name

if TYPE_CHECKING:
    from tutor.game.state import Chance, HandState
    from tutor.study.wall_picture import WallPicture

__all__ = ["SeatScene", "TableScene", "table_svg", "wall_svg"]

# --- geometry (local units; the root scales them) -----------------------------------------

SIZE = 740.0
CENTER = SIZE / 2
STACK_DEEP = 28.0  # a stack's depth, towards its player
WALL_HALF = 200.0  # half the side of the square the walls enclose
LABEL_AT = WALL_HALF + STACK_DEEP + 26  # distance from the centre to a seat's label
HAND_AT = LABEL_AT + 26  # distance from the centre to a seat's tiles
HAND_TILE = 29.0  # width of an opponent's tile (backs and melds)
OWN_TILE = 46.0  # width of the viewer's own tiles
POND_TILE = 23.0  # width of a discard
POND_ROW = 6  # discards per row, as at a real table

FELT = "#1f6b4f"
FELT_EDGE = "#154d39"
LIVE = "#3d9b76"
LIVE_TOP = "#5cc39a"
DEAD = "#d99a2b"
DEAD_TOP = "#f2c46b"
GONE = "#2a7a5d"
BREAK = "#e53935"
LABEL = "#ffffff"
SOFT = "#d8efe5"
ACTOR = "#ffd54f"
BACK = "#2f7d62"
BACK_EDGE = "#0f3d2e"

_WIND_CHINESE = {Wind.EAST: ("东", "dōng"), Wind.SOUTH: ("南", "nán"), Wind.WEST: ("西", "xī"),
                 Wind.NORTH: ("北", "běi")}
LATIN = "'DejaVu Sans', 'Helvetica Neue', Arial, sans-serif"


@dataclass(frozen=True)
class SeatScene:
    """One seat as the viewer sees it. ``concealed`` holds the tiles for the viewer's own seat;
    for the others only ``hidden`` (how many tiles they hold concealed) is known."""

    seat: Wind
    concealed: tuple[Tile, ...] = ()
    hidden: int = 0
    drawn: Tile | None = None
    melds: tuple[Meld, ...] = ()
    hidden_kongs: int = 0
    discards: tuple[Tile, ...] = ()
    taken: tuple[bool, ...] = ()


@dataclass(frozen=True)
class TableScene:
    """A picture of the table: the wall (``ring``: per tile position ``"live"``, ``"dead"`` or
    ``"gone"``), the break, the dice, and the seats as ``viewer`` sees them."""

    variant: Variant
    ring: tuple[str, ...]
    break_at: int
    dice: tuple[int, int]
    viewer: Wind = Wind.EAST
    seats: tuple[SeatScene, ...] = ()
    next_draw: int | None = None
    to_act: Wind | None = None
    dealer: Wind = Wind.EAST
    title: str = ""
    legend: bool = True
    marks: tuple[str, ...] = field(default=(), compare=False)

    # -- builders -------------------------------------------------------------------------
    @classmethod
    def before_deal(cls, variant: Variant | str, chance: Chance, *, viewer: Wind = Wind.EAST,
                    title: str = "") -> TableScene:
        """The wall built and broken by the dealer's dice, before any tile is dealt."""
        variant = Variant.parse(variant)
        start = break_position(len(chance.order), chance.dice, variant)
        wall = Wall.from_order(variant, chance.order, start)
        return cls(variant, _ring(wall, start), start, chance.dice, viewer,
                   next_draw=start, title=title)

    @classmethod
    def from_state(cls, state: HandState, seat: Wind, *, title: str = "") -> TableScene:
        """What ``seat`` sees of ``state``: its own tiles, the others' backs, melds and
        discards, and the wall (which positions are left, never which tiles)."""
        view = state.view(seat)
        chance = state.chance
        start = break_position(len(chance.order), chance.dice, state.variant)
        seats = []
        for s in (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH):
            taken = view.taken.get(s, ())
            if s == seat:
                concealed = tuple(t for t in view.hand.concealed)
                if view.drawn is not None:
                    rest = list(concealed)
                    rest.remove(view.drawn)
                    concealed = tuple(rest)
                seats.append(SeatScene(s, concealed, 0, view.drawn, view.melds, 0,
                                       view.discards.get(s, ()), taken))
            else:
                other = view.others[s]
                seats.append(SeatScene(s, (), other.tiles_in_hand, None, other.melds,
                                       other.concealed_kongs, other.discards, taken))
        wall = state.wall
        next_draw = (start + wall.front) % len(wall.tiles) if wall.live else None
        return cls(state.variant, _ring(wall, start), start, chance.dice, seat, tuple(seats),
                   next_draw, state.current_actor(), Wind.EAST, title)

    # -- drawing --------------------------------------------------------------------------
    def svg(self, size: float = 720) -> str:
        """The picture as an SVG document ``size`` pixels wide."""
        return table_svg(self, size=size)

    def _repr_svg_(self) -> str:
        return self.svg()

    def counts(self) -> dict[str, int]:
        """Tiles of the wall by state: live, dead and gone."""
        out = {"live": 0, "dead": 0, "gone": 0}
        for state in self.ring:
            out[state] += 1
        return out


def _ring(wall: Wall, start: int) -> tuple[str, ...]:
    """Each ring position's state, from the wall's indices (draw order from ``start``)."""
    n = len(wall.tiles)
    out = ["gone"] * n
    for i in range(n):
        if wall.front <= i <= wall.back:
            out[(start + i) % n] = "dead" if i >= wall.live_end else "live"
    return tuple(out)


# --- placing things round the viewer ---------------------------------------------------------

def _side(seat: Wind, viewer: Wind) -> int:
    """0 bottom (the viewer), 1 right, 2 top, 3 left."""
    return (seat.value - viewer.value) % 4


def _rotation(side: int) -> float:
    """Degrees to turn a drawing made for the bottom side so it faces ``side``'s player."""
    return (0.0, -90.0, 180.0, 90.0)[side]


def _turn(parent: ET.Element, side: int) -> ET.Element:
    """A group whose drawing, made for the bottom side, is turned to ``side``."""
    angle = _rotation(side)
    if not angle:
        return _el(parent, "g")
    return _el(parent, "g", transform=f"rotate({_n(angle)} {_n(CENTER)} {_n(CENTER)})")


def _stacks(scene: TableScene) -> int:
    """Stacks in each of the four walls (a quarter of the tiles, two to a stack)."""
    return (len(scene.ring) // 4 + 1) // 2


def _stack_rect(scene: TableScene, index: int) -> tuple[float, float, float, float]:
    """Where stack ``index`` of the bottom wall lies (x, y, width, height); it runs left to
    right, and the other walls are the same wall turned with the table."""
    along = 2 * WALL_HALF / _stacks(scene)
    return CENTER - WALL_HALF + index * along, CENTER + WALL_HALF, along, STACK_DEEP


# --- pieces ----------------------------------------------------------------------------------

def _tile(parent: ET.Element, tile: Tile, x: float, y: float, width: float, *,
          joker: bool = False, highlight: str | None = None) -> None:
    """A face-up tile of the package, ``width`` wide, its top-left at (x, y)."""
    scale = width / TILE_W
    g = _el(parent, "g", transform=f"translate({_n(x)} {_n(y)}) scale({_n(scale)})")
    _tile_group(g, tile, 0, 0, joker=joker, highlight=highlight)


def _back(parent: ET.Element, x: float, y: float, width: float) -> None:
    """A face-down tile with no identity (an opponent's concealed tile)."""
    h = width * TILE_H / TILE_W
    g = _el(parent, "g", class_="tile-back-hidden")
    _el(g, "rect", x=x + 1.5, y=y + 2, width=width - 1.5, height=h - 2, rx=width * 0.12,
        fill=BACK_EDGE)
    _el(g, "rect", x=x, y=y, width=width - 1.5, height=h - 2, rx=width * 0.12, fill=BACK,
        stroke=BACK_EDGE, stroke_width=0.8)
    _el(g, "rect", x=x + width * 0.14, y=y + width * 0.14, width=width * 0.72 - 1.5,
        height=h - 2 - width * 0.28, rx=width * 0.08, fill="none", stroke="#6fb99a",
        stroke_width=0.8)


def _label(parent: ET.Element, x: float, y: float, text: str, *, size: float,
           fill: str = LABEL, weight: str = "normal", anchor: str = "middle",
           fonts: str = CJK_FONTS, cls: str = "") -> None:
    _text(parent, x, y, text, size=size, fill=fill, fonts=fonts, weight=weight, anchor=anchor,
          cls=cls)


def _wall(root: ET.Element, scene: TableScene) -> None:
    n = len(scene.ring)
    segment = n // 4
    g = _el(root, "g", class_="wall")
    for k in range(4):
        seat = Wind.EAST.next(k)  # the dealer is East: the k-th quarter is seat k's
        side = _side(seat, scene.viewer)
        part = _turn(g, side)
        part.set("class", f"wall-side wall-{seat.name.lower()}")
        positions = list(range(k * segment, (k + 1) * segment if k < 3 else n))
        for index in range(0, len(positions), 2):
            pair = positions[index:index + 2]
            states = [scene.ring[p] for p in pair]
            x, y, w, h = _stack_rect(scene, index // 2)
            left = sum(s != "gone" for s in states)
            dead = any(s == "dead" for s in states)
            cls = "stack stack-dead" if dead else ("stack stack-live" if left else "stack-gone")
            if not left:
                _el(part, "rect", x=x + 1, y=y + 1, width=w - 2, height=h - 2, rx=2,
                    fill="none", stroke=GONE, stroke_width=1, class_=cls)
                continue
            fill, top = (DEAD, DEAD_TOP) if dead else (LIVE, LIVE_TOP)
            _el(part, "rect", x=x + 1, y=y + 1, width=w - 2, height=h - 2, rx=2, fill=fill,
                stroke=BACK_EDGE, stroke_width=0.8, class_=cls, data_tiles=str(left))
            if left == 2:  # a full stack shows its upper tile as a lighter band
                _el(part, "rect", x=x + 3, y=y + 3, width=w - 6, height=h * 0.42, rx=1.5,
                    fill=top, class_="stack-top")
    _break_mark(g, scene)


def _ring_point(scene: TableScene, position: int, inset: float = 0.0) -> tuple[float, float,
                                                                                 int, int]:
    """The centre of ring ``position`` on the picture, and its seat's side and stack index."""
    n = len(scene.ring)
    segment = n // 4
    k = min(position // segment, 3)
    index = (position - k * segment) // 2
    side = _side(Wind.EAST.next(k), scene.viewer)
    x, y, w, h = _stack_rect(scene, index)
    px, py = x + w / 2, y + h / 2 + inset
    angle = math.radians(_rotation(side))
    dx, dy = px - CENTER, py - CENTER
    rx = CENTER + dx * math.cos(angle) - dy * math.sin(angle)
    ry = CENTER + dx * math.sin(angle) + dy * math.cos(angle)
    return rx, ry, side, index


def _break_mark(parent: ET.Element, scene: TableScene) -> None:
    n = len(scene.ring)
    segment = n // 4
    k = min(scene.break_at // segment, 3)
    index = (scene.break_at - k * segment) // 2
    side = _side(Wind.EAST.next(k), scene.viewer)
    g = _turn(parent, side)
    g.set("class", "break")
    x, y, _w, h = _stack_rect(scene, index)
    _el(g, "line", x1=x, y1=y - 9, x2=x, y2=y + h + 9, stroke=BREAK, stroke_width=5,
        stroke_linecap="round")


def _wall_notes(root: ET.Element, scene: TableScene) -> None:
    """The next draw, marked on the wall (the legend names the colours)."""
    if scene.next_draw is None:
        return
    g = _el(root, "g", class_="wall-notes")
    x, y, _side_n, _i = _ring_point(scene, scene.next_draw)
    _el(g, "circle", cx=x, cy=y, r=7, fill="#ffffff", stroke=BREAK, stroke_width=2.5,
        class_="next-draw")


def _dice(root: ET.Element, scene: TableScene) -> None:
    """The dealer's two dice, beside the dealer's name."""
    side = _side(scene.dealer, scene.viewer)
    g = _turn(root, side)
    g.set("class", "dice")
    x0 = CENTER + 165
    y0 = CENTER + LABEL_AT - 13
    for i, value in enumerate(scene.dice):
        x = x0 + i * 32
        _el(g, "rect", x=x, y=y0, width=26, height=26, rx=4, fill="#fafafa", stroke="#555",
            stroke_width=1)
        for px, py in _PIPS[value]:
            _el(g, "circle", cx=x + px * 26, cy=y0 + py * 26, r=2.6,
                fill="#c62828" if value in (1, 4) else "#222")


_PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.28, 0.28), (0.72, 0.72)),
    3: ((0.25, 0.25), (0.5, 0.5), (0.75, 0.75)),
    4: ((0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.3, 0.22), (0.7, 0.22), (0.3, 0.5), (0.7, 0.5), (0.3, 0.78), (0.7, 0.78)),
}


def _turn_arrows(root: ET.Element) -> None:
    """Four counterclockwise arrows round the centre of the table: the turn passes to the
    right, from each seat to the next."""
    g = _el(root, "g", class_="turn-order")
    _el(g, "defs").append(_arrow_head())
    r = 30.0
    for quarter in range(4):
        start = math.radians(80 - quarter * 90)
        end = math.radians(20 - quarter * 90)
        x1, y1 = CENTER + r * math.cos(start), CENTER + r * math.sin(start)
        x2, y2 = CENTER + r * math.cos(end), CENTER + r * math.sin(end)
        _el(g, "path", d=f"M {_n(x1)} {_n(y1)} A {_n(r)} {_n(r)} 0 0 0 {_n(x2)} {_n(y2)}",
            fill="none", stroke=SOFT, stroke_width=4, marker_end="url(#turn-head)")


def _arrow_head() -> ET.Element:
    marker = ET.Element("marker", {"id": "turn-head", "viewBox": "0 0 10 10", "refX": "6",
                                   "refY": "5", "markerWidth": "3.5", "markerHeight": "3.5",
                                   "orient": "auto-start-reverse"})
    ET.SubElement(marker, "path", {"d": "M 0 0 L 10 5 L 0 10 z", "fill": SOFT})
    return marker


def _seat_label(root: ET.Element, scene: TableScene, seat: Wind) -> None:
    side = _side(seat, scene.viewer)
    chinese, pinyin = _WIND_CHINESE[seat]
    role = []
    if seat == scene.dealer:
        role.append(N_("dealer"))
    if seat == scene.viewer and scene.seats:
        role.append(N_("you"))
    if language() == "en":
        text = f"{seat.name.title()} {chinese} {pinyin}" + (f" ({', '.join(role)})" if role else "")
    else:  # 东家（庄家，你）
        text = localize(seat_name(seat)) + (_(" ({roles})").format(
            roles=comma().join(_(r) for r in role)) if role else "")
    # the label sits just outside the wall, in the corner-free middle of the side
    positions = {0: (CENTER, CENTER + LABEL_AT), 1: (CENTER + LABEL_AT, CENTER),
                 2: (CENTER, CENTER - LABEL_AT), 3: (CENTER - LABEL_AT, CENTER)}
    x, y = positions[side]
    g = _el(root, "g", class_=f"seat seat-{seat.name.lower()}", data_seat=seat.name.title())
    if side in (1, 3):
        g.set("transform", f"rotate({-90 if side == 1 else 90} {_n(x)} {_n(y)})")
    acting = scene.to_act == seat
    # the English label's Chinese character and pinyin are counted as Latin ones, as always
    width = 16 + (10.5 * len(text) if language() == "en" else _width(text, 10.5, 17))
    _el(g, "rect", x=x - width / 2, y=y - 15, width=width, height=30, rx=15,
        fill=ACTOR if acting else "#0f3d2e", stroke=ACTOR if acting else SOFT,
        stroke_width=1.5, opacity="0.95", class_="seat-label-box")
    _label(g, x, y, text, size=17, fill="#1b1b1b" if acting else LABEL, weight="bold",
           cls="seat-label")


def _pond(root: ET.Element, scene: TableScene, seat: SeatScene) -> None:
    """The seat's discards in rows of six, upright, inside the wall in front of the seat;
    claimed ones faded."""
    side = _side(seat.seat, scene.viewer)
    g = _el(root, "g", class_=f"pond pond-{seat.seat.name.lower()}")
    joker = scene.variant.joker
    w = POND_TILE
    h = w * TILE_H / TILE_W
    block = POND_ROW * (w + 1)
    edge = CENTER + WALL_HALF - 12  # the wall's inner edge, less a margin
    for i, tile in enumerate(seat.discards):
        row, col = divmod(i, POND_ROW)
        if side == 0:
            x, y = CENTER - block / 2 + col * (w + 1), edge - (row + 1) * (h + 2)
        elif side == 2:
            x, y = CENTER - block / 2 + col * (w + 1), 2 * CENTER - edge + row * (h + 2)
        elif side == 1:
            x, y = edge - block + col * (w + 1), CENTER - 1.5 * h + row * (h + 2)
        else:
            x, y = 2 * CENTER - edge + col * (w + 1), CENTER - 1.5 * h + row * (h + 2)
        claimed = i < len(seat.taken) and seat.taken[i]
        holder = _el(g, "g", opacity="0.35") if claimed else g
        _tile(holder, tile, x, y, w, joker=tile == joker)


def _meld_row(parent: ET.Element, melds: Sequence[Meld], hidden_kongs: int, x: float, y: float,
              width: float, joker: Tile | None) -> float:
    """Melds face up (a concealed kong of the viewer with its middle tiles down), then the
    opponent's hidden concealed kongs as four backs; returns the x after them."""
    for meld in melds:
        for j, tile in enumerate(meld.tiles):
            if meld.kind is MeldKind.CONCEALED_KONG and j in (1, 2):
                _back(parent, x, y, width)
            else:
                _tile(parent, tile, x, y, width, joker=tile == joker)
            x += width + 0.5
        x += width * 0.4
    for _k in range(hidden_kongs):
        for _j in range(4):
            _back(parent, x, y, width)
            x += width + 0.5
        x += width * 0.4
    return x


def _hand(root: ET.Element, scene: TableScene, seat: SeatScene) -> None:
    side = _side(seat.seat, scene.viewer)
    joker = scene.variant.joker
    if side == 0:
        g = _el(root, "g", class_="hand own-hand")
        w = OWN_TILE
        count = len(seat.concealed) + (1 if seat.drawn is not None else 0)
        kongs = sum(len(m.tiles) for m in seat.melds)
        span = count * (w + 1) + (12 if seat.drawn is not None else 0) + kongs * (HAND_TILE + 1)
        x = CENTER - span / 2
        y = CENTER + HAND_AT
        for tile in seat.concealed:
            _tile(g, tile, x, y, w, joker=tile == joker)
            x += w + 1
        if seat.drawn is not None:
            x += 12
            _tile(g, seat.drawn, x, y, w, joker=seat.drawn == joker, highlight="#e6a100")
            x += w + 1
        _meld_row(g, seat.melds, 0, x + 14, y + (w - HAND_TILE) * TILE_H / TILE_W,
                  HAND_TILE, joker)
        return
    g = _turn(root, side)
    g.set("class", f"hand hand-{seat.seat.name.lower()}")
    w = HAND_TILE
    kongs = sum(len(m.tiles) for m in seat.melds) + 4 * seat.hidden_kongs
    span = seat.hidden * (w + 0.5) + (kongs * (w + 0.5) + 20 if kongs else 0)
    x = CENTER - span / 2
    y = CENTER + HAND_AT
    for _k in range(seat.hidden):
        _back(g, x, y, w)
        x += w + 0.5
    _meld_row(g, seat.melds, seat.hidden_kongs, x + 20, y, w, joker)


def _legend(root: ET.Element, scene: TableScene) -> None:
    g = _el(root, "g", class_="legend")
    counts = scene.counts()
    items: list[tuple[str | None, str]] = [(LIVE, _("live wall {n}").format(n=counts["live"]))]
    if counts["dead"] or scene.variant is not Variant.GUIYANG:
        items.append((DEAD, _("dead wall {n}").format(n=counts["dead"])))
    items.append((None, _("drawn")))
    fonts = LATIN if language() == "en" else CJK_FONTS
    x, y = 14.0, 18.0
    for colour, text in items:
        if colour is None:
            _el(g, "rect", x=x, y=y - 8, width=14, height=16, rx=2, fill="none", stroke=SOFT,
                stroke_width=1)
        else:
            _el(g, "rect", x=x, y=y - 8, width=14, height=16, rx=2, fill=colour)
        _label(g, x + 20, y, text, size=14, anchor="start", fonts=fonts)
        x += 34 + _width(text, 7.6, 14)
    _el(g, "line", x1=x, y1=y - 9, x2=x, y2=y + 9, stroke=BREAK, stroke_width=4)
    cut = _("break")
    _label(g, x + 8, y, cut, size=14, anchor="start", fonts=fonts)
    x += 60 if language() == "en" else 22 + _width(cut, 7.6, 14)
    _el(g, "circle", cx=x + 6, cy=y, r=6, fill="#ffffff", stroke=BREAK, stroke_width=2)
    _label(g, x + 18, y, _("next draw"), size=14, anchor="start", fonts=fonts)
    _label(g, SIZE - 14, y, _("turns: counterclockwise"), size=14, anchor="end", fonts=fonts,
           fill=SOFT)


def _width(text: str, latin: float, wide: float) -> float:
    """How wide ``text`` is drawn: ``latin`` per ASCII character, ``wide`` per other one (a
    Chinese character is about as wide as the font is high)."""
    return sum(latin if ch.isascii() else wide for ch in text)


def table_svg(scene: TableScene, *, size: float = 720) -> str:
    """Draw ``scene`` as an SVG document ``size`` pixels wide (deterministic output)."""
    if size <= 0:
        raise InputError(f"size must be a positive number of pixels, not {size!r}")
    root = _el(None, "svg", xmlns="http://www.w3.org/2000/svg", version="1.1",
               width=round(size, 1), height=round(size, 1),
               viewBox=f"0 0 {_n(SIZE)} {_n(SIZE)}", class_="mahjong-table", role="img",
               data_variant=scene.variant.value, data_viewer=scene.viewer.name.title())
    title = _el(root, "title")
    title.text = scene.title or _("{game}: the table seen from {seat}").format(
        game=localize(scene.variant.title), seat=localize(seat_name(scene.viewer)))
    _el(root, "rect", x=0, y=0, width=SIZE, height=SIZE, rx=24, fill=FELT, stroke=FELT_EDGE,
        stroke_width=6)
    if scene.legend:
        _legend(root, scene)
    _turn_arrows(root)
    _wall(root, scene)
    _wall_notes(root, scene)
    _dice(root, scene)
    for seat in scene.seats:
        _pond(root, scene, seat)
        _hand(root, scene, seat)
    for wind in (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH):
        _seat_label(root, scene, wind)
    return ET.tostring(root, encoding="unicode")


# --- the wall alone, for the play table and the replay viewer ----------------------------------

WALL_BOX = 200.0  # the compact wall's square (local units)
WALL_DEEP = 13.0  # a stack's depth in it
HATCH = "mt-dead-hatch"


def _wall_stack(parent: ET.Element, x: float, y: float, w: float, left: int, part: str) -> None:
    """One stack of the compact wall along the bottom side: two tiles a full block (its upper
    tile a lighter band), one tile a lower half block, none a faint dashed outline. Dead stacks
    are amber and hatched, so they differ from live ones by more than colour."""
    h = WALL_DEEP
    if not left:
        _el(parent, "rect", x=x + 0.8, y=y + 0.8, width=w - 1.6, height=h - 1.6, rx=1.5,
            fill="none", stroke="#8fb9a8", stroke_width=0.6, stroke_dasharray="1.5 1.5",
            class_="stack-gone")
        return
    dead = part == "dead"
    fill, top = (DEAD, DEAD_TOP) if dead else (LIVE, LIVE_TOP)
    y0 = y if left == 2 else y + h * 0.45
    cls = f"stack stack-{part} stack-{left}"
    _el(parent, "rect", x=x + 0.6, y=y0 + 0.6, width=w - 1.2, height=y + h - y0 - 1.2, rx=1.5,
        fill=fill, stroke=BACK_EDGE, stroke_width=0.7, class_=cls)
    if left == 2:
        _el(parent, "rect", x=x + 1.8, y=y + 1.8, width=w - 3.6, height=h * 0.36, rx=1,
            fill=top)
    if dead:
        _el(parent, "rect", x=x + 0.6, y=y0 + 0.6, width=w - 1.2, height=y + h - y0 - 1.2,
            rx=1.5, fill=f"url(#{HATCH})")


def _wall_place(picture: WallPicture, place: int, bottom: Wind) -> tuple[float, float, int]:
    """The middle of ring ``place`` in the compact wall (before turning), and its side."""
    segment = picture.total // 4
    k = min(place // segment, 3)
    side = _side(Wind.EAST.next(k), bottom)
    stacks = (segment + 1) // 2
    along = (WALL_BOX - 2 * WALL_DEEP) / stacks
    index = (place - k * segment) // 2
    return WALL_DEEP + (index + 0.5) * along, WALL_BOX - WALL_DEEP / 2, side


def _turned(parent: ET.Element, side: int, cls: str) -> ET.Element:
    angle = _rotation(side)
    c = WALL_BOX / 2
    attrs: dict[str, str | float] = {"class_": cls}
    if angle:
        attrs["transform"] = f"rotate({_n(angle)} {_n(c)} {_n(c)})"
    return _el(parent, "g", **attrs)


def wall_svg(picture: WallPicture, *, bottom: Wind = Wind.EAST, size: float = 200) -> str:
    """The square of walls of ``picture`` (a :class:`~tutor.study.wall_picture.WallPicture`)
    seen from ``bottom``'s chair, ``size`` pixels wide: stacks of two, live (green) and dead
    (amber, hatched), the taken places as dashed outlines, the break (a red bar), the next draw
    (a white dot) and where a kong's replacement comes from (a white diamond). Its text
    alternative is :meth:`WallPicture.text`."""
    if size <= 0:
        raise InputError(f"size must be a positive number of pixels, not {size!r}")
    text = picture.text()
    root = _el(None, "svg", xmlns="http://www.w3.org/2000/svg", version="1.1",
               width=round(size, 1), height=round(size, 1),
               viewBox=f"0 0 {_n(WALL_BOX)} {_n(WALL_BOX)}", class_="mahjong-wall", role="img",
               aria_label=text, data_live=picture.live, data_dead=picture.dead)
    _el(root, "title").text = text
    pattern = _el(_el(root, "defs"), "pattern", id=HATCH, width=4, height=4,
                  patternUnits="userSpaceOnUse", patternTransform="rotate(45)")
    _el(pattern, "rect", x=0, y=0, width=1.6, height=4, fill="#5a3b00", opacity="0.55")
    segment = picture.total // 4
    stacks = (segment + 1) // 2
    along = (WALL_BOX - 2 * WALL_DEEP) / stacks
    for k in range(4):
        seat = Wind.EAST.next(k)
        part = _turned(root, _side(seat, bottom), f"wall-side wall-{seat.name.lower()}")
        for index, (left, state) in enumerate(picture.side(seat)):
            _wall_stack(part, WALL_DEEP + index * along, WALL_BOX - WALL_DEEP, along, left,
                        state)
    # the break: a red bar across the wall where dealing began
    x, _y, side = _wall_place(picture, picture.break_at, bottom)
    mark = _turned(root, side, "wall-break")
    bar = x - along / 2 if picture.break_at % 2 == 0 else x
    _el(mark, "line", x1=bar, y1=WALL_BOX - WALL_DEEP - 5, x2=bar, y2=WALL_BOX + 1,
        stroke=BREAK, stroke_width=3, stroke_linecap="round")
    if picture.next_draw is not None:
        x, y, side = _wall_place(picture, picture.next_draw, bottom)
        _el(_turned(root, side, "wall-next-draw"), "circle", cx=x, cy=y, r=4.2, fill="#ffffff",
            stroke="#1b1b1b", stroke_width=1.4)
    if picture.next_replacement is not None:
        x, y, side = _wall_place(picture, picture.next_replacement, bottom)
        r = 4.6
        _el(_turned(root, side, "wall-next-replacement"), "path",
            d=f"M {_n(x)} {_n(y - r)} L {_n(x + r)} {_n(y)} L {_n(x)} {_n(y + r)} "
              f"L {_n(x - r)} {_n(y)} Z", fill="#ffffff", stroke="#1b1b1b", stroke_width=1.4)
    return ET.tostring(root, encoding="unicode")
