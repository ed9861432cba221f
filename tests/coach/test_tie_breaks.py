"""The coach's documented tie-breaks (tutor.coach.rules): on equal value it prefers the move
played and never grades it down; among other options of equal value it prefers the one nearest
ready with the most useful tiles. The play-outs are replaced by a stub that scores every option
the same, so every played-out decision is a tie."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import pytest

from tutor.coach import COACH, Grade, positions
from tutor.coach.judge import decisions, recommend
from tutor.core.variant import Variant
from tutor.game.actions import Action
from tutor.game.evaluate import Estimate, Evaluation
from tutor.game.state import HandState

from .helpers import SEATS, hands

STATIC = replace(COACH, playouts=0)


def _all_equal(state: HandState, actions: Sequence[Action], *, playouts: int, seed: int,
               **_: Any) -> Evaluation:
    seat = state.current_actor()
    assert seat is not None
    return Evaluation(seat, tuple(Estimate(a, 3.0, 1.0, playouts, (3,) * playouts)
                                  for a in actions), seed)


@pytest.fixture
def ties(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tutor.game.evaluate.evaluate", _all_equal)


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_on_a_tie_the_move_played_is_preferred(variant: Variant, ties: None) -> None:
    tied = against_first_pass = 0
    for state in hands(variant, 4):
        for seat in SEATS[:2]:
            for pos in positions(state, seat):
                for d in decisions(pos, COACH):
                    if d.played.points is None:
                        continue
                    tied += 1
                    assert d.preferred.label == d.played.label, str(d)
                    assert d.grade is Grade.GOOD and d.points_lost == 0
                    first = min(d.options, key=lambda o: o.loss)
                    against_first_pass += first.label != d.played.label
    assert tied > 20
    assert against_first_pass > 0  # the first pass preferred another move in some ties


def test_among_equal_options_the_most_useful_tiles_win(ties: None) -> None:
    checked = differing = 0
    for state in (h for v in Variant for h in hands(v, 4)):
        for seat in SEATS:
            for pos in positions(state, seat):
                _, found = recommend(pos, COACH)
                for d in found:
                    scored = [o for o in d.options if o.points is not None]
                    if len(scored) < 2:
                        continue
                    checked += 1
                    near = min(o.shanten if o.shanten is not None else 99 for o in scored)
                    level = [o for o in scored if o.shanten == near]
                    most = max(o.useful or 0 for o in level)
                    assert d.preferred.shanten == near, str(d)
                    assert (d.preferred.useful or 0) == most, str(d)
                    differing += len({o.useful for o in level}) > 1
    assert checked > 5
    assert differing > 0  # ties among options with different useful tiles were decided


def test_first_pass_ties_go_to_the_move_played() -> None:
    """Without play-outs: a played option whose cost equals the best is preferred, good."""
    seen = 0
    for state in hands(Variant.HUANGYAN, 4):
        for seat in SEATS:
            for pos in positions(state, seat):
                for d in decisions(pos, STATIC):
                    best = min(o.cost for o in d.options)
                    if d.played.cost == pytest.approx(best, abs=1e-9):
                        assert d.preferred.label == d.played.label and d.grade is Grade.GOOD
                        seen += d.options[0].label != d.played.label or len(
                            [o for o in d.options if o.cost == pytest.approx(best)]) > 1
    assert seen > 0
