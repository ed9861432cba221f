"""Payments across the hands of a Hangzhou game: the dealer's deferred tally
(the rule text, section 6).

While the dealer keeps winning nothing is paid: each dealer win puts tokens aside, as many as its
multiplier product, and one token is worth ``rules.base_dealer_wins`` (8) from each other player.
When someone else wins, first that winner is paid for their hand, then the outgoing dealer's
tokens; the winner becomes dealer. An exhaustive draw keeps the dealer and the tally. The game
ends after the hand in which a score goes below zero; a tally still open when the game ends (or
the session stops) is paid then. Every tally payment is labelled with the hand after which it is
paid (its reason names the hand whose win put the tokens aside). A first-turn matching-discards
penalty (:class:`FirstTurn`) is paid at once, before anything else of its hand.

>>> game = play([HandResult.win(Seat.EAST, 2), HandResult.draw(), HandResult.win(Seat.SOUTH, 1)])
>>> game.scores[Seat.EAST], game.scores[Seat.SOUTH]
(140, 94)
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field

from tutor.core.tiles import Tile
from tutor.errors import RulesError
from tutor.i18n import N_, Message, _, comma, localize
from tutor.ledger import Ledger, Payment, Seat, seat_name
from tutor.variants.hangzhou.rules import HANGZHOU, HangzhouRules
from tutor.variants.hangzhou.scoring import win_payments
from tutor.variants.hangzhou.special import FirstTurnPenalty, first_turn_matching
from tutor.variants.hangzhou.text import tile_text

__all__ = ["FirstTurn", "GameLedger", "HandRecord", "HandResult", "play"]

TALLY = N_("dealer tally")
END_TALLY = N_("open tally at game end")


def _seat(seat: Seat) -> str:
    return localize(seat_name(seat))


def _scores(scores: dict[Seat, int]) -> str:
    return comma().join(f"{_seat(s)} {n}" for s, n in scores.items())


@dataclass(frozen=True)
class FirstTurn:
    """A hand's first four discards (the dealer's first) matched, so the dealer paid: the four
    tiles and the dealer's dice (two dice, or their total). :meth:`penalty` makes the payments
    (:func:`~tutor.variants.hangzhou.special.first_turn_matching`); discards that do not match
    are refused, since nothing would be paid."""

    discards: tuple[Tile, ...]
    dice: int | tuple[int, int]

    def penalty(self, dealer: Seat, rules: HangzhouRules = HANGZHOU,
                hand_number: int | None = None) -> FirstTurnPenalty:
        penalty = first_turn_matching(self.discards, self.dice, dealer=dealer, rules=rules,
                                      hand_number=hand_number)
        if not penalty.applies:
            tiles = " ".join(tile_text(t) for t in self.discards)
            raise RulesError(f"first-turn discards {tiles} do not match (four of a kind, or "
                             "three and a joker): there is no penalty to pay")
        return penalty

    def __str__(self) -> str:
        tiles = " ".join(tile_text(t) for t in self.discards)
        dice = (f"{self.dice[0]}+{self.dice[1]}" if isinstance(self.dice, tuple)
                else str(self.dice))
        return _("first-turn discards {tiles}, dice {dice}").format(tiles=tiles, dice=dice)


@dataclass(frozen=True)
class HandResult:
    """What a hand gave: a self-drawn win by ``winner`` at ``multiplier``, or an exhaustive draw
    (``winner`` None). ``reason`` names the rules behind the multiplier (it goes into the
    payments); ``note`` is free text for the record; ``first_turn`` a first-turn matching
    discards penalty the dealer paid during the hand."""

    winner: Seat | None
    multiplier: int = 1
    reason: str = ""
    note: str = ""
    first_turn: FirstTurn | None = None

    def __post_init__(self) -> None:
        if self.multiplier < 1:
            raise RulesError(f"a win's multiplier is at least 1, not {self.multiplier}")

    @classmethod
    def win(cls, winner: Seat, multiplier: int = 1, reason: str = "", note: str = "",
            first_turn: FirstTurn | None = None) -> HandResult:
        return cls(winner, multiplier, reason, note, first_turn)

    @classmethod
    def draw(cls, note: str = "", first_turn: FirstTurn | None = None) -> HandResult:
        return cls(None, note=note, first_turn=first_turn)

    def __repr__(self) -> str:
        note = f"note={self.note!r}" if self.note else ""
        first = f"first_turn={self.first_turn!r}" if self.first_turn else ""
        if self.winner is None:
            return f"HandResult.draw({', '.join(x for x in (note, first) if x)})"
        extra = "".join(f", {x}" for x in (repr(self.reason) if self.reason else "", note,
                                           first) if x)
        return f"HandResult.win(Seat.{self.winner.name}, {self.multiplier}{extra})"

    def __str__(self) -> str:
        note = f" [{self.note}]" if self.note else ""
        first = f"; {self.first_turn}" if self.first_turn else ""
        if self.winner is None:
            return _("exhaustive draw") + first + note
        text = (_("{winner} wins x{multiplier} ({reason})") if self.reason else
                _("{winner} wins x{multiplier}"))
        return text.format(winner=_seat(self.winner), multiplier=self.multiplier,
                           reason=localize(self.reason)) + first + note


@dataclass(frozen=True)
class HandRecord:
    """One hand of the game: its dealer, result, the payments made after it, the tally left
    open and the scores after it."""

    number: int
    dealer: Seat
    result: HandResult
    payments: Ledger
    tally: tuple[tuple[int, int], ...]
    scores: tuple[int, int, int, int]

    @property
    def tokens(self) -> int:
        """The dealer's open tokens after this hand."""
        return sum(t for _, t in self.tally)

    def __str__(self) -> str:
        scores = _scores({s: self.scores[s - 1] for s in Seat})
        head = _("hand {number} (dealer {dealer}): {result}; open tokens {tokens}; scores "
                 "{scores}").format(number=self.number, dealer=_seat(self.dealer),
                                    result=self.result, tokens=self.tokens, scores=scores)
        return "\n".join([head] + [f"  {p}" for p in self.payments])


