"""What one seat may see of a hand: its own tiles, everyone's discards and shown melds, and the
hand's log as that seat would have heard it (:func:`seat_log`)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING

from tutor.core.hand import Hand, Meld
from tutor.core.tiles import Tile, Wind
from tutor.core.variant import Variant
from tutor.game.actions import Action

if TYPE_CHECKING:
    from tutor.game.state import Event, Phase

__all__ = ["OtherView", "PlayerView", "event_line", "is_robbing_window", "replay_line",
           "seat_log"]

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


#: what every seat sees another seat do, tile included: discards, claimed melds, added kongs,
#: and the announcements the rules make aloud
_SEEN_BY_ALL = frozenset({"discard", "chow", "pong", "open-kong", "open kong", "added kong",
                          "hot discard", "joker restriction", "joker restriction ends",
                          "first-turn matching discards", "end"})
#: what another seat's move looks like from across the table (the tile stays hidden)
_SEEN_FACE_DOWN = {"draw": "drew a tile", "replacement": "drew a replacement tile",
                   "concealed kong": "declared a concealed kong (four tiles face down)"}


def event_line(event: Event) -> str:
    """One event as a line of the log: ``South: pong 3m (from East)``, ``Dice: 3+4``."""
    if event.kind == "end":
        return event.note or "the hand is over"
    if event.seat is None:
        tile = f" {event.tile}" if event.tile is not None else ""
        note = f": {event.note}" if event.note else ""
        return f"{event.kind[:1].upper()}{event.kind[1:]}{tile}{note}"
    return str(event)


def is_robbing_window(event: Event) -> bool:
    """Whether ``event`` opened a robbing window (every seat offered it may only rob)."""
    return event.kind == "window" and all(
        part.endswith(": rob") for part in event.note.split(", "))


def replay_line(event: Event) -> str:
    """One event of a replayed hand, everything shown: ``str(event)``, a robbing window named
    as one (``table: robbing window 5p (North: rob)``)."""
    if is_robbing_window(event):
        return f"table: robbing window {event.tile} ({event.note})"
    return str(event)


def seat_log(events: Iterable[Event], seat: Seat) -> list[str]:
    """The hand's events as ``seat`` saw them, one line each.

    Its own moves in full (draws with their tile, passes, what the rules refused it); the
    table's announcements (the dice, the deal, the Live Tile Stage); the other seats' discards,
    claims, added kongs and announced restrictions; their draws and concealed kongs without the
    tile. Never another seat's pass, blocked claim or refused win, never the list of who was
    offered a claim, and never a concealed tile of another hand. Unknown kinds of event are
    left out: the log shows only what is known to be public.
    """
    lines = []
    for event in events:
        if event.kind == "window":  # who was offered what on a discard: nobody hears it
            continue
        if event.seat is None or event.seat == seat or event.kind in _SEEN_BY_ALL:
            lines.append(event_line(event))
        elif event.kind in _SEEN_FACE_DOWN:
            lines.append(f"{event.seat.name.title()}: {_SEEN_FACE_DOWN[event.kind]}")
    return lines
