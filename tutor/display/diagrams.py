"""Payment diagrams drawn as SVG by the package: four seats around a table, an arrow per payer
and payee, each labelled with what was paid.

Who pays whom is the picture every settlement lesson needs (Huangyan's two waves, Hangzhou's
dealer tally, Guiyang's categories). The drawing is built with :mod:`xml.etree.ElementTree`
like the tiles of :mod:`tutor.display.svg`: same input, byte-identical SVG, no ids, no
matplotlib, no fonts to install (the browser draws the Chinese seat names).

**Layout that cannot overlap.** The seats sit at fixed places (East at the bottom, then South,
West, North counterclockwise, as at a real table seen from above). Each ordered pair of seats
has its own straight *lane*: the two directions between two seats run side by side, each offset
to its right. Every lane owns one fixed *slot* for its label, beside the lane near the payer's
end; a label grows away from its lane and never beyond its slot (its font shrinks, and long
breakdowns collapse to sums, until it fits). The twelve slots are disjoint from each other, from
the seats and from every other lane, so no step of any settlement can make labels overlap;
``tests/display/test_diagrams.py`` checks the slots and the labels of every preset and of
random settlements.

**What a label says.** The payments from one payer to one payee are grouped by their wave
(Huangyan), category (Guiyang, Hangzhou) or neither; each group is one coloured chip with its
amount (several payments of a group: ``16+32``, or their sum when that is too long). A legend
names the colours. ``current`` payments (this step of a walk) are drawn strong, the others pale.

Browser tests find: ``svg.payment-diagram``, ``g.seat`` (``data-seat="E"``, ``seat-winner``),
``g.payment`` (``data-payer``, ``data-payee``), ``g.payment-label`` (``data-amount``),
``g.chip`` (``chip-wave-1``, ``chip-win``, ...), ``g.legend``, ``text.diagram-title``.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from tutor.core.tiles import Wind
from tutor.display.svg import CJK_FONTS, LATIN_FONTS, _el, _n, _text
from tutor.errors import InputError
from tutor.i18n import N_, _, comma, language, localize
from tutor.ledger import Payment, Seat, seat_name

__all__ = [
    "SEAT_CENTRES",
    "Box",
    "PaymentArrow",
    "PaymentDiagram",
    "payment_diagram",
    "payments_svg",
]

# --- geometry (viewBox units; the <svg> scales them to the pixel size asked for) ------------

WIDTH = 860.0  # the table, which is also the picture's width
TABLE_TOP = 56.0  # room for the title above the table
TABLE_H = 810.0
LEGEND_H = 56.0
HEIGHT = TABLE_TOP + TABLE_H + LEGEND_H
SEAT_W, SEAT_H = 216.0, 128.0
_CX, _CY = WIDTH / 2, TABLE_TOP + TABLE_H / 2

#: Seat centres: East (the dealer's seat) at the bottom, turn order counterclockwise from above.
SEAT_CENTRES: dict[Seat, tuple[float, float]] = {
    Wind.EAST: (_CX, TABLE_TOP + TABLE_H - SEAT_H / 2 - 16),
    Wind.SOUTH: (WIDTH - SEAT_W / 2 - 4, _CY),
    Wind.WEST: (_CX, TABLE_TOP + SEAT_H / 2 + 16),
    Wind.NORTH: (SEAT_W / 2 + 4, _CY),
}
LANE = 16.0  # each direction runs this far to the right of the line between the seats
END_GAP = 10.0  # between a seat and the ends of its arrows
BEND = 24.0  # the radius of a corner lane's bend
HEAD_L, HEAD_W = 24.0, 20.0  # arrowhead length and width
LABEL_FONT = 30.0
LABEL_MIN_FONT = 20.0
LABEL_H = 42.0
SLOT_W = 156.0  # the widest a label may be
SLOT_GAP = 7.0  # between a lane and its label
STRAIGHT_LABEL_AT = 82.0  # how far from the payer's end a straight lane has its label
LEG_LABEL_AT = 44.0  # how far from the payer's end a corner lane's first leg has its label
CHIP_PAD = 8.0
CHIP_GAP = 5.0

# --- colours --------------------------------------------------------------------------------

INK = "#1b1b1b"
SEAT_FILL = "#fdf6e3"
SEAT_STROKE = "#34495e"
WINNER = "#e6a100"
TABLE_FILL = "#eef5ef"
GREY = "#5d6d7e"
GAIN, LOSS = "#1b7f3a", "#b00020"
#: Chip colours by group (a Huangyan wave, or a Guiyang / Hangzhou category).
GROUP_COLOURS = {
    "wave-1": "#c0392b", "wave-2": "#1f5fa8", "win": "#c0392b", "tenpai": "#1f5fa8",
    "bean": "#7d3c98", "chicken": "#a0620a", "liability-chicken": "#117a65",
    "dealer-tally": "#1f5fa8", "open-tally-at-game-end": "#7d3c98", "penalty": "#6e2c00",
}


# --- boxes and lanes ------------------------------------------------------------------------

@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle in viewBox units (``x``, ``y`` its top-left corner)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    def overlaps(self, other: Box) -> bool:
        """True when the two boxes share more than an edge."""
        return (self.x < other.right and other.x < self.right and self.y < other.bottom
                and other.y < self.bottom)

    def contains(self, other: Box) -> bool:
        eps = 1e-6
        return (self.x - eps <= other.x and other.right <= self.right + eps
                and self.y - eps <= other.y and other.bottom <= self.bottom + eps)

    def meets_segment(self, a: tuple[float, float], b: tuple[float, float]) -> bool:
        """True when the segment a-b passes through the box (Liang-Barsky clipping)."""
        t0, t1 = 0.0, 1.0
        dx, dy = b[0] - a[0], b[1] - a[1]
        for p, q in ((-dx, a[0] - self.x), (dx, self.right - a[0]), (-dy, a[1] - self.y),
                     (dy, self.bottom - a[1])):
            if p == 0:
                if q < 0:
                    return False
                continue
            t = q / p
            if p < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
            if t0 > t1:
                return False
        return True


def seat_box(seat: Seat) -> Box:
    cx, cy = SEAT_CENTRES[seat]
    return Box(cx - SEAT_W / 2, cy - SEAT_H / 2, SEAT_W, SEAT_H)


Point = tuple[float, float]


@dataclass(frozen=True)
class Lane:
    """The path of the payments from ``payer`` to ``payee`` and its label slot.

    Opposite seats are joined by a straight lane through the middle of the table; neighbours
    by a lane with one bend that goes round the corner of the table between them, the
    counterclockwise direction (the turn order) outside, the clockwise one inside.
    """

    payer: Seat
    payee: Seat
    points: tuple[Point, ...]  # the polyline, payer's end first
    normal: Point  # unit vector to the right of travel on the label's leg
    anchor: Point  # the point on the lane the label sits beside

    @property
    def segments(self) -> list[tuple[Point, Point]]:
        return list(zip(self.points, self.points[1:], strict=False))

    def label_box(self, w: float, h: float) -> Box:
        """A w x h label beside the lane, growing away from it (inside :attr:`slot`)."""
        nx, ny = self.normal
        ax, ay = self.anchor[0] + nx * SLOT_GAP, self.anchor[1] + ny * SLOT_GAP
        x = ax if nx > 0 else ax - w if nx < 0 else ax - w / 2
        y = ay if ny > 0 else ay - h if ny < 0 else ay - h / 2
        return Box(x, y, w, h)

    @property
    def slot(self) -> Box:
        """The region no label of this lane ever leaves."""
        return self.label_box(SLOT_W, LABEL_H)


def _unit(a: Point, b: Point) -> Point:
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    return ((b[0] - a[0]) / length, (b[1] - a[1]) / length)


def _right(d: Point) -> Point:
    """The unit vector to the right of travel along ``d`` (y points down)."""
    return (-d[1] + 0.0, d[0] + 0.0)


def _edge(seat: Seat, d: Point, offset: Point) -> Point:
    """Where a lane leaving ``seat`` along ``d`` (shifted by ``offset``) starts."""
    box = seat_box(seat)
    cx, cy = SEAT_CENTRES[seat]
    half = box.w / 2 if d[0] else box.h / 2
    reach = half + END_GAP
    return (cx + offset[0] + d[0] * reach, cy + offset[1] + d[1] * reach)


def _lane(payer: Seat, payee: Seat) -> Lane:
    (x1, y1), (x2, y2) = SEAT_CENTRES[payer], SEAT_CENTRES[payee]
    if x1 == x2 or y1 == y2:  # opposite seats: straight through the middle
        d = _unit((x1, y1), (x2, y2))
        n = _right(d)
        shift = (n[0] * LANE, n[1] * LANE)
        start, end = _edge(payer, d, shift), _edge(payee, (-d[0], -d[1]), shift)
        anchor = (start[0] + d[0] * STRAIGHT_LABEL_AT, start[1] + d[1] * STRAIGHT_LABEL_AT)
        return Lane(payer, payee, (start, end), n, anchor)
    # neighbours: leave along one axis, bend once, arrive along the other
    first = (1.0 if x2 > x1 else -1.0, 0.0) if payer in (Wind.EAST, Wind.WEST) else (
        0.0, 1.0 if y2 > y1 else -1.0)
    second = (0.0, 1.0 if y2 > y1 else -1.0) if first[1] == 0 else (
        1.0 if x2 > x1 else -1.0, 0.0)
    n1, n2 = _right(first), _right(second)
    start = _edge(payer, first, (n1[0] * LANE, n1[1] * LANE))
    end = _edge(payee, (-second[0], -second[1]), (n2[0] * LANE, n2[1] * LANE))
    corner = (end[0], start[1]) if first[1] == 0 else (start[0], end[1])
    outer = n1[0] * (corner[0] - _CX) + n1[1] * (corner[1] - _CY) > 0
    if first[1] == 0:  # a horizontal first leg: the label sits centred beside it
        n, anchor = n1, ((start[0] + corner[0]) / 2, start[1])
    elif outer:  # outside, a vertical first leg has no room: use the horizontal one
        n, anchor = n2, ((corner[0] + end[0]) / 2, corner[1])
    else:
        n, anchor = n1, (start[0], start[1] + first[1] * LEG_LABEL_AT)
    return Lane(payer, payee, (start, corner, end), n, anchor)


#: The twelve lanes, one per ordered pair of seats (fixed: they never depend on the payments).
LANES: dict[tuple[Seat, Seat], Lane] = {(a, b): _lane(a, b) for a in Wind for b in Wind
                                        if a != b}


# --- labels ---------------------------------------------------------------------------------

def _group(p: Payment) -> tuple[str, str]:
    """(CSS-safe key, legend name) of the group a payment's chip belongs to."""
    if p.wave is not None:
        return f"wave-{p.wave}", {1: _("wave one"), 2: _("wave two")}.get(
            p.wave, _("wave {n}").format(n=p.wave))
    if p.category:
        return re.sub(r"[^a-z0-9]+", "-", p.category.lower()).strip("-") or "payment", \
            localize(p.category)
    return "payment", _("payment")


