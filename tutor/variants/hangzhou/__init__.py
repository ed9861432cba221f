"""Hangzhou mahjong: the White Dragon joker, self-drawn wins, multipliers and the dealer's tally.

Rules of record: the rule book,
``notebooks/rules/hangzhou.md``. :mod:`.rules` holds the numbers, :mod:`.scoring` scores a win,
:mod:`.special` the Ten Honors Explosive Head and the first-turn penalty, :mod:`.ledger` the
payments across the hands of a game, :mod:`.replay` reads a game from JSON.
"""

from __future__ import annotations

from tutor.variants.hangzhou.rules import HANGZHOU, HangzhouRules, ScoringMode
from tutor.variants.hangzhou.scoring import ScoreLine, ScoreSheet, Situation, WinSource, score

__all__ = ["HANGZHOU", "HangzhouRules", "ScoreLine", "ScoreSheet", "ScoringMode", "Situation",
           "WinSource", "score"]
