"""What-if: the same seeded hands under two rulesets, and its widget."""

from __future__ import annotations

import pytest

from tutor.display.widgets.whatif import WhatIfView
from tutor.errors import RulesError
from tutor.study.whatif import compare, parse_overrides


def test_parse_overrides() -> None:
    assert parse_overrides("a=1, b = up\nc=x") == {"a": "1", "b": "up", "c": "x"}
    assert parse_overrides("") == {}
    with pytest.raises(ValueError, match="name=value"):
        parse_overrides("threshold 30")


def test_no_change_gives_identical_statistics() -> None:
    comparison = compare("guiyang", {}, hands=12, seed=3)
    assert comparison.base.as_dict() == comparison.changed.as_dict()
    assert all(b == c for _, b, c in comparison.rows())


def test_a_later_stage_brings_more_liability() -> None:
    """A threshold of 30 live tiles starts the Live Tile Stage earlier in the same deals."""
    comparison = compare("huangyan", {"live_tile_stage_threshold": "30"}, hands=60,
                         bots=("sensible", "random"))
    assert comparison.changed.extra["stage_reached"] > comparison.base.extra["stage_reached"]
    assert sum(comparison.changed.stat("liability")) >= sum(comparison.base.stat("liability"))


def test_a_bad_rule_is_refused_before_playing() -> None:
    with pytest.raises(RulesError):
        compare("hangzhou", {"no_such_rule": "1"}, hands=1000)


def test_view_runs_and_shows_errors() -> None:
    view = WhatIfView("guiyang", "seven_pairs=10", hands=10, seed=1)
    assert view.summary() == "WhatIfView(guiyang: not run yet)"
    view.run_button.click()
    assert view.comparison is not None and view.progress.value == view.progress.max == 20
    assert "<table" in view.table.value and "<svg" in view.plot.value
    assert view.summary() == "WhatIfView(guiyang, 10 hands: defaults vs seven_pairs=10)"
    view.rules.value = "seven_pairs"
    view.run_button.click()
    assert "tutor-error" in view.table.value and view.plot.value == ""
