"""Hostile files for every command that reads one: records (``tutor replay``), Hangzhou game
files (``tutor ledger hangzhou``) and Guiyang hand descriptions (``tutor settle guiyang``).

Each example is written to a file and run through ``tutor.cli.main`` in-process. A run may
succeed only when the file is one the format accepts; otherwise it ends with exit status 2 and
one short line on stderr, never a traceback or a hang. Mutations of a record are refused
whatever they change (its digest covers every field); mutations that make a game file or hand
description invalid are refused naming the field."""

from __future__ import annotations

import itertools
import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tutor.core.variant import Variant
from tutor.game.record import record
from tutor.game.simulate import play_hand
from tutor.ledger import Seat

from .cli import clean, refused, run

ROOT = Path(__file__).resolve().parents[2]
FEW = settings(max_examples=40)
_COUNTER = itertools.count()
_FOLDER = Path(tempfile.mkdtemp(prefix="tutor-fuzz-"))

SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-10**29, max_value=10**29),
    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12))
JSON = st.recursive(SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12)


def _file(content: str | bytes) -> str:
    path = _FOLDER / f"case{next(_COUNTER)}.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return str(path)


def _json_file(data: Any) -> str:
    return _file(json.dumps(data, ensure_ascii=False))


# -- anything at all ---------------------------------------------------------------------------
COMMANDS = [["replay"], ["ledger", "hangzhou"], ["settle", "guiyang"], ["review", "--seat", "E"]]


@FEW
@given(st.sampled_from(COMMANDS), st.one_of(
    JSON.map(json.dumps), st.binary(max_size=200), st.text(max_size=200),
    st.integers(min_value=33, max_value=5000).map(lambda n: "[" * n + "]" * n),
    st.integers(min_value=33, max_value=5000).map(lambda n: '{"a":' * n + "1" + "}" * n),
    st.integers(min_value=31, max_value=5000).map(lambda n: "[" + "9" * n + "]")))
def test_any_content_ends_cleanly(command: list[str], content: str | bytes) -> None:
    clean([*command, _file(content)])


@FEW
@given(st.sampled_from(COMMANDS), st.one_of(
    st.integers(min_value=33, max_value=100_000).map(lambda n: "[" * n),
    st.integers(min_value=33, max_value=3000).map(lambda n: '[{"x":' * n),
    st.integers(min_value=31, max_value=100_000).map(lambda n: "[1" + "0" * n + "]"),
    # an unclosed string of escaped quotes: a scan that backtracks would take hours
    st.integers(min_value=100_000, max_value=1_000_000).map(lambda n: '["' + '\\"' * n),
    st.sampled_from(["[NaN]", "[Infinity]", "[-Infinity]", "[1e999]", "\xff\xfe", ""])))
def test_deep_huge_or_broken_json_is_refused(command: list[str], content: str) -> None:
    refused([*command, _file(content)])


def test_a_file_past_the_limit_is_refused() -> None:
    from tutor.jsonfile import MAX_BYTES

    path = _FOLDER / "huge.json"
    with path.open("wb") as f:
        f.truncate(MAX_BYTES + 1)
    for command in COMMANDS:
        assert "larger than" in refused([*command, str(path)])


# -- records -----------------------------------------------------------------------------------
RECORD = json.loads(json.dumps(record(play_hand(Variant.HANGZHOU, 0, ["random"]))))


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _paths(item, (*prefix, i))


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    """The item of nested dicts and lists that ``path`` leads to."""
    for step in path:
        value = value[step]
    return value


PATHS = [p for p in _paths(RECORD) if p]


def _mutated(data: st.DataObject) -> Any:
    out = json.loads(json.dumps(RECORD))
    path = data.draw(st.sampled_from(PATHS), label="path")
    parent = _at(out, path[:-1])
    key = path[-1]
    how = data.draw(st.sampled_from(["replace", "delete", "add", "swap", "copy"]), label="how")
    if how == "replace":
        parent[key] = data.draw(JSON, label="value")
    elif how == "delete":
        del parent[key]
    elif how == "add" and isinstance(parent, dict):
        parent[data.draw(st.text(max_size=8), label="name")] = data.draw(JSON, label="value")
    elif how == "add":
        parent.insert(key, data.draw(JSON, label="value"))
    elif how == "swap" and isinstance(parent, list) and len(parent) > 1:
        other = data.draw(st.integers(0, len(parent) - 1), label="other")
        parent[key], parent[other] = parent[other], parent[key]
    elif how == "copy" and isinstance(parent, list):
        parent.insert(key, parent[key])
    return out


