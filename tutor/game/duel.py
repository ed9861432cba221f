"""Duplicate matches between two bots: the same deals with the bots' seats rotated, so the luck
of the tiles cancels.

Deal ``d`` of a match is dealt from seed ``seed + d`` and played four times. The first bot (A)
sits at two neighbouring seats and the second (B) at the other two; each play turns that
arrangement one seat further (A A B B, B A A B, B B A A, A B B A for East, South, West, North),
so each seat's tiles are played twice by each bot and each bot sits before and after the other
equally often. A bot's points per hand are the net payments of its seats over the eight
seat-hands it played of the deal; since every settlement sums to zero, A's points per hand are
exactly minus B's. The four plays of one deal share its tiles and are correlated, so the 95%
confidence interval is taken over deals (one figure per deal, the normal approximation: the
mean plus or minus 1.96 standard errors).

A match is fixed by its arguments: the same deals, seeds and bots give the same figures in this
process, over the machine's cores (``workers``) or on a Dask cluster (``executor="dask"``),
as :func:`tutor.game.simulate.simulate` does for single hands.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.core.tiles import Wind
from tutor.core.variant import Variant
from tutor.game.bots import make_bot, play_out
from tutor.game.executors import SimulationError, check_executor, cpu_count, run_chunks, whole
from tutor.game.hooks import Hooks
from tutor.game.simulate import MAX_SEED, check_bots, variant_of
from tutor.game.state import HandState, WinKind
from tutor.game.variants import hooks_for

__all__ = ["MAX_DEALS", "ROTATIONS", "BotFigures", "DealResult", "DuelResult", "duel",
           "play_deal", "play_deals"]

#: The most deals one match may play (each deal is four hands).
MAX_DEALS = 1_000_000
#: Which bot (0: the first, 1: the second) sits at East, South, West, North in each of the four
#: plays of a deal.
ROTATIONS = ((0, 0, 1, 1), (1, 0, 0, 1), (1, 1, 0, 0), (0, 1, 1, 0))
SEATS = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)
_Z95 = 1.959963984540054


@dataclass(frozen=True)
class DealResult:
    """One deal's four plays, per bot (index 0 or 1): the net points of its seats, the hands it
    won, the winning discards it made (deal-ins) and those that made it liable (Huangyan)."""

    seed: int
    points: tuple[int, int]
    wins: tuple[int, int]
    deal_ins: tuple[int, int]
    liable: tuple[int, int]


def _interval(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high): the mean and its 95% interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, -math.inf, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = _Z95 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def play_deal(hooks: Hooks, seed: int, bots: tuple[str, str]) -> DealResult:
    """Play the deal of ``seed`` four times, the bots' seats rotated (:data:`ROTATIONS`)."""
    points, wins, deal_ins, liable = [0, 0], [0, 0], [0, 0], [0, 0]
    for rotation in ROTATIONS:
        state = HandState.new(hooks, seed=seed)
        players = {seat: make_bot(bots[rotation[i]], seed * 4 + i)
                   for i, seat in enumerate(SEATS)}
        play_out(state, players)
        side = {seat: rotation[i] for i, seat in enumerate(SEATS)}
        ledger = getattr(state.settlement, "ledger", None)
        if ledger is not None:
            for seat, net in ledger.net().items():
                points[side[seat]] += net
        outcome = state.outcome
        assert outcome is not None
        for seat in outcome.winners:
            wins[side[seat]] += 1
        if outcome.how is WinKind.DISCARD and outcome.discarder is not None:
            deal_ins[side[outcome.discarder]] += 1
        who = getattr(state.settlement, "liable", None)
        if isinstance(who, Wind):
            liable[side[who]] += 1
    return DealResult(seed, (points[0], points[1]), (wins[0], wins[1]),
                      (deal_ins[0], deal_ins[1]), (liable[0], liable[1]))


def play_deals(variant: str, start: int, count: int, bots: Sequence[str],
               overrides: dict[str, Any]) -> list[DealResult]:
    """The deals of seeds ``start`` to ``start + count - 1`` (one task of a worker process or
    a Dask worker)."""
    hooks = hooks_for(variant, dict(overrides))
    pair = (bots[0], bots[1])
    return [play_deal(hooks, s, pair) for s in range(start, start + count)]


@dataclass(frozen=True)
class BotFigures:
    """One bot's figures over a match. Rates are per seat-hand the bot played."""

    name: str
    points: float  # mean net points per hand
    low: float  # 95% interval of the mean, over deals
    high: float
    win_rate: float
    deal_in_rate: float
    liability_rate: float | None  # Huangyan only

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"bot": self.name, "points_per_hand": self.points,
                                  "ci95": [self.low, self.high], "win_rate": self.win_rate,
                                  "deal_in_rate": self.deal_in_rate}
        if self.liability_rate is not None:
            out["liability_rate"] = self.liability_rate
        return out


