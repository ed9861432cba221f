"""The Live Tile Stage, Live Tile tracking and liability in play (the rule book,
notebooks/rules/huangyan.md)."""

from __future__ import annotations

from tutor.core.tiles import Tile
from tutor.game.state import HandState, Phase, WinKind
from tutor.game.variants.huangyan import STAGE, HuangyanSettlement
from tutor.variants.huangyan import LiabilityPayee

from .play_huangyan_helpers import E, S, W, deal, drift, hooks, play, step

EARLY = {"live_tile_stage_threshold": 67}  # the stage from the deal on (67 live tiles)


def _stage_events(state: HandState) -> list[int]:
    return [i for i, e in enumerate(state.events) if e.kind == STAGE]


def test_the_stage_is_announced_once_when_fourteen_live_tiles_are_left() -> None:
    state = deal({})
    drift(state, until=lambda s: s.wall.live == 15)
    assert hooks(state).stage(state) is None and _stage_events(state) == []
    assert state.view(state.turn).stage is None
    drift(state, until=lambda s: s.wall.live == 14)
    found = _stage_events(state)
    assert len(found) == 1
    event = state.events[found[0]]
    assert state.events[found[0] - 1].kind == "draw"  # right after the draw that left 14
    assert "14 live tiles left, 30 with the Dead Wall" in event.note
    assert hooks(state).stage(state) == STAGE
    assert state.view(state.turn).stage == STAGE
    drift(state)
    assert len(_stage_events(state)) == 1  # announced once
    assert hooks(state).stage(state) is None  # over with the hand


def test_the_threshold_is_an_option() -> None:
    state = deal({}, rules={"live_tile_stage_threshold": "40"})
    drift(state, until=lambda s: bool(_stage_events(s)))
    assert state.wall.live == 40


def test_a_kong_replacement_does_not_move_the_stage() -> None:
    # one tile short of the stage when East declares a concealed kong and draws from the far end
    state = deal({"E": "7777z 123m 456m 789m 9p"}, replacements="2p",
                 rules={"live_tile_stage_threshold": 66})
    assert state.wall.live == 67 and state.wall.dead == 16
    step(state, "E", "concealed-kong 7z")
    assert str(state.players[E].drawn) == "2p"
    assert (state.wall.live, state.wall.dead) == (67, 15)
    assert _stage_events(state) == [] and hooks(state).stage(state) is None
    step(state, "E", "discard 2p")
    drift(state, until=lambda s: s.phase is Phase.ACT and s.turn == S)
    assert state.wall.live == 66 and len(_stage_events(state)) == 1


def _live(state: HandState) -> set[str]:
    return {str(t) for t in hooks(state).live_tiles(state)}


def test_live_tiles_discarded_kinds_become_safe_concealed_kong_tiles_stay_live() -> None:
    state = deal({"E": "1z 1m4m7m 2p5p8p 3s6s9s 3z 4z 5z 6z",
                  "S": "2222z 1m4m7m 2p5p8p 3s6s9s",
                  "W": "11z 1s2s4s5s7s8s 1p3p4p6p 9s"},
                 draws="8m 8m 9m", replacements="9p")
    assert len(_live(state)) == 34
    play(state, [("E", "discard 1z"), ("W", "pong 1z"), ("W", "discard 9s"),
                 ("N", "discard 8m"), ("E", "discard 8m")])
    assert not {"1z", "9s", "8m"} & _live(state)  # discarded, claimed or not
    play(state, [("S", "concealed-kong 2z")])
    assert "2z" in _live(state)  # shown only in a concealed kong
    play(state, [("S", "discard 9m")])
    assert "9m" not in _live(state) and "9p" in _live(state) and "2z" in _live(state)
    assert len(_live(state)) == 30


# East's hand: a pair of 1z (one discarded first), a 5m; South waits on 5m (46m).
LIABLE = {"E": "1z1z 5m 2p5p8p 4s7s9s 3z3z 6z 7z7z",
          "S": "123p 789p 123s 22z 46m"}


def _settlement(state: HandState) -> HuangyanSettlement:
    assert isinstance(state.settlement, HuangyanSettlement)
    return state.settlement


def test_a_live_tile_discard_in_the_stage_makes_the_discarder_liable() -> None:
    state = deal(LIABLE, draws="9m 9m 9m 9m", rules=EARLY)
    assert len(_stage_events(state)) == 1  # announced at the deal
    play(state, [("E", "discard 1z"), ("S", "discard 9m"), ("W", "discard 9m"),
                 ("N", "discard 9m"), ("E", "discard 5m"), ("S", "win 5m")])
    settlement = _settlement(state)
    assert settlement.liable == E
    assert "East is liable" in settlement.liability
    assert settlement.reckoning.totals[E] == 0
    payments = settlement.ledger.payments
    assert payments and all(p.payer == E and p.payee == S for p in payments)
    net = settlement.ledger.net()
    assert sum(net.values()) == 0 and net[W] == 0 and net[E] < 0
    stats = hooks(state).hand_stats(state)
    assert stats["liability"] == 1.0 and stats["winner_total"] == settlement.sheets[S].total


def test_liability_option_pays_pair_settlements_to_their_normal_receivers() -> None:
    rules = dict(EARLY, liability_payee="normal")
    state = deal(LIABLE, draws="9m 9m 9m 9m", rules=rules)
    assert hooks(state).rules.liability_payee is LiabilityPayee.NORMAL
    play(state, [("E", "discard 1z"), ("S", "discard 9m"), ("W", "discard 9m"),
                 ("N", "discard 9m"), ("E", "discard 5m"), ("S", "win 5m")])
    settlement = _settlement(state)
    assert settlement.liable == E
    assert all(p.payer == E for p in settlement.ledger.payments)
    assert sum(settlement.ledger.net().values()) == 0


