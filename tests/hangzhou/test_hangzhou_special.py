"""Ten Honors Explosive Head and the first-turn matching discards penalty (the rule text,
section 7)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tutor import Meld, RulesError, Seat, Tile
from tutor.variants.hangzhou import HANGZHOU, ScoringMode
from tutor.variants.hangzhou.special import (
    Discard,
    first_turn_matching,
    ten_honors_explosive_head,
    ten_honors_multiplier,
)

T = Tile.parse
HONORS = [T(x) for x in ("1z", "2z", "3z", "4z", "5z", "6z", "7z", "1z", "2z", "3z")]


@pytest.mark.parametrize(("n", "multiplier"), [(10, 4), (11, 8), (12, 16), (14, 64)])
def test_ten_honors_value(n: int, multiplier: int) -> None:
    assert ten_honors_multiplier(n) == multiplier


def test_fewer_than_ten_is_no_special_win() -> None:
    with pytest.raises(RulesError, match="needs 10 honor discards, not 9"):
        ten_honors_multiplier(9)


def test_ten_honors_win_pays_like_a_win() -> None:
    win = ten_honors_explosive_head([*HONORS, T("7z")], winner=Seat.WEST, dealer=Seat.EAST)
    assert win.product == 8
    assert {p.payer: p.amount for p in win.payments} == {
        Seat.EAST: 64, Seat.SOUTH: 8, Seat.NORTH: 8}
    assert sum(win.payments.net().values()) == 0
    assert "11 honor discards" in str(win)


def test_jokers_count_as_honors() -> None:
    assert ten_honors_explosive_head([T("5z")] * 4 + HONORS[:6]).product == 4


def test_a_non_honor_discard_ends_the_state() -> None:
    with pytest.raises(RulesError, match=r"discard 4 \(3m\) is not an honor"):
        ten_honors_explosive_head([*HONORS[:3], T("3m"), *HONORS[3:]])


def test_a_claimed_discard_ends_the_state() -> None:
    discards: list[Discard | Tile] = [*HONORS]
    discards[2] = Discard(T("3z"), claimed=True)
    with pytest.raises(RulesError, match=r"discard 3 \(3z\) was claimed"):
        ten_honors_explosive_head(discards)


def test_a_claim_by_the_player_ends_the_state() -> None:
    with pytest.raises(RulesError, match=r"claimed \[555p\]"):
        ten_honors_explosive_head(HONORS, claims=[Meld.parse("[555p]")])
    # a concealed kong takes no one's tile: not a claim
    assert ten_honors_explosive_head(HONORS, claims=[Meld.parse("(5555p)")]).product == 4


def test_ten_honors_under_the_mil_cap() -> None:
    rules = replace(HANGZHOU, scoring=ScoringMode.MIL_FAN)
    assert ten_honors_explosive_head(HONORS + [T("1z")] * 3, rules=rules).product == 16


def test_first_turn_all_four_match() -> None:
    penalty = first_turn_matching([T("9s")] * 4, (2, 5))
    assert penalty.applies and penalty.factor == 1 and penalty.dice == 7
    assert [(p.payer, p.payee, p.amount) for p in penalty.payments] == [
        (Seat.EAST, Seat.SOUTH, 7), (Seat.EAST, Seat.WEST, 7), (Seat.EAST, Seat.NORTH, 7)]


def test_first_turn_joker_case_pays_double() -> None:
    penalty = first_turn_matching([T("東")] * 3 + [T("白")], 9, dealer=Seat.SOUTH)
    assert penalty.factor == 2
    assert {p.payee: p.amount for p in penalty.payments} == {
        Seat.EAST: 18, Seat.WEST: 18, Seat.NORTH: 18}
    assert all(p.payer == Seat.SOUTH for p in penalty.payments)


@pytest.mark.parametrize("discards", [["1m", "1m", "1m", "2m"], ["白", "1m", "1m", "1m"],
                                      ["1m", "1m", "2m", "白"]])
def test_first_turn_no_match_no_penalty(discards: list[str]) -> None:
    penalty = first_turn_matching([T(x) for x in discards], 7)
    assert not penalty.applies and len(penalty.payments) == 0
    assert "no penalty" in str(penalty)


@pytest.mark.parametrize(("dice", "match"), [(1, "2 to 12"), (13, "2 to 12"),
                                             ((0, 6), "1 to 6")])
def test_first_turn_bad_dice(dice: int | tuple[int, int], match: str) -> None:
    with pytest.raises(RulesError, match=match):
        first_turn_matching([T("1m")] * 4, dice)


def test_first_turn_needs_four_discards() -> None:
    with pytest.raises(RulesError, match="four discards"):
        first_turn_matching([T("1m")] * 3, 7)
