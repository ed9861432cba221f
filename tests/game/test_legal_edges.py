"""Each guard of ``legal_actions`` at its edge: a kong with one replacement left and with none
(each game's wall), a claim on the discard before the last live tile and on the last one, an open
kong claim with the dead wall empty, no self-draw on a claimed tile, an added kong only with the
fourth tile in hand.

The walls are set to the edge directly (``state.wall``) on a scripted deal, before the legal
moves are first asked."""

from __future__ import annotations

import pytest

from tutor.core.tiles import Tile, Wind
from tutor.core.variant import Variant
from tutor.game.actions import Action, ActionKind
from tutor.game.scenario import scripted
from tutor.game.state import HandState, Phase
from tutor.game.variants import hooks_for

T = Tile.parse
E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH

#: East holds four 1m (a concealed kong) and a 3p to discard; South three 3p (a pong or an open
#: kong of it); West and North nothing to claim with
HANDS = {
    Variant.HUANGYAN: {"E": "1111m 2m3m 5m6m 9s9s 4p7p 3p 2p",
                       "S": "2p2p 3p3p3p 4s5s 7s8s 2z3z4z5z",
                       "W": "1s2s 4m 7m 6p 8p 6s 9m 1p 5p 6z 7z 3s",
                       "N": "5s 4z 2z 6z 7z 3m 8m 9p 5p 1p 6p 8p 3s"},
    Variant.GUIYANG: {"E": "1111m 2m3m 5m6m 9s9s 4p7p 3p 2p",
                      "S": "2p2p 3p3p3p 4s5s 7s8s 1s 6s 9m 4m",
                      "W": "1s2s 4m 7m 6p 8p 6s 9m 1p 5p 7s 8m 3s",
                      "N": "5s 5p 2s 7m 3m 8m 9p 1p 6p 8p 3s 4s 6m"},
    Variant.HANGZHOU: {"E": "1111m 2m3m 5m6m 9s9s 4p7p 3p 2p",
                       "S": "2p2p 3p3p3p 4s5s 7s8s 2z3z4z6z",
                       "W": "1s2s 4m 7m 6p 8p 6s 9m 1p 5p 6z 7z 3s",
                       "N": "5s 4z 2z 1z 7z 3m 8m 9p 5p 1p 6p 8p 3s"},
}


def _deal(variant: Variant) -> HandState:
    return HandState(hooks_for(variant), scripted(variant, HANDS[variant]))


def _set_replacements(state: HandState, left: int) -> None:
    """Leave ``left`` kong replacements in the wall (Hangzhou: a replacement takes two tiles,
    one burned; Guiyang: the far end of the single wall, so the live wall is what is left)."""
    wall = state.wall
    if state.variant is Variant.GUIYANG:
        wall.front = wall.live_end - left
    elif state.variant is Variant.HANGZHOU:
        wall.back = wall.live_end + 2 * left - 1
    else:
        wall.back = wall.live_end + left - 1


def _has(state: HandState, kind: ActionKind) -> bool:
    return any(a.kind is kind for a in state.legal_actions())


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_a_concealed_kong_needs_a_replacement_left(variant: Variant) -> None:
    state = _deal(variant)
    _set_replacements(state, 1)
    assert state.wall.can_replace()
    assert Action(ActionKind.CONCEALED_KONG, T("1m")) in state.legal_actions()
    state = _deal(variant)
    _set_replacements(state, 0)
    assert not state.wall.can_replace()
    assert not _has(state, ActionKind.CONCEALED_KONG)
    assert Action(ActionKind.DISCARD, T("1m")) in state.legal_actions()


def test_the_last_replacement_of_the_dead_wall_is_drawn() -> None:
    state = _deal(Variant.HUANGYAN)
    _set_replacements(state, 1)
    last = state.wall.tiles[state.wall.back]
    state.apply(Action(ActionKind.CONCEALED_KONG, T("1m")))
    assert state.players[E].drawn == last and state.wall.dead == 0
    assert not _has(state, ActionKind.CONCEALED_KONG)


def _east_discards_3p(variant: Variant, live: int, replacements: int) -> HandState:
    """East discards 3p with ``live`` live tiles and ``replacements`` kong replacements left
    (Guiyang's single wall: the live tiles are the replacements)."""
    state = _deal(variant)
    state.wall.front = state.wall.live_end - live
    if variant is not Variant.GUIYANG:
        _set_replacements(state, replacements)
    state.apply(Action(ActionKind.DISCARD, T("3p")))
    return state


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_a_pong_is_offered_on_the_discard_before_the_last_live_tile(variant: Variant) -> None:
    state = _east_discards_3p(variant, live=1, replacements=3)
    assert state.phase is Phase.CLAIM and state.current_actor() == S
    assert Action(ActionKind.PONG, T("3p")) in state.legal_actions()
    state = _east_discards_3p(variant, live=0, replacements=3)  # the last discard: no meld
    assert state.phase is Phase.ENDED and state.outcome is not None
    assert state.outcome.winners == ()


