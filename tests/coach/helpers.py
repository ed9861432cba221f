"""Seeded bot-played hands of the three games for the coach's tests (played once per run)."""

from __future__ import annotations

from functools import cache

from tutor.core.tiles import Wind
from tutor.core.variant import Variant
from tutor.game.simulate import play_hand
from tutor.game.state import HandState

SEATS = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)
BOTS = (("sensible", "random"), ("random",), ("random", "sensible"))


@cache
def hands(variant: Variant, count: int) -> tuple[HandState, ...]:
    """``count`` finished hands, seeds 0.., the bots mixed so that positions vary (careful
    play, random play, and both at one table)."""
    return tuple(play_hand(variant, seed, BOTS[seed % len(BOTS)]) for seed in range(count))