def _colour(key: str) -> str:
    return GROUP_COLOURS.get(key, GREY)


def text_width(text: str, font: float) -> float:
    """The width the label text is drawn at (the SVG pins it with ``textLength``)."""
    return sum((0.7 if ch in "+-" else 0.64) * font for ch in text)


@dataclass(frozen=True)
class Chip:
    """One group's amount on a label: ``text`` is ``"12"``, ``"16+32"`` or a sum."""

    key: str
    name: str
    amounts: tuple[int, ...]
    text: str
    current: bool

    @property
    def total(self) -> int:
        return sum(self.amounts)


def _label_width(texts: Sequence[str], font: float) -> float:
    return (sum(text_width(t, font) + 2 * CHIP_PAD * font / LABEL_FONT for t in texts)
            + CHIP_GAP * (len(texts) - 1))


def _fit(chips: list[Chip]) -> tuple[list[Chip], float]:
    """The chips' texts and the font that fit in a slot: breakdowns first, then sums, then one
    chip with the total; the font shrinks as far as needed (never past the slot)."""
    tries: list[list[Chip]] = [chips]
    summed = [Chip(c.key, c.name, c.amounts, str(c.total), c.current) for c in chips]
    tries.append(summed)
    if len(chips) > 1:
        key = chips[0].key if len({c.key for c in chips}) == 1 else "payment"
        amounts = tuple(a for c in chips for a in c.amounts)
        tries.append([Chip(key, "all", amounts, str(sum(amounts)),
                           any(c.current for c in chips))])
    for attempt in tries:
        texts = [c.text for c in attempt]
        for font in (LABEL_FONT, 27.0, 24.0, 22.0, LABEL_MIN_FONT):
            if _label_width(texts, font) <= SLOT_W:
                return attempt, font
    last = tries[-1]
    unit = _label_width([c.text for c in last], 1.0)  # width per unit of font, about
    return last, SLOT_W / unit * 0.999


