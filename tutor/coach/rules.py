"""The coach's judgement as data: one frozen table of thresholds and weights, the same for every
game.

Every option of a decision gets a *cost* counted in **useful tiles**: the unit a learner already
knows from the efficiency analysis (a tile left in the wall that would bring the hand closer to
ready). The coach prefers the option with the lowest cost; the played option's *loss* is its
cost minus the preferred option's, and the grade follows from the loss:

============  ==================================
loss          grade
============  ==================================
below 2       good
2 to 5        inaccuracy
5 to 10       mistake
10 or more    blunder
============  ==================================

What the costs are made of (each number is a field below):

* **Efficiency.** Options are compared by shanten first (how many useful draws the hand is
  from ready), then by useful tiles left. Each step further from ready costs ``shanten_step``;
  leaving (or not reaching) a ready hand costs ``ready`` more. At the best shanten, each useful
  tile fewer than the best option costs one while the best option has at most ``many_tiles``;
  beyond that, tiles count in proportion (losing 10 of 60 costs 10 x 20 / 60 = 3.3: a tile
  matters less when many are left). That cost never reaches a step (at most
  ``shanten_step - 1``), so a lower shanten is always preferred when nothing else weighs in;
  behind a step, the useful tiles only order the options (less than one tile in all). A
  "ready" hand whose winning tiles are all in sight counts as one step from ready: it cannot
  win as it stands.
* **Safety**, times ``safety_weight``: ``live_tile`` for discarding a Live Tile during
  Huangyan's Live Tile Stage while holding a safe tile (a win on it makes the discarder pay for
  the whole table); ``hot_discard`` for a discard right after one's own kong in Guiyang (a hot
  discard: anyone ready may win on it, with a bonus) of a kind nobody has discarded this hand.
* **Value**, times ``value_weight``: among ready options, a wait whose wins are worth less
  counts fewer tiles: an option with ``n`` winning tiles each worth ``v`` on average, where the
  best ready option's wins are worth ``V``, costs ``n * (1 - v / V)`` more. A kong earns
  ``kong_bonus`` (its replacement draw, and what the game pays for a kong: points, beans or a
  chain).
* **Claims and wins.** A chow or pong costs ``claim_exposure`` (the meld is shown and can no
  longer change); passing a win costs ``declined_win``.

``dataclasses.replace(COACH, value_weight=0)`` is a coach that ignores value, and so on.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from tutor.errors import RulesError

__all__ = ["COACH", "CoachRules"]


@dataclass(frozen=True, kw_only=True)
class CoachRules:
    """The coach's thresholds and weights, in useful tiles (see the module doc)."""

    #: a loss of at least this many useful tiles is an inaccuracy
    inaccuracy: float = 2.0
    #: ... a mistake
    mistake: float = 5.0
    #: ... a blunder
    blunder: float = 10.0
    #: the cost of each step further from ready (shanten one higher)
    shanten_step: float = 6.0
    #: useful tiles lost count in full up to this many for the best option, in proportion
    #: beyond
    many_tiles: float = 20.0
    #: the extra cost of leaving a ready hand, or of not reaching one that was on offer
    ready: float = 4.0
    #: the cost of passing up a win
    declined_win: float = 20.0
    #: the cost of a chow or pong: the meld is shown and fixed
    claim_exposure: float = 2.0
    #: what declaring a kong is worth (its replacement draw, and the game's reward for a kong:
    #: points, beans or a chain)
    kong_bonus: float = 3.0
    #: Huangyan: a Live Tile discarded in the Live Tile Stage while a safe tile was in hand
    live_tile: float = 10.0
    #: Guiyang: a hot discard (right after one's own kong) of a kind nobody has discarded
    hot_discard: float = 3.0
    #: multiplies every safety cost (0: the coach ignores safety)
    safety_weight: float = 1.0
    #: multiplies every value cost (0: the coach ignores what a win is worth)
    value_weight: float = 1.0

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise RulesError(f"coach rule {f.name} must be a number, not {value!r}")
            if not 0 <= value < 1e6:
                raise RulesError(f"coach rule {f.name} must be between 0 and 1e6 ({value})")
        if not 0 < self.inaccuracy <= self.mistake <= self.blunder:
            raise RulesError("coach rules need 0 < inaccuracy <= mistake <= blunder "
                             f"({self.inaccuracy}, {self.mistake}, {self.blunder})")
        if self.many_tiles < 1:
            raise RulesError(f"coach rule many_tiles must be at least 1 ({self.many_tiles})")
        if self.shanten_step < 1:
            raise RulesError(f"coach rule shanten_step must be at least 1 ({self.shanten_step})")

    def __repr__(self) -> str:
        changed = [f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self)
                   if getattr(self, f.name) != f.default]
        return f"CoachRules({', '.join(changed)})"


COACH = CoachRules()
"""The coach's default judgement."""
