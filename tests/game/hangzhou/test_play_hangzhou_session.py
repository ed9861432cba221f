"""A Hangzhou game across hands: the first dealer by dice, the winner deals next, a drawn hand
keeps the dealer, the dealer's tally is paid when the dealership passes, the game ends below zero
(the rule text, section 6; the rule book, "Walls and kongs")."""

from __future__ import annotations

import itertools

import pytest

from tutor.core.tiles import Wind
from tutor.errors import RulesError
from tutor.game.variants.hangzhou import SessionReport, play_session
from tutor.game.variants.hangzhou.session import hand_seat, roll_for_first_dealer
from tutor.ledger import Seat
from tutor.variants.hangzhou.ledger import TALLY


@pytest.fixture(scope="module")
def games() -> list[SessionReport]:
    return [play_session(seed, ["sensible"]) for seed in range(3)]


def test_hand_seats_put_the_dealer_east() -> None:
    assert [hand_seat(p, 2) for p in range(4)] == [Wind.WEST, Wind.NORTH, Wind.EAST,
                                                   Wind.SOUTH]
    assert {hand_seat(d, d) for d in range(4)} == {Wind.EAST}


def test_scores_start_at_100_and_the_game_is_zero_sum(games: list[SessionReport]) -> None:
    for game in games:
        assert sum(game.scores.values()) == 400
        net = game.ledger.net()
        assert game.scores == {i: 100 + net[game.seats[i]] for i in range(4)}


def test_the_game_ends_after_the_hand_below_zero(games: list[SessionReport]) -> None:
    for game in games:
        assert not game.penalties  # (no first-turn penalty in these games: scores are the tally's)
        assert game.ended_below_zero and game.hands < 200
        assert all(min(r.scores) >= 0 for r in game.game.hands[:-1])
        assert min(game.game.hands[-1].scores) < 0
        assert min(game.scores.values()) < 0  # the open tally paid at the end only adds debts


def test_the_winner_deals_next_and_a_draw_keeps_the_dealer(games: list[SessionReport]) -> None:
    for game in games:
        records = game.game.hands
        assert [r.dealer for r in records] == [game.seats[d] for d in game.dealers]
        for before, after in itertools.pairwise(records):
            assert after.dealer == (before.result.winner or before.dealer)


def test_the_dealer_tally_is_deferred(games: list[SessionReport]) -> None:
    paid_tally = False
    for game in games:
        for r in game.game.hands:
            if r.result.winner == r.dealer:  # the dealer won: nothing is paid yet
                assert len(r.payments) == 0 and r.tokens > 0
            elif r.result.winner is not None:  # the dealership passes: win, then the tally
                assert r.tokens == 0
                cats = [p.category for p in r.payments]
                assert "win" in cats and cats == sorted(cats, key=lambda c: c == TALLY)
                paid_tally |= TALLY in cats
    assert paid_tally


def test_stats_and_determinism(games: list[SessionReport]) -> None:
    game = games[0]
    assert game.stats["hands"] == game.hands
    assert game.stats["draws"] == sum(1 for r in game.game.hands if r.result.winner is None)
    assert game.stats["longest dealer streak"] >= game.stats["mean dealer streak"] >= 1
    assert game.stats["dealer streaks"] == 1 + sum(
        1 for a, b in zip(game.dealers, game.dealers[1:], strict=False) if a != b)
    assert play_session(0, ["sensible"]).as_dict() == game.as_dict()
    assert "final scores" in str(game)


def test_the_hand_cap_stops_a_game() -> None:
    game = play_session(1, ["random"], {"session_hand_cap": 3})
    assert game.hands == 3 and not game.ended_below_zero
    assert sum(game.scores.values()) == 400


def test_the_first_dealer_is_the_highest_roll_and_seats_follow_the_rolls(
        games: list[SessionReport]) -> None:
    first_dealers = set()
    for game in games:
        deciding = game.seating[-1]
        totals = [r.total for r in deciding.rolls]
        assert totals.count(max(totals)) == 1
        dealer = game.dealers[0]
        assert totals[dealer] == max(totals) and game.seats[dealer] is Seat.EAST
        # highest East, then South, West, North (the seats are Huangyan's)
        order = sorted(range(4), key=lambda i: (-totals[i], i))
        assert [game.seats[i] for i in order] == list(Seat)
        assert game.game.first_dealer is Seat.EAST and game.game.hands[0].dealer is Seat.EAST
        assert "seats by dice:" in str(game) and f"P{dealer} deals first" in str(game)
        first_dealers.add(dealer)
    assert first_dealers != {0}  # player 0 no longer always deals first


def test_a_tie_for_the_highest_roll_is_rolled_again() -> None:
    rolls = roll_for_first_dealer([[(6, 6), (1, 2), (6, 6), (3, 3)],
                                   [(2, 2), (5, 6), (1, 1), (3, 4)]])
    assert len(rolls) == 2 and rolls[-1].seats == (Seat.WEST, Seat.EAST, Seat.NORTH, Seat.SOUTH)
    # a tie below the highest goes to whoever rolled first, as in Huangyan
    again = roll_for_first_dealer([[(6, 6), (3, 4), (1, 1), (4, 3)]])
    assert again[-1].seats == (Seat.EAST, Seat.SOUTH, Seat.NORTH, Seat.WEST)
    with pytest.raises(RulesError, match="ties for the highest total"):
        roll_for_first_dealer([[(6, 6), (1, 2), (6, 6), (3, 3)]])
    with pytest.raises(RulesError, match="already decides the dealer"):
        roll_for_first_dealer([[(6, 6), (1, 2), (5, 6), (3, 3)], [(1, 1)] * 4])
    with pytest.raises(RulesError, match="two dice of 1-6"):
        roll_for_first_dealer([[(7, 6), (1, 2), (5, 6), (3, 3)]])


def test_the_seat_dice_are_recorded_and_replay_the_game(games: list[SessionReport]) -> None:
    game = games[1]
    data = game.as_dict()
    assert data["seat_dice"] == [[list(d) for d in roll] for roll in game.seat_dice]
    assert data["seats"] == {str(i): seat.letter for i, seat in enumerate(game.seats)}
    assert play_session(1, ["sensible"], seat_dice=game.seat_dice).as_dict() == data
    # other dice seat the players elsewhere; the hands themselves are dealt the same
    other = play_session(1, ["sensible"], seat_dice=[[(1, 1), (2, 2), (3, 3), (4, 4)]])
    assert other.seats == (Seat.NORTH, Seat.WEST, Seat.SOUTH, Seat.EAST)
    assert other.dealers[0] == 3
