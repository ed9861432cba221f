"""The Guiyang exercises: right by their own check, wrong answers judged wrong, and the
answers agree with an independent computation."""

from __future__ import annotations

import pytest

from tutor import Hand, Tile
from tutor.display.widgets import CheckAnswer
from tutor.exercises import AnswerKind, Exercise
from tutor.exercises.guiyang import by_key, exercises
from tutor.ledger import Seat
from tutor.study.guiyang import preset_hand
from tutor.variants.guiyang import GUIYANG_RULES, best_possible_pattern

RIGHT = {"guiyang-pattern": "pure triplets", "guiyang-chicken-points": "9",
         "guiyang-eligible": "East and West", "guiyang-not-ready-pays": "10"}
WRONG = {"guiyang-pattern": "pure suit", "guiyang-chicken-points": "6",
         "guiyang-eligible": "East, West and North", "guiyang-not-ready-pays": "8"}


def test_keys_and_kinds() -> None:
    found = exercises()
    assert [ex.key for ex in found] == list(RIGHT)
    assert {ex.kind for ex in found} == {AnswerKind.CHOICE, AnswerKind.NUMBER}
    assert set(by_key()) == set(RIGHT)
    for ex in found:
        if ex.kind is AnswerKind.CHOICE:
            assert ex.answer in ex.options


@pytest.mark.parametrize("ex", exercises(), ids=lambda ex: ex.key)
def test_right_and_wrong(ex: Exercise) -> None:
    assert ex.check(RIGHT[ex.key]).right
    wrong = ex.check(WRONG[ex.key])
    assert not wrong.right and wrong.readable
    view = CheckAnswer(ex)
    assert not view.answer(WRONG[ex.key]).right and "Not quite" in view.verdict.value
    assert view.answer(RIGHT[ex.key]).right


def test_pattern_by_hand() -> None:
    # 111p 222p 333p 999p 55p: four pongs and a pair in one suit, pure triplets (15), which
    # beats the pure-suit reading 123p x3 (10).
    ex = by_key()["guiyang-pattern"]
    assert ex.answer == "pure triplets"
    assert GUIYANG_RULES.pure_triplets > GUIYANG_RULES.pure_suit


def test_chicken_points_by_counting() -> None:
    hand = preset_hand("two_winners_liability")
    west = hand.player(Seat.WEST)
    ones = sum(t == Tile.parse("1s") for m in west.melds for t in m.meld.tiles)
    assert by_key()["guiyang-chicken-points"].answer == ones * GUIYANG_RULES.fixed_chicken * 3


def test_not_ready_payment_by_hand() -> None:
    hand = preset_hand("draw_2_ready")
    east = best_possible_pattern(Hand.parse("11m33m55m77m99m22p4p", "guiyang"))
    south = best_possible_pattern(hand.players[1].hand)
    assert east is not None and south is not None
    expected = east.value + south.value + GUIYANG_RULES.concealed_kong_bean
    assert by_key()["guiyang-not-ready-pays"].answer == expected == 10
