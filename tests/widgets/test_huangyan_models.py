"""The Huangyan study models: score sheet, settlement walk, table position and trainer."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor import Hand, Tile, Wind
from tutor.errors import HandError, NotationError, RulesError
from tutor.study.huangyan import (
    POSITIONS,
    PRESETS,
    RULE_TEXT_TOTALS,
    ScoreSheetModel,
    SettlementWalk,
    StageTrainer,
    Verdict,
    explain_line,
    position,
    preset_position,
)
from tutor.variants.huangyan import HUANGYAN_RULES, LiabilityPayee, Rounding, reckon

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH


# -- the score sheet model --------------------------------------------------------------------

def test_sheet_model_scores_the_default_hand_with_every_line_explained() -> None:
    model = ScoreSheetModel()
    sheet = model.sheet()
    assert model.win_tile == Tile.parse("5z")
    assert sheet.total == 44 and sheet.formula == "22 x 2^1 = 44"
    assert all(explain_line(line) for line in sheet.lines)
    assert "each pay 44" in model.collection()


def test_sheet_model_situation_options_and_role() -> None:
    model = ScoreSheetModel(seat=S)
    model.self_draw = True
    assert model.sheet().total == 24  # 22 + Self-Draw 2, no seat-wind double for South
    model.prevailing_wind = E  # the East pong now doubles as the round wind
    assert model.sheet().total == 48
    model.limit = 30
    assert model.sheet().total == 30
    assert "pay half each, 15 (rounded up)" in model.collection()
    model.rounding = Rounding.DOWN
    model.limit = 29
    assert "14 (rounded down)" in model.collection()
    assert HUANGYAN_RULES.limit is None  # the base ruleset is never changed


def test_sheet_model_errors_are_typed() -> None:
    model = ScoreSheetModel()
    with pytest.raises(NotationError):
        model.set_hand("123x")
    model.robbing_the_kong = True
    model.self_draw = True
    with pytest.raises(RulesError, match="Robbing the Kong"):
        model.sheet()
    model.robbing_the_kong = model.self_draw = False
    with pytest.raises(RulesError, match="concealed"):
        model.choose_win_tile("9p")
    model.winner = False
    model.set_hand("111z22z555z123m4p")  # 12 tiles: one short of a hand
    with pytest.raises(HandError):
        model.sheet()
    model.set_hand("111z22z555z123m4p9s")
    # East non-winner: pongs of East and White 8 + 8, the South pair 0; two doubles
    assert model.sheet().total == (8 + 8) * 4


def test_a_non_winner_with_14_tiles_leaves_the_chosen_tile_out() -> None:
    model = ScoreSheetModel("123m456p789s111z55z", win_tile="5z", winner=False)
    assert model.dropped == Tile.parse("5z") and "the 5z is left out" in model.note()
    sheet = model.sheet()
    assert not sheet.winner and sheet.hand.size == 13
    assert sheet.hand == Hand.parse("123m456p789s111z5z")
    model.choose_win_tile("1m")
    assert model.sheet().hand == Hand.parse("23m456p789s111z55z")
    model.winner = True
    assert model.dropped is None and model.note() == "" and model.sheet().winner
    model.winner = False
    model.set_hand("123m456p789s111z5z")
    assert model.dropped is None and model.sheet().hand.size == 13


def test_sheet_model_reset_goes_back_to_its_example() -> None:
    model = ScoreSheetModel("11223344556677m", win_tile="4m", seat=Wind.SOUTH)
    first = str(model)
    model.set_hand("123m456p789s111z55z")
    model.limit, model.prevailing_wind, model.winner = 10, Wind.EAST, False
    model.reset()
    assert str(model) == first and model.win_tile == Tile.parse("4m")
    assert (model.limit, model.prevailing_wind, model.winner) == (None, None, True)


def test_sheet_model_keeps_the_winning_tile_when_it_can() -> None:
    model = ScoreSheetModel("11223344556677m", win_tile="4m")
    model.set_hand("11223344556677m")
    assert model.win_tile == Tile.parse("4m")
    model.set_hand("123p456p789s111z55z")
    assert model.win_tile == Tile.parse("5z")  # 4m is gone: the last kind is chosen


# -- the settlement walk ----------------------------------------------------------------------

def test_walk_seed_example_one_step_by_step() -> None:
    walk = SettlementWalk.preset("Rule text example 1: East (dealer) wins 20")
    assert len(walk.steps) == 4 and walk.at_start
    assert walk.net_after() == dict.fromkeys(Wind, 0)
    walk.next()
    assert walk.net_after() == {E: 60, S: -20, W: -20, N: -20}
    assert len(walk.steps[0].payments) == 3
    walk.next()
    walk.next()
    walk.next()
    assert walk.at_end and walk.next() is None
    assert walk.net_after() == {E: 60, S: -1, W: -34, N: -25}  # the rule text's slip corrected
    walk.back()
    assert walk.current == 3 and walk.net_after()[N] == -28
    walk.reset()
    assert walk.current == 0
    walk.back()
    assert walk.current == 0


def test_walk_stacks_are_tracked_after_each_step() -> None:
    walk = SettlementWalk.preset("Rule text example 2 with stacks of 20")
    assert walk.stacks_after(0) == dict.fromkeys(Wind, 20)
    assert walk.stacks_after(1) == {E: 8, S: 14, W: 14, N: 44}
    assert walk.stacks_after(len(walk.steps)) == walk.reckoning.stacks_after
    assert walk.steps[-1].payments[0].amount == 0  # West is empty: capped at 0
    with pytest.raises(RulesError):
        walk.net_after(9)


def test_walk_liability_and_payee_option() -> None:
    walk = SettlementWalk.preset("Rule text example 2 with West liable")
    assert all(p.payer == W for s in walk.steps for p in s.payments)
    assert walk.net_after(len(walk.steps)) == {E: 0, S: 0, W: -66, N: 66}
    normal = SettlementWalk(winner=N, totals=RULE_TEXT_TOTALS, liable=W,
                            rules=HUANGYAN_RULES.replace(liability_payee=LiabilityPayee.NORMAL))
    assert normal.net_after(len(normal.steps))[E] == 20
    with pytest.raises(RulesError, match="cannot be the liable"):
        SettlementWalk(winner=N, totals=RULE_TEXT_TOTALS, liable=N)
    with pytest.raises(RulesError, match="no preset"):
        SettlementWalk.preset("nope")


def test_walk_from_hands() -> None:
    sheets = SettlementWalk.sheets_from_hands(
        winner=E, win_tile="5z", self_draw=True,
        hands={E: "123m456p789s111z55z", S: "111z22z555z123m4p9s", W: "1111m234p567p88s9s",
               N: "123m456p789s234s5p"})
    assert sheets[E].winner and not sheets[S].winner
    walk = SettlementWalk(winner=E, totals=sheets)
    assert walk.reckoning.totals[E] == 48
    with pytest.raises(RulesError, match="missing: S, W, N"):
        SettlementWalk.sheets_from_hands(winner=E, win_tile="5z", hands={E: "x"})


totals_st = st.fixed_dictionaries({s: st.integers(0, 400) for s in Wind})


@given(totals_st, st.sampled_from(list(Wind)), st.sampled_from([None, *Wind]),
       st.booleans())
def test_walk_every_step_sums_to_zero_and_ends_at_the_reckoning(
        totals: dict[Wind, int], winner: Wind, liable: Wind | None, stacks: bool) -> None:
    if liable == winner:
        liable = None
    walk = SettlementWalk(winner=winner, totals=totals, liable=liable,
                          stacks=dict.fromkeys(Wind, 20) if stacks else None)
    for k in range(len(walk.steps) + 1):
        assert sum(walk.net_after(k).values()) == 0
    assert walk.net_after(len(walk.steps)) == walk.reckoning.net
    assert sum(len(s.payments) for s in walk.steps) == len(walk.reckoning.payments)
    assert [p.wave for p in walk.steps[0].payments] == [1] * len(walk.steps[0].payments)


# -- the table position -----------------------------------------------------------------------

def test_positions_are_valid_and_judged() -> None:
    assert {n: preset_position(n).stage_on for n in POSITIONS} == {
        "Early in the hand (stage off)": False, "Stage on, a safe tile in hand": True,
        "Stage on, every tile Live": True, "Two Kongs: 30 tiles, no stage yet": False}
    pos = preset_position("Stage on, a safe tile in hand")
    assert [str(t) for t in pos.safe_in_hand] == ["8p", "3s", "1z"]
    assert pos.judge("4p").verdict is Verdict.LIVE and pos.judge("4p").liable_if_won_on
    assert pos.judge("8p").verdict is Verdict.SAFE and not pos.judge("8p").liable_if_won_on
    exempt = preset_position("Stage on, every tile Live")
    assert {exempt.judge(t).verdict for t in exempt.choices} == {Verdict.EXEMPT}
    early = preset_position("Early in the hand (stage off)")
    live = early.judge("2m")
    assert live.verdict is Verdict.LIVE and not live.liable_if_won_on
    assert "has not begun" in live.explain()


def test_kongs_do_not_bring_the_stage_closer() -> None:
    pos = preset_position("Two Kongs: 30 tiles, no stage yet")
    assert pos.tiles_left == 30 and not pos.stage_on  # the rule text's count says 30, the rule no
    assert "2 more draws" in pos.stage_text()
    threshold = position(seat="W", hand="234m45p6788p3499s1z", discards={}, live_wall=14,
                         kongs=3)
    assert threshold.stage_on and threshold.tiles_left == 27


def test_position_errors() -> None:
    with pytest.raises(HandError, match="14"):
        position(seat="W", hand="234m45p6788p3499s", discards={}, live_wall=10)
    with pytest.raises(HandError, match="five or more 1z"):
        position(seat="W", hand="234m45p678p3499s1z1z", discards={"E": "1z 1z 1z"},
                 live_wall=10)
    with pytest.raises(RulesError, match="live wall"):
        position(seat="W", hand="234m45p6788p3499s1z", discards={}, live_wall=70)
    pos = preset_position("Stage on, a safe tile in hand")
    with pytest.raises(HandError, match="no concealed 9m"):
        pos.judge("9m")
    with pytest.raises(RulesError, match="opponent"):
        pos.liability_cost(winner=W, totals=RULE_TEXT_TOTALS)


@given(st.sets(st.sampled_from(range(34)), max_size=20), st.integers(0, 67))
def test_verdict_matches_an_independent_reading(discarded: set[int], live_wall: int) -> None:
    hand = "234m45p6788p3499s1z"
    pos = position(seat="W", hand=hand, live_wall=live_wall,
                   discards={"E": " ".join(str(Tile(i)) for i in sorted(discarded))})
    kinds = {t.index for t in pos.hand.concealed}
    for tile in pos.choices:
        verdict = pos.judge(tile).verdict
        if tile.index in discarded:
            assert verdict is Verdict.SAFE
        elif kinds <= set(range(34)) - discarded:
            assert verdict is Verdict.EXEMPT
        else:
            assert verdict is Verdict.LIVE
    assert pos.stage_on == (live_wall <= 14)


def test_liability_cost_against_the_normal_settlement() -> None:
    pos = preset_position("Stage on, a safe tile in hand")
    cost = pos.liability_cost(winner=N, totals=RULE_TEXT_TOTALS)
    assert cost.normal.net == reckon(winner=N, totals=RULE_TEXT_TOTALS).net
    # by hand: wave one 12 + 6 + 6; pairs with West at 0: 8 (E-S), 20 (E-W), 28 / 2 (S-W)
    assert cost.liable_pays == 12 + 6 + 6 + 8 + 20 + 14 == 66
    assert cost.normal_net == -31 and cost.extra == 35
    assert "costs West 35 more" in str(cost) and "tutor-liability" in cost._repr_html_()


def test_trainer_pick_and_cost() -> None:
    trainer = StageTrainer()
    assert trainer.opponents == (E, S, N)
    assert trainer.pick("3s").verdict is Verdict.SAFE
    trainer.winner = S
    trainer.totals = {E: 0, S: 40, W: 0, N: 0}
    assert trainer.cost().liable_pays == 40 + 20 + 20 + 0  # pairs: E-N 0, E-W 0, N-W 0
    trainer.choose("Stage on, every tile Live")
    assert trainer.judgement is None and "every tile Live" in str(trainer)
    assert set(PRESETS) >= {"Rule text example 1: East (dealer) wins 20",
                            "Rule text example 2: North wins 12"}
