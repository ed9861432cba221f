"""Chickens (鸡): which tiles score for whom after a Guiyang hand.

* The One of Bamboo (1s, 幺鸡) is the fixed chicken: 1 for each one held or melded, and for each
  one its player discarded that stayed in the pond.
* After a win the next wall tile is turned: the next rank in its suit (9 wraps to 1) is the
  flipped chicken (翻牌鸡), 1 for each one held or melded (discarded ones do not count).
  Turning the 9 of Bamboo makes 1s itself the flipped chicken: the fixed chickens become golden
  (金鸡) and every fixed-chicken value doubles. An empty wall turns nothing.
* The first 1s discarded in the hand is the charging chicken (冲锋鸡), 3 to its discarder. If it
  was punged or konged it counts in the claimant's meld and its discarder owes the claimant a
  liability chicken (责任鸡) of 2. If someone won on it, it is a plain chicken in the winner's hand.
* A winning tile from another player counts only for the first winner in turn order.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from tutor.core.tiles import Tile
from tutor.i18n import N_, Message, _, language, localize
from tutor.ledger import Seat, seat_name
from tutor.variants.guiyang.description import FIXED_CHICKEN, Discard, FinishedHand
from tutor.variants.guiyang.rules import GuiyangRules

__all__ = ["Chicken", "ChickenKind", "Liability", "Place", "Reveal", "charging_discard",
           "chickens_of", "liability_of", "reveal_of"]


class ChickenKind(Enum):
    FIXED = N_("fixed chicken")
    GOLDEN = N_("golden chicken")
    FLIPPED = N_("flipped chicken")
    CHARGING = N_("charging chicken")

    @property
    def label(self) -> str:
        """``fixed chicken (幺鸡)``; in Chinese ``幺鸡``."""
        return f"{self.value} ({self.chinese})" if language() == "en" else localize(self.value)

    @property
    def chinese(self) -> str:
        return {"fixed chicken": "幺鸡", "golden chicken": "金鸡", "flipped chicken": "翻牌鸡",
                "charging chicken": "冲锋鸡"}[self.value]

    @property
    def is_fixed(self) -> bool:
        """A One of Bamboo (fixed, golden or charging)."""
        return self is not ChickenKind.FLIPPED


class Place(Enum):
    HELD = N_("held")
    MELDED = N_("melded")
    DISCARDED = N_("discarded")
    WINNING = N_("winning tile")

    @property
    def visible(self) -> bool:
        """Shown on the table: in a meld or in the pond."""
        return self in (Place.MELDED, Place.DISCARDED)


@dataclass(frozen=True)
class Chicken:
    """One chicken tile of a player: the tile, what kind of chicken, where, and its value."""

    tile: Tile
    kind: ChickenKind
    place: Place
    value: int

    def __str__(self) -> str:
        return _("{tile} {kind}, {place}: {value}").format(
            tile=self.tile, kind=self.kind.label, place=localize(self.place.value),
            value=self.value)

    def as_dict(self) -> dict[str, object]:
        return {"tile": str(self.tile), "kind": self.kind.value, "place": self.place.value,
                "value": self.value}


@dataclass(frozen=True)
class Reveal:
    """The wall tile turned after a win (``None``: the wall was empty)."""

    indicator: Tile | None

    @property
    def flipped(self) -> Tile | None:
        """The flipped chicken: the next rank in the indicator's suit."""
        return self.indicator.next_in_suit() if self.indicator is not None else None

    @property
    def golden(self) -> bool:
        """The 9 of Bamboo was turned: the flipped chicken is 1s and the fixed chickens are gold."""
        return self.flipped == FIXED_CHICKEN

    def message(self) -> Message:
        """What was revealed, kept in English and translated when shown."""
        if self.indicator is None:
            return Message("no tile revealed (empty wall): no flipped chicken")
        if self.golden:
            return Message("revealed {tile}: the flipped chicken is 1s, golden chickens (x2)",
                           tile=str(self.indicator))
        return Message("revealed {tile}: flipped chicken {flipped}", tile=str(self.indicator),
                       flipped=str(self.flipped))

    def __str__(self) -> str:
        return localize(self.message())


@dataclass(frozen=True)
class Liability:
    """The charging chicken was punged or konged: its discarder owes the claimant."""

    payer: Seat
    payee: Seat
    value: int

    def __str__(self) -> str:
        return _("liability chicken (责任鸡): {payer} pays {payee} {value}").format(
            payer=localize(seat_name(self.payer)), payee=localize(seat_name(self.payee)),
            value=self.value)


def reveal_of(hand: FinishedHand) -> Reveal | None:
    """The reveal after a win; ``None`` after an exhaustive draw (nothing is turned)."""
    return None if hand.win is None else Reveal(hand.revealed)


def charging_discard(hand: FinishedHand) -> tuple[int, Discard] | None:
    """The first 1s discarded in the hand (its index in ``hand.discards``), if any was."""
    for i, d in enumerate(hand.discards):
        if d.tile == FIXED_CHICKEN:
            return i, d
    return None


def _kind(tile: Tile, flipped: Tile | None, golden: bool) -> ChickenKind | None:
    if tile == FIXED_CHICKEN:
        return ChickenKind.GOLDEN if golden else ChickenKind.FIXED
    if tile == flipped:
        return ChickenKind.FLIPPED
    return None


def chickens_of(hand: FinishedHand, seat: Seat, rules: GuiyangRules) -> tuple[Chicken, ...]:
    """The chickens of ``seat``: held, melded, the winning tile (first winner only) and the
    fixed chickens it discarded that stayed in the pond."""
    reveal = reveal_of(hand)
    golden = reveal is not None and reveal.golden
    flipped = reveal.flipped if reveal is not None else None
    values = {ChickenKind.FIXED: rules.fixed_value(False),
              ChickenKind.GOLDEN: rules.fixed_value(True),
              ChickenKind.FLIPPED: rules.flipped_chicken}
    out: list[Chicken] = []
    record = hand.player(seat)
    places = [(t, Place.HELD) for t in record.concealed]
    places += [(t, Place.MELDED) for m in record.melds for t in m.meld.tiles]
    win = hand.win
    if win is not None and win.in_turn_order()[0] == seat:
        places.append((win.tile, Place.WINNING))
    for tile, place in places:
        kind = _kind(tile, flipped, golden)
        if kind is not None:
            out.append(Chicken(tile, kind, place, values[kind]))
    charging = charging_discard(hand)
    for i, d in enumerate(hand.discards):
        if d.seat != seat or d.tile != FIXED_CHICKEN or d.claimed_by is not None:
            continue
        if charging is not None and charging[0] == i:
            out.append(Chicken(d.tile, ChickenKind.CHARGING, Place.DISCARDED,
                               rules.charging_value(golden)))
        else:
            kind = ChickenKind.GOLDEN if golden else ChickenKind.FIXED
            out.append(Chicken(d.tile, kind, Place.DISCARDED, values[kind]))
    return tuple(out)


def liability_of(hand: FinishedHand, rules: GuiyangRules) -> Liability | None:
    """The liability chicken, if the charging chicken was punged or konged."""
    charging = charging_discard(hand)
    if charging is None or charging[1].claimed_by is None:
        return None
    reveal = reveal_of(hand)
    golden = reveal is not None and reveal.golden
    d = charging[1]
    assert d.claimed_by is not None
    return Liability(d.seat, d.claimed_by, rules.liability_value(golden))
