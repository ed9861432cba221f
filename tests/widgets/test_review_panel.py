"""The review panel's model: each graded moment at the replay step where its seat decided, with
the coach's counts and lesson, the same for the same record however it is given."""

from __future__ import annotations

import json

import pytest

from tutor.coach import DecisionKind, Grade, Option, review
from tutor.core.tiles import Tile, Wind
from tutor.core.variant import Variant
from tutor.errors import TutorError
from tutor.game.actions import Action
from tutor.game.record import record
from tutor.game.simulate import play_hand
from tutor.study.replay import Replay
from tutor.study.review_panel import ReviewPanel, option_tiles

BOTS = ("random", "sensible")  # East plays at random, so its review has moments to show


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_each_moment_is_the_step_where_its_seat_decided(variant: Variant) -> None:
    state = play_hand(variant, 3, BOTS)
    replay = Replay(record(state, {}))
    for seat in (Wind.EAST, Wind.SOUTH):
        panel = ReviewPanel.of(replay, seat)
        assert panel.moments, f"{seat} made no decision"
        for moment in panel.moments:
            replay.go_to(moment.step)
            at = replay.state()
            assert at.current_actor() is seat
            legal = {str(a) for a in at.legal_actions()}
            for option in moment.decision.options:
                if option.label not in ("no kong", "play on"):
                    assert option.label in legal, (moment, option.label)
            who, action = replay.final.history[moment.step]
            assert who is seat
            if moment.kind in (DecisionKind.DISCARD, DecisionKind.CLAIM):
                assert moment.decision.played.label == str(action)


def test_counts_and_lesson_are_the_coachs() -> None:
    state = play_hand("huangyan", 4, BOTS)
    for seat in Wind:
        coach = review(state, seat).summary
        panel = ReviewPanel.of(state, seat)
        assert panel.counts == coach.counts and panel.lesson == coach.lesson
        data = panel.as_dict()
        assert {c["grade"]: c["count"] for c in data["counts"]} == {
            g.value: n for g, n in coach.counts.items()}
        assert len(data["moments"]) == sum(n for g, n in coach.counts.items()
                                           if g is not Grade.GOOD)
        assert len(panel.as_dict(show_all=True)["moments"]) == len(panel.moments)
        if coach.worst is None:
            assert panel.worst is None and data["worst"] == -1
        else:
            assert panel.worst is not None and panel.worst.decision == coach.worst


def test_the_same_record_gives_the_same_panel() -> None:
    state = play_hand("hangzhou", 5, BOTS)
    data = record(state, {})
    panels = [ReviewPanel.of(data, "W"), ReviewPanel.of(json.dumps(data), "W"),
              ReviewPanel.of(state, Wind.WEST), ReviewPanel.of(Replay(data), "W")]
    first = panels[0].as_dict(show_all=True)
    assert all(p.as_dict(show_all=True) == first for p in panels[1:])
    assert panels[0] == panels[1]


def test_shown_moments_are_the_graded_ones_in_hand_order() -> None:
    panel = ReviewPanel.of(play_hand("huangyan", 4, BOTS), "E")
    graded = panel.shown()
    assert graded and all(m.grade is not Grade.GOOD for m in graded)
    assert [m.step for m in graded] == sorted(m.step for m in graded)
    assert len(panel.shown(show_all=True)) == len(panel.moments) > len(graded)
    assert panel.moment(graded[0].index) is graded[0]
    with pytest.raises(TutorError, match="no moment"):
        panel.moment(len(panel.moments))
    assert repr(panel).startswith(f"<ReviewPanel huangyan E: {len(graded)} graded of ")


@pytest.mark.parametrize(("label", "tile", "tiles"), [
    ("discard 3m", "3m", "3m"), ("chow 789m", "7m", "7m 8m 9m"), ("pong 5z", "5z", "5z"),
    ("added-kong 3z", "3z", "3z"), ("pass", None, ""), ("no kong", None, ""),
    ("play on", "4p", "4p"), ("win 7m", "7m", "7m")])
def test_the_tiles_a_move_uses(label: str, tile: str | None, tiles: str) -> None:
    option = Option(label, Tile.parse(tile) if tile else None)
    assert [str(t) for t in option_tiles(option)] == tiles.split()
    if label not in ("no kong", "play on"):
        Action.parse(label)  # every other label is a move
