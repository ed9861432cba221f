"""Win check, waits, shanten and efficiency, all variants, jokers included.

Definitions (the notebooks teach them with examples):

* *Missing tiles*: the fewest tiles that must be added to the hand's natural tiles to make a
  complete hand, respecting that no kind has more than four copies (melds counted). A joker
  covers one missing tile; it may stand for any natural kind but never for a fifth copy.
* *Shanten* = missing - jokers - 1: -1 for a complete 14-tile hand, 0 for a ready hand, and so
  on; the least over the standard shape and (Hangzhou, Guiyang) seven pairs, where four
  identical tiles count as two pairs.
* *Waits* of a 13-tile hand: the natural kinds that complete it. A kind of which the player
  already holds all four copies cannot be drawn: such a "wait" is listed apart as dead and does
  not make the hand ready (a hand ready only on dead tiles has shanten 1). In Hangzhou a drawn
  joker completes every ready hand, so waits list natural kinds only;
  :attr:`WaitAnalysis.white_dragon_pair_wait` flags the state in which every tile wins.

The numbers come from the per-suit tables of :mod:`tutor.core.tables`; the readings themselves
(what each group and joker is) from :mod:`tutor.core.shapes`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property

from tutor.core.hand import Hand
from tutor.core.shapes import joker_count, require_size
from tutor.core.tables import INF, SuitTable, conv_id, optimal_entries, suit_table, vector
from tutor.core.tiles import KINDS, Tile
from tutor.core.variant import Variant
from tutor.errors import HandError

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
_SUITED_TABLE = suit_table(bytes([4] * 9), True)
_HONOR_TABLES = {None: suit_table(bytes([4] * 7), False),
                 31: suit_table(bytes([4, 4, 4, 4, 0, 4, 4]), False)}
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
    """A hand's natural tiles cut into suits, with each suit's cost-vector id."""

    __slots__ = ("ab", "cd", "counts", "ids", "jokers", "need", "seven", "tables")

    def __init__(self, counts: bytes, jokers: int, melded: bytes, melds: int,
                 variant: Variant) -> None:
        joker = _JOKER[variant]
        self.counts = counts
        self.jokers = jokers
        self.need = 4 - melds
        self.seven = melds == 0 and _SEVEN[variant]
        if melds:
            self.tables = _meld_tables(melded, joker)
        else:
            self.tables = [_SUITED_TABLE, _SUITED_TABLE, _SUITED_TABLE, _HONOR_TABLES[joker]]
        t = self.tables
        self.ids = a, b, c, d = (t[0].id(counts[0:9]), t[1].id(counts[9:18]),
                                 t[2].id(counts[18:27]), t[3].id(counts[27:34]))
        self.ab = conv_id(a, b)
        self.cd = conv_id(c, d)

    def standard(self, pair: int = 1) -> int:
        """Missing tiles for the standard shape (``pair=0``: four sets and no pair)."""
        return vector(conv_id(self.ab, self.cd))[2 * self.need + pair]

    def seven_pairs(self, target: int = 7) -> int:
        if not self.seven:
            return INF
        short = target - min(target, sum(self.counts.translate(_PAIRS)))
        singles = sum(self.counts.translate(_ODD))
        upgraded = min(singles, short)
        return upgraded + 2 * (short - upgraded)

    def standard_improvements(self, ready: bool = False) -> int:
        """Bit mask over the 34 kinds of the tiles that lower the standard missing count.

        ``ready``: the hand is one tile from complete, so without jokers a suit with no tiles
        cannot hold a wait (one new tile there makes no group) and is skipped."""
        a, b, c, d = self.ids
        ab, cd = self.ab, self.cd
        target = 2 * self.need + 1
        mask = 0
        for s in range(4):
            if ready and not self.jokers and self.ids[s] == self.tables[s].empty:
                continue
            rest = (conv_id(b, cd) if s == 0 else conv_id(a, cd) if s == 1
                    else conv_id(ab, d) if s == 2 else conv_id(ab, c))
            best, entries = optimal_entries(self.ids[s], rest, target)
            if best >= INF:
                return 0
            lo = _OFFSETS[s]
            improve = self.tables[s].improvements(self.counts[lo:lo + (7 if s == 3 else 9)])
            for k in entries:
                mask |= improve[k] << lo
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


def _analysis(hand: Hand, variant: Variant) -> _Analysis:
    return _analysis_of(bytes(hand.counts), hand.melded, len(hand.melds), variant)


def _analysis_of(counts: bytes, melded: bytes, melds: int, variant: Variant) -> _Analysis:
    joker = _JOKER[variant]
    if joker is not None and counts[joker]:
        natural = bytearray(counts)
        jokers = natural[joker]
        natural[joker] = 0
        return _Analysis(bytes(natural), jokers, melded, melds, variant)
    return _Analysis(counts, 0, melded, melds, variant)


def winning_mask(counts: bytes, melded: bytes, melds: int, variant: Variant) -> int:
    """The tiles that complete a 13-tile hand given as counts, as a bit mask over the 34 kinds
    (the joker included in Hangzhou): the game engine's fast path for claim checks. ``counts``
    are the concealed copies, ``melded`` the copies in the ``melds`` declared melds. Tiles held
    four times (dead waits) never appear: the tables' rank limits leave no room for them."""
    a = _analysis_of(counts, melded, melds, variant)
    mask = a.ready_mask(*a.shanten_pair()) & _NATURAL_MASK[variant]
    joker = _JOKER[variant]
    if mask and joker is not None:
        mask |= 1 << joker
    return mask


