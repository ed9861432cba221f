"""Guiyang play rules, one scripted deal each (tutor.game.scenario.scripted).

Every hand is written out in full so no tile falls by chance; the comments say what each seat
holds and why. Rules of record: the rule book, notebooks/rules/guiyang.md."""

from __future__ import annotations

from typing import Any

import pytest

from tutor.core.hand import MeldKind
from tutor.core.tiles import Tile, Wind
from tutor.errors import IllegalActionError, RulesError
from tutor.game.actions import Action, ActionKind
from tutor.game.scenario import scripted
from tutor.game.state import HandState, Phase, WinKind
from tutor.game.variants import hooks_for
from tutor.game.variants.guiyang import GuiyangHooks, GuiyangTracker, make_hooks, make_rules
from tutor.variants.guiyang import GuiyangRules, Pattern, Settlement
from tutor.variants.guiyang import WinKind as HowWon

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
T = Tile.parse

# Hands that are far from ready and hold no pair (13 different kinds each); they answer nothing
# in these scenarios unless a test says otherwise.
JUNK_W = "1m 3m 5m 7m 9m 2p 4p 6p 8p 2s 4s 6s 8s"
JUNK_N = "2m 4m 6m 8m 1p 3p 5p 7p 9p 3s 5s 7s 9s"


def deal(hands: dict[str, str], draws: str = "", replacements: str = "",
         rules: dict[str, Any] | None = None) -> HandState:
    return HandState(make_hooks(rules or {}), scripted("guiyang", hands, draws, replacements))


def play(state: HandState, *moves: str) -> HandState:
    """Apply moves written ``"E discard 5p"``, checking that the named seat is to act."""
    for move in moves:
        seat, _, text = move.partition(" ")
        actor = state.current_actor()
        assert actor == Wind.parse(seat), f"{move!r}: {actor} is to act ({state.legal_actions()})"
        state.apply(Action.parse(text))
    return state


def kinds(state: HandState) -> set[ActionKind]:
    return {a.kind for a in state.legal_actions()}


def settlement(state: HandState) -> Settlement:
    assert isinstance(state.settlement, Settlement)
    return state.settlement


def win_paid(s: Settlement, payer: Wind, payee: Wind) -> int:
    return sum(p.amount for p in s.ledger.where(category="win", payer=payer, payee=payee))


# -- the hooks themselves --------------------------------------------------------------------
def test_hooks_are_guiyang() -> None:
    hooks = hooks_for("guiyang")
    assert isinstance(hooks, GuiyangHooks)
    assert hooks.multiple_winners and hooks.robbable == frozenset({MeldKind.ADDED_KONG})
    assert hooks.rules == GuiyangRules()
    assert repr(make_hooks({"plain": 2})) == "GuiyangHooks(GuiyangRules(plain=2))"


def test_overrides_text_and_typed() -> None:
    assert make_rules({"seven_pairs": "10", "plain_discard_win_needs_kong": "false"}) == \
        GuiyangRules(seven_pairs=10, plain_discard_win_needs_kong=False)
    assert make_rules({"session_hands": 4}).session_hands == 4
    with pytest.raises(RulesError, match="unknown rule 'chows'"):
        make_rules({"chows": True})
    with pytest.raises(RulesError, match="unknown rule 'chows'"):
        make_rules({"chows": "yes"})
    with pytest.raises(RulesError, match="expected int"):
        make_rules({"plain": True})
    with pytest.raises(RulesError, match="session_hands must be 1 to 100"):
        make_rules({"session_hands": 0})


# -- no chows --------------------------------------------------------------------------------
def test_no_chow_is_offered() -> None:
    # South holds 1m 2m 4m 5m: East's 3m would make 123m, 234m or 345m where chows are allowed
    state = deal({"E": "1p 4p 7p 2s 5s 8s 6m 9m 3p 6p 9p 3s 6s 3m",
                  "S": "1m 2m 4m 5m 2p 5p 8p 1s 4s 7s 7m 8m 9s",
                  "W": JUNK_W.replace("3m", "1s"), "N": JUNK_N})
    play(state, "E discard 3m")
    assert not any(e.kind == "window" for e in state.events)
    assert state.phase is Phase.ACT and state.turn == S and state.players[S].drawn is not None
    hooks = state.hooks
    assert not hooks.may_claim_meld(state, S, T("3m"), E, ActionKind.CHOW)


