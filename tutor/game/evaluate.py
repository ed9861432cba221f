"""What each option of a decision is worth, in points, by playing it out.

:func:`evaluate` estimates, for the seat to act in a :class:`~tutor.game.state.HandState`, the
expected net points of each of its legal options (or a chosen few). It never reads what the
seat cannot see: each *play-out* starts from a **determinization** (:func:`determinize`), a copy
of the hand in which every tile hidden from the seat (the other hands, their concealed kongs,
the wall, Hangzhou's burned tiles) is dealt again at random from the tiles the seat has not
seen, keeping every count the seat can see (tiles in each hand, kongs, wall and dead wall).
The option is applied, the bots play the hand out (:data:`~tutor.game.bots.BOT_NAMES`), and the
game's own settlement pays it (kong points, beans, chickens, multipliers, liability: whatever
the variant's hooks settle); the seat's net is one sample.

Every option is played from the same determinizations with the same bots' seeds (common random
numbers), so two options' samples are paired and their difference is measured much more
precisely than either mean (:meth:`Evaluation.difference`). The work is budgeted before it
starts: ``playouts`` determinizations (each played once per option) and, optionally, ``cpu``
seconds, checked between determinizations. Without ``cpu`` an evaluation is exact to replay:
the same state, options, seed and budget give the same numbers.

What makes a play-out cheap without changing its number: the state is copied by
:func:`fast_clone` (the variant's tracker by :func:`copy_tracker`), the hand is settled for its
ledger alone (``HandState.settle_details``: no notes, no non-winner's best pattern in Guiyang),
and an evaluation may take play-outs already made from the same state from a ``memo`` (the
coach's decisions of one position share theirs: the discard made is played out once for the
win, kong and discard decisions).

When the decision answers another player's discard, the seats asked before this one have
answered already, unseen; a determinization deals them new hands, asks their bots again, and
is drawn anew when one of them would have won or taken the tile first (this seat would not have
been asked), so the resampled hands agree with what the seat saw happen.
"""

from __future__ import annotations

import copy as _copy
import dataclasses
import enum
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.core.hand import Meld, MeldKind
from tutor.core.tiles import KINDS, Tile, Wind
from tutor.errors import InputError
from tutor.game.actions import Action, ActionKind
from tutor.game.bots import BOT_NAMES, Bot, make_bot
from tutor.game.gcpause import paused_gc
from tutor.game.state import HandState, Phase, PlayerState

__all__ = ["MAX_PLAYOUTS", "Estimate", "Evaluation", "Memo", "determinize", "evaluate",
           "hidden_pool", "mean_se"]

#: the most determinizations one evaluation may ask for
MAX_PLAYOUTS = 10_000
#: play-outs made from one state by one bot, by (seed, determinization, option): their nets
Memo = dict[tuple[int, int, Action], int]
#: how many times a determinization is drawn again before it is accepted as it is
_RETRIES = 20


@dataclass(frozen=True)
class Estimate:
    """One option's estimate: the mean of the seat's net points over ``n`` play-outs, its
    standard error, and the samples (in determinization order)."""

    action: Action
    mean: float
    se: float
    n: int
    samples: tuple[int, ...] = ()

    def __str__(self) -> str:
        return f"{self.action}: {self.mean:+.1f} points (+/- {self.se:.1f}, n={self.n})"