def is_win(hand: Hand, variant: Variant | str = Variant.HUANGYAN) -> bool:
    """Whether a 14-tile hand is complete (any winning shape of the variant)."""
    variant = Variant.parse(variant)
    hand.check(variant)
    require_size(hand, (14,), "a win")
    a = _analysis(hand, variant)
    return a.standard() <= a.jokers or (a.seven and a.seven_pairs() <= a.jokers)


def shanten(hand: Hand, variant: Variant | str = Variant.HUANGYAN) -> int:
    """Shanten of a 13- or 14-tile hand: -1 complete, 0 ready, 1 one tile from ready..."""
    variant = Variant.parse(variant)
    hand.check(variant)
    require_size(hand, (13, 14), "shanten")
    a = _analysis(hand, variant)
    std, seven = a.shanten_pair()
    value = min(std, seven)
    if value == 0 and hand.size == 13 and not a.ready_mask(std, seven) & _NATURAL_MASK[variant]:
        return 1  # ready only on tiles the player holds all of: not ready
    return value


def _left(hand: Hand, variant: Variant, visible: Iterable[Tile]) -> dict[Tile, int]:
    """Copies of each kind not in the hand, its melds or ``visible``; a fifth copy is an error."""
    seen = list(hand.held_counts)
    for tile in visible:
        seen[tile.index] += 1
        if seen[tile.index] > 4:
            raise HandError(f"{hand}: the hand and the tiles seen hold more than four {tile}")
    return {t: 4 - seen[t.index] for t in variant.kinds}


@dataclass(frozen=True)
class WaitAnalysis:
    """What a 13-tile hand waits on. ``left`` counts the copies of each kind the player has not
    seen (in hand, melds or ``visible``)."""

    hand: Hand
    variant: Variant
    shanten: int
    waits: tuple[Tile, ...]
    dead_waits: tuple[Tile, ...]
    white_dragon_pair_wait: bool
    visible: tuple[Tile, ...] = field(default=(), repr=False)

    @cached_property
    def left(self) -> dict[Tile, int]:
        return _left(self.hand, self.variant, self.visible)

    @property
    def ready(self) -> bool:
        return bool(self.waits)

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
        if self.ready:
            waits = ", ".join(f"{t} ({self.left[t]} left)" for t in self.waits)
            text = f"{self.hand}: ready, waiting on {waits}"
            if self.variant.joker is not None:
                text += "; a drawn joker (白) also wins"
            if self.white_dragon_pair_wait:
                text += " [White Dragon Pair Wait: every tile wins]"
        else:
            text = f"{self.hand}: not ready (shanten {self.shanten})"
        if self.dead_waits:
            dead = ", ".join(str(t) for t in self.dead_waits)
            text += f"; dead waits (all four copies held): {dead}"
        return text


def waits(hand: Hand, variant: Variant | str = Variant.HUANGYAN,
          visible: Iterable[Tile] = ()) -> WaitAnalysis:
    """Waits of a 13-tile hand. ``visible``: other tiles the player has seen (for ``left``)."""
    variant = Variant.parse(variant)
    hand.check(variant)
    require_size(hand, (13,), "waits")
    a = _analysis(hand, variant)
    std, seven = a.shanten_pair()
    mask = a.ready_mask(std, seven)
    held = hand.held_counts
    dead: tuple[Tile, ...] = ()
    if 4 in held:
        dead = tuple(KINDS[i] for i, n in enumerate(held) if n == 4 and i != _JOKER[variant]
                     and _wins_with_fifth(hand, variant, KINDS[i]))
    live = _tiles(mask & _NATURAL_MASK[variant])
    sh = min(std, seven)
    if sh == 0 and not live:
        sh = 1
    seen = tuple(visible)
    if seen:
        _left(hand, variant, seen)  # refuse a fifth copy now, not when ``left`` is read
    return WaitAnalysis(hand, variant, sh, live, dead,
                        bool(live) and _white_dragon_pair_wait(a), seen)


