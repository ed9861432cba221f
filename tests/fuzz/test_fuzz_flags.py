"""Hostile flags for the commands other than ``tutor simulate`` (``test_fuzz_simulate.py``):
rule overrides, hand notation, counts, seats and totals. Out-of-range numbers and junk are
refused with exit status 2 and one short line; random notation either reads or is refused the
same way, never with a traceback or a hang."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tutor.game.variants.hangzhou.play_rules import PLAY
from tutor.variants.guiyang.rules import GUIYANG_RULES
from tutor.variants.hangzhou.rules import HANGZHOU
from tutor.variants.huangyan.rules import HUANGYAN_RULES

from .cli import clean, refused

ROOT = Path(__file__).resolve().parents[2]
FEW = settings(max_examples=40)
GUIYANG_FILE = str(ROOT / "tests" / "data" / "guiyang" / "self_draw_beans.json")
HANGZHOU_FILE = str(ROOT / "tests" / "data" / "hangzhou" / "full_game.json")
HUANGYAN_HAND = ["score", "huangyan", "123m456p789s555z11z", "--win-tile", "1m"]
HANGZHOU_HAND = ["score", "hangzhou", "123m456m789m中中中白白", "--drawn", "白"]


def _int_fields(rules: Any) -> list[str]:
    return [f.name for f in dataclasses.fields(rules)
            if isinstance(getattr(rules, f.name), int)
            and not isinstance(getattr(rules, f.name), bool)]


# every ruleset's bounds lie within 0 to 10,000,000: beyond them (or below zero) is refused
OUT_OF_RANGE = st.one_of(st.integers(max_value=-1), st.integers(min_value=10**7 + 1),
                         st.integers(min_value=13, max_value=5000).map(lambda n: "9" * n))
JUNK = st.one_of(st.text(max_size=30).filter(lambda t: not t.strip().lstrip("+-").isdigit()),
                 st.floats().map(str), st.just("1_000"), st.just("0x10"))
COMMANDS_WITH_RULES = [
    (HUANGYAN_HAND, HUANGYAN_RULES), (HANGZHOU_HAND, HANGZHOU),
    (["ledger", "hangzhou", HANGZHOU_FILE], HANGZHOU),
    (["settle", "guiyang", GUIYANG_FILE], GUIYANG_RULES),
    (["simulate", "--variant", "hangzhou", "--hands", "1", "--workers", "1", "--no-progress"],
     PLAY),
]


@FEW
@given(st.data(), st.sampled_from(COMMANDS_WITH_RULES), st.one_of(OUT_OF_RANGE, JUNK))
def test_rule_numbers_out_of_range_or_junk(data: st.DataObject, case: tuple[list[str], Any],
                                           value: int | str) -> None:
    argv, rules = case
    name = data.draw(st.sampled_from(_int_fields(rules)), label="rule")
    assert "rule" in refused([*argv, "--rule", f"{name}={value}"])


@FEW
@given(st.sampled_from(COMMANDS_WITH_RULES), st.text(max_size=200))
def test_rule_text_of_any_kind_ends_cleanly(case: tuple[list[str], Any], text: str) -> None:
    clean([*case[0], "--rule", text])


NOTATION = st.one_of(
    st.text(max_size=60),
    st.text(alphabet="123456789mpsz東南西北白發中 []{}()", max_size=40),
    st.integers(min_value=100, max_value=30_000).map(lambda n: "1" * n),
    st.integers(min_value=100, max_value=30_000).map(lambda n: "[" * n))


@FEW
@given(st.sampled_from(["waits", "shanten", "efficiency"]),
       st.sampled_from(["huangyan", "hangzhou", "guiyang"]), NOTATION)
def test_any_hand_text_ends_cleanly(command: str, variant: str, text: str) -> None:
    clean([command, "--variant", variant, "--", text])


@FEW
@given(NOTATION, st.text(max_size=8))
def test_any_scored_hand_ends_cleanly(hand: str, tile: str) -> None:
    if hand.startswith("-") or tile.startswith("-"):
        return
    clean(["score", "huangyan", hand, "--win-tile", tile])
    clean(["score", "hangzhou", hand, "--drawn", tile])


@FEW
@given(st.sampled_from(["--after-gang", "--joker-discards"]), st.one_of(
    st.integers(max_value=-1), st.integers(min_value=5), JUNK))
def test_hangzhou_chain_out_of_range(flag: str, value: int | str) -> None:
    refused([*HANGZHOU_HAND, f"{flag}={value}"])


@FEW
@given(st.one_of(st.integers(max_value=9), st.integers(min_value=29), JUNK))
def test_hangzhou_honor_discards_out_of_range(value: int | str) -> None:
    refused(["score", "hangzhou", f"--honor-discards={value}"])


SEAT_JUNK = st.text(max_size=20).filter(lambda t: t.strip().upper() not in {
    "E", "S", "W", "N", "EAST", "SOUTH", "WEST", "NORTH", "東", "南", "西", "北", "东",
    "1Z", "2Z", "3Z", "4Z"})
RECKON = ["reckon", "huangyan", "--winner", "E", "--totals", "E=20,S=28,W=6,N=12"]
EXAMPLE = str(ROOT / "notebooks" / "apps" / "example_hands.json")


@FEW
@given(st.text(max_size=40))
def test_reckon_totals_of_any_text_end_cleanly(text: str) -> None:
    clean([*RECKON, f"--totals={text}"])


@FEW
@given(st.sampled_from(["--totals", "--stacks"]), OUT_OF_RANGE, st.sampled_from("ESWN"))
def test_reckon_numbers_out_of_range(flag: str, value: int | str, seat: str) -> None:
    items = ",".join(f"{s}={value if s == seat else 20}" for s in "ESWN")
    refused([*RECKON, f"{flag}={items}"])


@FEW
@given(st.sampled_from(["--winner", "--dealer", "--liable"]), SEAT_JUNK)
def test_reckon_seats(flag: str, text: str) -> None:
    refused([*RECKON, f"{flag}={text}"])


@FEW
@given(st.one_of(st.tuples(st.just("--seat"), SEAT_JUNK),
                 st.tuples(st.just("--hand"), st.one_of(JUNK, OUT_OF_RANGE.map(str)))))
def test_review_flags(flag: tuple[str, str]) -> None:
    other = ["--hand", "1"] if flag[0] == "--seat" else ["--seat", "E"]
    refused(["review", EXAMPLE, *other, f"{flag[0]}={flag[1]}"])


@FEW
@given(st.one_of(st.tuples(st.just("--seed"), st.one_of(
    JUNK, st.integers(min_value=2**63), st.integers(max_value=-(2**63) - 1))),
    st.tuples(st.just("--level"), st.one_of(JUNK, st.integers(min_value=4),
                                            st.integers(max_value=0)))))
def test_practice_flags(flag: tuple[str, Any]) -> None:
    refused(["practice", "waits", f"{flag[0]}={flag[1]}", "--json"])
