"""The end-of-hand settlement of Guiyang Chicken mahjong.

After a win, three kinds of points add together: the win (pattern value, plus 1 for a self-draw,
1 more for a kong draw or a hot discard), the beans of each eligible player's kongs, and the
chickens (each eligible player collects their chicken value from each opponent; each ineligible
player pays the value of their visible fixed chickens to each eligible player), plus the
liability chicken. "Eligible" means a winner or a ready player.

A hot discard (热炮) moves the chicken and bean receipts: the discarder forfeits their own and pays
the other eligible players' receipts alone. After an exhaustive draw each not-ready player pays
each ready player that player's best possible pattern, and the ready players' beans settle.

The text says, player by player, which chickens and beans are paid and which are not, and why
(:mod:`.notes`); each payer pays each payee once per item, with the reason (a robbed player pays
the three shares as one payment, a hot discarder the shares of the others as one).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import Enum

from tutor.core.waits import WaitAnalysis
from tutor.errors import RulesError
from tutor.i18n import N_, Message, _, join, localize, nmessage
from tutor.ledger import Ledger, Payment, Seat, seat_name
from tutor.variants.guiyang.beans import Bean, beans_of
from tutor.variants.guiyang.chickens import (
    Chicken,
    Liability,
    Place,
    Reveal,
    chickens_of,
    liability_of,
    reveal_of,
)
from tutor.variants.guiyang.description import FinishedHand, Win, WinKind
from tutor.variants.guiyang.notes import (
    both,
    chicken_header,
    chicken_note,
    pattern_note,
    winning_tile_note,
)
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

    WIN = N_("win")
    BEAN = N_("bean")
    CHICKEN = N_("chicken")
    LIABILITY = N_("liability chicken")
    TENPAI = N_("tenpai")


def _name(seat: Seat) -> Message:
    return seat_name(seat)


def _seat(seat: Seat) -> str:
    return localize(seat_name(seat))


@dataclass(frozen=True)
class PlayerResult:
    """One player's side of the settlement.

    ``pattern`` is the winning pattern of a winner, or the best possible pattern of a ready
    player who did not win (``potential`` is then true); ``None`` for a player who is not ready.
    ``pattern_note`` says why a best possible pattern is not used (empty when it is paid);
    ``chicken_summary`` and ``chicken_notes`` (one per chicken) say which chickens are paid and
    why; ``forfeited``: the player made the hot discard and forfeits their receipts;
    ``winning_tile_note``: a later winner on a shared discard, for whom the tile did not count.
    """

    seat: Seat
    winner: bool
    pattern: PatternResult | None
    readiness: WaitAnalysis
    eligible: bool
    chickens: tuple[Chicken, ...]
    beans: tuple[Bean, ...]
    net: int
    pattern_note: str = ""
    chicken_summary: str = ""
    chicken_notes: tuple[str, ...] = ()
    forfeited: bool = False
    winning_tile_note: str = ""

    @property
    def ready(self) -> bool:
        return self.winner or self.readiness.ready

    @property
    def potential(self) -> bool:
        return self.pattern is not None and not self.winner

    @property
    def pattern_used(self) -> bool:
        """Whether the pattern shown is paid (a winner's, or a ready player's after a draw)."""
        return self.pattern is not None and not self.pattern_note

    @property
    def chicken_value(self) -> int:
        return sum(c.value for c in self.chickens)

    @property
    def visible_fixed_value(self) -> int:
        """What an ineligible player pays each eligible player: melded and discarded 1s."""
        return sum(c.value for c in self.chickens if c.kind.is_fixed and c.place.visible)

    def status(self) -> str:
        if self.winner:
            return _("winner")
        if self.readiness.ready:
            waits = " ".join(str(t) for t in self.readiness.waits)
            return _("ready on {waits}").format(waits=waits)
        return _("not ready")

    def __str__(self) -> str:
        head = (_("{seat}: {status}, eligible, net {net:+d}") if self.eligible else
                _("{seat}: {status}, not eligible, net {net:+d}"))
        lines = [head.format(seat=_seat(self.seat), status=self.status(), net=self.net)]
        if self.pattern is not None:
            label = (_("best possible pattern: {pattern}") if self.potential else
                     _("pattern: {pattern}")).format(pattern=self.pattern)
            note = f" [{localize(self.pattern_note)}]" if self.pattern_note else ""
            lines.append(f"  {label}{note}")
        if self.winning_tile_note:
            lines.append(f"  {localize(self.winning_tile_note)}")
        if self.chickens:
            notes = self.chicken_notes or ("",) * len(self.chickens)
            summary = localize(self.chicken_summary) or str(self.chicken_value)
            lines.append("  " + _("chickens ({summary}): {chickens}").format(
                summary=summary, chickens=_("; ").join(
                    str(c) + (f" [{localize(n)}]" if n else "")
                    for c, n in zip(self.chickens, notes, strict=True))))
        for bean in self.beans:
            mark = ("" if self.eligible and not self.forfeited else
                    " [" + _("forfeited: {seat} made the hot discard").format(
                        seat=_seat(self.seat)) + "]" if self.eligible else
                    " [" + _("void: not eligible") + "]")
            lines.append(f"  {bean}{mark}")
        return "\n".join(lines)

    def as_dict(self) -> dict[str, object]:
        return {"seat": self.seat.letter, "winner": self.winner, "ready": self.ready,
                "waits": [str(t) for t in self.readiness.waits], "eligible": self.eligible,
                "pattern": self.pattern.as_dict() if self.pattern else None,
                "pattern_is_potential": self.potential, "pattern_used": self.pattern_used,
                "pattern_note": self.pattern_note or None,
                "chickens": [c.as_dict() for c in self.chickens],
                "chicken_value": self.chicken_value,
                "chicken_summary": self.chicken_summary or None,
                "chicken_notes": [n or None for n in self.chicken_notes],
                "forfeited": self.forfeited,
                "winning_tile_note": self.winning_tile_note or None,
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
        """The hand in one line (kept in English, translated when shown)."""
        win = self.hand.win
        if win is None:
            return Message("Exhaustive draw: no win, no chickens")
        winners = join(Message(" and "), (_name(s) for s in win.in_turn_order()))
        if win.source:
            text = Message("{winners} won: {how} on {tile} from {source}", winners=winners,
                           how=win.kind.title, tile=str(win.tile), source=_name(win.source))
        else:
            text = Message("{winners} won: {how} on {tile}", winners=winners,
                           how=win.kind.title, tile=str(win.tile))
        return text + Message("; ") + self.reveal.message() if self.reveal else text

    def __str__(self) -> str:
        parts = [localize(self.headline()), *(str(p) for p in self.players)]
        if self.liability:
            unpaid = self.liability.payee not in {p.seat for p in self.players if p.eligible}
            parts.append(str(self.liability) + (" [" + _("not paid: {seat} is not eligible").format(
                seat=_seat(self.liability.payee)) + "]" if unpaid else ""))
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


def settle(hand: FinishedHand, rules: GuiyangRules = GUIYANG_RULES, *,
           details: bool = True) -> Settlement:
    """Settle a finished hand (validated first). Raises :class:`~tutor.errors.RulesError` for a
    win the rules refuse (a plain discard win without a kong) and
    :class:`~tutor.errors.HandError` for an impossible description.

    ``details=False``: the payments alone (the same ledger), without the per-player results
    (``players`` is empty) and so without a non-winner's best possible pattern after a win,
    which no payment needs: for play-outs that read only the net."""
    hand.validate()
    win = hand.win
    ready = {s: readiness(hand.player(s).hand) for s in SEATS}
    patterns: dict[Seat, PatternResult | None] = {}
    for s in SEATS:
        if win is not None and s in win.winners:
            patterns[s] = pattern_of(hand.final_hand(s), rules, winning_tile=win.tile)
        elif details or win is None:  # after a draw, the ready hands' patterns are paid
            patterns[s] = best_possible_pattern(hand.player(s).hand, rules)
        else:
            patterns[s] = None
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
                                    Message("liability chicken (责任鸡): {seat}'s charging "
                                            "chicken 1s was claimed",
                                            seat=_name(liability.payer)),
                                    category=Category.LIABILITY.value))
    else:
        payments += _tenpai_payments(patterns, eligible)
        payments += _bean_payments(beans, eligible)
    ledger = Ledger(tuple(payments))
    if not details:
        return Settlement(hand, rules, (), reveal_of(hand), liability, ledger)
    net = ledger.net()
    players = tuple(_player(hand, s, winners, patterns[s], ready[s], eligible, chickens, beans[s],
                            net[s]) for s in SEATS)
    return Settlement(hand, rules, players, reveal_of(hand), liability, ledger)


def _player(hand: FinishedHand, s: Seat, winners: set[Seat], pattern: PatternResult | None,
            ready: WaitAnalysis, eligible: set[Seat], chickens: dict[Seat, tuple[Chicken, ...]],
            beans: tuple[Bean, ...], net: int) -> PlayerResult:
    """One player's result with the notes the text prints (:mod:`.notes`)."""
    mine = chickens[s]
    ok = s in eligible
    win = hand.win
    shared = None
    if win is not None and len(win.winners) > 1:
        first = win.in_turn_order()[0]
        shared = next((c.kind for c in chickens[first] if c.place is Place.WINNING), None)
    ready_seats = sum(1 for seat in SEATS if seat in eligible)
    return PlayerResult(
        s, s in winners, pattern, ready, ok, mine, beans, net,
        pattern_note=pattern_note(hand, s, ready_seats) if pattern is not None else "",
        chicken_summary=chicken_header(hand, s, ok, mine, [e for e in SEATS if e in eligible])
        if mine else "",
        chicken_notes=tuple(chicken_note(hand, s, ok, c) for c in mine),
        forfeited=win is not None and win.kind is WinKind.HOT_DISCARD and win.source == s,
        winning_tile_note=winning_tile_note(hand, s, shared) if s in winners else "")


