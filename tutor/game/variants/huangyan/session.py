"""A whole Huangyan session played by bots: seats by dice each match, the dealer rotation,
table stacks with capped payments, matches ending when a stack touches zero, three matches.

The accounting is :class:`tutor.variants.huangyan.matches.Session`; this module only plays
the hands and feeds each one's sheets and liability to it.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.core.tiles import Wind
from tutor.errors import InputError
from tutor.game.bots import make_bot, play_out
from tutor.game.state import HandState
from tutor.game.variants.huangyan.play import HuangyanHooks, HuangyanSettlement, huangyan_rules
from tutor.variants.huangyan.matches import Session

__all__ = ["HandLog", "SessionReport", "play_session"]

PLAYERS = ("P0", "P1", "P2", "P3")


@dataclass(frozen=True)
class HandLog:
    """One hand of a session, by player index (0-3): the match, the dealer, the winner (None:
    a Yellow Cliff draw), the liable player, and the player's seat winds for that hand."""

    match: int
    dealer: int
    winner: int | None
    liable: int | None
    seats: tuple[str, ...]


@dataclass(frozen=True)
class SessionReport:
    """A played session: hands, each player's final score (player index -> points), statistics
    and the full :class:`Session` (matches, every hand's reckoning)."""

    seed: int
    bots: tuple[str, ...]
    hands: int
    scores: dict[int, int]
    stats: dict[str, float]
    match_hands: tuple[int, ...]
    log: tuple[HandLog, ...] = field(repr=False, compare=False)
    session: Session = field(repr=False, compare=False)

    @property
    def total(self) -> int:
        return sum(self.scores.values())

    def as_dict(self) -> dict[str, object]:
        return {"seed": self.seed, "bots": list(self.bots), "hands": self.hands,
                "scores": dict(self.scores), "match_hands": list(self.match_hands),
                "stats": dict(self.stats)}

    def __str__(self) -> str:
        scores = ", ".join(f"player {i} ({self.bots[i % len(self.bots)]}) {n}"
                           for i, n in self.scores.items())
        lengths = ", ".join(str(n) for n in self.match_hands)
        rows = [f"Huangyan session, seed {self.seed}: {self.hands} hands in "
                f"{len(self.match_hands)} matches (hands per match: {lengths})",
                f"scores: {scores} (total {self.total})"]
        rows += [f"{key}: {value:g}" for key, value in self.stats.items()]
        return "\n".join(rows)


def play_session(seed: int, bots: Sequence[str], overrides: Mapping[str, Any] | None = None
                 ) -> SessionReport:
    """Play a seeded session. Player ``i`` (0-3) is played by ``bots[i % len(bots)]`` and keeps
    its bot across hands; its seat changes with the dice and the dealer rotation."""
    if not bots:
        raise InputError("play_session needs at least one bot name (random or sensible)")
    rules = huangyan_rules(overrides)
    hooks = HuangyanHooks(rules)
    rng = random.Random(seed)
    players = [make_bot(bots[i % len(bots)], seed * 4 + i) for i in range(4)]
    session = Session.start(PLAYERS, rules=rules)
    hands = draws = liable = dealer_wins = 0
    match_hands: list[int] = []
    log: list[HandLog] = []
    while not session.over:
        session = session.new_match(rng=rng)
        count = 0
        while (match := session.current) is not None:
            state = HandState.new(hooks, seed=rng.getrandbits(48))
            by_seat = {seat: players[i] for i, seat in enumerate(match.seats)}
            play_out(state, by_seat)
            settlement = state.settlement
            assert isinstance(settlement, HuangyanSettlement)
            count += 1
            winner = settlement.winner
            index = {seat: i for i, seat in enumerate(match.seats)}
            log.append(HandLog(match.number, index[Wind.EAST],
                               None if winner is None else index[winner],
                               None if settlement.liable is None else index[settlement.liable],
                               tuple(seat.letter for seat in match.seats)))
            if winner is None:
                draws += 1
                session = session.draw()
            else:
                liable += settlement.liable is not None
                dealer_wins += winner == settlement.reckoning.dealer
                session = session.win(winner=winner, totals=settlement.sheets,
                                      liable=settlement.liable)
        hands += count
        match_hands.append(count)
    scores = {i: session.scores[name] for i, name in enumerate(PLAYERS)}
    won = hands - draws
    stats = {
        "matches": float(len(match_hands)),
        "mean_match_hands": statistics.fmean(match_hands),
        "longest_match_hands": float(max(match_hands)),
        "draws": float(draws),
        "draw_rate": draws / hands,
        "liability_rate": liable / hands,
        "liability_per_win": liable / won if won else 0.0,
        "dealer_win_rate": dealer_wins / hands,
    }
    return SessionReport(seed, tuple(bots), hands, scores, stats, tuple(match_hands),
                         tuple(log), session)
