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

**Points: the second pass.** The costs above are a cheap first pass. Where it leaves the
decision open (options within ``close`` of the best cost, at most ``candidates`` of them, and
always every kong and win decision and the move played), the coach plays each open option
out ``playouts`` times from what the seat could see (:mod:`tutor.game.evaluate`: the hidden
tiles dealt again, the hand played to its end by the sensible bots and settled by the game's
own rules) and prefers the option with the most points on average. The grade then follows
from the **points lost** against that option, counted cautiously: the average loss less
``caution`` standard errors of it (so a difference the play-outs cannot tell from luck is
never called a mistake), in units of ``huangyan_unit``, ``hangzhou_unit`` or
``guiyang_unit`` points:

============  ==================================
units lost    grade
============  ==================================
below 1       good
1 to 3        inaccuracy
3 to 6        mistake
6 or more     blunder
============  ==================================

(``points_inaccuracy``, ``points_mistake``, ``points_blunder``): in Huangyan, where one unit
is 4 points, a blunder loses 24 points or more on average. A move outside the open options
that the first pass calls worse (by ``inaccuracy`` useful tiles or more) is played out against
the first pass's choice while the review's ``review_playouts`` last, and graded by the first
pass after that. With nothing to draw (the live
wall empty), a discard is judged on safety alone, without play-outs. ``playouts=0`` is the
first pass alone, graded in useful tiles as above.

**Confirmation.** A grade of mistake or blunder does not stand on the play-outs that flagged
it (with a handful of play-outs per option and several options compared, luck alone flags
some moves). The played and the preferred move are played out again, from fresh deals
(seeded apart from the first ones, still by the position alone: exact to replay), in up to
``confirm_batches`` batches of ``confirm_playouts`` play-outs each, paired as before. After
each batch the check stops early when the preferred move is no better on average (nothing to
confirm), already better by more than ``significance`` standard errors of the difference, or
so little better that the whole check could not get there at the same rate (after the first
of three batches, by less than ``significance`` / sqrt(3) standard errors).
The check's numbers then grade the move, never higher than the first grade:

* better by more than ``significance`` standard errors: confirmed; graded by the check's
  points lost (less ``caution`` standard errors), so it stays a mistake or blunder or goes
  down to what the check measured;
* otherwise not confirmed: at most an **inaccuracy** (when the check's loss, less ``caution``
  standard errors, is still an inaccuracy's), else **good**.

A first-pass grade of a move that was not played out (outside the open options once the
review's ``review_playouts`` are spent, or a discard with nothing left to draw) is checked
the same way when it is a mistake or blunder. ``confirm_playouts=0`` turns the checks off (the
first grade stands); so does ``playouts=0``, the first pass alone. A review
spends at most ``confirm_budget`` play-outs on checks (both moves counted); a mistake or
blunder it cannot afford to check is graded an inaccuracy. The reason then quotes the
check's numbers.

Ties: on equal value the coach prefers the move played (it is never graded down); among other
options of equal value, the one nearest ready, then the one with the most useful tiles, then
the lowest first-pass cost, then the lowest tile. (In the first pass alone, equal costs go to
the move played, then the nearest ready with the most useful tiles.)

``dataclasses.replace(COACH, value_weight=0)`` is a coach that ignores value, and so on.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from tutor.core.variant import Variant
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
    #: play-outs per open option in the second pass (0: the first pass alone)
    playouts: int = 10
    #: play-outs a review may spend on moves the first pass called worse than its open
    #: options (beyond it, they are graded by the first pass alone)
    review_playouts: int = 60
    #: options within this many useful tiles of the first pass's best are open
    close: float = 2.0
    #: at most this many open options from the first pass (the move played comes on top)
    candidates: int = 3
    #: standard errors taken off a loss in points before it is graded
    caution: float = 1.0
    #: a unit of points lost, per game
    huangyan_unit: float = 4.0
    hangzhou_unit: float = 1.0
    guiyang_unit: float = 1.0
    #: units lost for an inaccuracy, a mistake, a blunder
    points_inaccuracy: float = 1.0
    points_mistake: float = 3.0
    points_blunder: float = 6.0
    #: a mistake or blunder stands only when a fresh check finds the preferred move better by
    #: more than this many standard errors of the difference
    significance: float = 3.0
    #: play-outs per move in each batch of the check (0: no check, the first grade stands)
    confirm_playouts: int = 16
    #: at most this many batches in one check (it stops early once the answer is clear)
    confirm_batches: int = 3
    #: play-outs a review may spend on checks, both moves counted (a mistake or blunder it
    #: cannot afford to check is graded an inaccuracy)
    confirm_budget: int = 128

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
        if not 0 < self.points_inaccuracy <= self.points_mistake <= self.points_blunder:
            raise RulesError("coach rules need 0 < points_inaccuracy <= points_mistake <= "
                             f"points_blunder ({self.points_inaccuracy}, {self.points_mistake}, "
                             f"{self.points_blunder})")
        for name in ("playouts", "candidates", "review_playouts", "confirm_playouts",
                     "confirm_batches", "confirm_budget"):
            if not isinstance(getattr(self, name), int):
                raise RulesError(f"coach rule {name} must be a whole number")
        if self.playouts > 1000 or self.candidates < 1:
            raise RulesError("coach rules need playouts at most 1000 and candidates at least 1")
        if self.confirm_playouts * self.confirm_batches > 10_000:
            raise RulesError("coach rules need confirm_playouts x confirm_batches at most "
                             "10,000")
        for name in ("huangyan_unit", "hangzhou_unit", "guiyang_unit"):
            if getattr(self, name) <= 0:
                raise RulesError(f"coach rule {name} must be above 0")
        if self.many_tiles < 1:
            raise RulesError(f"coach rule many_tiles must be at least 1 ({self.many_tiles})")
        if self.shanten_step < 1:
            raise RulesError(f"coach rule shanten_step must be at least 1 ({self.shanten_step})")

    def unit(self, variant: Variant) -> float:
        """A unit of points lost in ``variant``."""
        return {Variant.HUANGYAN: self.huangyan_unit, Variant.HANGZHOU: self.hangzhou_unit,
                Variant.GUIYANG: self.guiyang_unit}[variant]

    def __repr__(self) -> str:
        changed = [f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self)
                   if getattr(self, f.name) != f.default]
        return f"CoachRules({', '.join(changed)})"


COACH = CoachRules()
"""The coach's default judgement."""
