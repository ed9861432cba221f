"""Who pays whom, as tables a learner reads instead of printed lists.

:class:`PaymentTable` shows a settlement's payments, one row each: payer, payee, amount and the
rule it came from (with the hand, wave or category when the ledger has them). :class:`NetsTable`
shows what each seat won or lost, optionally split by hand, wave or category; its bottom row
shows the sums, which are zero. Both read an existing :class:`~tutor.ledger.Ledger` (or anything
holding one as ``.ledger``, such as a Huangyan reckoning, a Guiyang settlement or a Hangzhou game
ledger): no rule is applied here.

>>> from tutor.ledger import Ledger, Payment, Seat
>>> ledger = Ledger.of([Payment(Seat.SOUTH, Seat.EAST, 8, "self-draw"),
...                     Payment(Seat.WEST, Seat.EAST, 8, "self-draw")])
>>> print(PaymentTable(ledger))
payer  payee  amount  reason
-----  -----  ------  ---------
South  East        8  self-draw
West   East        8  self-draw
>>> print(NetsTable(ledger))
seat   net
-----  ---
East   +16
South   -8
West    -8
North    0
-----  ---
total    0
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Any

from tutor.display.html import table_html
from tutor.display.tables import text_grid
from tutor.errors import InputError, shown
from tutor.i18n import N_, _, localize
from tutor.ledger import Ledger, Payment, Seat, seat_name

__all__ = ["NetsTable", "PaymentTable", "ledger_of"]

_STAGES = ("hand", "wave", "category")


def ledger_of(source: object) -> Ledger:
    """The ledger of ``source``: a :class:`Ledger`, or an object with one as ``.ledger`` (a
    settlement, a reckoning, a game ledger) or as ``.payments`` (a Hangzhou hand record)."""
    if isinstance(source, Ledger):
        return source
    for name in ("ledger", "payments"):
        value = getattr(source, name, None)
        if isinstance(value, Ledger):
            return value
    raise InputError(f"no payments to show in {shown(source, 40)}: give a ledger or a "
                     "settlement")


#: the column headings, translated when a table is shown
_HEADINGS = {"hand": N_("hand"), "wave": N_("wave"), "category": N_("category"),
             "payer": N_("payer"), "payee": N_("payee"), "amount": N_("amount"),
             "reason": N_("reason"), "seat": N_("seat"), "net": N_("net"), "total": N_("total")}


def _heading(name: str) -> str:
    return _(_HEADINGS[name])


def _seat(seat: Seat) -> str:
    """``East`` (东家 in Chinese)."""
    return localize(seat_name(seat))


def _title(title: str | None) -> str | None:
    return None if title is None else localize(title)


def _payment_repr(p: Payment) -> str:
    extra = "".join(f", {k}={getattr(p, k)!r}" for k in _STAGES if getattr(p, k) is not None)
    return (f"Payment(Seat.{p.payer.name}, Seat.{p.payee.name}, {p.amount}, {p.reason!r}"
            f"{extra})")


def _ledger_repr(ledger: Ledger) -> str:
    return "Ledger.of([" + ", ".join(_payment_repr(p) for p in ledger) + "])"


def _stages(ledger: Ledger) -> list[str]:
    return [k for k in _STAGES if any(getattr(p, k) is not None for p in ledger)]


@dataclass(frozen=True, eq=True)
class PaymentTable:
    """Every payment of ``ledger`` as one row: payer, payee, amount and reason."""

    ledger: Ledger
    title: str | None = None

    def __init__(self, source: object, title: str | None = None) -> None:
        if title is not None and not isinstance(title, str):
            raise InputError(f"a table's title is text, not {shown(title, 30)}")
        object.__setattr__(self, "ledger", ledger_of(source))
        object.__setattr__(self, "title", title)

    @property
    def headers(self) -> list[str]:
        """The column headings, in the current language."""
        return [_heading(k) for k in [*_stages(self.ledger), "payer", "payee", "amount",
                                      "reason"]]

    @property
    def rows(self) -> list[list[object]]:
        """One row a payment; seat names and reasons in the current language."""
        stages = _stages(self.ledger)
        return [[*(localize(getattr(p, k)) if k == "category" else getattr(p, k)
                   for k in stages), _seat(p.payer), _seat(p.payee), p.amount,
                 localize(p.reason)] for p in self.ledger]

    def __len__(self) -> int:
        return len(self.ledger)

    def lines(self) -> list[str]:
        if not self.ledger:
            grid = [_("(no payments)")]
        else:
            grid = text_grid(self.headers, self.rows, [len(self.headers) - 2])
        title = _title(self.title)
        return [title, *grid] if title else grid

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(str(self))

    def __repr__(self) -> str:
        title = f", title={self.title!r}" if self.title is not None else ""
        return f"PaymentTable({_ledger_repr(self.ledger)}{title})"

    def _repr_html_(self) -> str:
        if not self.ledger:
            return f"<p>{escape(_('(no payments)'))}</p>"
        headers = self.headers
        return table_html(headers, self.rows, caption=_title(self.title),
                          numeric=[len(headers) - 2], css_class="tutor-table tutor-payments")


@dataclass(frozen=True, eq=True)
class NetsTable:
    """Each seat's net (what it won, or lost if negative), optionally one column per ``by``
    (``"hand"``, ``"wave"`` or ``"category"``) before the total; a last row shows the sums."""

    ledger: Ledger
    by: str | None = None
    title: str | None = None

    def __init__(self, source: object, by: str | None = None,
                 title: str | None = None) -> None:
        if by is not None and by not in _STAGES:
            raise InputError(f"nets can be split by {', '.join(_STAGES)}, not {shown(by, 30)}")
        if title is not None and not isinstance(title, str):
            raise InputError(f"a table's title is text, not {shown(title, 30)}")
        object.__setattr__(self, "ledger", ledger_of(source))
        object.__setattr__(self, "by", by)
        object.__setattr__(self, "title", title)

    def groups(self) -> list[object]:
        """The values of ``by`` in the order they first appear."""
        if self.by is None:
            return []
        seen: list[object] = []
        for p in self.ledger:
            value = getattr(p, self.by)
            if value not in seen:
                seen.append(value)
        return seen

    def nets(self) -> dict[Seat, int]:
        return self.ledger.net()

    @property
    def headers(self) -> list[str]:
        """The column headings, in the current language."""
        label = {"hand": _("hand {n}"), "wave": _("wave {n}"), "category": "{n}"}
        columns = [label[self.by].format(n=localize(g) if g is not None else "-")
                   for g in self.groups()] if self.by else []
        return [_heading("seat"), *columns, _heading("net")]

    def _columns(self) -> list[dict[Seat, int]]:
        assert self.by is not None or not self.groups()
        split = [Ledger(tuple(p for p in self.ledger if getattr(p, self.by or "") == g)).net()
                 for g in self.groups()]
        return [*split, self.ledger.net()]

    @property
    def rows(self) -> list[list[object]]:
        columns = self._columns()
        body: list[list[object]] = [[_seat(s), *(_signed(c[s]) for c in columns)] for s in Seat]
        body.append([_heading("total"), *(_signed(sum(c.values())) for c in columns)])
        return body

    def lines(self) -> list[str]:
        headers = self.headers
        rows = self.rows
        grid = text_grid(headers, rows, range(1, len(headers)))
        grid.insert(len(grid) - 1, grid[1])  # a rule above the totals
        title = _title(self.title)
        return [title, *grid] if title else grid

    def __str__(self) -> str:
        return "\n".join(self.lines())

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(str(self))

    def __repr__(self) -> str:
        by = f", by={self.by!r}" if self.by is not None else ""
        title = f", title={self.title!r}" if self.title is not None else ""
        return f"NetsTable({_ledger_repr(self.ledger)}{by}{title})"

    def _repr_html_(self) -> str:
        headers = self.headers
        return table_html(headers, self.rows, caption=_title(self.title),
                          numeric=range(1, len(headers)), css_class="tutor-table tutor-nets")


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"
