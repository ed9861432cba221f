"""Patterns, readiness and best possible patterns of Guiyang hands (the rule text, rule 2)."""

from __future__ import annotations

import dataclasses

import pytest

from tutor import Hand, HandError, NotationError, Tile
from tutor.rulesets import override
from tutor.variants.guiyang import (
    APP_TABLE_RULES,
    GUIYANG_RULES,
    GuiyangRules,
    Pattern,
    best_possible_pattern,
    pattern_of,
    readiness,
)

# (hand, pattern, seed value, app-table value)
PATTERNS = [
    ("234m456m234p55s789s", Pattern.PLAIN, 1, 1),
    ("111m222p333s444m55p", Pattern.ALL_TRIPLETS, 5, 5),
    ("55p444s [111m] {2222s} (3333p)", Pattern.ALL_TRIPLETS, 5, 5),
    ("11m22m33p44p55s66s77s", Pattern.SEVEN_PAIRS, 7, 10),
    ("1111m33p44p55s66s77s", Pattern.DRAGON_PAIRS, 10, 20),
    ("123456789m11m456m", Pattern.PURE_SUIT, 10, 10),
    ("55s123s234s678s999s", Pattern.PURE_SUIT, 10, 10),
    ("111m333m555m777m99m", Pattern.PURE_TRIPLETS, 15, 15),
    ("111m222m333m444m55m", Pattern.PURE_TRIPLETS, 15, 15),  # also readable as pure suit
    ("11223344556677p", Pattern.PURE_SEVEN_PAIRS, 17, 20),  # also readable as pure suit
    ("1111s2233445566s", Pattern.PURE_DRAGON_PAIRS, 20, 30),
    # a meld of another suit: purity is judged on every tile, melds included
    ("123m456m789m11m [555p]", Pattern.PLAIN, 1, 1),
    ("123456789m11m (5555p)", Pattern.PLAIN, 1, 1),
    ("111m333m555m77m {9999s}", Pattern.ALL_TRIPLETS, 5, 5),
    ("123m456m11m [777m] (9999m)", Pattern.PURE_SUIT, 10, 10),
    ("111m333m55m [777m] [999m]", Pattern.PURE_TRIPLETS, 15, 15),
]


@pytest.mark.parametrize(("text", "pattern", "seed", "app"), PATTERNS,
                         ids=[p[0] for p in PATTERNS])
def test_highest_pattern(text: str, pattern: Pattern, seed: int, app: int) -> None:
    hand = Hand.parse(text, "guiyang")
    result = pattern_of(hand)
    assert result.pattern is pattern
    assert result.value == seed
    assert pattern_of(hand, APP_TABLE_RULES).value == app
    assert str(result).startswith(f"{pattern.title} {seed}")


def test_every_pattern_has_a_golden_case() -> None:
    assert {p[1] for p in PATTERNS} == set(Pattern)


def test_reasons_explain_shape_and_suit() -> None:
    dragon = pattern_of(Hand.parse("1111s2233445566s", "guiyang"))
    assert "four 1s held as two pairs" in dragon.reason
    assert "one suit (bamboo)" in dragon.reason
    plain = pattern_of(Hand.parse("234m456m234p55s789s", "guiyang"))
    assert "runs" in plain.reason and "3 suits" in plain.reason
    assert "Plain (平胡) 1" in str(plain)


def test_a_meld_of_another_suit_is_not_pure() -> None:
    result = pattern_of(Hand.parse("123m456m789m11m [555p]", "guiyang"))
    assert result.pattern is Pattern.PLAIN and result.value == 1
    assert "2 suits (characters, dots)" in result.reason
    same = pattern_of(Hand.parse("123m456m789m11m [555m]", "guiyang"))
    assert same.pattern is Pattern.PURE_SUIT and same.value == 10


def test_pattern_refuses_incomplete_hands() -> None:
    with pytest.raises(HandError, match="not a complete hand"):
        pattern_of(Hand.parse("234m456m234p55s78s1m", "guiyang"))


def test_honors_and_chows_refused() -> None:
    with pytest.raises(NotationError, match="no honors"):
        Hand.parse("234m456m234p55s11z", "guiyang")
    with pytest.raises((HandError, NotationError), match="no chows"):
        Hand.parse("234m456m55s789s [234p]", "guiyang")


def test_app_table_and_overrides_are_copies() -> None:
    assert GUIYANG_RULES.table == "original"
    assert APP_TABLE_RULES.table == "app"
    assert GuiyangRules.app_table() == APP_TABLE_RULES
    custom = override(GUIYANG_RULES, ["seven_pairs=9"])
    assert custom.table == "custom" and GUIYANG_RULES.seven_pairs == 7
    assert repr(custom) == "GuiyangRules(seven_pairs=9)"
    assert dataclasses.replace(GUIYANG_RULES, plain=2).pattern_value(Pattern.PLAIN) == 2
    with pytest.raises(ValueError, match="must be 0 to"):
        GuiyangRules(plain=-1)


def test_rule_text_numbers() -> None:
    r = GUIYANG_RULES
    assert [r.pattern_value(p) for p in Pattern] == [1, 5, 7, 10, 10, 15, 17, 20]
    assert (r.concealed_kong_bean, r.added_kong_bean, r.exposed_kong_bean) == (2, 3, 1)
    assert (r.fixed_chicken, r.flipped_chicken, r.charging_chicken, r.liability_chicken) == (
        1, 1, 3, 2)
    assert (r.fixed_value(True), r.charging_value(True), r.liability_value(True)) == (2, 6, 4)
    assert (r.self_draw_bonus, r.kong_draw_bonus, r.hot_discard_bonus) == (1, 1, 1)
    assert r.session_hands == 8


READY = [
    ("11m33m55m77m99m22p4p", ["4p"], Pattern.SEVEN_PAIRS, "4p"),
    ("111m222m333p444p5p", ["3p", "4p", "5p", "6p"], Pattern.ALL_TRIPLETS, "5p"),
    ("11223344m55p66p7p", ["4p", "7p"], Pattern.SEVEN_PAIRS, "7p"),
    ("1112223334445m", ["2m", "3m", "4m", "5m", "6m"], Pattern.PURE_TRIPLETS, "5m"),
    ("1112345678999p", [f"{r}p" for r in range(1, 10)], Pattern.PURE_SUIT, "1p"),
]


@pytest.mark.parametrize(("text", "waits", "pattern", "tile"), READY, ids=[r[0] for r in READY])
def test_best_possible_pattern(text: str, waits: list[str], pattern: Pattern, tile: str) -> None:
    hand = Hand.parse(text, "guiyang")
    assert [str(t) for t in readiness(hand).waits] == waits
    best = best_possible_pattern(hand)
    assert best is not None
    assert best.pattern is pattern
    assert best.winning_tile == Tile.parse(tile)


def test_not_ready_and_dead_waits() -> None:
    assert best_possible_pattern(Hand.parse("13579m2468p9s1s3s5s", "guiyang")) is None
    dead = Hand.parse("1111p234m567m999s", "guiyang")  # waits only on a fifth 1p
    assert not readiness(dead).ready
    assert best_possible_pattern(dead) is None
