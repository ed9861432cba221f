"""A frozen description of a finished Guiyang hand: the input of the settlement.

It records what the table shows when the hand ends: each player's 13 tiles (concealed tiles and
melds, with where each claimed meld came from), every discard in the order made (a discard
claimed by a pong or kong says who claimed it), and the outcome: a win (how, by whom, on which
tile, from whom) with the revealed wall tile, or an exhaustive draw. A winner's 13 tiles do not
include the winning tile; it is :attr:`Win.tile`.

:meth:`FinishedHand.validate` checks that the description is possible; the settlement calls it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from tutor.core.hand import Hand, Meld, MeldKind
from tutor.core.tiles import KINDS, Tile
from tutor.core.variant import Variant
from tutor.core.waits import is_win
from tutor.errors import HandError
from tutor.i18n import N_, Message, _, localize
from tutor.ledger import Seat, seat_name

__all__ = ["FIXED_CHICKEN", "Discard", "FinishedHand", "MeldRecord", "PlayerRecord", "Win",
           "WinKind"]

FIXED_CHICKEN = KINDS[18]  # the One of Bamboo (1s), 幺鸡
SEATS = tuple(Seat)


class WinKind(Enum):
    """How the hand was won."""

    SELF_DRAW = "self_draw"
    KONG_DRAW = "kong_draw"
    DISCARD = "discard"
    HOT_DISCARD = "hot_discard"
    ROBBED_KONG = "robbed_kong"

    @property
    def title(self) -> str:
        """``self-draw (自摸)``; in Chinese ``自摸`` (a :class:`~tutor.i18n.Message`)."""
        return Message(_TITLES[self.value])

    @property
    def from_other(self) -> bool:
        """The winning tile came from another player (who pays)."""
        return self in (WinKind.DISCARD, WinKind.HOT_DISCARD, WinKind.ROBBED_KONG)


_TITLES = {"self_draw": N_("self-draw (自摸)"), "kong_draw": N_("win on a kong draw (杠上开花)"),
           "discard": N_("win on a discard (点炮)"),
           "hot_discard": N_("win on a hot discard (热炮)"),
           "robbed_kong": N_("robbing a kong (抢杠胡)")}


@dataclass(frozen=True)
class MeldRecord:
    """A declared meld and, for a pong or an exposed or added kong, the seat whose discard was
    claimed for it."""

    meld: Meld
    claimed_from: Seat | None = None

    def __str__(self) -> str:
        if self.claimed_from is None:
            return str(self.meld)
        return _("{meld} from {seat}").format(meld=self.meld,
                                              seat=localize(seat_name(self.claimed_from)))


@dataclass(frozen=True)
class PlayerRecord:
    """One player's tiles at the end of the hand (13, kongs counting as 3)."""

    concealed: tuple[Tile, ...]
    melds: tuple[MeldRecord, ...] = ()

    @property
    def hand(self) -> Hand:
        return Hand(self.concealed, tuple(m.meld for m in self.melds))

    @property
    def has_kong(self) -> bool:
        return any(m.meld.is_kong for m in self.melds)

    def __str__(self) -> str:
        return " ".join([str(Hand(self.concealed))] * bool(self.concealed)
                        + [str(m) for m in self.melds])


@dataclass(frozen=True)
class Discard:
    """One discard; ``claimed_by`` the seat that punged or konged it (it then left the pond)."""

    seat: Seat
    tile: Tile
    claimed_by: Seat | None = None

    def __str__(self) -> str:
        claim = f" > {self.claimed_by.letter}" if self.claimed_by else ""
        return f"{self.seat.letter} {self.tile}{claim}"


@dataclass(frozen=True)
class Win:
    """A win: ``winners`` (several only on one discard or one robbed kong), the winning tile and,
    for discard, hot-discard and robbing wins, the seat it came from."""

    kind: WinKind
    winners: tuple[Seat, ...]
    tile: Tile
    source: Seat | None = None

    def in_turn_order(self) -> tuple[Seat, ...]:
        """The winners in turn order after the player who gave the tile."""
        if self.source is None:
            return self.winners
        order = [self.source.next(k) for k in (1, 2, 3)]
        return tuple(s for s in order if s in self.winners)


