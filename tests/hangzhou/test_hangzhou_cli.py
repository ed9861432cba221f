"""``tutor score hangzhou`` and ``tutor ledger hangzhou``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.cli import main

DATA = Path(__file__).resolve().parents[1] / "data" / "hangzhou"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_seed_example_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "score", "hangzhou", "123m456m77m白白 [中中中中]", "--drawn",
                         "3p", "--after-gang", "1", "--joker-discards", "1")
    assert code == 0 and err == ""
    assert "product: x16" in out and "East pays South 128" in out


def test_score_json_dealer(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "hangzhou", "123m 5白7m 444p 中中中 東東", "--drawn", "7m",
                       "--dealer", "--json")
    data = json.loads(out)
    assert code == 0 and data["product"] == 1 and data["reading"]["jokers"] == "白=6m"
    assert [p["amount"] for p in data["payments"]] == [8, 8, 8]
    assert data["winner"] == data["dealer"] == "E"


def test_score_rule_override(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "hangzhou", "123m456m789m中中白白", "--drawn", "中",
                       "--joker-discards", "2", "--rule", "scoring=mil-fan", "--json")
    assert code == 0 and json.loads(out)["product"] == 16
    code, out, _ = run(capsys, "score", "hangzhou", "123m456m789m中中白白", "--drawn", "中",
                       "--joker-discards", "2", "--json")
    assert json.loads(out)["product"] == 32


def test_score_refuses_a_discard_win(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "score", "hangzhou", "11m22m33m44m55m66m7m", "--drawn", "7m",
                         "--on-discard")
    assert code == 2 and out == ""
    assert "self-draw only" in err and "discard" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize(("argv", "message"), [
    (["11m22m33m44m55m66m8m", "--drawn", "9m"], "not a complete hand"),
    (["11m22m33m44m55m66m7m", "--drawn", "7m", "--rule", "tile_hog=x"], "tile_hog"),
    (["11m22m33m44m55m66m7m", "--drawn", "7m", "--rule", "colour=red"], "unknown rule"),
    (["11m22m33m44m55m66m7m", "--drawn", "7m", "--after-gang", "1"], "1 kong"),
])
def test_score_errors(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, _, err = run(capsys, "score", "hangzhou", *argv)
    assert code == 2 and message in err


def test_ledger_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "ledger", "hangzhou", str(DATA / "streak.json"))
    assert code == 0 and err == ""
    assert "final scores: East 204, South 116, West 40, North 40" in out
    code, out, _ = run(capsys, "ledger", "hangzhou", str(DATA / "full_game.json"), "--json")
    data = json.loads(out)
    assert data["ended_after"] == 6 and data["scores"]["N"] == -4


def test_ledger_no_settle(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ledger", "hangzhou", str(DATA / "streak.json"), "--no-settle",
                       "--json")
    assert code == 0 and json.loads(out)["final"] == []


def test_ledger_malformed_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "ledger", "hangzhou", str(DATA / "bad_winner.json"))
    assert code == 2 and out == ""
    assert "hand 2, field 'winner'" in err and "'X'" in err


def test_ledger_not_json(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("[{", encoding="utf-8")
    code, _, err = run(capsys, "ledger", "hangzhou", str(path))
    assert code == 2 and "not JSON" in err


def test_ledger_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, err = run(capsys, "ledger", "hangzhou", str(tmp_path / "nope.json"))
    assert code == 2 and "nope.json" in err


def test_score_help_explains_the_chain_and_the_seats(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["score", "hangzhou", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "Jokers discarded in the chain count toward Three/Four White Dragons" in text
    assert "--winner SEAT" in text and "--dealer [SEAT]" in text
    assert "--honor-discards N" in text


def test_score_winner_and_dealer_seats(capsys: pytest.CaptureFixture[str]) -> None:
    hand = ["123m456m789m中中中白", "--drawn", "1m"]
    _, out, _ = run(capsys, "score", "hangzhou", *hand, "--winner", "W", "--dealer", "N",
                    "--json")
    data = json.loads(out)
    assert (data["winner"], data["dealer"]) == ("W", "N")
    assert {p["payer"]: p["amount"] for p in data["payments"]} == {"E": 2, "S": 2, "N": 16}
    _, out, _ = run(capsys, "score", "hangzhou", *hand, "--winner", "N", "--dealer", "--json")
    data = json.loads(out)
    assert data["winner"] == data["dealer"] == "N" and data["total"] == 48
    code, _, err = run(capsys, "score", "hangzhou", *hand, "--winner", "X")
    assert code == 2 and "'X'" in err


def test_score_ten_honors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "score", "hangzhou", "--honor-discards", "11")
    assert code == 0 and err == ""
    assert out.splitlines()[0] == ("Ten Honors Explosive Head by South: a special win, the "
                                   "shape of the hand does not matter")
    assert "x8 [11 honor discards in a row" in out and "x2 per honor beyond 10 (1 more)" in out
    assert "East pays South 64" in out and "South receives 80" in out
    _, out, _ = run(capsys, "score", "hangzhou", "--honor-discards", "10", "--dealer", "--json")
    data = json.loads(out)
    assert set(data) == {"variant", "special", "honor_discards", "winner", "dealer", "lines",
                         "product", "payments", "total"}
    assert data["special"] == "Ten Honors Explosive Head" and data["product"] == 4
    assert data["winner"] == data["dealer"] == "E" and data["total"] == 96


@pytest.mark.parametrize(("argv", "message"), [
    (["--honor-discards", "9"], "needs 10 honor discards"),
    (["--honor-discards", "29"], "only 28 honor tiles"),
    (["123m", "--honor-discards", "10"], "give no HAND"),
    (["--honor-discards", "10", "--joker-discards", "1"], "takes no chain"),
    (["123m456m789m中中中白"], "give the HAND and --drawn"),
])
def test_score_ten_honors_errors(capsys: pytest.CaptureFixture[str], argv: list[str],
                                 message: str) -> None:
    code, out, err = run(capsys, "score", "hangzhou", *argv)
    assert code == 2 and out == "" and message in err and len(err.splitlines()) == 1


def test_ledger_first_turn_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "ledger", "hangzhou", str(DATA / "first_turn_and_specials.json"))
    assert code == 0
    assert "hand 1: [penalty] East pays South 7 (First-Turn Matching Discard Penalty" in out
    assert "hand 3: [dealer tally] South pays East 16 (East's tally from hand 2" in out
    assert "final scores: East 69, South 77, West 165, North 89" in out
