"""Payments and ledgers shared by the three variants' settlements.

Every chip that moves is a :class:`Payment` with its payer, payee, amount and the reason
(the rule it came from), plus where it sits in the settlement: Huangyan's wave (1 or 2),
Guiyang's category, Hangzhou's hand number. A :class:`Ledger` is an ordered tuple of them with
nets that always sum to zero.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from tutor.core.tiles import Wind
from tutor.errors import InputError, shown
from tutor.i18n import N_, Message, _, comma, localize

__all__ = ["Ledger", "Payment", "Seat", "seat_name"]

Seat = Wind  # the four seats are named by their winds: East, South, West, North

_SEAT_NAMES = {Wind.EAST: Message(N_("East")), Wind.SOUTH: Message(N_("South")),
               Wind.WEST: Message(N_("West")), Wind.NORTH: Message(N_("North"))}


def seat_name(seat: Seat) -> Message:
    """A seat's name, ``East`` (东家 in Chinese): a :class:`~tutor.i18n.Message` to keep in a
    text that is translated when shown."""
    return _SEAT_NAMES[seat]


def _nets(net: dict[Seat, int]) -> str:
    return comma().join(_("{seat} {net:+d}").format(seat=localize(seat_name(s)), net=n)
                        for s, n in net.items())


@dataclass(frozen=True)
class Payment:
    """One payment: ``payer`` gives ``payee`` ``amount`` points because of ``reason``."""

    payer: Seat
    payee: Seat
    amount: int
    reason: str
    wave: int | None = None
    category: str | None = None
    hand: int | None = None

    def __post_init__(self) -> None:
        for name in ("payer", "payee"):
            if type(getattr(self, name)) is not Wind:
                raise InputError(Message("a payment's {name} must be a seat (Seat.EAST, ...), "
                                         "not {value}", name=name,
                                         value=shown(getattr(self, name), 30)))
        if type(self.amount) is not int:  # not a bool, a float, NaN or a numeric string
            raise InputError(Message("a payment amount must be a whole number, not {value}",
                                     value=shown(self.amount, 30)))
        if not isinstance(self.reason, str):
            raise InputError(Message("a payment's reason must be text, not {value}",
                                     value=shown(self.reason, 30)))
        for name, kind in (("wave", int), ("category", str), ("hand", int)):
            value = getattr(self, name)
            if value is not None and type(value) is not kind:
                raise InputError(Message("a payment's {name} must be {kind} or None, not {value}",
                                         name=name, kind=kind.__name__, value=shown(value, 30)))
        if self.amount < 0:
            raise InputError(Message("a payment amount cannot be negative: {n}", n=self.amount))
        if self.payer == self.payee:
            raise InputError(Message("{seat} cannot pay themselves", seat=self.payer.name))

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"payer": self.payer.letter, "payee": self.payee.letter,
                                  "amount": self.amount, "reason": self.reason}
        for key in ("wave", "category", "hand"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out

    def __str__(self) -> str:
        where = _("wave {wave}: ").format(wave=self.wave) if self.wave is not None else ""
        if self.category is not None:
            where += f"[{localize(self.category)}] "
        if self.hand is not None:
            where = _("hand {hand}: ").format(hand=self.hand) + where
        return where + _("{payer} pays {payee} {amount} ({reason})").format(
            payer=localize(seat_name(self.payer)), payee=localize(seat_name(self.payee)),
            amount=self.amount, reason=localize(self.reason))


_FIELDS = frozenset({"payer", "payee", "amount", "reason", "wave", "category", "hand"})


@dataclass(frozen=True)
class Ledger:
    """An ordered record of payments."""

    payments: tuple[Payment, ...] = ()

    def __post_init__(self) -> None:
        if type(self.payments) is not tuple or not all(
                type(p) is Payment for p in self.payments):
            raise InputError(Message("a ledger holds a tuple of payments, not {value}",
                                     value=shown(self.payments, 40)))

    @classmethod
    def of(cls, payments: Iterable[Payment]) -> Ledger:
        if isinstance(payments, (str, bytes)) or not hasattr(payments, "__iter__"):
            raise InputError(Message("Ledger.of takes payments, not {value}",
                                     value=shown(payments, 40)))
        return cls(tuple(payments))

    def __iter__(self) -> Iterator[Payment]:
        return iter(self.payments)

    def __len__(self) -> int:
        return len(self.payments)

    def __add__(self, other: Ledger) -> Ledger:
        if not isinstance(other, Ledger):
            return NotImplemented
        return Ledger(self.payments + other.payments)

    def net(self) -> dict[Seat, int]:
        """What each seat gained (positive) or lost; the values sum to zero."""
        out = {seat: 0 for seat in Wind}
        for p in self.payments:
            out[p.payer] -= p.amount
            out[p.payee] += p.amount
        assert sum(out.values()) == 0
        return out

    def where(self, **fields: object) -> Ledger:
        """The payments whose fields equal the given values (``wave=2``, ``payer=Seat.EAST``)."""
        unknown = sorted(set(fields) - _FIELDS)
        if unknown:
            raise InputError(Message("a payment has no field {name} (it has {names})",
                                     name=shown(unknown[0], 30), names=", ".join(sorted(_FIELDS))))
        return Ledger(tuple(p for p in self.payments
                            if all(getattr(p, k) == v for k, v in fields.items())))

    def as_dicts(self) -> list[dict[str, object]]:
        return [p.as_dict() for p in self.payments]

    def __str__(self) -> str:
        lines = [str(p) for p in self.payments] or [_("(no payments)")]
        return "\n".join([*lines, _("net: {nets}").format(nets=_nets(self.net()))])

    def _repr_html_(self) -> str:
        cols = [c for c in ("hand", "wave", "category") if any(getattr(p, c) is not None
                                                                 for p in self.payments)]
        names = {"hand": N_("hand"), "wave": N_("wave"), "category": N_("category"),
                 "payer": N_("payer"), "payee": N_("payee"), "amount": N_("amount"),
                 "reason": N_("reason")}
        head = "".join(f"<th>{html.escape(localize(names[c]))}</th>"
                       for c in [*cols, "payer", "payee", "amount", "reason"])
        rows = []
        for p in self.payments:
            cells = [localize(getattr(p, c)) if c == "category" else str(getattr(p, c))
                     for c in cols]
            cells += [localize(seat_name(p.payer)), localize(seat_name(p.payee)), str(p.amount),
                      localize(p.reason)]
            rows.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) + "</tr>")
        net = _("net: {nets}").format(nets=_nets(self.net()))
        return (f"<table class='tutor-ledger'><thead><tr>{head}</tr></thead>"
                f"<tbody>{''.join(rows)}</tbody></table><p>{html.escape(net)}</p>")
