"""Huangyan claims in play: robbing the kong, nearest winner, chow and claim priority, the
last discard (scripted walls, the rule book, notebooks/rules/huangyan.md)."""

from __future__ import annotations

from tutor.core.hand import MeldKind
from tutor.game.actions import ActionKind
from tutor.game.state import HandState, Phase, WinKind
from tutor.game.variants.huangyan import HuangyanHooks, HuangyanSettlement
from tutor.variants.huangyan import WinSituation, score_non_winner, score_winner

from .play_huangyan_helpers import E, N, S, W, deal, drift, offers, play, step

# West waits on 5m only (the middle of 46m); South holds three 5m.
ROB_OPEN = {"E": "5m 1p4p9p 2s5s8s 2z2z 3z3z 6z 7z7z",
            "S": "555m 2p5p8p 3s6s9s 4z4z 1z 6z",
            "W": "123p 789p 123s 11z 46m"}
# South holds a pair of 7p to pong; West waits on 7p only (the middle of 68p).
ROB_ADDED = {"E": "7p 2m5m8m 3s6s9s 3z3z 4z4z 7z7z 9p",
             "S": "77p 1m4m7m 2s5s8s 1z1z 2z 5z 6z",
             "W": "123s 456s 789s 11z 68p"}


def test_huangyan_hooks_declare_the_rules_of_play() -> None:
    assert HuangyanHooks.robbable == frozenset({MeldKind.OPEN_KONG, MeldKind.ADDED_KONG})
    assert not HuangyanHooks.multiple_winners
    assert HuangyanHooks.last_discard_win
    assert not HuangyanHooks.kong_after_claim


def test_an_open_kong_can_be_robbed_as_a_win_on_the_discard() -> None:
    """Issue: West passes the discard win, South kongs the tile, West robs it. Only robbing an
    added kong is Robbing the Kong: this is a win on East's discard, with no extra double."""
    state = deal(ROB_OPEN)
    step(state, "E", "discard 5m")
    assert offers(state) == {"pass", "pong 5m", "open-kong 5m"}  # South
    step(state, "S", "open-kong 5m")
    assert offers(state) == {"pass", "win 5m"}  # West passes the discard win...
    step(state, "W", "pass")
    assert state.phase is Phase.ROB  # ...and is offered the kong tile
    assert offers(state) == {"pass", "rob 5m"}
    step(state, "W", "rob 5m")
    outcome = state.outcome
    assert outcome is not None
    assert (outcome.winners, outcome.how, outcome.discarder, outcome.open_kong) == (
        (W,), WinKind.DISCARD, E, S)
    assert str(outcome) == "West won by discard on 5m from East, robbing South's open kong"
    # the kong failed: South's three 5m are back in the hand, East's discard is unclaimed
    south = state.players[S]
    assert south.counts[outcome.tile.index] == 3 and south.melds == []
    assert state.players[E].taken == [False]
    assert state.tiles_accounted() == 136
    settlement = state.settlement
    assert isinstance(settlement, HuangyanSettlement)
    expected = score_winner("123p789p123s11z456m", "5m", WinSituation(seat=W))
    assert settlement.sheets[W].total == expected.total
    assert "Robbing the Kong" not in settlement.sheets[W].items()
    assert settlement.sheets[S].total == score_non_winner("555m2p5p8p3s6s9s44z1z6z",
                                                          seat=S).total
    # a discard win: the Live Tile note of East's discard decides liability
    assert settlement.liable is None and "before the Live Tile Stage" in settlement.liability


def test_robbing_an_open_kong_doubles_with_the_option() -> None:
    state = deal(ROB_OPEN, rules={"robbing_open_kong_double": True})
    play(state, [("E", "discard 5m"), ("S", "open-kong 5m"), ("W", "pass"), ("W", "rob 5m")])
    outcome = state.outcome
    assert outcome is not None
    assert (outcome.winners, outcome.how, outcome.discarder, outcome.open_kong) == (
        (W,), WinKind.ROBBING, S, None)
    settlement = state.settlement
    assert isinstance(settlement, HuangyanSettlement)
    expected = score_winner("123p789p123s11z456m", "5m",
                            WinSituation(seat=W, robbing_the_kong=True))
    assert settlement.sheets[W].total == expected.total
    assert "Robbing the Kong" in settlement.sheets[W].items()
    assert settlement.liable is None and "Robbing the Kong" in settlement.liability


