"""Charts drawn by the package as SVG: histograms, bar charts and line charts.

No matplotlib (so they draw under Pyodide too), deterministic (the same data give the same
bytes: fixed rounding, no ids, no dates) and readable on a classroom projector: a 16:9 picture
with 20-28 px text at its natural size of 960 x 540, scaled to the width of the page.

``histogram_svg([("defaults", gains), ("with the change", other)], bins)`` draws the bars of
each series side by side in every bin, the way matplotlib's ``hist`` draws several series;
each bin holds the values from its left edge up to (not including) its right edge, the last
bin both edges, and values outside the edges are left out.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from itertools import pairwise

from tutor.errors import TutorError
from tutor.i18n import _, pgettext

__all__ = ["PALETTE", "ChartError", "bars_svg", "histogram_svg", "line_svg", "nice_ticks"]

#: Series colours, in order (grey for "before", orange for "after", then more).
PALETTE = ("#7f8c8d", "#e67e22", "#2e86c1", "#c0392b", "#27ae60", "#8e44ad")
_W, _H = 960, 540
_LEFT, _RIGHT, _TOP, _BOTTOM = 110, 30, 110, 100
_FONT = "font-family:'DejaVu Sans',Arial,sans-serif"


class ChartError(TutorError, ValueError):
    """Data a chart cannot draw (not finite numbers, mismatched lengths, bad bins)."""


def _n(x: float) -> str:
    """A coordinate with one decimal at most (stable text)."""
    text = f"{x:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _label(x: float) -> str:
    return f"{x:g}" if abs(x) < 1e6 else f"{x:.3g}"


def nice_ticks(low: float, high: float, most: int = 6) -> list[float]:
    """Round tick values (1, 2 or 5 times a power of ten apart) covering ``low`` to ``high``,
    at most about ``most`` of them."""
    if not math.isfinite(low) or not math.isfinite(high):
        raise ChartError("chart values must be finite numbers")
    if high <= low:
        high = low + 1
    raw = (high - low) / max(1, most - 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    digits = max(0, 1 - math.floor(math.log10(step)))
    first = math.floor(low / step + 1e-9)
    last = max(first + 1, math.ceil(high / step - 1e-9))
    return [round(k * step, digits) for k in range(first, last + 1)]


class _Frame:
    """A plot area with linear x and y scales, axes, ticks, labels, a title and a legend."""

    def __init__(self, x_range: tuple[float, float], y_range: tuple[float, float],
                 width: int, height: int) -> None:
        self.width, self.height = width, height
        self.x0, self.x1 = x_range
        self.y0, self.y1 = y_range
        self.parts: list[str] = []

    def x(self, value: float) -> float:
        span = (self.x1 - self.x0) or 1
        return _LEFT + (value - self.x0) / span * (self.width - _LEFT - _RIGHT)

    def y(self, value: float) -> float:
        span = (self.y1 - self.y0) or 1
        return self.height - _BOTTOM - (value - self.y0) / span * (self.height - _TOP - _BOTTOM)

    def text(self, x: float, y: float, content: str, *, size: int = 20, anchor: str = "middle",
             weight: str = "normal", rotate: bool = False) -> None:
        turn = f' transform="rotate(-90 {_n(x)} {_n(y)})"' if rotate else ""
        self.parts.append(f'<text x="{_n(x)}" y="{_n(y)}" font-size="{size}" '
                          f'text-anchor="{anchor}" font-weight="{weight}" fill="#222"{turn}>'
                          f"{escape(content)}</text>")

    def axes(self, x_ticks: Sequence[float], y_ticks: Sequence[float], xlabel: str,
             ylabel: str, title: str) -> None:
        left, bottom = _LEFT, self.height - _BOTTOM
        for t in y_ticks:
            y = self.y(t)
            self.parts.append(f'<line x1="{left}" y1="{_n(y)}" x2="{self.width - _RIGHT}" '
                              f'y2="{_n(y)}" stroke="#ddd" stroke-width="1"/>')
            self.text(left - 12, y + 7, _label(t), anchor="end")
        for t in x_ticks:
            x = self.x(t)
            self.parts.append(f'<line x1="{_n(x)}" y1="{bottom}" x2="{_n(x)}" y2="{bottom + 8}" '
                              'stroke="#222" stroke-width="2"/>')
            self.text(x, bottom + 32, _label(t))
        self.parts.append(f'<line x1="{left}" y1="{bottom}" x2="{self.width - _RIGHT}" '
                          f'y2="{bottom}" stroke="#222" stroke-width="2"/>')
        self.parts.append(f'<line x1="{left}" y1="{_TOP - 10}" x2="{left}" y2="{bottom}" '
                          'stroke="#222" stroke-width="2"/>')
        if xlabel:
            self.text((left + self.width - _RIGHT) / 2, self.height - 24, xlabel, size=22)
        if ylabel:
            self.text(30, (_TOP + bottom) / 2, ylabel, size=22, rotate=True)
        if title:
            self.text(self.width / 2, 36, title, size=26, weight="bold")

    def legend(self, names: Sequence[str], colours: Sequence[str]) -> None:
        """One row under the title, right-aligned: a swatch and a name per series."""
        if len(names) < 2:
            return
        x = self.width - _RIGHT
        y = 78
        for i in reversed(range(len(names))):
            self.text(x, y, names[i], anchor="end")
            x -= 12 * len(names[i]) + 8  # about 12 px per character at 20 px
            self.parts.append(f'<rect x="{_n(x - 24)}" y="{y - 19}" width="24" height="24" '
                              f'fill="{colours[i % len(colours)]}"/>')
            x -= 24 + 28

    def svg(self, description: str) -> str:
        return (f'<svg xmlns="http://www.w3.org/2000/svg" class="tutor-chart" '
                f'viewBox="0 0 {self.width} {self.height}" width="100%" '
                f'style="max-width:{self.width}px;{_FONT}" role="img" '
                f'aria-label="{escape(description)}"><title>{escape(description)}</title>'
                f'<rect width="{self.width}" height="{self.height}" fill="white"/>'
                + "".join(self.parts) + "</svg>")


def _check(values: Sequence[float]) -> list[float]:
    try:
        out = [float(v) for v in values]
    except (TypeError, ValueError):
        raise ChartError("chart values must be numbers") from None
    if not all(math.isfinite(v) for v in out):
        raise ChartError("chart values must be finite numbers")
    return out


def histogram_svg(series: Sequence[tuple[str, Sequence[float]]], bins: Sequence[float], *,
                  title: str = "", xlabel: str = "", ylabel: str = "count",
                  colours: Sequence[str] = PALETTE, width: int = _W, height: int = _H) -> str:
    """Histograms of one or more ``(name, values)`` series over the bin ``edges``, side by
    side in each bin, with a legend when there are several."""
    edges = _check(bins)
    if len(edges) < 2 or any(b <= a for a, b in pairwise(edges)):
        raise ChartError("bins must be at least two increasing edges")
    counts = []
    for _name, values in series:
        row = [0] * (len(edges) - 1)
        for v in _check(values):
            if edges[0] <= v <= edges[-1]:
                i = min(len(row) - 1, _bin(edges, v))
                row[i] += 1
        counts.append(row)
    top = max((c for row in counts for c in row), default=0)
    y_ticks = nice_ticks(0, max(1, top), 6)
    frame = _Frame((edges[0], edges[-1]), (0, y_ticks[-1]), width, height)
    x_ticks = [t for t in nice_ticks(edges[0], edges[-1], 10) if edges[0] <= t <= edges[-1]]
    frame.axes(x_ticks, y_ticks, xlabel, ylabel, title)
    groups = max(1, len(series))
    for s, row in enumerate(counts):
        colour = colours[s % len(colours)]
        for i, count in enumerate(row):
            if not count:
                continue
            left, right = frame.x(edges[i]), frame.x(edges[i + 1])
            inner = (right - left) * 0.9
            bar = inner / groups
            x = left + (right - left) * 0.05 + bar * s
            y = frame.y(count)
            frame.parts.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(bar)}" '
                               f'height="{_n(frame.y(0) - y)}" fill="{colour}">'
                               "<title>" + escape(_("{name}: {count} in {low} to {high}").format(
                                   name=series[s][0], count=count, low=_label(edges[i]),
                                   high=_label(edges[i + 1]))) + "</title></rect>")
    frame.legend([name for name, _values in series], colours)
    names = pgettext("chart", " and ").join(name for name, _values in series) or _("nothing")
    return frame.svg(_("{title}: {names}").format(title=title or _("histogram"), names=names))


def _bin(edges: Sequence[float], value: float) -> int:
    lo, hi = 0, len(edges) - 1
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if value < edges[mid]:
            hi = mid
        else:
            lo = mid
    return lo


def bars_svg(labels: Sequence[str], series: Sequence[tuple[str, Sequence[float]]], *,
             title: str = "", ylabel: str = "", colours: Sequence[str] = PALETTE,
             width: int = _W, height: int = _H) -> str:
    """A bar chart: one group per label, one bar per series in each group (values >= 0 or
    not: bars grow from zero)."""
    rows = [_check(values) for _, values in series]
    if any(len(r) != len(labels) for r in rows):
        raise ChartError("every series needs one value per label")
    low = min([0.0, *(v for r in rows for v in r)])
    high = max([0.0, *(v for r in rows for v in r)])
    y_ticks = nice_ticks(low, high if high > low else low + 1, 6)
    frame = _Frame((0, max(1, len(labels))), (y_ticks[0], y_ticks[-1]), width, height)
    frame.axes([], y_ticks, "", ylabel, title)
    groups = max(1, len(rows))
    for i, label in enumerate(labels):
        frame.text(frame.x(i + 0.5), height - _BOTTOM + 32, label)
    zero = frame.y(0)
    for s, row in enumerate(rows):
        colour = colours[s % len(colours)]
        for i, value in enumerate(row):
            left = frame.x(i + 0.1)
            bar = (frame.x(i + 0.9) - left) / groups
            y = frame.y(value)
            top, size = (y, zero - y) if value >= 0 else (zero, y - zero)
            frame.parts.append(f'<rect x="{_n(left + bar * s)}" y="{_n(top)}" '
                               f'width="{_n(bar)}" height="{_n(size)}" fill="{colour}">'
                               f"<title>{escape(series[s][0])}, {escape(labels[i])}: "
                               f"{_label(value)}</title></rect>")
    frame.legend([name for name, _ in series], colours)
    return frame.svg(f"{title or 'bar chart'}: " + ", ".join(labels))


def line_svg(xs: Sequence[float], series: Sequence[tuple[str, Sequence[float]]], *,
             title: str = "", xlabel: str = "", ylabel: str = "",
             colours: Sequence[str] = PALETTE, width: int = _W, height: int = _H) -> str:
    """A line chart: each ``(name, ys)`` series drawn over the shared ``xs``, with dots."""
    x_values = _check(xs)
    rows = [_check(values) for _, values in series]
    if not x_values or any(len(r) != len(x_values) for r in rows):
        raise ChartError("every series needs one value per x, and there must be some")
    ys = [v for r in rows for v in r] or [0.0]
    y_ticks = nice_ticks(min(ys), max(ys), 6)
    x_ticks = nice_ticks(min(x_values), max(x_values), 8)
    frame = _Frame((x_ticks[0], x_ticks[-1]), (y_ticks[0], y_ticks[-1]), width, height)
    frame.axes(x_ticks, y_ticks, xlabel, ylabel, title)
    for s, row in enumerate(rows):
        colour = colours[s % len(colours)]
        points = " ".join(f"{_n(frame.x(x))},{_n(frame.y(y))}" for x, y in zip(x_values, row,
                                                                                strict=True))
        frame.parts.append(f'<polyline points="{points}" fill="none" stroke="{colour}" '
                           'stroke-width="4" stroke-linejoin="round"/>')
        for x, y in zip(x_values, row, strict=True):
            frame.parts.append(f'<circle cx="{_n(frame.x(x))}" cy="{_n(frame.y(y))}" r="6" '
                               f'fill="{colour}"/>')
    frame.legend([name for name, _ in series], colours)
    return frame.svg(f"{title or 'line chart'}: " + " and ".join(n for n, _ in series))