def _win_payments(hand: FinishedHand, win: Win, patterns: dict[Seat, PatternResult | None],
                  rules: GuiyangRules) -> list[Payment]:
    out = []
    cat = Category.WIN.value
    for s in win.in_turn_order():
        result = patterns[s]
        assert result is not None
        title = result.pattern.title + f" {result.value}"
        if win.kind is WinKind.DISCARD:
            assert win.source is not None
            if (result.pattern is Pattern.PLAIN and rules.plain_discard_win_needs_kong
                    and not hand.player(s).has_kong):
                raise RulesError(Message(
                    "{winner} cannot win on {source}'s discard {tile}: a plain win on a discard "
                    "needs a kong (a bean), and {winner} ({hand}) has none; a self-draw or a "
                    "higher pattern needs none", winner=_name(s), source=_name(win.source),
                    tile=str(win.tile), hand=str(hand.player(s))))
            out.append(Payment(win.source, s, result.value,
                               Message("{title} on {source}'s discard {tile}", title=title,
                                       source=_name(win.source), tile=str(win.tile)),
                               category=cat))
        elif win.kind is WinKind.HOT_DISCARD:
            assert win.source is not None
            out.append(Payment(win.source, s, result.value + rules.hot_discard_bonus,
                               Message("{title} + hot discard (热炮) {bonus} on {source}'s "
                                       "discard {tile} after a kong", title=title,
                                       bonus=rules.hot_discard_bonus, source=_name(win.source),
                                       tile=str(win.tile)), category=cat))
        elif win.kind is WinKind.ROBBED_KONG:
            assert win.source is not None
            amount = result.value + rules.self_draw_bonus
            first, second, third = (_name(s.next(k)) for k in (1, 2, 3))
            shares = Message("{first}'s, {second}'s and {third}'s", first=first, second=second,
                             third=third)
            out.append(Payment(win.source, s, 3 * amount,
                               Message("{title} + self-draw {bonus}, robbing {source}'s added "
                                       "kong of {tile} (抢杠胡): {source} pays all three shares "
                                       "of {amount} ({shares})", title=title,
                                       bonus=rules.self_draw_bonus, source=_name(win.source),
                                       tile=str(win.tile), amount=amount, shares=shares),
                               category=cat))
        else:
            amount = result.value + rules.self_draw_bonus
            reason = Message("{title} + self-draw (自摸) {bonus}", title=title,
                             bonus=rules.self_draw_bonus)
            if win.kind is WinKind.KONG_DRAW:
                amount += rules.kong_draw_bonus
                reason = Message("{reason} + kong draw (杠上开花) {bonus}", reason=reason,
                                 bonus=rules.kong_draw_bonus)
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
                                       bean.kind.label + f" {bean.meld}",
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
                detail = _chicken_detail(chickens[s])
                for payer in (s.next(k) for k in (1, 2, 3)):
                    out.append(Payment(payer, s, value,
                                       Message("chickens of {seat}: {detail}", seat=_name(s),
                                               detail=detail), category=cat))
        else:
            shown = [c for c in chickens[s] if c.kind.is_fixed and c.place.visible]
            value = sum(c.value for c in shown)
            if value:
                detail = _chicken_detail(shown)
                for payee in SEATS:
                    if payee in eligible:
                        out.append(Payment(s, payee, value,
                                           Message("{seat} is not ready: pays visible fixed "
                                                   "chickens ({detail})", seat=_name(s),
                                                   detail=detail), category=cat))
    return out


