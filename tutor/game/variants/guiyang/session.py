"""A Guiyang Chicken session: consecutive hands with the dealer rules and running totals.

The first dealer (the host) is player 0, seated East. After a hand won by one player, the
winner deals; with several winners (on one discard or one robbed kong) the player who gave the
tile deals; after a drawn hand the dealer stays. Seats are re-assigned every hand so that the
dealer is East and the players keep their order round the table. Points are for play only: the
session is the ruleset's ``session_hands`` hands (default 8), with running totals and each
hand's win, bean and chicken points per player.
"""

from __future__ import annotations

import html
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.core.tiles import Wind
from tutor.errors import InputError
from tutor.game.bots import Bot, make_bot, play_out
from tutor.game.record import record
from tutor.game.state import SEATS, Chance, HandState, Outcome
from tutor.game.variants.guiyang.hooks import GuiyangHooks, make_hooks
from tutor.variants.guiyang import Settlement

__all__ = ["HandResult", "Points", "SessionReport", "next_dealer", "play_session",
           "run_session", "seating"]


def seating(dealer: int) -> tuple[Wind, Wind, Wind, Wind]:
    """The seat of each player 0-3 when ``dealer`` deals (the dealer is East, order kept)."""
    east, south, west, north = (SEATS[(p - dealer) % 4] for p in range(4))
    return (east, south, west, north)


def next_dealer(dealer: int, outcome: Outcome, seats: Sequence[Wind]) -> int:
    """Who deals next: the winner; the player who gave the tile when several won; the same
    dealer after a drawn hand."""
    player_at = {seat: p for p, seat in enumerate(seats)}
    if not outcome.winners:
        return dealer
    if len(outcome.winners) > 1:
        assert outcome.discarder is not None
        return player_at[outcome.discarder]
    return player_at[outcome.winners[0]]


@dataclass(frozen=True)
class Points:
    """One player's points in one hand: win (with tenpai payments after a draw), beans and
    chickens (with the liability chicken)."""

    win: int = 0
    bean: int = 0
    chicken: int = 0

    @property
    def total(self) -> int:
        return self.win + self.bean + self.chicken

    def __str__(self) -> str:
        return (f"{self.total:+d} (win {self.win:+d}, beans {self.bean:+d}, "
                f"chickens {self.chicken:+d})")

    @classmethod
    def of(cls, settlement: Settlement, seat: Wind) -> Points:
        nets = settlement.by_category()

        def get(*names: str) -> int:
            return sum(nets.get(name, {}).get(seat, 0) for name in names)

        return cls(get("win", "tenpai"), get("bean"), get("chicken", "liability chicken"))


@dataclass(frozen=True)
class HandResult:
    """One hand of a session, by player index 0-3."""

    number: int
    dealer: int
    seats: tuple[Wind, Wind, Wind, Wind]
    headline: str
    winners: tuple[int, ...]
    giver: int | None  # the discarder (or robbed player) of a win on another's tile
    points: tuple[Points, Points, Points, Points]
    totals: tuple[int, int, int, int]
    next_dealer: int
    record: dict[str, Any] = field(repr=False, compare=False, default_factory=dict)

    def __str__(self) -> str:
        who = ""
        if self.winners:
            who = f" [won by {', '.join(f'P{p}' for p in self.winners)}" + (
                f" from P{self.giver}]" if self.giver is not None else "]")
        lines = [f"hand {self.number}: dealer P{self.dealer}; {self.headline}{who}"]
        for p in range(4):
            lines.append(f"  P{p} {self.seats[p].letter}: {self.points[p]}, "
                         f"total {self.totals[p]:+d}")
        return "\n".join(lines)