# -- several winners on one discard -----------------------------------------------------------
def test_two_players_win_on_one_discard_both_paid_by_the_discarder() -> None:
    # South and West each hold six pairs and a single 5p (no kong needed above plain): South's
    # are seven pairs in two suits (7), West's all dots, pure seven pairs (17)
    state = deal({"E": "1m 4m 7m 2p 8p 3s 6s 9s 1s 5m 9m 3p 7p 5p",
                  "S": "1m 1m 2m 2m 3m 3m 6m 6m 7m 7m 8m 8m 5p",
                  "W": "1p 1p 2p 2p 3p 3p 4p 4p 6p 6p 8p 8p 5p",
                  "N": "2s 3s 4s 5s 6s 7s 8s 9s 1s 4m 9p 6p 9m"})
    play(state, "E discard 5p")
    assert state.phase is Phase.CLAIM and state.offers.keys() == {S, W}
    play(state, "S win 5p", "W win 5p")
    outcome = state.outcome
    assert outcome is not None
    assert outcome.winners == (S, W) and outcome.how is WinKind.DISCARD and outcome.discarder == E
    s = settlement(state)
    assert s.hand.win is not None and s.hand.win.kind is HowWon.DISCARD
    assert win_paid(s, E, S) == 7 and win_paid(s, E, W) == 17
    assert len(s.ledger.where(category="win")) == 2
    assert sum(s.net().values()) == 0


def test_one_winner_of_two_may_pass_and_the_other_still_wins() -> None:
    state = deal({"E": "1m 4m 7m 2p 8p 3s 6s 9s 1s 5m 9m 3p 7p 5p",
                  "S": "1m 1m 2m 2m 3m 3m 6m 6m 7m 7m 8m 8m 5p",
                  "W": "1p 1p 2p 2p 3p 3p 4p 4p 6p 6p 8p 8p 5p",
                  "N": "2s 3s 4s 5s 6s 7s 8s 9s 1s 4m 9p 6p 9m"})
    play(state, "E discard 5p", "S pass", "W win 5p")
    assert state.outcome is not None and state.outcome.winners == (W,)


def test_win_beats_pong() -> None:
    # South could pong 5p; West wins on it (seven pairs): the win takes the tile
    state = deal({"E": "1m 4m 7m 2p 8p 3s 6s 9s 1s 5m 9m 3p 7p 5p",
                  "S": "5p 5p 1s 2s 3s 4s 6s 7s 8s 9s 2m 3m 6m",
                  "W": "1p 1p 2p 2p 3p 3p 4p 4p 6p 6p 8p 8p 5p",
                  "N": "4m 6m 7m 8m 9m 2s 3s 4s 5s 6s 7s 9p 6p"})
    play(state, "E discard 5p")
    assert ActionKind.PONG in kinds(state)
    play(state, "S pong 5p", "W win 5p")
    assert state.outcome is not None and state.outcome.winners == (W,)
    assert state.players[S].melds == []


# -- the kong pass ---------------------------------------------------------------------------
# South: 123m 456m 789m 46p 88s waits on 5p, a plain hand (runs, three suits)
PLAIN_S = "1m 2m 3m 4m 5m 6m 7m 8m 9m 4p 6p 8s 8s"
KONG_PASS_E = "1p 2p 3p 7p 9p 1s 2s 3s 5s 7s 9s 3m 9m 5p"


def test_kong_pass_refuses_a_plain_discard_win_without_a_kong() -> None:
    state = deal({"E": KONG_PASS_E, "S": PLAIN_S, "W": JUNK_W, "N": JUNK_N})
    play(state, "E discard 5p")
    assert not any(e.kind == "window" for e in state.events)
    assert state.phase is Phase.ACT and state.turn == S
    assert [e.seat for e in state.events if e.kind == "kong pass"] == [S]


