"""The reasons' text says what is true: no comparison of a number with itself, jokers never
listed as winning tiles, the liability price from the smallest win the game allows (12
points, not 10), Guiyang's discarded chickens at their values (the charging chicken 3)."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from tutor.coach import COACH, DecisionKind, Grade, positions, review
from tutor.coach.judge import decisions
from tutor.coach.safety import danger, smallest_win
from tutor.core.tiles import Tile, Wind
from tutor.core.variant import Variant
from tutor.variants.huangyan.reckoning import reckon
from tutor.variants.huangyan.scoring import score_non_winner

from .helpers import SEATS, hands
from .test_coach_scenarios import EARLY_STAGE, HOT, JOKER, LIVE, STATIC, _deal, _last, _play

CHEAP = replace(COACH, playouts=2, confirm_playouts=2, confirm_batches=1)
T = Tile.parse
#: "13 tiles that improve it instead of 13", "leaves 9 tiles that improve your hand;
#: discarding 3m keeps the same distance from ready with 9"
_SAME = re.compile(r"\b(\d+) tiles?\b[^.;]*?(?:\binstead of|; discarding \S+ keeps the same "
                   r"distance from ready with) (\d+)\b")
_WAITS = re.compile(r"waiting on ([^(]*)\(")


def _reasons(variant: Variant, count: int) -> list[str]:
    return [d.reason for state in hands(variant, count) for seat in SEATS[:2]
            for pos in positions(state, seat) for d in decisions(pos, CHEAP)]


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_no_reason_compares_a_count_with_itself(variant: Variant) -> None:
    reasons = _reasons(variant, 2)
    assert len(reasons) > 20
    for text in reasons:
        for m in _SAME.finditer(text):
            assert m.group(1) != m.group(2), text
    # the pattern bites
    assert _SAME.search("13 tiles that improve it instead of 13")
    assert _SAME.search("Discarding 3m leaves 9 tiles that improve your hand; discarding 4m "
                        "keeps the same distance from ready with 9 (3m 6m).")


def test_jokers_are_never_listed_as_winning_tiles() -> None:
    listed = 0
    for text in _reasons(Variant.HANGZHOU, 3):
        for waits in _WAITS.findall(text):
            assert "5z" not in waits, text
            listed += 1
    assert listed > 0
    # a ready hand holding a joker: its waits are natural tiles, the count says jokers count
    state = _play(_deal("hangzhou", JOKER, draws="9s"), ("E", "discard 2s"),
                  ("S", "discard 9s"))
    d = _last(review(state, "S", STATIC), DecisionKind.DISCARD)
    assert d.grade is Grade.GOOD and d.played.shanten == 0
    waits = _WAITS.search(d.reason)
    assert waits is not None and "5z" not in waits.group(1)
    assert T("5z") in d.played.improving and "jokers included" in d.reason


def test_the_liability_price_comes_from_a_12_point_win() -> None:
    state = _play(_deal("huangyan", LIVE, draws="9s", rules=EARLY_STAGE),
                  ("E", "discard 2z"), ("S", "discard 3z"))
    d = _last(review(state, "S", STATIC), DecisionKind.DISCARD)
    assert d.theme.value == "safety" and "smallest win" in d.reason
    rules = state.hooks.rules
    assert smallest_win(rules) == 12
    own = score_non_winner(d.hand.remove(T("3z")), seat=Wind.SOUTH, rules=rules).total

    def price(least: int) -> int:
        extras = []
        for winner in (Wind.WEST, Wind.NORTH, Wind.EAST):
            totals = {s: 0 for s in Wind}
            totals[winner], totals[Wind.SOUTH] = least, own
            normal = reckon(winner=winner, totals=totals, dealer=Wind.EAST, rules=rules)
            liable = reckon(winner=winner, totals=totals, dealer=Wind.EAST, liable=Wind.SOUTH,
                            rules=rules)
            extras.append(normal.net[Wind.SOUTH] - liable.net[Wind.SOUTH])
        return max(0, min(extras))

    quoted = re.search(r"smallest win, (\d+) points more", d.reason)
    assert quoted is not None
    pos = next(p for p in positions(state, Wind.SOUTH) if p.turn == d.turn)
    assert int(quoted.group(1)) == price(12) == danger(pos, T("3z")).price
    assert price(12) != price(10)  # the impossible 10-point win would quote another price


# -- Guiyang: a discarded One of Bamboo is a chicken ----------------------------------------

#: South draws 1s and is ready only by discarding it (123m 456m 789m 45p 99p: waiting 3p 6p)
CHICKEN = {"E": HOT["E"], "S": "123m 456m 789m 45p 99p"}


def test_a_discarded_first_one_of_bamboo_counts_as_the_charging_chicken() -> None:
    state = _play(_deal("guiyang", CHICKEN, draws="1s"), ("E", "discard 2s"),
                  ("S", "discard 1s"))
    d = _last(review(state, "S", STATIC), DecisionKind.DISCARD)
    option = next(o for o in d.options if o.label == "discard 1s")
    rules = state.hooks.rules
    # a plain hand (1) and the charging chicken in the pond (3), not a win "worth less"
    assert option.shanten == 0 and option.value == 1 + rules.charging_value(False) == 4
    assert any("chicken" in note for note in option.notes)
    assert d.grade is Grade.GOOD


def test_a_later_discarded_one_of_bamboo_is_a_fixed_chicken() -> None:
    east = HOT["E"].replace("2s", "1s", 1)
    state = _play(_deal("guiyang", {**CHICKEN, "E": east}, draws="1s"), ("E", "discard 1s"),
                  ("S", "discard 1s"))
    d = _last(review(state, "S", STATIC), DecisionKind.DISCARD)
    option = next(o for o in d.options if o.label == "discard 1s")
    rules = state.hooks.rules
    assert option.value == 1 + rules.fixed_value(False) == 2  # East's 1s charged first
