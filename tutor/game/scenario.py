"""Deterministic walls for teaching and tests: deal chosen hands, then chosen draws.

``scripted(variant, hands={...}, draws="...", replacements="...")`` returns the
:class:`~tutor.game.state.Chance` whose deal gives each seat the hand asked for (East's 14th
tile last), whose live wall then yields ``draws`` in order and whose far end yields
``replacements`` (kong replacements, in the order drawn; Hangzhou burns one tile before each,
which is filled in). Every other tile is placed by a seeded shuffle.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from tutor.core.notation import parse_tiles
from tutor.core.tiles import Tile, Wind
from tutor.core.variant import Variant
from tutor.errors import HandError
from tutor.game.state import SEATS, Chance
from tutor.game.wall import break_position

__all__ = ["scripted"]


def _deal_order(hands: Mapping[Wind, list[Tile]]) -> list[Tile]:
    """The tiles in the order the deal takes them from the front of the wall."""
    queues = {seat: list(hands[seat]) for seat in SEATS}
    out: list[Tile] = []
    for _ in range(3):
        for seat in SEATS:
            out += queues[seat][:4]
            del queues[seat][:4]
    for seat in SEATS:
        out.append(queues[seat].pop(0))
    out.append(queues[Wind.EAST].pop(0))
    return out


def scripted(variant: Variant | str, hands: Mapping[Wind | str, str], draws: str = "",
             replacements: str = "", dice: tuple[int, int] = (3, 4), seed: int = 0) -> Chance:
    """A chance outcome that deals ``hands`` (13 tiles each, East 14: its last tile is the one
    it "draws"), then ``draws`` from the live wall and ``replacements`` from the far end."""
    v = Variant.parse(variant)
    chosen: dict[Wind, list[Tile]] = {}
    for key, text in hands.items():
        seat = key if isinstance(key, Wind) else Wind.parse(key)
        chosen[seat] = list(parse_tiles(text, v))
    for seat in SEATS:
        want = 14 if seat is Wind.EAST else 13
        if seat not in chosen:
            chosen[seat] = []
        if len(chosen[seat]) not in (0, want):
            raise HandError(f"{seat.name.title()} must be dealt {want} tiles, "
                            f"not {len(chosen[seat])}")
    pool = [t for t in v.kinds for _ in range(4)]
    front_draws = list(parse_tiles(draws, v)) if draws else []
    back = list(parse_tiles(replacements, v)) if replacements else []
    used = [t for tiles in chosen.values() for t in tiles] + front_draws + back
    for tile in used:
        if tile not in pool:
            raise HandError(f"the scenario uses more than four copies of {tile}")
        pool.remove(tile)
    rng = random.Random(seed)
    rng.shuffle(pool)
    for seat in SEATS:  # fill the hands nobody chose
        want = 14 if seat is Wind.EAST else 13
        while len(chosen[seat]) < want:
            chosen[seat].append(pool.pop())
    front = _deal_order(chosen) + front_draws
    tail: list[Tile] = []  # the far end, last tile first
    for tile in back:
        if v is Variant.HANGZHOU:
            tail.append(pool.pop())  # burned
        tail.append(tile)
    middle = pool
    sequence = front + middle + list(reversed(tail))
    start = break_position(len(sequence), dice, v)
    order = sequence[len(sequence) - start:] + sequence[:len(sequence) - start]
    return Chance(tuple(order), dice)
