"""table_html escapes every cell unless it is marked Raw."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from tutor.display.html import Raw, cell_html, table_html


def test_cells_and_headers_are_escaped() -> None:
    html = table_html(["rule <b>", "points"], [["Pure & Simple", 3], ["<script>", None]])
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "Pure &amp; Simple" in html and "rule &lt;b&gt;" in html
    root = ET.fromstring(html)  # well-formed
    cells = [[c.text for c in row] for row in root.iter("tr")]
    assert cells == [["rule <b>", "points"], ["Pure & Simple", "3"], ["<script>", None]]


def test_raw_cells_are_kept_and_short_rows_padded() -> None:
    html = table_html(["tile", "name", "note"], [[Raw("<svg></svg>"), "3p"]], caption="A & B",
                      numeric=[1])
    assert '<td style="text-align:left"><svg></svg></td>' in html  # JupyterLab: right
    assert '<td style="text-align:right">3p</td><td style="text-align:left"></td>' in html
    assert "<caption>A &amp; B</caption>" in html
    assert html.startswith('<table class="tutor-table">')
    assert cell_html(Raw("<i>x</i>")) == "<i>x</i>" and cell_html("<i>") == "&lt;i&gt;"


def test_long_rows_are_refused() -> None:
    with pytest.raises(ValueError, match="3 cells"):
        table_html(["a", "b"], [[1, 2, 3]])
