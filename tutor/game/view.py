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
from tutor.i18n import Message, pmessage

if TYPE_CHECKING:
    from tutor.game.state import Event, Phase

__all__ = ["OtherView", "PlayerView", "event_kind", "event_line", "is_robbing_window",
           "move_words", "replay_line",
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
    #: the copies of each kind among :meth:`visible` (the discards still in the piles and the
    #: other seats' shown melds), packed one byte per kind (byte ``k``: kind ``k``), set by
    #: :meth:`HandState.view` alone; -1 (read :meth:`visible` instead) in any other view, one
    #: made by ``dataclasses.replace`` with other discards included: never an argument
    seen: int = field(default=-1, init=False, compare=False, repr=False)

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


#: the kinds of event, translated when shown (a kind not listed stays as it is)
_EVENT_KINDS: dict[str, Message] = {}  # one literal each, for the catalog
for _kind in (pmessage("event", "discard"), pmessage("event", "draw"),
              pmessage("event", "replacement"), pmessage("event", "pong"),
              pmessage("event", "chow"), pmessage("event", "pass"), pmessage("event", "win"),
              pmessage("event", "self-draw"), pmessage("event", "rob"),
              pmessage("event", "special-win"), pmessage("event", "open kong"),
              pmessage("event", "open-kong"), pmessage("event", "added kong"),
              pmessage("event", "added-kong"), pmessage("event", "concealed kong"),
              pmessage("event", "concealed-kong"), pmessage("event", "dice"),
              pmessage("event", "deal"), pmessage("event", "window"),
              pmessage("event", "hot discard"), pmessage("event", "pong blocked"),
              pmessage("event", "wins blocked"), pmessage("event", "kong pass"),
              pmessage("event", "may declare Ten Honors Explosive Head"),
              pmessage("event", "joker restriction"),
              pmessage("event", "joker restriction ends"),
              pmessage("event", "first-turn matching discards"),
              pmessage("event", "Live Tile Stage")):
    _EVENT_KINDS[str(_kind)] = _kind


def move_words(move: object) -> str:
    """A move in words (``discard 3m``; in Chinese 打出 3m): its kind translated when shown,
    its tiles as they are."""
    kind, sep, rest = str(move).partition(" ")
    return Message("{move}{sep}{tiles}", move=event_kind(kind), sep=sep, tiles=rest)


def event_kind(kind: str) -> str:
    """An event's kind as a message (``discard``: 打出), or as it is if unknown."""
    return _EVENT_KINDS.get(kind, kind)


#: what every seat sees another seat do, tile included: discards, claimed melds, added kongs,
#: and the announcements the rules make aloud
_SEEN_BY_ALL = frozenset({"discard", "chow", "pong", "open-kong", "open kong", "added kong",
                          "hot discard", "joker restriction", "joker restriction ends",
                          "first-turn matching discards", "end"})
#: what another seat's move looks like from across the table (the tile stays hidden)
_SEEN_FACE_DOWN = {"draw": Message("drew a tile"),
                   "replacement": Message("drew a replacement tile"),
                   "concealed kong": Message("declared a concealed kong (four tiles face down)")}


def event_line(event: Event) -> str:
    """One event as a line of the log: ``South: pong 3m (from East)``, ``Dice: 3+4`` (a
    message: shown in the learner's language, :func:`tutor.i18n.localize`)."""
    if event.kind == "end":
        return event.note or Message("the hand is over")
    if event.seat is None:
        tile = f" {event.tile}" if event.tile is not None else ""
        note = Message(": {note}", note=event.note) if event.note else ""
        kind = event_kind(event.kind)
        title = Message._make(kind._pieces, f"{kind[:1].upper()}{kind[1:]}") \
            if isinstance(kind, Message) else f"{kind[:1].upper()}{kind[1:]}"
        return Message("{kind}{tile}{note}", kind=title, tile=tile, note=note)
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
            lines.append(Message("{seat}: {move}", seat=Message(event.seat.name.title()),
                                 move=_SEEN_FACE_DOWN[event.kind]))
    return lines
