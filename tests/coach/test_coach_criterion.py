"""The coach's preferred discard is always one of the best by its documented criterion,
checked against :func:`tutor.core.waits.efficiency` (computed here, independently of the
coach's own code path) over thousands of positions of bot-played hands of all three games."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tutor.coach import COACH, Position, positions
from tutor.coach.judge import discard_options
from tutor.core.tiles import Tile
from tutor.core.variant import Variant
from tutor.core.waits import efficiency
from tutor.game.actions import ActionKind

from .helpers import SEATS, hands

#: hands per game: about 1,000 discard positions each (Hangzhou's hands are shorter)
HANDS = {Variant.HUANGYAN: 14, Variant.HANGZHOU: 20, Variant.GUIYANG: 16}
PURE = replace(COACH, safety_weight=0, value_weight=0)


def _discard_positions(variant: Variant) -> list[tuple[Position, list[Tile]]]:
    out = []
    for state in hands(variant, HANDS[variant]):
        for seat in SEATS:
            for pos in positions(state, seat):
                tiles = [a.tile for a in pos.view.legal
                         if a.kind is ActionKind.DISCARD and a.tile is not None]
                if len(tiles) > 1:
                    out.append((pos, tiles))
    return out


def _effective(shanten: int, count: int, variant: Variant | None = None) -> int:
    """A dead wait is one step from ready, except in Guiyang (a drawn hand pays it)."""
    if variant is Variant.GUIYANG:
        return shanten
    return 1 if shanten == 0 and count == 0 else shanten


def _efficiency(pos: Position, tiles: list[Tile]) -> dict[Tile, tuple[int, int]]:
    """(shanten, useful tiles left) after each legal discard, from ``efficiency``."""
    options = efficiency(pos.view.hand, pos.variant, pos.view.visible()).options
    return {o.discard: (o.shanten, o.count) for o in options if o.discard in tiles}


def _expected_costs(pos: Position, numbers: dict[Tile, tuple[int, int]],
                    values: dict[Tile, float | None]) -> dict[Tile, float]:
    """The documented cost of each discard (tutor.coach.rules), recomputed from
    ``efficiency`` and the Live Tile / hot discard definitions."""
    view = pos.view
    count = {t: n for t, (_, n) in numbers.items()}
    level = {t: _effective(s, n, pos.variant) for t, (s, n) in numbers.items()}
    best = min(level.values())
    most = {s: max(count[t] for t in level if level[t] == s) for s in level.values()}
    discarded = {t for pile in view.discards.values() for t in pile}
    theirs = {t for seat, pile in view.discards.items() if seat != pos.seat for t in pile}
    held_safe = any(t in discarded for t in view.hand.concealed)
    ready_values = [v for t, v in values.items() if v is not None and level[t] == 0]
    top = max(ready_values, default=0.0)
    out = {}
    for t in numbers:
        lost = most[level[t]] - count[t]
        if not view.live_wall:  # nothing left to draw: efficiency does not count
            cost = 0.0
        elif level[t] > best:
            cost = COACH.shanten_step * (level[t] - best) + lost / (most[level[t]] + 1)
            cost += COACH.ready if best == 0 else 0
        else:
            scale = min(1.0, COACH.many_tiles / most[best]) if most[best] else 1.0
            cost = min(lost * scale, COACH.shanten_step - 1)
        if (pos.variant is Variant.HUANGYAN and view.stage is not None and t not in discarded
                and held_safe):
            cost += COACH.live_tile
        if pos.variant is Variant.GUIYANG and pos.after_own_kong and t not in theirs:
            cost += COACH.hot_discard
        value = values[t]
        if value is not None and level[t] == 0 and top > 0 and view.live_wall:
            cost += count[t] * (1 - value / top)
        out[t] = cost
    return out


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_the_preferred_discard_is_one_of_the_best(variant: Variant) -> None:
    found = _discard_positions(variant)
    assert len(found) > 700  # over 2,000 positions in all
    overridden = 0
    for pos, tiles in found:
        options = discard_options(pos, tiles, COACH)
        numbers = _efficiency(pos, tiles)
        keys = {t: (_effective(*numbers[t], variant), -numbers[t][1]) for t in tiles}
        best = min(keys.values())
        for o in options:  # the options report efficiency's own numbers
            assert o.tile is not None
            assert (o.shanten, o.useful) == (keys[o.tile][0], numbers[o.tile][1])
        # efficiency alone (the coach with safety and value weighed at 0): lowest shanten,
        # then most useful tiles
        if pos.view.live_wall:  # (with nothing left to draw, every discard is as efficient)
            pure = min(options, key=lambda o: o.efficiency_cost)
            assert pure.tile is not None and keys[pure.tile] == best, (pos.turn,
                                                                       str(pos.view.hand))
        else:
            assert all(o.efficiency_cost == 0 for o in options)
        # the full criterion: efficiency, safety and value costs as documented
        values = {o.tile: o.value for o in options if o.tile is not None}
        expected = _expected_costs(pos, numbers, values)
        for o in options:
            assert o.tile is not None
            assert o.cost == pytest.approx(expected[o.tile]), (pos.turn, str(o))
        chosen = min(options, key=lambda o: o.cost)
        assert chosen.tile is not None
        assert expected[chosen.tile] == pytest.approx(min(expected.values()))
        if keys[chosen.tile] != best and pos.view.live_wall:
            overridden += 1
    if variant is Variant.HUANGYAN:
        assert overridden > 0  # the Live Tile Stage does change some choices


def test_weights_at_zero_leave_efficiency_alone() -> None:
    """In a Live Tile Stage position where safety changes the choice, the coach with
    ``safety_weight=0`` and ``value_weight=0`` goes back to the most efficient discard."""
    for pos, tiles in _discard_positions(Variant.HUANGYAN):
        full = min(discard_options(pos, tiles, COACH), key=lambda o: o.cost)
        if not full.efficiency_cost:
            continue
        pure = discard_options(pos, tiles, PURE)
        assert all(o.safety_cost == 0 and o.value_cost == 0 for o in pure)
        chosen = min(pure, key=lambda o: o.cost)
        assert chosen.efficiency_cost == 0 and chosen.tile != full.tile
        return
    raise AssertionError("no position where safety or value changed the choice")