@dataclass(frozen=True)
class FinishedHand:
    """Everything the settlement needs. ``players`` in seat order East, South, West, North;
    ``win`` is ``None`` for an exhaustive draw; ``revealed`` the wall tile turned after a win
    (``None`` when the wall was empty)."""

    players: tuple[PlayerRecord, PlayerRecord, PlayerRecord, PlayerRecord]
    discards: tuple[Discard, ...] = ()
    win: Win | None = None
    revealed: Tile | None = None

    def player(self, seat: Seat) -> PlayerRecord:
        return self.players[seat.value - 1]

    def final_hand(self, seat: Seat) -> Hand:
        """The player's hand, with the winning tile for a winner."""
        hand = self.player(seat).hand
        if self.win is not None and seat in self.win.winners:
            return hand.add(self.win.tile)
        return hand

    @property
    def exhaustive_draw(self) -> bool:
        return self.win is None

    def validate(self) -> FinishedHand:
        """Raise :class:`HandError` if the description is impossible; return it."""
        for seat in SEATS:
            self._check_player(seat)
        self._check_claims()
        if self.win is None:
            if self.revealed is not None:
                raise HandError(f"revealed: no tile is revealed after an exhaustive draw "
                                f"(got {self.revealed})")
        else:
            self._check_win(self.win)
        self._check_counts()
        return self

    def _check_player(self, seat: Seat) -> None:
        record = self.player(seat)
        name = f"players.{seat.letter}"
        try:
            hand = record.hand.check(Variant.GUIYANG)
        except HandError as exc:
            raise HandError(f"{name}: {exc}") from None
        if hand.size != 13:
            raise HandError(f"{name}: {hand} has {hand.size} tiles; a player ends the hand "
                            "with 13 (kongs counting as 3; a winner's tile is win.tile)")
        for i, m in enumerate(record.melds):
            where = f"{name}.melds[{i}]"
            needs_source = m.meld.kind in (MeldKind.PONG, MeldKind.OPEN_KONG, MeldKind.ADDED_KONG)
            if needs_source and m.claimed_from is None:
                raise HandError(f"{where}: {m.meld} ({m.meld.kind.value}) needs the seat whose "
                                "discard was claimed ('from')")
            if not needs_source and m.claimed_from is not None:
                raise HandError(f"{where}: a concealed kong {m.meld} was claimed from no one")
            if m.claimed_from == seat:
                raise HandError(f"{where}: {m.meld} cannot be claimed from its own player")

    def _check_claims(self) -> None:
        for i, d in enumerate(self.discards):
            if d.claimed_by is None:
                continue
            if d.claimed_by == d.seat:
                raise HandError(f"discards[{i}]: {d} claims its own discard")
            melds = [m for m in self.player(d.claimed_by).melds
                     if m.meld.tile == d.tile and m.claimed_from == d.seat]
            if not melds:
                raise HandError(f"discards[{i}]: {d} was claimed, but {d.claimed_by.name.title()} "
                                f"has no pong or kong of {d.tile} claimed from "
                                f"{d.seat.name.title()}")
        for seat in SEATS:
            for i, m in enumerate(self.player(seat).melds):
                if m.meld.tile != FIXED_CHICKEN or m.claimed_from is None:
                    continue
                marked = [d for d in self.discards if d.tile == FIXED_CHICKEN
                          and d.seat == m.claimed_from and d.claimed_by == seat]
                if len(marked) != 1:
                    raise HandError(
                        f"players.{seat.letter}.melds[{i}]: {m.meld} was claimed from "
                        f"{m.claimed_from.name.title()}, so discards must list "
                        f"'{m.claimed_from.letter} 1s > {seat.letter}' once (to place the "
                        "charging chicken)")

    def _check_win(self, win: Win) -> None:
        if not win.winners or len(set(win.winners)) != len(win.winners):
            raise HandError(f"win.winners: name each winner once (got {win.winners})")
        if win.kind.from_other:
            if win.source is None:
                raise HandError(f"win.from: a {win.kind.value} win needs the seat it came from")
            if win.source in win.winners:
                raise HandError(f"win.from: {win.source.name.title()} cannot win on their own "
                                "tile")
        else:
            if win.source is not None:
                raise HandError(f"win.from: a {win.kind.value} win comes from no one")
            if len(win.winners) != 1:
                raise HandError(f"win.winners: a {win.kind.value} win has one winner")
        for seat in win.winners:
            hand = self.final_hand(seat)
            if not is_win(hand, Variant.GUIYANG):
                raise HandError(f"players.{seat.letter}: {self.player(seat)} + {win.tile} is "
                                "not a complete hand")
        if win.kind is WinKind.KONG_DRAW and not self.player(win.winners[0]).has_kong:
            raise HandError(f"win.how: a kong draw needs a kong, and "
                            f"{win.winners[0].name.title()} has none")
        if win.kind is WinKind.HOT_DISCARD:
            assert win.source is not None
            if not self.player(win.source).has_kong:
                raise HandError(f"win.how: a hot discard follows the discarder's own kong, and "
                                f"{win.source.name.title()} has none")
        if win.kind is WinKind.ROBBED_KONG:
            assert win.source is not None
            if not any(m.meld.kind is MeldKind.PONG and m.meld.tile == win.tile
                       for m in self.player(win.source).melds):
                raise HandError(f"win.from: {win.source.name.title()} has no pong of {win.tile} "
                                "to add the robbed tile to (the robbed kong stays a pong: write "
                                f"[{win.tile.rank * 3}{win.tile.suit.value}])")

    def _check_counts(self) -> None:
        counts = [0] * 34
        for seat in SEATS:
            for t in self.player(seat).hand.tiles:
                counts[t.index] += 1
        for d in self.discards:
            if d.claimed_by is None:
                counts[d.tile.index] += 1
        extra = []
        if self.win is not None:
            extra.append(("win.tile", self.win.tile))
        if self.revealed is not None:
            extra.append(("revealed", self.revealed))
        for _field, t in extra:
            counts[t.index] += 1
        for i, n in enumerate(counts):
            if n > 4:
                raise HandError(f"{n} copies of {KINDS[i]} on the table (hands, melds, unclaimed "
                                "discards, win.tile and revealed); a set has four")
        for name, t in extra:
            if t not in Variant.GUIYANG.kinds:
                raise HandError(f"{name}: {t} is not a Guiyang tile (no honors)")
