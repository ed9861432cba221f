"""The joker-discard restriction and its carry-over (the rule text, section 5, the rule book "Joker
discard restriction"): after a joker is discarded, the next three players may not call, and on
their turn must throw the tile they drew unless it makes a concealed kong or a win."""

from __future__ import annotations

import pytest

from tutor.core.tiles import Tile
from tutor.errors import IllegalActionError
from tutor.game.actions import Action, ActionKind
from tutor.game.state import Phase, WinKind

from .hz_play_helpers import JOKER, E, N, S, W, act, deal, discard_drawn, legal, pass_claims

J = str(JOKER)
EAST = "白 3m3m 1p2p 4p5p 7p8p 1s2s 4s5s 7s"
SOUTH = "4m5m 9m 2p 6p 9p 3s 6s 9s 1z 2z 3z 4z"
WEST = "1m1m 6m 7m 3p 6p 8s 9s 6z 7z 1z 2z 4z"
NORTH = "5m 8m 9m 1p 3p 5p 2s 5s 6s 3z 4z 6z 7z"


def test_three_players_are_bound_after_a_joker_discard() -> None:
    state = deal({"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}, draws="1m 2m 3m 8p")
    act(state, E, f"discard {J}")
    assert state.tracker.restricted == [S, W, N]
    event = state.events[-2]  # the announcement, then South's draw
    assert event.kind == "joker restriction" and "South, West, North" in event.note
    assert legal(state) == {"discard 1m"}
    with pytest.raises(IllegalActionError):
        state.apply(Action.parse("discard 9m"))
    act(state, S, "discard 1m")
    # West holds 1m 1m but is bound: no pong is offered, West simply draws
    assert state.phase is Phase.ACT and state.current_actor() == W
    assert legal(state) == {"discard 2m"}
    act(state, W, "discard 2m")
    assert legal(state) == {"discard 3m"}
    act(state, N, "discard 3m")
    # North's throw ends the restriction: East may pong it
    assert state.tracker.restricted == []
    assert state.current_actor() == E and "pong 3m" in legal(state)
    act(state, E, "pass")
    assert len(legal(state)) > 1  # East plays freely


def test_a_bound_player_may_kong_the_drawn_tile_and_the_replacement_is_bound() -> None:
    south = "6s6s6s 9p9p9p9p 1m 4m 9m 2z 3z 4z"
    state = deal({"E": EAST, "S": south}, draws="6s", replacements="3s")
    act(state, E, f"discard {J}")
    # the kong of the drawn 6s, not the 9p kong held since the deal
    assert legal(state) == {"concealed-kong 6s", "discard 6s"}
    assert not state.hooks.may_declare_kong(state, S, ActionKind.ADDED_KONG, Tile.parse("6s"))
    act(state, S, "concealed-kong 6s")
    assert state.players[S].drawn == Tile.parse("3s")
    assert legal(state) == {"discard 3s"}


def test_a_bound_player_may_win_on_the_drawn_tile() -> None:
    state = deal({"E": EAST, "S": "123m 456m 789m 111p 9p"}, draws="9p")
    act(state, E, f"discard {J}")
    assert legal(state) == {"self-draw 9p", "discard 9p"}
    act(state, S, "self-draw 9p")
    assert state.outcome.how is WinKind.SELF_DRAW


def test_a_joker_thrown_while_bound_carries_the_restriction_over() -> None:
    state = deal({"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH},
                 draws=f"{J} 2m 3m 8p 9s")
    act(state, E, f"discard {J}")
    assert legal(state) == {f"discard {J}"}
    act(state, S, f"discard {J}")
    assert state.tracker.restricted == [W, N, E]
    assert [e.kind for e in state.events].count("joker restriction") == 2
    for seat in (W, N, E):  # East, who threw the first joker, is bound now
        assert state.current_actor() == seat and len(legal(state)) == 1
        discard_drawn(state, seat)
    assert state.current_actor() == S and len(legal(state)) > 1
    # South's chain holds its joker; East's ended with the non-joker it had to throw
    assert state.tracker.chain_jokers == {E: 0, S: 1, W: 0, N: 0}


def test_a_call_by_a_free_player_ends_the_restriction() -> None:
    east = "白 1m1m 1p2p 4p5p 7p8p 1s2s 4s5s 7s"
    west = "3m3m 6m 7m 3p 6p 8s 9s 6z 7z 1z 2z 4z"
    state = deal({"E": east, "S": SOUTH, "W": west, "N": NORTH}, draws="1m 2m 3m")
    act(state, E, f"discard {J}")
    act(state, S, "discard 1m")
    # East threw the joker and is not bound: it may pong South's throw, skipping West and North
    assert state.current_actor() == E and "pong 1m" in legal(state)
    act(state, E, "pong 1m")
    assert state.tracker.restricted == []
    assert state.events[-1].kind == "joker restriction ends"
    act(state, E, "discard 7s")
    pass_claims(state)
    assert state.current_actor() == S and len(legal(state)) > 1


def test_option_no_calls_at_all_while_the_restriction_runs() -> None:
    east = "白 1m1m 1p2p 4p5p 7p8p 1s2s 4s5s 7s"
    west = "3m3m 6m 7m 3p 6p 8s 9s 6z 7z 1z 2z 4z"
    state = deal({"E": east, "S": SOUTH, "W": west, "N": NORTH}, draws="1m 2m 3m",
                 overrides={"joker_restriction_all_calls": True})
    act(state, E, f"discard {J}")
    act(state, S, "discard 1m")
    assert state.phase is Phase.ACT and state.current_actor() == W
    assert legal(state) == {"discard 2m"}


def test_the_restriction_length_is_a_rule_field() -> None:
    state = deal({"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}, draws="1m 2m",
                 overrides={"joker_restriction_players": 1})
    act(state, E, f"discard {J}")
    assert state.tracker.restricted == [S]
    act(state, S, "discard 1m")
    pass_claims(state)
    assert state.current_actor() == W and len(legal(state)) > 1
