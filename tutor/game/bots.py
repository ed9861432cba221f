"""Bots that play from their own view only."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from tutor.core.tiles import Tile, Wind
from tutor.core.waits import efficiency, shanten
from tutor.game.actions import Action, ActionKind
from tutor.game.view import PlayerView

if TYPE_CHECKING:
    from tutor.game.state import HandState

__all__ = ["Bot", "RandomBot", "SensibleBot", "make_bot", "play_out"]


class Bot(Protocol):
    name: str

    def choose(self, view: PlayerView) -> Action: ...


class RandomBot:
    """Any legal action, uniformly (seeded)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        return self.rng.choice(view.legal)


class SensibleBot:
    """Takes every win; discards for efficiency (shanten first, then tiles left); in a danger
    stage (Huangyan's Live Tile Stage) prefers safe discards; claims a meld when it brings the
    hand closer to ready; declares concealed kongs."""

    name = "sensible"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal
        kinds = {a.kind for a in legal}
        for win in (ActionKind.WIN, ActionKind.ROB, ActionKind.SELF_DRAW, ActionKind.SPECIAL_WIN):
            if win in kinds:
                return next(a for a in legal if a.kind is win)
        if ActionKind.CONCEALED_KONG in kinds:
            return next(a for a in legal if a.kind is ActionKind.CONCEALED_KONG)
        if ActionKind.DISCARD in kinds:
            return self._discard(view)
        if ActionKind.PASS in kinds:
            return self._claim(view)
        return legal[0]

    def _discard(self, view: PlayerView) -> Action:
        discards = [a for a in view.legal if a.kind is ActionKind.DISCARD]
        if len(discards) == 1 or view.hand.size != 14:
            return discards[0]
        eff = efficiency(view.hand, view.variant, view.visible())
        allowed = {a.tile for a in discards}
        safe = _safe_tiles(view)
        ranked = [o for o in eff.options if o.discard in allowed]
        if safe is not None:
            safer = [o for o in ranked if o.discard in safe]
            if safer:
                ranked = safer
        best = ranked[0]
        return Action(ActionKind.DISCARD, best.discard)

    def _claim(self, view: PlayerView) -> Action:
        pong = [a for a in view.legal if a.kind in (ActionKind.PONG, ActionKind.OPEN_KONG)]
        if pong and view.offer is not None and view.hand.size == 13:
            before = shanten(view.hand, view.variant)
            after = view.hand.add(view.offer)
            if min(o.shanten for o in efficiency(after, view.variant).options) < before:
                return pong[0]
        return Action(ActionKind.PASS)


def _safe_tiles(view: PlayerView) -> set[Tile] | None:
    """In a danger stage, the kinds already discarded this hand (Live Tiles are the rest)."""
    if view.stage is None:
        return None
    return view.discarded_kinds()


def make_bot(name: str, seed: int | None = None) -> RandomBot | SensibleBot:
    if name == "random":
        return RandomBot(seed)
    if name == "sensible":
        return SensibleBot(seed)
    raise ValueError(f"unknown bot {name!r} (random or sensible)")


def play_out(state: HandState, players: Mapping[Wind, Bot]) -> HandState:
    """Let the bots (one per seat) play ``state`` to the end of the hand; return it."""
    while not state.is_terminal():
        seat = state.current_actor()
        assert seat is not None
        state.apply(players[seat].choose(state.view(seat)))
    return state
