"""Tiles: 34 kinds in three suits and the honors.

A :class:`Tile` is an immutable value identified by its index 0-33: characters (m) 0-8,
dots (p) 9-17, bamboo (s) 18-26, honors (z) 27-33 in the order East, South, West, North,
White, Green, Red. Tiles are interned, so ``Tile.parse("3m") is Tile.parse("3m")``.
"""

from __future__ import annotations

from enum import Enum, IntEnum
from functools import total_ordering

from tutor.errors import InputError, NotationError, shown

TYPE_CHECKING = False  # no runtime import of typing: it costs every start a few milliseconds
if TYPE_CHECKING:
    from typing import ClassVar

__all__ = [
    "DRAGONS",
    "HONORS",
    "KINDS",
    "SUITED",
    "TERMINALS_AND_HONORS",
    "WINDS",
    "Dragon",
    "Suit",
    "Tile",
    "Wind",
]


class Suit(Enum):
    """The four families of tiles, valued by their MPSZ letter."""

    CHARACTERS = "m"
    DOTS = "p"
    BAMBOO = "s"
    HONORS = "z"

    @property
    def offset(self) -> int:
        """Index of the suit's first tile."""
        return _SUIT_OFFSET[self]

    @property
    def size(self) -> int:
        """How many kinds the suit has (9, or 7 for honors)."""
        return 7 if self is Suit.HONORS else 9

    @property
    def chinese(self) -> str:
        return {"m": "万", "p": "筒", "s": "条", "z": "字"}[self.value]


_SUIT_OFFSET = {Suit.CHARACTERS: 0, Suit.DOTS: 9, Suit.BAMBOO: 18, Suit.HONORS: 27}
_SUIT_OF_LETTER = {s.value: s for s in Suit}
# a tile's suit by index // 9 (at most 3)
_SUIT_BY_GROUP = (Suit.CHARACTERS, Suit.DOTS, Suit.BAMBOO, Suit.HONORS)


class Wind(IntEnum):
    """Seat and table winds, valued by their honor rank (1z-4z). Also the four seats."""

    EAST = 1
    SOUTH = 2
    WEST = 3
    NORTH = 4

    __hash__ = int.__hash__  # the int's own hash (Enum's is a Python call): seats key hot dicts

    @property
    def tile(self) -> Tile:
        return Tile(27 + self.value - 1)

    @property
    def letter(self) -> str:
        return self.name[0]

    @property
    def chinese(self) -> str:
        return "東南西北"[self.value - 1]

    @classmethod
    def parse(cls, text: str) -> Wind:
        """Read a wind from ``E``/``East``/``東``/``1z``-style text (letters in ASCII only, in
        any case: ``eaſt`` with a long s is not East)."""
        if not isinstance(text, str):
            raise NotationError(repr(text), None, "a wind or seat is text: E, S, W or N")
        key = text.strip() if len(text) <= 20 else ""
        # letters compared only when ASCII: str.upper() reads 'ſ' as 'S' and 'ﬆ' as 'ST'
        upper = key.upper() if key.isascii() else None
        for wind in cls:
            if upper in (wind.letter, wind.name) or key in (wind.chinese, "东南西北"[
                    wind.value - 1], f"{wind.value}z"):
                return wind
        raise NotationError(text, None, "not a wind or seat (use E, S, W or N)")

    def next(self, steps: int = 1) -> Wind:
        """The seat ``steps`` places to the right (the next in turn order)."""
        return _WIND_ORDER[(self.value - 1 + steps) % 4]


_WIND_ORDER = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)


class Dragon(IntEnum):
    """The three dragons, valued by their honor rank (5z-7z)."""

    WHITE = 5
    GREEN = 6
    RED = 7

    @property
    def tile(self) -> Tile:
        return Tile(27 + self.value - 1)

    @property
    def chinese(self) -> str:
        return "白發中"[self.value - 5]


_HONOR_NAMES = ("East", "South", "West", "North", "White Dragon", "Green Dragon", "Red Dragon")
_SUIT_NAMES = {Suit.CHARACTERS: "Characters", Suit.DOTS: "Dots", Suit.BAMBOO: "Bamboo"}
_CJK_HONORS = "東南西北白發中"
_CJK_DIGITS = "一二三四五六七八九"
# Unicode's mahjong block orders characters, bamboo, dots; honors come first.
_GLYPH_BASE = {Suit.CHARACTERS: 0x1F007, Suit.BAMBOO: 0x1F010, Suit.DOTS: 0x1F019}
_GLYPH_HONORS = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)


