"""Small HTML helpers for ``_repr_html_`` methods: escaped tables and trusted fragments.

Everything passed in is escaped unless wrapped in :class:`Raw` (for example an SVG picture
from :mod:`tutor.display.svg`), so text from rule tables or user input cannot break the page.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape

from tutor.display.glyphs import font_style, glyphs_html, has_glyphs
from tutor.errors import InputError

__all__ = ["Raw", "cell_html", "table_html"]


class Raw(str):
    """A string of trusted HTML that :func:`table_html` inserts without escaping."""

    __slots__ = ()


def cell_html(value: object) -> str:
    """A cell's content: ``Raw`` as is, ``None`` as empty, anything else ``str()``-ed and
    escaped, its tile glyphs drawn with the package's font (:mod:`tutor.display.glyphs`; the
    HTML around it must carry :func:`~tutor.display.glyphs.font_style`, as :func:`table_html`
    does)."""
    if isinstance(value, Raw):
        return str.__str__(value)
    if value is None:
        return ""
    return glyphs_html(escape(str(value)))


def table_html(headers: Sequence[object], rows: Iterable[Sequence[object]], *,
               caption: str | None = None, css_class: str = "tutor-table",
               numeric: Sequence[int] = ()) -> str:
    """A simple ``<table>``: one header row, then ``rows``; every cell escaped.

    ``numeric`` lists column positions to right-align (points, amounts); the other columns are
    left-aligned, said in each cell because JupyterLab's own style right-aligns every table cell
    (a sentence set flush right is hard to read). A table with tile glyphs in its cells starts
    with the style that draws them (:func:`~tutor.display.glyphs.font_style`). A row shorter
    than the headers is padded with empty cells; a longer one is a ValueError.
    """
    width = len(headers)
    right = set(numeric)

    def cell(tag: str, i: int, value: object) -> str:
        align = "right" if i in right else "left"
        return f'<{tag} style="text-align:{align}">{cell_html(value)}</{tag}>'

    parts = [f'<table class="{escape(css_class)}">']
    if caption is not None:
        parts.append(f"<caption>{escape(caption)}</caption>")
    parts.append("<thead><tr>" + "".join(cell("th", i, h) for i, h in enumerate(headers))
                 + "</tr></thead>")
    parts.append("<tbody>")
    for n, row in enumerate(rows):
        values = list(row)
        if len(values) > width:
            raise InputError(f"row {n} has {len(values)} cells but the table has {width} "
                             f"columns: {values!r}")
        values += [None] * (width - len(values))
        parts.append("<tr>" + "".join(cell("td", i, v) for i, v in enumerate(values))
                     + "</tr>")
    parts.append("</tbody></table>")
    out = "".join(parts)
    return font_style() + out if has_glyphs(out) else out
