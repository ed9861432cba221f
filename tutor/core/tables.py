"""Per-suit tables behind the fast win check, waits and shanten.

For one suit's counts (and how many of each rank the target may hold), the *cost vector* has
ten numbers: for ``m`` sets (0-4) and ``p`` pairs (0-1), index ``2 * m + p``, the fewest tiles
missing to make them out of this suit. A hand's distance to a complete hand is the best way to
share the sets and the pair among its suits: a min-plus convolution of the suits' vectors.

Speed comes from caches. Each suit pattern (its counts as ``bytes``) maps to a small integer,
the id of its cost vector; there are far fewer distinct vectors than patterns, so convolutions
are cached by the pair of ids, and a hand costs a handful of dictionary lookups. Which ranks
lower the cost when added come from the same tables: they give waits and useful tiles without
trying every tile.

The tables every hand without melds uses (and those of the Hangzhou joker's "fifth copy" reading,
whose limits do not depend on melds) ship with the package, precomputed for every pattern of up
to four copies a rank and fourteen tiles (:mod:`tutor.core.build_tables` writes them; a test
rebuilds them and compares). Each is read on first use, in a millisecond or two. Other limits
(the copies a player has melded) fill lazily by dynamic programming.
"""

from __future__ import annotations

import os
import zlib

__all__ = ["FIFTH", "INF", "SHIPPED", "SuitTable", "conv_id", "costs", "intern", "optimal_entries",
           "rank_choices", "suit_table", "vector"]

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
MAGIC = b"tutor-suit-table-2\n"
MOST = 14  # a suit pattern of a hand holds at most 14 tiles: only those are shipped


def _patterns(ranks: int) -> list[list[int]]:
    """``counts[k][s]``: how many patterns of ``k`` ranks (0-4 copies each, ``k`` up to
    ``ranks``) hold at most ``s`` tiles (0 for ``s < 0``, read as the last entry: none)."""
    counts = [[1] * (MOST + 1) + [0]]
    for _ in range(ranks):
        last = counts[-1]
        counts.append([sum(last[s - v] for v in range(min(4, s) + 1)) for s in range(MOST + 1)]
                      + [0])
    return counts


def rank_terms(ranks: int) -> list[list[list[int]]]:
    """``terms[r][p][c]``: how many shipped patterns come before those with ``c`` copies at
    rank ``r`` when the ranks before hold ``p`` tiles (patterns in lexicographic order, the
    first rank most significant). A pattern's position is the sum of its terms."""
    found = _TERMS.get(ranks)
    if found is None:
        n = _patterns(ranks)
        found = []
        for r in range(ranks):
            rest = n[ranks - 1 - r]
            rows = []
            for p in range(MOST + 2):
                row = [0]
                for v in range(5):
                    row.append(row[-1] + (rest[MOST - p - v] if MOST - p - v >= 0 else 0))
                rows.append(row)
            found.append(rows)
        _TERMS[ranks] = found
    return found


_TERMS: dict[int, list[list[list[int]]]] = {}


def pattern_count(ranks: int) -> int:
    """How many patterns a shipped table of ``ranks`` ranks holds."""
    return _patterns(ranks)[ranks][MOST]


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
        for pairs in _CONV_PAIRS:
            best = INF
            for i, j in pairs:
                value = x[i] + y[j]
                if value < best:
                    best = value
            out.append(best)
        found = _CONV[key] = intern(tuple(out))
    return found


# _CONV_PAIRS[2 * m + p]: the entries (of the two vectors) whose sum makes entry (m, p)
_CONV_PAIRS = tuple(tuple((2 * m1 + p1, 2 * (m - m1) + p - p1)
                          for m1 in range(m + 1) for p1 in range(p + 1))
                    for m in range(5) for p in range(2))


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
        for sets, pair, x, need in rank_choices(carried, cap, chows and len(counts) >= 3):
            cost = need - have if need > have else 0
            sub = _suffix(rest, rest_limits, chows, x, u)
            for k, index in _SHIFTS[sets][pair]:
                value = sub[k] + cost
                if value < out[index]:
                    out[index] = value
    found = tuple(out)
    if len(_SUFFIX) >= 500_000:
        _SUFFIX.clear()  # a bound on memory; the recursion below one suit stays memoised
    _SUFFIX[key] = found
    return found


def rank_choices(carried: int, cap: int, can_start: bool) -> tuple[tuple[int, int, int, int],
                                                                   ...]:
    """Every way one rank may take part in the target: ``(sets, pair, chows, need)`` for
    ``pong`` pongs (two only where the limit allows more than four copies), ``pair`` pairs and
    ``chows`` chows starting here, on top of the ``carried`` chows started on the two ranks
    before; ``need`` is the copies of this rank they use, at most ``cap``. Sets are counted
    where they start; a suit holds at most four."""
    key = (carried, cap, can_start)
    found = _CHOICES.get(key)
    if found is None:
        out = []
        for pong in (0, 1, 2):
            for pair in (0, 1):
                base = carried + 3 * pong + 2 * pair
                if base > cap:
                    continue
                top = min(4 - pong, cap - base) if can_start else 0
                out += [(pong + x, pair, x, base + x) for x in range(top + 1)]
        found = _CHOICES[key] = tuple(out)
    return found


