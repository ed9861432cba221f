"""Golden score sheets: every line of the Huangyan scoring table (the rule book,
notebooks/rules/huangyan.md).

Expected values are worked by hand from the table, not copied from the engine's output.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tutor import Hand, HandError, Meld, RulesError, Tile, Wind
from tutor.core.tiles import KINDS
from tutor.variants.huangyan import (
    HUANGYAN_RULES,
    ScoreSheet,
    WinSituation,
    score_non_winner,
    score_winner,
)

DISCARD = WinSituation()
DRAW = WinSituation(self_draw=True)


def lines(sheet: ScoreSheet) -> dict[str, tuple[int, int]]:
    """item -> (points, doubles), summed over repeated items."""
    out: dict[str, tuple[int, int]] = {}
    for line in sheet.lines:
        p, d = out.get(line.item, (0, 0))
        out[line.item] = (p + line.points, d + line.doubles)
    return out


# hand, winning tile, situation, expected total, expected items -> (points, doubles)
WINNERS = [
    ("123m456p789s111z55z", "5z", DISCARD, 44,
     {"Hu": (10, 0), "Single Hook": (2, 0), "Concealed Pong": (8, 0), "Dragon Pair": (2, 0),
      "Seat Wind Pong": (0, 1), "Chow": (0, 0)}),
    # pong completed by a discard is exposed (2); self-drawn it is concealed (4) + Self-Draw 2
    ("234m555p678s999s11m", "5p", DISCARD, 20,
     {"Hu": (10, 0), "Exposed Pong": (2, 0), "Concealed Pong": (8, 0), "Pair": (0, 0)}),
    ("234m555p678s999s11m", "5p", DRAW, 24,
     {"Hu": (10, 0), "Self-Draw": (2, 0), "Concealed Pong": (12, 0), "Pair": (0, 0)}),
    # Middle Hook (13m waits on 2m only) and Pinfu
    ("123m456p789s234s55p", "2m", DISCARD, 24,
     {"Hu": (10, 0), "Middle Hook": (2, 0), "Pinfu": (0, 1)}),
    # Side Hook on the 3 of 1-2-3 and on the 7 of 7-8-9
    ("123m456p789s234s77p", "3m", DISCARD, 24, {"Side Hook": (2, 0), "Pinfu": (0, 1)}),
    ("789m456p789s234s77p", "7m", DISCARD, 24, {"Side Hook": (2, 0), "Pinfu": (0, 1)}),
    # several winning kinds: no Hook even though the tile is a chow's middle / the pair
    # (11123m reads only as the pair 11m and the chow 123m: Pinfu, no Middle Hook)
    ("11123m456p789s234s", "2m", DISCARD, 20, {"Middle Hook": (0, 0), "Pinfu": (0, 1)}),
    ("11122m456p789s234s", "2m", DISCARD, 18, {"Hu": (10, 0), "Concealed Pong": (8, 0)}),
    # two-sided wait, Pinfu alone
    ("123m456p789s234s55p", "4p", DISCARD, 20, {"Hu": (10, 0), "Pinfu": (0, 1)}),
    # Pinfu needs a 0-point pair
    ("123m456p789s234s55z", "4p", DISCARD, 12, {"Hu": (10, 0), "Dragon Pair": (2, 0)}),
    # best of two readings: three pongs (8+4+4) beat three identical chows
    ("111222333m789p55z", "7p", DISCARD, 30,
     {"Hu": (10, 0), "Side Hook": (2, 0), "Concealed Pong": (16, 0), "Dragon Pair": (2, 0)}),
    # Full Flush + Pinfu, several waits
    ("11223344556677m", "7m", DISCARD, 160, {"Hu": (10, 0), "Full Flush": (0, 3),
                                             "Pinfu": (0, 1)}),
    # Half Flush + Dragon Pong, single wait on the South pair (0 points for seat East)
    ("123456789m777z22z", "2z", DISCARD, 80,
     {"Hu": (10, 0), "Single Hook": (2, 0), "Concealed Pong": (8, 0), "Pair": (0, 0),
      "Dragon Pong": (0, 1), "Half Flush": (0, 1)}),
    # Little Three Dragons: 2 dragon doubles + 1 + Half Flush
    ("555z666z77z123m456m", "7z", DISCARD, 480,
     {"Hu": (10, 0), "Single Hook": (2, 0), "Concealed Pong": (16, 0), "Dragon Pair": (2, 0),
      "Dragon Pong": (0, 2), "Little Three Dragons": (0, 1), "Half Flush": (0, 1)}),
    # Big Three Dragons: 3 dragon doubles + 2 + Half Flush
    ("555z666z777z234m99m", "9m", DISCARD, 2304,
     {"Concealed Pong": (24, 0), "Dragon Pong": (0, 3), "Big Three Dragons": (0, 2),
      "Half Flush": (0, 1)}),
    # Little Four Winds (seat East): seat wind 1 + 2 + Half Flush
    ("111z222z333z44z789p", "4z", DISCARD, 576,
     {"Single Hook": (2, 0), "Concealed Pong": (24, 0), "Pair": (0, 0),
      "Seat Wind Pong": (0, 1), "Little Four Winds": (0, 2), "Half Flush": (0, 1)}),
    # Big Four Winds: 13 doubles in all
    ("111z222z333z444z55z", "5z", DISCARD, 46 * 2 ** 13,
     {"Hu": (10, 0), "Single Hook": (2, 0), "Concealed Pong": (32, 0), "Dragon Pair": (2, 0),
      "Big Four Winds": (0, 13), "Seat Wind Pong": (0, 0), "All Honors": (0, 0),
      "All Pongs": (0, 0)}),
    # All Honors + All Pongs + a dragon pong
    ("222z333z444z666z77z", "7z", DISCARD, 46 * 32,
     {"Concealed Pong": (32, 0), "Dragon Pair": (2, 0), "Single Hook": (2, 0),
      "Dragon Pong": (0, 1), "All Honors": (0, 3), "All Pongs": (0, 1)}),
    # exposed melds: pong simple 2, pong terminal 4, kong simple 8; seat wind pair 2
    ("345s11z [222m] [999p] [5555p]", "1z", DISCARD, 28,
     {"Hu": (10, 0), "Single Hook": (2, 0), "Exposed Pong": (6, 0), "Exposed Kong": (8, 0),
      "Seat Wind Pair": (2, 0)}),
    ("345s11z [222m] [999p] {5555p}", "1z", DISCARD, 28, {"Exposed Kong": (8, 0)}),
    # Kong Draw: concealed kong simple 16, exposed kong of the seat wind 16 (+1 double)
    ("345m678s99s (2222p) [1111z]", "9s", WinSituation(kong_draw=True), 176,
     {"Hu": (10, 0), "Self-Draw": (2, 0), "Concealed Kong": (16, 0), "Exposed Kong": (16, 0),
      "Seat Wind Pong": (0, 1), "Kong Draw": (0, 1)}),
    # Robbing the Kong
    ("123m456p789s234s55p", "2m", WinSituation(robbing_the_kong=True), 48,
     {"Middle Hook": (2, 0), "Pinfu": (0, 1), "Robbing the Kong": (0, 1)}),
    # Fisherman's Win needs the self-draw; winning on the last discard adds nothing
    ("123m456p789s111z55z", "5z", WinSituation(self_draw=True, last_tile=True), 96,
     {"Self-Draw": (2, 0), "Seat Wind Pong": (0, 1), "Fisherman's Win": (0, 1)}),
    ("123m456p789s111z55z", "5z", WinSituation(last_tile=True), 44, {"Hu": (10, 0)}),
    # the seat decides the seat wind: South has no double for the East pong
    ("123m456p789s111z55z", "5z", WinSituation(seat=Wind.SOUTH), 22, {"Hu": (10, 0)}),
    # concealed kong of terminals 32
    ("345s77p (9999m) [111p] [222s]", "7p", DISCARD, 10 + 2 + 32 + 4 + 2,
     {"Concealed Kong": (32, 0), "Exposed Pong": (6, 0), "All Pongs": (0, 0)}),
]


@pytest.mark.parametrize(("hand", "tile", "situation", "total", "expected"), WINNERS,
                         ids=[f"{w[0]}+{w[1]}-{w[2].how}" for w in WINNERS])
def test_winner_golden(hand: str, tile: str, situation: WinSituation, total: int,
                       expected: dict[str, tuple[int, int]]) -> None:
    sheet = score_winner(hand, tile, situation)
    got = lines(sheet)
    for item, value in expected.items():
        assert got.get(item, (0, 0)) == value, (item, str(sheet))
    assert sheet.total == total, str(sheet)
    assert sheet.total == sheet.base * 2 ** sheet.doubles


def test_all_pongs_with_melds() -> None:
    # 345s is a chow: no All Pongs in the last golden hand; here a true all-pongs hand
    sheet = score_winner("777p11z (9999m) [111p] [222s]", "7p", DISCARD)
    assert lines(sheet)["All Pongs"] == (0, 1)
    # 777p completed by the discard is exposed (2), 9999m concealed kong 32, two exposed pongs
    assert sheet.base == 10 + 2 + 32 + 4 + 2 + 2  # Hu, 777p, kong, 111p, 222s, East pair
    assert sheet.total == sheet.base * 2


def test_no_hook_unless_one_winning_kind() -> None:
    one = score_winner("123m456p789s234s55p", "2m", DISCARD)  # 13m: only 2m wins
    many = score_winner("11123m456p789s234s", "2m", DISCARD)  # 2m and 3m win
    assert "Middle Hook" in one.items()
    assert not {"Single Hook", "Middle Hook", "Side Hook"} & set(many.items())


def test_big_four_winds_thirteen_in_all() -> None:
    sheet = score_winner("111z222z333z444z55z", "5z", DISCARD)
    assert sheet.doubles == 13
    absorbed = sheet.line("All Honors")
    assert absorbed.doubles == 0 and "Big Four Winds" in absorbed.note


NON_WINNERS = [
    # seat South: the East pong is not its seat wind, the South pair is
    ("111z22z555z123m4p9s", Wind.SOUTH, 36,
     {"Concealed Pong": (16, 0), "Seat Wind Pair": (2, 0), "Dragon Pong": (0, 1)}),
    # exposed dragon pong 4, exposed kong simple 8, Half Flush; nothing for the loose 2z
    ("345m67m9m2z [777z] [2222m]", Wind.EAST, 48,
     {"Exposed Pong": (4, 0), "Exposed Kong": (8, 0), "Dragon Pong": (0, 1),
      "Half Flush": (0, 1)}),
    # four identical undeclared tiles: one concealed pong; a plain pair scores nothing
    ("1111m234p567p88s9s", Wind.EAST, 8, {"Concealed Pong": (8, 0)}),
    ("1112345678999m", Wind.EAST, 128, {"Concealed Pong": (16, 0), "Full Flush": (0, 3)}),
    # Little Four Winds and All Honors for seat West
    ("111z222z333z44z5z6z", Wind.WEST, 24 * 64,
     {"Concealed Pong": (24, 0), "Seat Wind Pong": (0, 1), "Little Four Winds": (0, 2),
      "All Honors": (0, 3)}),
    ("444z5m [111z] [222z] [333z]", Wind.EAST, 20 * 2 ** 13,
     {"Exposed Pong": (12, 0), "Concealed Pong": (8, 0), "Big Four Winds": (0, 13),
      "Seat Wind Pong": (0, 0), "Half Flush": (0, 0)}),
    ("666z77z123m4m9p [555z]", Wind.EAST, 14 * 8,
     {"Exposed Pong": (4, 0), "Concealed Pong": (8, 0), "Dragon Pair": (2, 0),
      "Dragon Pong": (0, 2), "Little Three Dragons": (0, 1)}),
    ("555z666z777z1m2p3s4m", Wind.EAST, 24 * 32,
     {"Concealed Pong": (24, 0), "Dragon Pong": (0, 3), "Big Three Dragons": (0, 2)}),
    ("(9999m) 123p456p11z2z3z", Wind.EAST, 34,
     {"Concealed Kong": (32, 0), "Seat Wind Pair": (2, 0)}),
    ("123m456p789s1234s", Wind.EAST, 0, {}),
    # a melded chow scores 0, and half flush on its own multiplies nothing
    ("456p789p11z2z3z [123p]", Wind.NORTH, 0, {"Chow": (0, 0), "Half Flush": (0, 1)}),
]


@pytest.mark.parametrize(("hand", "seat", "total", "expected"), NON_WINNERS,
                         ids=[f"{n[0]}-{n[1].letter}" for n in NON_WINNERS])
def test_non_winner_golden(hand: str, seat: Wind, total: int,
                           expected: dict[str, tuple[int, int]]) -> None:
    sheet = score_non_winner(hand, seat=seat)
    got = lines(sheet)
    assert set(got) == set(expected), str(sheet)
    for item, value in expected.items():
        assert got[item] == value, (item, str(sheet))
    assert sheet.total == total, str(sheet)


def test_non_winner_never_scores_winner_items() -> None:
    sheet = score_non_winner("123m456p789s234s5p")  # would be Pinfu if it won
    assert sheet.lines == () and sheet.total == 0


def test_prevailing_wind_option_stacks_with_seat() -> None:
    rules = HUANGYAN_RULES.replace(prevailing_wind=Wind.EAST)
    sheet = score_non_winner("11z222z345m678m9p1s", seat=Wind.EAST, rules=rules)
    got = lines(sheet)
    assert got["Seat Wind Pair"] == (2, 0) and got["Prevailing Wind Pair"] == (2, 0)
    assert sheet.total == 8 + 4  # 222z concealed pong (South is neither seat nor prevailing)
    south = HUANGYAN_RULES.replace(prevailing_wind=Wind.SOUTH)
    sheet = score_non_winner("11z222z345m678m9p1s", seat=Wind.EAST, rules=south)
    assert lines(sheet)["Prevailing Wind Pong"] == (0, 1)
    assert sheet.total == (8 + 2) * 2
    assert score_non_winner("11z222z345m678m9p1s").total == 10  # no prevailing wind by default


def test_limit_option() -> None:
    hand = "111z222z333z444z55z"
    assert score_winner(hand, "5z").total == 376832
    limited = score_winner(hand, "5z", rules=HUANGYAN_RULES.replace(limit=500))
    assert limited.total == 500 and limited.raw_total == 376832
    assert "held to the limit 500" in str(limited)


def test_rules_are_data() -> None:
    rules = dataclasses.replace(HUANGYAN_RULES, hu=20)
    assert score_winner("123m456p789s234s55p", "4p", rules=rules).total == 40
    assert HUANGYAN_RULES.hu == 10
    with pytest.raises(RulesError, match="negative"):
        HUANGYAN_RULES.replace(hu=-1)


@pytest.mark.parametrize(("hand", "tile", "situation", "message"), [
    ("123m456p789s111z56z", "5z", DISCARD, "not a winning hand"),
    ("11223344556677z", "1z", DISCARD, "seven pairs"),
    ("123m456p789s111z55z", "9m", DISCARD, "must be one of the concealed"),
    ("123m456p789s111z55z", "5z", WinSituation(kong_draw=True), "needs a declared kong"),
])
def test_winner_errors(hand: str, tile: str, situation: WinSituation, message: str) -> None:
    with pytest.raises(RulesError, match=message) as info:
        score_winner(hand, tile, situation)
    assert hand.split()[0] in str(info.value) or tile in str(info.value)


def test_situation_contradictions() -> None:
    with pytest.raises(RulesError):
        WinSituation(self_draw=True, robbing_the_kong=True)
    with pytest.raises(RulesError):
        WinSituation(kong_draw=True, last_tile=True)


def test_wrong_sizes() -> None:
    with pytest.raises(HandError):
        score_winner("123m456p789s111z5z", "5z")
    with pytest.raises(HandError):
        score_non_winner("123m456p789s111z55z")


def test_sheet_display() -> None:
    sheet = score_winner("123m456p789s111z55z", "5z")
    text = str(sheet)
    assert "Single Hook (单钓): 2 pts" in text and "22 x 2^1 = 44" in text
    assert "<table>" in sheet._repr_html_()
    data = sheet.as_dict()
    assert data["total"] == 44 and data["win_tile"] == "5z"


# A complete hand from four random groups and a pair, with a random winning tile.
def _group(index: int) -> list[Tile]:
    if index < 34:
        return [KINDS[index]] * 3
    start = index - 34  # 21 chows: 7 per suit
    suit, rank = divmod(start, 7)
    return [KINDS[suit * 9 + rank + k] for k in range(3)]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.integers(0, 54), min_size=4, max_size=4), st.integers(0, 33),
       st.integers(0, 13), st.sampled_from(list(Wind)))
def test_random_wins_score_consistently(groups: list[int], pair: int, pick: int,
                                        seat: Wind) -> None:
    tiles = [t for g in groups for t in _group(g)] + [KINDS[pair]] * 2
    if max(tiles.count(k) for k in KINDS) > 4:
        return
    hand = Hand(tuple(tiles))
    win = sorted(tiles)[pick]
    claimed = score_winner(hand, win, WinSituation(seat=seat))
    drawn = score_winner(hand, win, WinSituation(seat=seat, self_draw=True))
    for sheet in (claimed, drawn):
        assert sheet.total == sheet.base * 2 ** sheet.doubles
        assert all(set(line.tiles) <= set(tiles) for line in sheet.lines)
        assert sum(line.item == "Hu" for line in sheet.lines) == 1
        assert sum(line.item.endswith("Hook") for line in sheet.lines) <= 1
    # on every reading, drawing the tile yourself adds Self-Draw and can only turn an exposed
    # pong concealed; so the best drawn reading beats the best claimed one
    assert drawn.total > claimed.total
    assert claimed.base >= 10


def test_meld_helpers_agree_with_notation() -> None:
    hand = Hand(tuple(Tile.parse(t) for t in ("3s", "4s", "5s", "1z", "1z")),
                (Meld.parse("[222m]"), Meld.parse("[999p]"), Meld.parse("[5555p]")))
    assert score_winner(hand, "1z").total == 28