def test_the_discarder_is_never_offered_to_rob_an_open_kong_of_its_own_discard() -> None:
    # East waits on 5m (46m) yet discards a 5m: South's open kong of it opens no window
    state = deal({"E": "5m 123p 789p 123s 11z 46m", "S": ROB_OPEN["S"]}, replacements="9m")
    play(state, [("E", "discard 5m"), ("S", "open-kong 5m")])
    assert state.phase is Phase.ACT and state.turn == S and str(state.players[S].drawn) == "9m"


# South and North wait on 5m (46m) and pass East's 5m; West, across, kongs it
TWO_ROBBERS = {"E": "5m 1p4p9p 2s5s8s 2z2z 3z3z 6z 7z7z", "S": "123p 789p 123s 11z 46m",
               "W": "555m 2p5p8p 3s6s9s 4z4z 1z 6z", "N": "456p 789s 123s 22z 46m"}


def test_robbing_an_open_kong_goes_to_the_nearest_from_the_discarder() -> None:
    """A win on the discard: South, the discarder's right-hand neighbour, answers first (from
    West, the kong's owner, North would)."""
    state = deal(TWO_ROBBERS)
    play(state, [("E", "discard 5m"), ("S", "pass"), ("W", "open-kong 5m"), ("N", "pass")])
    assert state.phase is Phase.ROB and state.current_actor() == S
    step(state, "S", "rob 5m")
    assert state.outcome is not None and state.outcome.winners == (S,)
    assert (state.outcome.discarder, state.outcome.open_kong) == (E, W)


def test_robbing_an_open_kong_with_the_option_goes_to_the_nearest_from_the_kong() -> None:
    state = deal(TWO_ROBBERS, rules={"robbing_open_kong_double": True})
    play(state, [("E", "discard 5m"), ("S", "pass"), ("W", "open-kong 5m"), ("N", "pass")])
    assert state.phase is Phase.ROB and state.current_actor() == N
    step(state, "N", "rob 5m")
    assert state.outcome is not None and state.outcome.winners == (N,)
    assert state.outcome.how is WinKind.ROBBING and state.outcome.discarder == W


def test_an_open_kong_goes_ahead_when_nobody_robs() -> None:
    state = deal(ROB_OPEN, replacements="9m")
    play(state, [("E", "discard 5m"), ("S", "open-kong 5m"), ("W", "pass"), ("W", "pass")])
    south = state.players[S]
    assert [m.kind for m in south.melds] == [MeldKind.OPEN_KONG]
    assert south.drawn is not None and str(south.drawn) == "9m"
    assert state.phase is Phase.ACT and state.turn == S


def test_an_added_kong_can_be_robbed() -> None:
    state = deal(ROB_ADDED, draws="9m 9m 9m 7p")
    play(state, [("E", "discard 7p"), ("S", "pong 7p"), ("W", "pass"), ("S", "discard 1m"),
                 ("W", "discard 9m"), ("N", "discard 9m"), ("E", "discard 9m")])
    assert "added-kong 7p" in offers(state)
    step(state, "S", "added-kong 7p")
    assert state.phase is Phase.ROB and offers(state) == {"pass", "rob 7p"}
    step(state, "W", "rob 7p")
    outcome = state.outcome
    assert outcome is not None and outcome.how is WinKind.ROBBING and outcome.winners == (W,)
    south = state.players[S]
    assert [m.kind for m in south.melds] == [MeldKind.PONG]  # the pong stays
    assert state.tiles_accounted() == 136
    settlement = state.settlement
    assert isinstance(settlement, HuangyanSettlement)
    assert "Robbing the Kong" in settlement.sheets[W].items()
    assert sum(settlement.ledger.net().values()) == 0


def test_a_concealed_kong_is_never_robbed() -> None:
    # West waits on 5m (46m); South declares a concealed kong of 5m
    state = deal({"E": "1p4p9p 2s5s8s 2z2z 3z3z 6z 7z7z 9m",
                  "S": "555m 2p5p8p 3s6s9s 4z4z 1z 6z",
                  "W": "123p 789p 123s 11z 46m"}, draws="5m", replacements="9p")
    step(state, "E", "discard 9m")
    step(state, "S", "concealed-kong 5m")
    assert state.phase is Phase.ACT and state.turn == S
    assert all(a.kind is not ActionKind.ROB for a in state.legal_actions())
    assert str(state.players[S].drawn) == "9p"
    assert state.players[S].melds[0].kind is MeldKind.CONCEALED_KONG


