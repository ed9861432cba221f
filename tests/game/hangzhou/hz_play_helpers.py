"""Shared helpers for the Hangzhou play tests: scripted deals and short ways to play them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tutor.core.notation import parse_tiles
from tutor.core.tiles import Tile, Wind
from tutor.core.variant import Variant
from tutor.game.actions import Action, ActionKind
from tutor.game.scenario import scripted
from tutor.game.state import HandState, Phase
from tutor.game.variants.hangzhou import make_hooks

V = Variant.HANGZHOU
E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
JOKER = Tile.parse("5z")


def deal(hands: Mapping[str, str], draws: str = "", replacements: str = "",
         overrides: Mapping[str, Any] | None = None, seed: int = 0) -> HandState:
    """A Hangzhou hand dealt from a scripted wall."""
    chance = scripted(V, hands=dict(hands), draws=draws, replacements=replacements, seed=seed)
    return HandState(make_hooks(dict(overrides or {})), chance)


def act(state: HandState, seat: Wind, text: str) -> None:
    """``seat`` plays ``text`` (it must be that seat's move)."""
    assert state.current_actor() == seat, (state.current_actor(), seat, text)
    state.apply(Action.parse(text))


def pass_claims(state: HandState) -> None:
    """Everyone offered a claim passes."""
    while state.phase is Phase.CLAIM:
        state.apply(Action(ActionKind.PASS))


def legal(state: HandState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


def discard_drawn(state: HandState, seat: Wind) -> Tile:
    """``seat`` throws the tile it just drew; claims on it are passed."""
    pass_claims(state)
    drawn = state.players[seat].drawn
    assert drawn is not None
    act(state, seat, f"discard {drawn}")
    pass_claims(state)
    return drawn


def tsumogiri(state: HandState, turns: int) -> None:
    """``turns`` players in a row throw what they drew (claims passed)."""
    for _ in range(turns):
        pass_claims(state)
        seat = state.current_actor()
        assert seat is not None
        discard_drawn(state, seat)


def count(tiles: str) -> dict[Tile, int]:
    out: dict[Tile, int] = {}
    for t in parse_tiles(tiles, V):
        out[t] = out.get(t, 0) + 1
    return out


def spare_suited(used: str, n: int) -> list[Tile]:
    """``n`` suited tiles not among ``used`` (and not more than four of a kind in all)."""
    left = {t: 4 - c for t, c in count(used).items()}
    out = []
    for copy in range(4):  # round robin over the kinds: no accidental shapes
        out += [t for t in V.kinds if t.is_suited and left.get(t, 4) > copy]
    assert len(out) >= n
    return out[:n]
