"""Generated Guiyang practice: ``guiyang-chickens``, one player's chicken value after a win.

A whole finished table is dealt from one pool of tiles (so no tile has a fifth copy): the
winner's complete hand, three other hands of 13 tiles, claimed melds with the discards they came
from, the discards in turn order and the tile turned after the win; the settlement validates it
and computes every player's chickens.

Levels: 1, chickens held or melded only (no discarded 1s, no golden chickens); 2, discarded
1s (the charging chicken among them) or a winning tile that is a chicken; 3, golden chickens
(the 9 of Bamboo turned) or a charging chicken claimed by a pong or kong.
"""

from __future__ import annotations

import random

from tutor.core.hand import Hand, Meld, MeldKind
from tutor.core.tiles import KINDS, Wind
from tutor.core.variant import Variant
from tutor.errors import TutorError
from tutor.exercises.model import AnswerKind, Exercise, Figure
from tutor.i18n import Message, join
from tutor.ledger import Seat, seat_name
from tutor.practice.base import Draft, shown
from tutor.practice.deal import HandPlan, Pool, complete_hand, kinds_of
from tutor.variants.guiyang import (
    Discard,
    FinishedHand,
    MeldRecord,
    Place,
    PlayerRecord,
    Settlement,
    Win,
    WinKind,
    settle,
)

__all__ = ["chickens"]

V = Variant.GUIYANG
SEATS = tuple(Wind)
ONE_BAMBOO = 18
NINE_BAMBOO = 26
_MELD_KINDS = (MeldKind.PONG, MeldKind.PONG, MeldKind.OPEN_KONG, MeldKind.ADDED_KONG,
               MeldKind.CONCEALED_KONG)


def _name(seat: Seat) -> str:
    return seat_name(seat)


class _Table:
    """A finished hand being dealt: records per seat and the discards in order."""

    def __init__(self, rng: random.Random, level: int) -> None:
        self.rng = rng
        self.level = level
        self.pool = Pool(V)
        self.records: dict[Seat, PlayerRecord] = {}
        self.claimed: list[Discard] = []  # discards some meld was claimed from

    def _claim_source(self, seat: Seat, meld: Meld) -> MeldRecord:
        if meld.kind is MeldKind.CONCEALED_KONG:
            return MeldRecord(meld)
        source = self.rng.choice([s for s in SEATS if s != seat])
        self.claimed.append(Discard(source, meld.tile, seat))
        return MeldRecord(meld, source)

    def winner(self, seat: Seat) -> tuple[Hand, int]:
        plan = HandPlan(kinds=tuple(kinds_of(V, range(3), False)),
                        melds=self.rng.choice((0, 0, 1, 2)), meld_kinds=_MELD_KINDS,
                        chows=0.5, seven_pairs=self.rng.random() < 0.15)
        hand, self.pool = complete_hand(self.rng, V, plan, self.pool)
        win = self.rng.choice(hand.concealed)
        rest = hand.remove(win)
        self.records[seat] = PlayerRecord(rest.concealed, tuple(self._claim_source(seat, m)
                                                                for m in rest.melds))
        return hand, win.index

    def other(self, seat: Seat, bias_ones: bool) -> None:
        melds: list[MeldRecord] = []
        if self.level > 1 and self.rng.random() < 0.45:
            ones = bias_ones and self.pool.left[ONE_BAMBOO] >= 3 and self.rng.random() < 0.5
            k = ONE_BAMBOO if ones else self.rng.choice(
                [k for k in range(27) if self.pool.left[k] >= 3] or [ONE_BAMBOO])
            kind = self.rng.choice(_MELD_KINDS[:2] if ones else _MELD_KINDS)
            size = 4 if kind.is_kong else 3
            if self.pool.left[k] >= size:
                self.pool.take([k] * size)
                melds.append(self._claim_source(seat, Meld(kind, (KINDS[k],) * size)))
        tiles: list[int] = []
        if bias_ones and self.pool.left[ONE_BAMBOO] and self.rng.random() < 0.5:
            self.pool.take([ONE_BAMBOO])
            tiles.append(ONE_BAMBOO)
        while len(tiles) < 13 - 3 * len(melds):
            drawn = self.pool.draw(self.rng)
            assert drawn is not None
            tiles.append(drawn)
        self.records[seat] = PlayerRecord(tuple(KINDS[k] for k in sorted(tiles)), tuple(melds))

    def discards(self, asked: Seat) -> list[Discard]:
        low, high = {1: (2, 5), 2: (4, 8), 3: (5, 9)}[self.level]
        rows: dict[Seat, list[int]] = {}
        for seat in SEATS:
            rows[seat] = []
            for _ in range(self.rng.randint(low, high)):
                k = self.pool.draw(self.rng)
                if k is not None:
                    rows[seat].append(k)
        if self.level > 1 and self.pool.left[ONE_BAMBOO] and self.rng.random() < 0.7:
            self.pool.take([ONE_BAMBOO])  # a 1s the asked player threw away
            rows[asked].insert(self.rng.randint(0, len(rows[asked])), ONE_BAMBOO)
        out: list[Discard] = []
        for turn in range(max(len(r) for r in rows.values())):
            out += [Discard(seat, KINDS[rows[seat][turn]]) for seat in SEATS
                    if turn < len(rows[seat])]
        for claim in self.claimed:  # each claimed discard sits somewhere in the order
            out.insert(self.rng.randint(0, len(out)), claim)
        return out

    def revealed(self) -> int:
        golden = self.level == 3 and self.pool.left[NINE_BAMBOO] and self.rng.random() < 0.5
        if golden:
            self.pool.take([NINE_BAMBOO])
            return NINE_BAMBOO
        allowed = [k for k in range(27) if k != NINE_BAMBOO or self.level == 3]
        k = self.pool.draw(self.rng, allowed)
        assert k is not None
        return k


