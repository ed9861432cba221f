"""The match-length model: hands per Huangyan match against the table stack, from seeded
sessions (tutor.study.match_length)."""

from __future__ import annotations

import statistics

import pytest

from tutor.errors import RulesError
from tutor.game.simulate import simulate
from tutor.game.variants.huangyan import play_session
from tutor.study.match_length import MatchLength, match_length


@pytest.fixture(scope="module")
def study() -> MatchLength:
    return match_length((10, 40), sessions=2, seed=3, reference_hands=12)


def test_each_row_is_the_sessions_played_with_that_stack(study: MatchLength) -> None:
    for row in study.rows:
        expected: list[int] = []
        for seed in (3, 4):
            report = play_session(seed, ["sensible"], {"ante": row.stack,
                                                       "reserve": 3 * row.stack})
            expected += report.match_hands
            assert report.total == 4 * 3 * row.stack  # the session's money is conserved
        assert list(row.match_hands) == expected
        assert row.matches == 6 and row.hands == sum(expected)
        assert row.mean_hands == statistics.fmean(expected)
        assert row.median_hands == statistics.median(expected)
        assert row.longest == max(expected) >= row.mean_hands >= 1
        assert row.one_hand_share == expected.count(1) / 6
        # a winner's total holds at least the 10 points of Hu; one per won hand
        assert row.winner_totals and all(t >= 10 for t in row.winner_totals)
        assert len(row.winner_totals) <= row.hands


def test_bigger_stacks_make_longer_matches(study: MatchLength) -> None:
    small, big = study.row(10), study.row(40)
    assert big.mean_hands > small.mean_hands  # these seeds; the notebook plots many more
    assert small.one_hand_share > big.one_hand_share


def test_the_reference_winner_total_comes_from_simulated_hands(study: MatchLength) -> None:
    summary = simulate("huangyan", 12, 3, ["sensible"], workers=1)
    won = [d.extra["winner_total"] for d in summary.details if d.winners]
    assert study.reference_median == statistics.median(won)
    assert study.reference_hands == 12


def test_text_dict_and_html(study: MatchLength) -> None:
    text = str(study)
    assert text.splitlines()[1].split() == ["stack", "matches", "mean", "hands", "median",
                                            "hands", "longest", "one-hand", "matches",
                                            "winner's", "total", "(median)"]
    assert "a winner's total per won hand over 12 simulated hands: median" in text
    data = study.as_dict()
    rows = data["rows"]
    assert isinstance(rows, list) and [r["stack"] for r in rows] == [10, 40]
    assert set(rows[0]) == {"stack", "matches", "hands", "mean_hands", "median_hands",
                            "longest", "one_hand_share", "winner_total_median"}
    assert "<table" in study._repr_html_()
    with pytest.raises(KeyError):
        study.row(20)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"stacks": ()}, "at least one stack"),
    ({"stacks": (0,)}, "at least 1"),
    ({"stacks": (True,)}, "whole number"),
    ({"sessions": 0}, "sessions must be"),
    ({"reference_hands": -1}, "reference_hands must be"),
])
def test_bad_parameters(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        match_length(**kwargs)  # type: ignore[arg-type]
