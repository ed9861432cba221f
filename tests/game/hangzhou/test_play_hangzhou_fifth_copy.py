"""A joker may stand for a fifth copy (the rule of record) in play and in the score; the option
``joker_fifth_copy=False`` (the stricter reading) reaches the game's win check and the scorer."""

from __future__ import annotations

import pytest

from tutor.core.hand import Hand
from tutor.core.tiles import Tile
from tutor.errors import RulesError
from tutor.game.variants.hangzhou import HangzhouSettlement
from tutor.variants.hangzhou.rules import HANGZHOU, HangzhouRules
from tutor.variants.hangzhou.scoring import score

from .hz_play_helpers import E, act, deal, legal

# East (the dealer) is dealt 6666m 111p 白 789s 333p: complete only with the joker as the fifth
# 6m of the pair 6m白 (666m, 6m白, 111p, 789s, 333p).
HANDS = {"E": "6666m111p白789s333p", "S": "123457789m1234s", "W": "123456789s1235p",
         "N": "11223344z12345s"}


def test_the_dealer_may_win_with_a_joker_as_a_fifth_copy() -> None:
    state = deal(HANDS)
    assert "self-draw 3p" in legal(state)
    act(state, E, "self-draw 3p")
    settlement = state.settlement
    assert isinstance(settlement, HangzhouSettlement) and settlement.sheet is not None
    assert "白=6m" in str(settlement.sheet)


def test_the_stricter_option_refuses_that_win() -> None:
    state = deal(HANDS, overrides={"joker_fifth_copy": False})
    assert not any(a.startswith("self-draw") for a in legal(state))


def test_the_scorer_reads_the_joker_as_a_fifth_copy() -> None:
    hand = Hand.parse("666m111p白 [789s] [333p]", "hangzhou").add(Tile.parse("6m"))
    sheet = score(hand, Tile.parse("6m"))
    assert sheet.jokers == "白=6m"
    # one joker set aside, 666m 111p and the melds are four groups: every tile won
    assert [line.name for line in sheet.lines] == ["White Dragon Pair Wait"]
    strict = HangzhouRules(joker_fifth_copy=False)
    assert strict != HANGZHOU
    with pytest.raises(RulesError, match="not a complete hand"):
        score(hand, Tile.parse("6m"), rules=strict)
