"""Per-suit tables behind the fast win check, waits and shanten.

For one suit's counts (and how many of each rank the target may hold), the *cost vector* has
ten numbers: for ``m`` sets (0-4) and ``p`` pairs (0-1), index ``2 * m + p``, the fewest tiles
missing to make them out of this suit. A hand's distance to a complete hand is the best way to
share the sets and the pair among its suits: a min-plus convolution of the suits' vectors.

Speed comes from caches. Each suit pattern (its counts as ``bytes``) maps to a small integer,
the id of its cost vector; there are far fewer distinct vectors than patterns, so convolutions
are cached by the pair of ids, and a hand costs a handful of dictionary lookups. The improvement
masks (which ranks lower each entry when added) come from the same tables: they give waits and
useful tiles without trying every tile.

The tables every hand without melds uses (and those of the Hangzhou joker's "fifth copy" reading,
whose limits do not depend on melds) ship with the package, precomputed for every pattern of up
to four copies a rank (:mod:`tutor.core.build_tables` writes them; a test rebuilds them and
compares). Each is read on first use: a few milliseconds. Other limits (the copies a player has
melded) fill lazily by dynamic programming.
"""

from __future__ import annotations

import os
import zlib

__all__ = ["FIFTH", "INF", "SHIPPED", "SuitTable", "conv_id", "costs", "intern", "optimal_entries",
           "suit_table", "vector"]

INF = 99
FIFTH = 8  # the rank limit of a table where jokers may stand for copies beyond the fourth
Vector = tuple[int, ...]  # index 2 * m + p: m = 0..4 sets, p = 0..1 pair

_VECTORS: list[Vector] = []
_IDS: dict[Vector, int] = {}
_CONV: dict[tuple[int, int], int] = {}
_OPTIMAL: dict[tuple[int, int, int], tuple[int, tuple[int, ...]]] = {}

#: The tables shipped with the package: file name -> (rank limits, chows).
SHIPPED: dict[str, tuple[bytes, bool]] = {
    "suited": (bytes([4] * 9), True),
    "honors": (bytes([4] * 7), False),
    "honors_joker": (bytes([4, 4, 4, 4, 0, 4, 4]), False),
    "suited_fifth": (bytes([FIFTH] * 9), True),
    "honors_fifth": (bytes([FIFTH] * 7), False),
    "honors_joker_fifth": (bytes([FIFTH] * 4 + [0] + [FIFTH] * 2), False),
}
_SHIPPED_NAME = {key: name for name, key in SHIPPED.items()}
DATA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
MAGIC = b"tutor-suit-table-1\n"
_DIGITS = bytes(48 + n if n < 10 else 57 for n in range(256))  # counts -> ASCII base-5 digits


def intern(vec: Vector) -> int:
    """The id of a cost vector (a new id for a vector not seen before)."""
    found = _IDS.get(vec)
    if found is None:
        found = _IDS[vec] = len(_VECTORS)
        _VECTORS.append(vec)
    return found


def vector(vid: int) -> Vector:
    """The cost vector with id ``vid``."""
    return _VECTORS[vid]


def conv_id(a: int, b: int) -> int:
    """Id of the min-plus convolution of vectors ``a`` and ``b`` (cached; commutative)."""
    key = (a, b) if a <= b else (b, a)
    found = _CONV.get(key)
    if found is None:
        x, y = _VECTORS[a], _VECTORS[b]
        out = []
        for m in range(5):
            for p in range(2):
                out.append(min(x[2 * m1 + p1] + y[2 * (m - m1) + p - p1]
                               for m1 in range(m + 1) for p1 in range(p + 1)))
        found = _CONV[key] = intern(tuple(min(v, INF) for v in out))
    return found


def optimal_entries(own: int, rest: int, target: int) -> tuple[int, tuple[int, ...]]:
    """Best cost of entry ``target`` of ``conv(own, rest)``, and the entries of ``own`` that
    reach it (each paired with entry ``target - k`` of ``rest``)."""
    key = (own, rest, target)
    found = _OPTIMAL.get(key)
    if found is None:
        x, y = _VECTORS[own], _VECTORS[rest]
        sums = [(x[k] + y[target - k], k) for k in range(max(0, target - 9), target + 1)
                if k % 2 <= target % 2 and (target - k) % 2 <= target % 2]
        best = min(s for s, _ in sums)
        found = _OPTIMAL[key] = (best, tuple(k for s, k in sums if s == best and best < INF))
    return found


_SUFFIX: dict[tuple[bytes, bytes, bool, int, int], Vector] = {}
_NOTHING: Vector = (0,) + (INF,) * 9
# _SHIFTS[sets][pair]: (entry of the rest, entry it lands in) when this rank adds sets and a pair
_SHIFTS = [[[(2 * m + p, 2 * (m + sets) + p + pair)
             for m in range(5 - sets) for p in range(2 - pair)]
            for pair in (0, 1)] for sets in range(5)]


def costs(counts: bytes, limits: bytes, chows: bool) -> Vector:
    """The cost vector of one suit (dynamic programming over its ranks, see :func:`_suffix`)."""
    return _suffix(counts, limits, chows, 0, 0)


