"""Invariants over many seeded Hangzhou hands with random and sensible bots: every tile is
accounted for, nothing illegal is accepted, settlements sum to zero, records replay to the same
state, hands end; and the Hangzhou rules hold in every hand played."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.core.hand import MeldKind
from tutor.core.variant import Variant
from tutor.errors import IllegalActionError
from tutor.game.actions import Action, ActionKind
from tutor.game.bots import make_bot
from tutor.game.record import digest, record, replay
from tutor.game.simulate import play_hand, simulate
from tutor.game.state import HandState, WinKind
from tutor.game.variants import hooks_for
from tutor.game.variants.hangzhou import HangzhouSettlement

from .hz_play_helpers import JOKER

V = Variant.HANGZHOU
MAX_MOVES = 1000


def _check_rules(state: HandState) -> None:
    assert state.is_terminal()
    for _seat, action in state.history:
        assert action.kind not in (ActionKind.WIN, ActionKind.ROB)
    for player in state.players.values():
        assert sum(1 for m in player.melds if m.kind is MeldKind.CHOW) <= 2
        for meld in player.melds:
            if JOKER in meld.tiles:
                assert meld.kind is MeldKind.CONCEALED_KONG
    assert state.outcome is not None
    assert state.outcome.how in (None, WinKind.SELF_DRAW, WinKind.SPECIAL)
    settlement = state.settlement
    assert isinstance(settlement, HangzhouSettlement)
    assert sum(settlement.ledger.net().values()) == 0
    if state.outcome.winners:
        assert settlement.ledger.net()[state.outcome.winners[0]] > 0
    else:
        assert settlement.ledger == (settlement.first_turn.payments if settlement.first_turn
                                     else settlement.ledger.__class__())
    assert state.tiles_accounted() == 136
    again = replay(record(state), hooks_for)
    assert digest(again) == digest(state)
    assert again.settlement.ledger == settlement.ledger


@pytest.mark.parametrize("block", range(6))
def test_random_bots_keep_every_invariant(block: int) -> None:
    rng = random.Random(block)
    for seed in range(block * 50, block * 50 + 50):
        state = HandState.new(hooks_for(V), seed=seed)
        bots = {s: make_bot("random", seed * 4 + i) for i, s in enumerate(state.players)}
        moves = 0
        while not state.is_terminal():
            seat = state.current_actor()
            assert seat is not None
            legal = state.legal_actions()
            if rng.random() < 0.05:  # an action that is not legal is refused, state unchanged
                wrong = [Action(ActionKind.DISCARD, t) for t in V.kinds
                         if Action(ActionKind.DISCARD, t) not in legal]
                before = digest(state)
                with pytest.raises(IllegalActionError):
                    state.apply(rng.choice(wrong))
                assert digest(state) == before
            state.apply(bots[seat].choose(state.view(seat)))
            assert state.tiles_accounted() == 136
            moves += 1
            assert moves < MAX_MOVES
        _check_rules(state)


@pytest.mark.parametrize("block", range(4))
def test_sensible_bots_keep_every_invariant(block: int) -> None:
    for seed in range(1000 + block * 50, 1000 + block * 50 + 50):
        state = play_hand(V, seed, ["sensible", "sensible", "random", "sensible"])
        assert len(state.history) < MAX_MOVES
        _check_rules(state)


def test_simulation_reports_hangzhou_stats() -> None:
    summary = simulate(V, 40, seed=7, bots=("sensible",), workers=1)
    assert summary.hands == 40
    assert {"multiplier", "draw", "special win", "first-turn penalty"} <= set(summary.extra)
    assert summary.extra["draw"] == summary.draws / 40
    assert summary.extra["multiplier"] >= 1 - summary.extra["draw"]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), bots=st.lists(st.sampled_from(["random", "sensible"]),
                                                      min_size=4, max_size=4))
def test_any_seeded_hand_ends_settled_and_replays(seed: int, bots: list[str]) -> None:
    state = play_hand(V, seed, bots)
    _check_rules(state)