@dataclass(frozen=True)
class PaymentArrow:
    """The payments from one payer to one payee: the lane, the chips and the label's box."""

    lane: Lane
    payments: tuple[Payment, ...]
    chips: tuple[Chip, ...]
    font: float
    label: Box

    @property
    def amount(self) -> int:
        return sum(p.amount for p in self.payments)

    @property
    def current(self) -> bool:
        return any(c.current for c in self.chips)

    @property
    def colour(self) -> str:
        keys = {c.key for c in self.chips}
        return _colour(keys.pop()) if len(keys) == 1 else GREY


def _arrow(lane: Lane, payments: Sequence[Payment], current: set[Payment] | None
           ) -> PaymentArrow:
    groups: dict[str, list[Payment]] = {}
    names: dict[str, str] = {}
    for p in payments:
        key, name = _group(p)
        groups.setdefault(key, []).append(p)
        names[key] = name
    chips = []
    for key, ps in groups.items():
        amounts = tuple(p.amount for p in ps)
        text = "+".join(str(a) for a in amounts) if len(amounts) <= 3 else str(sum(amounts))
        now = current is None or any(p in current for p in ps)
        chips.append(Chip(key, names[key], amounts, text, now))
    fitted, font = _fit(chips)
    width = _label_width([c.text for c in fitted], font)
    height = LABEL_H * min(1.0, font / LABEL_FONT + 0.2)
    return PaymentArrow(lane, tuple(payments), tuple(fitted), font,
                        lane.label_box(width, height))


