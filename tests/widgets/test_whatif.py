"""What-if: the same seeded hands under two rulesets, and its widget."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys

import pytest

from tutor.core.variant import Variant
from tutor.display.widgets.whatif import WhatIfView, gains_svg
from tutor.errors import RulesError
from tutor.study.whatif import DEFAULT_CHANGES, compare, gain_bins, parse_overrides


def test_parse_overrides() -> None:
    assert parse_overrides("a=1, b = up\nc=x") == {"a": "1", "b": "up", "c": "x"}
    assert parse_overrides("") == {}
    with pytest.raises(ValueError, match="name=value"):
        parse_overrides("threshold 30")


def test_no_change_gives_identical_statistics() -> None:
    comparison = compare("guiyang", {}, hands=12, seed=3)
    assert comparison.base.as_dict() == comparison.changed.as_dict()
    assert all(b == c for _, b, c in comparison.rows())
    assert comparison.differing() == []


def test_a_later_stage_brings_more_liability() -> None:
    """A threshold of 30 live tiles starts the Live Tile Stage earlier in the same deals."""
    comparison = compare("huangyan", {"live_tile_stage_threshold": "30"}, hands=60,
                         bots=("sensible", "random"))
    assert comparison.changed.extra["stage_reached"] > comparison.base.extra["stage_reached"]
    assert sum(comparison.changed.stat("liability")) >= sum(comparison.base.stat("liability"))


@pytest.mark.parametrize("variant", list(Variant))
def test_each_default_change_shows_something(variant: Variant) -> None:
    """The change a what-if starts with moves rows of the table in a few dozen hands."""
    comparison = compare(variant, parse_overrides(DEFAULT_CHANGES[variant]), hands=30)
    moved = comparison.differing()
    assert len(moved) >= 2, str(comparison)
    assert any("winner's gain" in name or "draws" in name for name in moved)


@pytest.mark.parametrize("variant", list(Variant))
def test_rows_are_labelled_in_words(variant: Variant) -> None:
    comparison = compare(variant, {}, hands=6, seed=1)
    names = [name for name, _, _ in comparison.rows()]
    assert len(names) == len(set(names))
    assert not [n for n in names if "_" in n or n in ("draw", "special win", "stage_reached")]
    assert names[:2] == ["hands played", "draws (no winner)"]
    assert all(name[0].islower() or name[0].isupper() for name in names)


def test_the_old_default_showed_nothing() -> None:
    """Why the default changed: ``liability_payee=normal`` leaves every row as it was."""
    comparison = compare("huangyan", {"liability_payee": "normal"}, hands=30)
    assert comparison.differing() == []


def test_a_bad_rule_is_refused_before_playing() -> None:
    with pytest.raises(RulesError):
        compare("hangzhou", {"no_such_rule": "1"}, hands=1000)


def test_gain_bins_cover_every_gain() -> None:
    assert gain_bins([], []) == [0, 1, 2]
    bins = gain_bins([3, 250], [-4, 7])
    assert bins[0] <= -4 and bins[-1] > 250 and 15 <= len(bins) <= 25
    assert len({b - a for a, b in itertools.pairwise(bins)}) == 1


def test_view_runs_and_shows_errors() -> None:
    view = WhatIfView("guiyang", "seven_pairs=10", hands=10, seed=1)
    assert view.summary() == "WhatIfView(guiyang: not run yet)"
    view.run_button.click()
    assert view.comparison is not None and view.progress.value == view.progress.max == 20
    assert "<table" in view.table.value and "<svg" in view.plot.value
    assert view.summary() == "WhatIfView(guiyang, 10 hands: defaults vs seven_pairs=10)"
    assert "stage_reached" not in view.table.value and "hands played" in view.table.value
    view.rules.value = "seven_pairs"
    view.run_button.click()
    assert "tutor-error" in view.table.value and view.plot.value == ""


def test_view_progress_moves_on_every_hand() -> None:
    view = WhatIfView("hangzhou", hands=6, seed=2)
    seen: list[int] = []
    view.progress.observe(lambda change: seen.append(change["new"]), names="value")
    view.run()
    assert seen == list(range(1, 13))
    assert "with the change: hand 6 of 6" in view.status.value


def test_view_starts_from_the_game_default_and_resets() -> None:
    view = WhatIfView("huangyan", hands=5)
    assert view.rules.value == DEFAULT_CHANGES[Variant.HUANGYAN]
    view.variant.value = "guiyang"
    assert view.rules.value == DEFAULT_CHANGES[Variant.GUIYANG]
    view.rules.value = "seven_pairs=9"
    view.variant.value = "hangzhou"  # the learner's own change stays
    assert view.rules.value == "seven_pairs=9"
    view.run()
    view.reset()
    assert (view.variant.value, view.rules.value, view.hands.value) == (
        "huangyan", DEFAULT_CHANGES[Variant.HUANGYAN], 5)
    assert view.comparison is None and view.table.value == view.plot.value == ""


def test_view_draws_the_histogram_without_matplotlib(monkeypatch: pytest.MonkeyPatch) -> None:
    """As under Pyodide: matplotlib cannot be imported, and the widget still shows the
    histogram, drawn by tutor.display.charts."""
    for name in [m for m in sys.modules if m == "matplotlib" or m.startswith("matplotlib.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.delitem(sys.modules, "tutor.display.plots", raising=False)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib -> ImportError
    with pytest.raises(ImportError):
        import matplotlib  # noqa: F401
    view = WhatIfView("guiyang", hands=8, seed=4)
    view.run()
    assert 'class="tutor-chart"' in view.plot.value
    assert "winner&#x27;s gain in a won hand" in view.plot.value
    assert "matplotlib" not in view.plot.value


def test_both_pictures_show_the_same_bars() -> None:
    pytest.importorskip("matplotlib")
    comparison = compare("guiyang", parse_overrides(DEFAULT_CHANGES[Variant.GUIYANG]), hands=20)
    own = gains_svg(comparison, use_matplotlib=False)
    drawn = gains_svg(comparison)
    assert 'class="tutor-chart"' in own and "tutor-chart" not in drawn
    assert 'width="100%"' in drawn[drawn.index("<svg"):].split(">", 1)[0]  # scales to its box
    hands = len(comparison.base.gains) + len(comparison.changed.gains)
    assert hands == sum(int(n) for n in re.findall(r": (\d+) in ", own))


def test_loading_the_widget_imports_no_matplotlib() -> None:
    code = ("import sys, tutor.display.widgets.whatif, tutor.study.whatif, "
            "tutor.display.charts; print(sorted(m for m in sys.modules if 'matplotlib' in m))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"
