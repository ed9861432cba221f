"""A Hangzhou game across hands: the winner deals next, the dealer's tally is deferred.

Four players (0-3) sit in a fixed order around the table; player ``i`` holds table seat
``Seat(i + 1)`` in the game's ledger (:mod:`tutor.variants.hangzhou.ledger`). In each hand the
dealer plays as East and the others take South, West and North in turn order. The winner of a
hand deals the next; after an exhaustive draw the dealer stays. Payments follow the rule text's
deferred dealer tally (paid when the dealership passes, and any open tally at the end); a
first-turn matching-discards penalty is paid at once. Everyone starts with
``rules.starting_points``; the game ends after the hand in which a score goes below zero, or
after ``play.session_hand_cap`` hands (a safety cap).
"""

from __future__ import annotations

import html
import random
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.core.tiles import Wind
from tutor.core.variant import Variant
from tutor.game.bots import make_bot, play_out
from tutor.game.state import Chance, HandState, WinKind
from tutor.game.variants.hangzhou.play import HangzhouSettlement, make_hooks
from tutor.game.variants.hangzhou.rules import hangzhou_rules
from tutor.ledger import Ledger, Payment, Seat
from tutor.variants.hangzhou.ledger import GameLedger, HandResult, play

__all__ = ["SessionReport", "hand_seat", "play_session"]


def hand_seat(player: int, dealer: int) -> Wind:
    """The wind ``player`` plays in a hand dealt by ``dealer`` (the dealer is East)."""
    return Wind.EAST.next((player - dealer) % 4)


def _table(seat: Wind, dealer: int) -> Seat:
    """The table seat (player index + 1) of whoever plays ``seat`` in a hand dealt by
    ``dealer``."""
    return Seat((dealer + seat - 1) % 4 + 1)


@dataclass(frozen=True)
class SessionReport:
    """A played game: hands, final scores by player, statistics, and the game's ledger."""

    seed: int
    bots: tuple[str, ...]
    hands: int
    scores: dict[int, int]
    stats: dict[str, float]
    game: GameLedger
    penalties: Ledger
    dealers: tuple[int, ...]
    ended_below_zero: bool

    @property
    def ledger(self) -> Ledger:
        """Every payment of the game (table seats: player i is ``Seat(i + 1)``)."""
        return self.game.ledger + self.penalties

    def as_dict(self) -> dict[str, object]:
        return {"seed": self.seed, "bots": list(self.bots), "hands": self.hands,
                "scores": {str(p): n for p, n in self.scores.items()}, "stats": self.stats,
                "dealers": list(self.dealers), "ended_below_zero": self.ended_below_zero,
                "game": self.game.as_dict(), "penalties": self.penalties.as_dicts()}

    def __str__(self) -> str:
        why = "a score went below zero" if self.ended_below_zero else "the hand cap was reached"
        scores = ", ".join(f"player {p} {n}" for p, n in self.scores.items())
        lines = [f"Hangzhou game, seed {self.seed}, bots {', '.join(self.bots)}: "
                 f"{self.hands} hands ({why})", f"final scores: {scores}"]
        lines += [f"{k}: {v:g}" for k, v in self.stats.items()]
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        return "<br>".join(html.escape(line) for line in str(self).splitlines())


def _streaks(dealers: Sequence[int]) -> list[int]:
    """Lengths of the runs of hands dealt by the same player."""
    runs: list[int] = []
    for i, d in enumerate(dealers):
        if i and dealers[i - 1] == d:
            runs[-1] += 1
        else:
            runs.append(1)
    return runs


def play_session(seed: int, bots: Sequence[str] = ("sensible",),
                 overrides: Mapping[str, Any] | None = None) -> SessionReport:
    """Play a seeded Hangzhou game to its end with bots (player ``i`` uses
    ``bots[i % len(bots)]``); the first dealer is player 0."""
    rules, options = hangzhou_rules(overrides)
    overrides = dict(overrides or {})
    rng = random.Random(seed)
    players = [make_bot(bots[i % len(bots)], seed * 4 + i) for i in range(4)]
    dealer = 0
    results: list[HandResult] = []
    penalties: list[Payment] = []
    dealers: list[int] = []
    specials = draws = 0
    ended = False
    for number in range(1, options.session_hand_cap + 1):
        hooks = make_hooks(overrides, hand_number=number)
        state = HandState(hooks, Chance.roll(Variant.HANGZHOU, rng))
        bot_at = {hand_seat(p, dealer): players[p] for p in range(4)}
        play_out(state, bot_at)
        settlement = state.settlement
        assert isinstance(settlement, HangzhouSettlement) and state.outcome is not None
        dealers.append(dealer)
        if settlement.first_turn is not None:
            penalties += [Payment(_table(p.payer, dealer), _table(p.payee, dealer), p.amount,
                                  p.reason, category=p.category, hand=number)
                          for p in settlement.first_turn.payments]
        if state.outcome.winners:
            winner = _table(state.outcome.winners[0], dealer)
            specials += state.outcome.how is WinKind.SPECIAL
            results.append(HandResult.win(winner, settlement.product, settlement.reason))
            dealer = winner - 1
        else:
            draws += 1
            results.append(HandResult.draw())
        game = play(results, rules=rules, settle_at_end=False)
        net = (game.ledger + Ledger(tuple(penalties))).net()
        if game.ended_after is not None or min(net.values()) + rules.starting_points < 0:
            ended = True
            break
    game = play(results, rules=rules, settle_at_end=True)
    pen = Ledger(tuple(penalties))
    net = (game.ledger + pen).net()
    scores = {i: rules.starting_points + net[Seat(i + 1)] for i in range(4)}
    runs = _streaks(dealers)
    hands = len(results)
    wins = [r for r in results if r.winner is not None]
    stats = {
        "hands": float(hands),
        "draws": float(draws),
        "draw rate": draws / hands,
        "dealer streaks": float(len(runs)),
        "mean dealer streak": statistics.fmean(runs),
        "longest dealer streak": float(max(runs)),
        "special wins": float(specials),
        "mean multiplier": statistics.fmean(r.multiplier for r in wins) if wins else 0.0,
        "first-turn penalties": float(len({p.hand for p in penalties})),
    }
    return SessionReport(seed, tuple(bots), hands, scores, stats, game, pen, tuple(dealers),
                         ended)
