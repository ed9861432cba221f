"""Seeded random hands for generated practice, built from the rules of each game.

A :class:`Pool` holds the copies of each tile still unused (four of each kind of the game), so a
hand, the discards around it and a revealed tile never hold a fifth copy. :func:`complete_hand`
builds a winning hand from sets and a pair (or seven pairs), with declared melds and, in
Hangzhou, jokers standing for some of its tiles; the practice topics take tiles away or swap
them to make ready or unfinished hands.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.core.hand import Hand, Meld, MeldKind
from tutor.core.tiles import KINDS
from tutor.core.variant import Variant

__all__ = ["HandPlan", "Pool", "complete_hand", "kinds_of"]

JOKER = 31  # the White Dragon, Hangzhou's joker


class Pool:
    """The tiles not yet used: at most four copies of each kind of the game."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.left = [0] * 34
        for tile in variant.kinds:
            self.left[tile.index] = 4

    def has(self, kinds: Sequence[int]) -> bool:
        """Whether every tile of ``kinds`` (a kind may repeat) is still available."""
        return all(self.left[k] >= kinds.count(k) for k in set(kinds))

    def take(self, kinds: Sequence[int]) -> None:
        for k in kinds:
            if self.left[k] <= 0:
                raise ValueError(f"no {KINDS[k]} left in the pool")
            self.left[k] -= 1

    def put(self, kinds: Sequence[int]) -> None:
        for k in kinds:
            self.left[k] += 1

    def draw(self, rng: random.Random, allowed: Sequence[int] | None = None) -> int | None:
        """A random tile (weighted by the copies left), taken from the pool."""
        kinds = range(34) if allowed is None else allowed
        wall = [k for k in kinds for _ in range(self.left[k])]
        if not wall:
            return None
        k = rng.choice(wall)
        self.left[k] -= 1
        return k


def kinds_of(variant: Variant, suits: Sequence[int], honors: bool) -> list[int]:
    """Natural kinds of ``variant`` in the given suits (0 m, 1 p, 2 s), with or without honors
    (never the joker)."""
    out = [t.index for t in variant.natural_kinds
           if (t.index < 27 and t.index // 9 in suits) or (honors and t.index >= 27)]
    return out


@dataclass(frozen=True)
class HandPlan:
    """What kind of complete hand to build.

    ``kinds``: the natural kinds sets and the pair may use; ``melds``: how many declared melds;
    ``meld_kinds``: which meld kinds to choose from; ``chows``: the share of sets that are runs;
    ``seven_pairs``: build seven pairs instead (Hangzhou, Guiyang); ``jokers``: how many tiles a
    joker stands for (Hangzhou); ``joker_pair``: one of them is the second tile of the pair
    (the hand without the pair's first tile waits on anything: the White Dragon Pair Wait)."""

    kinds: tuple[int, ...]
    melds: int = 0
    meld_kinds: tuple[MeldKind, ...] = (MeldKind.PONG,)
    chows: float = 0.55
    seven_pairs: bool = False
    jokers: int = 0
    joker_pair: bool = False


def _set(rng: random.Random, pool: Pool, plan: HandPlan, runs: bool) -> list[int] | None:
    starts = [k for k in plan.kinds if k < 27 and k % 9 <= 6
              and k + 1 in plan.kinds and k + 2 in plan.kinds]
    for _ in range(40):
        if runs and starts and rng.random() < plan.chows:
            k = rng.choice(starts)
            tiles = [k, k + 1, k + 2]
        else:
            k = rng.choice(plan.kinds)
            tiles = [k, k, k]
        if pool.has(tiles):
            pool.take(tiles)
            return tiles
    return None


def _meld(rng: random.Random, pool: Pool, plan: HandPlan) -> Meld | None:
    for _ in range(40):
        kind = rng.choice(plan.meld_kinds)
        k = rng.choice(plan.kinds)
        if kind is MeldKind.CHOW:
            if k >= 27 or k % 9 > 6 or not {k + 1, k + 2} <= set(plan.kinds):
                continue
            tiles = [k, k + 1, k + 2]
        else:
            tiles = [k] * (4 if kind.is_kong else 3)
        if pool.has(tiles):
            pool.take(tiles)
            return Meld(kind, tuple(KINDS[x] for x in tiles))
    return None


def complete_hand(rng: random.Random, variant: Variant, plan: HandPlan,
                  pool: Pool | None = None) -> tuple[Hand, Pool]:
    """A random complete 14-tile hand following ``plan`` (and the pool it was drawn from)."""
    for _ in range(200):
        trial = Pool(variant)
        if pool is not None:
            trial.left = list(pool.left)
        hand = _try(rng, variant, plan, trial)
        if hand is not None:
            return hand, trial
    raise ValueError(f"no {variant.value} hand fits {plan}")  # pragma: no cover


def _try(rng: random.Random, variant: Variant, plan: HandPlan, pool: Pool) -> Hand | None:
    tiles: list[int] = []
    melds: list[Meld] = []
    if plan.seven_pairs:
        while len(tiles) < 14:
            k = rng.choice(plan.kinds)
            if not pool.has([k, k]):
                return None
            pool.take([k, k])
            tiles += [k, k]
    else:
        for _ in range(plan.melds):
            meld = _meld(rng, pool, plan)
            if meld is None:
                return None
            melds.append(meld)
        for _ in range(4 - len(melds)):
            group = _set(rng, pool, plan, runs=True)
            if group is None:
                return None
            tiles += group
        pairs = [k for k in plan.kinds if pool.left[k] >= 2]
        if not pairs:
            return None
        k = rng.choice(pairs)
        pool.take([k, k])
        tiles += [k, k]
    jokers = min(plan.jokers, pool.left[JOKER]) if variant.joker is not None else 0
    if jokers:
        slots = list(range(len(tiles)))
        if plan.joker_pair and not plan.seven_pairs:
            # the pair is the last two tiles: its second tile becomes a joker, so that drawing
            # the first completes a hand that waited on anything (White Dragon Pair Wait)
            pool.put([tiles[-1]])
            pool.take([JOKER])
            tiles[-1] = JOKER
            jokers -= 1
            slots = slots[:-2]
        for i in rng.sample(slots, min(jokers, len(slots))):
            pool.put([tiles[i]])
            pool.take([JOKER])
            tiles[i] = JOKER
    return Hand(tuple(KINDS[x] for x in tiles), tuple(melds))

