"""Seeded random hands for the core tests: complete, ready (complete minus a tile) and uniform.

Hands are built from the rules (groups of tiles, the four-copy limit, jokers as White Dragons in
Hangzhou) with ``random.Random`` so every run sees the same hands.
"""

from __future__ import annotations

import random

from tutor.core.hand import Hand, Meld, MeldKind
from tutor.core.tiles import KINDS, Tile
from tutor.core.variant import Variant

WHITE = 31


def _kinds(variant: Variant) -> list[int]:
    return [t.index for t in variant.natural_kinds]


def _chow_starts(variant: Variant) -> list[int]:
    # Concealed runs count as sets in every variant (Guiyang only forbids *calling* a chow).
    return [k for k in _kinds(variant) if k < 27 and k % 9 <= 6]


def _random_set(rng: random.Random, variant: Variant, held: list[int],
                chows: bool = True) -> list[int] | None:
    """A random chow or pong (as kinds) that fits under the four-copy limit, or None."""
    for _ in range(50):
        starts = _chow_starts(variant) if chows else []
        if starts and rng.random() < 0.55:
            k = rng.choice(starts)
            tiles = [k, k + 1, k + 2]
        else:
            k = rng.choice(_kinds(variant))
            tiles = [k, k, k]
        if all(held[x] + tiles.count(x) <= 4 for x in tiles):
            for x in tiles:
                held[x] += 1
            return tiles
    return None


def _random_melds(rng: random.Random, variant: Variant, count: int,
                  held: list[int]) -> list[Meld]:
    melds: list[Meld] = []
    while len(melds) < count:
        roll = rng.random()
        if roll < 0.3:
            tiles = _random_set(rng, variant, held, variant.allows_chow)
            if tiles is None:
                break
            melds.append(Meld(MeldKind.CHOW if tiles[0] != tiles[1] else MeldKind.PONG,
                              tuple(KINDS[x] for x in tiles)))
            continue
        kind = rng.choice([MeldKind.PONG, MeldKind.OPEN_KONG, MeldKind.ADDED_KONG,
                           MeldKind.CONCEALED_KONG])
        size = 3 if kind is MeldKind.PONG else 4
        k = rng.choice(_kinds(variant))
        if held[k] + size > 4:
            continue
        held[k] += size
        melds.append(Meld(kind, (KINDS[k],) * size))
    return melds


def _with_jokers(rng: random.Random, tiles: list[int], jokers: int) -> list[int]:
    """Replace ``jokers`` random tiles by White Dragons (each stands for the tile it replaced)."""
    slots = rng.sample(range(len(tiles)), min(jokers, len(tiles)))
    out = list(tiles)
    for i in slots:
        out[i] = WHITE
    return out


def _joker_count(rng: random.Random, variant: Variant, jokers: int | None) -> int:
    if variant.joker is None:
        return 0
    return rng.randint(0, 4) if jokers is None else jokers


def random_complete(rng: random.Random, variant: Variant, *, jokers: int | None = None,
                    seven_pairs: float = 0.2) -> Hand:
    """A random complete 14-tile hand: melds, concealed sets and a pair, or seven pairs."""
    j = _joker_count(rng, variant, jokers)
    while True:
        held = [0] * 34
        if variant.seven_pairs and rng.random() < seven_pairs:
            tiles: list[int] = []
            while len(tiles) < 14:
                k = rng.choice(_kinds(variant))
                if held[k] <= 2:
                    held[k] += 2
                    tiles += [k, k]
            return Hand(tuple(KINDS[x] for x in _with_jokers(rng, tiles, j)))
        melds = _random_melds(rng, variant, rng.choice([0, 0, 0, 1, 1, 2, 3, 4]), held)
        joker_kong = False
        if variant.joker is not None and j == 4 and len(melds) < 4 and rng.random() < 0.3:
            melds.insert(rng.randint(0, len(melds)),
                         Meld(MeldKind.CONCEALED_KONG, (KINDS[WHITE],) * 4))
            joker_kong = True
        tiles = []
        ok = True
        for _ in range(4 - len(melds)):
            group = _random_set(rng, variant, held)
            if group is None:
                ok = False
                break
            tiles += group
        pair = [k for k in _kinds(variant) if held[k] <= 2]
        if not ok or not pair:
            continue
        k = rng.choice(pair)
        held[k] += 2
        tiles += [k, k]
        if not joker_kong:
            tiles = _with_jokers(rng, tiles, j)
        return Hand(tuple(KINDS[x] for x in tiles), tuple(melds))