@dataclass(frozen=True)
class Evaluation:
    """Every evaluated option of one decision, best first (highest mean, then the legal
    order)."""

    seat: Wind
    estimates: tuple[Estimate, ...]
    seed: int

    @property
    def best(self) -> Estimate:
        return self.estimates[0]

    def of(self, action: Action) -> Estimate:
        """The estimate of ``action`` (InputError if it was not evaluated)."""
        for e in self.estimates:
            if e.action == action:
                return e
        raise InputError(f"{action} was not evaluated")

    def difference(self, better: Action, worse: Action) -> tuple[float, float]:
        """Mean and standard error of ``better``'s net minus ``worse``'s, paired by
        determinization (the common random numbers)."""
        a, b = self.of(better).samples, self.of(worse).samples
        return mean_se([x - y for x, y in zip(a, b, strict=True)])

    def __str__(self) -> str:
        return "\n".join(str(e) for e in self.estimates)


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (infinite for fewer than two)."""
    n = len(values)
    if n == 0:
        return 0.0, math.inf
    mean = sum(values) / n
    if n == 1:
        return mean, math.inf
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


# -- what the seat cannot see -----------------------------------------------------------------

def _burned_positions(state: HandState) -> list[int]:
    """Where Hangzhou's burned tiles lay: each replacement burns the far tile and takes the
    one beneath it, so the j-th burned tile was at ``len - 1 - 2j``."""
    last = len(state.wall.tiles) - 1
    return [last - 2 * j for j in range(state.wall.burned)]


def hidden_pool(state: HandState, seat: Wind) -> list[Tile]:
    """Every tile ``seat`` cannot see, in a fixed order: the other seats' concealed tiles and
    concealed kongs, the wall still to be drawn (dead wall included) and the burned tiles.
    As a multiset it is exactly the tiles the seat has not seen."""
    pool: list[Tile] = []
    for other, player in state.players.items():
        if other == seat:
            continue
        for i, n in enumerate(player.counts):
            pool += [KINDS[i]] * n
        for meld in player.melds:
            if meld.kind is MeldKind.CONCEALED_KONG:
                pool += [meld.tile] * 4
    wall = state.wall
    pool += wall.tiles[wall.front:wall.back + 1]
    pool += [wall.tiles[i] for i in _burned_positions(state)]
    return pool


def determinize(state: HandState, seat: Wind, rng: random.Random) -> HandState:
    """A copy of ``state`` with every tile hidden from ``seat`` dealt again at random (see the
    module doc); ``state`` itself is not changed. What ``seat`` sees is the same in the copy.

    For a decision on another player's discard, the seats asked before ``seat`` answer again
    with the new hands (by the sensible bot); a deal in which one of them would have won, or in
    which ``seat`` would not be asked as it was, is drawn again (at most 20 times, then the
    earlier seats are taken to have passed)."""
    if state.is_terminal():
        raise InputError("the hand is over: nothing to determinize")
    for attempt in range(_RETRIES + 1):
        copy = _redeal(state, seat, rng)
        if state.phase is Phase.ACT:
            return copy
        if _replay_earlier(copy, state, seat, forced=attempt == _RETRIES):
            return copy
    raise AssertionError("unreachable")  # pragma: no cover


def fast_clone(state: HandState) -> HandState:
    """A copy of ``state`` to play on, sharing what play never changes (the hooks, the chance,
    frozen melds and events): the same as ``state.clone()`` for play, several times faster."""
    new = object.__new__(HandState)
    fields = dict(state.__dict__)
    fields["players"] = {s: PlayerState(p.seat, list(p.counts), list(p.melds), list(p.sources),
                                        list(p.discards), list(p.taken), p.drawn, p.from_kong)
                         for s, p in state.players.items()}
    fields["wall"] = _copy.copy(state.wall)
    fields["events"] = list(state.events)
    fields["history"] = list(state.history)
    fields["offers"] = dict(state.offers)
    fields["answers"] = dict(state.answers)
    fields["_seen"] = {}
    fields["_piles"] = {}
    fields["tracker"] = copy_tracker(state.tracker)
    new.__dict__.update(fields)
    return new


def copy_tracker(tracker: object) -> object:
    """A copy of a variant's per-hand tracker (a mutable dataclass of plain containers) for
    play: each field's lists, dicts and sets copied, their immutable items (numbers, tiles,
    seats, tuples and frozen dataclasses of them) shared; anything else deep-copied. The same
    as ``copy.deepcopy`` for play, several times faster."""
    if tracker is None:
        return None
    if not dataclasses.is_dataclass(tracker) or isinstance(tracker, type):
        return _copy.deepcopy(tracker)
    new = _copy.copy(tracker)
    for f in dataclasses.fields(tracker):
        setattr(new, f.name, _fresh(getattr(tracker, f.name)))
    return new


def _immutable(value: object) -> bool:
    kind = type(value)
    if kind in _IMMUTABLE_TYPES:
        return True
    if kind is tuple:
        return all(_immutable(v) for v in value)  # type: ignore[attr-defined]
    params = getattr(kind, "__dataclass_params__", None)
    if isinstance(value, _ATOMS) or (params is not None and params.frozen):
        _IMMUTABLE_TYPES.add(kind)  # a frozen dataclass is taken to hold immutable values
        return True
    return False


def _fresh(value: object) -> object:
    """``value`` copied as deep as it is mutable (see :func:`copy_tracker`)."""
    if _immutable(value):
        return value
    kind = type(value)
    if kind is list:
        if all(type(v) in _IMMUTABLE_TYPES for v in value):  # type: ignore[attr-defined]
            return list(value)  # type: ignore[call-overload]
        return [_fresh(v) for v in value]  # type: ignore[attr-defined]
    if kind is set:
        return {_fresh(v) for v in value}  # type: ignore[attr-defined]
    if kind is dict:
        return {k: _fresh(v) for k, v in value.items()}  # type: ignore[attr-defined]
    return _copy.deepcopy(value)


_ATOMS = (int, float, str, bytes, type(None), Tile, enum.Enum)
_IMMUTABLE_TYPES: set[type] = {int, float, str, bytes, type(None), bool, Tile}


def _redeal(state: HandState, seat: Wind, rng: random.Random) -> HandState:
    copy = fast_clone(state)
    pool = sorted(hidden_pool(state, seat), key=lambda t: t.index)  # no hidden order left
    rng.shuffle(pool)
    counts = [0] * 34
    for t in pool:
        counts[t.index] += 1
    joker = state.variant.joker
    # the other seats' concealed kongs first: a kind with four unseen copies each
    kongs: dict[Wind, list[int]] = {}
    for other, player in copy.players.items():
        if other == seat:
            continue
        for m, meld in enumerate(player.melds):
            if meld.kind is MeldKind.CONCEALED_KONG:
                kinds = [i for i, n in enumerate(counts) if n == 4
                         and (joker is None or i != joker.index)]
                i = rng.choice(kinds) if kinds else meld.tile.index
                counts[i] -= 4
                player.melds[m] = Meld.kong(KINDS[i], MeldKind.CONCEALED_KONG)
                kongs.setdefault(other, []).append(i)
    rest: list[Tile] = []
    for t in pool:
        if counts[t.index] > 0:
            counts[t.index] -= 1
            rest.append(t)
    # then the concealed tiles of each other seat, then the wall and the burned tiles
    at = 0
    for other, player in copy.players.items():
        if other == seat:
            continue
        n = sum(player.counts)
        new = [0] * 34
        for t in rest[at:at + n]:
            new[t.index] += 1
        at += n
        player.counts = new
        player.drawn = None  # another seat's last draw is its own secret
    wall = copy.wall
    tiles = list(wall.tiles)
    span = wall.back + 1 - wall.front
    tiles[wall.front:wall.back + 1] = rest[at:at + span]
    at += span
    for i in _burned_positions(state):
        tiles[i] = rest[at]
        at += 1
    assert at == len(rest)
    wall.tiles = tuple(tiles)
    _forget_hidden(copy, seat)
    copy._legal = None
    copy._seen = {}
    copy._piles = {}
    return copy


def _forget_hidden(state: HandState, seat: Wind) -> None:
    """Make the trackers' memories of hidden things agree with the new hands: a Guiyang
    seat's declined wins and pongs (nobody sees a pass), the Live Tile exception of another
    seat's last discard in Huangyan (it depends on the hand it was made from)."""
    tracker = state.tracker
    for name in ("win_blocked", "win_offered"):
        found = getattr(tracker, name, None)
        if isinstance(found, set):
            found.intersection_update({seat})
    blocked = getattr(tracker, "pong_blocked", None)
    if isinstance(blocked, dict):
        for other in [s for s in blocked if s != seat]:
            del blocked[other]
    notes = getattr(tracker, "notes", None)
    discarded = getattr(tracker, "discarded", None)
    if notes and isinstance(discarded, list) and notes[-1].seat != seat and notes[-1].live:
        from dataclasses import replace

        note = notes[-1]
        counts = state.players[note.seat].counts
        all_live = all(not discarded[i] or i == note.tile.index
                       for i, n in enumerate(counts) if n)
        notes[-1] = replace(note, all_live=all_live)


