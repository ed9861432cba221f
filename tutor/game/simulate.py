"""Seeded simulation of many hands with bots, spread over the machine's cores."""

from __future__ import annotations

import os
import statistics
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from tutor.core.variant import Variant
from tutor.game.bots import make_bot, play_out
from tutor.game.state import HandState
from tutor.game.variants import hooks_for

__all__ = ["HandSummary", "Summary", "play_hand", "simulate"]


@dataclass(frozen=True)
class HandSummary:
    """What one simulated hand contributes to the statistics."""

    winners: tuple[str, ...]
    how: str
    net: dict[str, int]
    moves: int
    extra: dict[str, float] = field(default_factory=dict)


def play_hand(variant: Variant, seed: int, bots: Sequence[str],
              overrides: dict[str, Any] | None = None) -> HandState:
    """Play one hand to the end; seat i (East, South, West, North) uses ``bots[i % len]``."""
    hooks = hooks_for(variant, overrides)
    state = HandState.new(hooks, seed=seed)
    players = {seat: make_bot(bots[i % len(bots)], seed * 4 + i)
               for i, seat in enumerate(state.players)}
    play_out(state, players)
    return state


def _summarise(state: HandState) -> HandSummary:
    outcome = state.outcome
    assert outcome is not None
    ledger = getattr(state.settlement, "ledger", None)
    net = {s.letter: n for s, n in ledger.net().items()} if ledger is not None else {}
    stats = getattr(state.hooks, "hand_stats", None)
    extra = stats(state) if stats is not None else {}
    return HandSummary(tuple(s.letter for s in outcome.winners),
                       outcome.how.value if outcome.how else "draw", net, len(state.history),
                       extra)


def _batch(args: tuple[str, list[int], list[str], dict[str, Any]]) -> list[HandSummary]:
    variant, seeds, bots, overrides = args
    v = Variant.parse(variant)
    return [_summarise(play_hand(v, s, bots, overrides)) for s in seeds]


@dataclass(frozen=True)
class Summary:
    """Statistics over simulated hands."""

    variant: Variant
    hands: int
    seed: int
    bots: tuple[str, ...]
    wins_by_seat: dict[str, int]
    wins_by_way: dict[str, int]
    draws: int
    mean_net: dict[str, float]
    payment_quantiles: dict[str, float]
    mean_moves: float
    extra: dict[str, float]
    details: tuple[HandSummary, ...] = field(default=(), repr=False, compare=False)

    @property
    def gains(self) -> list[int]:
        """The winner's net gain in every won hand (the first winner's, with several)."""
        return [d.net[d.winners[0]] for d in self.details if d.winners and d.net]

    def stat(self, name: str) -> list[float]:
        """One per-hand statistic of the variant (``hand_stats``) over every hand."""
        return [d.extra.get(name, 0.0) for d in self.details]

    def as_dict(self) -> dict[str, object]:
        return {"variant": self.variant.value, "hands": self.hands, "seed": self.seed,
                "bots": list(self.bots), "wins_by_seat": self.wins_by_seat,
                "wins_by_way": self.wins_by_way, "draws": self.draws,
                "mean_net": self.mean_net, "payment_quantiles": self.payment_quantiles,
                "mean_moves": self.mean_moves, "extra": self.extra}

    def __str__(self) -> str:
        lines = [f"{self.hands} {self.variant.title} hands, seed {self.seed}, "
                 f"bots {', '.join(self.bots)}"]
        rate = ", ".join(f"{s} {n / self.hands:.1%}" for s, n in self.wins_by_seat.items())
        lines.append(f"win rate by seat: {rate}")
        ways = ", ".join(f"{k} {n / self.hands:.1%}" for k, n in self.wins_by_way.items())
        lines.append(f"ways of winning: {ways or 'none'}")
        lines.append(f"draws: {self.draws} ({self.draws / self.hands:.1%})")
        if self.mean_net:
            net = ", ".join(f"{s} {v:+.2f}" for s, v in self.mean_net.items())
            lines.append(f"mean net per hand: {net}")
            q = ", ".join(f"{k} {v:g}" for k, v in self.payment_quantiles.items())
            lines.append(f"winner's gain per won hand: {q}")
        lines.append(f"moves per hand: {self.mean_moves:.1f}")
        for key, value in self.extra.items():
            lines.append(f"{key}: {value:g}")
        return "\n".join(lines)


def simulate(variant: Variant | str, hands: int, seed: int = 0,
             bots: Sequence[str] = ("sensible",), overrides: dict[str, Any] | None = None,
             workers: int | None = None, progress: Callable[[int, int], None] | None = None
             ) -> Summary:
    """Play ``hands`` seeded hands (hand i uses seed ``seed + i``) and summarise them.

    Batches go to ``workers`` processes (default: the machine's cores); the result does not
    depend on how many, only on the random seed."""
    v = Variant.parse(variant)
    overrides = dict(overrides or {})
    hooks_for(v, overrides)  # fail early on bad overrides
    workers = workers or os.cpu_count() or 1
    seeds = [seed + i for i in range(hands)]
    size = max(1, min(200, hands // (workers * 4) or 1))
    batches = [seeds[i:i + size] for i in range(0, hands, size)]
    jobs = [(v.value, b, list(bots), overrides) for b in batches]
    results: list[HandSummary] = []
    if workers == 1 or len(batches) == 1:
        for job in jobs:
            results += _batch(job)
            if progress:
                progress(len(results), hands)
    else:
        with ProcessPoolExecutor(workers) as pool:
            for part in pool.map(_batch, jobs):
                results += part
                if progress:
                    progress(len(results), hands)
    return _summary(v, seed, tuple(bots), results)


def _summary(variant: Variant, seed: int, bots: tuple[str, ...],
             results: list[HandSummary]) -> Summary:
    seats = ("E", "S", "W", "N")
    by_seat = Counter(w for r in results for w in r.winners)
    by_way = Counter(r.how for r in results if r.winners)
    nets = [r.net for r in results if r.net]
    mean_net = {s: statistics.fmean(n.get(s, 0) for n in nets) for s in seats} if nets else {}
    gains = sorted(r.net[r.winners[0]] for r in results if r.winners and r.net)
    quantiles: dict[str, float] = {}
    if gains:
        for name, q in (("min", 0.0), ("median", 0.5), ("p90", 0.9), ("max", 1.0)):
            quantiles[name] = gains[min(len(gains) - 1, int(q * (len(gains) - 1) + 0.5))]
    keys = sorted({k for r in results for k in r.extra})
    extra = {k: statistics.fmean(r.extra.get(k, 0.0) for r in results) for k in keys}
    return Summary(variant, len(results), seed, bots, {s: by_seat.get(s, 0) for s in seats},
                   dict(sorted(by_way.items())), sum(1 for r in results if not r.winners),
                   mean_net, quantiles, statistics.fmean(r.moves for r in results), extra,
                   tuple(results))


def progress_bar(done: int, total: int) -> None:
    """A one-line progress bar on stderr."""
    width = 30
    filled = int(width * done / total) if total else width
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} hands")
    if done >= total:
        sys.stderr.write("\n")
    sys.stderr.flush()