_CHOICES: dict[tuple[int, int, bool], tuple[tuple[int, int, int, int], ...]] = {}


def read_shipped(name: str) -> tuple[list[Vector], bytes]:
    """The vectors of a shipped table and, per pattern of at most :data:`MOST` tiles (in
    lexicographic order, see :func:`rank_terms`), the position of its vector in that list."""
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
    if len(ids) != pattern_count(ranks):
        raise ValueError(f"{name}.bin holds {len(ids)} patterns, not {pattern_count(ranks)}")
    return vectors, ids


class SuitTable:
    """Cost-vector ids and the ranks that lower a cost, for one kind of suit: its rank limits
    and whether chows exist (not for honors)."""

    __slots__ = ("_empty", "_local", "_lowering", "_name", "_packed", "_terms", "chows", "ids",
                 "limits", "room")

    def __init__(self, limits: bytes, chows: bool) -> None:
        self.limits = limits
        self.chows = chows
        self.ids: dict[bytes, int] = {}
        self._lowering: dict[tuple[bytes, int, int], tuple[int, int]] = {}
        # a drawn tile can add a copy only below the limit and below four
        self.room = bytes(min(n, 4) for n in limits)
        self._packed: bytes | None = None
        self._local: list[int] = []
        self._terms: list[list[list[int]]] = []
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
            self._terms = rank_terms(len(self.limits))

    def _position(self, counts: bytes) -> int:
        """The position of a pattern in the shipped table, or -1 if it is not there."""
        terms = self._terms
        held = 0
        index = 0
        for r, c in enumerate(counts):
            if c > 4 or held + c > MOST:
                return -1
            index += terms[r][held][c]
            held += c
        return index

    def _neighbours(self, counts: bytes) -> list[int]:
        """The shipped positions of ``counts`` with one more tile at each rank (-1 where that
        pattern is not shipped), in one pass: adding a tile at rank ``r`` changes the term of
        ``r`` and shifts the tiles before every later rank by one."""
        terms = self._terms
        n = len(counts)
        held = [0] * (n + 1)
        for r, c in enumerate(counts):
            held[r + 1] = held[r] + c
        if held[n] + 1 > MOST or max(counts) > 4:
            return [-1] * n
        index = 0
        for r, c in enumerate(counts):
            index += terms[r][held[r]][c]
        out = [-1] * n
        later = 0  # how the later ranks' terms change when one more tile comes before them
        for r in range(n - 1, -1, -1):
            c, p = counts[r], held[r]
            if c < 4:
                out[r] = index + terms[r][p][c + 1] - terms[r][p][c] + later
            later += terms[r][p + 1][c] - terms[r][p][c]
        return out

    def id(self, counts: bytes) -> int:
        """Id of the cost vector of ``counts``."""
        found = self.ids.get(counts)
        if found is None:
            if self._name is not None:
                self._load()
            position = self._position(counts) if self._packed is not None else -1
            if position >= 0:
                found = self._local[self._packed[position]]  # type: ignore[index]
            else:
                found = intern(costs(counts, self.limits, self.chows))
            self.ids[counts] = found
        return found

    def lowering(self, counts: bytes, rest: int, target: int) -> tuple[int, int]:
        """With the other suits' vector ``rest``: the best cost of entry ``target`` of the
        whole hand, and the ranks of this suit whose draw lowers it (a bit mask)."""
        key = (counts, rest, target)
        found = self._lowering.get(key)
        if found is None:
            own = self.id(counts)
            best, entries = optimal_entries(own, rest, target)
            ranks = 0
            if entries:
                base = _VECTORS[own]
                packed = self._packed
                near = self._neighbours(counts) if packed is not None else [-1] * len(counts)
                room = self.room
                for r in range(len(counts)):
                    if counts[r] >= room[r]:
                        continue
                    if near[r] >= 0:
                        better = _VECTORS[self._local[packed[near[r]]]]  # type: ignore[index]
                    else:
                        more = bytearray(counts)
                        more[r] += 1
                        better = _VECTORS[self.id(bytes(more))]
                    for k in entries:
                        if better[k] < base[k]:
                            ranks |= 1 << r
                            break
            found = (best, ranks)
            if len(self._lowering) < 1_000_000:
                self._lowering[key] = found
        return found


_TABLES: dict[tuple[bytes, bool], SuitTable] = {}


def suit_table(limits: bytes, chows: bool) -> SuitTable:
    """The shared table for suits with these limits (created on first use)."""
    table = _TABLES.get((limits, chows))
    if table is None:
        table = _TABLES[(limits, chows)] = SuitTable(limits, chows)
    return table
