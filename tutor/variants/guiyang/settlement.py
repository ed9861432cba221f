"""The end-of-hand settlement of Guiyang Chicken mahjong.

After a win, three kinds of points add together: the win (pattern value, plus 1 for a self-draw,
1 more for a kong draw or a hot discard), the beans of each eligible player's kongs, and the
chickens (each eligible player collects their chicken value from each opponent; each ineligible
player pays the value of their visible fixed chickens to each eligible player), plus the
liability chicken. "Eligible" means a winner or a ready player.

A hot discard (热炮) moves the chicken and bean receipts: the discarder forfeits their own and pays
the other eligible players' receipts alone. After an exhaustive draw each not-ready player pays
each ready player that player's best possible pattern, and the ready players' beans settle.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum

from tutor.core.waits import WaitAnalysis
from tutor.errors import RulesError
from tutor.ledger import Ledger, Payment, Seat
from tutor.variants.guiyang.beans import Bean, beans_of
from tutor.variants.guiyang.chickens import (
    Chicken,
    Liability,
    Reveal,
    chickens_of,
    liability_of,
    reveal_of,
)
from tutor.variants.guiyang.description import FinishedHand, Win, WinKind
from tutor.variants.guiyang.patterns import (
    PatternResult,
    best_possible_pattern,
    pattern_of,
    readiness,
)
from tutor.variants.guiyang.rules import GUIYANG_RULES, GuiyangRules, Pattern

__all__ = ["Category", "PlayerResult", "Settlement", "settle"]

SEATS = tuple(Seat)


class Category(Enum):
    """The categories of a Guiyang ledger, in settlement order."""

    WIN = "win"
    BEAN = "bean"
    CHICKEN = "chicken"
    LIABILITY = "liability chicken"
    TENPAI = "tenpai"


def _name(seat: Seat) -> str:
    return seat.name.title()


@dataclass(frozen=True)
class PlayerResult:
    """One player's side of the settlement.

    ``pattern`` is the winning pattern of a winner, or the best possible pattern of a ready
    player who did not win (``potential`` is then true); ``None`` for a player who is not ready.
    """

    seat: Seat
    winner: bool
    pattern: PatternResult | None
    readiness: WaitAnalysis
    eligible: bool
    chickens: tuple[Chicken, ...]
    beans: tuple[Bean, ...]
    net: int

    @property
    def ready(self) -> bool:
        return self.winner or self.readiness.ready

    @property
    def potential(self) -> bool:
        return self.pattern is not None and not self.winner

    @property
    def chicken_value(self) -> int:
        return sum(c.value for c in self.chickens)

    @property
    def visible_fixed_value(self) -> int:
        """What an ineligible player pays each eligible player: melded and discarded 1s."""
        return sum(c.value for c in self.chickens if c.kind.is_fixed and c.place.visible)

    def status(self) -> str:
        if self.winner:
            return "winner"
        if self.readiness.ready:
            waits = " ".join(str(t) for t in self.readiness.waits)
            return f"ready on {waits}"
        return "not ready"

    def __str__(self) -> str:
        lines = [f"{_name(self.seat)}: {self.status()}, "
                 f"{'eligible' if self.eligible else 'not eligible'}, net {self.net:+d}"]
        if self.pattern is not None:
            label = "best possible pattern" if self.potential else "pattern"
            lines.append(f"  {label}: {self.pattern}")
        if self.chickens:
            lines.append(f"  chickens ({self.chicken_value}): "
                         + "; ".join(str(c) for c in self.chickens))
        for bean in self.beans:
            lines.append(f"  {bean}" + ("" if self.eligible else " [void: not eligible]"))
        return "\n".join(lines)

    def as_dict(self) -> dict[str, object]:
        return {"seat": self.seat.letter, "winner": self.winner, "ready": self.ready,
                "waits": [str(t) for t in self.readiness.waits], "eligible": self.eligible,
                "pattern": self.pattern.as_dict() if self.pattern else None,
                "pattern_is_potential": self.potential,
                "chickens": [c.as_dict() for c in self.chickens],
                "chicken_value": self.chicken_value,
                "beans": [b.as_dict() for b in self.beans], "net": self.net}


@dataclass(frozen=True)
class Settlement:
    """The result of :func:`settle`: per-player results and every payment."""

    hand: FinishedHand
    rules: GuiyangRules
    players: tuple[PlayerResult, ...]
    reveal: Reveal | None
    liability: Liability | None
    ledger: Ledger

    def player(self, seat: Seat) -> PlayerResult:
        return self.players[seat.value - 1]

    def net(self) -> dict[Seat, int]:
        return self.ledger.net()

    def by_category(self) -> dict[str, dict[Seat, int]]:
        """Each category's net per seat (every one sums to zero)."""
        return {c.value: self.ledger.where(category=c.value).net() for c in Category
                if self.ledger.where(category=c.value)}

    def headline(self) -> str:
        win = self.hand.win
        if win is None:
            return "Exhaustive draw: no win, no chickens"
        winners = " and ".join(_name(s) for s in win.in_turn_order())
        source = f" from {_name(win.source)}" if win.source else ""
        reveal = f"; {self.reveal}" if self.reveal else ""
        return f"{winners} won: {win.kind.title} on {win.tile}{source}{reveal}"

    def __str__(self) -> str:
        parts = [self.headline(), *(str(p) for p in self.players)]
        if self.liability:
            unpaid = self.liability.payee not in {p.seat for p in self.players if p.eligible}
            parts.append(str(self.liability) + (f" [not paid: {_name(self.liability.payee)} is "
                                                "not eligible]" if unpaid else ""))
        parts.append(str(self.ledger))
        return "\n".join(parts)

    def __repr__(self) -> str:
        net = ", ".join(f"{s.letter}={n:+d}" for s, n in self.net().items())
        return f"<Settlement {self.headline()}: {net}>"

    def as_dict(self) -> dict[str, object]:
        return {"headline": self.headline(), "rules_table": self.rules.table,
                "revealed": str(self.reveal.indicator) if self.reveal and self.reveal.indicator
                else None,
                "flipped_chicken": str(self.reveal.flipped) if self.reveal and self.reveal.flipped
                else None,
                "golden": bool(self.reveal and self.reveal.golden),
                "players": [p.as_dict() for p in self.players],
                "payments": self.ledger.as_dicts(),
                "by_category": {c: {s.letter: n for s, n in nets.items()}
                                for c, nets in self.by_category().items()},
                "net": {s.letter: n for s, n in self.net().items()}}

    def _repr_html_(self) -> str:
        from tutor.variants.guiyang.display import settlement_html

        return settlement_html(self)


