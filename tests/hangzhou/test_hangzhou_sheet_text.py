"""What a learner reads on a Hangzhou sheet: jokers written 白 and what each stood for, the
runner-up reading, a reading that shows the credited White Dragon Pair Wait, the kongs of the
chain named whatever the order the melds were written in, the Chinese names."""

from __future__ import annotations

import re

import pytest

from tutor import Hand, Tile
from tutor.core.tiles import KINDS
from tutor.variants.hangzhou import score
from tutor.variants.hangzhou.text import hand_text, reading_text

from .helpers import names, sheet

# (13 tiles before the draw, drawn tile, chain)
JOKER_HANDS = [
    ("123m456m77m白白 [中中中中]", "3p", {"kongs": 1, "joker_discards": 1}),
    ("11m22m33m44m55m66m白", "9p", {}),
    ("11m22m33m44m55m66m白", "白", {}),
    ("123m456m789m中中白白", "中", {"joker_discards": 1}),
    ("123m 5白7m 444p 中中中 東東", "7m", {}),
    ("11m22m33m44m5m白白白白", "5m", {}),
]


@pytest.mark.parametrize(("hand", "drawn", "chain"), JOKER_HANDS,
                         ids=[h[0] + "+" + h[1] for h in JOKER_HANDS])
def test_jokers_are_written_白_never_as_digits(hand: str, drawn: str,
                                                chain: dict[str, int]) -> None:
    s = sheet(hand, drawn, **chain)
    for text in (str(s), s._repr_html_()):
        # no White Dragon in plain notation: no 5z, no run of honor digits holding a 5
        assert not re.search(r"\d*5\d*z", text), text
    assert "白" in str(s).splitlines()[0]


def test_the_sheet_says_what_each_joker_stood_for() -> None:
    s = sheet("123m456m77m白白 [中中中中]", "3p", kongs=1, joker_discards=1)
    lines = str(s).splitlines()
    assert lines[0] == "Hangzhou self-drawn win by South: 12345677m 3p 白白 [中中中中], drew 3p"
    assert lines[1] == ("reading: [中中中中] 123m 456m 77m白 (白=7m) 3p白 (白=3p) (four groups "
                        "and a pair; the best of 5 readings)")
    assert lines[2] == "jokers: 白=7m, 白=3p"
    honors = str(sheet("123m456m789m東東南白", "南"))
    assert re.search(r"(東東白 \(白=東\).*南南|東東 .*南南白 \(白=南\))", honors), honors
    assert re.search(r"jokers: 白=[東南]\n", honors)


def test_the_runner_up_reading_and_why_it_lost() -> None:
    s = sheet("11m22m33m44m55m66m白", "9p")
    assert s.runner_up is not None and s.runner_up.product == 2
    assert ("runner-up: 123m 123m 456m 456m 9p白 (白=9p) (four groups and a pair): x2, lower "
            "than x4 (it lacks Seven Pairs with Joker)") in str(s).splitlines()
    assert s.as_dict()["runner_up"] == {
        "shape": "four groups and a pair", "groups": "123m 123m 456m 456m 99p (白=9p)",
        "jokers": "白=9p", "lines": ["White Dragon Pair Wait"], "product": 2}
    assert "runner-up: " in s._repr_html_()
    tie = sheet("123m456m77m白白 [中中中中]", "3p", kongs=1, joker_discards=1)
    assert tie.runner_up is not None and tie.runner_up.product == tie.product == 16
    assert "x16, the same product: either reading pays the same" in str(tie)
    single = sheet("123m 5白7m 444p 中中中 東東", "7m")
    assert single.runner_up is None and single.as_dict()["runner_up"] is None
    assert "runner-up" not in str(single)


@pytest.mark.parametrize("drawn", [str(t) for t in KINDS if str(t) != "7z"])
def test_a_credited_pair_wait_shows_in_the_reading(drawn: str) -> None:
    # 123m 456m 789m 中中中 + 白: every tile wins; the reading shown pairs the joker with the
    # drawn tile (the runner-up may read 1m 白 as a run, say, for the same product). A drawn
    # 中 is left out: pairing it with the joker makes a fifth 中 (the joker_fifth_copy rule).
    s = sheet("123m456m789m中中中白", drawn)
    assert ("White Dragon Pair Wait", 2) in names(s)
    pair = s.reading.pairs[0]
    if drawn == "5z":
        assert pair.wild and "白白 (jokers as any pair)" in reading_text(s.reading)
    else:
        assert pair.jokers == (Tile.parse(drawn),)
        assert reading_text(s.reading).endswith("白 (白=" + (Tile.parse(drawn).chinese
                                                             if Tile.parse(drawn).is_honor
                                                             else drawn) + ")")


def test_the_chain_kongs_do_not_depend_on_the_order_written() -> None:
    one = sheet("[1111m] (9999s) 234m 88p 99p", "8p", kongs=1)
    other = sheet("(9999s) [1111m] 234m 88p 99p", "8p", kongs=1)
    assert [line.source for line in one.lines] == [line.source for line in other.lines] == [
        "kong 1 of 1 in the chain, among the hand's kongs [1111m] (9999s)"]
    both = sheet("(9999s) [1111m] 234m 88p 99p", "8p", kongs=2)
    assert [line.source for line in both.lines] == ["kong 1 of 2 in the chain: [1111m]",
                                                    "kong 2 of 2 in the chain: (9999s)"]
    assert [line.source for line in sheet("[1111m] (9999s) 234m 88p 99p", "8p",
                                          kongs=2).lines] == [line.source for line in both.lines]


def test_chinese_names() -> None:
    three = sheet("123m456m789m1p9p白白", "白")
    assert [(line.name, line.chinese) for line in three.lines] == [
        ("Three White Dragons", "三财神")]
    assert "Three White Dragons (三财神): x2" in str(three)
    four = sheet("123m456m11p5p9p白白白", "白")
    assert four.lines[0].chinese == "四财神"


def test_hand_text() -> None:
    assert hand_text(Hand.parse("123456789m 中中中 白", "hangzhou")) == "123456789m 中中中 白"
    assert hand_text(Hand.parse("白白 [1111m]", "hangzhou")) == "白白 [1111m]"
    s = score(Hand.parse("123m456m789m中中中白白", "hangzhou"), Tile.parse("白"))
    assert str(s).splitlines()[0].endswith("123456789m 中中中 白白, drew 白")
