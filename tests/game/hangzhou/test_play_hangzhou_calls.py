"""Hangzhou calls in play: self-draw only, the joker never called, two chows at most, kongs
right after a call (the original rule text, sections 2-4; the rule book "Walls and kongs")."""

from __future__ import annotations

import pytest

from tutor.core.tiles import Tile
from tutor.errors import RulesError
from tutor.game.actions import ActionKind
from tutor.game.state import Phase, WinKind
from tutor.game.variants import hooks_for
from tutor.game.variants.hangzhou import HangzhouHooks, HangzhouPlay, make_hooks
from tutor.variants.hangzhou.rules import ScoringMode

from .hz_play_helpers import JOKER, E, N, S, W, act, deal, discard_drawn, legal, pass_claims

# South waits on 3m (12m + 456p 789p 111s 99s); East throws a 3m first.
NO_RON = {"E": "11p22p33p44p55p66p7p3m", "S": "12m456p789p111s99s"}


def test_no_win_on_a_discard_only_on_the_draw() -> None:
    state = deal(NO_RON, draws="3m")
    act(state, E, "discard 3m")
    assert state.phase is Phase.CLAIM and state.current_actor() == S
    assert legal(state) == {"chow 123m", "pass"}  # the same 3m would complete the hand
    assert not state.hooks.may_win_on_discard(state, S, state.offer_tile, E)
    act(state, S, "pass")
    pass_claims(state)
    assert state.current_actor() == S and state.players[S].drawn == Tile.parse("3m")
    assert "self-draw 3m" in legal(state)
    act(state, S, "self-draw 3m")
    assert state.outcome.how is WinKind.SELF_DRAW and state.outcome.winners == (S,)
    net = state.settlement.ledger.net()
    assert (net[E], net[S], net[W], net[N]) == (-8, 10, -1, -1)  # base, no multiplier


@pytest.mark.parametrize("bound", [3, 0])
def test_the_joker_is_never_called(bound: int) -> None:
    # South holds two jokers (a pong shape), West the third: East's joker opens no window,
    # whether or not the joker restriction binds them (rule field set to 0 players).
    state = deal({"E": "1m4m7m1p4p7p1s4s7s2z3z4z6z白", "S": "白白 2m5m8m 2p5p8p 2s5s8s 7z7z",
                  "W": "白 3m6m9m 3p6p9p 3s6s9s 1z 2z 3z"}, draws="1z",
                 overrides={"joker_restriction_players": bound})
    act(state, E, f"discard {JOKER}")
    assert state.phase is Phase.ACT and state.current_actor() == S
    assert not any(e.kind == "window" for e in state.events)
    for kind in (ActionKind.PONG, ActionKind.OPEN_KONG, ActionKind.CHOW):
        assert not state.hooks.may_claim_meld(state, S, JOKER, E, kind)


CHOWS = {"E": "1m4m7m 1z1z2z2z3z3z4z4z6z6z 9s", "S": "23m 56m 89m 123p 456s 7s"}


def _two_chows(overrides: dict[str, object] | None = None) -> object:
    state = deal(CHOWS, draws="1s 2s 3s 7p 8p 9p", overrides=overrides)
    for tile, chow, throw in (("1m", "chow 123m", "discard 7s"),
                              ("4m", "chow 456m", "discard 1p")):
        act(state, E, f"discard {tile}")
        act(state, S, chow)
        pass_claims(state)
        act(state, S, throw)
        discard_drawn(state, W)
        discard_drawn(state, N)
    act(state, E, "discard 7m")
    return state


def test_at_most_two_chows_exposed() -> None:
    state = _two_chows()
    assert [str(m) for m in state.players[S].melds] == ["[123m]", "[456m]"]
    assert "chow 789m" not in {str(a) for a in state.offers.get(S, ())}


def test_two_chow_limit_is_a_rule_field() -> None:
    state = _two_chows({"max_chows": 3})
    assert state.current_actor() == S and "chow 789m" in legal(state)


def test_kongs_after_a_call_before_the_discard() -> None:
    state = deal({"E": "2z 1p1p 3p3p 5p5p 7s7s 8s8s 1s1s 3s",
                  "S": "2z2z2z 9p9p9p9p 123m 456s"}, replacements="6m 7m")
    act(state, E, "discard 2z")
    assert {"pong 2z", "open-kong 2z"} <= legal(state)
    act(state, S, "pong 2z")
    pass_claims(state)
    assert state.players[S].drawn is None
    assert {"added-kong 2z", "concealed-kong 9p"} <= legal(state)
    live = state.wall.live
    act(state, S, "concealed-kong 9p")
    assert state.players[S].drawn == Tile.parse("6m")
    act(state, S, "added-kong 2z")
    assert state.players[S].drawn == Tile.parse("7m")
    assert [str(m) for m in state.players[S].melds] == ["(9999p)", "{2222z}"]
    assert state.wall.live == live - 4 and state.wall.burned == 2
    assert state.tracker.chain_kongs[S] == 2
    assert HangzhouHooks.kong_after_claim


def test_hooks_for_builds_hangzhou_hooks_from_overrides() -> None:
    hooks = hooks_for("hangzhou", {"max_chows": "1", "scoring": "mil-fan", "after_gang": 3})
    assert isinstance(hooks, HangzhouHooks)
    assert hooks.play == HangzhouPlay(max_chows=1)
    assert hooks.rules.scoring is ScoringMode.MIL_FAN and hooks.rules.after_gang == 3
    assert hooks.robbable == frozenset() and not hooks.multiple_winners
    assert "max_chows=1" in repr(hooks)


@pytest.mark.parametrize("overrides", [{"no_such_rule": 1}, {"max_chows": "two"},
                                       {"after_gang": "x"}, {"joker_restriction_players": 4},
                                       {"max_chows": True}])
def test_bad_overrides_are_refused(overrides: dict[str, object]) -> None:
    with pytest.raises(RulesError):
        make_hooks(overrides)
