"""The four-way reckoning: wave one (the winner collects), wave two (the non-winners settle in
pairs), liability, table stacks and the Yellow Cliff draw (the rule book,
notebooks/rules/huangyan.md).
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass

from tutor.core.tiles import Wind
from tutor.errors import RulesError
from tutor.i18n import Message, _, comma, localize
from tutor.ledger import Ledger, Payment, Seat, seat_name
from tutor.variants.huangyan.rules import HUANGYAN_RULES, HuangyanRules, LiabilityPayee
from tutor.variants.huangyan.sheet import ScoreSheet

__all__ = ["Reckoning", "reckon", "yellow_cliff"]

SEATS = tuple(Wind)


def _title(seat: Seat) -> str:
    return seat.name.title()


def _seat(seat: Seat) -> str:
    """A seat's name in the current language (for text shown at once)."""
    return localize(seat_name(seat))


@dataclass(frozen=True)
class _Due:
    wave: int
    payer: Seat
    payee: Seat
    amount: int
    reason: str


@dataclass(frozen=True)
class Reckoning:
    """One hand's settlement: who paid whom in which wave, the nets and the stacks after."""

    dealer: Seat
    winner: Seat | None  # None: a Yellow Cliff draw
    totals: dict[Seat, int]  # the totals the reckoning used (a liable player's is 0)
    ledger: Ledger
    liable: Seat | None = None
    stacks_before: dict[Seat, int] | None = None
    stacks_after: dict[Seat, int] | None = None
    match_over: bool = False

    @property
    def payments(self) -> tuple[Payment, ...]:
        return self.ledger.payments

    @property
    def net(self) -> dict[Seat, int]:
        return self.ledger.net()

    @property
    def next_dealer(self) -> Seat:
        """The dealer keeps the seat only by winning; otherwise it passes to the right."""
        return self.dealer if self.winner == self.dealer else self.dealer.next()

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {
            "payments": self.ledger.as_dicts(),
            "net": {s.letter: n for s, n in self.net.items()},
        }
        if self.stacks_after is not None:
            out["stacks"] = {s.letter: n for s, n in self.stacks_after.items()}
        out["match_over"] = self.match_over
        return out

    def _headline(self) -> str:
        if self.winner is None:
            return _("Yellow Cliff draw: no payments; the deal passes from {dealer} to "
                     "{next}").format(dealer=_seat(self.dealer), next=_seat(self.next_dealer))
        totals = comma().join(f"{_seat(s)} {n}" for s, n in self.totals.items())
        text = (_("{winner} (dealer) wins; totals {totals}") if self.winner == self.dealer
                else _("{winner} wins; totals {totals}")).format(winner=_seat(self.winner),
                                                                 totals=totals)
        if self.liable is not None:
            text += _("; {liable} is liable (total locked at 0)").format(
                liable=_seat(self.liable))
        return text

    def _stack_text(self) -> str:
        if self.stacks_before is None or self.stacks_after is None:
            return ""
        moves = comma().join(f"{_seat(s)} {self.stacks_before[s]}->{self.stacks_after[s]}"
                             for s in SEATS)
        over = _("yes") if self.match_over else _("no")
        return _("stacks: {moves}; match over: {over}").format(moves=moves, over=over)

    def __str__(self) -> str:
        rows = [self._headline(), str(self.ledger)]
        if self.stacks_after is not None:
            rows.append(self._stack_text())
        return "\n".join(rows)

    def _repr_html_(self) -> str:
        stacks = f"<p>{html.escape(self._stack_text())}</p>" if self.stacks_after else ""
        return (f"<div class='tutor-reckoning'><p><b>{html.escape(self._headline())}</b></p>"
                f"{self.ledger._repr_html_()}{stacks}</div>")


def _seat_map(values: Mapping[Seat, int], what: str) -> dict[Seat, int]:
    if set(values) != set(SEATS):
        raise RulesError(f"{what} must name all four seats E, S, W, N; got "
                         f"{', '.join(s.letter for s in values) or 'none'}")
    out = {}
    for seat in SEATS:
        value = values[seat]
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RulesError(f"{what}: {_title(seat)}'s {value!r} must be a whole number >= 0")
        out[seat] = value
    return out


def _totals(totals: Mapping[Seat, int | ScoreSheet], winner: Seat) -> dict[Seat, int]:
    plain: dict[Seat, int] = {}
    for seat, value in totals.items():
        if isinstance(value, ScoreSheet):
            if value.seat != seat or value.winner != (seat == winner):
                role = "the winner's" if seat == winner else "a non-winner's"
                raise RulesError(f"{_title(seat)} needs {role} sheet for seat {_title(seat)}, "
                                 f"got {'a winner' if value.winner else 'a non-winner'} sheet "
                                 f"for {_title(value.seat)}")
            plain[seat] = value.total
        else:
            plain[seat] = value
    return _seat_map(plain, "totals")