def test_kong_pass_judges_purity_on_every_tile_melds_included() -> None:
    # South: 123m 456m 789m 1m + 5p 5p 9s. It pongs East's 5p and throws 9s: 123m 456m 789m 1m
    # [555p] waits on 1m. The concealed tiles are all characters, but the pong is dots: a plain
    # hand (two suits, 1), not a pure suit (10), so without a kong it may not win on West's 1m.
    hands = {"E": KONG_PASS_E, "S": "1m 2m 3m 4m 5m 6m 7m 8m 9m 1m 5p 5p 9s",
             "W": JUNK_W, "N": JUNK_N}
    state = deal(hands, draws="9p")
    play(state, "E discard 5p", "S pong 5p", "S discard 9s", "W discard 1m")
    assert [e.seat for e in state.events if e.kind == "kong pass"] == [S]
    assert state.phase is Phase.CLAIM and state.offers.keys() == {S}
    assert ActionKind.WIN not in kinds(state)  # only the pong of 1m is offered
    # the same hand wins when the kong pass is switched off, as a plain 1
    state = deal(hands, draws="9p", rules={"plain_discard_win_needs_kong": False})
    play(state, "E discard 5p", "S pong 5p", "S discard 9s", "W discard 1m", "S win 1m")
    s = settlement(state)
    assert s.player(S).pattern is not None and s.player(S).pattern.pattern is Pattern.PLAIN
    assert win_paid(s, W, S) == 1


def test_kong_pass_is_an_option() -> None:
    state = deal({"E": KONG_PASS_E, "S": PLAIN_S, "W": JUNK_W, "N": JUNK_N},
                 rules={"plain_discard_win_needs_kong": False})
    play(state, "E discard 5p", "S win 5p")
    s = settlement(state)
    assert s.player(S).pattern is not None and s.player(S).pattern.pattern is Pattern.PLAIN
    assert win_paid(s, E, S) == 1


def test_kong_pass_allows_a_plain_discard_win_with_a_kong() -> None:
    # South holds 999s and draws the fourth: a concealed kong, then waits on 5p as before
    state = deal({"E": "2p 3p 7p 9p 2s 3s 5s 7s 8m 1m 7m 6s 4s 9m",
                  "S": "9s 9s 9s 1m 2m 3m 4m 5m 6m 4p 6p 8p 8p",
                  "W": JUNK_W, "N": JUNK_N.replace("9s", "1s")},
                 draws="9s 5p", replacements="2s")
    play(state, "E discard 9m")
    assert Action(ActionKind.CONCEALED_KONG, T("9s")) in state.legal_actions()
    play(state, "S concealed-kong 9s")
    assert state.players[S].drawn == T("2s")  # the replacement, from the far end
    play(state, "S discard 2s", "W discard 5p")
    assert state.phase is Phase.CLAIM and ActionKind.WIN in kinds(state)
    play(state, "S win 5p")
    s = settlement(state)
    assert s.hand.win is not None and s.hand.win.kind is HowWon.DISCARD
    assert win_paid(s, W, S) == 1  # plain 1, from the discarder
    assert sum(p.amount for p in s.ledger.where(category="bean", payee=S)) == 6  # 2 x 3


def test_kong_pass_lets_a_higher_pattern_win_without_a_kong() -> None:
    # South: 111m 222m 333p 444p + 5s, all triplets (5) waiting on 5s, no kong
    state = deal({"E": "5m 6m 7m 8m 9m 1p 2p 6p 1s 2s 3s 9s 7p 5s",
                  "S": "1m 1m 1m 2m 2m 2m 3p 3p 3p 4p 4p 4p 5s", "W": JUNK_W, "N": JUNK_N})
    play(state, "E discard 5s", "S win 5s")
    s = settlement(state)
    assert s.player(S).pattern is not None
    assert s.player(S).pattern.pattern is Pattern.ALL_TRIPLETS
    assert win_paid(s, E, S) == 5


# -- hot discards ----------------------------------------------------------------------------
HOT_E = "2m 2m 2m 2m 1p 2p 3p 9p 1s 2s 5s 6s 9s 9m"
# South: 345m 678m 11s 46p 789s waits on 5p, plain and without a kong
HOT_S = "3m 4m 5m 6m 7m 8m 1s 1s 4p 6p 7s 8s 9s"
HOT_N = JUNK_N.replace("2m", "3s")


