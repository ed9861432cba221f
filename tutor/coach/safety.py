"""How dangerous a discard is, from what the seat can see.

* Huangyan's Live Tile Stage: a Live Tile is a kind nobody has discarded this hand. Discarding
  one during the stage while holding a safe tile makes the discarder *liable*: if an opponent
  wins on it, the discarder pays for the whole table. The price is counted with the smallest
  winning hand (the Hu base alone) and the seat's own hand total: the least liability could
  cost.
* Guiyang: the discard right after one's own kong is *hot*: the kong pass no longer protects
  it (any ready opponent may win on it, plain hands too) and the win pays a bonus. A kind an
  opponent has already discarded is a safer choice (players seldom wait on what they threw
  away; a rule of thumb, not a rule).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from tutor.coach.position import Position
from tutor.core.tiles import Tile, Wind
from tutor.core.variant import Variant

__all__ = ["Danger", "danger", "smallest_win"]

_STAGE = "Live Tile Stage"


@dataclass(frozen=True)
class Danger:
    """A discard's safety: ``kind`` is ``""`` (nothing to fear), ``"live"``, ``"exempt"``,
    ``"safe"`` (Huangyan, in the stage), ``"hot"`` or ``"hot-seen"`` (Guiyang, after a
    kong); ``risky`` whether the coach charges it; ``price`` what liability would cost at
    least (Huangyan)."""

    kind: str = ""
    risky: bool = False
    price: int = 0

    @property
    def note(self) -> str:
        return {"": "", "live": "Live Tile (liable if won on)",
                "exempt": "Live Tile, but exempt (every tile in hand is Live)",
                "safe": "safe (already discarded this hand)",
                "hot": "hot discard of a kind no opponent has discarded",
                "hot-seen": "hot discard of a kind an opponent has discarded"}[self.kind]


def danger(pos: Position, tile: Tile) -> Danger:
    """The danger of discarding ``tile`` in ``pos``."""
    view = pos.view
    if pos.variant is Variant.HUANGYAN and view.stage == _STAGE:
        seen = view.discarded_kinds()
        if tile in seen:
            return Danger("safe")
        if not any(t in seen for t in view.hand.concealed):
            return Danger("exempt")
        return Danger("live", True, _liability_price(pos, tile))
    if pos.variant is Variant.GUIYANG and pos.after_own_kong:
        theirs = {t for seat, tiles in view.discards.items() if seat != pos.seat
                  for t in tiles}
        return Danger("hot-seen") if tile in theirs else Danger("hot", True)
    return Danger()


@lru_cache(maxsize=16)
def smallest_win(rules: Any) -> int:
    """The smallest Huangyan win under ``rules``, as the scoring counts it: three chows, an
    exposed pong of simples and a plain pair, won on a discard on a two-sided wait (no
    hook, no Pinfu: the Hu and the pong; 12 under the rule text's values)."""
    from tutor.core.hand import Hand, Meld
    from tutor.variants.huangyan.scoring import score_winner
    from tutor.variants.huangyan.sheet import WinSituation

    counts = [0] * 34
    for t in ("2m", "3m", "4m", "5m", "6m", "7m", "7p", "8p", "9p", "5p", "5p"):
        counts[Tile.parse(t).index] += 1
    hand = Hand.from_counts(counts, (Meld.pong(Tile.parse("2s")),))
    return int(score_winner(hand, Tile.parse("4m"), WinSituation(seat=Wind.SOUTH),
                            rules=rules).total)


def _liability_price(pos: Position, tile: Tile) -> int:
    """How much more the seat would pay, at least, if an opponent won on ``tile``: the
    smallest win (:func:`smallest_win`), every other hand at 0, the seat's own total as its
    13 tiles score."""
    from tutor.variants.huangyan.reckoning import reckon
    from tutor.variants.huangyan.scoring import score_non_winner

    rules = pos.rules
    me = pos.seat
    hand = pos.view.hand
    if hand.size == 14:
        hand = hand.remove(tile)
    own = score_non_winner(hand, seat=me, rules=rules).total
    least = smallest_win(rules)
    extras = []
    for winner in (me.next(1), me.next(2), me.next(3)):
        totals = {s: 0 for s in Wind}
        totals[winner] = least
        totals[me] = own
        normal = reckon(winner=winner, totals=totals, dealer=Wind.EAST, rules=rules)
        liable = reckon(winner=winner, totals=totals, dealer=Wind.EAST, liable=me, rules=rules)
        extras.append(normal.net[me] - liable.net[me])
    return max(0, min(extras))