@pytest.mark.parametrize("variant", [Variant.HUANGYAN, Variant.HANGZHOU],
                         ids=lambda v: v.value)
def test_an_open_kong_claim_needs_a_replacement_left(variant: Variant) -> None:
    state = _east_discards_3p(variant, live=5, replacements=1)
    assert state.current_actor() == S
    assert {ActionKind.PONG, ActionKind.OPEN_KONG} <= {a.kind for a in state.legal_actions()}
    state = _east_discards_3p(variant, live=5, replacements=0)
    assert state.current_actor() == S
    assert _has(state, ActionKind.PONG) and not _has(state, ActionKind.OPEN_KONG)


def test_an_open_kong_claim_on_the_discard_before_the_last_tile_in_guiyang() -> None:
    """Guiyang's replacement is the far end of the single wall: with one tile left, a kong of
    the discard may still be claimed (its replacement is that tile)."""
    state = _east_discards_3p(Variant.GUIYANG, live=1, replacements=1)
    assert {ActionKind.PONG, ActionKind.OPEN_KONG} <= {a.kind for a in state.legal_actions()}
    state.apply(Action(ActionKind.OPEN_KONG, T("3p")))
    assert state.wall.live == 0 and state.players[S].drawn is not None


def test_no_self_draw_on_a_claimed_tile_even_when_complete() -> None:
    """South waits on 7p or 1z; it pongs East's 7p instead of winning: its 14 tiles are
    complete, but a claimed tile is no self-draw: it must discard."""
    state = HandState(hooks_for(Variant.HUANGYAN), scripted("huangyan", {
        "E": "7p 2m5m8m 3s6s9s 3z3z 4z4z 7z7z 9p", "S": "77p 123m 456m 789m 11z",
        "W": "123s 456s 789s 2z2z 9m 9m"}))
    state.apply(Action(ActionKind.DISCARD, T("7p")))
    assert {a.kind for a in state.legal_actions()} == {ActionKind.PASS, ActionKind.PONG,
                                                       ActionKind.WIN}
    state.apply(Action(ActionKind.PONG, T("7p")))
    legal = state.legal_actions()
    assert state.current_actor() == S and all(a.kind is ActionKind.DISCARD for a in legal)


def test_an_added_kong_needs_the_fourth_tile_in_hand() -> None:
    state = HandState(hooks_for(Variant.HUANGYAN), scripted("huangyan", {
        "E": "7p 2m5m8m 3s6s9s 3z3z 4z4z 7z7z 9p", "S": "77p 1m4m7m 2s5s8s 1z1z 2z 5z 6z"},
        draws="9m 9m 9m 7p 8m 8m 8m 6m"))
    for action in ("discard 7p", "pong 7p", "discard 1m", "discard 9m", "discard 9m",
                   "discard 9m"):
        while state.phase is Phase.CLAIM and state.current_actor() != S:
            state.apply(Action(ActionKind.PASS))
        state.apply(Action.parse(action))
    assert state.current_actor() == S and state.players[S].drawn == T("7p")
    assert Action(ActionKind.ADDED_KONG, T("7p")) in state.legal_actions()
    state.apply(Action(ActionKind.DISCARD, T("7p")))  # the fourth 7p gone
    while state.current_actor() != S:
        seat = state.current_actor()
        assert seat is not None
        state.apply(state.legal_actions()[0] if state.phase is not Phase.ACT
                    else Action(ActionKind.DISCARD, state.players[seat].drawn))
    assert not _has(state, ActionKind.ADDED_KONG)


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_a_kong_right_after_a_claim_only_in_hangzhou(variant: Variant) -> None:
    """South pongs East's 7p while holding four 1m. Huangyan and Guiyang: it must discard
    first, the concealed kong comes on its own turn; Hangzhou lets it declare the kong now."""
    state = HandState(hooks_for(variant), scripted(variant, {
        "E": "7p 2m5m8m 3s6s9s 4p4p 8p 5p 7s 9p 1p", "S": "77p 1111m 456m 789m 2s"}))
    state.apply(Action(ActionKind.DISCARD, T("7p")))
    while state.current_actor() != S:
        state.apply(Action(ActionKind.PASS))
    state.apply(Action(ActionKind.PONG, T("7p")))
    assert state.current_actor() == S
    kinds = {a.kind for a in state.legal_actions()}
    if variant is Variant.HANGZHOU:
        assert kinds == {ActionKind.DISCARD, ActionKind.CONCEALED_KONG}
    else:
        assert kinds == {ActionKind.DISCARD}


def test_a_hangzhou_kong_needs_two_dead_wall_tiles() -> None:
    """A Hangzhou replacement burns one tile and draws the next: one tile left is not enough."""
    state = _deal(Variant.HANGZHOU)
    state.wall.back = state.wall.live_end  # one tile in the dead wall
    assert state.wall.dead == 1 and not state.wall.can_replace()
    assert not _has(state, ActionKind.CONCEALED_KONG)
