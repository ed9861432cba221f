"""Huangyan Reckoning views: the score sheet, the settlement walker and the Live Tile trainer.

Thin ipywidgets views over :mod:`tutor.study.huangyan`: controls set the model's choices, the
model computes, and the view renders HTML (tile SVGs, tables, a matplotlib diagram as SVG).
Errors from the model are shown as messages, never as tracebacks.
"""

from tutor.display.widgets.huangyan.sheet import ScoreSheetView
from tutor.display.widgets.huangyan.stage import LiveTileView
from tutor.display.widgets.huangyan.walk import SettlementWalkView

__all__ = ["LiveTileView", "ScoreSheetView", "SettlementWalkView"]
