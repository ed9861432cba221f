"""One voice: the play table's hint is the coach's judgement. A learner who always plays the
hint's move gets a review with every decision graded good, in each game."""

from __future__ import annotations

import pytest

from tutor.coach import Grade, review
from tutor.core.variant import Variant
from tutor.study.play import PlayTable

SEEDS = {Variant.HUANGYAN: (1, 2), Variant.HANGZHOU: (1, 2), Variant.GUIYANG: (1, 2)}


def _follow(variant: Variant, seed: int, seat: str) -> PlayTable:
    table = PlayTable(variant, seed=seed, seat=seat)
    for _ in range(200):
        if table.finished:
            break
        advice = table.advice()
        assert advice.action in {str(a) for a in table.legal()}
        assert table.hint().startswith(f"Coach's move: {advice.action}.")
        table.play(advice.action)
    assert table.finished
    return table


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_following_the_hint_is_graded_good_throughout(variant: Variant) -> None:
    decisions = 0
    for seed in SEEDS[variant]:
        for seat in ("E", "S"):
            table = _follow(variant, seed, seat)
            result = review(table.state, seat)
            for d in result.decisions:
                assert d.grade is Grade.GOOD, (seed, seat, str(d))
                assert d.played.label == d.preferred.label, (seed, seat, str(d))
            decisions += len(result.decisions)
    assert decisions > 20
