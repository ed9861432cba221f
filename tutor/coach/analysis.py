"""Efficiency as the coach counts it: the hand after each option, its shanten and useful tiles
(copies the seat has not seen), and the efficiency cost of each option in useful tiles."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from tutor.coach.rules import CoachRules
from tutor.core.hand import Hand, Meld, MeldKind
from tutor.core.tiles import Tile
from tutor.core.variant import Variant
from tutor.core.waits import efficiency, shanten, useful_tiles

__all__ = ["Shape", "after_claim", "after_kong", "costs", "discard_shapes", "shape_of",
           "unseen"]


@dataclass(frozen=True)
class Shape:
    """A 13-tile hand (a kong counting as 3) waiting for a draw: its shanten and the tiles
    that would improve it with their copies left. It is ``before`` less ``then`` (the discard
    that leaves it), or ``before`` itself when ``then`` is None."""

    before: Hand
    shanten: int
    improving: tuple[Tile, ...]
    useful: int
    then: Tile | None = None
    #: a ready hand with no winning tile left still counts as ready (Guiyang: the
    #: settlement after a draw pays every ready hand, whatever is left to win on)
    dead_is_ready: bool = False

    @cached_property
    def hand(self) -> Hand:
        return self.before.remove(self.then) if self.then is not None else self.before

    @property
    def effective(self) -> int:
        """Shanten, except that a ready hand with no winning tile left counts as one step from
        ready: it cannot win as it stands (unless ``dead_is_ready``)."""
        if self.shanten == 0 and self.useful == 0 and not self.dead_is_ready:
            return 1
        return self.shanten

    @property
    def ready(self) -> bool:
        return self.effective == 0


def left_counts(hand: Hand, visible: Sequence[Tile]) -> list[int]:
    """Copies of each kind the seat has not seen (its hand, melds and ``visible``)."""
    seen = list(hand.held_counts)
    for t in visible:
        seen[t.index] += 1
    return [max(0, 4 - n) for n in seen]


def unseen(hand: Hand, visible: Sequence[Tile]) -> int:
    """How many tiles the seat has not seen: the other hands and the wall, together."""
    return sum(left_counts(hand, visible))


def shape_of(hand: Hand, variant: Variant, visible: Sequence[Tile]) -> Shape:
    """The :class:`Shape` of a 13-tile hand."""
    left = left_counts(hand, visible)
    sh = shanten(hand, variant)
    improving = useful_tiles(hand, variant) if sh >= 0 else ()
    return Shape(hand, sh, improving, sum(left[t.index] for t in improving),
                 dead_is_ready=variant is Variant.GUIYANG)


def discard_shapes(hand: Hand, variant: Variant, visible: Sequence[Tile]
                   ) -> dict[Tile, Shape]:
    """For each concealed kind of a 14-tile hand, the shape after discarding it (the numbers
    of :func:`tutor.core.waits.efficiency`)."""
    eff = efficiency(hand, variant, visible)
    return {o.discard: Shape(hand, o.shanten, o.improving, o.count, o.discard,
                             dead_is_ready=variant is Variant.GUIYANG)
            for o in eff.options}


def after_claim(hand: Hand, offer: Tile, kind: MeldKind, low: Tile | None) -> Hand:
    """The hand after claiming ``offer`` for a chow (lowest tile ``low``), pong or open kong."""
    counts = list(hand.counts)
    if kind is MeldKind.CHOW:
        assert low is not None
        for k in (low.index, low.index + 1, low.index + 2):
            if k != offer.index:
                counts[k] -= 1
        meld = Meld.chow(low)
    elif kind is MeldKind.PONG:
        counts[offer.index] -= 2
        meld = Meld.pong(offer)
    else:
        counts[offer.index] -= 3
        meld = Meld.kong(offer, MeldKind.OPEN_KONG)
    return Hand.from_counts(counts, (*hand.melds, meld))


def after_kong(hand: Hand, tile: Tile, added: bool) -> Hand:
    """The 14-tile hand after declaring a concealed or added kong of ``tile`` (13 tiles, a
    kong counting as 3, before the replacement draw)."""
    counts = list(hand.counts)
    melds = list(hand.melds)
    if added:
        counts[tile.index] -= 1
        i = next(i for i, m in enumerate(melds) if m.kind is MeldKind.PONG and m.tile == tile)
        melds[i] = Meld.kong(tile, MeldKind.ADDED_KONG)
    else:
        counts[tile.index] -= 4
        melds.append(Meld.kong(tile, MeldKind.CONCEALED_KONG))
    return Hand.from_counts(counts, melds)


def costs(shapes: Sequence[Shape], rules: CoachRules) -> list[float]:
    """The efficiency cost of each shape, in useful tiles (see :mod:`tutor.coach.rules`):
    ``shanten_step`` per step further from ready than the best, ``ready`` more for missing a
    ready hand; at the best shanten, the useful tiles fewer than the best option's (in
    proportion beyond ``many_tiles``), capped below a step. Behind a step, the tiles only
    order the options (less than one tile)."""
    if not shapes:
        return []
    best = min(s.effective for s in shapes)
    most: dict[int, int] = {}
    for s in shapes:
        most[s.effective] = max(most.get(s.effective, 0), s.useful)
    out = []
    for s in shapes:
        steps = s.effective - best
        lost = most[s.effective] - s.useful
        if steps:  # a step back: the tiles only order the options within the step
            cost = rules.shanten_step * steps + lost / (most[s.effective] + 1)
            if best == 0:
                cost += rules.ready
        else:
            scale = min(1.0, rules.many_tiles / most[s.effective]) if most[s.effective] else 1
            cost = min(lost * scale, rules.shanten_step - 1)
        out.append(float(cost))
    return out
