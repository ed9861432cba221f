"""Win check, waits, shanten and efficiency, all variants, jokers included.

Definitions (see ``../shared/rules`` and the notebooks for the teaching version):

* *Missing tiles*: the fewest tiles that must be added to the hand's natural tiles to make a
  complete hand, respecting that no kind has more than four copies (melds counted). A joker
  covers one missing tile; it may stand for any natural kind but never for a fifth copy.
* *Shanten* = missing - jokers - 1: -1 for a complete 14-tile hand, 0 for a ready hand, and so
  on. It is the least over the standard shape and (Hangzhou, Guiyang) seven pairs.
* *Waits* of a 13-tile hand: the natural kinds that complete it. A kind of which the player
  already holds all four copies cannot be drawn: such a "wait" is listed apart as dead and does
  not make the hand ready. In Hangzhou a drawn joker completes every ready hand, so waits list
  natural kinds only; :attr:`WaitAnalysis.white_dragon_pair_wait` flags the state in which every
  tile completes the hand.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from tutor.core.hand import Hand
from tutor.core.shapes import joker_count, require_size
from tutor.core.tables import INF, conv, suit_costs, suit_improvements
from tutor.core.tiles import KINDS, Tile
from tutor.core.variant import Variant

__all__ = [
    "DiscardOption",
    "Efficiency",
    "WaitAnalysis",
    "efficiency",
    "is_win",
    "shanten",
    "useful_tiles",
    "waits",
]

_SUITS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))
_FULL = bytes([4] * 9)
_HONOR_LIMITS = {None: bytes([4] * 7), 31: bytes([4, 4, 4, 4, 0, 4, 4])}


class _Analysis:
    """The natural tiles of a hand cut into suit keys, with the cost vectors looked up."""

    __slots__ = ("costs", "four_as_two", "jokers", "keys", "naturals", "need", "seven")

    def __init__(self, naturals: list[int], jokers: int, held: tuple[int, ...],
                 melds: int, variant: Variant) -> None:
        joker = variant.joker.index if variant.joker is not None else None
        self.naturals = naturals
        self.jokers = jokers
        self.need = 4 - melds
        self.seven = variant.seven_pairs and melds == 0
        self.four_as_two = variant.four_as_two_pairs
        keys = []
        for lo, hi, chows in _SUITS:
            counts = bytes(naturals[lo:hi])
            if melds:
                cap = bytes(max(0, 4 - held[i] + naturals[i]) if i != joker else 0
                            for i in range(lo, hi))
            else:
                cap = _FULL if chows else _HONOR_LIMITS[joker]
            keys.append((counts, cap, chows))
        self.keys = keys
        self.costs = [suit_costs(*k) for k in keys]

    def standard(self, pair: int = 1) -> int:
        a, b, c, d = self.costs
        return conv(conv(a, b), conv(c, d))[self.need * 2 + pair]

    def seven_pairs(self, pairs: int = 7) -> int:
        if not self.seven:
            return INF
        return _seven_missing(self.naturals, self.four_as_two, pairs)

    def standard_improvements(self) -> int:
        """Bit mask over the 34 kinds of tiles that lower the standard missing count."""
        a, b, c, d = self.costs
        ab, cd = conv(a, b), conv(c, d)
        best = conv(ab, cd)[self.need * 2 + 1]
        if best >= INF:
            return 0
        rests = (conv(b, cd), conv(a, cd), conv(ab, d), conv(ab, c))
        mask = 0
        for s, (key, rest) in enumerate(zip(self.keys, rests, strict=True)):
            own = self.costs[s]
            improve = suit_improvements(*key)
            offset = _SUITS[s][0]
            for m in range(self.need + 1):
                for p in (0, 1):
                    k = m * 2 + p
                    if improve[k] and own[k] + rest[(self.need - m) * 2 + 1 - p] == best:
                        mask |= improve[k] << offset
        return mask

    def seven_improvements(self) -> int:
        if not self.seven:
            return 0
        base = _seven_missing(self.naturals, self.four_as_two, 7)
        mask = 0
        counts = self.naturals
        for i in range(34):
            if counts[i] < 4:
                counts[i] += 1
                if _seven_missing(counts, self.four_as_two, 7) < base:
                    mask |= 1 << i
                counts[i] -= 1
        return mask


def _seven_missing(counts: list[int], four_as_two: bool, target: int) -> int:
    pairs = singles = 0
    for n in counts:
        if n:
            if four_as_two:
                pairs += n // 2
                singles += n & 1
            elif n == 1:
                singles += 1
            else:
                pairs += 1
    pairs = min(pairs, target)
    short = target - pairs
    upgraded = min(singles, short)
    return upgraded + 2 * (short - upgraded)


def _analysis(hand: Hand, variant: Variant, extra: int | None = None,
              minus: int | None = None) -> _Analysis:
    naturals = list(hand.counts)
    jokers = 0
    if variant.joker is not None:
        jokers = naturals[variant.joker.index]
        naturals[variant.joker.index] = 0
    if extra is not None:
        naturals[extra] += 1
    if minus is not None:
        naturals[minus] -= 1
    return _Analysis(naturals, jokers, hand.held_counts, len(hand.melds), variant)


def _shanten_of(a: _Analysis) -> tuple[int, int]:
    """(standard, seven pairs) shanten."""
    std = a.standard() - a.jokers - 1
    seven = a.seven_pairs() - a.jokers - 1 if a.seven else INF
    return std, seven


def is_win(hand: Hand, variant: Variant | str = Variant.HUANGYAN) -> bool:
    """Whether a 14-tile hand is complete (any winning shape of the variant)."""
    variant = Variant.parse(variant)
    hand.check(variant)
    require_size(hand, (14,), "a win")
    return min(_shanten_of(_analysis(hand, variant))) < 0


def shanten(hand: Hand, variant: Variant | str = Variant.HUANGYAN) -> int:
    """Shanten of a 13- or 14-tile hand: -1 complete, 0 ready, 1 one tile from ready..."""
    variant = Variant.parse(variant)
    hand.check(variant)
    require_size(hand, (13, 14), "shanten")
    value = min(_shanten_of(_analysis(hand, variant)))
    if value == 0 and hand.size == 13 and not waits(hand, variant).waits:
        return 1  # ready only on tiles the player holds all of: not ready
    return value


def _left(hand: Hand, variant: Variant, visible: Iterable[Tile]) -> dict[Tile, int]:
    seen = list(hand.held_counts)
    for tile in visible:
        seen[tile.index] += 1
    return {t: max(0, 4 - seen[t.index]) for t in variant.kinds}


def _mask_tiles(mask: int, variant: Variant) -> tuple[Tile, ...]:
    return tuple(t for t in variant.natural_kinds if mask >> t.index & 1)


@dataclass(frozen=True)
class WaitAnalysis:
    """What a 13-tile hand waits on."""

    hand: Hand
    variant: Variant
    shanten: int
    waits: tuple[Tile, ...]
    dead_waits: tuple[Tile, ...]
    left: dict[Tile, int]
    white_dragon_pair_wait: bool

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
    std, seven = _shanten_of(a)
    mask = 0
    if std == 0:
        mask |= a.standard_improvements()
    if seven == 0:
        mask |= a.seven_improvements()
    held = hand.held_counts
    dead = tuple(t for t in variant.natural_kinds if held[t.index] == 4
                 and _wins_with_fifth(hand, variant, t))
    found = _mask_tiles(mask, variant)
    live = tuple(t for t in found if held[t.index] < 4)
    sh = min(std, seven)
    if sh == 0 and not live:
        sh = 1
    return WaitAnalysis(hand, variant, sh, live, dead, _left(hand, variant, visible),
                        _white_dragon_pair_wait(a) if live else False)


def _wins_with_fifth(hand: Hand, variant: Variant, tile: Tile) -> bool:
    """Whether the hand would be complete with a fifth copy of ``tile`` (a dead wait)."""
    a = _analysis(hand, variant, extra=tile.index)
    s = next(i for i, (lo, hi, _) in enumerate(_SUITS) if lo <= tile.index < hi)
    counts, cap, chows = a.keys[s]
    raised = bytearray(cap)
    raised[tile.index - _SUITS[s][0]] = counts[tile.index - _SUITS[s][0]]
    a.keys[s] = (counts, bytes(raised), chows)
    a.costs[s] = suit_costs(*a.keys[s])
    return a.standard() <= a.jokers


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
    std, seven = _shanten_of(a)
    best = min(std, seven)
    mask = 0
    if std == best:
        mask |= a.standard_improvements()
    if seven == best:
        mask |= a.seven_improvements()
    tiles = [t for t in _mask_tiles(mask, variant) if held[t.index] < 4]
    if variant.joker is not None and best >= 0:
        tiles.append(variant.joker)
    return tuple(sorted(tiles))


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
    joker = variant.joker.index if variant.joker is not None else None
    options = []
    for tile in sorted(set(hand.concealed)):
        rest = hand.remove(tile)
        a = _analysis(rest, variant)
        sh = min(_shanten_of(a))
        improving = _useful(a, variant, hand.held_counts) if sh >= 0 else ()
        if sh == 0 and not any(t.index != joker for t in improving):
            sh = 1  # ready only on dead tiles
        options.append(DiscardOption(tile, sh, improving, left))
    options.sort(key=lambda o: (o.shanten, -o.count, o.discard))
    now = min(_shanten_of(_analysis(hand, variant)))
    return Efficiency(hand, variant, now, tuple(options))