@dataclass(frozen=True)
class GameLedger:
    """A replayed game: each hand's record, the end-of-game tally, the scores."""

    rules: HangzhouRules
    first_dealer: Seat
    hands: tuple[HandRecord, ...]
    final: Ledger = field(default_factory=Ledger)
    ended_after: int | None = None

    @property
    def ledger(self) -> Ledger:
        """Every payment, in the order made."""
        out = Ledger()
        for record in self.hands:
            out += record.payments
        return out + self.final

    @property
    def scores(self) -> dict[Seat, int]:
        net = self.ledger.net()
        return {s: self.rules.starting_points + net[s] for s in Seat}

    @property
    def dealer(self) -> Seat:
        """The dealer of the next hand."""
        if not self.hands:
            return self.first_dealer
        last = self.hands[-1]
        return last.result.winner or last.dealer

    def as_dict(self) -> dict[str, object]:
        return {
            "hands": [{"hand": r.number, "dealer": r.dealer.letter,
                       "winner": r.result.winner.letter if r.result.winner else None,
                       "multiplier": r.result.multiplier, "reason": r.result.reason,
                       "first_turn": _first_turn_dict(r.result.first_turn),
                       "open_tokens": r.tokens,
                       "scores": {s.letter: r.scores[s - 1] for s in Seat},
                       "payments": r.payments.as_dicts()} for r in self.hands],
            "final": self.final.as_dicts(),
            "ended_after": self.ended_after,
            "scores": {s.letter: n for s, n in self.scores.items()},
        }

    def __str__(self) -> str:
        out = [str(r) for r in self.hands]
        if self.ended_after is not None:
            out.append(_("the game ended after hand {hand} (a score below zero)").format(
                hand=self.ended_after))
        if self.final:
            out.append(_("open tally paid at the end:"))
            out += [f"  {p}" for p in self.final]
        out.append(_("final scores: {scores}").format(scores=_scores(self.scores)))
        return "\n".join(out)

    def _repr_html_(self) -> str:
        scores = _("final scores: {scores}").format(scores=_scores(self.scores))
        return f"{self.ledger._repr_html_()}<p>{html.escape(scores)}</p>"


def _first_turn_dict(first: FirstTurn | None) -> dict[str, object] | None:
    if first is None:
        return None
    dice = list(first.dice) if isinstance(first.dice, tuple) else first.dice
    return {"discards": [str(t) for t in first.discards], "dice": dice}


def _tally_payments(dealer: Seat, tally: Sequence[tuple[int, int]], paid_after: int,
                    rules: HangzhouRules, category: str, at_end: bool = False) -> list[Payment]:
    """The tally's payments, labelled with ``paid_after``, the hand after which they are paid."""
    when = (Message("paid at the end of the game") if at_end else
            Message("paid after hand {hand}", hand=paid_after))
    out = []
    for origin, tokens in tally:
        for payer in Seat:
            if payer != dealer:
                out.append(Payment(payer, dealer, rules.base_dealer_wins * tokens,
                                   Message("{dealer}'s tally from hand {origin}: {tokens} "
                                           "token(s) x {base}, {when}", dealer=seat_name(dealer),
                                           origin=origin, tokens=tokens,
                                           base=rules.base_dealer_wins, when=when),
                                   category=category, hand=paid_after))
    return out


def play(results: Sequence[HandResult], *, rules: HangzhouRules = HANGZHOU,
         first_dealer: Seat = Seat.EAST, settle_at_end: bool = True) -> GameLedger:
    """Replay the hands in order and make every payment (see the module docstring)."""
    dealer = first_dealer
    tally: list[tuple[int, int]] = []
    scores = [rules.starting_points] * 4
    records: list[HandRecord] = []
    ended_after: int | None = None
    for number, result in enumerate(results, 1):
        if ended_after is not None:
            raise RulesError(f"hand {number}: the game already ended after hand {ended_after}, "
                             "when a score went below zero")
        payments: list[Payment] = []
        if result.first_turn is not None:
            payments += result.first_turn.penalty(dealer, rules, number).payments
        winner = result.winner
        if winner is not None and winner == dealer:
            tally.append((number, result.multiplier))
        elif winner is not None:
            reason = Message("{winner}'s win x{multiplier}", winner=seat_name(winner),
                             multiplier=result.multiplier)
            if result.reason:
                reason = Message("{reason} ({why})", reason=reason, why=result.reason)
            payments += win_payments(winner, dealer, result.multiplier, rules=rules,
                                     reason=reason, hand=number)
            payments += _tally_payments(dealer, tally, number, rules, TALLY)
            tally = []
        for p in payments:
            scores[p.payer - 1] -= p.amount
            scores[p.payee - 1] += p.amount
        records.append(HandRecord(number, dealer, result, Ledger(tuple(payments)), tuple(tally),
                                  (scores[0], scores[1], scores[2], scores[3])))
        if min(scores) < 0:
            ended_after = number
        dealer = winner or dealer
    final = Ledger()
    if settle_at_end and tally:
        final = Ledger(tuple(_tally_payments(dealer, tally, len(records), rules, END_TALLY,
                                             at_end=True)))
    return GameLedger(rules, first_dealer, tuple(records), final, ended_after)
