"""Helpers for the Huangyan play tests: scripted deals and a driver that plays a script."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tutor.core.notation import parse_tiles
from tutor.core.tiles import Tile, Wind
from tutor.game.actions import Action, ActionKind
from tutor.game.scenario import scripted
from tutor.game.state import HandState, Phase
from tutor.game.variants.huangyan import HuangyanHooks, make_hooks

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH


def deal(hands: Mapping[str, str], draws: str = "", replacements: str = "",
         rules: Mapping[str, Any] | None = None) -> HandState:
    hooks = make_hooks(dict(rules or {}))
    return HandState.new(hooks, chance=scripted("huangyan", hands, draws, replacements))


def hooks(state: HandState) -> HuangyanHooks:
    assert isinstance(state.hooks, HuangyanHooks)
    return state.hooks


def step(state: HandState, seat: str, text: str) -> None:
    """Play ``text`` for ``seat``, first passing every claim window of other seats."""
    who = Wind.parse(seat)
    action = Action.parse(text)
    while state.phase in (Phase.CLAIM, Phase.ROB) and state.current_actor() != who:
        state.apply(Action(ActionKind.PASS))
    assert state.current_actor() == who, f"{who} is not to act ({state.current_actor()})"
    assert state.tiles_accounted() == 136
    state.apply(action)
    assert state.tiles_accounted() == 136


def play(state: HandState, script: Sequence[tuple[str, str]]) -> HandState:
    for seat, text in script:
        step(state, seat, text)
    return state


def drift(state: HandState, until: Any = None) -> None:
    """Everyone discards what they draw and passes every claim (hands stay as dealt), until
    ``until(state)`` is true or the hand ends."""
    while not state.is_terminal() and not (until is not None and until(state)):
        seat = state.current_actor()
        assert seat is not None
        if state.phase is Phase.ACT:
            drawn = state.players[seat].drawn
            assert drawn is not None
            state.apply(Action(ActionKind.DISCARD, drawn))
        else:
            state.apply(Action(ActionKind.PASS))
        assert state.tiles_accounted() == 136


def offers(state: HandState) -> set[str]:
    """The actions offered to the current actor (as text)."""
    return {str(a) for a in state.legal_actions()}


def filler(hands: Mapping[str, str], avoid: str, count: int) -> str:
    """``count`` tiles left over by ``hands`` (none of the kinds in ``avoid``), as text."""
    pool: list[Tile] = [t for t in parse_tiles("123456789m123456789p123456789s1234567z")
                        for _ in range(4)]
    for text in hands.values():
        for t in parse_tiles(text):
            pool.remove(t)
    banned = set(parse_tiles(avoid))
    left = [t for t in pool if t not in banned]
    assert len(left) >= count
    return " ".join(str(t) for t in left[:count])
