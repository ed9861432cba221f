"""Huangyan Reckoning study models: the score sheet, the settlement walk and the Live Tile Stage.

Pure Python (no ipywidgets, no matplotlib): each model holds a learner's choices, checks them
(typed errors from :mod:`tutor.errors`) and asks the engine for the answer. The widget views in
:mod:`tutor.display.widgets.huangyan` only render what these models compute.
"""

from tutor.study.huangyan.sheet import ScoreSheetModel, explain_line
from tutor.study.huangyan.stage import (
    POSITIONS,
    RULE_TEXT_TOTALS,
    DiscardJudgement,
    LiabilityCost,
    StageTrainer,
    TablePosition,
    Verdict,
    position,
    preset_position,
)
from tutor.study.huangyan.walk import PRESETS, SettlementWalk, WalkStep

__all__ = [
    "POSITIONS",
    "PRESETS",
    "RULE_TEXT_TOTALS",
    "DiscardJudgement",
    "LiabilityCost",
    "ScoreSheetModel",
    "SettlementWalk",
    "StageTrainer",
    "TablePosition",
    "Verdict",
    "WalkStep",
    "explain_line",
    "position",
    "preset_position",
]
