"""``tutor score huangyan`` and ``tutor reckon huangyan``."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from tutor.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_reckon_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "reckon", "huangyan", "--dealer", "E", "--winner", "N",
                       "--totals", "E=20,S=28,W=6,N=12", "--json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["payments", "net", "match_over"]
    assert data["net"] == {"E": -6, "S": 13, "W": -31, "N": 24}
    assert data["match_over"] is False
    first = data["payments"][0]
    assert set(first) == {"wave", "payer", "payee", "amount", "reason"}
    assert (first["wave"], first["payer"], first["payee"], first["amount"]) == (1, "E", "N", 12)


def test_reckon_with_stacks_and_liability(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "reckon", "huangyan", "--winner", "N", "--totals",
                       "E=20,S=28,W=6,N=12", "--liable", "W", "--stacks",
                       "E=20,S=20,W=20,N=20", "--json")
    assert code == 0
    data = json.loads(out)
    assert list(data) == ["payments", "net", "stacks", "match_over"]
    assert data["stacks"] == {"E": 20, "S": 20, "W": 0, "N": 40}
    assert data["match_over"] is True
    assert {p["payer"] for p in data["payments"]} == {"W"}


def test_reckon_rule_option(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["reckon", "huangyan", "--winner", "N", "--totals", "E=20,S=28,W=6,N=12",
            "--liable", "W", "--json"]
    _, out, _ = run(capsys, *args, "--rule", "liability_payee=normal")
    assert json.loads(out)["net"] == {"E": 20, "S": 22, "W": -66, "N": 24}
    _, out, _ = run(capsys, "reckon", "huangyan", "--winner", "N", "--totals",
                    "E=0,S=0,W=0,N=13", "--rule", "rounding=down", "--json")
    assert json.loads(out)["net"]["N"] == 13 + 6 + 6


def test_reckon_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "reckon", "huangyan", "--winner", "E", "--totals",
                       "E=20,S=28,W=6,N=12")
    assert code == 0
    assert "net: East +60, South -1, West -34, North -25" in out


def test_score_winner_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "huangyan", "123m 55z 789s [777z] [1111p]",
                       "--win-tile", "5z", "--self-draw", "--seat", "S", "--json")
    assert code == 0
    data = json.loads(out)
    # Hu 10, Self-Draw 2, Single Hook 2, exposed 777z 4, exposed kong 1111p 16, dragon pair 2
    assert (data["base"], data["doubles"], data["total"]) == (36, 1, 72)
    assert data["seat"] == "S" and data["winner"] is True
    assert {line["item"] for line in data["lines"]} >= {"Hu", "Self-Draw", "Dragon Pong"}


def test_score_flags(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "score", "huangyan", "345m678s99s (2222p) [1111z]", "--win-tile",
                    "9s", "--kong-draw", "--json")
    assert json.loads(out)["total"] == 176
    _, out, _ = run(capsys, "score", "huangyan", "123m456p789s234s55p", "--win-tile", "2m",
                    "--robbing", "--json")
    assert json.loads(out)["total"] == 48
    _, out, _ = run(capsys, "score", "huangyan", "123m456p789s111z55z", "--win-tile", "5z",
                    "--self-draw", "--last-tile")
    assert "Fisherman's Win (海底捞月): 1 double" in out and "24 x 2^2 = 96" in out


def test_score_partial(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "huangyan", "111z22z555z123m4p9s", "--partial",
                       "--seat", "S", "--json")
    assert code == 0 and json.loads(out)["total"] == 36
    _, out, _ = run(capsys, "score", "huangyan", "11z222z345m678m9p1s", "--partial",
                    "--rule", "prevailing_wind=S", "--json")
    assert json.loads(out)["total"] == 20


def test_score_limit_rule(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "score", "huangyan", "111z222z333z444z55z", "--win-tile", "5z",
                    "--rule", "limit=500", "--json")
    assert json.loads(out)["total"] == 500


@pytest.mark.parametrize("argv", [
    ["score", "huangyan", "123m456p789s111z56z", "--win-tile", "5z"],  # not a win
    ["score", "huangyan", "11223344556677z", "--win-tile", "1z"],  # seven pairs
    ["score", "huangyan", "123m456p789s111z55z", "--win-tile", "9p"],  # tile not held
    ["score", "huangyan", "123m456p789s111z55z"],  # neither --win-tile nor --partial
    ["score", "huangyan", "123m456p789s111z55z", "--partial"],  # 14 tiles for a non-winner
    ["score", "huangyan", "123m456p789s111z5q", "--win-tile", "5z"],  # bad notation
    ["score", "huangyan", "111z22z555z123m4p9s", "--partial", "--self-draw"],
    ["reckon", "huangyan", "--winner", "N", "--totals", "E=20,S=28,W=6"],  # a seat missing
    ["reckon", "huangyan", "--winner", "N", "--totals", "E=20,S=x,W=6,N=1"],
    ["reckon", "huangyan", "--winner", "Q", "--totals", "E=20,S=28,W=6,N=12"],
    ["reckon", "huangyan", "--winner", "N", "--totals", "E=20,S=28,W=6,N=12", "--liable", "N"],
    ["reckon", "huangyan", "--winner", "N", "--totals", "E=1,S=2,W=3,N=4", "--rule", "nope=1"],
])
def test_bad_input_exit_status_two(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1 and "error" in err


def test_subprocess_entry_point() -> None:
    proc = subprocess.run([sys.executable, "-m", "tutor", "reckon", "huangyan", "--winner", "E",
                           "--totals", "E=20,S=28,W=6,N=12", "--json"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["net"]["S"] == -1
    proc = subprocess.run([sys.executable, "-m", "tutor", "score", "huangyan", "1m", "--win-tile",
                           "1m"], capture_output=True, text=True, check=False)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
