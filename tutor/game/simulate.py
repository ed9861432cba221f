"""Seeded simulation of many hands with bots: in this process, over the machine's cores, or on
a Dask cluster.

Hand ``i`` of a run is dealt from random seed ``seed + i`` and played by the same bots, so a run
is fixed by its arguments. The hands are cut into chunks of consecutive seeds; whichever
executor plays the chunks and in whatever order they finish, their results are folded in seed
order. The same arguments therefore give exactly the same statistics on one core, on every core
(``workers``) or on a Dask cluster of any size (``executor="dask"``, ``scheduler=ADDRESS``;
needs the ``cluster`` extra: ``pip install "mahjong-tutor[cluster]"``).

Bad arguments raise :class:`SimulationError` (an unknown bot: :class:`~tutor.game.bots.BotError`;
a bad rule: :class:`~tutor.errors.RulesError`) before any hand is played. A run has at most
:data:`MAX_HANDS` hands; seeds are made as the chunks are handed out, never listed in advance.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tutor.core.variant import Variant
from tutor.game.bots import BOT_NAMES, make_bot, play_out
from tutor.game.executors import (
    EXECUTORS,
    Job,
    SimulationError,
    check_executor,
    cpu_count,
    run_chunks,
    whole,
)
from tutor.game.hooks import Hooks
from tutor.game.state import HandState
from tutor.game.variants import hooks_for

__all__ = ["EXECUTORS", "MAX_HANDS", "MAX_SEED", "HandSummary", "SimulationError", "Summary",
           "check_bots", "cpu_count", "play_chunk", "play_hand", "simulate", "simulate_pair"]

#: The most hands one run may play (ten million: a million-hand what-if fits ten times over).
MAX_HANDS = 10_000_000
#: Seeds lie between ``-MAX_SEED`` and ``MAX_SEED``.
MAX_SEED = 2**63 - 1
#: Runs up to this size keep every hand's figures (``Summary.gains``, ``Summary.stat``).
KEEP_DETAILS = 100_000
_SEATS = ("E", "S", "W", "N")


@dataclass(frozen=True)
class HandSummary:
    """What one simulated hand contributes to the statistics."""

    winners: tuple[str, ...]
    how: str
    net: dict[str, int]
    moves: int
    extra: dict[str, float] = field(default_factory=dict)


def variant_of(variant: Variant | str) -> Variant:
    """``variant`` as a :class:`Variant` (SimulationError for anything else)."""
    try:
        return Variant.parse(variant)
    except (ValueError, TypeError) as exc:  # an InputError: simulate's errors are its own kind
        raise SimulationError(str(exc)[:200]) from None


def check_bots(bots: Sequence[str] | str) -> tuple[str, ...]:
    """The bot names for East, South, West, North (1 to 4 names, repeated around the table)."""
    if isinstance(bots, str):
        bots = [b.strip() for b in bots.split(",")]
    names = tuple(bots)
    if not names or len(names) > 4 or not all(isinstance(b, str) and b for b in names):
        raise SimulationError(f"bots: give 1 to 4 names, each {' or '.join(BOT_NAMES)} "
                              "(seats East, South, West, North take them in turn)")
    for name in names:
        make_bot(name)  # BotError for an unknown name
    return names


def play_hand(variant: Variant, seed: int, bots: Sequence[str],
              overrides: dict[str, Any] | None = None) -> HandState:
    """Play one hand to the end; seat i (East, South, West, North) uses ``bots[i % len]``."""
    return _play(hooks_for(variant, overrides), seed, bots)


def _play(hooks: Hooks, seed: int, bots: Sequence[str]) -> HandState:
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


def play_chunk(variant: str, start: int, count: int, bots: Sequence[str],
               overrides: Mapping[str, Any]) -> list[HandSummary]:
    """Play the hands of seeds ``start`` to ``start + count - 1`` (one task of a worker
    process or a Dask worker; the ruleset's hooks are made once for the chunk)."""
    hooks = hooks_for(variant, dict(overrides))
    return [_summarise(_play(hooks, s, bots)) for s in range(start, start + count)]


@dataclass(frozen=True)
class Summary:
    """Statistics over simulated hands. ``details`` (every hand's :class:`HandSummary`) is kept
    for runs of at most :data:`KEEP_DETAILS` hands."""

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

    def _details(self) -> tuple[HandSummary, ...]:
        if len(self.details) != self.hands:
            raise SimulationError(f"a run of {self.hands:,} hands keeps no per-hand figures "
                                  f"(only runs of at most {KEEP_DETAILS:,} do)")
        return self.details

    @property
    def gains(self) -> list[int]:
        """The winner's net gain in every won hand (the first winner's, with several)."""
        return [d.net[d.winners[0]] for d in self._details() if d.winners and d.net]

    def stat(self, name: str) -> list[float]:
        """One per-hand statistic of the variant (``hand_stats``) over every hand."""
        return [d.extra.get(name, 0.0) for d in self._details()]

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


class _Tally:
    """Running totals over hands added in seed order: exact integer sums, so the result does
    not depend on how the hands were cut into chunks."""

    def __init__(self, keep: bool) -> None:
        self.hands = self.draws = self.moves = self.net_hands = 0
        self.by_seat: Counter[str] = Counter()
        self.by_way: Counter[str] = Counter()
        self.net = dict.fromkeys(_SEATS, 0)
        self.gains: Counter[int] = Counter()
        self.extra: dict[str, float] = {}
        self.details: list[HandSummary] | None = [] if keep else None

    def add(self, r: HandSummary) -> None:
        self.hands += 1
        self.moves += r.moves
        self.by_seat.update(r.winners)
        if r.winners:
            self.by_way[r.how] += 1
        else:
            self.draws += 1
        if r.net:
            self.net_hands += 1
            for s in _SEATS:
                self.net[s] += r.net.get(s, 0)
            if r.winners:
                self.gains[r.net[r.winners[0]]] += 1
        for key, value in r.extra.items():
            self.extra[key] = self.extra.get(key, 0.0) + value
        if self.details is not None:
            self.details.append(r)

    def summary(self, variant: Variant, seed: int, bots: tuple[str, ...]) -> Summary:
        n = self.hands
        mean_net = ({s: self.net[s] / self.net_hands for s in _SEATS} if self.net_hands
                    else {})
        return Summary(variant, n, seed, bots, {s: self.by_seat.get(s, 0) for s in _SEATS},
                       dict(sorted(self.by_way.items())), self.draws, mean_net,
                       _quantiles(self.gains), self.moves / n,
                       {k: self.extra[k] / n for k in sorted(self.extra)},
                       tuple(self.details or ()))


def _quantiles(gains: Counter[int]) -> dict[str, float]:
    """min, median, p90, max of the gains (the nearest rank, as on the sorted list)."""
    total = sum(gains.values())
    if not total:
        return {}
    values = sorted(gains)
    out: dict[str, float] = {}
    for name, q in (("min", 0.0), ("median", 0.5), ("p90", 0.9), ("max", 1.0)):
        rank = min(total - 1, int(q * (total - 1) + 0.5))
        seen = 0
        for v in values:
            seen += gains[v]
            if seen > rank:
                out[name] = v
                break
    return out


def _run_args(variant: Variant | str, hands: int, seed: int, bots: Sequence[str]
              ) -> tuple[Variant, int, int, tuple[str, ...]]:
    """A run's variant, hands, seed and bot names, checked (SimulationError otherwise)."""
    return (variant_of(variant), whole(hands, "hands", 1, MAX_HANDS),
            whole(seed, "seed", -MAX_SEED, MAX_SEED), check_bots(bots))


def simulate(variant: Variant | str, hands: int, seed: int = 0,
             bots: Sequence[str] = ("sensible",), overrides: dict[str, Any] | None = None,
             workers: int | None = None, progress: Callable[[int, int], None] | None = None,
             *, executor: str = "local", scheduler: str | None = None,
             chunk: int | None = None) -> Summary:
    """Play ``hands`` seeded hands (hand i uses seed ``seed + i``) and summarise them.

    ``executor="local"`` plays them here: in this process with ``workers=1`` (``progress`` is
    then called after every hand), else in ``workers`` processes (default: every CPU; at most
    :func:`cpu_count`). ``executor="dask"`` sends chunks of ``chunk`` hands to the Dask
    scheduler at ``scheduler`` (for example ``"tcp://10.0.0.5:8786"``); every worker there needs
    this package installed. The result depends only on the variant, hands, seed, bots and
    rules, never on the executor, the workers or the chunk size."""
    v, hands, seed, names = _run_args(variant, hands, seed, bots)
    workers, scheduler, chunk = check_executor(executor, workers, scheduler, chunk, 100_000)
    changes = dict(overrides or {})
    hooks_for(v, changes)  # fail early on bad overrides
    job: Job = (v.value, names, changes)
    tally = _Tally(keep=hands <= KEEP_DETAILS)
    workers = workers or cpu_count()
    if scheduler is None and (workers == 1 or hands == 1):
        _run_here(job, seed, hands, tally, progress)
    else:
        size = chunk or (500 if scheduler else max(1, min(500, hands // (workers * 8))))
        run_chunks(play_chunk, job, seed, hands, size, _InOrder(tally, hands, progress).arrive,
                   workers=workers, scheduler=scheduler)
    return tally.summary(v, seed, names)


def simulate_pair(variant: Variant | str, hands: int, seed: int = 0,
                  bots: Sequence[str] = ("sensible",), overrides: dict[str, Any] | None = None,
                  progress: Callable[[int, int], None] | None = None
                  ) -> tuple[Summary, Summary]:
    """:func:`simulate` under the default rules and under ``overrides``, in this process, the
    two plays of each seed one right after the other, so the second meets a deal while the
    bots' caches still hold what they worked out about it. The two summaries are those of two
    separate runs (a test compares them); ``progress(done, 2 * hands)`` after every hand."""
    v, hands, seed, names = _run_args(variant, hands, seed, bots)
    runs = [(hooks_for(v, {}), _Tally(keep=hands <= KEEP_DETAILS)),
            (hooks_for(v, dict(overrides or {})), _Tally(keep=hands <= KEEP_DETAILS))]
    done = 0
    for s in range(seed, seed + hands):
        for hooks, tally in runs:
            tally.add(_summarise(_play(hooks, s, names)))
            done += 1
            if progress:
                progress(done, 2 * hands)
    return runs[0][1].summary(v, seed, names), runs[1][1].summary(v, seed, names)


def _run_here(job: Job, seed: int, hands: int, tally: _Tally,
              progress: Callable[[int, int], None] | None) -> None:
    variant, bots, overrides = job
    hooks = hooks_for(variant, overrides)
    for s in range(seed, seed + hands):
        tally.add(_summarise(_play(hooks, s, bots)))
        if progress:
            progress(tally.hands, hands)


class _InOrder:
    """Folds chunk results into the tally in chunk order, whatever order they arrive in."""

    def __init__(self, tally: _Tally, total: int,
                 progress: Callable[[int, int], None] | None) -> None:
        self.tally, self.total, self.progress = tally, total, progress
        self.next = 0
        self.waiting: dict[int, list[HandSummary]] = {}

    def arrive(self, index: int, results: list[HandSummary]) -> None:
        self.waiting[index] = results
        while self.next in self.waiting:
            for r in self.waiting.pop(self.next):
                self.tally.add(r)
            self.next += 1
        if self.progress:
            self.progress(self.tally.hands, self.total)


def progress_bar(done: int, total: int) -> None:
    """A one-line progress bar on stderr (redrawn about 200 times over a run)."""
    if done < total and done % max(1, total // 200):
        return
    from tutor.i18n import _

    width = 30
    filled = int(width * done / total) if total else width
    count = _("{done}/{total} hands").format(done=done, total=total)
    sys.stderr.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {count}")
    if done >= total:
        sys.stderr.write("\n")
    sys.stderr.flush()