def settle(hand: FinishedHand, rules: GuiyangRules = GUIYANG_RULES) -> Settlement:
    """Settle a finished hand (validated first). Raises :class:`~tutor.errors.RulesError` for a
    win the rules refuse (a plain discard win without a kong) and
    :class:`~tutor.errors.HandError` for an impossible description."""
    hand.validate()
    win = hand.win
    ready = {s: readiness(hand.player(s).hand) for s in SEATS}
    patterns: dict[Seat, PatternResult | None] = {}
    for s in SEATS:
        if win is not None and s in win.winners:
            patterns[s] = pattern_of(hand.final_hand(s), rules, winning_tile=win.tile)
        else:
            patterns[s] = best_possible_pattern(hand.player(s).hand, rules)
    winners = set(win.winners) if win else set()
    eligible = {s for s in SEATS if s in winners or ready[s].ready}
    # chickens do not settle after an exhaustive draw, so none are listed
    chickens = {s: chickens_of(hand, s, rules) if win else () for s in SEATS}
    beans = {s: beans_of(hand, s, rules) for s in SEATS}
    payments: list[Payment] = []
    liability = None
    if win is not None:
        payments += _win_payments(hand, win, patterns, rules)
        receipts = _bean_payments(beans, eligible) + _chicken_payments(chickens, eligible)
        if win.kind is WinKind.HOT_DISCARD:
            assert win.source is not None
            receipts = _hot_discard(receipts, win.source)
        payments += receipts
        liability = liability_of(hand, rules)
        if liability is not None and liability.payee in eligible:
            payments.append(Payment(liability.payer, liability.payee, liability.value,
                                    "liability chicken (责任鸡): "
                                    f"{_name(liability.payer)}'s charging chicken 1s was claimed",
                                    category=Category.LIABILITY.value))
    else:
        payments += _tenpai_payments(patterns, eligible)
        payments += _bean_payments(beans, eligible)
    ledger = Ledger(tuple(payments))
    net = ledger.net()
    players = tuple(PlayerResult(s, s in winners, patterns[s], ready[s], s in eligible,
                                 chickens[s], beans[s], net[s]) for s in SEATS)
    return Settlement(hand, rules, players, reveal_of(hand), liability, ledger)