@FEW
@given(st.data())
def test_any_change_to_a_record_is_refused(data: st.DataObject) -> None:
    changed = _mutated(data)
    assume(changed != RECORD)
    refused(["replay", _json_file(changed)])


def test_the_unchanged_record_replays() -> None:
    status, _, err = run(["replay", _json_file(RECORD)])
    assert (status, err) == (0, "")


@FEW
@given(st.lists(st.sampled_from([RECORD, "x", 1, None]), min_size=2, max_size=5))
def test_a_list_with_one_bad_record_is_refused(items: list[Any]) -> None:
    assume(any(item != RECORD for item in items))
    refused(["replay", _json_file(items)])


# -- Hangzhou game files -----------------------------------------------------------------------
HANGZHOU = json.loads((ROOT / "tests" / "data" / "hangzhou" / "full_game.json").read_text())
KINDS = {"draw": 0, "multiplier": 1, "hand": 2, "honors": 3, "chain": 5}


def _not_a_seat(value: Any) -> bool:
    if not isinstance(value, str):
        return True
    try:
        Seat.parse(value)
    except ValueError:
        return True
    return False


NOT_INT = st.one_of(st.none(), st.booleans(), st.floats(allow_nan=False, allow_infinity=False),
                    st.text(max_size=6), st.lists(st.integers(), max_size=2))
HUGE = st.integers(min_value=10**6, max_value=10**29)


def _outside(low: int, high: int) -> st.SearchStrategy[Any]:
    return st.one_of(NOT_INT, st.integers(max_value=low - 1), st.integers(min_value=high + 1),
                     HUGE.filter(lambda n: n > high))


# (which hand of the game, field, hostile values): each makes the file invalid
HOSTILE_HANGZHOU = [
    ("multiplier", "multiplier", _outside(1, 2**20)),
    ("honors", "honor_discards", _outside(10, 28)),
    ("chain", "kongs", _outside(0, 4)),
    ("chain", "joker_discards", _outside(0, 4)),
    ("multiplier", "kongs", JSON),
    ("multiplier", "joker_discards", JSON),
    ("honors", "kongs", JSON),
    ("draw", "winner", JSON),
    ("multiplier", "winner", JSON.filter(_not_a_seat)),
    ("multiplier", "result", JSON.filter(lambda v: v not in ("win", "draw"))),
    ("draw", "note", st.one_of(NOT_INT.filter(lambda v: not isinstance(v, str)),
                               st.integers(501, 5000).map(lambda n: "n" * n))),
    ("hand", "hand", st.one_of(NOT_INT.filter(lambda v: not isinstance(v, str)),
                               st.text(max_size=30).filter(lambda t: len(t.strip()) < 13))),
    ("hand", "drawn", NOT_INT.filter(lambda v: not isinstance(v, str))),
    ("draw", "first_turn", JSON),
]


@FEW
@given(st.data(), st.sampled_from(HOSTILE_HANGZHOU))
def test_hostile_hangzhou_fields_are_refused(data: st.DataObject,
                                             case: tuple[str, str, Any]) -> None:
    kind, name, values = case
    game = json.loads(json.dumps(HANGZHOU))
    entry = game["hands"][KINDS[kind]]
    entry[name] = data.draw(values, label=name)
    text = refused(["ledger", "hangzhou", _json_file(game)])
    assert f"hand {KINDS[kind] + 1}" in text


@FEW
@given(st.text(max_size=10).filter(lambda k: k not in {
    "result", "winner", "multiplier", "hand", "drawn", "kongs", "joker_discards",
    "honor_discards", "note", "first_turn"}), JSON)
