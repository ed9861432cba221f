"""Matplotlib figures as deterministic SVG, for the notebooks' static plots.

The payment diagrams are drawn by :mod:`tutor.display.diagrams` (no matplotlib). What is left
here is what the what-if histograms and the notebooks' plots need: turning a figure into a
stable SVG string. Matplotlib is imported only when a figure is converted, so importing this
module (as the what-if widget does) never loads it; it needs the ``notebook`` extra.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover - for the type checker only
    from matplotlib.figure import Figure

__all__ = ["figure_svg"]

#: The hash salt that makes matplotlib's SVG ids the same on every run.
HASH_SALT = "mahjong-tutor"


def figure_svg(fig: Figure) -> str:
    """A figure as an SVG string (deterministic: fixed hash salt, no date), then closed.

    The XML prolog is left out so the SVG can be put inside an HTML page."""
    import matplotlib
    import matplotlib.pyplot as plt

    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": HASH_SALT}):
        fig.savefig(buffer, format="svg", metadata={"Date": None})
    plt.close(fig)
    svg = buffer.getvalue()
    return svg[svg.index("<svg"):]
