"""``tutor review FILE --seat S [--hand K] [--json]``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.coach import review
from tutor.coach.review import MAX_FILE_BYTES
from tutor.core.variant import Variant
from tutor.game.record import record

from .helpers import hands


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three hands saved the way ``tutor simulate --save`` saves them: a JSON list."""
    path = tmp_path_factory.mktemp("review") / "hands.json"
    path.write_text(json.dumps([record(s) for s in hands(Variant.GUIYANG, 3)], indent=1))
    return path


def test_json_is_a_list_of_decisions(saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(saved), "--seat", "W", "--hand", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, list) and data
    expected = review(hands(Variant.GUIYANG, 3)[1], "W")
    assert data == [d.as_dict() for d in expected.decisions]
    kinds = set()
    for item in data:
        assert {"turn", "kind", "played", "preferred", "grade", "reason"} <= set(item)
        assert item["kind"] in ("discard", "claim", "kong", "win")
        assert item["grade"] in ("good", "inaccuracy", "mistake", "blunder")
        kinds.add(item["kind"])
        if item["kind"] == "discard":
            for option in item["options"]:
                assert {"tile", "shanten", "useful"} <= set(option)
                assert isinstance(option["useful"], int) and isinstance(option["shanten"], int)
            assert item["played"] == f"discard {item['played_tile']}"
    assert "discard" in kinds


def test_text_lists_each_decision_and_the_summary(saved: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["review", str(saved), "--seat", "s", "--hand", "1"]) == 0
    out = capsys.readouterr().out
    expected = review(hands(Variant.GUIYANG, 3)[0], "S")
    assert out.startswith("hand 1 of 3\nReview of South's play (Guiyang Chicken): ")
    for d in expected.decisions:
        assert str(d) in out
    assert str(expected.summary) in out


def test_a_single_record_needs_no_hand_number(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "one.json"
    path.write_text(json.dumps(record(hands(Variant.HANGZHOU, 1)[0])))
    assert main(["review", str(path), "--seat", "N"]) == 0
    assert capsys.readouterr().out.startswith("hand 1 of 1\nReview of North's play")


def _error(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tutor review: error: ")
    assert len(lines[0]) < 300
    return lines[0]


def test_bad_seats_and_hand_numbers(saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "--seat must be E, S, W or N" in _error(
        ["review", str(saved), "--seat", "X", "--hand", "1"], capsys)
    assert "--seat must be E, S, W or N" in _error(
        ["review", str(saved), "--seat", "East wind", "--hand", "1"], capsys)
    assert "holds 3 hands: pick one with --hand 1 to 3" in _error(
        ["review", str(saved), "--seat", "E"], capsys)
    for number in ("0", "4", "-1"):
        assert f"--hand {number} is out of range" in _error(
            ["review", str(saved), "--seat", "E", "--hand", number], capsys)


@pytest.mark.parametrize(("content", "message"), [
    ("not json", "not JSON"),
    ("[" * 50_000, "nested more than 32 deep"),
    ("[]", "an empty list holds no hand"),
    ("[1, 2]", "hand 1 is a JSON int, not a record object"),
    ('{"schema": "something else"}', "'schema' should be"),
    ('{"schema": "mahjong-tutor/hand", "version": 1, "variant": "huangyan", "rules": {}, '
     '"chance": {"order": "1m", "dice": [1, 1]}, "actions": []}', "version 1 is not supported"),
])
def test_bad_files(tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str,
                   message: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert message in _error(["review", str(path), "--seat", "E"], capsys)


def test_missing_binary_huge_and_tampered_files(tmp_path: Path, saved: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert "cannot read" in _error(["review", str(tmp_path / "none.json"), "--seat", "E"],
                                   capsys)
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert "not UTF-8 text" in _error(["review", str(binary), "--seat", "E"], capsys)
    huge = tmp_path / "huge.json"
    with huge.open("wb") as f:
        f.truncate(MAX_FILE_BYTES + 1)
    assert "larger than" in _error(["review", str(huge), "--seat", "E"], capsys)
    data = json.loads(saved.read_text())
    data[0]["actions"][5][1] = "discard 9z"
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(data))
    assert "'actions' was changed" in _error(
        ["review", str(tampered), "--seat", "E", "--hand", "1"], capsys)
