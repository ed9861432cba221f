"""The strong bot: its fast and plain versions choose alike (right after kongs too), it reads
only its own view, plays only legal moves, replays exactly from a seed, and beats random play
in a small duplicate match."""

from __future__ import annotations

import random

import pytest

from tutor.core.tiles import Wind
from tutor.core.variant import Variant
from tutor.game.actions import ActionKind
from tutor.game.bots import BOT_NAMES, make_bot, play_out
from tutor.game.duel import duel
from tutor.game.evaluate import determinize
from tutor.game.record import record
from tutor.game.simulate import play_hand
from tutor.game.state import HandState
from tutor.game.strong import PlainStrongBot, StrongBot, win_chances
from tutor.game.variants import hooks_for

GAMES = list(Variant)
_KONGS = (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG, ActionKind.OPEN_KONG)


def test_registered() -> None:
    assert "strong" in BOT_NAMES
    assert isinstance(make_bot("strong", 3), StrongBot)


@pytest.mark.parametrize("variant", GAMES, ids=lambda v: v.value)
def test_fast_and_plain_agree(variant: Variant) -> None:
    """Every decision of 40 hands (strong bots at every seat): the same choice, and positions
    right after a kong are among them."""
    hooks = hooks_for(variant, {})
    decisions = after_kong = 0
    for seed in range(40):
        state = HandState.new(hooks, seed=seed)
        fast = {s: StrongBot(seed) for s in Wind}
        plain = {s: PlainStrongBot(seed) for s in Wind}
        last: dict[Wind, ActionKind] = {}
        while not state.is_terminal():
            seat = state.current_actor()
            assert seat is not None
            view = state.view(seat)
            a, b = fast[seat].choose(view), plain[seat].choose(view)
            assert a == b, (variant, seed, str(view.hand), a, b)
            if len(view.legal) > 1:
                decisions += 1
                after_kong += last.get(seat) in _KONGS
            last[seat] = a.kind
            state.apply(a)
    assert decisions > 1000
    assert after_kong > 0


def _states(variant: Variant, seeds: range) -> list[HandState]:
    """Positions from strong play with more than one legal move (copies)."""
    out = []
    hooks = hooks_for(variant, {})
    for seed in seeds:
        state = HandState.new(hooks, seed=seed)
        bots = {s: StrongBot(seed) for s in Wind}
        while not state.is_terminal():
            seat = state.current_actor()
            assert seat is not None
            if len(state.legal_actions()) > 1 and len(state.history) % 5 == 0:
                out.append(state.clone())
            state.apply(bots[seat].choose(state.view(seat)))
    return out


@pytest.mark.parametrize("variant", GAMES, ids=lambda v: v.value)
def test_view_only(variant: Variant) -> None:
    """Dealing the tiles the seat cannot see again changes nothing it sees, and nothing it
    chooses; the hidden tiles did change."""
    rng = random.Random(7)
    changed = 0
    for state in _states(variant, range(4)):
        seat = state.current_actor()
        assert seat is not None
        other = determinize(state, seat, rng)
        hidden = [tuple(p.counts) for s, p in state.players.items() if s != seat]
        changed += hidden != [tuple(p.counts) for s, p in other.players.items() if s != seat]
        assert StrongBot().choose(state.view(seat)) == StrongBot().choose(other.view(seat))
    assert changed > 10


@pytest.mark.parametrize("variant", GAMES, ids=lambda v: v.value)
def test_legal_moves_only(variant: Variant) -> None:
    hooks = hooks_for(variant, {})
    for seed in range(10):
        state = HandState.new(hooks, seed=seed)
        bots = {s: StrongBot(seed) for s in Wind}
        while not state.is_terminal():
            seat = state.current_actor()
            assert seat is not None
            view = state.view(seat)
            action = bots[seat].choose(view)
            assert action in view.legal
            state.apply(action)


@pytest.mark.parametrize("variant", GAMES, ids=lambda v: v.value)
def test_replays_from_seed(variant: Variant) -> None:
    first = record(play_hand(variant, 11, ["strong", "sensible"]))
    again = record(play_hand(variant, 11, ["strong", "sensible"]))
    assert first == again


def test_plays_whole_hands_with_other_bots() -> None:
    state = HandState.new(hooks_for(Variant.HUANGYAN, {}), seed=5)
    play_out(state, {Wind.EAST: make_bot("strong", 1), Wind.SOUTH: make_bot("random", 2),
                     Wind.WEST: make_bot("sensible", 3), Wind.NORTH: make_bot("strong", 4)})
    assert state.is_terminal()


def test_win_chances() -> None:
    """More improving tiles, more draws, a closer hand: never a lower chance."""
    assert win_chances(0, 8, 80, 10, 1.0, 0.95)[0] > win_chances(0, 4, 80, 10, 1.0, 0.95)[0]
    assert win_chances(0, 4, 80, 12, 1.0, 0.95)[0] > win_chances(0, 4, 80, 4, 1.0, 0.95)[0]
    assert win_chances(1, 20, 80, 10, 1.0, 0.95)[0] < win_chances(0, 20, 80, 10, 1.0, 0.95)[0]
    assert win_chances(0, 4, 80, 0, 1.0, 0.95) == (0.0, 1.0)  # ready, no draw left


@pytest.mark.parametrize("variant", GAMES, ids=lambda v: v.value)
def test_small_duel_against_random(variant: Variant) -> None:
    """Not a strength figure (benchmarks/bench_duel.py measures that): a sanity check that the
    strong bot outscores random play over a few duplicate deals."""
    result = duel(variant, 6, 0, ("strong", "random"), workers=1)
    assert result.deals == 6
    assert result.margin > 0
