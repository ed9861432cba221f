"""Charts drawn by the package: histogram counts as matplotlib/numpy bin them, deterministic
and well-formed SVG, projector-sized text, clear errors."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.display.charts import ChartError, bars_svg, histogram_svg, line_svg, nice_ticks
from tutor.errors import TutorError

SVG = "{http://www.w3.org/2000/svg}"


def _bars(svg: str) -> dict[str, list[int]]:
    """Series name -> the count of each drawn bar, read from the bars' tooltips."""
    out: dict[str, list[int]] = {}
    for name, count in re.findall(r"<title>([^<:]+): (\d+) in ", svg):
        out.setdefault(name, []).append(int(count))
    return out


def test_histogram_bins_like_matplotlib() -> None:
    svg = histogram_svg([("a", [0, 1, 9, 10, 10, 19, 20, 25]), ("b", [5])], [0, 10, 20],
                        title="t")
    # [0, 10) holds 0, 1, 9; [10, 20] (the last bin is closed) holds 10, 10, 19, 20; 25 is out
    assert re.findall(r"<title>a: (\d+) in (\S+) to (\S+)</title>", svg) == [
        ("3", "0", "10"), ("4", "10", "20")]
    assert _bars(svg)["b"] == [1]


@given(st.lists(st.integers(-50, 300), max_size=60),
       st.lists(st.integers(-50, 300), max_size=60))
def test_histogram_counts_equal_numpy(a: list[int], b: list[int]) -> None:
    np = pytest.importorskip("numpy")
    from tutor.study.whatif import gain_bins

    bins = gain_bins(a, b)
    svg = histogram_svg([("a", a), ("b", b)], bins)
    drawn = _bars(svg)
    for name, values in (("a", a), ("b", b)):
        counts, _ = np.histogram(values, bins=bins)
        assert drawn.get(name, []) == [int(c) for c in counts if c]


def test_charts_are_deterministic_well_formed_and_projector_sized() -> None:
    pictures = [
        histogram_svg([("defaults", [1, 2, 2, 3]), ("with the change", [2, 4])], [0, 2, 4, 6],
                      title="Gains", xlabel="points", ylabel="hands"),
        bars_svg(["E", "S", "W", "N"], [("net", [3, -1, -1, -1])], title="Net"),
        line_svg([1, 2, 3], [("a", [1, 4, 9]), ("b", [2, 2, 2])], title="Lines"),
    ]
    for svg in pictures:
        root = ET.fromstring(svg)
        assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 960 540"
        assert root.get("role") == "img" and root.find(f"{SVG}title") is not None
        sizes = [int(s) for s in re.findall(r'font-size="(\d+)"', svg)]
        assert sizes and min(sizes) >= 20
        assert " id=" not in svg and "http://www.w3.org/2000/svg" in svg
    again = histogram_svg([("defaults", [1, 2, 2, 3]), ("with the change", [2, 4])],
                          [0, 2, 4, 6], title="Gains", xlabel="points", ylabel="hands")
    assert again == pictures[0]
    assert "defaults" in pictures[0] and "with the change" in pictures[0]  # the legend
    assert pictures[1].count("<rect") == 1 + 4  # the background and four bars
    assert pictures[2].count("<polyline") == 2 and pictures[2].count("<circle") == 6


def test_text_is_escaped() -> None:
    svg = histogram_svg([("<b>&", [1])], [0, 2], title="a < b")
    assert "<b>" not in svg and "&lt;b&gt;&amp;" in svg and "a &lt; b" in svg
    ET.fromstring(svg)


@pytest.mark.parametrize("call", [
    lambda: histogram_svg([("a", [float("nan")])], [0, 1]),
    lambda: histogram_svg([("a", [1])], [0]),
    lambda: histogram_svg([("a", [1])], [2, 1]),
    lambda: histogram_svg([("a", ["x"])], [0, 1]),  # type: ignore[list-item]
    lambda: bars_svg(["a", "b"], [("s", [1])]),
    lambda: line_svg([], [("s", [])]),
    lambda: line_svg([1, 2], [("s", [1, float("inf")])]),
    lambda: nice_ticks(0, float("inf")),
])
def test_bad_data_raises_chart_error(call: object) -> None:
    with pytest.raises(ChartError) as info:
        call()  # type: ignore[operator]
    assert isinstance(info.value, TutorError)


@given(st.floats(-1e6, 1e6), st.floats(0, 1e6))
def test_ticks_cover_the_range(low: float, span: float) -> None:
    high = low + span
    ticks = nice_ticks(low, high)
    assert ticks[0] <= low + 1e-9 * max(1.0, abs(low))
    assert ticks[-1] >= high - 1e-9 * max(1.0, abs(high))
    assert all(b > a for a, b in itertools.pairwise(ticks))
    assert 2 <= len(ticks) <= 12