def _suffix(counts: bytes, limits: bytes, chows: bool, u: int, v: int) -> Vector:
    """Cost vector of the ranks in ``counts`` (the rest of a suit), when ``u`` chows started one
    rank back and ``v`` two ranks back still need this rank. Sets are counted where they start.
    A rank holds at most two pongs (two only where jokers may stand for copies beyond the
    fourth) and one pair. Memoised on the suffix, so a new suit pattern reuses the work done for
    its neighbours."""
    key = (counts, limits, chows, u, v)
    found = _SUFFIX.get(key)
    if found is not None:
        return found
    if not counts:
        found = _NOTHING if u == 0 and v == 0 else (INF,) * 10
        _SUFFIX[key] = found
        return found
    have, cap = counts[0], limits[0]
    carried = u + v
    out = [INF] * 10
    if carried <= cap:
        rest, rest_limits = counts[1:], limits[1:]
        can_start = chows and len(counts) >= 3
        for pong in (0, 1, 2):
            for pair in (0, 1):
                base = carried + 3 * pong + 2 * pair
                if base > cap:
                    continue
                top = min(4 - pong, cap - base) if can_start else 0
                for x in range(top + 1):
                    need = base + x
                    cost = need - have if need > have else 0
                    sub = _suffix(rest, rest_limits, chows, x, u)
                    for k, index in _SHIFTS[pong + x][pair]:
                        value = sub[k] + cost
                        if value < out[index]:
                            out[index] = value
    found = tuple(out)
    if len(_SUFFIX) < 500_000:
        _SUFFIX[key] = found
    return found


def read_shipped(name: str) -> tuple[list[Vector], bytes]:
    """The vectors of a shipped table and, per pattern (base-5 index, first rank most
    significant), the position of its vector in that list."""
    with open(os.path.join(DATA_DIR, name + ".bin"), "rb") as f:
        raw = zlib.decompress(f.read())
    if not raw.startswith(MAGIC):
        raise ValueError(f"{name}.bin is not a suit table")
    pos = len(MAGIC)
    ranks, count = raw[pos], int.from_bytes(raw[pos + 1:pos + 3], "little")
    pos += 3
    vectors = [tuple(raw[pos + 10 * i:pos + 10 * i + 10]) for i in range(count)]
    pos += 10 * count
    ids = raw[pos:]
    if len(ids) != 5 ** ranks:
        raise ValueError(f"{name}.bin holds {len(ids)} patterns, not {5 ** ranks}")
    return vectors, ids


class SuitTable:
    """Cost-vector ids and improvement masks for one kind of suit: its rank limits and whether
    chows exist (not for honors)."""

    __slots__ = ("_empty", "_local", "_name", "_packed", "_pow", "chows", "ids", "limits", "masks",
                 "room")

    def __init__(self, limits: bytes, chows: bool) -> None:
        self.limits = limits
        self.chows = chows
        self.ids: dict[bytes, int] = {}
        self.masks: dict[bytes, tuple[int, ...]] = {}
        # a drawn tile can add a copy only below the limit and below four
        self.room = bytes(min(n, 4) for n in limits)
        self._packed: bytes | None = None
        self._local: list[int] = []
        self._pow = tuple(5 ** (len(limits) - 1 - r) for r in range(len(limits)))
        self._name = _SHIPPED_NAME.get((limits, chows))  # read on first use
        self._empty = -1

    @property
    def empty(self) -> int:
        """The id of a suit with no tiles."""
        if self._empty < 0:
            self._empty = self.id(bytes(len(self.limits)))
        return self._empty

    def _load(self) -> None:
        name, self._name = self._name, None
        if name is not None:
            vectors, self._packed = read_shipped(name)
            self._local = [intern(v) for v in vectors]

    def id(self, counts: bytes) -> int:
        """Id of the cost vector of ``counts``."""
        found = self.ids.get(counts)
        if found is None:
            if self._name is not None:
                self._load()
            packed = self._packed
            if packed is not None and max(counts) <= 4:
                found = self._local[packed[int(counts.translate(_DIGITS), 5)]]
            else:
                found = intern(costs(counts, self.limits, self.chows))
            self.ids[counts] = found
        return found

    def improvements(self, counts: bytes) -> tuple[int, ...]:
        """Per entry (index ``2 * m + p``), a bit mask of the ranks that lower its cost."""
        found = self.masks.get(counts)
        if found is None:
            base = _VECTORS[self.id(counts)]  # loads a shipped table
            masks = [0] * 10
            packed = self._packed if max(counts) <= 4 else None
            index = int(counts.translate(_DIGITS), 5) if packed is not None else 0
            room = self.room
            for r in range(len(counts)):
                if counts[r] >= room[r]:
                    continue
                if packed is not None:
                    better = _VECTORS[self._local[packed[index + self._pow[r]]]]
                else:
                    more = bytearray(counts)
                    more[r] += 1
                    better = _VECTORS[self.id(bytes(more))]
                for k in range(10):
                    if better[k] < base[k]:
                        masks[k] |= 1 << r
            found = self.masks[counts] = tuple(masks)
        return found


_TABLES: dict[tuple[bytes, bool], SuitTable] = {}


def suit_table(limits: bytes, chows: bool) -> SuitTable:
    """The shared table for suits with these limits (created on first use)."""
    table = _TABLES.get((limits, chows))
    if table is None:
        table = _TABLES[(limits, chows)] = SuitTable(limits, chows)
    return table
