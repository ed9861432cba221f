"""The JSON hand description: strict reading with errors that name the field, round trips."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tutor import HandError
from tutor.variants.guiyang import FieldError, hand_to_json, load_hand, read_hand

DATA = Path(__file__).parent.parent / "data" / "guiyang"
GOOD = sorted(p for p in DATA.glob("*.json") if p.name != "bad_seat.json")


def base() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((DATA / "self_draw_beans.json").read_text("utf-8"))
    return loaded


@pytest.mark.parametrize("path", GOOD, ids=[p.name for p in GOOD])
def test_round_trip(path: Path) -> None:
    hand = load_hand(path)
    assert read_hand(json.loads(json.dumps(hand_to_json(hand)))) == hand


def _set(d: dict[str, Any], path: str, value: object) -> None:
    keys: list[Any] = [int(k) if k.isdigit() else k for k in path.split("/")]
    for k in keys[:-1]:
        d = d[k]
    if value is KeyError:
        del d[keys[-1]]
    else:
        d[keys[-1]] = value


BAD = [
    ("players/S", KeyError, "players.S: missing"),
    ("players/E/concealed", "234m456m234p5z", "players.E.concealed"),
    ("players/E/concealed", 42, "players.E.concealed: expected a string"),
    ("players/S/melds/0/from", "X", "players.S.melds[0].from"),
    ("players/S/melds/0", "{9999p}", "players.S.melds[0]: {9999p} (added kong) needs the seat"),
    ("players/S/melds/0/meld", "[789p]", "players.S.melds[0].meld"),
    ("players/E/melds/0", "(7777z)", "players.E.melds[0]"),
    ("players/E/colour", "red", "players.E.colour: unknown field"),
    ("discards/2", "W 9p >", "discards[2]"),
    ("discards/2", "W 9p > N", "discards[2]"),
    ("win/how", "tsumo", "win.how"),
    ("win/winners", ["E", "E"], "win.winners"),
    ("win/tile", "6s", "players.E"),
    ("win/from", "S", "win.from"),
    ("revealed", KeyError, "revealed: missing"),
    ("revealed", "9p", "5 copies of 9p"),
    ("exhaustive_draw", True, "win"),
    ("variant", "hangzhou", "variant"),
    ("players/N/concealed", "2468m3568p248s1s", "players.N"),
]


@pytest.mark.parametrize(("path", "value", "field"), BAD, ids=[b[0] + "=" + str(b[1])
                                                               for b in BAD])
def test_errors_name_the_field(path: str, value: object, field: str) -> None:
    d = base()
    _set(d, path, copy.deepcopy(value))
    with pytest.raises(HandError) as info:
        read_hand(d)
    assert field in str(info.value)


def test_field_error_has_the_path() -> None:
    with pytest.raises(FieldError) as info:
        read_hand({"players": []})
    assert info.value.field == "players"


def test_charging_claim_must_be_listed() -> None:
    d = json.loads((DATA / "two_winners_liability.json").read_text("utf-8"))
    d["discards"] = ["E 9s"]
    with pytest.raises(HandError, match=r"players\.W\.melds\[0\].*'N 1s > W'"):
        read_hand(d)


def test_hot_discard_needs_the_discarders_kong() -> None:
    d = json.loads((DATA / "two_winners_liability.json").read_text("utf-8"))
    d["win"]["how"] = "hot_discard"
    with pytest.raises(HandError, match="hot discard follows the discarder's own kong"):
        read_hand(d)


def test_not_json() -> None:
    with pytest.raises(FieldError, match="not JSON"):
        load_hand(DATA / "README.md")
