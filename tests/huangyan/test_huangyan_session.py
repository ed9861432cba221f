"""Seats by dice, matches and the session: antes, banking, 240 points conserved."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor import RulesError, Wind
from tutor.variants.huangyan import HUANGYAN_RULES, Session, roll_for_seats

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
PLAYERS = ("Ann", "Bao", "Cai", "Dev")


def test_seats_by_dice_with_tie_to_first_roller() -> None:
    seating = roll_for_seats(PLAYERS, [(3, 3), (6, 1), (2, 2), (5, 1)])
    # totals 6, 7, 4, 6: Bao East; Ann and Dev tie on 6, Ann rolled first: South
    assert seating.seats == (S, E, N, W)
    assert seating.seat_of("Dev") == W
    assert "Bao rolled 6+1=7 -> East" in str(seating)
    assert "<td>Bao</td><td>6+1</td><td>7</td><td>East</td>" in seating._repr_html_()


def test_seeded_dice_are_reproducible() -> None:
    a = roll_for_seats(PLAYERS, rng=random.Random(7))
    b = roll_for_seats(PLAYERS, rng=random.Random(7))
    assert a == b
    assert sorted(a.seats) == list(Wind)


@pytest.mark.parametrize("dice", [[(1, 7), (1, 1), (1, 1), (1, 1)], [(1, 1)] * 3])
def test_bad_dice(dice: list[tuple[int, int]]) -> None:
    with pytest.raises(RulesError):
        roll_for_seats(PLAYERS, dice)


def test_session_flow() -> None:
    session = Session.start(PLAYERS)
    assert session.total == 240 and session.current is None
    with pytest.raises(RulesError, match="new_match"):
        session.draw()
    session = session.new_match([(6, 6), (1, 1), (2, 2), (3, 3)])  # Ann E, Dev S, Cai W, Bao N
    assert session.reserves == (40,) * 4
    match = session.current
    assert match is not None and match.player_at(E) == "Ann" and match.player_at(S) == "Dev"
    with pytest.raises(RulesError, match="still in play"):
        session.new_match()
    # North (Bao) wins the rule text's second example: West (Cai) touches zero, the match ends
    ended = session.win(winner=N, totals={E: 20, S: 28, W: 6, N: 12})
    assert ended.current is None and ended.matches[-1].over
    assert ended.banked == (14, 44, 0, 22)  # Ann E, Bao N, Cai W, Dev S
    assert ended.scores == {"Ann": 54, "Bao": 84, "Cai": 40, "Dev": 62}
    assert ended.total == 240
    assert ended.matches[-1].player_at(W) == "Cai"  # no rotation after the last hand
    assert "match 1 (over, 1 hands)" in ended.matches[-1]._repr_html_()
    session = Session.start(PLAYERS).new_match([(6, 6), (1, 1), (2, 2), (3, 3)])
    session = session.draw()
    match = session.current
    assert match is not None and match.player_at(E) == "Dev" and match.player_at(N) == "Ann"
    session = session.win(winner=E, totals={E: 20, S: 0, W: 0, N: 0})  # dealer Dev wins 60
    match = session.current
    assert match is None  # three stacks hit zero: the match is over and banked
    assert session.banked == (0, 0, 0, 80)
    assert session.scores == {"Ann": 40, "Bao": 40, "Cai": 40, "Dev": 120}
    assert session.total == 240


def test_match_over_keeps_the_seats() -> None:
    session = Session.start(PLAYERS).new_match([(6, 6), (1, 1), (2, 2), (3, 3)])
    session = session.win(winner=E, totals={E: 10, S: 0, W: 0, N: 0})
    match = session.current
    assert match is not None and match.player_at(E) == "Ann"  # the dealer won: keeps the deal
    assert match.stacks == (50, 10, 10, 10)


def test_three_matches_then_over() -> None:
    session = Session.start(PLAYERS)
    for number in range(3):
        session = session.new_match(rng=random.Random(number))
        while session.current is not None:
            session = session.win(winner=E, totals={E: 40, S: 0, W: 0, N: 0})
    assert session.over and session.reserves == (0,) * 4
    assert sum(session.banked) == 240
    with pytest.raises(RulesError, match="over"):
        session.new_match()
    assert "session (over)" in str(session) and "<table" in session._repr_html_()


hands = st.lists(
    st.tuples(st.sampled_from(list(Wind)),  # winner (None-like draw handled by flag)
              st.booleans(),  # a Yellow Cliff draw instead
              st.fixed_dictionaries({s: st.integers(0, 120) for s in Wind}),
              st.one_of(st.none(), st.sampled_from(list(Wind)))),
    max_size=40)


@settings(max_examples=150, deadline=None)
@given(hands, st.integers(0, 10 ** 6))
def test_session_always_totals_240(plays: list[tuple[Wind, bool, dict[Wind, int], Wind | None]],
                                   seed: int) -> None:
    rng = random.Random(seed)
    session = Session.start(PLAYERS, rules=HUANGYAN_RULES)
    for winner, draw, totals, liable in plays:
        if session.over:
            break
        if session.current is None:
            session = session.new_match(rng=rng)
        if draw:
            session = session.draw()
        else:
            session = session.win(winner=winner, totals=totals,
                                  liable=None if liable == winner else liable)
        assert session.total == 240
        current = session.current
        if current is not None:
            assert all(n > 0 for n in current.stacks)
            assert sum(current.stacks) == 80
        assert all(n >= 0 for n in session.reserves + session.banked)
    assert session.total == 240