def _deal(rng: random.Random, level: int) -> tuple[FinishedHand, Seat, Settlement] | None:
    table = _Table(rng, level)
    winner = rng.choice(SEATS)
    asked = rng.choice(SEATS)
    _, win_tile = table.winner(winner)
    for seat in SEATS:
        if seat != winner:
            table.other(seat, bias_ones=seat == asked or level == 3)
    discards = table.discards(asked)
    source = rng.choice([s for s in SEATS if s != winner])
    kind = rng.choice((WinKind.SELF_DRAW, WinKind.DISCARD))
    if level == 3 and table.records[winner].has_kong and rng.random() < 0.3:
        kind = WinKind.KONG_DRAW
    win = Win(kind, (winner,), KINDS[win_tile], source if kind.from_other else None)
    revealed = KINDS[table.revealed()]
    players = tuple(table.records[s] for s in SEATS)
    hand = FinishedHand((players[0], players[1], players[2], players[3]), tuple(discards), win,
                        revealed)
    try:
        result = settle(hand)
    except TutorError:  # a plain discard win without a kong is refused: deal again
        return None
    return hand, asked, result


def _fits(result: Settlement, asked: Seat, level: int) -> bool:
    player = result.player(asked)
    places = {c.place for c in player.chickens}
    golden = result.reveal is not None and result.reveal.golden
    if not player.chickens:
        return False
    if level == 1:
        return not golden and places <= {Place.HELD, Place.MELDED}
    if level == 2:
        return not golden and bool(places & {Place.DISCARDED, Place.WINNING})
    claimed = result.liability is not None and asked in (result.liability.payer,
                                                         result.liability.payee)
    return golden or claimed


def _ones_in_order(hand: FinishedHand) -> str:
    ones = [d for d in hand.discards if d.tile.index == ONE_BAMBOO]
    if not ones:
        return Message("Nobody discarded a 1s this hand.")
    parts = [Message("{seat} (claimed by {claimant})", seat=_name(d.seat),
                     claimant=_name(d.claimed_by)) if d.claimed_by else _name(d.seat)
             for d in ones]
    return Message("The 1s discarded this hand, in order: {seats}.",
                   seats=join(Message(", "), parts))


def chickens(rng: random.Random, level: int, variant: Variant | None) -> Draft:
    """A player's chicken value after a Guiyang win."""
    found = None
    while found is None:
        dealt = _deal(rng, level)
        if dealt is not None and _fits(dealt[2], dealt[1], level):
            found = dealt
    hand, asked, result = found
    win = hand.win
    assert win is not None and result.reveal is not None and hand.revealed is not None
    winner = win.winners[0]
    player = result.player(asked)
    how = (Message("on {seat}'s discard of {tile}", seat=_name(win.source), tile=str(win.tile))
           if win.source is not None
           else Message("by drawing {tile} as a kong replacement", tile=str(win.tile))
           if win.kind is WinKind.KONG_DRAW
           else Message("by drawing {tile}", tile=str(win.tile)))
    prompt = Message("Guiyang: {winner} won {how}. The tile turned from the wall after the win "
                     "is {revealed}. {ones} {seat}'s tiles and discards are shown below. What is "
                     "{seat}'s chicken value (all of {seat}'s chickens together)?",
                     winner=_name(winner), how=how, revealed=str(hand.revealed),
                     ones=_ones_in_order(hand), seat=_name(asked))
    own = hand.player(asked).hand
    drawn = None
    if asked == winner:
        own = own.add(win.tile)
        drawn = str(win.tile)
    mine = [d for d in hand.discards if d.seat == asked]
    figures = (Figure(Message("{seat} discarded (claimed ones left the pond):",
                              seat=_name(asked)),
                      " ".join(str(d.tile) for d in mine if d.claimed_by is None)),
               Figure(Message("Turned after the win:"), str(hand.revealed)))
    detail = join(Message("; "), [shown(c) for c in player.chickens])
    text = Message("{reveal}. {seat}'s chickens: {detail}. Chicken value {value}.",
                   reveal=shown(result.reveal), seat=_name(asked), detail=detail,
                   value=player.chicken_value)
    golden_note = (Message(" Turning the 9s makes the 1s golden: every 1s is worth double.")
                   if result.reveal.golden else "")
    hint = Message("The flipped chicken is the next rank after {revealed} in its suit (9 wraps "
                   "to 1). Count {seat}'s 1s held or melded, those discarded that stayed in the "
                   "pond (the first 1s discarded in the hand is the charging chicken, worth 3), "
                   "a winning tile that is a chicken, and the flipped chickens held or "
                   "melded.{golden}", revealed=str(hand.revealed), seat=_name(asked),
                   golden=golden_note)
    exercise = Exercise(key="", prompt=prompt, kind=AnswerKind.NUMBER,
                        answer=player.chicken_value, explanation=text, variant=V.value,
                        hand=str(own), drawn=drawn, figures=figures,
                        title=Message("{seat}'s chickens", seat=_name(asked)), hint=hint)
    fields: dict[str, object] = {
        "seat": asked.letter, "winner": winner.letter, "how": win.kind.value,
        "from": win.source.letter if win.source is not None else None,
        "win_tile": str(win.tile), "revealed": str(hand.revealed), "hand": str(own),
        "discards": [{"seat": d.seat.letter, "tile": str(d.tile),
                      "claimed_by": d.claimed_by.letter if d.claimed_by else None}
                     for d in hand.discards],
        "chickens": [c.as_dict() for c in player.chickens]}
    return Draft(exercise, V, fields, player.chicken_value)