@dataclass(frozen=True)
class SessionReport:
    """A played session: final ``scores`` per player 0-3, each hand's result and statistics."""

    hands: int
    scores: dict[int, int]
    stats: dict[str, float]
    results: tuple[HandResult, ...] = ()
    seed: int | None = None
    bots: tuple[str, ...] = ()

    def __str__(self) -> str:
        who = f", bots {', '.join(self.bots)}" if self.bots else ""
        seed = f", seed {self.seed}" if self.seed is not None else ""
        lines = [f"Guiyang Chicken session: {self.hands} hands{seed}{who}"]
        lines += [str(r) for r in self.results]
        lines.append("final: " + ", ".join(f"P{p} {s:+d}" for p, s in self.scores.items()))
        lines.append("stats: " + ", ".join(f"{k} {v:g}" for k, v in self.stats.items()))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return (f"SessionReport(hands={self.hands!r}, scores={self.scores!r}, "
                f"stats={self.stats!r})")

    def _repr_html_(self) -> str:
        head = "".join(f"<th>P{p}</th>" for p in range(4))
        rows = []
        for r in self.results:
            cells = "".join(
                f"<td>{r.points[p].total:+d} <small>(w {r.points[p].win:+d}, b "
                f"{r.points[p].bean:+d}, c {r.points[p].chicken:+d})</small> = "
                f"{r.totals[p]:+d}</td>" for p in range(4))
            rows.append(f"<tr><td>{r.number}</td><td>P{r.dealer}</td>"
                        f"<td>{html.escape(r.headline)}</td>{cells}</tr>")
        final = "".join(f"<td><b>{s:+d}</b></td>" for s in self.scores.values())
        return (f"<table><thead><tr><th>hand</th><th>dealer</th><th>result</th>{head}</tr>"
                f"</thead><tbody>{''.join(rows)}<tr><td colspan='3'>final</td>{final}</tr>"
                "</tbody></table>")


def run_session(hooks: GuiyangHooks, players: Sequence[Bot], chance_for: Callable[[int], Chance],
                hands: int | None = None, *, seed: int | None = None,
                bots: Sequence[str] = (), rules: Mapping[str, Any] | None = None
                ) -> SessionReport:
    """Play ``hands`` hands (default: the ruleset's ``session_hands``); hand ``i`` (from 0) is
    dealt by ``chance_for(i)``; player ``p`` (0-3) is ``players[p]`` whatever their seat."""
    count = hooks.rules.session_hands if hands is None else hands
    dealer = 0
    totals = [0, 0, 0, 0]
    results: list[HandResult] = []
    stats = {"draws": 0.0, "chicken points": 0.0, "bean points": 0.0,
             "multiple-winner hands": 0.0, "tenpai settlements": 0.0, "dealer changes": 0.0}
    for i in range(count):
        seats = seating(dealer)
        player_at = {seat: p for p, seat in enumerate(seats)}
        state = HandState(hooks, chance_for(i))
        play_out(state, {s: players[p] for s, p in player_at.items()})
        outcome, settlement = state.outcome, state.settlement
        assert outcome is not None and isinstance(settlement, Settlement)
        p0, p1, p2, p3 = (Points.of(settlement, seats[p]) for p in range(4))
        points = (p0, p1, p2, p3)
        for p in range(4):
            totals[p] += points[p].total
        after = next_dealer(dealer, outcome, seats)
        for key, value in hooks.hand_stats(state).items():
            if key in ("chicken points", "bean points"):
                stats[key] += value
            elif key == "multiple winners":
                stats["multiple-winner hands"] += value
            elif key == "tenpai settlement":
                stats["tenpai settlements"] += value
        stats["draws"] += not outcome.winners
        stats["dealer changes"] += after != dealer
        giver = player_at[outcome.discarder] if outcome.discarder is not None else None
        t0, t1, t2, t3 = totals
        results.append(HandResult(i + 1, dealer, seats, settlement.headline(),
                                  tuple(player_at[s] for s in outcome.winners), giver, points,
                                  (t0, t1, t2, t3), after, record(state, dict(rules or {}))))
        dealer = after
    return SessionReport(count, dict(enumerate(totals)), stats, tuple(results), seed,
                         tuple(bots))


def play_session(seed: int, bots: Sequence[str], overrides: dict[str, Any] | None = None
                 ) -> SessionReport:
    """A seeded session of the ruleset's ``session_hands`` hands; player ``p`` plays the bot
    ``bots[p % len(bots)]`` (``"random"`` or ``"sensible"``)."""
    if not bots:
        raise InputError("a session needs at least one bot name")
    hooks = make_hooks(overrides or {})
    players = [make_bot(bots[p % len(bots)], seed * 4 + p) for p in range(4)]
    rng = random.Random(seed)
    return run_session(hooks, players, lambda i: Chance.roll(hooks.variant, rng), seed=seed,
                       bots=[bots[p % len(bots)] for p in range(4)], rules=overrides)
