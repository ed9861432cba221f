"""The settlement picture: one arrow per non-zero payment, deterministic SVG."""

from __future__ import annotations

from matplotlib.patches import FancyArrowPatch

from tutor.core.tiles import Wind
from tutor.display.plots import figure_svg, payments_figure
from tutor.ledger import Payment

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
PAYMENTS = [Payment(S, E, 20, "win", wave=1), Payment(W, E, 20, "win", wave=1),
            Payment(W, S, 11, "pair", wave=2), Payment(N, S, 0, "capped", wave=2)]


def test_one_arrow_per_paying_payment() -> None:
    fig = payments_figure(PAYMENTS, net={E: 40, S: -9, W: -31, N: 0}, highlight=E)
    arrows = [p for p in fig.axes[0].patches if isinstance(p, FancyArrowPatch)]
    assert len(arrows) == 3  # the zero payment draws nothing
    texts = {t.get_text() for t in fig.axes[0].texts}
    assert {"20", "11"} <= texts and "East\n+40" in texts


def test_svg_is_deterministic() -> None:
    assert figure_svg(payments_figure(PAYMENTS)) == figure_svg(payments_figure(PAYMENTS))
