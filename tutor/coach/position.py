"""The positions a seat decided in, built only from what that seat could see.

A :class:`Position` holds the seat's :class:`~tutor.game.view.PlayerView` at the moment (its
own tiles, every discard and shown meld, the wall count, the stage, its legal moves), the
game's ruleset (public) and what the seat knows of its own past moves (its chain of kongs and
joker discards in Hangzhou, a kong just declared). Nothing else: the coach never reads another
hand or the wall, so a review is the same whatever the hidden tiles were. The one exception in
form is ``world``, the hand itself, which only :mod:`tutor.game.evaluate` reads, to deal the
hidden tiles again from the multiset of tiles the seat has not seen (sorted first, so the
hidden order cannot leak in).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from tutor.core.tiles import Tile, Wind
from tutor.core.variant import Variant
from tutor.errors import InputError
from tutor.game.actions import Action, ActionKind
from tutor.game.evaluate import fast_clone
from tutor.game.record import replay
from tutor.game.state import HandState
from tutor.game.variants import hooks_for
from tutor.game.view import PlayerView

__all__ = ["Position", "position_at", "positions", "state_at", "state_of"]

_ONE_BAMBOO = 18
_KONGS = (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG, ActionKind.OPEN_KONG)


@dataclass(frozen=True)
class Position:
    """What ``view.seat`` knew when it played ``played`` (action number ``turn`` of the hand).

    ``chain_kongs`` / ``chain_jokers``: the seat's kongs and joker discards since its last
    discard of another tile (Hangzhou's chain). ``after_own_kong``: the seat's previous move
    was a kong, so its next discard is hot in Guiyang.
    """

    turn: int
    view: PlayerView
    played: Action
    rules: Any
    chain_kongs: int = 0
    chain_jokers: int = 0
    after_own_kong: bool = False
    #: who discarded the hand's first One of Bamboo (Guiyang's charging chicken), if anyone
    charging: Wind | None = None
    #: the hand at this moment, for play-outs only (see the module doc)
    world: HandState | None = field(default=None, compare=False, repr=False)

    @property
    def seat(self) -> Wind:
        return self.view.seat

    @property
    def variant(self) -> Variant:
        return self.view.variant

    @property
    def visible(self) -> tuple[Tile, ...]:
        """The tiles the seat has seen outside its hand (for copies left)."""
        return tuple(self.view.visible())


def position_at(state: HandState, seat: Wind, turn: int, played: Action) -> Position:
    """The position of ``seat``, to act in ``state``, which then played ``played``.

    Reads ``state.view(seat)``, the ruleset and the seat's own moves in ``state.history``."""
    if state.current_actor() != seat:
        raise InputError(f"{seat.name.title()} is not to act at move {turn + 1}")
    view = state.view(seat)
    joker = state.variant.joker
    kongs = jokers = 0
    for who, action in state.history:
        if who != seat:
            continue
        if action.kind in _KONGS:
            kongs += 1
        elif action.kind is ActionKind.DISCARD:
            if joker is not None and action.tile == joker:
                jokers += 1
            else:
                kongs = jokers = 0
    own = [a for who, a in state.history if who == seat]
    after_kong = bool(own) and own[-1].kind in _KONGS
    charging = next((who for who, a in state.history if a.kind is ActionKind.DISCARD
                     and a.tile is not None and a.tile.index == _ONE_BAMBOO), None)
    return Position(turn, view, played, state.hooks.rules, kongs, jokers, after_kong,
                    charging, fast_clone(state))


def positions(state: HandState, seat: Wind) -> Iterator[Position]:
    """Every position in which ``seat`` had more than one legal move, replaying ``state``'s
    hand from its deal (``state`` itself is not changed)."""
    again = HandState(state.hooks, state.chance)
    for turn, (who, action) in enumerate(state.history):
        if who == seat and len(again.legal_actions()) > 1:
            yield position_at(again, seat, turn, action)
        again.apply(action)


def state_at(state: HandState, turn: int) -> HandState:
    """The hand as it stood when action number ``turn`` (a decision's ``turn``) was about to
    be played: a new state replayed from the deal (``state`` itself is not changed)."""
    if not 0 <= turn <= len(state.history):
        raise InputError(f"turn {turn} is outside the hand's {len(state.history)} actions")
    again = HandState(state.hooks, state.chance)
    for _, action in state.history[:turn]:
        again.apply(action)
    return again


def state_of(source: HandState | dict[str, Any] | str) -> HandState:
    """A hand to review: a :class:`HandState`, or a record (dict or JSON text) to replay."""
    if isinstance(source, HandState):
        return source
    return replay(source, lambda v, rules: hooks_for(v, rules))  # JSON text is read safely