def test_hot_discard_needs_no_kong_and_adds_one() -> None:
    state = deal({"E": HOT_E, "S": HOT_S, "W": JUNK_W, "N": HOT_N}, replacements="5p")
    live = state.wall.live
    play(state, "E concealed-kong 2m")
    # the replacement comes off the far end of the single wall: one tile fewer to draw
    assert state.players[E].drawn == T("5p") and state.wall.live == live - 1
    play(state, "E discard 5p")
    tracker = state.tracker
    assert isinstance(tracker, GuiyangTracker) and tracker.hot == E
    assert [e.kind for e in state.events].count("hot discard") == 1
    play(state, "S win 5p")
    s = settlement(state)
    assert s.hand.win is not None and s.hand.win.kind is HowWon.HOT_DISCARD
    assert win_paid(s, E, S) == 2  # plain 1 + hot discard 1
    assert all(p.payer == E for p in s.ledger)  # the hot discarder pays everything


def test_a_discard_is_hot_only_right_after_the_kong() -> None:
    # East kongs and discards its replacement 8p; South then discards 4m and nothing is hot
    state = deal({"E": HOT_E, "S": HOT_S, "W": JUNK_W, "N": HOT_N},
                 draws="4m", replacements="8p")
    play(state, "E concealed-kong 2m", "E discard 8p")
    tracker = state.tracker
    assert isinstance(tracker, GuiyangTracker) and tracker.hot == E
    play(state, "S discard 4m")
    assert tracker.hot is None and not tracker.after_kong


# -- robbing the kong ------------------------------------------------------------------------
ROB_E = "1m 2m 9m 1p 2p 3p 9p 1s 2s 3s 4s 5s 6s 7p"
# West: 345m 678m 22s 56p 789s waits on 4p or 7p, plain, no kong
ROB_W = "3m 4m 5m 6m 7m 8m 2s 2s 5p 6p 7s 8s 9s"
ROB_N = JUNK_N.replace("7p", "9p").replace("9s", "4s")


def test_an_added_kong_can_be_robbed() -> None:
    state = deal({"E": ROB_E, "S": "7p 7p 1m 2m 3m 4m 5m 6m 1s 2s 3s 5s 9s", "W": ROB_W,
                  "N": ROB_N}, draws="8p 8s 6m 7p")
    play(state, "E discard 7p")
    assert state.offers.keys() == {S}  # West's plain win on it needs a kong: not offered
    play(state, "S pong 7p", "S discard 9s", "W discard 8p", "N discard 8s", "E discard 6m",
         "S added-kong 7p")
    assert state.phase is Phase.ROB and state.legal_actions() == [
        Action(ActionKind.PASS), Action(ActionKind.ROB, T("7p"))]
    play(state, "W rob 7p")
    outcome = state.outcome
    assert outcome is not None and outcome.how is WinKind.ROBBING and outcome.winners == (W,)
    s = settlement(state)
    assert s.hand.win is not None and s.hand.win.kind is HowWon.ROBBED_KONG
    assert [m.kind for m in state.players[S].melds] == [MeldKind.PONG]  # no bean
    assert win_paid(s, S, W) == 3 * 2  # three self-draw shares of plain 1 + 1
    assert not s.ledger.where(category="bean")
    assert state.tiles_accounted() == 108


def test_an_added_kong_goes_ahead_when_nobody_robs() -> None:
    state = deal({"E": ROB_E, "S": "7p 7p 1m 2m 3m 4m 5m 6m 1s 2s 3s 5s 9s", "W": ROB_W,
                  "N": ROB_N}, draws="8p 8s 6m 7p", replacements="9m")
    play(state, "E discard 7p", "S pong 7p", "S discard 9s", "W discard 8p", "N discard 8s",
         "E discard 6m", "S added-kong 7p", "W pass")
    # robbing is not a discard win: declining it blocks nothing
    assert not any(e.kind == "wins blocked" for e in state.events)
    assert not _tracker(state).win_blocked
    assert state.phase is Phase.ACT and state.turn == S and state.players[S].drawn == T("9m")
    assert [m.kind for m in state.players[S].melds] == [MeldKind.ADDED_KONG]


