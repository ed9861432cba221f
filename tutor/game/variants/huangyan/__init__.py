"""Huangyan Reckoning play: the hand hooks (:mod:`.play`) and bot-played sessions
(:mod:`.session`). ``make_hooks(overrides)`` is what :func:`tutor.game.variants.hooks_for`
calls."""

from tutor.game.variants.huangyan.play import (
    STAGE,
    DiscardNote,
    HuangyanHooks,
    HuangyanSettlement,
    LiveTracker,
    huangyan_rules,
    make_hooks,
)
from tutor.game.variants.huangyan.session import HandLog, SessionReport, play_session

__all__ = [
    "STAGE",
    "DiscardNote",
    "HandLog",
    "HuangyanHooks",
    "HuangyanSettlement",
    "LiveTracker",
    "SessionReport",
    "huangyan_rules",
    "make_hooks",
    "play_session",
]