@total_ordering
class Tile:
    """One tile kind. ``Tile(index)`` or, more readably, ``Tile.parse("5p")``."""

    __slots__ = ("index",)
    _cache: ClassVar[list[Tile]] = []
    index: int

    def __new__(cls, index: int) -> Tile:
        if cls._cache:
            if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < 34:
                raise InputError(f"tile index must be 0-33, not {shown(index)}")
            return cls._cache[index]
        tile = super().__new__(cls)
        object.__setattr__(tile, "index", index)
        return tile

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("tiles are immutable")

    def __reduce__(self) -> tuple[type[Tile], tuple[int]]:
        return (Tile, (self.index,))

    @classmethod
    def of(cls, suit: Suit, rank: int) -> Tile:
        """The tile of ``rank`` (1-9, or 1-7 for honors) in ``suit``."""
        if type(suit) is not Suit or type(rank) is not int:
            raise InputError(f"Tile.of takes a Suit and a whole number, not {shown(suit, 30)} "
                             f"and {shown(rank, 30)}")
        if not 1 <= rank <= suit.size:
            raise InputError(f"rank {shown(rank)} does not exist in {suit.name.lower()}")
        return cls(suit.offset + rank - 1)

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read exactly one tile in any notation :func:`tutor.parse_hand` accepts."""
        from tutor.core.notation import parse_tile

        return parse_tile(text)

    @property
    def suit(self) -> Suit:
        return _SUIT_BY_GROUP[min(self.index // 9, 3)]

    @property
    def rank(self) -> int:
        i = self.index
        return i % 9 + 1 if i < 27 else i - 26  # the rank within the suit, from 1

    @property
    def is_honor(self) -> bool:
        return self.index >= 27

    @property
    def is_suited(self) -> bool:
        return self.index < 27

    @property
    def is_terminal(self) -> bool:
        return self.index < 27 and self.rank in (1, 9)

    @property
    def is_simple(self) -> bool:
        return self.index < 27 and 2 <= self.rank <= 8

    @property
    def is_terminal_or_honor(self) -> bool:
        return not self.is_simple

    @property
    def is_wind(self) -> bool:
        return 27 <= self.index <= 30

    @property
    def is_dragon(self) -> bool:
        return self.index >= 31

    @property
    def wind(self) -> Wind | None:
        return Wind(self.index - 26) if self.is_wind else None

    @property
    def dragon(self) -> Dragon | None:
        return Dragon(self.index - 26) if self.is_dragon else None

    @property
    def name(self) -> str:
        """English name: ``"3 of Dots"``, ``"East"``, ``"Red Dragon"``."""
        if self.is_honor:
            return _HONOR_NAMES[self.rank - 1]
        return f"{self.rank} of {_SUIT_NAMES[self.suit]}"

    @property
    def chinese(self) -> str:
        """Chinese name: ``三筒``, ``東``."""
        if self.is_honor:
            return _CJK_HONORS[self.rank - 1]
        return _CJK_DIGITS[self.rank - 1] + self.suit.chinese

    @property
    def glyph(self) -> str:
        """The Unicode mahjong glyph (U+1F000 block)."""
        if self.is_honor:
            return chr(_GLYPH_HONORS[self.rank - 1])
        return chr(_GLYPH_BASE[self.suit] + self.rank - 1)

    def next_in_suit(self, wrap: bool = True) -> Tile | None:
        """The next rank in the same suit (9 wraps to 1 when ``wrap``); None for honors."""
        if self.is_honor:
            return None
        if self.rank == 9:
            return Tile(self.suit.offset) if wrap else None
        return Tile(self.index + 1)

    def __str__(self) -> str:
        return _NAMES[self.index]

    def _name(self) -> str:
        """``5p``, ``3z``: the short name :meth:`__str__` reads from a table made once."""
        if self.is_honor:
            return f"{self.rank}z"
        return f"{self.rank}{self.suit.value}"

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Tile):
            return self.index == other.index
        return NotImplemented

    def __lt__(self, other: object) -> bool:
        if isinstance(other, Tile):
            return self.index < other.index
        return NotImplemented

    def _repr_svg_(self) -> str:
        from tutor.display.svg import tile_svg

        svg: str = tile_svg(self)
        return svg


Tile._cache = [Tile(i) for i in range(34)]

KINDS: tuple[Tile, ...] = tuple(Tile._cache)
_NAMES = tuple(t._name() for t in KINDS)
SUITED: tuple[Tile, ...] = KINDS[:27]
HONORS: tuple[Tile, ...] = KINDS[27:]
WINDS: tuple[Tile, ...] = KINDS[27:31]
DRAGONS: tuple[Tile, ...] = KINDS[31:]
TERMINALS_AND_HONORS: tuple[Tile, ...] = tuple(t for t in KINDS if t.is_terminal_or_honor)
