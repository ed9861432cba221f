"""Every number a reason quotes is one the engine computed: the play-out figures are computed
again here (the same position, options and seed), the rest are the options' own numbers
(checked against the efficiency analysis in test_coach_criterion.py), the kong's sheet points
from the ruleset and the liability price. Tiles (``3m``, ``345p``) are not numbers."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from tutor.coach import COACH, positions
from tutor.coach.judge import confirm, decisions, position_seed
from tutor.coach.reasons import _pts, kong_points
from tutor.coach.safety import danger, smallest_win
from tutor.coach.value import describe
from tutor.core.variant import Variant
from tutor.game.evaluate import evaluate
from tutor.variants.huangyan.rules import HUANGYAN_RULES

from .helpers import SEATS, hands

CHEAP = replace(COACH, playouts=3, confirm_playouts=6)
_TILES = re.compile(r"\b[1-9]+[mpsz]\b")
_NUMBER = re.compile(r"(?<![\w.])-?x?\d+(?:\.\d+)?")


def test_the_smallest_huangyan_win_is_12() -> None:
    assert smallest_win(HUANGYAN_RULES) == 12


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_every_number_in_a_reason_is_recomputed(variant: Variant) -> None:
    quoted = played_out = checked = 0
    for state in hands(variant, 2):
        for seat in SEATS[:2]:
            for pos in positions(state, seat):
                for d in decisions(pos, CHEAP):
                    allowed = {"0", "1", "2", "3", "4"}  # "one tile", counts of draws in words
                    scored = [o for o in d.options if o.points is not None]
                    if scored:
                        assert pos.world is not None
                        again = evaluate(pos.world, [o.action for o in scored
                                                     if o.action is not None],
                                         playouts=CHEAP.playouts, seed=position_seed(pos))
                        for o in scored:
                            assert o.action is not None
                            e = again.of(o.action)
                            assert (o.points, o.points_se, o.playouts) == (e.mean, e.se, e.n)
                            allowed |= {_pts(e.mean), str(e.n)}
                        if d.points_lost:
                            a, b = d.preferred.action, d.played.action
                            assert a is not None and b is not None
                            allowed.add(_pts(again.difference(a, b)[0]))
                        played_out += 1
                    if d.confirm_playouts:  # a mistake or blunder checked afresh
                        a, b = d.preferred.action, d.played.action
                        assert a is not None and b is not None
                        check = confirm(pos, a, b, CHEAP)
                        assert check is not None
                        assert (check.lost, check.se, check.playouts, check.significant) == (
                            d.points_lost, d.points_lost_se, d.confirm_playouts, d.confirmed)
                        allowed |= {_pts(check.lost), _pts(-check.lost), str(check.playouts)}
                        checked += 1
                    for o in d.options:
                        for n in (o.useful, o.shanten, len(o.improving)):
                            if n is not None:
                                allowed.add(str(n))
                        if o.value is not None:
                            allowed.add(describe(variant, o.value).split()[0])
                        worth = kong_points(pos, o)
                        if worth is not None:
                            allowed.add(str(worth))
                        if o.tile is not None and d.kind.value == "discard":
                            allowed.add(str(danger(pos, o.tile).price))
                    text = _TILES.sub("", d.reason)
                    for number in _NUMBER.findall(text):
                        assert number in allowed, (number, d.reason)
                        quoted += 1
    assert quoted > 50 and played_out > 0 and checked > 0