# West waits on 5p (46p), North on 2p or 5p (34p); South holds a pair of 5p.
TWO_WINNERS = {"E": "5p 2m5m8m 3s6s9s 3z3z 4z4z 7z7z 9p",
               "S": "55p 1m4m7m 2s5s8s 1z1z 2z 5z 6z",
               "W": "123m 789m 123s 11z 46p",
               "N": "456m 789s 567s 22z 34p"}


def test_the_nearest_winner_takes_the_discard() -> None:
    state = deal(TWO_WINNERS)
    play(state, [("E", "discard 5p"), ("S", "pong 5p"), ("W", "win 5p")])
    outcome = state.outcome
    assert outcome is not None and outcome.winners == (W,)
    assert N not in {seat for seat, _ in state.history}  # North was never asked


def test_a_farther_winner_wins_when_the_nearer_passes_and_win_beats_pong() -> None:
    state = deal(TWO_WINNERS)
    play(state, [("E", "discard 5p"), ("S", "pong 5p"), ("W", "pass"), ("N", "win 5p")])
    outcome = state.outcome
    assert outcome is not None and outcome.winners == (N,) and outcome.how is WinKind.DISCARD
    assert state.players[S].melds == []  # the pong lost to the win


# East discards 3m. South (next) holds 12m and 45m; West holds 33m and 24m; North 45m.
CHOWS = {"E": "3m 1p4p7p 2s5s8s 3z3z 4z4z 7z7z 9p",
         "S": "12m 45m 2p5p8p 3s6s9s 1z 5z 6z",
         "W": "33m 24m 9m 1s4s7s 3p6p 1z 2z 5z",
         "N": "45m 8m 1s4s7s 3p6p 1z 2z 5z 6z 9m"}


def test_only_the_next_player_may_chow() -> None:
    state = deal(CHOWS)
    step(state, "E", "discard 3m")
    assert offers(state) == {"pass", "chow 123m", "chow 234m", "chow 345m"}
    step(state, "S", "pass")
    assert offers(state) == {"pass", "pong 3m"}  # West: no chow although it holds 24m
    step(state, "W", "pass")
    assert state.phase is Phase.ACT and state.turn == S  # North was offered nothing


def test_pong_beats_chow() -> None:
    state = deal(CHOWS)
    play(state, [("E", "discard 3m"), ("S", "chow 123m"), ("W", "pong 3m")])
    assert state.turn == W and [m.kind for m in state.players[W].melds] == [MeldKind.PONG]
    assert state.players[S].melds == []
    state = deal(CHOWS)
    play(state, [("E", "discard 3m"), ("S", "chow 123m"), ("W", "pass")])
    assert state.turn == S and [m.kind for m in state.players[S].melds] == [MeldKind.CHOW]


# North draws the last live tile and discards 6z; South holds 66z, West waits on 6z alone.
LAST = {"S": "66z 1m4m7m 2p5p8p 3s6s9s 1z 2z",
        "W": "123m 456m 789m 111p 6z",
        "N": "6z 2m5m8m 1p4p7p 2s5s8s 3z 4z 5z"}


def _to_last_discard(hands: dict[str, str]) -> HandState:
    state = deal(hands)
    drift(state, until=lambda s: s.wall.live == 0 and s.phase is Phase.ACT)
    assert state.turn == N and state.wall.live == 0
    return state


def test_the_last_discard_may_be_claimed_only_for_hu() -> None:
    state = _to_last_discard(LAST)
    step(state, "N", "discard 6z")
    assert offers(state) == {"pass", "win 6z"}  # West; South is not offered its pong
    step(state, "W", "win 6z")
    outcome = state.outcome
    assert outcome.winners == (W,) and outcome.last_tile and outcome.how is WinKind.DISCARD
    settlement = state.settlement
    sheet = settlement.sheets[W]
    assert sheet.situation.last_tile and "Fisherman's Win" not in sheet.items()


def test_the_last_discard_unclaimed_is_a_yellow_cliff_draw() -> None:
    hands = dict(LAST, W="123m 456m 789m 111p 7z")  # West no longer waits on 6z
    state = _to_last_discard(hands)
    step(state, "N", "discard 6z")
    outcome = state.outcome
    assert outcome is not None and outcome.winners == ()
    settlement = state.settlement
    assert len(settlement.ledger) == 0 and settlement.winner is None
    assert settlement.reckoning.next_dealer == S
    assert "Yellow Cliff" in str(settlement)


def test_passing_the_last_discard_win_is_a_yellow_cliff_draw() -> None:
    state = _to_last_discard(LAST)
    play(state, [("N", "discard 6z"), ("W", "pass")])
    outcome = state.outcome
    assert outcome is not None and outcome.winners == ()
