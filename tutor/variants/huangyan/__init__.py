"""Huangyan Reckoning (黄岩麻将): scoring table, score sheets, the four-way reckoning and the
match/session accounting."""

from tutor.variants.huangyan.matches import Match, Seating, SeatRoll, Session, roll_for_seats
from tutor.variants.huangyan.reckoning import Reckoning, reckon, yellow_cliff
from tutor.variants.huangyan.rules import HUANGYAN_RULES, HuangyanRules, LiabilityPayee, Rounding
from tutor.variants.huangyan.scoring import score_non_winner, score_winner
from tutor.variants.huangyan.sheet import ScoreLine, ScoreSheet, WinSituation

__all__ = [
    "HUANGYAN_RULES",
    "HuangyanRules",
    "LiabilityPayee",
    "Match",
    "Reckoning",
    "Rounding",
    "ScoreLine",
    "ScoreSheet",
    "SeatRoll",
    "Seating",
    "Session",
    "WinSituation",
    "reckon",
    "roll_for_seats",
    "score_non_winner",
    "score_winner",
    "yellow_cliff",
]
