"""Per-suit tables behind the fast win check, waits and shanten.

For one suit's counts (and how many of each rank may still be used), :func:`suit_costs` gives
ten numbers: for ``m`` sets (0-4) and ``p`` pairs (0-1), the fewest tiles missing to make them
out of this suit. A hand's distance to a complete hand is then the best way to share the four
sets and the pair among the suits: a small min-plus convolution of 3-4 cached vectors instead of
a search. :func:`suit_improvements` says, for each of the ten targets, which ranks lower the
cost when added: the waits and the useful tiles come straight from it.

Tables fill lazily (``functools.cache`` keyed by the counts as bytes), so the first hands are
slow and every later hand that repeats a suit pattern is a few dictionary lookups.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

__all__ = ["INF", "conv", "costs_at", "suit_costs", "suit_improvements"]

INF = 99
Vector = tuple[int, ...]  # index m * 2 + p, m = 0..4 sets, p = 0..1 pair


@cache
def suit_costs(counts: bytes, limits: bytes, chows: bool) -> Vector:
    """Fewest missing tiles for each (sets, pair) target from one suit (see the module doc).

    ``limits[r]`` caps how many tiles of rank r the target may hold (4 less the copies the player
    has melded; 0 for a kind that cannot be used; 5 only to detect dead waits).
    """
    n = len(counts)
    # state: (chows started one rank back, chows started two ranks back, sets, pair) -> cost
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    for r in range(n):
        have, cap = counts[r], limits[r]
        can_start = chows and r <= n - 3
        nxt: dict[tuple[int, int, int, int], int] = {}
        for (u, v, m, p), cost in states.items():
            carried = u + v
            if carried > cap:
                continue
            for pong in (0, 1):
                for pair in (0, 1) if p == 0 else (0,):
                    base = carried + 3 * pong + 2 * pair
                    if base > cap:
                        continue
                    top = min(4 - m - pong, cap - base) if can_start else 0
                    for x in range(top + 1):
                        need = base + x
                        extra = need - have if need > have else 0
                        key = (x, u, m + pong + x, p + pair)
                        value = cost + extra
                        if value < nxt.get(key, INF):
                            nxt[key] = value
        states = nxt
    out = [INF] * 10
    for (u, v, m, p), cost in states.items():
        if u == 0 and v == 0 and m <= 4 and cost < out[m * 2 + p]:
            out[m * 2 + p] = cost
    return tuple(out)


@cache
def suit_improvements(counts: bytes, limits: bytes, chows: bool) -> tuple[int, ...]:
    """For each target (index m * 2 + p), a bit mask of the ranks that lower its cost by one."""
    base = suit_costs(counts, limits, chows)
    masks = [0] * 10
    for r in range(len(counts)):
        if counts[r] >= limits[r]:
            continue
        more = bytearray(counts)
        more[r] += 1
        better = suit_costs(bytes(more), limits, chows)
        for k in range(10):
            if better[k] < base[k]:
                masks[k] |= 1 << r
    return tuple(masks)


def _make_conv() -> Callable[[Vector, Vector], Vector]:
    """Min-plus convolution of two cost vectors, unrolled into one expression for speed."""
    terms = []
    for m in range(5):
        for p in range(2):
            sums = [f"a[{m1 * 2 + p1}]+b[{(m - m1) * 2 + p - p1}]"
                    for m1 in range(m + 1) for p1 in range(p + 1)]
            terms.append(sums[0] if len(sums) == 1 else "min(" + ",".join(sums) + ")")
    source = "lambda a, b: (" + ", ".join(terms) + ")"
    return eval(source)  # noqa: S307 - a fixed expression built above, no input involved


conv: Callable[[Vector, Vector], Vector] = _make_conv()


def costs_at(a: Vector, b: Vector, m: int, p: int) -> int:
    """One entry of ``conv(a, b)``: the best split of ``m`` sets and ``p`` pairs."""
    return min(a[m1 * 2 + p1] + b[(m - m1) * 2 + p - p1]
               for m1 in range(m + 1) for p1 in range(p + 1))
