"""``tutor settle guiyang``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.cli import main

DATA = Path(__file__).parent.parent / "data" / "guiyang"


def test_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settle", "guiyang", str(DATA / "two_winners_liability.json")]) == 0
    out = capsys.readouterr().out
    assert "East and South won" in out
    assert "[liability chicken] North pays West 2" in out
    assert out.rstrip().endswith("net: East +9, South +6, West +6, North -21")


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settle", "guiyang", str(DATA / "robbed_kong.json"), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["net"] == {"E": 16, "S": -11, "W": 6, "N": -11}
    assert data["flipped_chicken"] == "2s"
    assert data["players"][0]["pattern"]["pattern"] == "plain"
    assert sum(p["amount"] for p in data["payments"] if p["payee"] == "E") - sum(
        p["amount"] for p in data["payments"] if p["payer"] == "E") == 16


def test_rules_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(DATA / "draw_1_ready.json")
    assert main(["settle", "guiyang", path, "--json", "--table", "app"]) == 0
    assert json.loads(capsys.readouterr().out)["net"]["E"] == 30
    assert main(["settle", "guiyang", path, "--json", "--rule", "seven_pairs=8"]) == 0
    assert json.loads(capsys.readouterr().out)["net"]["E"] == 24


@pytest.mark.parametrize(("args", "message"), [
    ([str(DATA / "bad_seat.json")], "players.S.melds[0].from: expected a seat"),
    ([str(DATA / "missing.json")], "missing.json"),
    ([str(DATA / "draw_1_ready.json"), "--rule", "colour=red"], "unknown rule 'colour'"),
])
def test_errors_exit_2(args: list[str], message: str,
                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["settle", "guiyang", *args]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def test_refused_win_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = json.loads((DATA / "hot_discard_golden.json").read_text("utf-8"))
    d["win"]["how"] = "discard"
    path = tmp_path / "cold.json"
    path.write_text(json.dumps(d), "utf-8")
    assert main(["settle", "guiyang", str(path)]) == 2
    assert "needs a kong" in capsys.readouterr().err
