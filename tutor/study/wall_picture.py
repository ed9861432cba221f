"""The wall on the table, as plain values: what the play table and the replay viewer draw.

:func:`wall_picture` reads a hand's wall (:class:`tutor.game.wall.Wall`) and the dealer's dice,
and says, for every place in the square of walls, whether a tile still lies there and whether it
belongs to the live wall (ordinary draws) or the dead wall (kong replacements). It never says
which tile lies there: the wall is face down.

The square is laid out as the table of notebook 01 draws it (``tutor.display.layout``): the
wall is one ring of places in draw order; the ``k``-th quarter of the ring lies in front of the
seat ``k`` places counterclockwise from the dealer (East), running from that player's left to
their right, two tiles to a stack. Dealing began at the break (``break_at``, chosen by the dice);
ordinary draws go on from the front of the live wall (``next_draw``, the live end) and kong
replacements come from the far end, just behind the break (``next_replacement``):

* Huangyan: the last 16 tiles are the dead wall; each replacement takes its far tile, so the dead
  wall shrinks by one per kong.
* Hangzhou: the last 20 tiles are the dead wall; a replacement burns the far top tile and draws
  the one beneath, then two tiles of the live wall's end join the dead wall to keep it at 20.
* Guiyang: one wall and no dead wall: replacements come from the far end of the same wall.

Because it is computed from the engine's wall each time, the picture is always true: its live
and dead counts are the engine's, and they add up to the tiles left.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tutor.core.tiles import Wind
from tutor.core.variant import Variant
from tutor.game.wall import DEAD_WALL, Wall, break_position
from tutor.i18n import _

if TYPE_CHECKING:
    from tutor.game.state import HandState

__all__ = ["DEAD", "GONE", "LIVE", "WallPicture", "wall_picture"]

LIVE, DEAD, GONE = "live", "dead", "gone"
SEATS = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)


@dataclass(frozen=True)
class WallPicture:
    """The wall: ``ring[p]`` is ``"live"``, ``"dead"`` or ``"gone"`` for each place ``p`` of
    the ring; ``break_at`` is the place dealing began; ``next_draw`` the place of the next
    ordinary draw (None when the live wall is empty); ``next_replacement`` the place a kong's
    replacement would come from (None when none can be drawn)."""

    variant: Variant
    dice: tuple[int, int]
    ring: tuple[str, ...]
    break_at: int
    next_draw: int | None
    next_replacement: int | None
    live: int
    dead: int
    burned: int = 0

    @property
    def total(self) -> int:
        return len(self.ring)

    @property
    def remaining(self) -> int:
        """Tiles still in the wall (live and dead)."""
        return self.live + self.dead

    @property
    def has_dead_wall(self) -> bool:
        return DEAD_WALL[self.variant] > 0

    def counts(self) -> dict[str, int]:
        """Places of the ring by state (the live and dead counts are the engine's)."""
        out = {LIVE: 0, DEAD: 0, GONE: 0}
        for state in self.ring:
            out[state] += 1
        return out

    def side(self, seat: Wind) -> tuple[tuple[int, str], ...]:
        """The stacks in front of ``seat``, from that player's left to their right: each as
        (tiles left in it, 0-2; ``"live"``, ``"dead"`` or ``"gone"``). A stack holding a dead
        tile counts as dead."""
        segment = self.total // 4
        k = SEATS.index(seat)
        places = range(k * segment, (k + 1) * segment if k < 3 else self.total)
        start = places[0]
        stacks = []
        for first in range(start, places[-1] + 1, 2):
            states = [self.ring[p] for p in (first, first + 1) if p in places]
            left = sum(s != GONE for s in states)
            part = DEAD if DEAD in states else (LIVE if left else GONE)
            stacks.append((left, part))
        return tuple(stacks)

    def text(self) -> str:
        """The text alternative: ``Wall: 52 live tiles, dead wall 16``."""
        if not self.has_dead_wall:
            return _("Wall: {n} tiles, no dead wall (kong replacements come from its far "
                     "end)").format(n=self.live)
        burned = _(", {n} burned").format(n=self.burned) if self.burned else ""
        return _("Wall: {live} live tiles, dead wall {dead}{burned}").format(
            live=self.live, dead=self.dead, burned=burned)

    def as_dict(self) -> dict[str, Any]:
        """For the browser: the ring as one letter per place (L live, D dead, . gone)."""
        letters = {LIVE: "L", DEAD: "D", GONE: "."}
        return {"ring": "".join(letters[s] for s in self.ring), "break_at": self.break_at,
                "next_draw": self.next_draw, "next_replacement": self.next_replacement,
                "live": self.live, "dead": self.dead, "burned": self.burned,
                "has_dead_wall": self.has_dead_wall, "text": self.text()}


def ring_states(wall: Wall, start: int) -> tuple[str, ...]:
    """Each ring place's state, from the wall's indices (draw order from ``start``)."""
    n = len(wall.tiles)
    out = [GONE] * n
    for i in range(wall.front, min(wall.back, n - 1) + 1):
        out[(start + i) % n] = DEAD if i >= wall.live_end else LIVE
    return tuple(out)


def _replacement_index(wall: Wall) -> int | None:
    """The draw-order index a kong's replacement would be taken from."""
    if not wall.can_replace():
        return None
    return wall.back - 1 if wall.variant is Variant.HANGZHOU else wall.back


def wall_from(variant: Variant, wall: Wall, dice: tuple[int, int]) -> WallPicture:
    """The picture of ``wall`` broken by ``dice``."""
    n = len(wall.tiles)
    start = break_position(n, dice, variant)
    replacement = _replacement_index(wall)
    return WallPicture(
        variant=variant, dice=dice, ring=ring_states(wall, start), break_at=start,
        next_draw=(start + wall.front) % n if wall.live else None,
        next_replacement=(start + replacement) % n if replacement is not None else None,
        live=wall.live, dead=wall.dead, burned=wall.burned)


def wall_picture(state: HandState) -> WallPicture:
    """The wall of ``state`` as the table shows it (see the module docstring)."""
    return wall_from(state.variant, state.wall, state.chance.dice)
