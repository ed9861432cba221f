"""A mistake or blunder stands only when a fresh check confirms it: the played and the preferred
move played out again from new deals (seeded apart from the first play-outs), the preferred one
better by more than ``significance`` standard errors; otherwise at most an inaccuracy."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tutor.coach import COACH, Decision, Grade, Position, positions, review
from tutor.coach.judge import Budget, confirm, confirm_seed, decisions, position_seed
from tutor.core.variant import Variant
from tutor.game.actions import Action
from tutor.game.evaluate import evaluate, mean_se

from .helpers import SEATS, hands

CHEAP = replace(COACH, playouts=3, confirm_playouts=6)
BAD = (Grade.MISTAKE, Grade.BLUNDER)
_ORDER = list(Grade)


def _flagged(variant: Variant, count: int = 3) -> list[tuple[Position, Decision, Decision]]:
    """(position, unchecked decision, checked decision) for every decision the play-outs flag
    as a mistake or blunder before any check."""
    unchecked = replace(CHEAP, confirm_playouts=0)
    out = []
    for state in hands(variant, count):
        for seat in SEATS:
            for pos in positions(state, seat):
                first = decisions(pos, unchecked)
                again = decisions(pos, CHEAP)
                for d, e in zip(first, again, strict=True):
                    if d.grade in BAD:
                        out.append((pos, d, e))
    return out


def _moves(d: Decision) -> tuple[Action, Action]:
    a, b = d.preferred.action, d.played.action
    assert a is not None and b is not None
    return a, b


def test_a_flagged_mistake_stands_only_when_the_check_confirms_it() -> None:
    found = downgraded = stood = 0
    for variant in Variant:
        for pos, d, e in _flagged(variant):
            found += 1
            assert d.confirm_playouts == 0 and not d.confirmed  # no check asked for
            assert (e.played.label, e.preferred.label) == (d.played.label, d.preferred.label)
            assert e.confirm_playouts > 0  # checked
            assert _ORDER.index(e.grade) <= _ORDER.index(d.grade)  # never graded up
            a, b = _moves(e)
            check = confirm(pos, a, b, CHEAP)
            assert check is not None
            assert (check.lost, check.se, check.playouts) == (
                e.points_lost, e.points_lost_se, e.confirm_playouts)
            if e.grade in BAD:
                stood += 1
                assert e.confirmed and check.lost > CHEAP.significance * check.se
                assert "dealt afresh to check" in e.reason
            else:
                downgraded += 1
                assert e.grade in (Grade.INACCURACY, Grade.GOOD)
    assert found > 3 and downgraded > 0


def test_the_check_is_replayable_and_seeded_apart_from_the_first_play_outs() -> None:
    for pos, _d, e in _flagged(Variant.HUANGYAN, 2)[:3]:
        a, b = _moves(e)
        assert confirm(pos, a, b, CHEAP) == confirm(pos, a, b, CHEAP)
        seeds = {position_seed(pos)} | {confirm_seed(pos, k) for k in range(3)}
        assert len(seeds) == 4
        # the check's numbers are its own batches' paired differences
        assert pos.world is not None
        first = evaluate(pos.world, [a, b], playouts=CHEAP.confirm_playouts,
                         seed=confirm_seed(pos, 0))
        diffs = [x - y for x, y in zip(first.of(a).samples, first.of(b).samples, strict=True)]
        check = confirm(pos, a, b, replace(CHEAP, confirm_batches=1))
        assert check is not None
        assert check.lost == mean_se(diffs)[0] and check.playouts == CHEAP.confirm_playouts


def test_an_impossible_significance_leaves_no_mistake() -> None:
    strict = replace(CHEAP, significance=1e5)
    for variant in Variant:
        for state in hands(variant, 2):
            for seat in SEATS:
                for d in review(state, seat, strict).decisions:
                    assert d.grade not in BAD, str(d)


def test_a_review_without_budget_for_checks_grades_no_mistake() -> None:
    broke = replace(CHEAP, confirm_budget=0)
    seen = 0
    for variant in Variant:
        for pos, d, _e in _flagged(variant, 2):
            for e in decisions(pos, broke, Budget(broke.review_playouts, 0)):
                assert e.confirm_playouts == 0 and e.grade not in BAD
            seen += d.grade in BAD
    assert seen > 0


def test_the_budget_is_spent_in_whole_batches() -> None:
    budget = Budget(0, 2 * CHEAP.confirm_playouts)
    for pos, _d, e in _flagged(Variant.HUANGYAN, 2)[:1]:
        a, b = _moves(e)
        check = confirm(pos, a, b, CHEAP, budget)
        assert check is not None and check.playouts == CHEAP.confirm_playouts
        assert budget.checks == 0
        assert confirm(pos, a, b, CHEAP, budget) is None


def _two_moves() -> tuple[Position, Action, Action]:
    """A position and two of its moves (the coach's and another)."""
    unchecked = replace(CHEAP, confirm_playouts=0)
    for state in hands(Variant.GUIYANG, 2):
        for pos in positions(state, SEATS[0]):
            for d in decisions(pos, unchecked):
                a, b = d.preferred.action, d.played.action
                if a is not None and b is not None and a != b:
                    return pos, a, b
    raise AssertionError("no decision with two moves")


class _Outcome:
    """What ``evaluate`` returns, with the play-outs' points given: ``of(move).samples``."""

    def __init__(self, samples: dict[Action, list[float]]) -> None:
        self.samples = samples

    def of(self, action: Action) -> object:
        return type("Option", (), {"samples": self.samples[action]})()


@pytest.mark.parametrize(("better", "worse", "significant"), [
    ([5.0, 5.0, 5.0], [0.0, 0.0, 0.0], True),  # better every time, no spread: stands
    ([0.0, 0.0, 0.0], [0.5, 0.5, 0.5], False),  # worse every time: never a mistake
    ([1.0, 1.0, 1.0], [1.0, 1.0, 1.0], False),  # the same: no loss to stand on
    ([3.0, -1.0, 3.0, -1.0], [0.0] * 4, False),  # 1 better on average, 1.15 SE: not 3 SE
    ([9.0, 7.0, 9.0, 7.0], [0.0] * 4, True),  # 8 better, SE 0.58: well above 3 SE
])
def test_a_check_stands_only_above_significance(monkeypatch: pytest.MonkeyPatch,
                                               better: list[float], worse: list[float],
                                               significant: bool) -> None:
    """The check's verdict from given play-out points (the play-outs themselves replaced):
    the preferred move must be better on average by more than ``significance`` standard
    errors of the paired differences."""
    import tutor.game.evaluate as evaluate_module

    pos, a, b = _two_moves()
    monkeypatch.setattr(evaluate_module, "evaluate",
                        lambda world, moves, playouts, seed, memo=None: _Outcome(
                            {a: better, b: worse}))
    rules = replace(CHEAP, confirm_playouts=len(better), confirm_batches=1)
    check = confirm(pos, a, b, rules)
    assert check is not None
    diffs = [x - y for x, y in zip(better, worse, strict=True)]
    mean, se = mean_se(diffs)
    assert check.se == pytest.approx(se)
    assert (check.lost, check.playouts) == (pytest.approx(mean), len(diffs))
    assert check.significant is significant