def _wins_with_fifth(hand: Hand, variant: Variant, tile: Tile) -> bool:
    """Whether the hand would be complete with a fifth copy of ``tile`` (a dead wait)."""
    a = _analysis(hand, variant)
    s = min(tile.index // 9, 3)
    lo = _OFFSETS[s]
    counts = bytearray(a.counts[lo:lo + (7 if s == 3 else 9)])
    counts[tile.index - lo] += 1
    cap = bytearray(a.tables[s].limits)
    cap[tile.index - lo] = counts[tile.index - lo]
    ids = list(a.ids)
    ids[s] = suit_table(bytes(cap), s < 3).id(bytes(counts))
    total = vector(conv_id(conv_id(ids[0], ids[1]), conv_id(ids[2], ids[3])))
    return total[2 * a.need + 1] <= a.jokers


def _white_dragon_pair_wait(a: _Analysis) -> bool:
    """With one joker set aside, the rest is already four groups or six pairs."""
    if a.jokers == 0:
        return False
    rest = a.jokers - 1
    return a.standard(pair=0) <= rest or (a.seven and a.seven_pairs(6) <= rest)


def useful_tiles(hand: Hand, variant: Variant | str = Variant.HUANGYAN) -> tuple[Tile, ...]:
    """Kinds that lower the shanten of a 13-tile hand when drawn (jokers included)."""
    variant = Variant.parse(variant)
    hand.check(variant)
    require_size(hand, (13,), "useful tiles")
    return _useful(_analysis(hand, variant), variant, hand.held_counts)


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


@dataclass(frozen=True)
class DiscardOption:
    """One discard of a 14-tile hand: the shanten after it and the tiles that would improve."""

    discard: Tile
    shanten: int
    improving: tuple[Tile, ...]
    left: dict[Tile, int]

    @property
    def count(self) -> int:
        """Copies of the improving tiles not yet seen by the player."""
        return sum(self.left[t] for t in self.improving)

    def as_dict(self) -> dict[str, object]:
        return {"discard": str(self.discard), "shanten": self.shanten,
                "improving": [str(t) for t in self.improving], "count": self.count,
                "left": {str(t): self.left[t] for t in self.improving}}


@dataclass(frozen=True)
class Efficiency:
    """Every discard of a 14-tile hand, best first (lowest shanten, then most tiles)."""

    hand: Hand
    variant: Variant
    shanten: int
    options: tuple[DiscardOption, ...]

    @cached_property
    def best(self) -> DiscardOption:
        return self.options[0]

    def as_dict(self) -> dict[str, object]:
        return {"variant": self.variant.value, "hand": str(self.hand), "shanten": self.shanten,
                "options": [o.as_dict() for o in self.options]}

    def __str__(self) -> str:
        lines = [f"{self.hand}: shanten {self.shanten}"]
        for o in self.options:
            tiles = " ".join(str(t) for t in o.improving)
            lines.append(f"  discard {o.discard}: shanten {o.shanten}, "
                         f"{o.count} tiles ({len(o.improving)} kinds): {tiles}")
        return "\n".join(lines)


def efficiency(hand: Hand, variant: Variant | str = Variant.HUANGYAN,
               visible: Iterable[Tile] = ()) -> Efficiency:
    """For each discard of a 14-tile hand: the shanten after it and the tiles that improve it."""
    variant = Variant.parse(variant)
    hand.check(variant)
    require_size(hand, (14,), "efficiency")
    left = _left(hand, variant, visible)
    joker = _JOKER[variant]
    options = []
    for tile in sorted(set(hand.concealed)):
        rest = hand.remove(tile)
        a = _analysis(rest, variant)
        sh = min(a.shanten_pair())
        improving = _useful(a, variant, hand.held_counts) if sh >= 0 else ()
        if sh == 0 and not any(t.index != joker for t in improving):
            sh = 1  # ready only on dead tiles
        options.append(DiscardOption(tile, sh, improving, left))
    options.sort(key=lambda o: (o.shanten, -o.count, o.discard))
    now = min(_analysis(hand, variant).shanten_pair())
    return Efficiency(hand, variant, now, tuple(options))
