"""Melds and hands: immutable values with a canonical printed form.

A :class:`Hand` is the concealed tiles plus the declared melds. It knows nothing of any
variant's scoring; :meth:`Hand.check` tells whether a variant can hold it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import Enum
from operator import attrgetter

from tutor.core.tiles import KINDS, Tile
from tutor.core.value import Value
from tutor.core.variant import Variant
from tutor.errors import ArgumentError, HandError, shown

# tutor.i18n (an error's text is a Message) is imported where an error is raised: ``import
# tutor`` stays light.

__all__ = ["Hand", "Meld", "MeldKind", "melded_counts"]

_index = attrgetter("index")


class MeldKind(Enum):
    """How a meld was declared. The value is the English name; Chinese in :attr:`chinese`."""

    CHOW = "chow"
    PONG = "pong"
    OPEN_KONG = "open kong"
    ADDED_KONG = "added kong"
    CONCEALED_KONG = "concealed kong"

    __hash__ = object.__hash__  # members are singletons: identity hash, no Python call

    @property
    def is_kong(self) -> bool:
        return self in (MeldKind.OPEN_KONG, MeldKind.ADDED_KONG, MeldKind.CONCEALED_KONG)

    @property
    def chinese(self) -> str:
        return {"chow": "吃", "pong": "碰", "open kong": "明杠", "added kong": "加杠",
                "concealed kong": "暗杠"}[self.value]

    @property
    def brackets(self) -> tuple[str, str]:
        if self is MeldKind.CONCEALED_KONG:
            return ("(", ")")
        if self is MeldKind.ADDED_KONG:
            return ("{", "}")
        return ("[", "]")


def _suit_run(tiles: Sequence[Tile]) -> str:
    """``123m`` style for tiles of one suit, ``""`` for none."""
    if not tiles:
        return ""
    return "".join(str(t.rank) for t in tiles) + tiles[0].suit.value


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Canonical MPSZ for a multiset of tiles: sorted, one suit letter per suit."""
    ordered = sorted(tiles)
    parts = []
    for offset in (0, 9, 18, 27):
        parts.append(_suit_run([t for t in ordered if offset <= t.index < offset + 9]))
    return "".join(parts)


class Meld(Value):
    """A declared set: a chow, a pong or one of the three kongs. ``tiles`` are sorted."""

    __slots__ = ("kind", "tiles")
    _fields = ("kind", "tiles")
    kind: MeldKind
    tiles: tuple[Tile, ...]

    def __init__(self, kind: MeldKind, tiles: Iterable[Tile]) -> None:
        if type(kind) is not MeldKind:
            raise ArgumentError(f"a meld's kind is a MeldKind, not {shown(kind, 40)}")
        try:
            tiles = tuple(sorted(tiles))
        except TypeError:
            raise ArgumentError(f"a meld takes Tiles, not {shown(tiles, 40)}") from None
        if any(type(t) is not Tile for t in tiles):
            raise ArgumentError(f"a meld takes Tiles, not {shown(tiles, 40)}")
        self._set("kind", kind)
        self._set("tiles", tiles)
        problem = _meld_problem(kind, tiles)
        if problem:
            raise HandError(f"{kind.value} {format_tiles(tiles) or '(empty)'}: {problem}")

    @classmethod
    def chow(cls, first: Tile) -> Meld:
        if first.is_honor or first.rank > 7:
            raise HandError(f"no chow starts at {first}")
        return cls(MeldKind.CHOW, (first, KINDS[first.index + 1], KINDS[first.index + 2]))

    @classmethod
    def pong(cls, tile: Tile) -> Meld:
        return cls(MeldKind.PONG, (tile,) * 3)

    @classmethod
    def kong(cls, tile: Tile, kind: MeldKind = MeldKind.OPEN_KONG) -> Meld:
        return cls(kind, (tile,) * 4)

    @classmethod
    def parse(cls, text: str) -> Meld:
        """Read one meld: ``[345s]``, ``[777z]``, ``[1111m]``, ``{1111m}`` (added), ``(2222p)``."""
        from tutor.core.notation import parse_meld

        return parse_meld(text)

    @property
    def tile(self) -> Tile:
        """The lowest tile (the kind, for pongs and kongs)."""
        return self.tiles[0]

    @property
    def is_kong(self) -> bool:
        return self.kind.is_kong

    @property
    def is_chow(self) -> bool:
        return self.kind is MeldKind.CHOW

    @property
    def is_pong_or_kong(self) -> bool:
        return self.kind is not MeldKind.CHOW

    @property
    def is_concealed(self) -> bool:
        return self.kind is MeldKind.CONCEALED_KONG

    def __str__(self) -> str:
        left, right = self.kind.brackets
        return f"{left}{format_tiles(self.tiles)}{right}"

    def __repr__(self) -> str:
        return f"Meld.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        from tutor.display.svg import meld_svg

        svg: str = meld_svg(self)
        return svg


def _meld_problem(kind: MeldKind, tiles: tuple[Tile, ...]) -> str:
    if not tiles:
        return "a meld needs tiles"
    same = all(t == tiles[0] for t in tiles)
    if kind is MeldKind.CHOW:
        if len(tiles) != 3:
            return f"a chow has 3 tiles, not {len(tiles)}"
        a, b, c = tiles
        if a.is_honor or b.index != a.index + 1 or c.index != a.index + 2 or a.rank > 7:
            return "a chow is three consecutive tiles of one suit"
        return ""
    if kind is MeldKind.PONG:
        if len(tiles) != 3 or not same:
            return "a pong is three identical tiles"
        return ""
    if len(tiles) != 4 or not same:
        return "a kong is four identical tiles"
    return ""


