"""The review panel's widget, in the replay viewer and after a hand at the play table, driven
with the messages the browser sends."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutor.coach import Grade
from tutor.core.tiles import Wind
from tutor.display.widgets.play import PlayView
from tutor.display.widgets.replay import ReplayView
from tutor.display.widgets.review import ReviewWidget
from tutor.display.widgets.table import TableWidget
from tutor.errors import TutorError
from tutor.game.bots import make_bot
from tutor.game.simulate import play_hand
from tutor.study.replay import Replay
from tutor.study.review_panel import Moment, ReviewPanel

EXAMPLE = Path(__file__).resolve().parents[2] / "notebooks" / "apps" / "example_hands.json"


def _finish(view: PlayView) -> None:
    bot = make_bot("random", 1)
    while not view.table.finished:
        view.play(bot.choose(view.table.view()))


def test_the_widget_lists_the_graded_moments_and_reports_a_click() -> None:
    clicked: list[Moment] = []
    widget = ReviewWidget(on_moment=clicked.append)
    widget.click(0)
    assert "no review to show" in widget.message and widget.message_kind == "error"
    panel = ReviewPanel.of(play_hand("huangyan", 4, ("random", "sensible")), "E")
    widget.show(panel)
    data = widget.panel
    assert data["title"] == "Review of East's play" and data["lesson"] == panel.lesson
    assert [m["index"] for m in data["moments"]] == [m.index for m in panel.shown()]
    assert all(m["grade"] != "good" for m in data["moments"])
    first = panel.shown()[0]
    widget.click(first.index)
    assert clicked == [first] and widget.current == first.index and widget.message == ""
    widget.handle({"event": "show_all", "on": True})
    assert len(widget.panel["moments"]) == len(panel.moments) and widget.current == first.index
    for junk in ({"event": "moment", "index": "3"}, {"event": "moment", "index": True},
                 {"event": "moment", "index": 10_000}):
        widget.handle(junk)
        assert widget.message_kind == "error" and widget.message
    widget.handle("not a message")
    widget.handle({"event": "unknown"})
    assert clicked == [first]
    assert repr(widget) == f"ReviewWidget(East: {len(panel.moments)} moments shown)"


def test_the_table_frames_played_and_preferred_tiles_apart() -> None:
    table = TableWidget(mode="replay")
    table.highlight(["1m"], played=["3m"], preferred=["7p", "8p", "9p"])
    assert table.highlight_tiles == ["1m"] and table.played_tiles == ["3m"]
    assert table.preferred_tiles == ["7p", "8p", "9p"]
    table.show(Replay.from_file(EXAMPLE).picture())
    assert table.played_tiles == table.preferred_tiles == table.highlight_tiles == []


def test_clicking_a_moment_jumps_the_replay_and_marks_the_tiles() -> None:
    view = ReplayView(str(EXAMPLE), projector=True)
    assert view.review_widget.layout.display == "none" and view.review_widget.review is None
    view.review_seat.value = "N"
    panel = view.review_widget.review
    assert panel is not None and panel.seat is Wind.NORTH
    assert view.review_widget.layout.display == "" and "tutor-reviewing" in view.main._dom_classes
    for moment in panel.shown():
        view.review_widget.click(moment.index)
        assert view.replay.step == moment.step == view.widget.table["step"]
        assert view.widget.table["viewer"] == "N" and view.seat_view.value == "N"
        assert view.replay.state().current_actor() is Wind.NORTH
        assert view.widget.played_tiles == sorted({str(t) for t in moment.played})
        assert view.widget.preferred_tiles == sorted({str(t) for t in moment.preferred})
        assert f"North to decide move {moment.move} ({moment.grade.value})" \
            in view.step_label.value
        assert view.widget.played_tiles or view.widget.preferred_tiles
    view.forward()
    assert view.widget.played_tiles == view.widget.preferred_tiles == []
    assert "to decide" not in view.step_label.value
    view.back()  # the moment's step again: its note and its marks
    assert "North to decide" in view.step_label.value
    assert view.widget.played_tiles or view.widget.preferred_tiles
    # another hand of the file: the review follows it
    view.hand_choice.value = 1
    assert view.review_widget.review is not None
    assert view.review_widget.review.review.variant.value == "hangzhou"
    assert view.review_widget.current == -1
    view.review(None)
    assert view.review_widget.layout.display == "none" and view.review_seat.value == ""
    assert "tutor-reviewing" not in view.main._dom_classes
    assert view.summary().startswith("ReplayView(example_hands.json: hand 2 of 3, hangzhou, "
                                     "step 0 of ")


def test_a_review_can_be_opened_from_the_start() -> None:
    view = ReplayView(Replay.from_file(EXAMPLE), review="S")
    panel = view.review_widget.review
    assert panel is not None and panel.seat is Wind.SOUTH
    assert view.review(Wind.NORTH) is view.review_widget.review
    assert view.review_seat.value == "N"
    assert {c["grade"]: c["count"] for c in view.review_widget.panel["counts"]} == {
        g.value: n for g, n in view.review_widget.review.counts.items()}
    assert set(Grade) == set(view.review_widget.review.counts)


def test_review_my_hand_after_playing_it() -> None:
    view = PlayView("huangyan", seed=1)
    assert view.review_button.layout.display == "none"
    assert view.review_hand() is None and "Finish the hand first" in view.widget.message
    _finish(view)
    assert view.review_button.layout.display == ""
    view.review_button.click()
    replay = view.replay_view
    assert replay is not None and view.main.children == (replay.main,)
    assert replay.steps.children[-1] is view.back_button  # beside the step buttons
    panel = replay.review_widget.review
    assert panel is not None and panel.seat is Wind.EAST
    opened = panel.shown()[0]  # straight to the first graded moment
    assert replay.replay.step == opened.step and replay.review_widget.current == opened.index
    assert panel.moments == ReviewPanel.of(view.table.state, "E").moments
    moment = panel.shown(show_all=True)[-1]
    replay.review_widget.click(moment.index)
    assert replay.replay.step == moment.step and replay.widget.table["viewer"] == "E"
    view.back_button.click()
    assert view.replay_view is None and view.main.children == (view.widget,
                                                               view.review_button)
    assert view.back_button not in replay.steps.children
    view.review_button.click()
    assert view.replay_view is not None and view.replay_view.steps.children[-1] is view.back_button
    view.new_hand(2)  # a new deal closes the review
    assert view.replay_view is None and view.review_button.layout.display == "none"
    assert view.summary().startswith("PlayView(huangyan, seed 2, East: ")


def test_a_review_that_cannot_be_made_is_said_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    class Refusing:
        @classmethod
        def of(cls, *_args: object) -> ReviewPanel:
            raise TutorError("the record is not a finished hand")

    monkeypatch.setattr("tutor.display.widgets.replay.ReviewPanel", Refusing)
    view = ReplayView(str(EXAMPLE))
    view.review_seat.value = "E"
    assert view.review_widget.review is None and view.review_widget.layout.display == ""
    assert view.review_widget.message == ("Cannot review this hand: the record is not a "
                                          "finished hand")
    assert view.review_widget.message_kind == "error"