def random_ready(rng: random.Random, variant: Variant, *, jokers: int | None = None) -> Hand:
    """A complete hand with one concealed tile taken away (ready, unless the tile taken was the
    last natural copy it could wait on)."""
    j = _joker_count(rng, variant, jokers)
    extra = 1 if variant.joker is not None and j < 4 and rng.random() < 0.3 else 0
    hand = random_complete(rng, variant, jokers=min(4, j + extra))
    candidates = [t for t in hand.concealed if t.index != WHITE or extra]
    if not candidates:
        candidates = list(hand.concealed)
    return hand.remove(rng.choice(candidates))


def random_hand(rng: random.Random, variant: Variant, size: int = 13, *,
                jokers: int | None = None, melds: int | None = None) -> Hand:
    """Tiles drawn uniformly from the variant's set, after 0-4 random declared melds."""
    j = _joker_count(rng, variant, jokers)
    held = [0] * 34
    meld_count = rng.choice([0, 0, 0, 0, 1, 1, 2, 3]) if melds is None else melds
    meld_list = _random_melds(rng, variant, meld_count, held)
    wall = [k for k in _kinds(variant) for _ in range(4 - held[k])]
    j = min(j, size - 3 * len(meld_list))
    n = size - 3 * len(meld_list) - j
    tiles = rng.sample(wall, n) + [WHITE] * j
    return Hand(tuple(KINDS[x] for x in tiles), tuple(meld_list))


def near_complete(rng: random.Random, variant: Variant) -> Hand:
    """A complete hand with one concealed tile swapped for a random other one (often not a win,
    sometimes a different win)."""
    while True:
        hand = random_complete(rng, variant)
        out = rng.choice(hand.concealed)
        kinds = list(variant.kinds)
        new = rng.choice(kinds)
        rest = hand.remove(out)
        if new != out and rest.held_counts[new.index] < 4:
            return rest.add(new)


def relabel_suits(hand: Hand, order: tuple[int, int, int]) -> Hand:
    """The same hand with suit i (m, p, s = 0, 1, 2) renamed to suit ``order[i]``."""
    def tile(x: Tile) -> Tile:
        if x.index >= 27:
            return x
        return KINDS[order[x.index // 9] * 9 + x.index % 9]

    return Hand(tuple(tile(x) for x in hand.concealed),
                tuple(Meld(m.kind, tuple(tile(x) for x in m.tiles)) for m in hand.melds))


def relabel_tile(x: Tile, order: tuple[int, int, int]) -> Tile:
    return x if x.index >= 27 else KINDS[order[x.index // 9] * 9 + x.index % 9]


def random_dead_wait(rng: random.Random, variant: Variant) -> Hand:
    """A 13-tile hand holding all four copies of a kind whose (impossible) fifth copy would
    complete it: a complete "hand" with five copies of the kind, less one concealed copy."""
    kinds = _kinds(variant)
    while True:
        t = rng.choice(kinds)
        held = [0] * 34
        melds: list[Meld] = []
        shape = rng.randrange(3)
        if shape == 0:  # ttt + tt
            groups, pair = [[t] * 3], True
        elif shape == 1:  # [ttt] declared + tt
            melds, groups, pair = [Meld.pong(KINDS[t])], [], True
        else:  # two chows and a pong of t
            if t >= 27 or t % 9 > 6:
                continue
            groups, pair = [[t, t + 1, t + 2], [t, t + 1, t + 2], [t] * 3], False
        tiles = [x for g in groups for x in g] + ([t, t] if pair else [])
        for x in tiles + [x.index for m in melds for x in m.tiles]:
            held[x] += 1
        if any(held[x] > 4 for x in range(34) if x != t):
            continue
        held[t] = 9  # no further copies of t
        ok = True
        for _ in range(4 - len(melds) - len(groups)):
            group = _random_set(rng, variant, held)
            if group is None:
                ok = False
                break
            tiles += group
        if not pair:
            options = [k for k in kinds if held[k] <= 2]
            if not options:
                continue
            k = rng.choice(options)
            tiles += [k, k]
        if not ok:
            continue
        tiles.remove(t)
        others = [i for i, x in enumerate(tiles) if x != t]
        if variant.joker is not None:
            for i in rng.sample(others, min(len(others), rng.randint(0, 2))):
                tiles[i] = WHITE
        return Hand(tuple(KINDS[x] for x in tiles), tuple(melds))