# --- the diagram ----------------------------------------------------------------------------

@dataclass(frozen=True)
class PaymentDiagram:
    """A laid-out payment diagram; :meth:`svg` draws it, ``_repr_svg_`` shows it in Jupyter."""

    arrows: tuple[PaymentArrow, ...]
    title: str = ""
    net: Mapping[Seat, int] | None = None
    stacks: Mapping[Seat, int] | None = None
    winners: tuple[Seat, ...] = ()
    dealer: Seat | None = None
    faded: bool = False  # some payments are from earlier steps (drawn pale)

    def label_boxes(self) -> list[Box]:
        return [a.label for a in self.arrows]

    def legend(self) -> list[tuple[str, str]]:
        """(key, name) of every group shown, in settlement order (waves, then categories)."""
        seen: dict[str, str] = {}
        for a in self.arrows:
            for p in a.payments:
                key, name = _group(p)
                seen.setdefault(key, name)
        order = list(GROUP_COLOURS)
        return sorted(seen.items(), key=lambda item: (
            order.index(item[0]) if item[0] in order else len(order), item[0]))

    def svg(self, size: float = 480) -> str:
        """The diagram as an SVG document ``size`` pixels wide (it scales with its viewBox)."""
        if size <= 0:
            raise InputError(f"size must be a positive number of pixels, not {size!r}")
        top = 0.0 if self.title else TABLE_TOP - 6  # no title: no room kept for one
        height = HEIGHT - top
        root = _el(None, "svg", xmlns="http://www.w3.org/2000/svg", version="1.1",
                   width=round(size, 1), height=round(size * height / WIDTH, 1),
                   viewBox=f"0 {_n(top)} {_n(WIDTH)} {_n(height)}", class_="payment-diagram")
        if self.title:
            font = _fit_font(self.title, 30.0, WIDTH - 20, 0.56)
            _text(root, WIDTH / 2, TABLE_TOP / 2, self.title, size=font, fill=INK,
                  fonts=CJK_FONTS, weight="bold", cls="diagram-title")
        west, east = seat_box(Wind.WEST), seat_box(Wind.EAST)
        north, south = seat_box(Wind.NORTH), seat_box(Wind.SOUTH)
        _el(root, "rect", x=north.right, y=west.bottom, width=south.x - north.right,
            height=east.y - west.bottom, rx=24, fill=TABLE_FILL, class_="table")
        for seat in Wind:
            self._seat(root, seat)
        ordered = sorted(self.arrows, key=lambda a: a.current)  # pale ones underneath
        for arrow in ordered:
            self._arrow_line(root, arrow)
        for arrow in ordered:
            self._label(root, arrow)
        self._legend(root)
        return ET.tostring(root, encoding="unicode")

    def _repr_svg_(self) -> str:
        return self.svg()

    def __repr__(self) -> str:
        arrows = ", ".join(f"{a.lane.payer.letter}->{a.lane.payee.letter} {a.amount}"
                           for a in self.arrows) or "no payments"
        title = f"{self.title!r}: " if self.title else ""
        return f"<PaymentDiagram {title}{arrows}>"

    # -- pieces -------------------------------------------------------------------------
    def _seat(self, root: ET.Element, seat: Seat) -> None:
        box = seat_box(seat)
        won = seat in self.winners
        classes = f"seat seat-{seat.name.lower()}" + (" seat-winner" if won else "")
        g = _el(root, "g", class_=classes, data_seat=seat.letter)
        title = _el(g, "title")
        roles = [_(r) for r, on in ((N_("dealer"), seat == self.dealer), (N_("winner"), won))
                 if on]
        name = (f"{seat.name.title()} {seat.chinese}" if language() == "en"
                else localize(seat_name(seat)))
        title.text = name + (_(" ({roles})").format(roles=comma().join(roles)) if roles else "")
        _el(g, "rect", x=box.x, y=box.y, width=box.w, height=box.h, rx=16,
            fill="#fff3c4" if won else SEAT_FILL, stroke=WINNER if won else SEAT_STROKE,
            stroke_width=7 if won else 2.5)
        cx = box.x + box.w / 2
        _text(g, cx, box.y + 28, name, size=29, fill=INK,
              fonts=CJK_FONTS, weight="bold", cls="seat-name")
        if self.net is not None:
            n = self.net.get(seat, 0)
            colour = GAIN if n > 0 else LOSS if n < 0 else GREY
            _text(g, cx, box.y + 66, f"{n:+d}", size=34, fill=colour, fonts=LATIN_FONTS,
                  weight="bold", cls="seat-net")
        extra = list(roles)
        if self.stacks is not None:
            extra.append(_("stack {n}").format(n=self.stacks.get(seat, 0)))
        if extra:
            line = " · ".join(extra)
            font = _fit_font(line, 23.0, box.w - 16, 0.56)
            _text(g, cx, box.y + 104, line, size=font, fill=INK,
                  fonts=LATIN_FONTS if language() == "en" else CJK_FONTS,
                  cls="seat-extra")

    def _arrow_line(self, root: ET.Element, arrow: PaymentArrow) -> None:
        lane = arrow.lane
        pale = self.faded and not arrow.current
        g = _el(root, "g", class_="payment" + (" payment-current" if arrow.current and
                                                self.faded else ""),
                data_payer=lane.payer.letter, data_payee=lane.payee.letter,
                data_amount=str(arrow.amount))
        if pale:
            g.set("opacity", "0.4")
        title = _el(g, "title")
        title.text = "; ".join(localize(str(p)) for p in arrow.payments)
        points = lane.points
        (x2, y2) = points[-1]
        dx, dy = _unit(points[-2], points[-1])
        bx, by = x2 - dx * HEAD_L, y2 - dy * HEAD_L
        d = f"M{_n(points[0][0])} {_n(points[0][1])}"
        if len(points) == 3:
            (cx, cy), (ux, uy), (vx, vy) = points[1], _unit(points[0], points[1]), (dx, dy)
            d += (f" L{_n(cx - ux * BEND)} {_n(cy - uy * BEND)} Q{_n(cx)} {_n(cy)} "
                  f"{_n(cx + vx * BEND)} {_n(cy + vy * BEND)}")
        d += f" L{_n(bx)} {_n(by)}"
        colour = arrow.colour
        _el(g, "path", d=d, fill="none", stroke=colour, stroke_width=4 if pale else 6,
            stroke_linecap="round", stroke_linejoin="round")
        nx, ny = -dy, dx
        head = [(x2, y2), (bx + nx * HEAD_W / 2, by + ny * HEAD_W / 2),
                  (bx - nx * HEAD_W / 2, by - ny * HEAD_W / 2)]
        _el(g, "polygon", points=" ".join(f"{_n(px)},{_n(py)}" for px, py in head),
            fill=colour)

    def _label(self, root: ET.Element, arrow: PaymentArrow) -> None:
        box = arrow.label
        pale = self.faded and not arrow.current
        g = _el(root, "g", class_="payment-label", data_payer=arrow.lane.payer.letter,
                data_payee=arrow.lane.payee.letter, data_amount=str(arrow.amount))
        if pale:
            g.set("opacity", "0.45")
        pad = CHIP_PAD * arrow.font / LABEL_FONT
        x = box.x
        for chip in arrow.chips:
            w = text_width(chip.text, arrow.font)
            c = _el(g, "g", class_=f"chip chip-{chip.key}")
            _el(c, "rect", x=x, y=box.y, width=w + 2 * pad, height=box.h, rx=box.h / 4,
                fill=_colour(chip.key), stroke="#ffffff", stroke_width=2)
            node = _text(c, x + pad + w / 2, box.y + box.h / 2, chip.text, size=arrow.font,
                         fill="#ffffff", fonts=LATIN_FONTS, weight="bold")
            node.set("textLength", _n(w))
            node.set("lengthAdjust", "spacingAndGlyphs")
            x += w + 2 * pad + CHIP_GAP

    def _legend(self, root: ET.Element) -> None:
        items = self.legend()
        entries: list[tuple[str, str, float]] = [(key, name, 1.0) for key, name in items]
        if self.winners:
            entries.append(("winner", _("winner"), 1.0))
        if self.faded and any(not a.current for a in self.arrows):
            entries.append(("earlier", _("earlier steps"), 0.4))
        if not entries:
            return
        g = _el(root, "g", class_="legend")
        font = 22.0
        widths = [34 + _chars(name) * 0.56 * font for _key, name, _o in entries]
        total = sum(widths) + 24 * (len(widths) - 1)
        scale = min(1.0, (WIDTH - 20) / total)
        x = (WIDTH - total * scale) / 2
        y = TABLE_TOP + TABLE_H + LEGEND_H / 2
        for (key, name, opacity), w in zip(entries, widths, strict=True):
            item = _el(g, "g", class_=f"legend-{key}")
            if opacity < 1:
                item.set("opacity", _n(opacity))
            if key == "winner":
                _el(item, "rect", x=x, y=y - 11 * scale, width=24 * scale, height=22 * scale,
                    rx=5, fill="#fff3c4", stroke=WINNER, stroke_width=4)
            else:
                colour = GREY if key == "earlier" else _colour(key)
                _el(item, "rect", x=x, y=y - 11 * scale, width=24 * scale, height=22 * scale,
                    rx=5, fill=colour)
            _text(item, x + 32 * scale, y, name, size=font * scale, fill=INK,
                  fonts=LATIN_FONTS if language() == "en" else CJK_FONTS, anchor="start")
            x += (w + 24) * scale


