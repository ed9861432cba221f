"""Small tables and side-by-side views for the notebooks' learner path.

A :class:`TextTable` is a few rows under headers (rule values with the rule book's names, a hand's
points): an HTML table in the notebook, an aligned plain-text table wherever HTML is not drawn.
:class:`SideBySide` puts two such things (tables, pictures, anything with an HTML, SVG or text
form) next to each other, for example a what-if's before and after.

>>> table = TextTable(["rule", "points"], [["pong of honors", 4], ["kong", 8]], title="Sets")
>>> print(table)
Sets
rule            points
--------------  ------
pong of honors       4
kong                 8
>>> table
TextTable(['rule', 'points'], [['pong of honors', 4], ['kong', 8]], title='Sets')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from tutor.display.html import table_html
from tutor.errors import InputError, shown
from tutor.i18n import Message, localize

__all__ = ["SideBySide", "TextTable", "text_grid"]


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _shown(value: object) -> object:
    """A cell as the learner reads it: a :class:`~tutor.i18n.Message` (a seat name, a sheet's
    line kept in data) in the current language, anything else as it is."""
    return localize(value) if isinstance(value, Message) else value


def text_grid(headers: Sequence[str], rows: Sequence[Sequence[object]],
              numeric: Iterable[int] = ()) -> list[str]:
    """The lines of an aligned plain-text table: headers, a rule, then the rows (numbers in the
    ``numeric`` columns right-aligned)."""
    right = set(numeric)
    cells = [[str(h) for h in headers]] + [["" if v is None else str(v) for v in row]
                                           for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]

    def line(row: list[str]) -> str:
        parts = [cell.rjust(w) if i in right else cell.ljust(w)
                 for i, (cell, w) in enumerate(zip(row, widths, strict=True))]
        return "  ".join(parts).rstrip()

    return [line(cells[0]), "  ".join("-" * w for w in widths),
            *(line(row) for row in cells[1:])]


class TextTable:
    """Rows of values under ``headers``, with an optional ``title`` above them.

    Columns whose values are all numbers are right-aligned. Every cell is escaped in the HTML
    form. A row must have one value per header.
    """

    def __init__(self, headers: Sequence[str], rows: Iterable[Sequence[object]], *,
                 title: str | None = None) -> None:
        if isinstance(headers, str) or not headers:
            raise InputError(f"a table needs a list of column headers, not {shown(headers, 40)}")
        if isinstance(rows, (str, bytes)):
            raise InputError(f"a table's rows are lists of values, not {shown(rows, 40)}")
        self.headers = [str(h) for h in headers]
        self.rows = [list(row) for row in rows]
        for n, row in enumerate(self.rows):
            if len(row) != len(self.headers):
                raise InputError(f"row {n} has {len(row)} values but the table has "
                                 f"{len(self.headers)} columns")
        if title is not None and not isinstance(title, str):
            raise InputError(f"a table's title is text, not {shown(title, 30)}")
        self.title = title

    @property
    def numeric(self) -> list[int]:
        """The columns that hold only numbers (right-aligned)."""
        return [i for i in range(len(self.headers))
                if self.rows and all(_is_number(r[i]) or r[i] is None for r in self.rows)]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TextTable):
            return NotImplemented
        return (self.headers, self.rows, self.title) == (other.headers, other.rows, other.title)

    __hash__ = None  # type: ignore[assignment]  # mutable lists inside

    def __len__(self) -> int:
        return len(self.rows)

    def _shown_rows(self) -> list[list[object]]:
        return [[_shown(v) for v in row] for row in self.rows]

    def _shown_title(self) -> str | None:
        return None if self.title is None else localize(self.title)

    def lines(self) -> list[str]:
        grid = text_grid(self.headers, self._shown_rows(), self.numeric)
        title = self._shown_title()
        return [title, *grid] if title else grid

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(str(self))

    def __repr__(self) -> str:
        title = f", title={self.title!r}" if self.title is not None else ""
        return f"TextTable({self.headers!r}, {self.rows!r}{title})"

    def _repr_html_(self) -> str:
        return table_html(self.headers, self._shown_rows(), caption=self._shown_title(),
                          numeric=self.numeric)


def _html_of(item: object) -> str:
    for method in ("_repr_html_", "_repr_svg_"):
        render = getattr(item, method, None)
        if render is not None:
            out = render()
            if isinstance(out, str):
                return out
    return f"<pre>{escape(str(item))}</pre>"


def _text_of(item: object) -> list[str]:
    lines = getattr(item, "lines", None)
    if callable(lines):
        out = lines()
        if isinstance(out, list):
            return [str(x) for x in out]
    text = str(item) if type(item).__str__ is not object.__str__ else repr(item)
    return text.splitlines() or [""]


class SideBySide:
    """Two tables or pictures next to each other, each under its label (``"before"``, ...)."""

    def __init__(self, left: object, right: object, *,
                 labels: tuple[str, str] = ("before", "after")) -> None:
        if (not isinstance(labels, tuple) or len(labels) != 2
                or not all(isinstance(x, str) for x in labels)):
            raise InputError(f"SideBySide labels are two texts, not {shown(labels, 40)}")
        self.left = left
        self.right = right
        self.labels = labels

    def lines(self) -> list[str]:
        columns = [[label, *_text_of(item)]
                   for label, item in zip(self.labels, (self.left, self.right), strict=True)]
        width = max(len(line) for line in columns[0])
        height = max(len(c) for c in columns)
        columns = [c + [""] * (height - len(c)) for c in columns]
        return [f"{a.ljust(width)}  |  {b}".rstrip() for a, b in zip(*columns, strict=True)]

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(str(self))

    def __repr__(self) -> str:
        return f"SideBySide({self.left!r}, {self.right!r}, labels={self.labels!r})"

    def _repr_html_(self) -> str:
        boxes = "".join(
            f'<div style="flex:1 1 0;min-width:16em"><p><strong>{escape(label)}</strong></p>'
            f"{_html_of(item)}</div>"
            for label, item in zip(self.labels, (self.left, self.right), strict=True))
        return (f'<div class="tutor-side-by-side" style="display:flex;flex-wrap:wrap;'
                f'gap:1.5em;align-items:flex-start">{boxes}</div>')