def _win_payments(hand: FinishedHand, win: Win, patterns: dict[Seat, PatternResult | None],
                  rules: GuiyangRules) -> list[Payment]:
    out = []
    cat = Category.WIN.value
    for s in win.in_turn_order():
        result = patterns[s]
        assert result is not None
        title = f"{result.pattern.title} {result.value}"
        if win.kind is WinKind.DISCARD:
            assert win.source is not None
            if (result.pattern is Pattern.PLAIN and rules.plain_discard_win_needs_kong
                    and not hand.player(s).has_kong):
                raise RulesError(
                    f"{_name(s)} cannot win on {_name(win.source)}'s discard {win.tile}: a plain "
                    f"win on a discard needs a kong (a bean), and {_name(s)} "
                    f"({hand.player(s)}) has none; a self-draw or a higher pattern needs none")
            out.append(Payment(win.source, s, result.value,
                               f"{title} on {_name(win.source)}'s discard {win.tile}",
                               category=cat))
        elif win.kind is WinKind.HOT_DISCARD:
            assert win.source is not None
            out.append(Payment(win.source, s, result.value + rules.hot_discard_bonus,
                               f"{title} + hot discard (热炮) {rules.hot_discard_bonus} on "
                               f"{_name(win.source)}'s discard {win.tile} after a kong",
                               category=cat))
        elif win.kind is WinKind.ROBBED_KONG:
            assert win.source is not None
            amount = result.value + rules.self_draw_bonus
            for share in (s.next(k) for k in (1, 2, 3)):
                out.append(Payment(win.source, s, amount,
                                   f"{title} + self-draw {rules.self_draw_bonus}, robbing "
                                   f"{_name(win.source)}'s added kong of {win.tile} (抢杠胡): "
                                   f"{_name(share)}'s share", category=cat))
        else:
            amount = result.value + rules.self_draw_bonus
            reason = f"{title} + self-draw (自摸) {rules.self_draw_bonus}"
            if win.kind is WinKind.KONG_DRAW:
                amount += rules.kong_draw_bonus
                reason += f" + kong draw (杠上开花) {rules.kong_draw_bonus}"
            for payer in (s.next(k) for k in (1, 2, 3)):
                out.append(Payment(payer, s, amount, reason, category=cat))
    return out


def _bean_payments(beans: dict[Seat, tuple[Bean, ...]], eligible: set[Seat]) -> list[Payment]:
    out = []
    for s in SEATS:
        if s not in eligible:
            continue
        for bean in beans[s]:
            for payer in bean.payers:
                if bean.value:
                    out.append(Payment(payer, s, bean.value,
                                       f"{bean.kind.value} bean ({bean.kind.chinese}) {bean.meld}",
                                       category=Category.BEAN.value))
    return out


def _chicken_payments(chickens: dict[Seat, tuple[Chicken, ...]],
                      eligible: set[Seat]) -> list[Payment]:
    out = []
    cat = Category.CHICKEN.value
    for s in SEATS:
        if s in eligible:
            value = sum(c.value for c in chickens[s])
            if value:
                detail = ", ".join(f"{c.tile} {c.kind.value} {c.place.value} {c.value}"
                                   for c in chickens[s])
                for payer in (s.next(k) for k in (1, 2, 3)):
                    out.append(Payment(payer, s, value, f"chickens of {_name(s)}: {detail}",
                                       category=cat))
        else:
            shown = [c for c in chickens[s] if c.kind.is_fixed and c.place.visible]
            value = sum(c.value for c in shown)
            if value:
                detail = ", ".join(f"{c.tile} {c.kind.value} {c.place.value} {c.value}"
                                   for c in shown)
                for payee in SEATS:
                    if payee in eligible:
                        out.append(Payment(s, payee, value, f"{_name(s)} is not ready: pays "
                                           f"visible fixed chickens ({detail})", category=cat))
    return out


def _hot_discard(receipts: list[Payment], discarder: Seat) -> list[Payment]:
    """The hot discarder forfeits their receipts and pays everyone else's alone."""
    out = []
    for p in receipts:
        if p.payee == discarder:
            continue
        if p.payer != discarder:
            p = replace(p, payer=discarder, reason=f"{p.reason} [hot discard: "
                        f"{_name(discarder)} pays {_name(p.payer)}'s share]")
        out.append(p)
    return out


def _tenpai_payments(patterns: dict[Seat, PatternResult | None],
                     eligible: set[Seat]) -> list[Payment]:
    if len(eligible) in (0, 4):
        return []
    out = []
    for s in SEATS:
        result = patterns[s]
        if s not in eligible or result is None:
            continue
        for payer in SEATS:
            if payer not in eligible:
                out.append(Payment(payer, s, result.value,
                                   f"tenpai (查叫): {_name(s)} is ready, best possible "
                                   f"{result.pattern.title} {result.value} on "
                                   f"{result.winning_tile}", category=Category.TENPAI.value))
    return out
