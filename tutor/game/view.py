"""What one seat may see of a hand: its own tiles, everyone's discards and shown melds."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from tutor.core.hand import Hand, Meld
from tutor.core.tiles import Tile, Wind
from tutor.core.variant import Variant
from tutor.game.actions import Action

if TYPE_CHECKING:
    from tutor.game.state import Phase

__all__ = ["OtherView", "PlayerView"]

Seat = Wind


@dataclass(frozen=True)
class OtherView:
    seat: Seat
    melds: tuple[Meld, ...]
    concealed_kongs: int
    discards: tuple[Tile, ...]
    tiles_in_hand: int


@dataclass(frozen=True)
class PlayerView:
    """One seat's view: nothing of the other hands but their shown melds and tile counts."""

    seat: Seat
    variant: Variant
    counts: tuple[int, ...]
    melds: tuple[Meld, ...]
    drawn: Tile | None
    discards: dict[Seat, tuple[Tile, ...]]
    others: dict[Seat, OtherView]
    live_wall: int
    phase: Phase
    to_act: bool
    legal: tuple[Action, ...]
    offer: Tile | None
    stage: str | None
    #: per seat, per discard: claimed into someone's meld (shown there, not in the pile)
    taken: dict[Seat, tuple[bool, ...]] = field(default_factory=dict)

    @cached_property
    def hand(self) -> Hand:
        """The seat's own hand."""
        return Hand.from_counts(self.counts, self.melds)

    def discarded_kinds(self) -> set[Tile]:
        """Every kind discarded this hand, claimed or not (in Huangyan, the safe kinds)."""
        return {t for tiles in self.discards.values() for t in tiles}

    def visible(self) -> list[Tile]:
        """Tiles this seat has seen outside its own hand (for counting copies left)."""
        seen = []
        for s, tiles in self.discards.items():
            taken = self.taken.get(s, ())
            # a claimed discard is counted where it went: in a meld (or this seat's own hand)
            seen += [t for i, t in enumerate(tiles) if not (i < len(taken) and taken[i])]
        for other in self.others.values():
            seen += [t for m in other.melds for t in m.tiles]
        return seen
