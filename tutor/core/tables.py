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
to four copies a rank and fourteen tiles; so do those of a suit beside one pong or kong of its
own, for every pattern of up to eleven tiles (:data:`SHIPPED`; :mod:`tutor.core.build_tables`
writes them and a test rebuilds them and compares). Each is read on first use, in a millisecond
or two. Other limits (two melds in one suit, a chow) fill lazily by dynamic programming.
"""

from __future__ import annotations

import os
import zlib

__all__ = ["FIFTH", "INF", "SHIPPED", "Shipped", "SuitTable", "caps_of", "conv_id", "costs",
           "intern", "optimal_entries", "rank_choices", "suit_table", "vector"]

INF = 99
FIFTH = 8  # the rank limit of a table where jokers may stand for copies beyond the fourth
Vector = tuple[int, ...]  # index 2 * m + p: m = 0..4 sets, p = 0..1 pair

_VECTORS: list[Vector] = []
_IDS: dict[Vector, int] = {}
_CONV: dict[tuple[int, int], int] = {}
_OPTIMAL: dict[tuple[int, int, int], tuple[int, tuple[int, ...]]] = {}

#: A table shipped with the package: its rank limits, whether chows exist, and the most tiles
#: of the patterns it holds (a plain tuple: ``import tutor`` loads no ``typing``).
Shipped = tuple[bytes, bool, int]


MOST = 14  # a suit pattern of a hand holds at most 14 tiles
MELDED_MOST = 11  # ... at most 11 beside a meld (the neighbours of a 10-tile pattern included)


def _one_meld(r: int, left: int) -> bytes:
    """The limits of a suited table when one pong (``left`` 1) or kong (0) of rank ``r`` is
    melded."""
    return bytes(left if i == r else 4 for i in range(9))


def _one_chow(r: int) -> bytes:
    """The limits of a suited table when one chow starting at rank ``r`` is melded."""
    return bytes(3 if r <= i <= r + 2 else 4 for i in range(9))


#: The tables shipped with the package, by file name: those of hands without melds (and of the
#: Hangzhou joker's "fifth copy" reading), and those of a suit beside one pong, kong or chow of
#: its own (the melds bots and most players make).
SHIPPED: dict[str, Shipped] = {
    "suited": (bytes([4] * 9), True, MOST),
    "honors": (bytes([4] * 7), False, MOST),
    "honors_joker": (bytes([4, 4, 4, 4, 0, 4, 4]), False, MOST),
    "suited_fifth": (bytes([FIFTH] * 9), True, MOST),
    "honors_fifth": (bytes([FIFTH] * 7), False, MOST),
    "honors_joker_fifth": (bytes([FIFTH] * 4 + [0] + [FIFTH] * 2), False, MOST),
    **{f"suited_pong{r + 1}": (_one_meld(r, 1), True, MELDED_MOST) for r in range(9)},
    **{f"suited_kong{r + 1}": (_one_meld(r, 0), True, MELDED_MOST) for r in range(9)},
    **{f"suited_chow{r + 1}": (_one_chow(r), True, MELDED_MOST) for r in range(7)},
}
_SHIPPED_NAME = {(limits, chows): name for name, (limits, chows, _) in SHIPPED.items()}
DATA_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")
MAGIC = b"tutor-suit-table-3\n"


def caps_of(limits: bytes) -> bytes:
    """The copies of each rank a hand's pattern may hold under these limits (at most four)."""
    return bytes(min(n, 4) for n in limits)


def _suffix_counts(caps: bytes, most: int) -> list[list[int]]:
    """``counts[k][s]``: how many patterns of the last ``k`` ranks (each rank holding up to its
    cap) hold at most ``s`` tiles (``counts[k][-1]``, read for ``s < 0``, is 0)."""
    counts = [[1] * (most + 1) + [0]]
    for cap in reversed(caps):
        last = counts[-1]
        counts.append([sum(last[s - v] for v in range(min(cap, s) + 1)) for s in range(most + 1)]
                      + [0])
    return counts


def rank_terms(caps: bytes, most: int) -> list[list[list[int]]]:
    """``terms[r][p][c]``: how many shipped patterns come before those with ``c`` copies at
    rank ``r`` when the ranks before hold ``p`` tiles (patterns in lexicographic order, the
    first rank most significant). A pattern's position is the sum of its terms."""
    key = (caps, most)
    found = _TERMS.get(key)
    if found is None:
        n = len(caps)
        suffixes = _suffix_counts(caps, most)
        found = []
        for r in range(n):
            rest = suffixes[n - 1 - r]
            rows = []
            for p in range(most + 2):
                row = [0]
                for v in range(caps[r] + 1):
                    row.append(row[-1] + (rest[most - p - v] if most - p - v >= 0 else 0))
                rows.append(row)
            found.append(rows)
        _TERMS[key] = found
    return found


_TERMS: dict[tuple[bytes, int], list[list[list[int]]]] = {}


