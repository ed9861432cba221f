"""What a win would be worth, in each game's own unit, from the seat's own tiles.

* Huangyan: the points on the winner's score sheet (a win on a discard unless said otherwise).
* Hangzhou: the multiplier product of the win (jokers, Three White Dragons, the White Dragon
  Pair Wait, the chain of kongs and joker discards...). A joker discard doubles only a win
  before the seat's next discard of another tile, so its chain counts for the chance that the
  very next draw wins, and a plain win for the rest.
* Guiyang: the pattern's value (plus the self-draw point on a self-draw) and the seat's fixed
  chickens: each One of Bamboo in the hand, and each one it discarded that stayed in the pond,
  the hand's first discarded one as the charging chicken (worth 3 by default). Flipped chickens
  and beans are left to the play-outs.

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
from tutor.i18n import Message

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
    if shown == "1":
        return Message("{n} point", n=shown)
    return Message("{n} points", n=shown)


def win_value(pos: Position, hand: Hand, tile: Tile, *, self_draw: bool = False,
              kong_draw: bool = False, chain: tuple[int, int] = (0, 0),
              discarding: Tile | None = None) -> float:
    """What the complete 14-tile ``hand`` (``tile`` won on) is worth to the seat;
    ``discarding``: the tile the seat discards first (a Guiyang chicken if a One of
    Bamboo)."""
    value = _win_value(pos.variant, hand, tile, pos.seat, self_draw, kong_draw, chain,
                       pos.rules)
    if pos.variant is Variant.GUIYANG:
        value += discarded_chickens(pos, discarding)
    return value


def discarded_chickens(pos: Position, discarding: Tile | None = None) -> float:
    """Guiyang: what the seat's Ones of Bamboo in the pond are worth to it (``discarding``
    one more now): a fixed chicken each, the hand's first one the charging chicken."""
    rules = pos.rules
    view = pos.view
    taken = view.taken.get(pos.seat, ())
    mine = [i for i, t in enumerate(view.discards.get(pos.seat, ())) if t == _ONE_BAMBOO]
    total = 0.0
    for n, i in enumerate(mine):
        if i < len(taken) and taken[i]:
            continue  # claimed: it scores in the claimant's meld
        first = n == 0 and pos.charging == pos.seat
        total += rules.charging_value(False) if first else rules.fixed_value(False)
    if discarding == _ONE_BAMBOO:
        first = pos.charging is None and not mine
        total += rules.charging_value(False) if first else rules.fixed_value(False)
    return float(total)


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
        bonus = rules.self_draw_bonus if self_draw else 0
        return float(result.value + bonus
                     + rules.fixed_value(False) * hand.held_counts[_ONE_BAMBOO.index])
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
        later = win_value(pos, whole, tile, discarding=shape.then)
        if chance:
            later = (1 - chance) * later + chance * win_value(pos, whole, tile,
                                                              chain=chain_next,
                                                              discarding=shape.then)
        total += n * later
        weight += n
    return total / weight if weight else None