def _chicken_detail(chickens: Sequence[Chicken]) -> Message:
    """``1s fixed chicken held 1, ...``: each chicken's tile, kind, place and value."""
    return join(Message(", "), (Message("{tile} {kind} {place} {value}", tile=str(c.tile),
                                        kind=Message(c.kind.value),
                                        place=Message(c.place.value), value=c.value)
                                for c in chickens))


def _hot_discard(receipts: list[Payment], discarder: Seat) -> list[Payment]:
    """The hot discarder forfeits their receipts and pays everyone else's alone: one payment
    per payee and item, whose reason names the shares it covers."""
    groups: dict[tuple[Seat, str | None, str], list[Payment]] = {}
    for p in receipts:
        if p.payee != discarder:
            groups.setdefault((p.payee, p.category, p.reason), []).append(p)
    return [_merged(items, discarder) for items in groups.values()]


def _merged(items: Sequence[Payment], discarder: Seat) -> Payment:
    first = items[0]
    others = [_name(p.payer) for p in items if p.payer != discarder]
    if not others:
        return first
    own = any(p.payer == discarder for p in items)
    whose = ([Message("its own")] if own else []) + [Message("{seat}'s", seat=n) for n in others]
    shares = both(whose)
    if len({p.amount for p in items}) > 1:
        reason = nmessage("{reason} [hot discard (热炮): {seat} pays {shares} share]",
                          "{reason} [hot discard (热炮): {seat} pays {shares} shares]",
                          len(whose), reason=first.reason, seat=_name(discarder),
                          shares=shares)
    else:
        reason = nmessage("{reason} [hot discard (热炮): {seat} pays {shares} share of "
                          "{amount}]",
                          "{reason} [hot discard (热炮): {seat} pays {shares} shares of "
                          "{amount}]", len(whose), reason=first.reason, seat=_name(discarder),
                          shares=shares, amount=first.amount)
    return replace(first, payer=discarder, amount=sum(p.amount for p in items), reason=reason)


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
                                   Message("tenpai (查叫): {seat} is ready, best possible "
                                           "{pattern} {value} on {tile}", seat=_name(s),
                                           pattern=result.pattern.title, value=result.value,
                                           tile=str(result.winning_tile)),
                                   category=Category.TENPAI.value))
    return out