@dataclass(frozen=True)
class DuelResult:
    """A duplicate match: each bot's figures, and the first bot's margin (its points per hand
    minus the second's) with its 95% interval over deals."""

    variant: Variant
    deals: int
    seed: int
    bots: tuple[BotFigures, BotFigures]
    margin: float
    margin_low: float
    margin_high: float
    results: tuple[DealResult, ...] = field(default=(), repr=False, compare=False)

    @property
    def hands(self) -> int:
        return 4 * self.deals

    @property
    def significant(self) -> bool:
        """Whether the margin's 95% interval excludes zero."""
        return self.margin_low > 0 or self.margin_high < 0

    def as_dict(self) -> dict[str, object]:
        return {"variant": self.variant.value, "deals": self.deals, "hands": self.hands,
                "seed": self.seed, "bots": [b.as_dict() for b in self.bots],
                "margin": self.margin, "margin_ci95": [self.margin_low, self.margin_high],
                "significant": self.significant}

    def __str__(self) -> str:
        a, b = self.bots
        lines = [f"{self.deals:,} duplicate deals of {self.variant.title} ({self.hands:,} "
                 f"hands: each deal four times, the seats rotated), seed {self.seed}",
                 f"{'bot':<16} {'points/hand':>11} {'95% interval':>18} {'win rate':>9} "
                 f"{'deal-ins':>9}" + (f" {'liable':>7}" if a.liability_rate is not None
                                       else "")]
        for bot in self.bots:
            row = (f"{bot.name:<16} {bot.points:>+11.2f} {f'{bot.low:+.2f} to {bot.high:+.2f}':>18}"
                   f" {bot.win_rate:>9.1%} {bot.deal_in_rate:>9.1%}")
            if bot.liability_rate is not None:
                row += f" {bot.liability_rate:>7.1%}"
            lines.append(row)
        verdict = ("the interval excludes zero" if self.significant
                   else "the interval includes zero: no difference shown")
        lines.append(f"{a.name} minus {b.name}: {self.margin:+.2f} points per hand "
                     f"(95% interval {self.margin_low:+.2f} to {self.margin_high:+.2f}; "
                     f"{verdict})")
        return "\n".join(lines)


def _figures(variant: Variant, bots: tuple[str, str], results: Sequence[DealResult],
             seed: int) -> DuelResult:
    n = len(results)
    seat_hands = 8 * n  # each bot: two seats in each of four plays
    figures = []
    for side in (0, 1):
        per_deal = [r.points[side] / 8 for r in results]
        mean, low, high = _interval(per_deal)
        liability = (sum(r.liable[side] for r in results) / seat_hands
                     if variant is Variant.HUANGYAN else None)
        figures.append(BotFigures(bots[side], mean, low, high,
                                  sum(r.wins[side] for r in results) / seat_hands,
                                  sum(r.deal_ins[side] for r in results) / seat_hands,
                                  liability))
    margin, low, high = _interval([(r.points[0] - r.points[1]) / 8 for r in results])
    return DuelResult(variant, n, seed, (figures[0], figures[1]), margin, low, high,
                      tuple(results))


def _pair(bots: Sequence[str] | str) -> tuple[str, str]:
    names = check_bots(bots)
    if len(names) != 2:
        raise SimulationError("a duel takes exactly two bots, for example sensible,random")
    return names[0], names[1]


def duel(variant: Variant | str, deals: int, seed: int = 0,
         bots: Sequence[str] | str = ("sensible", "random"),
         overrides: dict[str, Any] | None = None, workers: int | None = None,
         progress: Callable[[int, int], None] | None = None, *, executor: str = "local",
         scheduler: str | None = None, chunk: int | None = None) -> DuelResult:
    """Play ``deals`` duplicate deals (deal ``d`` from seed ``seed + d``) between two bots and
    return their figures. ``executor``, ``workers``, ``scheduler`` and ``chunk`` as for
    :func:`tutor.game.simulate.simulate`; ``progress(done, deals)`` after each deal or chunk.
    Bad arguments raise :class:`~tutor.game.simulate.SimulationError` before any hand."""
    v = variant_of(variant)
    deals = whole(deals, "deals", 1, MAX_DEALS)
    seed = whole(seed, "seed", -MAX_SEED, MAX_SEED - MAX_DEALS)
    pair = _pair(bots)
    workers, scheduler, chunk = check_executor(executor, workers, scheduler, chunk, 10_000)
    changes = dict(overrides or {})
    hooks = hooks_for(v, changes)  # a bad rule fails before anything is played
    results: list[DealResult] = []
    workers = workers or cpu_count()
    if scheduler is None and (workers == 1 or deals == 1):
        for s in range(seed, seed + deals):
            results.append(play_deal(hooks, s, pair))
            if progress:
                progress(len(results), deals)
    else:
        parts: dict[int, list[DealResult]] = {}
        done = 0

        def arrive(index: int, part: list[DealResult]) -> None:
            nonlocal done
            parts[index], done = part, done + len(part)
            if progress:
                progress(done, deals)

        size = chunk or (50 if scheduler else max(1, min(50, deals // (workers * 8))))
        run_chunks(play_deals, (v.value, pair, changes), seed, deals, size, arrive,
                   workers=workers, scheduler=scheduler, unit="deals")
        results = [r for index in sorted(parts) for r in parts[index]]
    return _figures(v, pair, results, seed)