def _chars(text: str) -> float:
    """How many Latin characters ``text`` is as wide as (in Chinese a character is about two;
    English is counted as before, one each)."""
    if language() == "en":
        return len(text)
    return sum(1.8 if ord(ch) >= 0x2E80 else 1.0 for ch in text)


def _fit_font(text: str, font: float, width: float, em: float) -> float:
    """``font``, or smaller so that ``text`` (about ``em`` wide per character) fits ``width``."""
    need = _chars(text) * em * font
    return font if need <= width else max(8.0, font * width / need)


def payment_diagram(payments: Iterable[Payment], *, title: str = "",
                    net: Mapping[Seat, int] | None = None,
                    stacks: Mapping[Seat, int] | None = None,
                    winners: Iterable[Seat] | Seat | None = None, dealer: Seat | None = None,
                    current: Iterable[Payment] | None = None) -> PaymentDiagram:
    """Lay out ``payments`` (zero amounts draw nothing) around the table.

    ``net`` and ``stacks`` are written in the seats; ``winners`` get a gold frame, the
    ``dealer`` is named; ``current`` marks this step's payments (the others are drawn pale).
    """
    by_lane: dict[tuple[Seat, Seat], list[Payment]] = {}
    for p in payments:
        if p.amount:
            by_lane.setdefault((p.payer, p.payee), []).append(p)
    now = None if current is None else set(current)
    arrows = tuple(_arrow(LANES[key], by_lane[key], now) for key in sorted(by_lane))
    if winners is None:
        who: tuple[Seat, ...] = ()
    elif isinstance(winners, Wind):
        who = (winners,)
    else:
        who = tuple(winners)
    return PaymentDiagram(arrows, title, net, stacks, who, dealer,
                          faded=now is not None and any(not a.current for a in arrows))


def payments_svg(payments: Iterable[Payment], *, size: float = 480, title: str = "",
                 net: Mapping[Seat, int] | None = None, stacks: Mapping[Seat, int] | None = None,
                 winners: Iterable[Seat] | Seat | None = None, dealer: Seat | None = None,
                 current: Iterable[Payment] | None = None) -> str:
    """:func:`payment_diagram` drawn as an SVG string ``size`` pixels wide."""
    return payment_diagram(payments, title=title, net=net, stacks=stacks, winners=winners,
                           dealer=dealer, current=current).svg(size)
