"""What differs between the three games during play, as small overridable methods.

:class:`Hooks` holds the shared behaviour; each game's subclass (in :mod:`tutor.game.rules`)
overrides only what its rules change. Hooks read the state and may keep their own per-hand
trackers in ``state.tracker`` (created by :meth:`Hooks.new_tracker`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tutor.core.hand import Meld, MeldKind, melded_counts
from tutor.core.tiles import KINDS, Tile
from tutor.core.variant import Variant
from tutor.core.waits import winning_mask
from tutor.game.actions import DISCARDS, Action, ActionKind

if TYPE_CHECKING:
    from tutor.game.state import HandState, Outcome
    from tutor.ledger import Seat

__all__ = ["Hooks"]

#: per game, the winning tiles by (concealed counts, melded counts, melds, fifth copy); kept
#: per game so that the keys hold only bytes and numbers, which the garbage collector stops
#: visiting (a key holding the variant would be visited at every full collection)
_WINNING: dict[Variant, dict[tuple[bytes, bytes, int, bool], int]] = {v: {} for v in Variant}


_NONE_MELDED = bytes(34)


def _winning(variant: Variant, counts: bytes, melds: list[Meld], fifth: bool = True) -> int:
    """Bit mask of the tiles that complete a 13-tile hand (the joker included in Hangzhou),
    cached by the hand's tiles. ``fifth``: a joker may stand for a fifth copy."""
    cache = _WINNING[variant]
    key = (counts, melded_counts(melds) if melds else _NONE_MELDED, len(melds), fifth)
    found = cache.get(key)
    if found is None:
        if sum(counts) + 3 * len(melds) != 13:
            return 0
        found = winning_mask(counts, key[1], len(melds), variant, fifth)
        if len(cache) > 200_000:
            cache.clear()
        cache[key] = found
    return found


class Hooks:
    """The shared rules of play. Subclasses set ``variant`` and override what differs."""

    variant: Variant = Variant.HUANGYAN
    #: kinds of kong that may be robbed (a concealed kong never can)
    robbable: frozenset[MeldKind] = frozenset()
    #: whether a win robbing an open kong is a win on the discard it claimed (the original
    #: discarder's; else a win by robbing the kong, from the kong's owner)
    open_kong_rob_is_discard: bool = True
    #: whether several players may win on one discard (else the nearest in turn order wins)
    multiple_winners: bool = False
    #: whether a player may declare kongs right after a chow or pong, before discarding
    kong_after_claim: bool = False
    #: whether the last live tile's discard may be claimed for a win (never for a meld)
    last_discard_win: bool = True
    #: whether a joker may stand for a fifth copy (Hangzhou's rules set it)
    joker_fifth_copy: bool = True

    def __init__(self, rules: Any = None) -> None:
        self.rules = rules

    # -- per-hand bookkeeping -------------------------------------------------------------
    def new_tracker(self, state: HandState) -> Any:
        """Per-hand data the variant keeps (live tiles, chains, blocks...)."""
        return None

    def on_draw(self, state: HandState, seat: Seat, tile: Tile, replacement: bool) -> None:
        """Called after every draw."""

    def on_discard(self, state: HandState, seat: Seat, tile: Tile) -> None:
        """Called after every discard, before claims are offered."""

    def on_claim(self, state: HandState, seat: Seat, action: Action, source: Seat) -> None:
        """Called after a chow, pong or open kong on ``source``'s discard."""

    def on_kong(self, state: HandState, seat: Seat, meld: Meld) -> None:
        """Called after any kong is declared (before its replacement draw)."""

    def on_pass(self, state: HandState, seat: Seat, offered: tuple[Action, ...]) -> None:
        """Called when a player passes on the claims in ``offered``."""

    # -- what is legal --------------------------------------------------------------------
    def may_discard(self, state: HandState, seat: Seat, tile: Tile) -> bool:
        return True

    def discards(self, state: HandState, seat: Seat) -> list[Action]:
        """The discards ``seat`` may make now, lowest kind first: each kind it holds that
        :meth:`may_discard` allows (a game may answer for all kinds at once, the same way)."""
        counts = state.players[seat].counts
        if type(self).may_discard is Hooks.may_discard:  # no restriction
            return [DISCARDS[i] for i, n in enumerate(counts) if n]
        return [DISCARDS[i] for i, n in enumerate(counts)
                if n and self.may_discard(state, seat, KINDS[i])]

    def may_self_draw(self, state: HandState, seat: Seat) -> bool:
        return True

    def may_win_on_discard(self, state: HandState, seat: Seat, tile: Tile,
                           discarder: Seat) -> bool:
        return True

    def may_claim_meld(self, state: HandState, seat: Seat, tile: Tile, discarder: Seat,
                       kind: ActionKind) -> bool:
        """Whether ``seat`` may chow, pong or open-kong this discard (shape already checked)."""
        if tile == self.variant.joker:
            return False  # a joker is never shown in a meld
        if kind is ActionKind.CHOW:
            return seat == discarder.next() and self.variant.allows_chow
        return True

    def may_declare_kong(self, state: HandState, seat: Seat, kind: ActionKind,
                         tile: Tile) -> bool:
        return True

    def extra_actions(self, state: HandState, seat: Seat) -> list[Action]:
        """Variant-only moves in the player's own turn (Hangzhou's special win)."""
        return []

    def is_complete(self, state: HandState, seat: Seat, extra: Tile | None = None) -> bool:
        """Whether the seat's hand (plus ``extra``) is a winning shape of the variant.

        Answered from the waits of the 13-tile hand, cached by its tiles, so the three checks
        after every discard cost a lookup once the hand has been seen."""
        player = state.players[seat]
        if extra is None:
            drawn = player.drawn
            if drawn is None:
                return False
            counts = bytearray(player.counts)
            counts[drawn.index] -= 1
            concealed = bytes(counts)
            extra = drawn
        else:
            concealed = bytes(player.counts)
        return bool(_winning(self.variant, concealed, player.melds,
                             self.joker_fifth_copy) >> extra.index & 1)

    # -- end of the hand ------------------------------------------------------------------
    def settle(self, state: HandState, outcome: Outcome) -> Any:
        """The variant's settlement of a finished hand (an object with a ``ledger``)."""
        return None

    def stage(self, state: HandState) -> str | None:
        """A named stage the hand is in (Huangyan's Live Tile Stage), if any."""
        return None
