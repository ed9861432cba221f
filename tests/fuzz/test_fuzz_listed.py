"""Every case of the fuzzing report, one by one: a crash, a silently accepted tampering or an
unbounded run before; now exit status 2 with one short line naming the problem (or, for the
library calls, a :class:`~tutor.errors.TutorError`). The simulate cases are in
``test_fuzz_simulate.py``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tutor.core.notation import parse_hand
from tutor.core.tiles import Tile, Wind
from tutor.core.variant import Variant
from tutor.errors import TutorError
from tutor.game.record import record, seal
from tutor.game.simulate import play_hand

from .cli import refused, run

ROOT = Path(__file__).resolve().parents[2]
GUIYANG_HAND = ROOT / "tests" / "data" / "guiyang" / "self_draw_beans.json"
HAND = "123m456p789s555z11z"


def _record() -> dict[str, Any]:
    """Huangyan seed 0 with random bots: its South chows 456p (the report's example)."""
    data = record(play_hand(Variant.HUANGYAN, 0, ["random"]))
    assert ["S", "chow 456p"] in data["actions"]
    copy: dict[str, Any] = json.loads(json.dumps(data))
    return copy


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("listed")
    good = _record()

    def write(name: str, data: Any) -> None:
        (folder / name).write_text(data if isinstance(data, str) else json.dumps(data))

    def changed(name: str, change: Any, sealed: bool = False) -> None:
        data = json.loads(json.dumps(good))
        change(data)
        write(name, seal(data) if sealed else data)

    write("deep.json", "[" * 1000 + "]" * 1000)
    write("good.json", good)
    changed("no_final.json", lambda d: d.pop("final"))
    changed("null_final.json", lambda d: d.update(final=None))
    changed("no_digest.json", lambda d: d.pop("digest"))
    changed("no_digest_dropped.json",
            lambda d: (d.pop("digest"), d.update(actions=d["actions"][:-3])))
    changed("dropped.json", lambda d: d.update(actions=d["actions"][:-3]))
    changed("rules.json", lambda d: d.update(rules={"limit": 500}))
    changed("version_true.json", lambda d: d.update(version=True))
    changed("version_1.json", lambda d: d.update(version=1))
    changed("unknown.json", lambda d: d.update(comment="hi"))
    changed("dice.json", lambda d: d["chance"].update(dice=d["chance"]["dice"][::-1]))
    for text in ("chow 499p", "chow 789z"):
        for sealed in (False, True):  # resealed: the action reader itself refuses it
            changed(f"{text[-4:]}{'_sealed' if sealed else ''}.json",
                    lambda d, text=text: d["actions"].__setitem__(
                        d["actions"].index(["S", "chow 456p"]), ["S", text]), sealed)
    write("empty.json", [])
    for name, n in (("honors_huge.json", 10**20), ("honors_1e12.json", 10**12),
                    ("honors_1000.json", 1000)):
        write(name, [{"result": "win", "winner": "E", "honor_discards": n}])
    write("beside_multiplier.json",
          [{"result": "win", "winner": "E", "multiplier": 2, "kongs": 3, "joker_discards": 1}])
    write("zeros.json", "[[" + ",".join(["0"] * 50_000) + "]]")
    return {p.name: p for p in folder.iterdir()}


def _line(argv: list[str], *needles: str) -> str:
    text = refused(argv)
    for needle in needles:
        assert needle in text, (argv, text)
    return text


@pytest.mark.parametrize("argv", [["replay"], ["ledger", "hangzhou"], ["settle", "guiyang"],
                                  ["review", "--seat", "E"]])
def test_json_nested_a_thousand_deep(files: dict[str, Path], argv: list[str]) -> None:
    _line([*argv, str(files["deep.json"])], "nested more than 32 deep")


@pytest.mark.parametrize(("name", "needle"), [
    ("honors_huge.json", "'honor_discards': must be 10 to 28"),
    ("honors_1e12.json", "'honor_discards': must be 10 to 28"),
    ("honors_1000.json", "only 28 honor tiles"),
    ("beside_multiplier.json", "does not go with 'multiplier'"),
    ("empty.json", "the list is empty"),
    ("zeros.json", "hand 1: expected an object"),
])
def test_ledger_entries(files: dict[str, Path], name: str, needle: str) -> None:
    _line(["ledger", "hangzhou", str(files[name])], needle)


@pytest.mark.parametrize(("value", "needle"), [
    ("100000000000000000000", "a number of 21 digits is out of range"),
    ("1000000000", "dragon_set must be 0 to 16"),
    ("-1", "dragon_set"),
])
def test_huge_doubles_in_a_rule(value: str, needle: str) -> None:
    _line(["score", "huangyan", HAND, "--win-tile", "1m", "--rule", f"dragon_set={value}"],
          needle)


@pytest.mark.parametrize(("name", "needle"), [
    ("no_final.json", "missing field 'final'"),
    ("null_final.json", "field 'final'"),
    ("no_digest.json", "missing field 'digest'"),
    ("no_digest_dropped.json", "missing field 'digest'"),
    ("dropped.json", "field 'actions' was changed"),
    ("rules.json", "field 'rules' was changed"),
    ("version_true.json", "field 'version' should be a whole number, not true"),
    ("version_1.json", "version 1 is not supported"),
    ("unknown.json", "unknown field 'comment'"),
    ("dice.json", "field 'chance' was changed"),
    ("499p.json", "field 'actions' was changed"),
    ("789z.json", "field 'actions' was changed"),
    ("499p_sealed.json", "actions[16]': cannot read 'chow 499p' at position 5: a chow is"),
    ("789z_sealed.json", "a chow is three consecutive ranks"),
    ("empty.json", "an empty list holds no hand"),
])
def test_tampered_records_are_refused(files: dict[str, Path], name: str, needle: str) -> None:
    _line(["replay", str(files[name])], needle)
    _line(["review", str(files[name]), "--seat", "S"], needle)


def test_the_untouched_record_replays(files: dict[str, Path]) -> None:
    status, out, err = run(["replay", str(files["good.json"])])
    assert (status, err) == (0, "") and out.startswith("hand 1 (huangyan)")


@pytest.mark.parametrize("call", [
    lambda: parse_hand("1m", "bogus"), lambda: Wind.parse("Q"), lambda: Wind.parse(3),  # type: ignore[arg-type]
    lambda: Tile(99), lambda: Tile(True), lambda: Variant.parse("riichi")])
def test_library_calls_raise_tutor_errors(call: Any) -> None:
    with pytest.raises(TutorError) as info:
        call()
    assert len(str(info.value)) < 200


@pytest.mark.parametrize("argv", [
    ["simulate", "--variant", "guiyang", "--sessions", "1", "--rule", "session_hands=1000000000"],
    ["simulate", "--sessions", "1", "--rule", "matches_per_session=1000000"],
    ["simulate", "--variant", "hangzhou", "--sessions", "1", "--rule",
     "session_hand_cap=1000000"],
])
def test_endless_sessions_are_refused(argv: list[str]) -> None:
    _line([*argv, "--no-progress"], "must be 1 to")


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
@pytest.mark.parametrize("argv", [["replay"], ["ledger", "hangzhou"], ["settle", "guiyang"],
                                  ["review", "--seat", "E"]])
def test_an_endless_file_is_refused(argv: list[str]) -> None:
    _line([*argv, "/dev/zero"], "larger than 20,000,000 bytes")


@pytest.mark.parametrize("argv", [
    ["waits", "1" * 20_000], ["shanten", "1" * 20_000], ["efficiency", "x" * 20_000],
    ["score", "huangyan", "1" * 20_000, "--win-tile", "1m"],
    ["score", "hangzhou", "1" * 20_000, "--drawn", "1m"],
    ["score", "hangzhou", HAND, "--drawn", "1m", "--after-gang", "9" * 5000],
])
def test_huge_text_gives_a_short_line(argv: list[str]) -> None:
    refused(argv)


def test_a_closed_pipe_ends_quietly() -> None:
    """``tutor settle guiyang FILE | head -1``: the reader is gone before tutor writes."""
    read, write = os.pipe()
    os.close(read)  # no reader at all: the first write meets a broken pipe
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    try:
        done = subprocess.run([sys.executable, "-m", "tutor", "settle", "guiyang",
                               str(GUIYANG_HAND)], stdout=write, stderr=subprocess.PIPE,
                              env=env, timeout=120, check=False)
    finally:
        os.close(write)
    assert done.stderr.decode() == "" and done.returncode == 0
