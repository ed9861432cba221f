"""What the core needs to know about each game: its tiles, its jokers and its winning shapes.

Scoring and settlement live in :mod:`tutor.variants`; this module holds only the facts that
notation, shapes and waits depend on.
"""

from __future__ import annotations

from enum import Enum

from tutor.core.tiles import KINDS, SUITED, Dragon, Tile
from tutor.errors import InputError, shown

__all__ = ["Variant"]


class Variant(Enum):
    """The three games. ``Variant("hangzhou")`` or ``Variant.parse("杭州")``."""

    HUANGYAN = "huangyan"
    HANGZHOU = "hangzhou"
    GUIYANG = "guiyang"

    __hash__ = object.__hash__  # members are singletons: identity hash, no Python call

    @classmethod
    def parse(cls, text: str | Variant) -> Variant:
        if isinstance(text, Variant):
            return text
        if isinstance(text, str):
            found = _BY_NAME.get(text)  # one lookup: as cheap as passing the member
            if found is None:
                found = _BY_NAME.get(text.strip().lower())
            if found is not None:
                return found
        names = ", ".join(v.value for v in cls)
        raise InputError(f"unknown variant {shown(text)} (choose one of {names})")

    @property
    def title(self) -> str:
        return {
            "huangyan": "Huangyan Reckoning",
            "hangzhou": "Hangzhou",
            "guiyang": "Guiyang Chicken",
        }[self.value]

    @property
    def chinese(self) -> str:
        names = {"huangyan": "黄岩麻将", "hangzhou": "杭州麻将", "guiyang": "贵阳捉鸡麻将"}
        return names[self.value]

    @property
    def kinds(self) -> tuple[Tile, ...]:
        """The tile kinds in the set (the joker included in Hangzhou)."""
        return SUITED if self is Variant.GUIYANG else KINDS

    @property
    def tile_count(self) -> int:
        """Tiles in a full set: 136, or 108 in Guiyang."""
        return 4 * len(self.kinds)

    @property
    def joker(self) -> Tile | None:
        """The joker kind: the White Dragon in Hangzhou, none elsewhere."""
        return _JOKER_TILE if self is Variant.HANGZHOU else None

    @property
    def natural_kinds(self) -> tuple[Tile, ...]:
        """Kinds a joker may stand for and a hand may wait on (all kinds but the joker)."""
        return _NATURAL[self]

    @property
    def seven_pairs(self) -> bool:
        """Whether seven pairs is a winning shape (Hangzhou and Guiyang)."""
        return self is not Variant.HUANGYAN

    @property
    def four_as_two_pairs(self) -> bool:
        """Whether four identical undeclared tiles count as two of the seven pairs."""
        return self.seven_pairs

    @property
    def allows_chow(self) -> bool:
        """Whether a chow may be *claimed* (Guiyang: no; concealed runs still count as sets)."""
        return self is not Variant.GUIYANG


_BY_NAME = {name: v for v in Variant for name in (v.value, v.chinese)}
_JOKER_TILE = Dragon.WHITE.tile
_NATURAL = {v: tuple(t for t in v.kinds if t != v.joker) for v in Variant}
