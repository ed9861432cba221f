"""The Hangzhou exercises: right by their own check, wrong answers judged wrong, and the
answers agree with an independent computation."""

from __future__ import annotations

import pytest

from tutor import Hand, Tile
from tutor.core.variant import Variant
from tutor.display.widgets import CheckAnswer
from tutor.exercises import AnswerKind, Exercise
from tutor.exercises.hangzhou import by_key, exercises
from tutor.ledger import Seat
from tutor.study.hangzhou import PRESET_RESULTS
from tutor.variants.hangzhou.ledger import play

RIGHT = {"hangzhou-joker-waits": "1m 2m 3m 7z", "hangzhou-joker-stands-for": "5p",
         "hangzhou-product": "16", "hangzhou-tally-west": "68"}
WRONG = {"hangzhou-joker-waits": "1m 2m 3m", "hangzhou-joker-stands-for": "5m",
         "hangzhou-product": "8", "hangzhou-tally-west": "52"}


def test_keys_and_kinds() -> None:
    found = exercises()
    assert [ex.key for ex in found] == list(RIGHT)
    assert {ex.kind for ex in found} >= {AnswerKind.TILES, AnswerKind.NUMBER}
    assert len(set(by_key())) == len(found)


@pytest.mark.parametrize("ex", exercises(), ids=lambda ex: ex.key)
def test_right_and_wrong(ex: Exercise) -> None:
    assert ex.check(RIGHT[ex.key]).right
    wrong = ex.check(WRONG[ex.key])
    assert not wrong.right and wrong.readable
    assert ex.worked_answer().startswith("Answer: ")
    view = CheckAnswer(ex)
    assert view.answer(RIGHT[ex.key]).right and "Right" in view.verdict.value


def _brute_force_waits(text: str) -> frozenset[Tile]:
    """Independent: try every natural kind and ask whether the 14 tiles are a win."""
    from tutor.core.waits import is_win

    hand = Hand.parse(text, "hangzhou")
    out = set()
    for tile in Variant.HANGZHOU.natural_kinds:
        if hand.held_counts[tile.index] < 4 and is_win(hand.add(tile), Variant.HANGZHOU):
            out.add(tile)
    return frozenset(out)


def test_waits_answer_by_brute_force() -> None:
    ex = by_key()["hangzhou-joker-waits"]
    assert ex.hand is not None
    assert ex.answer == _brute_force_waits(ex.hand)


def test_joker_answer_is_the_gap() -> None:
    # Independent: replace the joker by each natural kind; only one gives a complete hand
    # without the joker, and that kind is what it stands for.
    from tutor.core.waits import is_win

    ex = by_key()["hangzhou-joker-stands-for"]
    fits = {t for t in Variant.HANGZHOU.natural_kinds
            if is_win(Hand.parse("123m 4p6p 789s 東東東 中中", "hangzhou").add(t),
                      Variant.HANGZHOU)}
    assert ex.answer == frozenset(fits) == {Tile.parse("5p")}


def test_product_answer_is_the_product_of_the_seed_table() -> None:
    # White Dragon Pair Wait, After a White Dragon Discard, Seven Pairs with Joker, Tile Hog.
    assert by_key()["hangzhou-product"].answer == 2 * 2 * 2 * 2


def test_tally_answer_by_hand() -> None:
    ex = by_key()["hangzhou-tally-west"]
    # hand 3: South's win x4 (1 x 4 from West), then East's 2 + 4 tokens x 8; the end: South's
    # 2 tokens x 8.
    assert ex.answer == 1 * 4 + (2 + 4) * 8 + 2 * 8
    assert ex.answer == 100 - play(PRESET_RESULTS).scores[Seat.WEST]
