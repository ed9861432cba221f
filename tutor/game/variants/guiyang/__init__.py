"""Guiyang Chicken play: the hooks of a hand and the session of hands.

``make_hooks(overrides)`` gives :class:`GuiyangHooks` (what differs in play, ending each hand in
the Guiyang settlement); ``play_session(seed, bots)`` plays a session with the dealer rules.
"""

from tutor.game.variants.guiyang.describe import describe
from tutor.game.variants.guiyang.hooks import (
    GuiyangHooks,
    GuiyangTracker,
    make_hooks,
    make_rules,
)
from tutor.game.variants.guiyang.session import (
    HandResult,
    Points,
    SessionReport,
    next_dealer,
    play_session,
    run_session,
    seating,
)

__all__ = [
    "GuiyangHooks",
    "GuiyangTracker",
    "HandResult",
    "Points",
    "SessionReport",
    "describe",
    "make_hooks",
    "make_rules",
    "next_dealer",
    "play_session",
    "run_session",
    "seating",
]