def pattern_count(caps: bytes, most: int) -> int:
    """How many patterns a shipped table holds: each rank up to its cap, ``most`` tiles."""
    return _suffix_counts(caps, most)[len(caps)][most]


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
    """The vectors of a shipped table and, per pattern it holds (in lexicographic order, see
    :func:`rank_terms`), the position of its vector in that list."""
    limits, _, most = SHIPPED[name]
    caps = caps_of(limits)
    with open(os.path.join(DATA_DIR, name + ".bin"), "rb") as f:
        raw = zlib.decompress(f.read())
    head = MAGIC + bytes([len(caps), most]) + caps
    if not raw.startswith(head):
        raise ValueError(f"{name}.bin is not the suit table {name}")
    pos = len(head)
    count = int.from_bytes(raw[pos:pos + 2], "little")
    pos += 2
    vectors = [tuple(raw[pos + 10 * i:pos + 10 * i + 10]) for i in range(count)]
    pos += 10 * count
    ids = raw[pos:]
    expected = pattern_count(caps, most)
    if len(ids) != expected:
        raise ValueError(f"{name}.bin holds {len(ids)} patterns, not {expected}")
    return vectors, ids


class SuitTable:
    """Cost-vector ids and the ranks that lower a cost, for one kind of suit: its rank limits
    and whether chows exist (not for honors)."""

    __slots__ = ("_empty", "_local", "_lowering", "_minus", "_most", "_name", "_packed", "_ranks",
                 "_terms", "chows", "ids", "limits", "room")

    def __init__(self, limits: bytes, chows: bool) -> None:
        self.limits = limits
        self.chows = chows
        self.ids: dict[bytes, int] = {}
        self._lowering: dict[tuple[bytes, int, int], tuple[int, int]] = {}
        self._ranks: dict[tuple[bytes, tuple[int, ...]], int] = {}
        self._minus: dict[bytes, tuple[int, ...]] = {}
        # a drawn tile can add a copy only below the limit and below four
        self.room = caps_of(limits)
        self._packed: bytes | None = None
        self._most = -1
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
            self._most = SHIPPED[name][2]
            self._terms = rank_terms(self.room, self._most)

    def _position(self, counts: bytes) -> int:
        """The position of a pattern in the shipped table, or -1 if it is not there."""
        terms, caps, most = self._terms, self.room, self._most
        held = 0
        index = 0
        for r, c in enumerate(counts):
            if c > caps[r] or held + c > most:
                return -1
            index += terms[r][held][c]
            held += c
        return index

    def _neighbours(self, counts: bytes) -> list[int]:
        """The shipped positions of ``counts`` with one more tile at each rank (-1 where that
        pattern is not shipped), in one pass: adding a tile at rank ``r`` changes the term of
        ``r`` and shifts the tiles before every later rank by one."""
        terms, caps = self._terms, self.room
        n = len(counts)
        held = [0] * (n + 1)
        for r, c in enumerate(counts):
            if c > caps[r]:
                return [-1] * n
            held[r + 1] = held[r] + c
        if held[n] + 1 > self._most:
            return [-1] * n
        index = 0
        for r, c in enumerate(counts):
            index += terms[r][held[r]][c]
        out = [-1] * n
        later = 0  # how the later ranks' terms change when one more tile comes before them
        for r in range(n - 1, -1, -1):
            c, p = counts[r], held[r]
            if c < caps[r]:
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

    def minus_ids(self, counts: bytes) -> tuple[int, ...]:
        """Per rank, the id of ``counts`` with one tile of that rank taken away (-1 where there
        is none): what each discard from this suit leaves (cached, bounded)."""
        found = self._minus.get(counts)
        if found is None:
            ids = []
            for r, n in enumerate(counts):
                if n:
                    smaller = bytearray(counts)
                    smaller[r] -= 1
                    ids.append(self.id(bytes(smaller)))
                else:
                    ids.append(-1)
            found = tuple(ids)
            if len(self._minus) < 200_000:
                self._minus[counts] = found
        return found

    def lowering(self, counts: bytes, rest: int, target: int) -> tuple[int, int]:
        """With the other suits' vector ``rest``: the best cost of entry ``target`` of the
        whole hand, and the ranks of this suit whose draw lowers it (a bit mask).

        Answers are cached by the question; behind that, the ranks by what they depend on:
        ``counts`` and which of its entries are optimal (a drawn tile lowers an entry by at most
        one, so the total drops exactly when an optimal entry drops), which one pattern shares
        with many other suits."""
        key = (counts, rest, target)
        found = self._lowering.get(key)
        if found is None:
            own = self.id(counts)
            best, entries = optimal_entries(own, rest, target)
            ranks = 0
            if entries:  # else the hand can never be complete
                ranks_key = (counts, entries)
                ranks = self._ranks.get(ranks_key, -1)
                if ranks < 0:
                    ranks = self._lowering_ranks(counts, own, entries)
                    if len(self._ranks) < 1_000_000:
                        self._ranks[ranks_key] = ranks
            found = (best, ranks)
            if len(self._lowering) < 1_000_000:
                self._lowering[key] = found
        return found

    def _lowering_ranks(self, counts: bytes, own: int, entries: tuple[int, ...]) -> int:
        """The ranks whose draw lowers one of ``entries`` of the pattern ``counts`` (id
        ``own``)."""
        ranks = 0
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
        return ranks


_TABLES: dict[tuple[bytes, bool], SuitTable] = {}


def suit_table(limits: bytes, chows: bool) -> SuitTable:
    """The shared table for suits with these limits (created on first use)."""
    table = _TABLES.get((limits, chows))
    if table is None:
        table = _TABLES[(limits, chows)] = SuitTable(limits, chows)
    return table
