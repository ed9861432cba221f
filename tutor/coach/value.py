"""What a win would be worth, in each game's own unit, from the seat's own tiles.

* Huangyan: the points on the winner's score sheet (a win on a discard unless said otherwise).
* Hangzhou: the multiplier product of the win (jokers, Three White Dragons, the White Dragon
  Pair Wait, the chain of kongs and joker discards...). A joker discard doubles only a win
  before the seat's next discard of another tile, so its chain counts for the chance that the
  very next draw wins, and a plain win for the rest.
* Guiyang: the pattern's value plus one fixed chicken for each One of Bamboo in the hand.

A ready hand is valued as the average over its winning tiles, weighted by the copies left.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from tutor.coach.analysis import Shape, left_counts
from tutor.coach.position import Position
from tutor.core.hand import Hand
from tutor.core.tiles import Tile, Wind
from tutor.core.variant import Variant
from tutor.errors import TutorError

__all__ = ["describe", "ready_value", "unit", "win_value"]

_ONE_BAMBOO = Tile.parse("1s")


def unit(variant: Variant) -> str:
    return {Variant.HUANGYAN: "points on the score sheet", Variant.HANGZHOU: "multiplier",
            Variant.GUIYANG: "points (pattern and chickens)"}[variant]


def describe(variant: Variant, value: float) -> str:
    """A value in words: ``"36 points"``, ``"x4"``, ``"5 points"``."""
    shown = f"{value:.0f}" if abs(value - round(value)) < 0.05 else f"{value:.1f}"
    if variant is Variant.HANGZHOU:
        return f"x{shown}"
    return f"{shown} point" + ("" if shown == "1" else "s")


def win_value(pos: Position, hand: Hand, tile: Tile, *, self_draw: bool = False,
              kong_draw: bool = False, chain: tuple[int, int] = (0, 0)) -> float:
    """What the complete 14-tile ``hand`` (``tile`` won on) is worth to the seat."""
    return _win_value(pos.variant, hand, tile, pos.seat, self_draw, kong_draw, chain,
                      pos.rules)


@lru_cache(maxsize=8192)
def _win_value(variant: Variant, hand: Hand, tile: Tile, seat: Wind, self_draw: bool,
               kong_draw: bool, chain: tuple[int, int], rules: Any) -> float:
    try:
        if variant is Variant.HUANGYAN:
            from tutor.variants.huangyan.scoring import score_winner
            from tutor.variants.huangyan.sheet import WinSituation

            draw = kong_draw and any(m.is_kong for m in hand.melds)
            situation = WinSituation(seat=seat, self_draw=self_draw and not draw,
                                     kong_draw=draw)
            return float(score_winner(hand, tile, situation, rules=rules).total)
        if variant is Variant.HANGZHOU:
            from tutor.variants.hangzhou.scoring import Situation, score

            kongs = min(chain[0], sum(1 for m in hand.melds if m.is_kong))
            sheet = score(hand, tile, Situation(winner=seat, dealer=Wind.EAST, kongs=kongs,
                                                joker_discards=chain[1]), rules=rules)
            return float(sheet.product)
        from tutor.variants.guiyang import pattern_of

        result = pattern_of(hand, rules, winning_tile=tile)
        return float(result.value + rules.fixed_chicken * hand.held_counts[_ONE_BAMBOO.index])
    except TutorError:
        return 0.0  # not a win the scoring accepts (cannot happen for a ready hand's tiles)


def ready_value(pos: Position, shape: Shape, *, joker_discard: bool = False,
                unseen: int = 0) -> float | None:
    """The average value of a win of a ready ``shape`` over its winning tiles (weighted by
    copies left); None when the shape is not ready.

    ``joker_discard``: the shape was reached by discarding a joker (Hangzhou), which doubles a
    win on the very next draw: that chance (winning tiles / ``unseen``) gets the chain."""
    if not shape.ready:
        return None
    left = left_counts(shape.hand, pos.visible)
    total = weight = 0.0
    chain_next = (pos.chain_kongs, pos.chain_jokers + 1) if joker_discard else (0, 0)
    chance = min(1.0, shape.useful / unseen) if joker_discard and unseen else 0.0
    for tile in shape.improving:
        n = left[tile.index]
        if not n:
            continue
        whole = shape.hand.add(tile)
        later = win_value(pos, whole, tile)
        if chance:
            later = (1 - chance) * later + chance * win_value(pos, whole, tile,
                                                              chain=chain_next)
        total += n * later
        weight += n
    return total / weight if weight else None