def test_a_safe_tile_discard_is_not_liable() -> None:
    # West draws and discards a 5m first: East's 5m is safe afterwards
    state = deal(LIABLE, draws="9m 5m 9m 9m", rules=EARLY)
    play(state, [("E", "discard 1z"), ("S", "discard 9m"), ("W", "discard 5m"), ("S", "pass"),
                 ("N", "discard 9m"), ("E", "discard 5m"), ("S", "win 5m")])
    settlement = _settlement(state)
    assert settlement.liable is None and "was safe" in settlement.liability
    assert {p.payer for p in settlement.ledger.payments} >= {E, W}


def test_the_all_live_exception() -> None:
    # East discards a single 1z, so 1z and 9m become safe; East holds neither when it discards
    # the Live 5m: every tile of its concealed hand is Live
    hands = dict(LIABLE, E="1z 8m 5m 2p5p8p 4s7s9s 3z3z 6z 7z7z")
    state = deal(hands, draws="9m 9m 9m 8m", rules=EARLY)
    play(state, [("E", "discard 1z"), ("S", "discard 9m"), ("W", "discard 9m"),
                 ("N", "discard 9m"), ("E", "discard 5m"), ("S", "win 5m")])
    settlement = _settlement(state)
    assert settlement.liable is None and "the exception" in settlement.liability
    # the same discard while holding one safe tile (the 9m East drew) is liable
    state = deal(hands, draws="9m 9m 9m 9m", rules=EARLY)
    play(state, [("E", "discard 1z"), ("S", "discard 9m"), ("W", "discard 9m"),
                 ("N", "discard 9m"), ("E", "discard 5m"), ("S", "win 5m")])
    assert _settlement(state).liable == E


def test_the_first_discard_of_the_hand_is_all_live() -> None:
    state = deal(LIABLE, rules=EARLY)
    play(state, [("E", "discard 5m"), ("S", "win 5m")])
    assert _settlement(state).liable is None


def test_no_liability_before_the_stage() -> None:
    state = deal(LIABLE, draws="9m 9m 9m 9m")
    play(state, [("E", "discard 1z"), ("S", "discard 9m"), ("W", "discard 9m"),
                 ("N", "discard 9m"), ("E", "discard 5m"), ("S", "win 5m")])
    settlement = _settlement(state)
    assert settlement.liable is None and "before the Live Tile Stage" in settlement.liability
    assert hooks(state).hand_stats(state)["liability"] == 0.0


def test_no_liability_on_a_self_draw_in_the_stage() -> None:
    state = deal(LIABLE, draws="5m", rules=EARLY)
    play(state, [("E", "discard 1z"), ("S", "self-draw 5m")])
    settlement = _settlement(state)
    assert state.outcome is not None and state.outcome.how is WinKind.SELF_DRAW
    assert settlement.liable is None and settlement.liability == ""
    assert "Self-Draw" in settlement.sheets[S].items()


ROB_OPEN = {"E": "5m 1p4p9p 2s5s8s 2z2z 3z3z 6z 7z7z", "S": "555m 2p5p8p 3s6s9s 4z4z 1z 6z",
            "W": "123p 789p 123s 11z 46m"}
#: East discards 6z, everyone draws and discards a 9m, East draws one: holding a safe 9m, East
#: discards the Live 5m in the stage; South kongs it and West, who passed the win, robs it
ROB_LIABLE = [("E", "discard 6z"), ("S", "discard 9m"), ("W", "discard 9m"), ("N", "discard 9m"),
              ("E", "discard 5m"), ("S", "open-kong 5m"), ("W", "pass"), ("W", "rob 5m")]


def test_robbing_an_open_kong_of_a_live_tile_in_the_stage_makes_the_discarder_liable() -> None:
    state = deal(ROB_OPEN, draws="9m 9m 9m 9m", rules=EARLY)
    play(state, ROB_LIABLE)
    assert state.outcome is not None and state.outcome.how is WinKind.DISCARD
    assert (state.outcome.discarder, state.outcome.open_kong) == (E, S)
    settlement = _settlement(state)
    assert settlement.liable == E and "East is liable" in settlement.liability
    assert all(p.payer == E and p.payee == W for p in settlement.ledger.payments)


def test_no_liability_on_robbing_the_kong_in_the_stage() -> None:
    # the option reads robbing an open kong as Robbing the Kong: on no discard, never liable
    state = deal(ROB_OPEN, draws="9m 9m 9m 9m", rules=dict(EARLY, robbing_open_kong_double=True))
    play(state, ROB_LIABLE)
    assert state.outcome is not None and state.outcome.how is WinKind.ROBBING
    assert _settlement(state).liable is None
    assert "Robbing the Kong" in _settlement(state).sheets[W].items()


def test_the_discard_note_is_taken_at_the_moment_of_the_discard() -> None:
    state = deal(LIABLE, draws="9m 9m 9m 9m", rules=EARLY)
    play(state, [("E", "discard 1z")])
    note = hooks(state).tracker(state).last
    assert note is not None and note.tile == Tile.parse("1z")
    assert (note.in_stage, note.live, note.all_live, note.liable) == (True, True, True, False)
