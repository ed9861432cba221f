"""The replay viewer: records read through the public record functions, steps, seat views,
hostile files refused with a message, and the API a coach will use."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest

from tutor.core.tiles import Wind
from tutor.display.widgets.replay import ReplayView
from tutor.game.record import RecordError, record
from tutor.game.simulate import play_hand
from tutor.study.replay import MAX_BYTES, Replay

EXAMPLE = Path(__file__).resolve().parents[2] / "notebooks" / "apps" / "example_hands.json"


def test_the_example_file_replays_every_hand() -> None:
    replay = Replay.from_file(EXAMPLE)
    assert [f.variant.value for f in replay.finals] == ["huangyan", "hangzhou", "guiyang"]
    assert all(f.outcome is not None and f.outcome.winners for f in replay.finals)
    assert replay.titles()[0].startswith("Hand 1: Huangyan Reckoning, ")


def test_stepping_matches_the_recorded_moves() -> None:
    state = play_hand("hangzhou", 3, ["sensible"], {})
    replay = Replay(record(state, {}))
    assert replay.steps == len(state.history) and replay.step == 0
    assert replay.move() == "the deal"
    replay.forward()
    seat, action = state.history[0]
    assert replay.move() == f"{seat.name.title()}: {action}"
    assert replay.state().history == state.history[:1]
    replay.go_to(10_000)
    assert replay.step == replay.steps and replay.state() is replay.final
    replay.back()
    assert replay.step == replay.steps - 1 and not replay.state().is_terminal()
    replay.go_to(-5)
    assert replay.step == 0


def test_all_hands_face_up_or_one_seats_view() -> None:
    replay = Replay.from_file(EXAMPLE)
    replay.go_to(20)
    every = replay.picture().as_dict()
    assert every["viewer"] == "" and all(s["concealed"] is not None for s in every["seats"])
    south = replay.picture("S").as_dict()
    assert south["viewer"] == "S" and south["seats"][0]["seat"] == "S"
    assert [s["concealed"] is None for s in south["seats"]] == [False, True, True, True]
    assert not any(": draw " in line and not line.startswith("South") for line in south["log"])


def test_bad_and_hostile_files_are_refused_with_a_reason(tmp_path: Path) -> None:
    cases = {
        "not JSON": "{",
        "item 0 should be a record": "[1]",
        "should be .mahjong-tutor": "{\"schema\": 3}",
        "'schema' should be": json.dumps({"x": 1}),
        "the list of records is empty": "[]",
        "nested more than 32 deep": "[" * 100_000,
        "bytes; the viewer reads at most": " " * (MAX_BYTES + 1),
    }
    for reason, text in cases.items():
        with pytest.raises(RecordError, match=reason.split(";")[0]):
            Replay.from_text(text)
    data = json.loads(EXAMPLE.read_text())
    data[1]["actions"][3][1] = "discard 9z"
    with pytest.raises(RecordError, match="hand 2: record: field 'actions'"):
        Replay(data)
    with pytest.raises(RecordError, match="not UTF-8"):
        Replay.from_text(b"\xff\xfe")
    with pytest.raises(RecordError, match="cannot read it"):
        Replay.from_file(tmp_path / "missing.json")


def test_the_viewer_steps_scrubs_and_switches_views() -> None:
    view = ReplayView(str(EXAMPLE), projector=True)
    assert view.summary() == "ReplayView(example_hands.json: hand 1 of 3, huangyan, step 0 of 86)"
    assert view.back_button.disabled and not view.forward_button.disabled
    view.forward_button.click()
    assert view.replay.step == 1 and "move 1 of 86" in view.step_label.value
    view.slider.value = 40
    assert view.replay.step == 40 and view.widget.table["step"] == 40
    view.seat_view.value = "N"
    assert view.widget.table["viewer"] == "N"
    view.show_seat(None)
    assert view.widget.table["viewer"] == ""
    view.last.click()
    assert view.forward_button.disabled and "tutor-result-outcome" in view.widget.result
    view.hand_choice.value = 2
    assert view.replay.hand == 2 and view.slider.max == view.replay.steps
    assert view.widget.table["variant"] == "guiyang" and view.replay.step == 0


def test_go_to_and_highlight_for_a_coach() -> None:
    view = ReplayView(str(EXAMPLE))
    view.go_to(12)
    view.highlight(["3m", "5z"])
    assert view.widget.table["step"] == 12 and view.widget.highlight_tiles == ["3m", "5z"]
    view.forward()
    assert view.widget.highlight_tiles == []  # a step clears the marks


def test_upload_a_record_and_refuse_a_bad_one() -> None:
    view = ReplayView(str(EXAMPLE))
    text = json.dumps(record(play_hand("guiyang", 7, ["random"], {}), {}))
    assert view.open_text(text.encode(), "mine.json")
    assert view.summary().startswith("ReplayView(mine.json: hand 1 of 1, guiyang")
    assert not view.open_text(b"{oops", "bad.json")
    assert "bad.json: record file: not JSON" in view.message.value
    assert view.summary().startswith("ReplayView(mine.json")  # the hand shown is kept
    view.upload.value = ({"name": "up.json", "type": "application/json", "size": len(text),
                          "content": memoryview(text.encode()),
                          "last_modified": datetime.datetime(2024, 1, 1, tzinfo=datetime.UTC)},)
    assert view.summary().startswith("ReplayView(up.json")
    view.reset_button.click()
    assert view.summary().startswith("ReplayView(example_hands.json: hand 1 of 3")
    assert view.seat_view.value == "all"


def test_replay_of_every_seat_keeps_the_learner_at_the_bottom() -> None:
    replay = Replay.from_file(EXAMPLE)
    for seat in Wind:
        picture = replay.picture(seat)
        assert [s.seat for s in picture.seats] == [seat.next(i) for i in range(4)]
