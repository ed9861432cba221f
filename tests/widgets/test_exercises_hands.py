"""The hand exercises of notebook 02: right answers accepted, wrong ones refused, answers
matching an independent computation."""

from __future__ import annotations

from collections import Counter

import pytest

from tutor.core.hand import Hand
from tutor.core.notation import parse_hand, parse_tiles
from tutor.core.tiles import Tile
from tutor.core.variant import Variant
from tutor.core.waits import is_win
from tutor.display.widgets.base import CheckAnswer
from tutor.exercises.hands import by_key, exercises
from tutor.exercises.model import AnswerKind, Exercise

ALL = exercises()


def answer_text(ex: Exercise) -> str:
    if isinstance(ex.answer, frozenset):
        return " ".join(str(t) for t in sorted(ex.answer)) or "none"
    return str(ex.answer)


def brute_force_waits(hand_text: str, variant: Variant) -> frozenset[Tile]:
    """Waits by trying every natural tile the player could still draw (not the engine's
    tables)."""
    hand = parse_hand(hand_text, variant)
    found = set()
    for tile in variant.natural_kinds:
        if hand.held_counts[tile.index] < 4 and is_win(hand.add(tile), variant):
            found.add(tile)
    return frozenset(found)


def test_at_least_six_with_unique_keys() -> None:
    assert len(ALL) >= 6
    assert len(by_key()) == len(ALL)
    assert {e.kind for e in ALL} >= {AnswerKind.TILES, AnswerKind.NUMBER, AnswerKind.CHOICE}


@pytest.mark.parametrize("ex", ALL, ids=lambda e: e.key)
def test_the_answer_is_judged_right(ex: Exercise) -> None:
    feedback = ex.check(answer_text(ex))
    assert feedback.right, feedback.message
    assert feedback.message.startswith("Right.")
    assert ex.worked_answer().startswith(f"Answer: {answer_text(ex)}.")


@pytest.mark.parametrize("ex", ALL, ids=lambda e: e.key)
def test_a_wrong_answer_is_judged_wrong(ex: Exercise) -> None:
    if isinstance(ex.answer, frozenset):
        wrong = [" ".join(str(t) for t in sorted(ex.answer)[1:]) or "none", "9p 1s"]
    elif isinstance(ex.answer, int):
        wrong = [str(ex.answer + 1), str(ex.answer - 1)]
    else:
        wrong = [o for o in ex.options if o != ex.answer]
    for text in wrong:
        feedback = ex.check(text)
        assert not feedback.right, text
        assert "Not quite" in feedback.message or not feedback.readable


@pytest.mark.parametrize("ex", ALL, ids=lambda e: e.key)
def test_the_question_hand_is_legal_and_shown(ex: Exercise) -> None:
    assert ex.hand is not None and ex.variant is not None
    parse_hand(ex.hand, ex.variant).check(ex.variant)
    widget = CheckAnswer(ex)
    assert "mahjong-hand" in widget.question.value
    assert widget.answer(answer_text(ex)).right
    wrong = "no" if ex.kind is AnswerKind.CHOICE and ex.answer == "yes" else (
        "yes" if ex.kind is AnswerKind.CHOICE else "nonsense 8z")
    assert widget.answer(wrong).right is False
    assert "tutor-message" in widget.verdict.value


@pytest.mark.parametrize(("key", "variant"), [
    ("hands-waits-standard", Variant.HUANGYAN), ("hands-waits-dead", Variant.HUANGYAN),
    ("hands-waits-joker", Variant.HANGZHOU), ("hands-waits-seven-pairs", Variant.GUIYANG),
])
def test_waits_match_brute_force(key: str, variant: Variant) -> None:
    ex = by_key()[key]
    assert ex.hand is not None
    assert ex.answer == brute_force_waits(ex.hand, variant)


def test_dead_wait_exercise_has_a_dead_wait() -> None:
    ex = by_key()["hands-waits-dead"]
    assert ex.hand is not None
    hand = parse_hand(ex.hand)
    # a fifth 2m would complete the hand, but all four are held: 2m is not an answer
    assert hand.held_counts[Tile.parse("2m").index] == 4
    assert Tile.parse("2m") not in ex.answer  # type: ignore[operator]
    assert not ex.check("2m 5m 1z").right


def test_tiles_left_by_counting() -> None:
    ex = by_key()["hands-tiles-left"]
    assert ex.hand is not None
    held = Counter(parse_tiles(ex.hand))
    seen = Counter(parse_tiles("1m 1m 4m 7m"))
    assert ex.answer == sum(4 - held[t] - seen[t] for t in parse_tiles("1m 4m 7m"))


def test_shanten_by_drawing() -> None:
    """Shanten 2: no single tile makes the hand ready, but two well-chosen ones do."""
    ex = by_key()["hands-shanten"]
    assert ex.hand is not None and ex.answer == 2
    hand = parse_hand(ex.hand)
    kinds = Variant.HUANGYAN.kinds

    def ready(h: Hand) -> bool:
        return any(h.held_counts[t.index] < 4 and is_win(h.add(t)) for t in kinds)

    def after(h: Hand, draw: Tile) -> list[Hand]:
        grown = h.add(draw)
        return [grown.remove(d) for d in set(grown.concealed)]

    assert not any(ready(h) for t in kinds for h in after(hand, t))
    assert any(ready(h2) for t in parse_tiles("2m 3p") for h in after(hand, t)
               for u in parse_tiles("3p 6p 8p 2m") for h2 in after(h, u))


def test_best_discard_is_the_lone_west() -> None:
    ex = by_key()["hands-best-discard"]
    assert ex.answer == frozenset({Tile.parse("3z")})
    assert not ex.check("3m").right


def test_pair_wait_means_every_drawable_tile_wins() -> None:
    ex = by_key()["hands-pair-wait"]
    assert ex.answer == "yes" and ex.hand is not None
    assert len(brute_force_waits(ex.hand, Variant.HANGZHOU)) == 32  # all but 7s (four held)