def test_an_open_kong_claim_cannot_be_robbed() -> None:
    state = deal({"E": ROB_E, "S": "7p 7p 7p 1m 2m 3m 4m 5m 6m 1s 2s 3s 9s", "W": ROB_W,
                  "N": ROB_N}, replacements="8p")
    play(state, "E discard 7p")
    assert kinds(state) == {ActionKind.PASS, ActionKind.PONG, ActionKind.OPEN_KONG}
    play(state, "S open-kong 7p")
    # West waits on 7p, but no robbing window opens: South draws its replacement
    assert state.phase is Phase.ACT and state.turn == S and state.players[S].drawn == T("8p")
    assert [m.kind for m in state.players[S].melds] == [MeldKind.OPEN_KONG]
    with pytest.raises(IllegalActionError):
        state.apply(Action(ActionKind.ROB, T("7p")))


# -- declining a win, passing a pong ---------------------------------------------------------
# North: seven pairs waiting on 5s (7: no kong needed)
PAIRS_N = "1m 1m 3m 3m 6m 6m 2p 2p 8p 8p 4s 4s 5s"


def test_declined_win_blocks_discard_wins_until_the_next_draw() -> None:
    state = deal({"E": "1p 3p 7p 9p 2s 3s 6s 7s 9s 4m 5m 9m 8m 5s",
                  "S": "2m 4m 6m 8m 1p 5p 7p 9p 3s 7s 9s 1s 2s", "W": JUNK_W, "N": PAIRS_N},
                 draws="5s 7m 2m 5s")
    play(state, "E discard 5s")
    assert state.offers == {N: (Action(ActionKind.WIN, T("5s")),)}
    play(state, "N pass")
    assert [e.seat for e in state.events if e.kind == "wins blocked"] == [N]
    play(state, "S discard 5s")  # the same win again, but North has not drawn since
    assert state.phase is Phase.ACT and state.turn == W
    play(state, "W discard 7m", "N discard 2m")  # North draws (2m): the block is lifted
    play(state, "E discard 5s")
    assert state.phase is Phase.CLAIM and ActionKind.WIN in kinds(state)
    play(state, "N win 5s")
    assert state.outcome is not None and state.outcome.winners == (N,)


# North: 111p 234p 999p 33p 67p, a pure suit (10: no kong needed) waiting on 5p or 8p; South
# holds a pair of 5p to pong; West and East hold the single 5p and 8p they discard.
BLOCK_N = "1p 1p 1p 2p 3p 4p 9p 9p 9p 3p 3p 6p 7p"
BLOCK_S = "5p 5p 1m 3m 5m 7m 9m 1s 3s 5s 7s 9s 2m"
BLOCK_W = "5p 4m 6m 8m 2s 4s 6s 8s 1p 2p 4p 6p 7p"
BLOCK_E = "8p 2m 4m 6m 8m 2s 4s 6s 8s 9s 3m 2p 4p 6p"
#: North declines a win on West's 5p, South pongs it; the round goes by (North draws, lifting
#: the block); East discards 8p (or, in ``QUIET``, the 3s it drew); South draws the fourth 5p
BLOCK_MOVES = ("E discard 2m", "S discard 5m", "W discard 5p", "N pass", "S pong 5p",
               "S discard 1m", "W discard 9m", "N discard 1s")
BLOCK_DRAWS = "5m 7m 9m 1s 3s 5p"


def _tracker(state: HandState) -> GuiyangTracker:
    assert isinstance(state.tracker, GuiyangTracker)
    return state.tracker


def _block_deal(replacements: str = "7s") -> HandState:
    state = deal({"E": BLOCK_E, "S": BLOCK_S, "W": BLOCK_W, "N": BLOCK_N},
                 draws=BLOCK_DRAWS, replacements=replacements)
    play(state, *BLOCK_MOVES[:3])
    assert state.offers == {N: (Action(ActionKind.WIN, T("5p")),),
                            S: (Action(ActionKind.PONG, T("5p")),)}
    play(state, *BLOCK_MOVES[3:])
    assert not _tracker(state).win_blocked  # North's draw lifted the block
    return state


