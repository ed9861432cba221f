"""The wall in draw order, with each game's dead wall and kong replacements.

The shuffled tiles are laid out as one sequence in draw order (the break of the wall is a
rotation of that sequence, decided by the dealer's dice). Ordinary draws come from the front.
Kong replacements come from the far end:

* Huangyan: the last 16 tiles are the Dead Wall. A replacement is the very last tile; nothing is
  added back, so the Dead Wall shrinks by one per kong and the live wall is untouched.
* Hangzhou: the last 20 tiles are the dead wall. A replacement burns the far tile and draws the
  one beneath it; then, while the live wall has tiles, two move from its end into the dead wall
  to keep it at 20. Each kong costs the live wall two tiles; when only one is left, that one
  moves and the live wall is empty.
* Guiyang: no dead wall: replacements come from the far end of the single wall, so the hand is
  drawn when the front meets the back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tutor.core.tiles import Tile
from tutor.core.variant import Variant
from tutor.errors import IllegalActionError

__all__ = ["DEAD_WALL", "Wall", "break_position"]

DEAD_WALL = {Variant.HUANGYAN: 16, Variant.HANGZHOU: 20, Variant.GUIYANG: 0}


def break_position(total: int, dice: tuple[int, int], variant: Variant) -> int:
    """Where dealing starts in the shuffled sequence for the dealer's two dice.

    The dice total counts seats counterclockwise from the dealer (dealer = 1) to choose whose
    wall segment is broken; Huangyan and Guiyang then count that total in stacks from the
    segment's right end, Hangzhou the smaller die. Segments are a quarter of the tiles each.
    """
    a, b = dice
    seat = (a + b - 1) % 4
    stacks = min(a, b) if variant is Variant.HANGZHOU else a + b
    segment = total // 4
    return (seat * segment + 2 * stacks) % total


@dataclass
class Wall:
    """Tiles in draw order; ``front`` is the next draw, ``[live_end, back]`` the dead wall."""

    variant: Variant
    tiles: tuple[Tile, ...]
    front: int = 0
    live_end: int = -1
    back: int = -1
    burned: int = 0

    def __post_init__(self) -> None:
        if self.live_end < 0:
            self.live_end = len(self.tiles) - DEAD_WALL[self.variant]
        if self.back < 0:
            self.back = len(self.tiles) - 1

    @classmethod
    def from_order(cls, variant: Variant, order: Sequence[Tile], start: int = 0) -> Wall:
        """The wall for a shuffled ``order`` broken at ``start`` (dealing begins there)."""
        tiles = tuple(order[start:]) + tuple(order[:start])
        return cls(variant, tiles)

    @property
    def live(self) -> int:
        """Tiles left to draw in the live wall."""
        return max(0, self.live_end - self.front)

    @property
    def dead(self) -> int:
        """Tiles left in the dead wall (Guiyang has none)."""
        return self.back - self.live_end + 1 if self.variant is not Variant.GUIYANG else 0

    @property
    def remaining(self) -> int:
        """Every tile not yet drawn, burned or used as a replacement."""
        return self.back - self.front + 1

    def can_replace(self) -> bool:
        """Whether a kong's replacement can still be drawn."""
        if self.variant is Variant.HANGZHOU:
            return self.dead >= 2
        if self.variant is Variant.GUIYANG:
            return self.live >= 1
        return self.dead >= 1

    def draw(self) -> Tile:
        if self.live <= 0:
            raise IllegalActionError("the live wall is empty")
        tile = self.tiles[self.front]
        self.front += 1
        return tile

    def replacement(self) -> Tile:
        """Draw a kong's replacement from the far end (see the module doc for each game)."""
        if not self.can_replace():
            raise IllegalActionError("no tile left for a kong replacement")
        if self.variant is Variant.HANGZHOU:
            self.burned += 1
            tile = self.tiles[self.back - 1]
            self.back -= 2
            self.live_end -= min(2, self.live)  # the last live tile moves if it is alone
            return tile
        tile = self.tiles[self.back]
        self.back -= 1
        if self.variant is Variant.GUIYANG:
            self.live_end = self.back + 1
        return tile

    def peek(self) -> Tile | None:
        """The next live tile, without drawing it (Guiyang's flipped-chicken indicator)."""
        return self.tiles[self.front] if self.live > 0 else None
