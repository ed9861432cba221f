"""Matplotlib pictures of settlements: four seats around a table, an arrow per payment.

Imported only by notebooks and widgets (needs the ``notebook`` extra). Labels are English so no
CJK font is needed (a missing glyph would print a warning, which fails nbval).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import matplotlib
import matplotlib.pyplot as plt
from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyArrowPatch

from tutor.core.tiles import Wind
from tutor.ledger import Payment

__all__ = ["SEAT_POSITIONS", "figure_svg", "payments_figure"]

matplotlib.rcParams["svg.hashsalt"] = "mahjong-tutor"

#: East (the dealer) at the bottom; turn order runs to the right, counterclockwise from above.
SEAT_POSITIONS: dict[Wind, tuple[float, float]] = {
    Wind.EAST: (0.0, -1.0), Wind.SOUTH: (1.0, 0.0), Wind.WEST: (0.0, 1.0),
    Wind.NORTH: (-1.0, 0.0)}
_COLOURS = {1: "#c0392b", 2: "#2e86c1", None: "#555555"}


def payments_figure(payments: Sequence[Payment], *, title: str = "",
                    net: Mapping[Wind, int] | None = None,
                    stacks: Mapping[Wind, int] | None = None,
                    highlight: Wind | None = None, size: float = 4.2) -> Figure:
    """Four seats and an arrow from payer to payee for each payment, labelled with its amount.

    Wave-one payments are red, wave-two blue, others grey. ``net`` and ``stacks`` are written
    under the seat names; ``highlight`` rings one seat (the winner, say)."""
    fig, ax = plt.subplots(figsize=(size, size))
    ax.set_xlim(-1.6, 1.6)
    ax.set_ylim(-1.6, 1.6)
    ax.set_aspect("equal")
    ax.axis("off")
    for seat, (x, y) in SEAT_POSITIONS.items():
        ring = "#f1c40f" if seat == highlight else "#34495e"
        ax.add_patch(Circle((x, y), 0.28, facecolor="#fdf6e3", edgecolor=ring,
                                linewidth=3 if seat == highlight else 1.5, zorder=2))
        lines = [seat.name.title()]
        if net is not None:
            lines.append(f"{net.get(seat, 0):+d}")
        if stacks is not None:
            lines.append(f"stack {stacks.get(seat, 0)}")
        ax.text(x, y, "\n".join(lines), ha="center", va="center", fontsize=8.5, zorder=3)
    seen: dict[frozenset[Wind], int] = {}
    for p in payments:
        if p.amount == 0:
            continue
        pair = frozenset((p.payer, p.payee))
        n = seen.get(pair, 0)
        seen[pair] = n + 1
        bend = 0.15 + 0.12 * n
        (x1, y1), (x2, y2) = SEAT_POSITIONS[p.payer], SEAT_POSITIONS[p.payee]
        colour = _COLOURS.get(p.wave, _COLOURS[None])
        arrow = FancyArrowPatch((x1, y1), (x2, y2), connectionstyle=f"arc3,rad={bend}",
                                arrowstyle="-|>", mutation_scale=14, color=colour,
                                shrinkA=22, shrinkB=22, linewidth=1.4, zorder=1)
        ax.add_patch(arrow)
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        dx, dy = y2 - y1, x1 - x2  # perpendicular, on the side the arc bends to
        ax.text(mx + dx * bend * 0.55, my + dy * bend * 0.55, str(p.amount), color=colour,
                ha="center", va="center", fontsize=9, fontweight="bold",
                bbox={"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none"}, zorder=4)
    if title:
        ax.set_title(title, fontsize=10)
    fig.tight_layout()
    return fig


def figure_svg(fig: Figure) -> str:
    """A figure as an SVG string (deterministic: fixed hash salt, no date), then closed."""
    import io

    buffer = io.StringIO()
    fig.savefig(buffer, format="svg", metadata={"Date": None})
    plt.close(fig)
    return buffer.getvalue()
