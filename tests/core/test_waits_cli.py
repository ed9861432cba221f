"""``tutor waits --strict-jokers``: Hangzhou's option joker_fifth_copy=false on the command line."""

from __future__ import annotations

import json

import pytest

from tutor.cli import main
from tutor.core.notation import parse_hand
from tutor.core.variant import Variant
from tutor.core.waits import waits

HAND = "666m111333p789s白"  # three 6m held: a joker as 6m would be its fifth copy


def _waits(capsys: pytest.CaptureFixture[str], *flags: str) -> list[str]:
    assert main(["waits", "--variant", "hangzhou", "--json", *flags, HAND]) == 0
    found = json.loads(capsys.readouterr().out)["waits"]
    return [w["tile"] if isinstance(w, dict) else w for w in found]


def test_strict_jokers_drops_waits_that_need_a_fifth_copy(
        capsys: pytest.CaptureFixture[str]) -> None:
    default, strict = _waits(capsys), _waits(capsys, "--strict-jokers")
    hand = parse_hand(HAND, Variant.HANGZHOU)
    expected = [str(t) for t in waits(hand, Variant.HANGZHOU, joker_fifth_copy=False).waits]
    assert strict == expected
    assert "6m" in default and "6m" not in strict  # the flag reaches the engine
    assert set(strict) < set(default)


def test_strict_jokers_is_refused_outside_hangzhou(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["waits", "--strict-jokers", "123m456p789s1122z"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.endswith("--strict-jokers is a Hangzhou option (only Hangzhou has jokers)")
    assert "\n" not in err