def _replay_earlier(copy: HandState, original: HandState, seat: Wind, forced: bool) -> bool:
    """In a claim or robbing window: offer the other seats what their new hands allow, let
    the seats before ``seat`` answer again, and say whether ``seat`` is then asked the same
    question (``forced``: the earlier seats pass, whatever they hold)."""
    tile, source = copy.offer_tile, copy.offer_from
    assert tile is not None and source is not None
    order = copy._claim_order()
    earlier = order[:order.index(seat)]
    offers: dict[Wind, tuple[Action, ...]] = {}
    last = copy.wall.live == 0
    for other in order:
        if other == seat:
            offers[other] = original.offers[seat]
        elif copy.phase is Phase.ROB:
            if (copy.hooks.may_win_on_discard(copy, other, tile, source)
                    and copy.hooks.is_complete(copy, other, tile)):
                offers[other] = (Action(ActionKind.ROB, tile),)
        else:
            found = copy._claims(other, tile, source, last)
            if found:
                offers[other] = found
    if forced:
        offers = {s: a for s, a in offers.items() if s not in earlier}
    copy.offers = offers
    copy.answers = {}
    copy._legal = None
    bots = {s: make_bot("sensible") for s in earlier}
    while not copy.is_terminal() and copy.current_actor() != seat:
        actor = copy.current_actor()
        if actor not in bots:
            return False
        copy.apply(bots[actor].choose(copy.view(actor)))
    if copy.is_terminal() or copy.phase is not original.phase:
        return False
    return copy.offer_tile == tile and copy.legal_actions() == original.legal_actions()


