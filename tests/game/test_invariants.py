"""The whole-hand invariants on many seeded hands of each game, bots of both kinds:

* the tiles are conserved: after every move the wall, hands, melds and discards hold the set;
* every action a bot chooses is one of the state's legal actions;
* every settlement is zero-sum;
* every hand's record, through JSON, replays to the same digest (state and payments).

``make test`` checks :data:`HANDS` hands per game (``TUTOR_INVARIANT_HANDS`` changes it);
``make soak`` (the ``soak`` marker) checks :data:`SOAK_HANDS` per game and prints the counts.
"""

from __future__ import annotations

import json
import os
from collections import Counter

import pytest

from tutor.core.variant import Variant
from tutor.game.bots import make_bot
from tutor.game.record import digest, record, replay
from tutor.game.state import HandState
from tutor.game.variants import hooks_for

HANDS = int(os.environ.get("TUTOR_INVARIANT_HANDS", "300"))
SOAK_HANDS = 10_000
MAX_MOVES = 1_000  # a hand has at most a few hundred moves: more means it never ends
BOTS = (["random"], ["sensible", "random"], ["sensible"])


def check_hand(variant: Variant, seed: int, counts: Counter[str]) -> None:
    hooks = hooks_for(variant)
    state = HandState.new(hooks, seed=seed)
    bots = BOTS[seed % len(BOTS)]
    players = {seat: make_bot(bots[i % len(bots)], seed * 4 + i)
               for i, seat in enumerate(state.players)}
    moves = 0
    while not state.is_terminal():
        seat = state.current_actor()
        assert seat is not None, (variant, seed, moves)
        legal = state.legal_actions()
        action = players[seat].choose(state.view(seat))
        assert action in legal, (variant, seed, moves, action)
        state.apply(action)
        moves += 1
        assert state.tiles_accounted() == variant.tile_count, (variant, seed, moves)
        assert moves < MAX_MOVES, (variant, seed, "the hand does not end")
    ledger = state.settlement.ledger
    assert sum(ledger.net().values()) == 0, (variant, seed)
    data = json.loads(json.dumps(record(state)))
    again = replay(data, hooks_for)
    assert digest(again) == data["final"] == digest(state), (variant, seed)
    assert again.history == state.history and again.settlement.ledger == ledger
    counts["hands"] += 1
    counts["moves"] += moves
    counts["draws"] += not state.outcome.winners


def _run(variant: Variant, hands: int) -> None:
    counts: Counter[str] = Counter()
    for seed in range(hands):
        check_hand(variant, seed, counts)
    assert counts["hands"] == hands and 0 < counts["draws"] < hands
    print(f"\n{variant.value}: {counts['hands']:,} hands, {counts['moves']:,} moves, "
          f"{counts['draws']:,} draws: tiles conserved after every move, every action legal, "
          "every settlement zero-sum, every record replayed to its digest")


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_invariants(variant: Variant) -> None:
    _run(variant, HANDS)


@pytest.mark.soak
@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_invariants_at_scale(variant: Variant) -> None:
    _run(variant, SOAK_HANDS)
