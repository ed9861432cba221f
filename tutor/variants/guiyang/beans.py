"""Beans (豆): what each kong earns at the end of a Guiyang hand.

A concealed kong (闷豆) earns 2 from each opponent, an added kong (转弯豆) 3 from each opponent,
an exposed kong claimed from a discard (明豆) 1 from that discarder. Only a winner or a ready
player collects; the beans of anyone else are void. A robbed added kong never became a kong:
it stays a pong and earns nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from tutor.core.hand import Meld, MeldKind
from tutor.i18n import N_, Message, _, comma, localize
from tutor.ledger import Seat, seat_name
from tutor.variants.guiyang.description import FinishedHand
from tutor.variants.guiyang.rules import GuiyangRules

__all__ = ["Bean", "BeanKind", "beans_of"]


class BeanKind(Enum):
    CONCEALED = "concealed kong"
    ADDED = "added kong"
    EXPOSED = "exposed kong"

    @property
    def label(self) -> Message:
        """``concealed kong bean (闷豆)``; in Chinese ``闷豆``."""
        return Message(_LABELS[self.value])

    @property
    def chinese(self) -> str:
        return {"concealed kong": "闷豆", "added kong": "转弯豆", "exposed kong": "明豆"}[
            self.value]


_LABELS = {"concealed kong": N_("concealed kong bean (闷豆)"),
           "added kong": N_("added kong bean (转弯豆)"),
           "exposed kong": N_("exposed kong bean (明豆)")}

_KIND = {MeldKind.CONCEALED_KONG: BeanKind.CONCEALED, MeldKind.ADDED_KONG: BeanKind.ADDED,
         MeldKind.OPEN_KONG: BeanKind.EXPOSED}


@dataclass(frozen=True)
class Bean:
    """One kong's bean: the meld, its kind, the amount each payer owes and who the payers are."""

    meld: Meld
    kind: BeanKind
    value: int
    payers: tuple[Seat, ...]

    @property
    def total(self) -> int:
        return self.value * len(self.payers)

    def __str__(self) -> str:
        who = comma().join(localize(seat_name(s)) for s in self.payers)
        return _("{bean} {meld}: {value} from {payers}").format(
            bean=localize(self.kind.label), meld=self.meld, value=self.value, payers=who)

    def as_dict(self) -> dict[str, object]:
        return {"meld": str(self.meld), "kind": self.kind.value, "value": self.value,
                "payers": [s.letter for s in self.payers]}


def beans_of(hand: FinishedHand, seat: Seat, rules: GuiyangRules) -> tuple[Bean, ...]:
    """The beans of ``seat``'s kongs (whether or not they will be collected)."""
    values = {BeanKind.CONCEALED: rules.concealed_kong_bean, BeanKind.ADDED: rules.added_kong_bean,
              BeanKind.EXPOSED: rules.exposed_kong_bean}
    others = tuple(seat.next(k) for k in (1, 2, 3))
    out = []
    for record in hand.player(seat).melds:
        kind = _KIND.get(record.meld.kind)
        if kind is None:
            continue
        if kind is BeanKind.EXPOSED:
            assert record.claimed_from is not None
            payers: tuple[Seat, ...] = (record.claimed_from,)
        else:
            payers = others
        out.append(Bean(record.meld, kind, values[kind], payers))
    return tuple(out)