def test_unknown_hangzhou_fields_are_refused(name: str, value: Any) -> None:
    game = json.loads(json.dumps(HANGZHOU))
    game["hands"][2][name] = value
    assert "hand 3" in refused(["ledger", "hangzhou", _json_file(game)])


@FEW
@given(st.lists(JSON, max_size=4))
def test_random_hangzhou_hands_end_cleanly(hands: list[Any]) -> None:
    status, _ = clean(["ledger", "hangzhou", _json_file(hands)])
    if not hands:
        assert status == 2


def test_the_hangzhou_example_is_accepted() -> None:
    status, _, err = run(["ledger", "hangzhou", _json_file(HANGZHOU)])
    assert (status, err) == (0, "")


# -- Guiyang hand descriptions ------------------------------------------------------------------
GUIYANG = json.loads((ROOT / "tests" / "data" / "guiyang" / "self_draw_beans.json").read_text())
GUIYANG_PATHS = [p for p in _paths(GUIYANG) if p]
# (path, hostile values): each makes the description invalid
HOSTILE_GUIYANG: list[tuple[tuple[Any, ...], st.SearchStrategy[Any]]] = [
    (("players", "E", "concealed"), NOT_INT.filter(lambda v: not isinstance(v, str))),
    (("players", "E", "concealed"), st.text(max_size=12)),  # too few tiles for a hand
    (("players", "S", "melds"), st.one_of(NOT_INT, st.lists(JSON, min_size=5, max_size=6))),
    (("win", "how"), JSON.filter(lambda v: v not in ("self_draw", "kong_draw", "discard",
                                                     "hot_discard", "robbed_kong"))),
    (("win", "winners"), st.one_of(NOT_INT, st.lists(st.sampled_from("ESWN"), min_size=4,
                                                      max_size=6))),
    (("revealed",), st.one_of(st.booleans(), st.integers(), st.text(max_size=3).filter(
        lambda t: t.strip() not in {f"{r}{s}" for r in range(1, 10) for s in "mps"}))),
    (("exhaustive_draw",), st.one_of(st.none(), st.integers(), st.text(max_size=3))),
    (("discards",), st.one_of(NOT_INT.filter(lambda v: not isinstance(v, list)),
                              st.lists(st.just("E 1m"), min_size=109, max_size=120))),
    (("variant",), JSON.filter(lambda v: v != "guiyang")),
]


@FEW
@given(st.data(), st.sampled_from(HOSTILE_GUIYANG))
def test_hostile_guiyang_fields_are_refused(data: st.DataObject,
                                            case: tuple[tuple[Any, ...], Any]) -> None:
    path, values = case
    hand = json.loads(json.dumps(GUIYANG))
    parent = _at(hand, path[:-1])
    parent[path[-1]] = data.draw(values, label=".".join(path))
    refused(["settle", "guiyang", _json_file(hand)])


@FEW
@given(st.sampled_from([(), ("players",), ("players", "W"), ("win",)]), st.text(max_size=8),
       JSON)
def test_unknown_guiyang_fields_are_refused(where: tuple[str, ...], name: str,
                                            value: Any) -> None:
    hand = json.loads(json.dumps(GUIYANG))
    parent = _at(hand, where)
    assume(name not in parent)
    parent[name] = value
    text = refused(["settle", "guiyang", _json_file(hand)])
    assert "unknown field" in text or "players" in text


@FEW
@given(st.data())
def test_random_guiyang_changes_end_cleanly(data: st.DataObject) -> None:
    hand = json.loads(json.dumps(GUIYANG))
    path = data.draw(st.sampled_from(GUIYANG_PATHS), label="path")
    parent = _at(hand, path[:-1])
    parent[path[-1]] = data.draw(JSON, label="value")
    clean(["settle", "guiyang", _json_file(hand)])


def test_the_guiyang_example_is_accepted() -> None:
    status, _, err = run(["settle", "guiyang", _json_file(GUIYANG)])
    assert (status, err) == (0, "")


@pytest.fixture(autouse=True, scope="module")
def _tidy() -> Iterator[None]:
    yield
    for path in _FOLDER.glob("*.json"):
        path.unlink()
