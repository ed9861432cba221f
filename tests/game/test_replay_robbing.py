"""A robbed added kong in the replays: the hand's log, ``tutor replay`` (text and JSON) and the
replay viewer's model show the attempted kong, then the robbing window, then the win."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.game.record import record
from tutor.game.state import HandState
from tutor.study.replay import Replay

from .huangyan.play_huangyan_helpers import deal, play

# South holds a pair of 7p to pong; West waits on 7p only (the middle of 68p).
ROB_ADDED = {"E": "7p 2m5m8m 3s6s9s 3z3z 4z4z 7z7z 9p",
             "S": "77p 1m4m7m 2s5s8s 1z1z 2z 5z 6z",
             "W": "123s 456s 789s 11z 68p"}
UP_TO_KONG = [("E", "discard 7p"), ("S", "pong 7p"), ("S", "discard 1m"), ("W", "discard 9m"),
              ("N", "discard 9m"), ("E", "discard 9m"), ("S", "added-kong 7p")]


def _robbed() -> HandState:
    state = deal(ROB_ADDED, draws="9m 9m 9m 7p")
    return play(state, [*UP_TO_KONG, ("W", "rob 7p")])


def _not_robbed() -> HandState:
    state = deal(ROB_ADDED, draws="9m 9m 9m 7p", replacements="1p")
    return play(state, [*UP_TO_KONG, ("W", "pass")])


def _lines(state: HandState) -> list[str]:
    return [str(e) for e in state.events]


def test_the_log_shows_the_attempted_kong_then_the_window_then_the_win() -> None:
    lines = _lines(_robbed())
    at = lines.index("South: draw 7p")
    assert lines[at:] == ["South: draw 7p", "South: added kong 7p", "table: window 7p (West: rob)",
                          "West: end 7p (West won by robbing the kong on 7p from South)"]


def test_an_added_kong_nobody_robs_is_logged_once_before_its_replacement() -> None:
    lines = _lines(_not_robbed())
    at = lines.index("South: draw 7p")
    assert lines[at:] == ["South: draw 7p", "South: added kong 7p", "table: window 7p (West: rob)",
                          "West: pass", "South: replacement 1p"]


def test_an_added_kong_without_a_window_is_logged_as_before() -> None:
    state = deal(ROB_ADDED | {"W": "123s 456s 789s 11z 58p"}, draws="9m 9m 9m 7p",
                 replacements="1p")
    play(state, UP_TO_KONG)
    lines = _lines(state)
    at = lines.index("South: draw 7p")
    assert lines[at:] == ["South: draw 7p", "South: added kong 7p", "South: replacement 1p"]


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    path = tmp_path / "robbed.json"
    path.write_text(json.dumps(record(_robbed())), encoding="utf-8")
    return path


def test_tutor_replay_prints_the_kong_then_the_robbing_window(
        saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(saved)]) == 0
    out = capsys.readouterr().out.splitlines()
    at = out.index("  South: draw 7p")
    assert out[at:at + 4] == ["  South: draw 7p", "  South: added kong 7p",
                              "  table: robbing window 7p (West: rob)",
                              "  West: end 7p (West won by robbing the kong on 7p from South)"]
    assert main(["replay", str(saved), "--json"]) == 0
    events = json.loads(capsys.readouterr().out)[0]["events"]
    at = events.index("South: added kong 7p")
    assert events[at - 1:at + 2] == ["South: draw 7p", "South: added kong 7p",
                                     "table: robbing window 7p (West: rob)"]


def test_the_replay_viewer_steps_through_the_kong_and_its_window(saved: Path) -> None:
    viewer = Replay.from_file(saved)
    kong = viewer.steps - 1  # the step after the added kong, before the rob
    viewer.go_to(kong)
    assert viewer.move() == "South: added-kong 7p"
    log = list(viewer.picture().log)
    assert log[-3:] == ["South: draw 7p", "South: added kong 7p", "Robbing window 7p: West: rob"]
    # a claim window stays out of the face-up log; only robbing windows are shown
    assert not any(line.startswith("Window") for line in log)
    # West's own view: the kong, never who may rob it
    assert list(viewer.picture("W").log)[-1] == "South: added kong 7p"
    viewer.forward()
    assert viewer.move() == "West: rob 7p"
    log = list(viewer.picture().log)
    assert log[-2:] == ["Robbing window 7p: West: rob",
                        "West won by robbing the kong on 7p from South"]
