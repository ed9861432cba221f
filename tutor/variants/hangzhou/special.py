"""Hangzhou's special events (the rule text, section 7): Ten Honors Explosive Head and the
first-turn matching discards penalty.

>>> ten_honors_multiplier(10), ten_honors_multiplier(12)
(4, 16)
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field

from tutor.core.hand import Meld, MeldKind
from tutor.core.tiles import Tile
from tutor.errors import RulesError
from tutor.i18n import N_, Message, _, localize
from tutor.ledger import Ledger, Payment, Seat, seat_name
from tutor.variants.hangzhou.rules import HANGZHOU, HangzhouRules
from tutor.variants.hangzhou.scoring import ScoreLine, effective_product, win_payments
from tutor.variants.hangzhou.text import tile_text

__all__ = ["HONOR_TILES", "Discard", "FirstTurnPenalty", "SpecialWin", "first_turn_matching",
           "ten_honors_explosive_head", "ten_honors_multiplier", "ten_honors_win"]

JOKER = Tile.parse("5z")
TEN_HONORS = N_("Ten Honors Explosive Head")
#: the honor tiles of the set (seven kinds, four each): no player discards more honors
HONOR_TILES = 28


@dataclass(frozen=True)
class Discard:
    """One of the player's discards, and whether an opponent claimed it (pong or kong)."""

    tile: Tile
    claimed: bool = False

    def __str__(self) -> str:
        return f"{self.tile}{' (claimed)' if self.claimed else ''}"


def ten_honors_multiplier(n: int, rules: HangzhouRules = HANGZHOU) -> int:
    """The multiplier for ``n`` honor discards in a row: x4 at ten, doubling per extra honor."""
    if n < rules.ten_honors_count:
        raise RulesError(Message("{name} needs {most} honor discards, not {n}",
                                 name=Message(TEN_HONORS), most=rules.ten_honors_count, n=n))
    if n > HONOR_TILES:
        raise RulesError(Message("{name}: {n} honor discards, but the set has only {most} honor "
                                 "tiles", name=Message(TEN_HONORS), n=n, most=HONOR_TILES))
    extra: int = rules.ten_honors_extra ** (n - rules.ten_honors_count)
    return rules.ten_honors_multiplier * extra


@dataclass(frozen=True)
class SpecialWin:
    """A win that is not scored from the hand's shape: one sheet line and the payments."""

    winner: Seat
    dealer: Seat
    line: ScoreLine
    product: int
    payments: Ledger = field(repr=False)

    @property
    def total(self) -> int:
        return sum(p.amount for p in self.payments)

    def as_dict(self) -> dict[str, object]:
        return {"winner": self.winner.letter, "dealer": self.dealer.letter,
                "lines": [self.line.as_dict()], "product": self.product,
                "payments": self.payments.as_dicts(), "total": self.total}

    def __str__(self) -> str:
        head = (_("{name} by {winner} (dealer): a special win, the shape of the hand does not "
                  "matter") if self.winner == self.dealer else
                _("{name} by {winner}: a special win, the shape of the hand does not matter"))
        winner = localize(seat_name(self.winner))
        lines = [head.format(name=localize(self.line.name), winner=winner),
                 f"  {self.line}", _("product: x{product}").format(product=self.product)]
        lines += [f"  {p}" for p in self.payments]
        lines.append(_("{winner} receives {total}").format(winner=winner, total=self.total))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return (f"<div class='tutor-sheet'><p><b>{html.escape(str(self.line))}</b>: "
                f"x{self.product}</p>{self.payments._repr_html_()}</div>")


def ten_honors_explosive_head(discards: Sequence[Discard | Tile], *,
                              claims: Sequence[Meld] = (), winner: Seat = Seat.SOUTH,
                              dealer: Seat = Seat.EAST, rules: HangzhouRules = HANGZHOU,
                              hand_number: int | None = None) -> SpecialWin:
    """The special win after ``n`` >= 10 honor discards (the rule book: the player's discards
    since the start of the hand, all honors (jokers included), none claimed, and the player made
    no claim; concealed kongs are not claims). The hand's shape does not matter."""
    items = [d if isinstance(d, Discard) else Discard(d) for d in discards]
    for i, d in enumerate(items, 1):
        if not d.tile.is_honor:
            raise RulesError(Message("{name}: discard {i} ({tile}) is not an honor, so the state "
                                     "is lost", name=Message(TEN_HONORS), i=i, tile=d.tile))
        if d.claimed:
            raise RulesError(Message("{name}: discard {i} ({tile}) was claimed by an opponent",
                                     name=Message(TEN_HONORS), i=i, tile=d.tile))
    made = [m for m in claims if m.kind is not MeldKind.CONCEALED_KONG]
    if made:
        raise RulesError(Message("{name}: the player claimed {meld} (no claim is allowed)",
                                 name=Message(TEN_HONORS), meld=made[0]))
    n = len(items)
    tiles = " ".join(tile_text(d.tile) for d in items)
    return _special(n, Message("{n} honor discards: {tiles}", n=n, tiles=tiles), winner, dealer,
                    rules, hand_number)


