"""Golden cases: every multiplier of the rule text's table, the rule text's examples, the errors."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tutor import Hand, HandError, RulesError, Seat, Tile
from tutor.core.shapes import Shape
from tutor.variants.hangzhou import HANGZHOU, ScoringMode, Situation, WinSource, score

from .helpers import names, sheet

MIL = replace(HANGZHOU, scoring=ScoringMode.MIL_FAN)

# (13 tiles before the draw, drawn tile, situation, expected lines, expected product)
GOLDEN = [
    # one multiplier each
    ("123m456m789m1p9p白白", "白", {}, [("Three White Dragons", 2)], 2),
    ("123m456m11p5p9p白白白", "白", {}, [("Four White Dragons", 4)], 4),
    ("[1111m] 234m 567m 88p 99p", "8p", {"kongs": 1}, [("After a gang", 2)], 2),
    ("123m456m789m中中中白", "1m", {}, [("White Dragon Pair Wait", 2)], 2),
    ("123m456m789m1p2p東東", "3p", {"joker_discards": 1},
     [("After a White Dragon Discard", 2)], 2),
    ("11m22m33m44m55m66m7m", "7m", {}, [("Seven Pairs Pure", 4)], 4),
    ("11m22m33m44m55m6m白7m", "7m", {}, [("Seven Pairs with Joker", 2)], 2),
    ("1111m22m33m44m5m9p白", "9p", {},
     [("Seven Pairs with Joker", 2), ("Tile Hog", 2)], 4),
    # combinations
    ("[1111m] (9999s) 234m 88p 99p", "8p", {"kongs": 2},
     [("After a gang", 2), ("After a gang", 2)], 4),
    ("[1111m] (9999s) 234m 88p 99p", "8p", {"kongs": 1}, [("After a gang", 2)], 2),
    ("123m456m789m1p2p東東", "3p", {"joker_discards": 2},
     [("After a White Dragon Discard", 2), ("After a White Dragon Discard", 2)], 4),
    ("123m456m789m中中白白", "中", {"joker_discards": 1},
     [("Three White Dragons", 2), ("White Dragon Pair Wait", 2),
      ("After a White Dragon Discard", 2)], 8),
    ("123m456m789m中中白白", "中", {"joker_discards": 2},
     [("Four White Dragons", 4), ("White Dragon Pair Wait", 2),
      ("After a White Dragon Discard", 2), ("After a White Dragon Discard", 2)], 32),
    ("[1111m] 234m 567m 88p 99p", "8p", {"kongs": 1, "joker_discards": 1},
     [("After a gang", 2), ("After a White Dragon Discard", 2)], 4),
    ("11m22m33m44m55m66m白", "白", {},
     [("White Dragon Pair Wait", 2), ("Seven Pairs with Joker", 2)], 4),
    ("4477m9p中中中中東東東東", "9p", {},
     [("Seven Pairs Pure", 4), ("Tile Hog", 2), ("Tile Hog", 2)], 16),
]


@pytest.mark.parametrize(("hand", "drawn", "situation", "lines", "product"), GOLDEN,
                         ids=[f"{g[0]}+{g[1]}" for g in GOLDEN])
def test_golden(hand: str, drawn: str, situation: dict[str, int],
                lines: list[tuple[str, int]], product: int) -> None:
    s = sheet(hand, drawn, **situation)
    assert names(s) == lines
    assert s.product == product == s.lines_product


def test_rule_text_example_1_discard_a_joker_and_win_next() -> None:
    # 123 456 789 中中中 白白: win now for the base, or discard a 白 and win on the next draw.
    # The original rule text calls the immediate win "the base value", but under the rule book's
    # definition (a state of the 13 tiles before the draw) the hand before any winning draw
    # already held two jokers and was complete but for one: every tile completed it, so the
    # immediate self-drawn win is a White Dragon Pair Wait too (x2). The discard route doubles it.
    for drawn in ("白", "中", "5m", "9m"):
        now = score(Hand.parse("123m456m789m中中中白白", "hangzhou"), Tile.parse(drawn))
        assert names(now) == [("White Dragon Pair Wait", 2)]
    for drawn in ("1m", "5p", "9s", "東"):
        s = sheet("123m456m789m中中中白", drawn, joker_discards=1)
        assert names(s) == [("White Dragon Pair Wait", 2), ("After a White Dragon Discard", 2)]
        assert s.product == 4
    # drawing the discarded joker's twin: two in hand plus the one discarded make three
    s = sheet("123m456m789m中中中白", "白", joker_discards=1)
    assert names(s)[0] == ("Three White Dragons", 2) and s.product == 8


def test_rule_text_example_2_gang_then_joker_discard() -> None:
    # 123 456 7白白 中中中 白 + 中 claimed for a kong, replacement 7, discard a 白, win next draw.
    s = sheet("123m456m77m白白 [中中中中]", "3p", kongs=1, joker_discards=1)
    assert sorted(names(s)) == sorted([("After a White Dragon Discard", 2),
                                       ("White Dragon Pair Wait", 2),
                                       ("Three White Dragons", 2), ("After a gang", 2)])
    assert s.product == 16
    three = next(line for line in s.lines if line.name == "Three White Dragons")
    assert three.source == "2 in hand + 1 discarded in the chain"


def test_rule_text_example_2_drawing_a_fourth_joker_makes_four_white_dragons() -> None:
    s = sheet("123m456m77m白白 [中中中中]", "白", kongs=1, joker_discards=1)
    assert ("Four White Dragons", 4) in names(s)
    assert s.product == 32


@pytest.mark.parametrize("drawn", ["1m", "7m", "9p", "東", "白"])
def test_rule_text_example_3_seven_pairs_pair_wait(drawn: str) -> None:
    s = sheet("11m22m33m44m55m66m白", drawn)
    assert names(s) == [("White Dragon Pair Wait", 2), ("Seven Pairs with Joker", 2)]
    assert s.product == 4
    assert s.reading.shape is Shape.SEVEN_PAIRS


def test_rule_text_tile_hog_example_is_x16() -> None:
    # The rule text's 4477中中中中東東東東 is twelve tiles; with 99p as the last pair, drawn 9p.
    s = sheet("4477m9p中中中中東東東東", "9p")
    assert s.product == 16
    assert [line.source for line in s.lines if line.name == "Tile Hog"] == ["東東東東", "中中中中"]


def test_rule_text_joker_hand_shows_what_the_joker_stood_for() -> None:
    s = sheet("123m 5白7m 444p 中中中 東東", "7m", winner=Seat.EAST)
    assert s.reading.joker_stands_for == (Tile.parse("6m"),)
    assert s.jokers == "白=6m"
    assert "567m (白=6m)" in str(s.reading)
    assert s.product == 1
    assert [(p.payer, p.amount) for p in s.payments] == [
        (Seat.SOUTH, 8), (Seat.WEST, 8), (Seat.NORTH, 8)]


def test_jokers_never_make_a_tile_hog() -> None:
    s = sheet("111m22m33m44m55m6m白", "6m")
    assert names(s) == [("Seven Pairs with Joker", 2)]


def test_four_jokers_as_tile_hog_is_an_option() -> None:
    hand = "11m22m33m44m5m白白白白"
    assert ("Tile Hog", 2) not in names(sheet(hand, "5m"))
    with_hog = sheet(hand, "5m", rules=replace(HANGZHOU, four_jokers_tile_hog=True))
    assert ("Tile Hog", 2) in names(with_hog)
    assert with_hog.product == 2 * sheet(hand, "5m").product


def test_the_highest_reading_counts() -> None:
    s = sheet("112233m445566p7s", "7s")
    assert s.readings == 2
    assert s.reading.shape is Shape.SEVEN_PAIRS
    assert "seven pairs; the best of 2 readings" in str(s)


def test_payments_non_dealer_and_dealer() -> None:
    s = sheet("11m22m33m44m55m66m7m", "7m", winner=Seat.WEST, dealer=Seat.NORTH)
    assert {p.payer: p.amount for p in s.payments} == {
        Seat.NORTH: 32, Seat.EAST: 4, Seat.SOUTH: 4}
    assert s.total == 40
    d = sheet("11m22m33m44m55m66m7m", "7m", winner=Seat.NORTH, dealer=Seat.NORTH)
    assert {p.payer: p.amount for p in d.payments} == {
        Seat.EAST: 32, Seat.SOUTH: 32, Seat.WEST: 32}


def test_mil_fan_model_caps_at_four_fan() -> None:
    s = sheet("123m456m789m中中白白", "中", rules=MIL, joker_discards=2)
    assert s.lines_product == 32 and s.fan == 5
    assert s.product == 16
    assert "fan: 5 (cap 4) -> x16" in str(s)
    assert sheet("123m456m789m中中中白", "1m", rules=MIL).product == 2


def test_rule_values_change_the_product() -> None:
    rules = replace(HANGZHOU, white_dragon_pair_wait=3)
    assert sheet("123m456m789m中中中白", "1m", rules=rules).product == 3


@pytest.mark.parametrize("source", [WinSource.DISCARD, WinSource.ROBBING_KONG])
def test_a_win_not_self_drawn_is_refused(source: WinSource) -> None:
    with pytest.raises(RulesError, match="self-draw only"):
        sheet("11m22m33m44m55m66m7m", "7m", source=source)


@pytest.mark.parametrize(("hand", "drawn", "situation", "error", "match"), [
    ("11m22m33m44m55m66m8m", "9m", {}, RulesError, "not a complete hand"),
    ("11m22m33m44m55m66m77m", "9p", {}, HandError, "drawn tile 9p"),
    ("[1111m] 234m 567m 88p 99p", "8p", {"kongs": 2}, RulesError, "2 kong"),
    ("123m456m11p5p9p白白白", "白", {"joker_discards": 1}, HandError, "only four"),
])
def test_impossible_situations(hand: str, drawn: str, situation: dict[str, int],
                               error: type[Exception], match: str) -> None:
    h = Hand.parse(hand, "hangzhou")
    tile = Tile.parse(drawn)
    if h.size == 13:
        h = h.add(tile)
    with pytest.raises(error, match=match):
        score(h, tile, Situation(**situation))  # type: ignore[arg-type]


def test_negative_chain_is_refused() -> None:
    with pytest.raises(RulesError, match="negative"):
        Situation(kongs=-1)


def test_sheet_repr_is_a_constructor_call_and_html_and_dict() -> None:
    from tutor.variants.hangzhou.rules import HangzhouRules  # noqa: F401 (for eval)

    s = sheet("123m456m789m中中中白", "1m", rules=MIL, joker_discards=1)
    again = eval(repr(s))
    assert again == s
    assert "爆头" in s._repr_html_()
    data = s.as_dict()
    assert data["product"] == 4 and data["scoring"] == "mil-fan"
    assert sum(p["amount"] for p in data["payments"]) == s.total  # type: ignore[index,misc]


def test_rules_are_validated_and_print_their_changes() -> None:
    with pytest.raises(RulesError, match="tile_hog must be at least 1"):
        replace(HANGZHOU, tile_hog=0)
    with pytest.raises(RulesError, match="base_from_other cannot be negative"):
        replace(HANGZHOU, base_from_other=-1)
    assert repr(HANGZHOU) == "HangzhouRules()"
    assert repr(MIL) == "HangzhouRules(scoring=ScoringMode.MIL_FAN)"


def test_mil_fan_needs_powers_of_two() -> None:
    rules = replace(MIL, white_dragon_pair_wait=3)
    with pytest.raises(RulesError, match="no fan value"):
        sheet("123m456m789m中中中白", "1m", rules=rules)
