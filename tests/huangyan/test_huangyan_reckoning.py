"""The four-way reckoning: the rule text's worked examples, stacks, liability, Yellow Cliff,
options."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor import RulesError, Wind
from tutor.variants.huangyan import (
    HUANGYAN_RULES,
    LiabilityPayee,
    Reckoning,
    Rounding,
    reckon,
    score_non_winner,
    score_winner,
    yellow_cliff,
)

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
RULE_TEXT_TOTALS = {E: 20, S: 28, W: 6, N: 12}


def rows(result: Reckoning) -> list[tuple[int | None, str, str, int]]:
    return [(p.wave, p.payer.letter, p.payee.letter, p.amount) for p in result.payments]


def test_rule_text_example_one_dealer_wins() -> None:
    result = reckon(winner=E, totals=RULE_TEXT_TOTALS)
    assert rows(result) == [
        (1, "S", "E", 20), (1, "W", "E", 20), (1, "N", "E", 20),
        (2, "W", "S", 11), (2, "N", "S", 8), (2, "W", "N", 3),
    ]
    assert result.net == {E: 60, S: -1, W: -34, N: -25}


def test_rule_text_arithmetic_slip_about_south() -> None:
    """The rule text writes South's result as (28 - 20 + 11 + 8) = +27: it adds South's own hand
    score 28, which is not a payment. South pays 20 and receives 11 and 8: -1."""
    seed_claim = 28 - 20 + 11 + 8
    assert seed_claim == 27
    net = reckon(winner=E, totals=RULE_TEXT_TOTALS).net
    assert net[S] == -20 + 11 + 8 == -1 != seed_claim
    assert sum(net.values()) == 0  # with +27 the rule text's four figures would not balance
    assert 60 + 27 - 34 - 25 != 0


def test_rule_text_example_two_non_dealer_wins() -> None:
    result = reckon(winner=N, dealer=E, totals=RULE_TEXT_TOTALS)
    assert rows(result) == [
        (1, "E", "N", 12), (1, "S", "N", 6), (1, "W", "N", 6),
        (2, "E", "S", 8), (2, "W", "E", 14), (2, "W", "S", 11),
    ]
    assert result.net == {E: -6, S: 13, W: -31, N: 24}
    assert not result.match_over and result.stacks_after is None


def test_rule_text_example_one_with_stacks_of_twenty() -> None:
    result = reckon(winner=E, totals=RULE_TEXT_TOTALS, stacks=dict.fromkeys(Wind, 20))
    # every loser empties on wave one; South's wave-two receipts come after it has paid
    assert rows(result) == [
        (1, "S", "E", 20), (1, "W", "E", 20), (1, "N", "E", 20),
        (2, "W", "S", 0), (2, "N", "S", 0), (2, "W", "N", 0),
    ]
    assert result.stacks_after == {E: 80, S: 0, W: 0, N: 0}
    assert result.match_over
    assert "capped" in result.payments[3].reason


def test_rule_text_example_two_with_stacks_receipts_count_at_once() -> None:
    result = reckon(winner=N, totals=RULE_TEXT_TOTALS, stacks={E: 20, S: 20, W: 20, N: 20})
    assert rows(result) == [
        (1, "E", "N", 12), (1, "S", "N", 6), (1, "W", "N", 6),
        (2, "E", "S", 8), (2, "W", "E", 14), (2, "W", "S", 0),
    ]
    assert result.stacks_after == {E: 14, S: 22, W: 0, N: 44}
    assert result.match_over
    # East holds 8 after wave one and paying South 0... receipts count at once:
    small = reckon(winner=N, totals=RULE_TEXT_TOTALS, stacks={E: 12, S: 20, W: 20, N: 28})
    assert rows(small)[3] == (2, "E", "S", 0)  # East paid 12 in wave one, has 0 left
    assert small.stacks_after is not None and small.stacks_after[E] == 14
    assert small.match_over  # East touched zero even though it ends at 14


def test_dealer_keeps_or_passes() -> None:
    assert reckon(winner=E, totals=RULE_TEXT_TOTALS).next_dealer == E
    assert reckon(winner=N, totals=RULE_TEXT_TOTALS).next_dealer == S


def test_liability_default_one_player_settlement() -> None:
    result = reckon(winner=N, totals=RULE_TEXT_TOTALS, liable=W)
    assert result.totals[W] == 0
    # wave one: West pays what East (12), South (6) and West (6) would have paid
    # wave two with West at 0: E-S 8, E-W 20, S-W 28/2 = 14, all paid by West to North
    assert rows(result) == [
        (1, "W", "N", 12), (1, "W", "N", 6), (1, "W", "N", 6),
        (2, "W", "N", 8), (2, "W", "N", 20), (2, "W", "N", 14),
    ]
    assert result.net == {E: 0, S: 0, W: -66, N: 66}


def test_liability_option_normal_receivers() -> None:
    rules = HUANGYAN_RULES.replace(liability_payee=LiabilityPayee.NORMAL)
    result = reckon(winner=N, totals=RULE_TEXT_TOTALS, liable=W, rules=rules)
    assert rows(result) == [
        (1, "W", "N", 12), (1, "W", "N", 6), (1, "W", "N", 6),
        (2, "W", "S", 8), (2, "W", "E", 20), (2, "W", "S", 14),
    ]
    assert result.net == {E: 20, S: 22, W: -66, N: 24}


def test_liability_with_dealer_winner_and_stacks() -> None:
    result = reckon(winner=E, totals=RULE_TEXT_TOTALS, liable=S, stacks=dict.fromkeys(Wind, 20))
    assert [r[1:] for r in rows(result)] == [("S", "E", 20)] + [("S", "E", 0)] * 5
    assert result.net == {E: 20, S: -20, W: 0, N: 0}
    assert result.match_over


def test_liable_cannot_be_winner() -> None:
    with pytest.raises(RulesError, match="liable"):
        reckon(winner=N, totals=RULE_TEXT_TOTALS, liable=N)


def test_rounding_option() -> None:
    totals = {E: 0, S: 3, W: 0, N: 13}
    up = reckon(winner=N, totals=totals)
    down = reckon(winner=N, totals=totals, rules=HUANGYAN_RULES.replace(rounding=Rounding.DOWN))
    # wave one: dealer 13, each non-dealer half of 13; wave two: E-S 3, E-W 0 (no payment),
    # S-W half of 3
    assert [p.amount for p in up.payments] == [13, 7, 7, 3, 2]
    assert [p.amount for p in down.payments] == [13, 6, 6, 3, 1]


def test_limit_applies_to_totals() -> None:
    result = reckon(winner=E, totals={E: 8192, S: 0, W: 0, N: 0},
                    rules=HUANGYAN_RULES.replace(limit=64))
    assert result.net[E] == 3 * 64


def test_sheets_as_totals() -> None:
    winner = score_winner("123m456p789s111z55z", "5z")  # 44 for East
    south = score_non_winner("111z22z555z123m4p9s", seat=S)  # 36
    others = {W: 0, N: 0}
    result = reckon(winner=E, totals={E: winner, S: south, **others})
    assert result.totals == {E: 44, S: 36, W: 0, N: 0}
    with pytest.raises(RulesError, match="sheet"):
        reckon(winner=E, totals={E: south, S: 0, W: 0, N: 0})


@pytest.mark.parametrize("totals", [{E: 1, S: 2, W: 3}, {E: 1, S: 2, W: 3, N: -1},
                                    {E: 1, S: 2, W: 3, N: 1.5}])
def test_bad_totals(totals: dict[Wind, int]) -> None:
    with pytest.raises(RulesError):
        reckon(winner=E, totals=totals)


def test_yellow_cliff() -> None:
    result = yellow_cliff(stacks=dict.fromkeys(Wind, 20))
    assert result.payments == () and result.next_dealer == S and not result.match_over
    assert result.as_dict() == {"payments": [], "net": {"E": 0, "S": 0, "W": 0, "N": 0},
                                "stacks": {"E": 20, "S": 20, "W": 20, "N": 20},
                                "match_over": False}
    assert "Yellow Cliff" in str(result)


def test_display() -> None:
    result = reckon(winner=E, totals=RULE_TEXT_TOTALS, stacks=dict.fromkeys(Wind, 40))
    text = str(result)
    assert "wave 2: West pays South 11" in text and "East 40->100" in text
    assert "tutor-ledger" in result._repr_html_()
    assert list(result.as_dict()) == ["payments", "net", "stacks", "match_over"]


seats = st.sampled_from(list(Wind))
stack_maps = st.fixed_dictionaries({s: st.integers(0, 80) for s in Wind})
total_maps = st.fixed_dictionaries({s: st.integers(0, 400) for s in Wind})


@settings(max_examples=300, deadline=None)
@given(seats, seats, total_maps, st.one_of(st.none(), seats), st.one_of(st.none(), stack_maps),
       st.sampled_from(list(Rounding)), st.sampled_from(list(LiabilityPayee)))
def test_reckoning_properties(winner: Wind, dealer: Wind, totals: dict[Wind, int],
                              liable: Wind | None, stacks: dict[Wind, int] | None,
                              rounding: Rounding, payee: LiabilityPayee) -> None:
    if liable == winner:
        liable = None
    rules = HUANGYAN_RULES.replace(rounding=rounding, liability_payee=payee)
    result = reckon(winner=winner, dealer=dealer, totals=totals, liable=liable, stacks=stacks,
                    rules=rules)
    net = result.net
    assert sum(net.values()) == 0
    assert all(p.amount >= 0 for p in result.payments)
    assert [p.wave for p in result.payments] == sorted(p.wave or 0 for p in result.payments)
    assert net[winner] >= 0
    if liable is not None:
        assert all(p.payer == liable for p in result.payments)
        if payee is LiabilityPayee.WINNER:
            for seat in Wind:
                if seat not in (winner, liable):
                    assert net[seat] == 0
    if stacks is not None:
        after = result.stacks_after
        assert after is not None
        assert sum(after.values()) == sum(stacks.values())
        assert all(after[s] == stacks[s] + net[s] for s in Wind)
        running = dict(stacks)
        touched = min(running.values()) == 0
        for p in result.payments:
            running[p.payer] -= p.amount
            running[p.payee] += p.amount
            assert running[p.payer] >= 0
            touched = touched or running[p.payer] == 0
        assert result.match_over == touched
    else:
        uncapped = reckon(winner=winner, dealer=dealer, totals=totals, liable=liable,
                          rules=rules)
        assert uncapped.net == net