def ten_honors_win(n: int, *, winner: Seat = Seat.SOUTH, dealer: Seat = Seat.EAST,
                   rules: HangzhouRules = HANGZHOU, hand_number: int | None = None
                   ) -> SpecialWin:
    """The Ten Honors Explosive Head after ``n`` honor discards, when only their number is
    known (``tutor score hangzhou --honor-discards N``, a ledger file's ``honor_discards``).

    >>> print(ten_honors_win(11).line)
    Ten Honors Explosive Head: x8 [11 honor discards in a row from the start of the hand ...]
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise RulesError(Message("{name}: the number of honor discards is a whole number, not "
                                 "{value}", name=Message(TEN_HONORS), value=repr(n)))
    source = Message("{n} honor discards in a row from the start of the hand (jokers count as "
                     "honors), none claimed, no call made", n=n)
    return _special(n, source, winner, dealer, rules, hand_number)


def _special(n: int, source: str, winner: Seat, dealer: Seat, rules: HangzhouRules,
             hand_number: int | None) -> SpecialWin:
    multiplier = ten_honors_multiplier(n, rules)
    extra = n - rules.ten_honors_count
    if extra:
        how = Message("x{multiplier} at {count}, x{extra} per honor beyond {count} ({more} more)",
                      multiplier=rules.ten_honors_multiplier, count=rules.ten_honors_count,
                      extra=rules.ten_honors_extra, more=extra)
    else:
        how = Message("x{multiplier} at {count}", multiplier=rules.ten_honors_multiplier,
                      count=rules.ten_honors_count)
    line = ScoreLine(TEN_HONORS, multiplier, source + Message("; ") + how)
    product = effective_product((line,), rules)
    payments = win_payments(winner, dealer, product, rules=rules, hand=hand_number,
                            reason=Message("{winner}'s {name} x{product}",
                                           winner=seat_name(winner), name=Message(TEN_HONORS),
                                           product=product))
    return SpecialWin(winner, dealer, line, product, payments)


@dataclass(frozen=True)
class FirstTurnPenalty:
    """The first-turn matching discards penalty: none, single or double."""

    discards: tuple[Tile, ...]
    dice: int
    factor: int
    payments: Ledger = field(repr=False)

    @property
    def applies(self) -> bool:
        return self.factor > 0

    def as_dict(self) -> dict[str, object]:
        return {"discards": [str(t) for t in self.discards], "dice": self.dice,
                "factor": self.factor, "payments": self.payments.as_dicts()}

    def __str__(self) -> str:
        tiles = " ".join(str(t) for t in self.discards)
        if not self.applies:
            return _("first-turn discards {tiles}: no penalty").format(tiles=tiles)
        head = _("first-turn discards {tiles}: the dealer pays {factor} x {dice} to each "
                 "player").format(tiles=tiles, factor=self.factor, dice=self.dice)
        return "\n".join([head] + [f"  {p}" for p in self.payments])

    def _repr_html_(self) -> str:
        return f"<p>{html.escape(str(self).splitlines()[0])}</p>{self.payments._repr_html_()}"


def first_turn_matching(discards: Sequence[Tile], dice: int | tuple[int, int], *,
                        dealer: Seat = Seat.EAST, rules: HangzhouRules = HANGZHOU,
                        hand_number: int | None = None) -> FirstTurnPenalty:
    """The first four discards of the hand (dealer first): if all are the same kind the dealer
    pays the dice total to each other player; if the first three match and the fourth is a
    joker, ``rules.first_turn_joker_factor`` times the total."""
    if len(discards) != 4:
        raise RulesError(Message("the first turn has four discards, not {n}", n=len(discards)))
    if isinstance(dice, tuple):
        if len(dice) != 2 or any(not 1 <= d <= 6 for d in dice):
            raise RulesError(Message("two dice show 1 to 6 each, not {dice}", dice=str(dice)))
        total = sum(dice)
    else:
        total = dice
    if not 2 <= total <= 12:
        raise RulesError(Message("two dice total 2 to 12, not {n}", n=total))
    first, second, third, fourth = discards
    factor = 0
    if first == second == third:
        if fourth == first:
            factor = 1
        elif fourth == JOKER:
            factor = rules.first_turn_joker_factor
    why = (Message("First-Turn Matching Discard Penalty") if factor == 1 else
           Message("First-Turn Matching Discard Penalty, fourth discard a joker"))
    payments = tuple(Payment(dealer, seat, factor * total,
                             Message("{why}: {factor} x dice {total}", why=why, factor=factor,
                                     total=total), category=N_("penalty"),
                             hand=hand_number)
                     for seat in Seat if seat != dealer and factor)
    return FirstTurnPenalty(tuple(discards), total, factor, Ledger(payments))
