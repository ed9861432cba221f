"""The core's frozen values (written without dataclasses, for a fast start) behave as values:
equal and hashed by their fields, frozen, printed as constructor calls, pickled whole."""

from __future__ import annotations

import pickle

import pytest

from tutor import Hand, Meld, decompositions, efficiency, waits
from tutor.core.shapes import Decomposition, Group, GroupKind, Shape
from tutor.core.tiles import Tile


def test_hands_and_melds_are_values() -> None:
    hand = Hand.parse("123m 55z 789s [777z] [1111p]")
    same = Hand.parse("55z 321m 987s [777z] [1111p]")
    assert hand == same and hash(hand) == hash(same) and len({hand, same}) == 1
    assert hand != Hand.parse("123m 55z 789s [1111p] [777z]")  # melds keep their order
    assert hand != "123m 55z 789s [777z] [1111p]"
    assert pickle.loads(pickle.dumps(hand)) == hand
    assert pickle.loads(pickle.dumps(hand)).held_counts == hand.held_counts
    meld = Meld.parse("[345s]")
    assert meld == Meld.parse("[543s]") and pickle.loads(pickle.dumps(meld)) == meld
    assert eval(repr(hand)) == hand and eval(repr(meld)) == meld
    with pytest.raises(AttributeError, match="frozen"):
        hand.concealed = ()  # type: ignore[misc]
    with pytest.raises(AttributeError, match="frozen"):
        del meld.kind


def test_readings_and_analyses_are_values() -> None:
    hand = Hand.parse("123m 5白7m 444p 中中中 東東", "hangzhou")
    (reading,) = decompositions(hand, "hangzhou")
    again = Decomposition(reading.shape, list(reading.groups))
    assert again == reading and hash(again) == hash(reading)
    assert pickle.loads(pickle.dumps(reading)) == reading
    group = Group(GroupKind.PAIR, (Tile.parse("1z"),) * 2)
    assert repr(group).startswith("Group(kind=<GroupKind.PAIR: 'pair'>, tiles=(")
    assert group == Group(GroupKind.PAIR, [Tile.parse("1z")] * 2, (), False, None)
    assert Decomposition(Shape.STANDARD, ()) != Decomposition(Shape.SEVEN_PAIRS, ())
    result = waits(Hand.parse("1112345678999m"))
    assert result == waits(Hand.parse("1112345678999m"))
    assert "visible" not in repr(result) and repr(result).startswith("WaitAnalysis(hand=")
    assert result.left[Tile.parse("1m")] == 1  # a cached property on a frozen value
    with pytest.raises(AttributeError):
        result.shanten = 3  # type: ignore[misc]
    best = efficiency(Hand.parse("11123456789999m")).best
    assert best.discard in (Tile.parse("1m"), Tile.parse("9m"))
    with pytest.raises(TypeError):
        hash(best)  # its ``left`` is a dict, as with the dataclass it replaces
