"""Winning shapes: every way to read a complete hand.

A complete hand is four groups (chow, pong or kong; declared melds included) and a pair, or,
where the variant allows, seven pairs (four identical undeclared tiles count as two pairs).
In Hangzhou each White Dragon is a joker: it may stand for any other kind, and jokers may form
sets and pairs among themselves ("wild" groups). By the rule of record a joker may also stand for
a "fifth copy" of a kind whose four natural copies are all held (``joker_fifth_copy=True``);
``joker_fifth_copy=False`` is the stricter reading. Every :class:`Decomposition` says what each
joker stood for.

This module enumerates readings by plain recursion: it is the explainer used by scoring. The fast
win check and waits live in :mod:`tutor.core.waits`; the tests check the two against each other
and against an independent brute force.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import Enum

from tutor.core.hand import Hand, Meld, MeldKind, format_tiles
from tutor.core.tiles import KINDS, Tile
from tutor.core.value import Value
from tutor.core.variant import Variant
from tutor.errors import ArgumentError, HandError, shown

__all__ = ["Decomposition", "Group", "GroupKind", "Shape", "check_arguments", "decompositions",
           "joker_count", "natural_counts", "require_size"]


class GroupKind(Enum):
    CHOW = "chow"
    PONG = "pong"
    KONG = "kong"
    PAIR = "pair"


class Shape(Enum):
    STANDARD = "four groups and a pair"
    SEVEN_PAIRS = "seven pairs"


class Group(Value):
    """One group of a reading.

    ``tiles`` are the kinds the group stands for (sorted); ``jokers`` the kinds that jokers stand
    for within it (a sub-multiset of ``tiles``). A *wild* group is made of jokers only and may
    stand for any set or pair; its ``tiles`` are the jokers themselves. ``meld`` is the declared
    meld the group is, if any.
    """

    __slots__ = ("jokers", "kind", "meld", "tiles", "wild")
    _fields = ("kind", "tiles", "jokers", "wild", "meld")
    kind: GroupKind
    tiles: tuple[Tile, ...]
    jokers: tuple[Tile, ...]
    wild: bool
    meld: Meld | None

    def __init__(self, kind: GroupKind, tiles: Iterable[Tile], jokers: Iterable[Tile] = (),
                 wild: bool = False, meld: Meld | None = None) -> None:
        self._set("kind", kind)
        self._set("tiles", tuple(tiles))
        self._set("jokers", tuple(jokers))
        self._set("wild", wild)
        self._set("meld", meld)

    @property
    def tile(self) -> Tile:
        return self.tiles[0]

    @property
    def is_set(self) -> bool:
        return self.kind is not GroupKind.PAIR

    @property
    def is_pong_or_kong(self) -> bool:
        return self.kind in (GroupKind.PONG, GroupKind.KONG)

    @property
    def is_concealed(self) -> bool:
        """Not a declared meld, or a concealed kong."""
        return self.meld is None or self.meld.kind is MeldKind.CONCEALED_KONG

    @property
    def joker_tiles(self) -> int:
        """How many physical jokers the group holds."""
        return len(self.tiles) if self.wild else len(self.jokers)

    def __str__(self) -> str:
        if self.wild:
            return "".join("白" for _ in self.tiles) + f" (jokers as any {self.kind.value})"
        text = format_tiles(self.tiles)
        if self.meld is not None:
            text = str(self.meld)
        if self.jokers:
            text += " (" + ", ".join(f"白={t}" for t in self.jokers) + ")"
        return text


class Decomposition(Value):
    """One reading of a complete hand: its shape and its groups (sets first, pairs last)."""

    __slots__ = ("groups", "shape")
    _fields = ("shape", "groups")
    shape: Shape
    groups: tuple[Group, ...]

    def __init__(self, shape: Shape, groups: Iterable[Group]) -> None:
        self._set("shape", shape)
        self._set("groups", tuple(groups))

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.is_set)

    @property
    def pairs(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if not g.is_set)

    @property
    def pair(self) -> Group:
        """The pair of a standard reading (the first pair of seven pairs)."""
        return self.pairs[0]

    @property
    def joker_stands_for(self) -> tuple[Tile, ...]:
        """The kinds the jokers stand for, outside wild groups."""
        return tuple(sorted(t for g in self.groups for t in g.jokers))

    @property
    def jokers(self) -> int:
        return sum(g.joker_tiles for g in self.groups)

    def __str__(self) -> str:
        return " ".join(str(g) for g in self.groups)


def joker_count(hand: Hand, variant: Variant) -> int:
    """Concealed jokers (White Dragons in Hangzhou; zero elsewhere)."""
    joker = variant.joker
    return hand.counts[joker.index] if joker is not None else 0


def natural_counts(hand: Hand, variant: Variant) -> list[int]:
    """Concealed counts with the jokers taken out."""
    counts = list(hand.counts)
    if variant.joker is not None:
        counts[variant.joker.index] = 0
    return counts


def require_size(hand: Hand, sizes: tuple[int, ...], what: str) -> None:
    if hand.size not in sizes:
        wanted = " or ".join(str(s) for s in sizes)
        raise HandError(f"{hand}: {what} needs a hand of {wanted} tiles (a kong counting as 3), "
                        f"this one has {hand.size}")

def check_arguments(hand: object, variant: Variant | str, fifth: object, what: str) -> Variant:
    """The checks every public function here starts with: a Hand, a known variant and a
    ``joker_fifth_copy`` that is True or False (a few ``isinstance`` calls, nothing more)."""
    if not isinstance(hand, Hand):
        raise ArgumentError(f"{what} takes a Hand (Hand.parse('123m...')), not "
                            f"{type(hand).__name__} {shown(hand, 40)}")
    if type(fifth) is not bool:
        raise ArgumentError(f"{what}: joker_fifth_copy must be True or False, not "
                            f"{shown(fifth, 30)}")
    return Variant.parse(variant)



def decompositions(hand: Hand, variant: Variant | str = Variant.HUANGYAN, *,
                   joker_fifth_copy: bool = True) -> list[Decomposition]:
    """Every reading of a complete 14-tile hand, without repeats; empty if it is not complete.
    ``joker_fifth_copy``: whether a joker may stand for a copy beyond the fourth (Hangzhou)."""
    variant = check_arguments(hand, variant, joker_fifth_copy, "decompositions")
    hand.check(variant)
    require_size(hand, (14,), "a win")
    counts = natural_counts(hand, variant)
    jokers = joker_count(hand, variant)
    held = list(hand.held_counts)
    if variant.joker is not None:
        held[variant.joker.index] = 0
    room = [4 - n for n in held]  # how many more of each kind jokers may stand for
    if joker_fifth_copy:
        room = [8] * 34  # four jokers at most, so never a limit
    if variant.joker is not None:
        room[variant.joker.index] = 0
    meld_groups = tuple(_meld_group(m, variant) for m in hand.melds)
    found: set[tuple[Group, ...]] = set()
    out: list[Decomposition] = []
    for groups in _standard(counts, jokers, room, 4 - len(hand.melds), True, 0):
        key = meld_groups + tuple(sorted(groups, key=_group_order))
        if key not in found:
            found.add(key)
            out.append(Decomposition(Shape.STANDARD, key))
    if variant.seven_pairs and not hand.melds:
        pairs = _seven_pairs(counts, jokers, room, variant.four_as_two_pairs)
        if pairs is not None:
            out.append(Decomposition(Shape.SEVEN_PAIRS, pairs))
    return out


def _group_order(group: Group) -> tuple[int, int, tuple[int, ...], bool, tuple[int, ...]]:
    return (group.kind is GroupKind.PAIR, group.wild, tuple(t.index for t in group.tiles),
            False, tuple(t.index for t in group.jokers))


def _meld_group(meld: Meld, variant: Variant) -> Group:
    kind = GroupKind.CHOW if meld.is_chow else GroupKind.KONG if meld.is_kong else GroupKind.PONG
    wild = variant.joker is not None and meld.tile == variant.joker
    return Group(kind, meld.tiles, wild=wild, meld=meld)


def _wild(jokers: int, sets: int, pair: bool, joker: Tile) -> tuple[Group, ...] | None:
    if jokers != 3 * sets + 2 * pair:
        return None
    groups = [Group(GroupKind.PONG, (joker,) * 3, wild=True) for _ in range(sets)]
    if pair:
        groups.append(Group(GroupKind.PAIR, (joker,) * 2, wild=True))
    return tuple(groups)


def _standard(counts: list[int], jokers: int, room: list[int], sets: int, pair: bool,
              start: int) -> Iterator[tuple[Group, ...]]:
    """Yield group tuples using all ``counts`` and ``jokers`` as ``sets`` sets (+ a pair)."""
    i = start
    while i < 34 and counts[i] == 0:
        i += 1
    if i == 34:
        wild = _wild(jokers, sets, pair, KINDS[31])
        if wild is not None:
            yield wild
        return
    if 3 * sets + 2 * pair < sum(counts) + jokers:
        return
    options = _options(i, pair, sets) if jokers else _natural_options(i, pair, sets)
    for kind, naturals, joker_kinds in options:
        if len(joker_kinds) > jokers:
            continue
        if any(counts[k] < naturals.count(k) for k in set(naturals)):
            continue
        if any(room[k] < joker_kinds.count(k) for k in set(joker_kinds)):
            continue
        for k in naturals:
            counts[k] -= 1
        for k in joker_kinds:
            room[k] -= 1
        group = Group(kind, tuple(KINDS[k] for k in sorted(naturals + joker_kinds)),
                      tuple(KINDS[k] for k in sorted(joker_kinds)))
        is_pair = kind is GroupKind.PAIR
        for rest in _standard(counts, jokers - len(joker_kinds), room, sets - (not is_pair),
                              pair and not is_pair, i):
            yield (group, *rest)
        for k in naturals:
            counts[k] += 1
        for k in joker_kinds:
            room[k] += 1


_Option = tuple[GroupKind, list[int], list[int]]  # kind, naturals, the kinds jokers stand for


def _options(i: int, pair: bool, sets: int) -> list[_Option]:
    """Every group the lowest kind held, ``i``, may start (jokers filling any gaps), in the
    order the search tries them."""
    tile = KINDS[i]
    options: list[_Option] = []
    if pair:
        options.append((GroupKind.PAIR, [i, i], []))
        options.append((GroupKind.PAIR, [i], [i]))
    if sets:
        for held in (3, 2, 1):
            options.append((GroupKind.PONG, [i] * held, [i] * (3 - held)))
        if tile.is_suited:
            offset = tile.suit.offset
            for first in (i - 2, i - 1, i):
                if first < offset or first + 2 > offset + 8:
                    continue
                below = [k for k in (first, first + 1, first + 2) if k < i]
                above = [k for k in (first, first + 1, first + 2) if k > i]
                for mask in range(1 << len(above)):
                    nat = [i] + [k for b, k in enumerate(above) if mask >> b & 1]
                    jok = below + [k for b, k in enumerate(above) if not mask >> b & 1]
                    options.append((GroupKind.CHOW, nat, jok))
    return options


def _natural_options(i: int, pair: bool, sets: int) -> list[_Option]:
    """The options of :func:`_options` that need no joker, in the same order: without jokers
    the search tries only these (a pair, a pong, the chow starting at ``i``)."""
    options: list[_Option] = []
    if pair:
        options.append((GroupKind.PAIR, [i, i], []))
    if sets:
        options.append((GroupKind.PONG, [i, i, i], []))
        if i < 27 and i % 9 <= 6:
            options.append((GroupKind.CHOW, [i, i + 1, i + 2], []))
    return options


def _seven_pairs(counts: list[int], jokers: int, room: list[int],
                 four_as_two: bool) -> tuple[Group, ...] | None:
    if sum(counts) + jokers != 14:
        return None
    groups: list[Group] = []
    for i, n in enumerate(counts):
        if n == 0:
            continue
        if n > 2 and not four_as_two:
            return None
        tile = KINDS[i]
        groups += [Group(GroupKind.PAIR, (tile, tile))] * (n // 2)
        if n % 2:
            if jokers == 0 or room[i] == 0:
                return None
            jokers -= 1
            groups.append(Group(GroupKind.PAIR, (tile, tile), (tile,)))
    if jokers % 2:
        return None
    groups += [Group(GroupKind.PAIR, (KINDS[31],) * 2, wild=True)] * (jokers // 2)
    return tuple(groups) if len(groups) == 7 else None
