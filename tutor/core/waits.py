"""Win check, waits, shanten and efficiency, all variants, jokers included.

Definitions (the notebooks teach them with examples):

* *Missing tiles*: the fewest tiles that must be added to the hand's natural tiles to make a
  complete hand, respecting that no kind has more than four natural copies (melds counted). A
  joker covers one missing tile and may stand for any natural kind. In Hangzhou it may also
  stand for a "fifth copy" of a kind whose four natural copies are all held, melded or seen
  (``joker_fifth_copy=True``, the rule of record); ``joker_fifth_copy=False`` is the stricter
  reading, where it never does. Every function here takes that option.
* *Shanten* = missing - jokers - 1: -1 for a complete 14-tile hand, 0 for a ready hand, and so
  on; the least over the standard shape and (Hangzhou, Guiyang) seven pairs, where four
  identical tiles count as two pairs.
* *Waits* of a 13-tile hand: the natural kinds that complete it. A kind of which the player
  already holds all four copies cannot be drawn: such a "wait" is listed apart as dead and does
  not make the hand ready (a hand ready only on dead tiles has shanten 1). In Hangzhou a drawn
  joker completes every ready hand, so waits list natural kinds only;
  :attr:`WaitAnalysis.white_dragon_pair_wait` flags the state in which every tile wins. Where a
  joker may stand for a fifth copy, a hand can be one tile from complete with only dead waits:
  a drawn joker still wins, so it is ready (shanten 0) with no natural wait, unless the player
  holds all four jokers.

The numbers come from the per-suit tables of :mod:`tutor.core.tables`; the readings themselves
(what each group and joker is) from :mod:`tutor.core.shapes`.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cached_property

from tutor.core.hand import Hand
from tutor.core.shapes import check_arguments, joker_count, require_size
from tutor.core.tables import (
    FIFTH,
    INF,
    SuitTable,
    conv_id,
    costs,
    intern,
    suit_table,
    vector,
)
from tutor.core.tiles import KINDS, Tile
from tutor.core.value import Value
from tutor.core.variant import Variant
from tutor.errors import ArgumentError, HandError, shown

__all__ = [
    "DiscardOption",
    "Efficiency",
    "WaitAnalysis",
    "efficiency",
    "is_win",
    "shanten",
    "useful_tiles",
    "waits",
    "winning_mask",
]

_OFFSETS = (0, 9, 18, 27)
_SIZES = (9, 9, 9, 7)
_SUITED_TABLE = suit_table(bytes([4] * 9), True)
_HONOR_TABLES = {None: suit_table(bytes([4] * 7), False),
                 31: suit_table(bytes([4, 4, 4, 4, 0, 4, 4]), False)}
# Where a joker may stand for any copy, the target's limits do not depend on melds: one table
# a kind of suit. The same tables answer "would a fifth natural copy complete this hand?"
_SUITED_FIFTH = suit_table(bytes([FIFTH] * 9), True)
_HONORS_FIFTH = {None: suit_table(bytes([FIFTH] * 7), False),
                 31: suit_table(bytes([FIFTH] * 4 + [0] + [FIFTH] * 2), False)}
_EMPTY = frozenset((bytes(9), bytes(7)))  # a suit with no tiles
_FOUR = bytes(n == 4 for n in range(256))
_PAIRS = bytes(n // 2 for n in range(256))
_ODD = bytes(n & 1 for n in range(256))
_NATURAL_MASK = {v: sum(1 << t.index for t in v.natural_kinds) for v in Variant}
_JOKER = {v: (v.joker.index if v.joker is not None else None) for v in Variant}


_SEVEN = {v: v.seven_pairs for v in Variant}
_MASK_TILES: dict[int, tuple[Tile, ...]] = {}


def _tiles(mask: int) -> tuple[Tile, ...]:
    """The tiles of a bit mask over the 34 kinds, in order (cached: masks repeat)."""
    found = _MASK_TILES.get(mask)
    if found is None:
        out = []
        rest = mask
        while rest:
            low = rest & -rest
            out.append(KINDS[low.bit_length() - 1])
            rest ^= low
        found = _MASK_TILES[mask] = tuple(out)
    return found


class _Analysis:
    """A hand's natural tiles cut into suits, with each suit's cost-vector id.

    ``fifth``: jokers may stand for copies beyond the fourth (Hangzhou's rule of record; it
    needs a joker that is not locked in a concealed kong of jokers)."""

    __slots__ = ("counts", "fifth", "ids", "joker", "jokers", "melded", "need", "parts", "rests",
                 "seven", "tables", "total")

    def __init__(self, counts: bytes, jokers: int, melded: bytes, melds: int,
                 variant: Variant, fifth: bool) -> None:
        self.joker = joker = _JOKER[variant]
        self.counts = counts
        self.melded = melded
        self.jokers = jokers
        self.need = 4 - melds
        self.seven = melds == 0 and _SEVEN[variant]
        self.fifth = fifth = fifth and joker is not None and not melded[joker]
        if fifth:
            self.tables = [_SUITED_FIFTH, _SUITED_FIFTH, _SUITED_FIFTH, _HONORS_FIFTH[joker]]
        elif melds:
            self.tables = _meld_tables(melded, joker)
        else:
            self.tables = [_SUITED_TABLE, _SUITED_TABLE, _SUITED_TABLE, _HONOR_TABLES[joker]]
        t = self.tables
        self.parts = parts = (counts[0:9], counts[9:18], counts[18:27], counts[27:34])
        t0, t1, t2, t3 = t
        p0, p1, p2, p3 = parts
        # the tables' own caches first (id 0 falls through to id(), which finds it too)
        self.ids = ids = (t0.ids.get(p0) or t0.id(p0), t1.ids.get(p1) or t1.id(p1),
                          t2.ids.get(p2) or t2.id(p2), t3.ids.get(p3) or t3.id(p3))
        found = _COMBINED.get(ids)
        if found is None:
            found = _combine(ids)
        self.total, self.rests = found

    def standard(self, pair: int = 1) -> int:
        """Missing tiles for the standard shape (``pair=0``: four sets and no pair)."""
        return vector(self.total)[2 * self.need + pair]

    def seven_pairs(self, target: int = 7) -> int:
        return _seven_missing(self.counts, target) if self.seven else INF

    def standard_improvements(self, ready: bool = False) -> int:
        """Bit mask over the 34 kinds of the tiles that lower the standard missing count.

        ``ready``: the hand is one tile from complete, so without jokers a suit with no tiles
        cannot hold a wait (one new tile there makes no group) and is skipped."""
        target = 2 * self.need + 1
        skip = ready and not self.jokers
        mask = 0
        rests = self.rests
        for s, part in enumerate(self.parts):
            if skip and part in _EMPTY:
                continue
            best, ranks = self.tables[s].lowering(part, rests[s], target)
            if best >= INF:
                return 0
            mask |= ranks << _OFFSETS[s]
        return mask

    def seven_improvements(self) -> int:
        if not self.seven:
            return 0
        short = 7 - min(7, sum(self.counts.translate(_PAIRS)))
        if short == 0:
            return 0
        odd = self.counts.translate(_ODD)
        if sum(odd) < short:  # pairs of new kinds help too: any kind with room
            return _ROOM.get(self.counts) or _room_mask(self.counts)
        return _bits(odd)

    def ready_mask(self, std: int, seven: int) -> int:
        """The tiles that complete the hand, given its (standard, seven pairs) shanten: only
        a shape at shanten 0 contributes."""
        mask = 0
        if std == 0:
            mask |= self.standard_improvements(ready=True)
        if seven == 0:
            mask |= self.seven_improvements()
        return mask

    def shanten_pair(self) -> tuple[int, int]:
        """(standard, seven pairs) shanten."""
        std = self.standard() - self.jokers - 1
        return std, (self.seven_pairs() - self.jokers - 1 if self.seven else INF)

    def full(self) -> int:
        """Bit mask of the natural kinds the player holds all four of (melds counted)."""
        counts, melded = self.counts, self.melded
        if self.need < 4:
            counts = bytes(c + m for c, m in zip(counts, melded, strict=True))
        return _bits(counts.translate(_FOUR))

    def wins_with_extra(self, index: int) -> bool:
        """Whether one more natural copy of kind ``index`` would complete the hand, even a
        copy that does not exist (a dead wait). No new suit table is built: the extra copy is
        looked up in a table whose limits leave room for it."""
        s = min(index // 9, 3)
        lo = _OFFSETS[s]
        more = bytearray(self.counts[lo:lo + _SIZES[s]])
        more[index - lo] += 1
        r = index - lo
        if not self.jokers or self.fifth:
            # without jokers a complete hand uses every tile as it is (no limit matters); where
            # a joker may be a fifth copy the tables have no limit: either way a table read
            base = (_SUITED_TABLE if s < 3 else _HONOR_TABLES[self.joker]) if not self.fifth \
                else self.tables[s]
            if more[r] <= 4:
                own = base.id(bytes(more))
            else:
                key5 = (base, bytes(more), r)
                own = _FIVES.get(key5, -1)
                if own < 0:
                    own = _FIVES[key5] = _five(base, more, r)
        else:  # the stricter reading: no joker stands for this kind at all
            cap = bytearray(self.tables[s].limits)
            cap[r] = more[r]
            key = (bytes(more), bytes(cap), s < 3)
            own = _EXTRA.get(key, -1)
            if own < 0:
                own = _EXTRA[key] = intern(costs(*key))
        total = vector(conv_id(own, self.rests[s]))
        if total[2 * self.need + 1] <= self.jokers:
            return True
        if self.seven and self.fifth:  # a third pair of one kind needs a joker as a fifth copy
            counts = bytearray(self.counts)
            counts[index] += 1
            return _seven_missing(bytes(counts), 7) <= self.jokers
        return False


_EXTRA: dict[tuple[bytes, bytes, bool], int] = {}
_FIVES: dict[tuple[SuitTable, bytes, int], int] = {}


def _five(table: SuitTable, more: bytearray, r: int) -> int:
    """The vector id of a suit holding five copies at rank ``r`` (four and a hypothetical
    fifth), from the shipped patterns of at most four, without a dynamic programme. A target
    using at most four of them costs what it costs with four (``d``). One using all five puts
    them in: a pong of three (``a``); a pair of two (``b``) or a pong of two and a missing tile
    (``b`` + 1); or, if every group holds at most one, five groups, so the pair is one copy and
    a missing tile (``d`` + 1). Peeling that group leaves patterns of at most four copies."""
    more[r] -= 3
    a = vector(table.id(bytes(more)))
    more[r] += 1
    b = vector(table.id(bytes(more)))
    more[r] += 1
    d = vector(table.id(bytes(more)))
    more[r] += 1
    out = []
    for m in range(5):
        for p in range(2):
            best = d[2 * m + p]
            if m:
                best = min(best, a[2 * m - 2 + p], b[2 * m - 2 + p] + 1)
            if p:
                best = min(best, b[2 * m], d[2 * m] + 1)
            out.append(min(best, INF))
    return intern(tuple(out))


_COMBINED: dict[tuple[int, int, int, int], tuple[int, tuple[int, int, int, int]]] = {}


def _combine(ids: tuple[int, int, int, int]) -> tuple[int, tuple[int, int, int, int]]:
    """For the four suits' vector ids: the whole hand's vector id and, for each suit, that of
    the other three (cached: hands repeat their suit vectors far more than their tiles)."""
    a, b, c, d = ids
    ab, cd = conv_id(a, b), conv_id(c, d)
    found = (conv_id(ab, cd), (conv_id(b, cd), conv_id(a, cd), conv_id(ab, d), conv_id(ab, c)))
    if len(_COMBINED) >= 200_000:
        _COMBINED.clear()
    _COMBINED[ids] = found
    return found


def _seven_missing(counts: bytes, target: int) -> int:
    """Missing tiles for ``target`` pairs (four of a kind is two pairs): each single needs
    one more copy, each pair beyond the singles two."""
    short = target - min(target, sum(counts.translate(_PAIRS)))
    singles = sum(counts.translate(_ODD))
    upgraded = min(singles, short)
    return upgraded + 2 * (short - upgraded)


_ROOM: dict[bytes, int] = {}


def _bits(flags: bytes) -> int:
    """Bit mask of the positions whose byte is non-zero."""
    mask = 0
    i = flags.find(1)
    while i >= 0:
        mask |= 1 << i
        i = flags.find(1, i + 1)
    return mask


def _room_mask(counts: bytes) -> int:
    mask = 0
    for i, n in enumerate(counts):
        if n < 4:
            mask |= 1 << i
    if len(_ROOM) < 100_000:
        _ROOM[counts] = mask
    return mask


_MELD_TABLES: dict[tuple[bytes, int | None], list[SuitTable]] = {}


def _meld_tables(melded: bytes, joker: int | None) -> list[SuitTable]:
    """Suit tables whose rank limits leave out the copies the player has melded."""
    found = _MELD_TABLES.get((melded, joker))
    if found is None:
        found = []
        for s, lo in enumerate(_OFFSETS):
            hi = lo + (7 if s == 3 else 9)
            cap = bytes(0 if i == joker else 4 - melded[i] for i in range(lo, hi))
            found.append(suit_table(cap, s < 3))
        if len(_MELD_TABLES) < 50_000:
            _MELD_TABLES[(melded, joker)] = found
    return found


def _analysis(hand: Hand, variant: Variant, fifth: bool) -> _Analysis:
    return _analysis_of(hand.packed, hand.melded, len(hand.melds), variant, fifth)


def _analysis_of(counts: bytes, melded: bytes, melds: int, variant: Variant,
                 fifth: bool) -> _Analysis:
    joker = _JOKER[variant]
    if joker is not None and counts[joker]:
        natural = bytearray(counts)
        jokers = natural[joker]
        natural[joker] = 0
        return _Analysis(bytes(natural), jokers, melded, melds, variant, fifth)
    return _Analysis(counts, 0, melded, melds, variant, fifth)


def winning_mask(counts: bytes, melded: bytes, melds: int, variant: Variant,
                 joker_fifth_copy: bool = True) -> int:
    """The tiles that complete a 13-tile hand given as counts, as a bit mask over the 34 kinds
    (the joker included in Hangzhou): the game engine's fast path for claim checks. ``counts``
    are the concealed copies, ``melded`` the copies in the ``melds`` declared melds. Tiles held
    four times (dead waits) never appear."""
    a = _analysis_of(counts, melded, melds, variant, joker_fifth_copy)
    std, seven = a.shanten_pair()
    if min(std, seven) != 0:
        return 0
    mask = a.ready_mask(std, seven) & _NATURAL_MASK[variant]
    joker = _JOKER[variant]
    if a.fifth and joker is not None:
        mask &= ~a.full()
        return mask | 1 << joker  # a drawn joker completes it, standing for a fifth copy or not
    if mask and joker is not None:
        mask |= 1 << joker
    return mask


def _visible(visible: object) -> tuple[Tile, ...]:
    if isinstance(visible, (str, bytes)) or not hasattr(visible, "__iter__"):
        raise ArgumentError(f"visible must be Tiles (parse_tiles('1m 2p')), not "
                            f"{shown(visible, 40)}")
    seen = tuple(visible)
    if any(type(t) is not Tile for t in seen):
        raise ArgumentError(f"visible must hold only Tiles, not {shown(seen, 40)}")
    return seen


def is_win(hand: Hand, variant: Variant | str = Variant.HUANGYAN, *,
           joker_fifth_copy: bool = True) -> bool:
    """Whether a 14-tile hand is complete (any winning shape of the variant)."""
    variant = check_arguments(hand, variant, joker_fifth_copy, "is_win")
    hand.check(variant)
    require_size(hand, (14,), "a win")
    a = _analysis(hand, variant, joker_fifth_copy)
    return a.standard() <= a.jokers or (a.seven and a.seven_pairs() <= a.jokers)


def shanten(hand: Hand, variant: Variant | str = Variant.HUANGYAN, *,
            joker_fifth_copy: bool = True) -> int:
    """Shanten of a 13- or 14-tile hand: -1 complete, 0 ready, 1 one tile from ready..."""
    variant = check_arguments(hand, variant, joker_fifth_copy, "shanten")
    hand.check(variant)
    size = hand.size
    if size != 13 and size != 14:
        require_size(hand, (13, 14), "shanten")
    a = _analysis(hand, variant, joker_fifth_copy)
    std, seven = a.shanten_pair()
    value = std if std < seven else seven
    # One tile from complete by the tables means a drawable tile completes it: the tables
    # leave no room for a fifth natural copy, and where a joker may be a fifth copy a drawn
    # joker completes it. Only a player holding all four jokers must check the natural waits.
    if (value == 0 and a.fifth and size == 13 and a.jokers == 4
            and not a.ready_mask(std, seven) & _NATURAL_MASK[variant] & ~a.full()):
        return 1
    return value


def _left(hand: Hand, variant: Variant, visible: Iterable[Tile]) -> dict[Tile, int]:
    """Copies of each kind not in the hand, its melds or ``visible``; a fifth copy is an error."""
    seen = list(hand.held_counts)
    for tile in visible:
        seen[tile.index] += 1
        if seen[tile.index] > 4:
            raise HandError(f"{hand}: the hand and the tiles seen hold more than four {tile}")
    return {t: 4 - seen[t.index] for t in variant.kinds}


class WaitAnalysis(Value):
    """What a 13-tile hand waits on. ``left`` counts the copies of each kind the player has not
    seen (in hand, melds or ``visible``)."""

    _fields = ("hand", "variant", "shanten", "waits", "dead_waits", "white_dragon_pair_wait",
               "visible")
    _hidden = frozenset({"visible"})
    hand: Hand
    variant: Variant
    shanten: int
    waits: tuple[Tile, ...]
    dead_waits: tuple[Tile, ...]
    white_dragon_pair_wait: bool
    visible: tuple[Tile, ...]

    def __init__(self, hand: Hand, variant: Variant, shanten: int, waits: tuple[Tile, ...],
                 dead_waits: tuple[Tile, ...], white_dragon_pair_wait: bool,
                 visible: tuple[Tile, ...] = ()) -> None:
        self.__dict__.update(hand=hand, variant=variant, shanten=shanten, waits=waits,
                             dead_waits=dead_waits,
                             white_dragon_pair_wait=white_dragon_pair_wait, visible=visible)

    @cached_property
    def left(self) -> dict[Tile, int]:
        return _left(self.hand, self.variant, self.visible)

    @property
    def ready(self) -> bool:
        """One drawable tile from complete: some natural wait, or (where a joker may stand
        for a fifth copy) a drawn joker when every wait is dead."""
        return self.shanten == 0

    @property
    def jokers(self) -> int:
        return joker_count(self.hand, self.variant)

    @property
    def winning_tiles_left(self) -> int:
        """Copies of the waits (and, in Hangzhou, jokers) the player has not seen."""
        total = sum(self.left[t] for t in self.waits)
        if self.variant.joker is not None and self.ready:
            total += self.left[self.variant.joker]
        return total

    def as_dict(self) -> dict[str, object]:
        return {
            "variant": self.variant.value,
            "hand": str(self.hand),
            "ready": self.ready,
            "shanten": self.shanten,
            "waits": [str(t) for t in self.waits],
            "dead_waits": [str(t) for t in self.dead_waits],
            "left": {str(t): n for t, n in self.left.items()},
            "white_dragon_pair_wait": self.white_dragon_pair_wait,
            "joker_completes": self.variant.joker is not None and self.ready,
        }

    def __str__(self) -> str:
        """One line, in the current language (the English of ``tutor waits``)."""
        from tutor.i18n import _, comma  # on use only: import tutor stays light

        sep = comma()
        if self.ready and not self.waits:
            text = _("{hand}: ready, waiting only on a drawn joker (白)").format(hand=self.hand)
        elif self.ready:
            waits = sep.join(_("{tile} ({n} left)").format(tile=t, n=self.left[t])
                             for t in self.waits)
            text = _("{hand}: ready, waiting on {waits}").format(hand=self.hand, waits=waits)
            if self.variant.joker is not None:
                text += _("; a drawn joker (白) also wins")
            if self.white_dragon_pair_wait:
                text += _(" [White Dragon Pair Wait: every tile wins]")
        else:
            text = _("{hand}: not ready (shanten {n})").format(hand=self.hand, n=self.shanten)
        if self.dead_waits:
            text += _("; dead waits (all four copies held): {tiles}").format(
                tiles=sep.join(str(t) for t in self.dead_waits))
        return text


def waits(hand: Hand, variant: Variant | str = Variant.HUANGYAN,
          visible: Iterable[Tile] = (), *, joker_fifth_copy: bool = True) -> WaitAnalysis:
    """Waits of a 13-tile hand. ``visible``: other tiles the player has seen (for ``left``)."""
    variant = check_arguments(hand, variant, joker_fifth_copy, "waits")
    visible = _visible(visible)
    hand.check(variant)
    if hand.size != 13:
        require_size(hand, (13,), "waits")
    a = _analysis(hand, variant, joker_fifth_copy)
    std, seven = a.shanten_pair()
    sh = std if std < seven else seven
    mask = a.ready_mask(std, seven) & _NATURAL_MASK[variant] if sh == 0 else 0
    full = a.full() & _NATURAL_MASK[variant] if 4 in hand.held_counts else 0
    dead: tuple[Tile, ...] = ()
    if full:
        dead_mask = mask & full
        for i in _bits_of(full & ~dead_mask):
            if (sh == 0 or not a.fifth) and a.wins_with_extra(i):
                dead_mask |= 1 << i
        dead = _tiles(dead_mask)
    live = _tiles(mask & ~full)
    if sh == 0 and not live and not (a.fifth and a.jokers < 4):
        sh = 1  # ready only on tiles that cannot be drawn
    seen = tuple(visible) if visible else ()
    if seen:
        _left(hand, variant, seen)  # refuse a fifth copy now, not when ``left`` is read
    return WaitAnalysis(hand, variant, sh, live, dead,
                        bool(sh == 0 and a.jokers and _white_dragon_pair_wait(a)), seen)


def _bits_of(mask: int) -> tuple[int, ...]:
    return tuple(t.index for t in _tiles(mask))


def _white_dragon_pair_wait(a: _Analysis) -> bool:
    """With one joker set aside, the rest is already four groups or six pairs."""
    if a.jokers == 0:
        return False
    rest = a.jokers - 1
    return a.standard(pair=0) <= rest or (a.seven and a.seven_pairs(6) <= rest)


def useful_tiles(hand: Hand, variant: Variant | str = Variant.HUANGYAN, *,
                 joker_fifth_copy: bool = True) -> tuple[Tile, ...]:
    """Kinds that lower the shanten of a 13-tile hand when drawn (jokers included)."""
    variant = check_arguments(hand, variant, joker_fifth_copy, "useful_tiles")
    hand.check(variant)
    require_size(hand, (13,), "useful tiles")
    return _useful(_analysis(hand, variant, joker_fifth_copy), variant, hand.held_counts)


def _useful(a: _Analysis, variant: Variant, held: tuple[int, ...]) -> tuple[Tile, ...]:
    std, seven = a.shanten_pair()
    best = min(std, seven)
    mask = 0
    if std == best:
        mask |= a.standard_improvements()
    if seven == best:
        mask |= a.seven_improvements()
    mask &= _NATURAL_MASK[variant]
    for i, n in enumerate(held):
        if n >= 4:
            mask &= ~(1 << i)
    joker = _JOKER[variant]
    if joker is not None and best >= 0 and held[joker] < 4:
        mask |= 1 << joker
    return _tiles(mask)


class DiscardOption(Value):
    """One discard of a 14-tile hand: the shanten after it and the tiles that would improve."""

    __slots__ = ("discard", "improving", "left", "shanten")
    _fields = ("discard", "shanten", "improving", "left")
    discard: Tile
    shanten: int
    improving: tuple[Tile, ...]
    left: dict[Tile, int]

    def __init__(self, discard: Tile, shanten: int, improving: tuple[Tile, ...],
                 left: dict[Tile, int]) -> None:
        self._set("discard", discard)
        self._set("shanten", shanten)
        self._set("improving", improving)
        self._set("left", left)

    @property
    def count(self) -> int:
        """Copies of the improving tiles not yet seen by the player."""
        return sum(self.left[t] for t in self.improving)

    def as_dict(self) -> dict[str, object]:
        return {"discard": str(self.discard), "shanten": self.shanten,
                "improving": [str(t) for t in self.improving], "count": self.count,
                "left": {str(t): self.left[t] for t in self.improving}}


class Efficiency(Value):
    """Every discard of a 14-tile hand, best first (lowest shanten, then most tiles)."""

    _fields = ("hand", "variant", "shanten", "options")
    hand: Hand
    variant: Variant
    shanten: int
    options: tuple[DiscardOption, ...]

    def __init__(self, hand: Hand, variant: Variant, shanten: int,
                 options: tuple[DiscardOption, ...]) -> None:
        self.__dict__.update(hand=hand, variant=variant, shanten=shanten, options=options)

    @cached_property
    def best(self) -> DiscardOption:
        return self.options[0]

    def as_dict(self) -> dict[str, object]:
        return {"variant": self.variant.value, "hand": str(self.hand), "shanten": self.shanten,
                "options": [o.as_dict() for o in self.options]}

    def __str__(self) -> str:
        from tutor.i18n import _  # on use only: import tutor stays light

        lines = [_("{hand}: shanten {n}").format(hand=self.hand, n=self.shanten)]
        for o in self.options:
            lines.append("  " + _("discard {tile}: shanten {n}, {count} tiles ({kinds} kinds): "
                                  "{tiles}").format(tile=o.discard, n=o.shanten, count=o.count,
                                                    kinds=len(o.improving),
                                                    tiles=" ".join(str(t) for t in o.improving)))
        return "\n".join(lines)


def efficiency(hand: Hand, variant: Variant | str = Variant.HUANGYAN,
               visible: Iterable[Tile] = (), *, joker_fifth_copy: bool = True) -> Efficiency:
    """For each discard of a 14-tile hand: the shanten after it and the tiles that improve it."""
    variant = check_arguments(hand, variant, joker_fifth_copy, "efficiency")
    visible = _visible(visible)
    hand.check(variant)
    require_size(hand, (14,), "efficiency")
    left = _left(hand, variant, visible)
    options = []
    for tile in sorted(set(hand.concealed)):
        rest = hand.remove(tile)
        a = _analysis(rest, variant, joker_fifth_copy)
        sh = min(a.shanten_pair())
        improving = _useful(a, variant, hand.held_counts) if sh >= 0 else ()
        if sh == 0 and not improving:
            sh = 1  # ready only on tiles that cannot be drawn (the discarded one among them)
        options.append(DiscardOption(tile, sh, improving, left))
    options.sort(key=lambda o: (o.shanten, -o.count, o.discard))
    now = min(_analysis(hand, variant, joker_fifth_copy).shanten_pair())
    return Efficiency(hand, variant, now, tuple(options))
