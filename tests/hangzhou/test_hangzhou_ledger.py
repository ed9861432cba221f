"""The dealer's deferred tally across hands: goldens, the replay file, and properties."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor import RulesError, Seat, Tile
from tutor.variants.hangzhou import HANGZHOU
from tutor.variants.hangzhou.gamefile import LedgerFileError, replay
from tutor.variants.hangzhou.ledger import END_TALLY, TALLY, FirstTurn, HandResult, play

DATA = Path(__file__).resolve().parents[1] / "data" / "hangzhou"
E, S, W, N = Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH


def test_dealer_streak_is_paid_when_another_player_wins() -> None:
    game = play([HandResult.win(E, 2), HandResult.win(E, 4), HandResult.draw(),
                 HandResult.win(S, 4)])
    assert [len(r.payments) for r in game.hands] == [0, 0, 0, 9]
    assert [r.tokens for r in game.hands] == [2, 6, 6, 0]
    last = game.hands[-1].payments
    assert [p.category for p in last] == ["win"] * 3 + [TALLY] * 6
    assert [(p.payer, p.amount) for p in last][:3] == [(E, 32), (W, 4), (N, 4)]
    # labelled with the hand after which they are paid; the reason names the hand of the tokens
    assert [(p.payer, p.payee, p.amount, p.hand) for p in last][3:] == [
        (S, E, 16, 4), (W, E, 16, 4), (N, E, 16, 4), (S, E, 32, 4), (W, E, 32, 4), (N, E, 32, 4)]
    assert [p.reason for p in last][3::3] == [
        "East's tally from hand 1: 2 token(s) x 8, paid after hand 4",
        "East's tally from hand 2: 4 token(s) x 8, paid after hand 4"]
    assert str(last.payments[3]).startswith("hand 4: [dealer tally] South pays East 16")
    assert game.scores == {E: 212, S: 92, W: 48, N: 48}
    assert game.dealer == S


def test_a_draw_keeps_the_dealer_and_the_tally() -> None:
    game = play([HandResult.win(S, 1), HandResult.draw(), HandResult.win(S, 2)],
                settle_at_end=False)
    assert [r.dealer for r in game.hands] == [E, S, S]
    assert game.hands[-1].tally == ((3, 2),)
    assert game.dealer == S and len(game.final) == 0


def test_open_tally_is_paid_at_the_end() -> None:
    game = play([HandResult.win(E, 3)])
    assert [(p.payer, p.payee, p.amount, p.category) for p in game.final] == [
        (S, E, 24, END_TALLY), (W, E, 24, END_TALLY), (N, E, 24, END_TALLY)]
    game = play([HandResult.win(E, 3), HandResult.draw(), HandResult.draw()])
    assert {p.hand for p in game.final} == {3}  # paid at the end, after the last hand
    assert game.final.payments[0].reason == (
        "East's tally from hand 1: 3 token(s) x 8, paid at the end of the game")


def test_the_reprieve_winner_paid_before_the_tally() -> None:
    rules = replace(HANGZHOU, starting_points=12)
    # East's streak owes 8 from everyone; West, at 12, wins before paying it.
    game = play([HandResult.win(E, 1), HandResult.win(W, 4)], rules=rules)
    assert game.scores == {E: 12 - 32 + 24, S: 12 - 4 - 8, W: 12 + 40 - 8, N: 0}
    assert game.ended_after is None


def test_game_ends_after_the_hand_where_a_score_goes_negative() -> None:
    rules = replace(HANGZHOU, starting_points=10)
    results = [HandResult.win(E, 2), HandResult.win(S, 1)]
    game = play(results, rules=rules)
    assert game.ended_after == 2 and game.scores[W] == 10 - 1 - 16
    with pytest.raises(RulesError, match="hand 3: the game already ended after hand 2"):
        play([*results, HandResult.draw()], rules=rules)


def test_replay_streak_file() -> None:
    game = replay(json.loads((DATA / "streak.json").read_text(encoding="utf-8")))
    assert [r.result.multiplier for r in game.hands] == [2, 4, 1, 4, 1]
    assert game.scores == {E: 204, S: 116, W: 40, N: 40}
    assert len(game.final) == 3


def test_replay_full_game_file() -> None:
    game = replay(json.loads((DATA / "full_game.json").read_text(encoding="utf-8")))
    assert [r.result.multiplier for r in game.hands] == [1, 1, 4, 8, 16, 16]
    assert [r.dealer for r in game.hands] == [N, N, N, W, W, E]
    assert game.ended_after == 6 and game.scores[N] == -4
    assert sum(game.scores.values()) == 400


@pytest.mark.parametrize(("data", "message"), [
    ([{"result": "win", "winner": "X", "multiplier": 2}], "hand 1, field 'winner'"),
    ([{"result": "won", "winner": "E"}], "hand 1, field 'result'"),
    ([{"result": "win", "multiplier": 2}], "hand 1, field 'winner': missing"),
    ([{"result": "draw"}, {"result": "win", "winner": "E", "multiplier": 0}],
     "hand 2, field 'multiplier': must be 1 to 1,048,576, not 0"),
    ([{"result": "win", "winner": "E", "multiplier": "2"}], "field 'multiplier': expected a"),
    ([{"result": "win", "winner": "E"}], "give exactly one of"),
    ([{"result": "win", "winner": "E", "multiplier": 2, "hand": "11m"}], "give exactly one"),
    ([{"result": "win", "winner": "E", "hand": "11m22m", "drawn": "1m"}], "field 'hand'"),
    ([{"result": "win", "winner": "E", "hand": "11m22m33m44m55m66m7m", "drawn": "7x"}],
     "field 'drawn'"),
    ([{"result": "win", "winner": "E", "honor_discards": 9}], "field 'honor_discards'"),
    ([{"result": "draw", "winner": "E"}], "field 'winner': a drawn hand"),
    ([{"result": "draw", "colour": "red"}], "field 'colour': unknown field"),
    ([3], "hand 1: expected an object"),
    ({"hands": 3}, "field 'hands': expected a list"),
    ({"first_dealer": "Q", "hands": []}, "field 'first_dealer'"),
    ({"players": []}, "field 'players': unknown"),
    ([{"result": "draw", "first_turn": {"discards": ["1z"] * 4}}],
     "hand 1, field 'first_turn': expected an object with"),
    ([{"result": "draw", "first_turn": {"discards": ["1z"] * 3, "dice": [3, 4]}}],
     "field 'first_turn.discards': expected a list of four tiles"),
    ([{"result": "draw", "first_turn": {"discards": ["1z", "1z", "1z", "1x"], "dice": 7}}],
     "field 'first_turn.discards'"),
    ([{"result": "draw", "first_turn": {"discards": ["1z"] * 4, "dice": [7, 1]}}],
     "field 'first_turn.dice': expected two dice of 1-6"),
    ([{"result": "draw", "first_turn": {"discards": ["1z"] * 4, "dice": True}}],
     "field 'first_turn.dice'"),
    ([{"result": "draw", "first_turn": {"discards": ["1z"] * 4, "dice": 13}}],
     "field 'first_turn.dice'"),
    ([{"result": "draw", "first_turn": {"discards": ["1z", "1z", "2z", "1z"], "dice": 7}}],
     "field 'first_turn.discards': first-turn discards 東 東 南 東 do not match"),
    ([{"result": "win", "winner": "E", "honor_discards": 29}],
     "field 'honor_discards': .* only 28 honor tiles"),
])
def test_malformed_game_files_name_the_field(data: object, message: str) -> None:
    with pytest.raises(LedgerFileError, match=message):
        replay(data)


def test_replay_first_turn_penalties_and_a_ten_honors_win() -> None:
    game = replay(json.loads((DATA / "first_turn_and_specials.json").read_text(
        encoding="utf-8")))
    # worked by hand: 東東東東 with dice 3+4, East pays 7 each; East's 2 tokens paid after
    # South's x8 Ten Honors; 2p 2p 2p 白 with dice 9, South (dealer) pays 2 x 9 each; West x4;
    # West's open token paid at the end
    assert [r.scores for r in game.hands] == [
        (79, 107, 107, 107), (79, 107, 107, 107), (63, 171, 83, 83), (77, 85, 141, 97),
        (77, 85, 141, 97)]
    assert game.scores == {E: 69, S: 77, W: 165, N: 89}
    penalties = game.ledger.where(category="penalty")
    assert [(p.payer, p.amount, p.hand) for p in penalties] == [(E, 7, 1)] * 3 + [(S, 18, 4)] * 3
    fourth = game.hands[3]
    assert [p.category for p in fourth.payments] == ["penalty"] * 3 + ["win"] * 3
    assert "first-turn discards 2p 2p 2p 白, dice 9" in str(fourth)
    data = game.as_dict()
    hands = data["hands"]
    assert isinstance(hands, list)
    assert hands[0]["first_turn"] == {"discards": ["1z"] * 4, "dice": [3, 4]}
    assert hands[1]["first_turn"] is None
    assert hands[2]["multiplier"] == 8


def test_a_first_turn_record_must_match() -> None:
    with pytest.raises(RulesError, match="do not match"):
        FirstTurn(tuple(Tile.parse(t) for t in ("1z", "1z", "1z", "2z")), 7).penalty(E)
    first = FirstTurn(tuple(Tile.parse("3m") for _ in range(4)), (6, 6))
    assert repr(HandResult.draw(first_turn=first)).startswith("HandResult.draw(first_turn=")
    game = play([HandResult.draw(first_turn=first)], first_dealer=W)
    assert game.scores == {E: 112, S: 112, W: 64, N: 112}


first_turns = st.one_of(
    st.none(), st.builds(lambda tile, joker, dice: FirstTurn(
        (tile,) * 3 + (Tile.parse("5z") if joker else tile,), dice),
        st.sampled_from([Tile.parse(t) for t in ("1m", "9p", "1z", "7z")]), st.booleans(),
        st.one_of(st.integers(2, 12), st.tuples(st.integers(1, 6), st.integers(1, 6)))))
results = st.lists(st.one_of(st.builds(HandResult.draw, st.just(""), first_turns),
                             st.builds(HandResult.win, st.sampled_from(list(Seat)),
                                       st.sampled_from([1, 2, 4, 8, 16, 32]),
                                       first_turn=first_turns)),
                   max_size=12)


def _longest_game(items: list[HandResult], starting: int) -> tuple[list[HandResult], object]:
    rules = replace(HANGZHOU, starting_points=starting)
    for k in range(len(items), -1, -1):
        try:
            return items[:k], play(items[:k], rules=rules)
        except RulesError:
            continue
    raise AssertionError("the empty game cannot fail")


@settings(max_examples=100, deadline=None)
@given(results, st.sampled_from([20, 100, 500]))
def test_ledger_properties(items: list[HandResult], starting: int) -> None:
    played, game = _longest_game(items, starting)
    from tutor.variants.hangzhou.ledger import GameLedger

    assert isinstance(game, GameLedger)
    # zero sum, scores from the start
    assert sum(game.ledger.net().values()) == 0
    assert sum(game.scores.values()) == 4 * starting
    dealer, streak = E, []
    for record, result in zip(game.hands, played, strict=True):
        assert record.dealer == dealer
        payments = list(record.payments)
        if result.first_turn is not None:  # paid first, by the dealer, to each other player
            penalty = payments[:3]
            payments = payments[3:]
            dice = result.first_turn.dice
            total = dice if isinstance(dice, int) else sum(dice)
            factor = 1 if len(set(result.first_turn.discards)) == 1 else 2
            assert [(p.category, p.payer, p.amount, p.hand) for p in penalty] == [
                ("penalty", dealer, factor * total, record.number)] * 3
            assert {p.payee for p in penalty} == set(Seat) - {dealer}
        cats = [p.category for p in payments]
        if result.winner is None or result.winner == dealer:
            assert cats == []  # nothing is paid during a streak or a draw
            if result.winner is not None:
                streak.append((record.number, result.multiplier))
        else:
            # first the winner (three payments), then the outgoing dealer's tokens, by hand
            assert cats == ["win"] * 3 + [TALLY] * (3 * len(streak))
            tally = payments[3:]
            assert all(p.hand == record.number for p in tally)  # paid after this hand
            assert [p.reason.split(":")[0] for p in tally] == [
                f"{dealer.name.title()}'s tally from hand {h}" for h, _ in streak
                for _ in range(3)]
            assert all(p.payee == dealer and p.amount == 8 * m
                       for p, (_, m) in zip(tally, [s for s in streak for _ in range(3)],
                                            strict=True))
            streak = []
            dealer = result.winner
        assert record.tally == tuple(streak)
    assert [(p.hand, p.payee) for p in game.final] == [(len(played), dealer) for _ in streak
                                                       for _ in range(3)]
    # the game ends after the first hand that leaves a score below zero, not before
    negative = [r.number for r in game.hands if min(r.scores) < 0]
    if negative:
        assert game.ended_after == negative[0] == len(game.hands)
    else:
        assert game.ended_after is None and len(played) == len(items)


def test_results_and_game_display() -> None:
    assert repr(HandResult.win(S, 4, "Seven Pairs Pure", "a note")) == (
        "HandResult.win(Seat.SOUTH, 4, 'Seven Pairs Pure', note='a note')")
    assert repr(HandResult.draw()) == "HandResult.draw()"
    with pytest.raises(RulesError, match="at least 1"):
        HandResult.win(S, 0)
    game = play([HandResult.win(E, 2), HandResult.win(N, 1)])
    assert "dealer tally" in game._repr_html_() and "final scores" in str(game)
    assert game.as_dict()["scores"] == {"E": 140, "S": 83, "W": 83, "N": 94}
