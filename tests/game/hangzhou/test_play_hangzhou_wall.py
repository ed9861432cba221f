"""Hangzhou's 20-tile dead wall in play: burn and replenish on each kong, and the final kongs
when the live wall is empty (the original rule text, section 3; the rule book "Walls and kongs")."""

from __future__ import annotations

from tutor.core.tiles import Tile
from tutor.game.state import Phase

from .hz_play_helpers import E, N, W, act, deal, legal, tsumogiri


def test_each_kong_burns_one_tile_and_costs_the_live_wall_two() -> None:
    state = deal({"E": "1111m 2222z 345p 67p 9s"}, replacements="8s 9p")
    wall = state.wall
    assert (wall.live, wall.dead, wall.burned) == (136 - 20 - 53, 20, 0)
    act(state, E, "concealed-kong 1m")
    assert (wall.live, wall.dead, wall.burned) == (61, 20, 1)
    assert state.players[E].drawn == Tile.parse("8s")
    act(state, E, "concealed-kong 2z")
    assert (wall.live, wall.dead, wall.burned) == (59, 20, 2)
    assert state.players[E].drawn == Tile.parse("9p")
    assert state.tiles_accounted() == 136


def _to_the_last_tile() -> object:
    # North holds two kongs it never declares; everyone throws what they draw. The 63rd live
    # draw (the last) is North's; East keeps 6p 6p to show the final discard is not pongable.
    state = deal({"E": "6p6p 1m2m3m 4m5m6m 7m8m9m 1s2s 9m",
                  "N": "9s9s9s9s 8s8s8s8s 1z2z3z4z6z"}, replacements="7p 6p")
    act(state, E, "discard 9m")
    tsumogiri(state, 61)
    assert state.wall.live == 1 and state.current_actor() == W
    tsumogiri(state, 1)
    assert state.wall.live == 0 and state.current_actor() == N
    return state


def test_the_last_drawer_may_still_kong_without_replenishing() -> None:
    state = _to_the_last_tile()
    assert {"concealed-kong 9s", "concealed-kong 8s"} <= legal(state)
    act(state, N, "concealed-kong 9s")
    assert (state.wall.live, state.wall.dead) == (0, 18)  # nothing moves into the dead wall
    act(state, N, "concealed-kong 8s")
    assert (state.wall.live, state.wall.dead) == (0, 16)
    assert state.current_actor() == N and state.players[N].drawn == Tile.parse("6p")
    assert state.tiles_accounted() == 136


def test_the_final_discard_cannot_be_claimed_and_the_hand_is_drawn() -> None:
    state = _to_the_last_tile()
    act(state, N, "concealed-kong 9s")
    act(state, N, "concealed-kong 8s")
    assert state.players[E].counts[Tile.parse("6p").index] == 2
    act(state, N, "discard 6p")  # East holds 6p 6p: no pong, the hand is over
    assert state.phase is Phase.ENDED
    assert state.outcome.winners == ()
    last = max(i for i, e in enumerate(state.events) if e.kind == "discard")
    assert [e.kind for e in state.events[last:]] == ["discard", "end"]
    assert len(state.settlement.ledger) == 0
    assert str(state.settlement).startswith("exhaustive draw")
    assert state.tiles_accounted() == 136



def test_a_kong_with_one_live_tile_left_moves_that_tile_to_the_dead_wall() -> None:
    # West holds four 7s and declares them when a single tile is left in the live wall: the
    # replacement is drawn, that last live tile moves to the dead wall and the live wall is
    # empty, so West's discard is the hand's last (no claim; an exhaustive draw).
    state = deal({"E": "6p6p 1m2m3m 4m5m6m 7m8m9m 1s2s 9m",
                  "W": "7s7s7s7s 1z2z3z4z 6z 1p2p3p9p"}, replacements="7p")
    act(state, E, "discard 9m")
    tsumogiri(state, 61)
    assert state.wall.live == 1 and state.current_actor() == W
    before = state.wall.dead
    act(state, W, "concealed-kong 7s")
    assert state.players[W].drawn == Tile.parse("7p")
    assert (state.wall.live, state.wall.dead, state.wall.burned) == (0, before - 2 + 1, 1)
    assert state.tiles_accounted() == 136
    assert "draw" not in legal(state) and state.current_actor() == W
    act(state, W, "discard 7p")
    assert state.phase is Phase.ENDED and state.outcome.winners == ()
    assert state.tiles_accounted() == 136
