"""Pictures and tables for the notebooks, each with its text alternative.

JupyterLab shows a stored SVG only in a trusted notebook; an untrusted one (a fresh copy the
learner has not run) shows the output's plain text instead. :class:`Picture` makes that text the
picture's description rather than ``<IPython.core.display.SVG object>``.

>>> picture = Picture("<svg xmlns='http://www.w3.org/2000/svg'/>", "a blank table")
>>> picture
Picture: a blank table
>>> picture._repr_svg_().startswith("<svg")
True
"""

from __future__ import annotations

from tutor.i18n import _

__all__ = ["Picture", "Table"]


class Picture:
    """An SVG drawing (``svg``) with a description (``alt``) that stands in for it as text."""

    def __init__(self, svg: str, alt: str) -> None:
        self.svg = svg
        self.alt = alt

    def _repr_svg_(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return _("Picture: {alt}").format(alt=self.alt)  # shown in the learner's language


class Table:
    """Rule-book tables (markdown) for a notebook, with a one-line description as their text.

    >>> Table("| a |\\n| --- |\\n| 1 |", "one value")
    Table: one value
    """

    def __init__(self, markdown: str, alt: str) -> None:
        self.markdown = markdown
        self.alt = alt

    def _repr_markdown_(self) -> str:
        return self.markdown

    def __repr__(self) -> str:
        return _("Table: {alt}").format(alt=self.alt)