def _wave_one(dealer: Seat, winner: Seat, total: int, rules: HuangyanRules) -> list[_Due]:
    out = []
    for step in (1, 2, 3):
        payer = winner.next(step)
        if winner == dealer:
            amount, why = total, Message("winner's total {total}, the dealer won", total=total)
        elif payer == dealer:
            amount = total
            why = Message("winner's total {total}, the dealer pays in full", total=total)
        else:
            amount = rules.half(total)
            why = Message("half the winner's total {total}", total=total)
        out.append(_Due(1, payer, winner, amount, why))
    return out


def _wave_two(dealer: Seat, winner: Seat, totals: dict[Seat, int], rules: HuangyanRules
              ) -> list[_Due]:
    a, b, c = (winner.next(step) for step in (1, 2, 3))
    out = []
    for x, y in ((a, b), (a, c), (b, c)):
        low, high = (x, y) if totals[x] <= totals[y] else (y, x)
        diff = totals[high] - totals[low]
        why = Message("{x} {x_total} vs {y} {y_total}: difference {diff}", x=seat_name(x),
                      x_total=totals[x], y=seat_name(y), y_total=totals[y], diff=diff)
        if dealer in (x, y):
            amount = diff
        else:
            amount = rules.half(diff)
            why = Message("{reason}, halved (two non-dealers)", reason=why)
        if amount:
            out.append(_Due(2, low, high, amount, why))
    return out


def _liability(dues: list[_Due], liable: Seat, winner: Seat, rules: HuangyanRules
               ) -> list[_Due]:
    out = []
    for due in dues:
        if due.wave == 1:
            payee = winner
            why = Message("liability: {payer}'s share of the collection, {reason}",
                          payer=seat_name(due.payer), reason=due.reason)
        else:
            normal = rules.liability_payee is LiabilityPayee.NORMAL
            payee = due.payee if normal else winner
            why = Message("liability: pair settlement {payer} -> {payee}, {reason}",
                          payer=seat_name(due.payer), payee=seat_name(due.payee),
                          reason=due.reason)
        if payee != liable:
            out.append(_Due(due.wave, liable, payee, due.amount, why))
    return out


def reckon(*, winner: Seat, totals: Mapping[Seat, int | ScoreSheet], dealer: Seat = Wind.EAST,
           liable: Seat | None = None, stacks: Mapping[Seat, int] | None = None,
           rules: HuangyanRules = HUANGYAN_RULES) -> Reckoning:
    """Settle a won hand.

    ``totals``: each seat's hand total (or its :class:`ScoreSheet`). ``liable``: the discarder
    of a Live Tile in the Live Tile Stage, who pays everything. ``stacks``: the table stacks;
    when given, each payment is capped at what its payer holds at that moment, receipts count
    at once, and the match is over if any stack touches zero.
    """
    used = {s: rules.capped(n) for s, n in _totals(totals, winner).items()}
    if liable is not None:
        if liable == winner:
            raise RulesError(f"the winner ({_title(winner)}) cannot be the liable player")
        used[liable] = 0
    dues = _wave_one(dealer, winner, used[winner], rules)
    dues += _wave_two(dealer, winner, used, rules)
    if liable is not None:
        dues = _liability(dues, liable, winner, rules)
    if stacks is None:
        ledger = Ledger(tuple(Payment(d.payer, d.payee, d.amount, d.reason, wave=d.wave)
                              for d in dues))
        return Reckoning(dealer, winner, used, ledger, liable)
    before = _seat_map(stacks, "stacks")
    now = dict(before)
    over = min(now.values()) == 0
    payments = []
    for d in dues:
        paid = min(d.amount, now[d.payer])
        reason = d.reason
        if paid < d.amount:
            reason = Message("{reason}; {due} due, capped at {payer}'s stack of {paid}",
                             reason=reason, due=d.amount, payer=seat_name(d.payer), paid=paid)
        now[d.payer] -= paid
        now[d.payee] += paid
        over = over or now[d.payer] == 0
        payments.append(Payment(d.payer, d.payee, paid, reason, wave=d.wave))
    return Reckoning(dealer, winner, used, Ledger(tuple(payments)), liable, before, now, over)


def yellow_cliff(*, dealer: Seat = Wind.EAST, stacks: Mapping[Seat, int] | None = None
                 ) -> Reckoning:
    """A Yellow Cliff draw: the live wall ran out with no Hu; nobody pays, the deal passes."""
    before = _seat_map(stacks, "stacks") if stacks is not None else None
    return Reckoning(dealer, None, {}, Ledger(), None, before,
                     dict(before) if before is not None else None, False)