# -- playing the options out -----------------------------------------------------------------

def evaluate(state: HandState, actions: Sequence[Action] | None = None, *,
             playouts: int = 32, seed: int = 0, cpu: float | None = None,
             bot: str = "sensible", memo: Memo | None = None) -> Evaluation:
    """Estimate the net points of each option of the seat to act (all its legal actions, or
    ``actions``), by ``playouts`` play-outs of each from the same determinizations.

    ``cpu``: stop after this many seconds of CPU time (checked between determinizations, and
    at least two are played), at the cost of exact replay. ``bot``: who plays the hand out
    (every seat, this one included, after the option). ``memo``: play-outs already made
    from this same state by this bot, by ``(seed, k, action)`` (the ``k``-th
    determinization of ``seed``); those found are reused rather than played again, those
    played are added (the numbers are the same either way: a play-out depends on nothing
    else). Bad arguments raise :class:`~tutor.errors.InputError` before anything is
    played."""
    seat = state.current_actor()
    if seat is None:
        raise InputError("the hand is over: no decision to evaluate")
    legal = state.legal_actions()
    options = list(legal if actions is None else actions)
    if not options:
        raise InputError("no option to evaluate")
    for a in options:
        if a not in legal:
            raise InputError(f"{a} is not a legal option now")
    if len(set(options)) != len(options):
        raise InputError("an option is listed twice")
    if isinstance(playouts, bool) or not isinstance(playouts, int) \
            or not 1 <= playouts <= MAX_PLAYOUTS:
        raise InputError(f"playouts must be a whole number from 1 to {MAX_PLAYOUTS:,}")
    if cpu is not None and (isinstance(cpu, bool) or not isinstance(cpu, int | float)
                            or not 0 < cpu <= 3600):
        raise InputError("cpu must be a number of seconds above 0, at most 3600")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InputError("seed must be a whole number")
    if bot not in BOT_NAMES:
        raise InputError(f"unknown bot {bot[:40]!r} ({' or '.join(BOT_NAMES)})")
    samples: list[list[int]] = [[] for _ in options]
    with paused_gc():
        _play_options(state, seat, options, samples, playouts, seed, cpu, bot, memo)
    estimates = []
    for action, values in zip(options, samples, strict=True):
        mean, se = mean_se(values)
        estimates.append(Estimate(action, mean, se, len(values), tuple(values)))
    order = sorted(range(len(estimates)), key=lambda i: (-estimates[i].mean, i))
    return Evaluation(seat, tuple(estimates[i] for i in order), seed)


def _play_options(state: HandState, seat: Wind, options: list[Action],
                  samples: list[list[int]], playouts: int, seed: int, cpu: float | None,
                  bot: str, memo: Memo | None) -> None:
    """:func:`evaluate`'s play-outs, each option's values appended to ``samples``."""
    start = time.process_time()
    for k in range(playouts):
        if cpu is not None and k >= 2 and time.process_time() - start > cpu:
            break
        known = [memo.get((seed, k, a)) for a in options] if memo is not None else []
        if memo is not None and None not in known:
            for i, value in enumerate(known):
                samples[i].append(value)  # type: ignore[arg-type]
            continue
        rng = random.Random(f"tutor-evaluate:{seed}:{k}")
        world = determinize(state, seat, rng)
        bot_seed = rng.getrandbits(32)
        for i, action in enumerate(options):
            found = known[i] if known else None
            if found is None:
                found = _play(world, action, seat, bot, bot_seed)
                if memo is not None:
                    memo[(seed, k, action)] = found
            samples[i].append(found)


def _play(world: HandState, action: Action, seat: Wind, bot: str, bot_seed: int) -> int:
    state = fast_clone(world)
    state.settle_details = False  # the net alone is read
    state.apply(action)
    players: dict[Wind, Bot] = {s: make_bot(bot, bot_seed + n)
                                for n, s in enumerate(state.players)}
    while not state.is_terminal():  # not play_out: its watcher must not see these hands
        actor = state.current_actor()
        assert actor is not None
        state.apply(players[actor].choose(state.view(actor)))
    return net_points(state, seat)


def net_points(state: HandState, seat: Wind) -> int:
    """The seat's net in a finished hand's settlement (0 when it pays nothing)."""
    ledger = getattr(state.settlement, "ledger", None)
    if ledger is None:
        return 0
    return int(ledger.net().get(seat, 0))
