"""The Hangzhou study models: the multiplier explorer and the dealer-tally stepper."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor import Hand, Tile
from tutor.errors import HandError, NotationError, RulesError
from tutor.ledger import Seat
from tutor.study.hangzhou import (
    PRESET_RESULTS,
    MultiplierExplorer,
    TallyStepper,
    joker_roles,
)
from tutor.variants.hangzhou import ScoringMode, Situation, WinSource, score
from tutor.variants.hangzhou.ledger import HandResult, play
from tutor.variants.hangzhou.rules import HANGZHOU

# --- the multiplier explorer -------------------------------------------------------------------


def test_default_is_seed_example_two() -> None:
    explorer = MultiplierExplorer()
    sheet = explorer.sheet()
    assert sheet.product == 16
    assert [line.name for line in sheet.lines] == [
        "Three White Dragons", "After a gang", "White Dragon Pair Wait",
        "After a White Dragon Discard"]
    assert explorer.product_text(sheet) == "2 x 2 x 2 x 2 = x16"
    assert sum(sheet.payments.net().values()) == 0
    assert explorer.payment_rows(sheet)[0] == ("East", "South", 128,
                                              "South's self-drawn win x16: 8 x 16")
    assert sheet.total == 160
    assert "x16, South receives 160" in explorer.summary()


def test_thirteen_or_fourteen_tiles_give_the_same_sheet() -> None:
    short = MultiplierExplorer(hand="123m456m789m 中中中 白", drawn="5s", kongs=0,
                               joker_discards=1)
    full = MultiplierExplorer(hand="123m456m789m 中中中 白 5s", drawn="5s", kongs=0,
                              joker_discards=1)
    assert short.sheet().product == full.sheet().product == 4
    assert short.hands() == full.hands()
    assert short.before().white_dragon_pair_wait


def test_jokers_and_what_they_stand_for() -> None:
    explorer = MultiplierExplorer(hand="123m 4白6p 789s 東東東 中", drawn="中", kongs=0,
                                  joker_discards=0)
    sheet = explorer.sheet()
    assert explorer.joker_rows(sheet) == [("白", "5p", "456p (白=5p)")]
    assert [str(r) for r in joker_roles(sheet.reading)] == ["白 = 5p (in 456p (白=5p))"]
    wild = MultiplierExplorer(hand="123m456m789m白白白1z", drawn="1z", kongs=0,
                              joker_discards=0)
    rows = wild.joker_rows(wild.sheet())
    # The credited White Dragon Pair Wait must be visible: the drawn 東 pairs with a joker, and
    # the other two jokers make 東 a pong (a fifth 東, allowed by default: joker_fifth_copy).
    assert rows == [("白", "1z", "111z (白=1z, 白=1z)"), ("白", "1z", "111z (白=1z, 白=1z)"),
                    ("白", "1z", "11z (白=1z)")]
    assert len(wild.readings()) == wild.sheet().readings


def test_a_discard_win_is_refused_with_the_reason() -> None:
    explorer = MultiplierExplorer(source=WinSource.DISCARD)
    with pytest.raises(RulesError, match="self-draw only"):
        explorer.sheet()
    assert "refused" in explorer.summary() and "discard" in explorer.summary()


def test_the_summary_is_in_the_learners_language_and_the_repr_is_the_call() -> None:
    """The summary a lesson prints reads in one language, the refusal's reason included; the
    repr builds the same explorer again."""
    from tutor.i18n import using_language

    explorer = MultiplierExplorer(hand="123m456m789m 中中 白白", drawn="中", kongs=0,
                                  joker_discards=2, source=WinSource.DISCARD,
                                  scoring=ScoringMode.MIL_FAN)
    with using_language("zh"):
        text = explorer.summary()
    assert text == ("123m456m789m 中中 白白 + 中，南家胡，东家坐庄，连续：0 个杠、2 次打百搭"
                    "（MIL 番制）：不成立：123456789m55777z：杭州麻将不许点炮胡"
                    "（只能自摸：规则原文第 2 节）")
    assert explorer.summary().endswith("(mil-fan): refused: 123456789m55777z: a win on another "
                                       "player's discard is not allowed in Hangzhou (self-draw "
                                       "only: the original rule text, section 2)")
    names = {"MultiplierExplorer": MultiplierExplorer, "Seat": Seat, "WinSource": WinSource,
             "ScoringMode": ScoringMode, "replace": replace, "HANGZHOU": HANGZHOU}
    again = eval(repr(explorer), names)
    assert repr(again) == repr(explorer) and again.summary() == explorer.summary()
    other = MultiplierExplorer(rules=replace(HANGZHOU, scoring=ScoringMode.MIL_FAN, fan_cap=5))
    assert "rules=replace(HANGZHOU, scoring=ScoringMode.MIL_FAN, fan_cap=5)" in repr(other)
    assert eval(repr(other), names).base_rules == other.base_rules


@pytest.mark.parametrize(("hand", "drawn", "error", "match"), [
    ("123m456m789m 中中中 白 5s", "6s", HandError, "not among the concealed"),
    ("123m456m789m 中中", "5s", HandError, "has 11 tiles"),
    ("123x", "5s", NotationError, "123x"),
    ("123m456m789m 中中中 白", "5q", NotationError, "5q"),
    ("123m456m789m 中中 東 1s", "5s", RulesError, "not a complete hand"),
])
def test_bad_input_is_a_typed_error(hand: str, drawn: str, error: type[Exception],
                                    match: str) -> None:
    explorer = MultiplierExplorer(hand=hand, drawn=drawn, kongs=0, joker_discards=0)
    with pytest.raises(error, match=match):
        explorer.sheet()


def test_chain_longer_than_the_kongs_shown_is_refused() -> None:
    explorer = MultiplierExplorer(hand="11m22m33m44m5m 白白白白", drawn="5m", kongs=1)
    with pytest.raises(RulesError, match="chain has 1 kong"):
        explorer.sheet()


def test_options_mil_fan_cap_and_four_jokers_tile_hog() -> None:
    mil = MultiplierExplorer(hand="123m456m789m 中中 白白", drawn="中", kongs=0,
                             joker_discards=2)
    assert mil.sheet().product == 32
    mil.scoring = ScoringMode.MIL_FAN
    sheet = mil.sheet()
    assert (sheet.fan, sheet.product) == (5, 16)
    assert mil.product_text(sheet) == "5 fan (cap 4): 2^4 = x16"
    assert mil.line_rows(sheet)[0][2] == "x4 (2 fan)"  # Four White Dragons
    hog = MultiplierExplorer(hand="11m22m33m44m5m 白白白白", drawn="5m", kongs=0,
                             joker_discards=0)
    assert hog.sheet().product == 16
    hog.four_jokers_tile_hog = True
    assert hog.sheet().product == 32


def test_explorer_matches_the_engine_directly() -> None:
    explorer = MultiplierExplorer(hand="4477m 9p 中中中中 東東東東", drawn="9p", winner="E",
                                  dealer="E", kongs=0, joker_discards=0)
    direct = score(Hand.parse("4477m 99p 中中中中 東東東東", "hangzhou"), Tile.parse("9p"),
                   Situation(winner=Seat.EAST, dealer=Seat.EAST))
    sheet = explorer.sheet()
    assert sheet.product == direct.product == 16
    assert [p.amount for p in sheet.payments] == [8 * 16] * 3  # the dealer wins: 8 from each


# --- the dealer-tally stepper ------------------------------------------------------------------


def test_preset_steps_through_streak_win_draw_and_end() -> None:
    stepper = TallyStepper()
    assert stepper.steps == len(PRESET_RESULTS) + 2 == 7
    start = stepper.current()
    assert start.number == 0 and not start.payments and start.scores[Seat.EAST] == 100
    one = stepper.next()
    assert one.tokens == 2 and not one.payments
    two = stepper.next()
    assert two.tokens == 6 and two.tally == ((1, 2), (2, 4))
    three = stepper.next()
    assert three.tokens == 0
    assert sum(p.amount for p in three.payments.where(category="win")) == 32 + 4 + 4
    assert sum(p.amount for p in three.payments.where(category="dealer tally")) == 6 * 8 * 3
    assert "then East's tally is paid (144 in all)" in three.explanation
    assert three.scores == {Seat.EAST: 212, Seat.SOUTH: 92, Seat.WEST: 48, Seat.NORTH: 48}
    assert stepper.next().tokens == 2
    draw = stepper.next()
    assert "exhaustive draw" in draw.explanation and draw.dealer == Seat.SOUTH
    end = stepper.next()
    assert end.title == "game end: the open tally is paid"
    assert [p.amount for p in end.payments] == [16, 16, 16]
    assert end.scores == play(PRESET_RESULTS).scores
    assert stepper.next() == end  # Next at the end stays there
    assert stepper.first().number == 0 and stepper.back().number == 0
    assert "step 0 of 6" in stepper.summary()


def test_every_step_conserves_points() -> None:
    stepper = TallyStepper()
    total = 0
    for i in range(stepper.steps):
        step = stepper.at(i)
        assert sum(step.scores.values()) == 400
        assert sum(step.payments.net().values()) == 0
        total += sum(p.amount for p in step.payments if p.payer == Seat.WEST)
    assert total == 100 - stepper.last().scores[Seat.WEST]


def test_adding_and_removing_hands() -> None:
    stepper = TallyStepper([])
    assert stepper.steps == 2 and stepper.last().title == "game end"
    step = stepper.add_win(Seat.EAST, 3)
    assert step.number == 1 and step.tokens == 3
    step = stepper.add_draw()
    assert step.number == 2 and step.tokens == 3
    step = stepper.add_win("W", 1)
    assert step.scores[Seat.EAST] == 100 + 3 * 8 * 3 - 8
    step = stepper.remove_last()
    assert len(stepper.results) == 2 and step.number == 2
    assert stepper.clear().number == 0 and stepper.results == []
    with pytest.raises(RulesError, match="no hand to remove"):
        stepper.remove_last()
    assert stepper.reset().number == 0 and stepper.results == list(PRESET_RESULTS)


@pytest.mark.parametrize("multiplier", [0, -2, True, 1.5])
def test_bad_multiplier_is_refused(multiplier: object) -> None:
    stepper = TallyStepper([])
    with pytest.raises(RulesError):
        stepper.add_win(Seat.SOUTH, multiplier)  # type: ignore[arg-type]
    assert stepper.results == []


def test_no_hand_after_the_game_ended_and_state_is_kept() -> None:
    from dataclasses import replace

    from tutor.variants.hangzhou import HANGZHOU

    stepper = TallyStepper([HandResult.win(Seat.EAST, 2), HandResult.win(Seat.WEST, 1)],
                           rules=replace(HANGZHOU, starting_points=15))
    assert "below zero after hand 2" in stepper.last().explanation
    with pytest.raises(RulesError, match="already ended"):
        stepper.add_draw()
    assert len(stepper.results) == 2 and stepper.step == 3
    with pytest.raises(RulesError, match="does not exist"):
        stepper.goto(9)


@given(st.lists(st.tuples(st.sampled_from([None, *Seat]), st.integers(1, 8)), max_size=8))
def test_stepper_agrees_with_the_ledger(hands: list[tuple[Seat | None, int]]) -> None:
    results = [HandResult.draw() if w is None else HandResult.win(w, m) for w, m in hands]
    try:
        game = play(results)
    except RulesError:
        return  # the game ended early: the stepper refuses the same sequence
    stepper = TallyStepper(results)
    scores = {s: 100 for s in Seat}
    for i in range(stepper.steps):
        step = stepper.at(i)
        for seat, n in step.payments.net().items():
            scores[seat] += n
        assert step.scores == scores
    assert scores == game.scores