def melded_counts(melds: Iterable[Meld]) -> bytes:
    """How many copies of each of the 34 kinds ``melds`` hold."""
    melded = bytearray(34)
    for meld in melds:
        for t in meld.tiles:
            melded[t.index] += 1
    return bytes(melded)


class Hand(Value):
    """Concealed tiles (sorted) and declared melds (in the order declared).

    ``counts`` holds the concealed copies of each of the 34 kinds (``packed``: the same as
    bytes), ``held_counts`` the copies held concealed or melded, ``melded`` (bytes) the copies in
    melds.

    ``Hand.parse("123m456p789s11z [777z]")``; ``str(hand)`` is the canonical form and
    ``Hand.parse(str(hand)) == hand``.
    """

    __slots__ = ("concealed", "counts", "held_counts", "melded", "melds", "packed")
    _fields = ("concealed", "melds")
    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    counts: tuple[int, ...]
    held_counts: tuple[int, ...]
    melded: bytes
    packed: bytes

    def __init__(self, concealed: Iterable[Tile], melds: Iterable[Meld] = ()) -> None:
        set_ = self._set
        try:  # free unless it fails: a wrong type is an ArgumentError, not a bare error
            concealed = tuple(sorted(concealed, key=_index))
            set_("concealed", concealed)
            set_("melds", tuple(melds))
            counts = [0] * 34
            for t in concealed:
                counts[t.index] += 1
            set_("counts", tuple(counts))
            set_("packed", bytes(counts))
            melded = bytearray(34)
            for meld in self.melds:
                for t in meld.tiles:
                    melded[t.index] += 1
                    counts[t.index] += 1
        except (AttributeError, TypeError, IndexError, ValueError):
            raise ArgumentError(f"a Hand takes Tiles and Melds, not {shown(concealed, 40)} and "
                                f"{shown(melds, 40)}") from None
        set_("melded", bytes(melded))
        held = tuple(counts)
        set_("held_counts", held)
        for i, n in enumerate(held):
            if n > 4:
                from tutor.i18n import Message
                raise HandError(Message("{hand}: {n} copies of {tile} (a set has four)", hand=self,
                                         n=n, tile=KINDS[i]))
        if self.size > 14:
            from tutor.i18n import Message
            raise HandError(Message("{hand}: {n} tiles (a hand holds at most 14, a kong counting "
                                    "as 3)", hand=self, n=self.size))

    @classmethod
    def parse(cls, text: str, variant: Variant | str | None = None) -> Hand:
        """Read a hand in MPSZ, CJK or Unicode notation (see :mod:`tutor.core.notation`)."""
        from tutor.core.notation import parse_hand

        return parse_hand(text, variant)

    @classmethod
    def from_counts(cls, counts: Sequence[int], melds: Sequence[Meld] = ()) -> Hand:
        tiles = [KINDS[i] for i, n in enumerate(counts) for _ in range(n)]
        return cls(tuple(tiles), tuple(melds))

    @property
    def size(self) -> int:
        """Concealed tiles plus 3 per meld: 13 between turns, 14 with a drawn tile."""
        return len(self.concealed) + 3 * len(self.melds)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile the player holds, concealed first, kongs with all four tiles."""
        return self.concealed + tuple(t for m in self.melds for t in m.tiles)

    @property
    def is_concealed(self) -> bool:
        """No exposed meld (a concealed kong keeps the hand concealed)."""
        return all(m.is_concealed for m in self.melds)

    def add(self, tile: Tile) -> Hand:
        """This hand with one more concealed tile."""
        return Hand((*self.concealed, tile), self.melds)

    def remove(self, tile: Tile) -> Hand:
        """This hand with one concealed copy of ``tile`` taken away."""
        if tile not in self.concealed:
            from tutor.i18n import Message
            raise HandError(Message("{hand}: no concealed {tile} to remove", hand=self, tile=tile))
        rest = list(self.concealed)
        rest.remove(tile)
        return Hand(tuple(rest), self.melds)

    def check(self, variant: Variant | str) -> Hand:
        """Raise :class:`HandError` if ``variant`` cannot hold this hand; return the hand."""
        variant = Variant.parse(variant)
        if not self.melds and variant is not Variant.GUIYANG:
            return self
        if variant is Variant.GUIYANG and any(self.held_counts[27:]):
            t = next(t for t in self.tiles if t.is_honor)
            from tutor.i18n import Message, pmessage
            raise HandError(Message("{hand}: {tile} ({name}) is not used in {game} (its set has "
                                    "{n} tiles, no honors)", hand=self, tile=t,
                                    name=pmessage("tile", t.name), game=Message(variant.title),
                                    n=variant.tile_count))
        joker = variant.joker
        for meld in self.melds:
            if meld.is_chow and not variant.allows_chow:
                from tutor.i18n import Message
                raise HandError(Message("{hand}: {game} has no chows ({meld})", hand=self,
                                        game=Message(variant.title), meld=meld))
            if joker in meld.tiles and meld.kind is not MeldKind.CONCEALED_KONG:
                from tutor.i18n import Message
                raise HandError(Message("{hand}: a joker ({joker}) can never be shown in a chow, "
                                        "pong or exposed kong ({meld})", hand=self, joker=joker,
                                        meld=meld))
        return self

    def __str__(self) -> str:
        parts = [format_tiles(self.concealed)] if self.concealed else []
        parts += [str(m) for m in self.melds]
        return " ".join(parts)

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"

    def _repr_svg_(self) -> str:
        from tutor.display.svg import hand_svg

        svg: str = hand_svg(self)
        return svg
