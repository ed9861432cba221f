"""Every check a game record promises (tutor.game.record's docstring), one test per field and
per way it can be wrong: each altered record is refused with the message naming that field.

The record is resealed after the change (its digests recomputed, as a forger would), so each
check is reached on its own and not hidden behind a digest that differs; the digest checks are
tested on records that are not resealed."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from tutor.game.record import COVERED, MAX_ACTIONS, RecordError, record, replay, seal
from tutor.game.state import HandState
from tutor.game.variants import hooks_for

from .huangyan.play_huangyan_helpers import deal, play

Record = dict[str, Any]

# East discards 9p, South draws a 9m and discards its 5z (白), West its 1s
HANDS = {"E": "7p 2m5m8m 3s6s9s 3z3z 4z4z 7z7z 9p",
         "S": "77p 1m4m7m 2s5s8s 1z1z 2z 5z 6z",
         "W": "123s 456s 789s 11z 68p"}


def _hooks(variant: Any, rules: dict[str, Any]) -> Any:
    return hooks_for(variant, rules)


def _state() -> HandState:
    return play(deal(HANDS, draws="9m 9m"), [("E", "discard 9p"), ("S", "discard 5z")])


@pytest.fixture(scope="module")
def good() -> Record:
    data = record(_state())
    assert replay(copy.deepcopy(data), _hooks).history == _state().history
    return data


def _refused(data: Record, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        replay(data, _hooks)


def _set(path: str, value: Any) -> Callable[[Record], None]:
    """A change: field ``path`` ("chance.dice", "actions.1") set to ``value``."""
    def change(data: Record) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for part in parents:
            target = target[int(part)] if isinstance(target, list) else target[part]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
    return change


def _drop(name: str) -> Callable[[Record], None]:
    return lambda data: data.pop(name)


# -- the record as a whole, checked before its digests --------------------------------------

@pytest.mark.parametrize("data, message", [
    ([], "expected a JSON object, not a list"),
    ("[1]", "expected a JSON object"),
    (None, "expected a JSON object, not null"),
])
def test_a_record_is_an_object(data: Any, message: str) -> None:
    _refused(data, message)


@pytest.mark.parametrize("name, change, message", [
    ("schema", _set("schema", "chess"), "field 'schema' should be"),
    ("schema missing", _drop("schema"), "field 'schema' should be"),
    ("version text", _set("version", "2"), "field 'version' should be a whole number, not text"),
    ("version true", _set("version", True), "'version' should be a whole number, not true"),
    ("version float", _set("version", 2.0), "'version' should be a whole number, not a number"),
    ("version 1", _set("version", 1), "version 1 is not supported"),
    ("version 3", _set("version", 3), "version 3 is not supported"),
    ("unknown field", _set("seed", 4), "unknown field 'seed'"),
    ("no digest", _drop("digest"), "missing field 'digest' \\(a record without its digest"),
    *((f"no {name}", _drop(name), f"missing field '{name}'") for name in COVERED
      if name != "version"),
    ("digest not an object", _set("digest", "abc"), "field 'digest' should be an object"),
    *((f"digest.{name} short", _set(f"digest.{name}", "abc"),
       f"field 'digest.{name}' should be 16 hex digits") for name in COVERED),
    ("digest upper case", _set("digest.final", "ABCDEF0123456789"),
     "'digest.final' should be 16 hex digits"),
    ("digest null", _set("digest.rules", None), "'digest.rules' should be 16 hex digits, not null"),
    ("digest extra", _set("digest.seed", "0" * 16), "unknown field 'digest.seed'"),
])
def test_the_form_is_checked_first(good: Record, name: str,
                                   change: Callable[[Record], None], message: str) -> None:
    data = copy.deepcopy(good)
    change(data)
    _refused(data, message)


@pytest.mark.parametrize("name", COVERED)
def test_each_covered_field_has_its_digest(good: Record, name: str) -> None:
    data = copy.deepcopy(good)
    data["digest"][name] = ("0" if data["digest"][name][0] != "0" else "1") * 16
    _refused(data, f"field '{name}' was changed after the record was made")


@pytest.mark.parametrize("name, value", [
    ("variant", "guiyang"), ("rules", {"ante": 30}), ("actions", []),
    ("chance", {"order": "1m", "dice": [1, 1]}), ("final", "0" * 16)])
def test_a_changed_field_is_caught_by_its_digest(good: Record, name: str, value: Any) -> None:
    data = copy.deepcopy(good)
    data[name] = value
    _refused(data, f"field '{name}' was changed")


# -- each field's content, reached with digests recomputed -----------------------------------

@pytest.mark.parametrize("name, change, message", [
    ("variant kind", _set("variant", 7), "field 'variant' should be text, not a number"),
    ("variant unknown", _set("variant", "riichi"), "field 'variant'"),
    ("rules kind", _set("rules", ["ante"]), "field 'rules' should be an object"),
    ("rule value", _set("rules", {"ante": [30]}), "field 'rules.ante' should be text, a number"),
    ("rule unknown", _set("rules", {"nope": 1}), "field 'rules'"),
    ("rule bad value", _set("rules", {"ante": -5}), "field 'rules'"),
    ("chance kind", _set("chance", "1m 2m"), "field 'chance' should be an object"),
    ("chance keys", _set("chance.seed", 3), "'chance' should hold exactly 'order' and 'dice'"),
    ("order kind", _set("chance.order", ["1m"]), "field 'chance.order' should be text"),
    ("order notation", _set("chance.order", "1m 2x"), "field 'chance.order': cannot read"),
    ("order short", _set("chance.order", "1m 2m"), "'chance.order' is not a full Huangyan"),
    ("dice kind", _set("chance.dice", "3 4"), "field 'chance.dice' should be a list"),
    ("dice count", _set("chance.dice", [3, 4, 5]), "'chance.dice' should be two dice 1-6"),
    ("dice one", _set("chance.dice", [3]), "'chance.dice' should be two dice 1-6"),
    ("die zero", _set("chance.dice", [0, 4]), "'chance.dice' should be two dice 1-6"),
    ("die seven", _set("chance.dice", [3, 7]), "'chance.dice' should be two dice 1-6"),
    ("die bool", _set("chance.dice", [True, 4]), "'chance.dice' should be two dice 1-6"),
    ("die float", _set("chance.dice", [3.0, 4]), "'chance.dice' should be two dice 1-6"),
    ("actions kind", _set("actions", {"E": "discard 9p"}), "field 'actions' should be a list"),
    ("action kind", _set("actions.0", "E discard 9p"),
     "'actions\\[0\\]' should be \\[seat, action\\]"),
    ("action size", _set("actions.0", ["E", "discard", "9p"]),
     "'actions\\[0\\]' should be \\[seat, action\\]"),
    ("action text", _set("actions.0", ["E", 9]), "'actions\\[0\\]' should be \\[seat, action\\]"),
    ("seat", _set("actions.0", ["X", "discard 9p"]), "the seat should be E, S, W or N"),
    ("seat word", _set("actions.0", ["East", "discard 9p"]), "the seat should be E, S, W or N"),
    ("action", _set("actions.0", ["E", "throw 9p"]), "'actions\\[0\\]': .*unknown action"),
    ("whose turn", _set("actions.1", ["W", "discard 5z"]),
     "'actions\\[1\\]' is West's discard 5z, but South is to act"),
    ("illegal", _set("actions.1", ["S", "discard 9s"]), "'actions\\[1\\]': South cannot"),
    ("final kind", _set("final", 16), "field 'final' should be text"),
    ("final", _set("final", "0" * 16), "field 'final': the replayed hand does not end"),
])
def test_each_field_is_checked(good: Record, name: str, change: Callable[[Record], None],
                               message: str) -> None:
    data = copy.deepcopy(good)
    change(data)
    _refused(seal(data), message)


def test_too_many_actions_are_refused_before_any_is_played(good: Record) -> None:
    data = copy.deepcopy(good)
    data["actions"] = [["E", "pass"]] * (MAX_ACTIONS + 1)
    _refused(seal(data), f"holds {MAX_ACTIONS + 1:,} actions")
    data["actions"] = [["E", "pass"]] * MAX_ACTIONS  # at the bound: read, then refused as a move
    _refused(seal(data), "'actions\\[0\\]': East cannot pass")


def test_a_move_after_the_end_is_refused() -> None:
    state = play(deal(HANDS, draws="9m 9m 9m 9m"), [("E", "discard 9p")])
    while not state.is_terminal():  # play out: everyone discards what they draw
        seat = state.current_actor()
        assert seat is not None
        legal = state.legal_actions()
        state.apply(legal[0] if legal[0].kind.is_claim else legal[-1])
    data = record(state)
    data["actions"].append(["E", "discard 1m"])
    _refused(seal(data), f"'actions\\[{len(data['actions']) - 1}\\]' is East's discard 1m, but "
                         "nobody \\(the hand is over\\) is to act")


# -- the canonical form of an action ---------------------------------------------------------

@pytest.mark.parametrize("index, written", [
    (0, "discard 9p "), (0, " discard 9p"), (0, "discard  9p"), (0, "discard 9p\n"),
    (1, "discard 白"), (1, "discard 5z\t")])
def test_an_action_not_written_as_a_record_writes_it_is_refused(
        good: Record, index: int, written: str) -> None:
    """The engine reads these as the same move, but a record holds only the canonical text."""
    data = copy.deepcopy(good)
    seat, canonical = data["actions"][index]
    assert canonical == ("discard 9p", "discard 5z")[index]
    data["actions"][index] = [seat, written]
    _refused(seal(data), f"'actions\\[{index}\\]': .* is not written as a record writes it "
                         f"\\('{canonical}'\\)")


def test_the_canonical_record_replays(good: Record) -> None:
    state = replay(copy.deepcopy(good), _hooks)
    assert [[s.letter, str(a)] for s, a in state.history] == good["actions"]
