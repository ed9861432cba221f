"""Hangzhou play: hooks for the shared state machine (:mod:`.play`), the play-only rules
(:mod:`.rules`) and a game across hands with the deferred dealer tally (:mod:`.session`)."""

from __future__ import annotations

from tutor.game.variants.hangzhou.play import (
    HangzhouHooks,
    HangzhouSettlement,
    HangzhouTracker,
    make_hooks,
)
from tutor.game.variants.hangzhou.play_rules import PLAY, HangzhouPlay, hangzhou_rules
from tutor.game.variants.hangzhou.session import SessionReport, play_session

__all__ = ["PLAY", "HangzhouHooks", "HangzhouPlay", "HangzhouSettlement", "HangzhouTracker",
           "SessionReport", "hangzhou_rules", "make_hooks", "play_session"]
