"""A seat's review never uses what that seat could not see.

At every decision of a seat, the hidden tiles (the other hands' concealed tiles and the wall not
yet drawn) are dealt again at random, consistent with everything the seat saw (each hand keeps
its size, the tiles hidden stay the same multiset), and the coach judges the changed position:
it must reach exactly the same decisions. The reshuffle really changes what a cheating coach
would read (checked below), so the test can fail.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tutor.coach import COACH, position_at
from tutor.coach.judge import decisions
from tutor.core.tiles import KINDS, Wind
from tutor.core.variant import Variant
from tutor.game.state import HandState

from .helpers import SEATS, hands

#: the coach with a couple of play-outs per open option: the play-outs are dealt from what the
#: seat sees, so they too must come out the same
CHEAP = replace(COACH, playouts=2)


def _reshuffle(state: HandState, seat: Wind, rng: random.Random) -> HandState:
    """A copy of ``state`` with the tiles ``seat`` cannot see dealt again."""
    other = state.clone()
    wall = other.wall
    hidden = list(wall.tiles[wall.front:wall.back + 1])
    sizes = {}
    for s, player in other.players.items():
        if s == seat:
            continue
        sizes[s] = sum(player.counts)
        hidden += [KINDS[i] for i, n in enumerate(player.counts) for _ in range(n)]
    rng.shuffle(hidden)
    for s, size in sizes.items():
        counts = [0] * 34
        for t in hidden[:size]:
            counts[t.index] += 1
        del hidden[:size]
        other.players[s].counts = counts
        other.players[s].drawn = None
    tiles = list(wall.tiles)
    tiles[wall.front:wall.back + 1] = hidden
    wall.tiles = tuple(tiles)
    return other


def _secret(state: HandState, seat: Wind) -> tuple[tuple[int, ...], ...]:
    """What a cheating coach could read: the other hands."""
    return tuple(tuple(p.counts) for s, p in state.players.items() if s != seat)


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_hidden_tiles_do_not_change_any_decision(variant: Variant) -> None:
    rng = random.Random(15)
    checked = changed = 0
    for state in hands(variant, 3):
        for seat in SEATS:
            again = HandState(state.hooks, state.chance)
            for turn, (who, action) in enumerate(state.history):
                if who == seat and len(again.legal_actions()) > 1:
                    honest = decisions(position_at(again, seat, turn, action), CHEAP)
                    other = _reshuffle(again, seat, rng)
                    changed += _secret(other, seat) != _secret(again, seat)
                    assert decisions(position_at(other, seat, turn, action), CHEAP) == honest
                    checked += 1
                again.apply(action)
    assert checked > 100
    assert changed > 0.9 * checked  # the hidden tiles really were different
