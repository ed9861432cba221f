"""Guiyang Chicken mahjong (贵阳捉鸡麻将): patterns, beans, chickens and the hand's settlement.

>>> from tutor.variants.guiyang import pattern_of, GUIYANG_RULES
>>> from tutor import Hand
>>> print(pattern_of(Hand.parse("11223344556677p", "guiyang")).pattern.value)
pure seven pairs
"""

from tutor.variants.guiyang.beans import Bean, BeanKind
from tutor.variants.guiyang.chickens import Chicken, ChickenKind, Liability, Place, Reveal
from tutor.variants.guiyang.description import (
    Discard,
    FinishedHand,
    MeldRecord,
    PlayerRecord,
    Win,
    WinKind,
)
from tutor.variants.guiyang.handfile import FieldError, hand_to_json, load_hand, read_hand
from tutor.variants.guiyang.patterns import (
    PatternResult,
    best_possible_pattern,
    pattern_of,
    readiness,
)
from tutor.variants.guiyang.rules import (
    APP_TABLE_RULES,
    GUIYANG_RULES,
    PRESETS,
    GuiyangRules,
    Pattern,
)
from tutor.variants.guiyang.settlement import Category, PlayerResult, Settlement, settle

__all__ = [
    "APP_TABLE_RULES",
    "GUIYANG_RULES",
    "PRESETS",
    "Bean",
    "BeanKind",
    "Category",
    "Chicken",
    "ChickenKind",
    "Discard",
    "FieldError",
    "FinishedHand",
    "GuiyangRules",
    "Liability",
    "MeldRecord",
    "Pattern",
    "PatternResult",
    "Place",
    "PlayerRecord",
    "PlayerResult",
    "Reveal",
    "Settlement",
    "Win",
    "WinKind",
    "best_possible_pattern",
    "hand_to_json",
    "load_hand",
    "pattern_of",
    "read_hand",
    "readiness",
    "settle",
]