def test_a_declined_discard_win_does_not_block_robbing_a_kong() -> None:
    """Issue scenario: North passes a win on East's 8p, South adds a kong of 5p: North may
    still rob it (robbing a kong is not a discard win)."""
    state = _block_deal()
    play(state, "E discard 8p", "N pass")
    assert N in _tracker(state).win_blocked
    play(state, "S added-kong 5p")
    assert state.phase is Phase.ROB and state.offers == {N: (Action(ActionKind.ROB, T("5p")),)}
    play(state, "N rob 5p")
    outcome = state.outcome
    assert outcome is not None and outcome.how is WinKind.ROBBING and outcome.winners == (N,)
    s = settlement(state)
    assert s.hand.win is not None and s.hand.win.kind is HowWon.ROBBED_KONG
    assert win_paid(s, S, N) == 3 * (10 + 1)  # three self-draw shares of a pure suit
    assert state.tiles_accounted() == 108


def test_a_declined_rob_does_not_block_discard_wins() -> None:
    state = _block_deal(replacements="8p")
    play(state, "E discard 3s", "S added-kong 5p", "N pass")
    assert not _tracker(state).win_blocked
    assert not any(e.kind == "wins blocked" for e in state.events[-4:])
    assert state.phase is Phase.ACT and state.players[S].drawn == T("8p")
    play(state, "S discard 8p")  # before North draws again: the discard win is offered
    assert state.offers == {N: (Action(ActionKind.WIN, T("8p")),)}
    play(state, "N win 8p")
    assert state.outcome is not None and state.outcome.how is WinKind.DISCARD


def test_choosing_a_pong_over_a_win_also_blocks_discard_wins() -> None:
    # North: 111m 222m 333p 44s 55s waits on 4s or 5s (all triplets); it pongs 4s instead
    state = deal({"E": "1p 2p 7p 9p 2s 3s 6s 7s 9s 4m 5m 9m 8m 4s",
                  "S": "4m 6m 8m 1p 5p 7p 9p 3s 7s 9s 1s 2s 8s",
                  "W": JUNK_W.replace("4s", "1s"), "N": "1m 1m 1m 2m 2m 2m 3p 3p 3p 4s 4s 5s 5s"},
                 draws="5s")
    play(state, "E discard 4s")
    assert kinds(state) == {ActionKind.PASS, ActionKind.PONG, ActionKind.WIN}
    play(state, "N pong 4s", "N discard 3p")  # now waits on 3p or 5s
    assert [e.seat for e in state.events if e.kind == "wins blocked"] == [N]
    play(state, "E discard 5s")  # it would complete all triplets: only the pong is offered
    assert state.offers == {N: (Action(ActionKind.PONG, T("5s")),)}


def test_passed_pong_blocks_that_pong_until_the_next_draw() -> None:
    state = deal({"E": "1p 2p 7p 9p 2s 3s 6s 7s 9s 4m 5m 9m 1m 8m",
                  "S": "2m 4m 6m 1p 5p 7p 9p 3s 7s 9s 1s 2s 4s", "W": JUNK_W,
                  "N": "8m 8m 3p 3p 6p 5s 6s 1s 3m 5m 7m 8p 9s"}, draws="8m 3p")
    play(state, "E discard 8m")
    assert state.offers == {N: (Action(ActionKind.PONG, T("8m")),)}
    play(state, "N pass", "S discard 8m")  # no second chance at 8m before North draws
    assert state.phase is Phase.ACT and state.turn == W
    play(state, "W discard 3p")  # another kind is not blocked
    assert state.offers == {N: (Action(ActionKind.PONG, T("3p")),)}
    tracker = state.tracker
    assert isinstance(tracker, GuiyangTracker) and tracker.pong_blocked == {N: {T("8m")}}
    play(state, "N pass")
    assert tracker.pong_blocked == {}  # North drew


# -- the flipped chicken ---------------------------------------------------------------------
# East is dealt a complete hand (123m 456m 789m 234p 11s) and wins on its own 14th tile, 1s
REVEAL_E = "1m 2m 3m 4m 5m 6m 7m 8m 9m 2p 3p 4p 1s 1s"
REVEAL_S = "1m 2m 5p 6p 7p 2s 3s 4s 6s 7s 8s 9s 4m"


@pytest.mark.parametrize(("shown", "flipped", "golden", "chickens"), [
    ("3p", "4p", False, 3),  # two 1s and the flipped 4p
    ("9s", "1s", True, 4),  # 9s turns 1s: golden chickens, 2 each
    ("8m", "9m", False, 3),
    ("9p", "1p", False, 2),  # 9 wraps to 1; East has no 1p
])
def test_flipped_chicken_is_the_next_live_tile(shown: str, flipped: str, golden: bool,
                                               chickens: int) -> None:
    state = deal({"E": REVEAL_E, "S": REVEAL_S, "W": JUNK_W, "N": JUNK_N}, draws=shown)
    assert state.wall.peek() == T(shown)
    play(state, "E self-draw 1s")
    s = settlement(state)
    assert s.hand.revealed == T(shown)
    assert s.reveal is not None and s.reveal.flipped == T(flipped)
    assert s.reveal.golden is golden
    assert s.player(E).chicken_value == chickens
    assert s.ledger.where(category="chicken", payee=E).payments[0].amount == chickens


def test_no_flipped_chicken_when_the_wall_is_empty() -> None:
    # North waits on 5s; the last tile of the wall is the only 5s left to draw
    state = deal({"E": "1m 5m 9m 1p 4p 7p 3s 6s 9s 2m 7m 9p 1s 2s", "N": PAIRS_N,
                  "W": "1m 3m 5m 7m 9m 2p 4p 6p 8p 2s 5s 6s 8s",
                  "S": "2m 4m 8m 1p 3p 5p 9p 3s 3s 5s 6s 9s 7p"}, replacements="5s")
    passive(state, winner=N)
    outcome = state.outcome
    assert outcome is not None and outcome.winners == (N,) and outcome.how is WinKind.SELF_DRAW
    assert outcome.last_tile and state.wall.remaining == 0
    s = settlement(state)
    assert s.hand.revealed is None and s.reveal is not None and s.reveal.flipped is None
    assert "no tile revealed" in str(s)


# -- the exhaustive draw ---------------------------------------------------------------------
def passive(state: HandState, winner: Wind | None = None) -> HandState:
    """Everyone passes every claim and discards the tile just drawn; ``winner`` alone takes a
    self-draw when it can. Hands never change, so who is ready is fixed by the deal."""
    while not state.is_terminal():
        seat = state.current_actor()
        assert seat is not None
        legal = state.legal_actions()
        win = Action(ActionKind.SELF_DRAW, state.players[seat].drawn)
        if seat == winner and win in legal:
            state.apply(win)
        elif state.phase is not Phase.ACT:
            state.apply(Action(ActionKind.PASS))
        else:
            state.apply(Action(ActionKind.DISCARD, state.players[seat].drawn))
    return state


def test_exhaustive_draw_when_no_tile_is_left_with_tenpai_settlement() -> None:
    # South: seven pairs waiting on 5s (7); West: 345m 678m 22s 56p 789s, plain (1) on 4p/7p;
    # East and North are not ready
    state = deal({"E": "1m 5m 9m 1p 4p 7p 3s 6s 9s 2m 7m 9p 1s 2s", "S": PAIRS_N,
                  "W": "3m 4m 5m 6m 7m 8m 2s 2s 5p 6p 7s 8s 9s",
                  "N": "2m 4m 8m 1p 3p 5p 9p 2s 3s 5s 6s 9s 7p"})
    passive(state)
    outcome = state.outcome
    assert outcome is not None and outcome.winners == () and outcome.how is None
    # one wall, no dead wall: all 108 - 53 dealt tiles were drawn
    assert state.wall.remaining == 0
    assert sum(1 for e in state.events if e.kind == "draw") == 108 - 53
    s = settlement(state)
    assert s.hand.win is None and s.reveal is None
    tenpai = s.ledger.where(category="tenpai")
    assert {(p.payer, p.payee, p.amount) for p in tenpai} == {
        (E, S, 7), (N, S, 7), (E, W, 1), (N, W, 1)}
    assert len(tenpai) == len(s.ledger)  # no chickens after a draw, and no beans here
    assert s.net() == {E: -8, S: 14, W: 2, N: -8}
    assert isinstance(state.hooks, GuiyangHooks)
    assert state.hooks.hand_stats(state)["tenpai settlement"] == 1.0
