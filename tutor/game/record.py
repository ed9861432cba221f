"""Game records: a hand as JSON that replays to the identical state.

Schema (``"schema": "mahjong-tutor/hand"``, ``"version": 2``)::

    {
      "schema": "mahjong-tutor/hand", "version": 2,
      "variant": "huangyan",
      "rules": {"name": value, ...},          # overrides of the variant's default ruleset
      "chance": {"order": "1m 5p ...", "dice": [3, 4]},   # the shuffled tiles, the dice
      "actions": [["E", "discard 3m"], ["S", "pass"], ...],
      "final": "9c1e...",                     # digest of the final state and settlement
      "digest": {"version": "...", "variant": "...", "rules": "...", "chance": "...",
                 "actions": "...", "final": "..."}
    }

What a record guarantees: every field that decides the hand's outcome (the format version, the
variant, the rules, the chance (the shuffled tiles and the dice, not the random seed that made
them), every action, and the final state with its settlement) is covered by a digest in
``"digest"``, one per field. :func:`replay` refuses, with a :class:`RecordError` whose one-line
message names the field:

* a record without ``"digest"``, with an unknown or missing field, or with a field of the wrong
  kind (``"version": true`` is not version 2; ``"final": null`` is not a digest);
* a field whose digest differs (an action dropped or changed, different rules, swapped dice);
* a record from another format version (version 1 records are refused by name: save the hand
  again);
* an action that is not written exactly as :func:`record` writes it (``"chow 499p"`` is an error,
  never read as ``chow 456p``), a seat that is not the one to act, a move that is not legal;
* a replay that does not end in the recorded final state and settlement.

The digests are SHA-256 fingerprints without a secret key: they catch corruption and edits
(accidental or casual), not a forger who recomputes them with :func:`seal`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from tutor.core.notation import parse_tiles
from tutor.core.tiles import Wind
from tutor.core.variant import Variant
from tutor.errors import IllegalActionError, NotationError, TutorError, shown
from tutor.game.actions import MAX_ACTION_TEXT, Action
from tutor.game.hooks import Hooks
from tutor.game.state import Chance, HandState

__all__ = ["MAX_ACTIONS", "RecordError", "digest", "record", "replay", "seal"]

SCHEMA = "mahjong-tutor/hand"
VERSION = 2
#: the fields a digest covers, in the order they are checked
COVERED = ("version", "variant", "rules", "chance", "actions", "final")
FIELDS = frozenset({"schema", *COVERED, "digest"})
#: the most actions a record may hold (a hand has a few hundred at most)
MAX_ACTIONS = 5_000
_SEATS = {seat.letter: seat for seat in Wind}
_MAX_ORDER = 2_000  # characters of chance.order (a wall written "1m 5p ..." has 407)
_HEX = frozenset("0123456789abcdef")


class RecordError(TutorError, ValueError):
    """A game record that cannot be replayed as written."""


def digest(state: HandState) -> str:
    """A short fingerprint of a state: hands, melds, discards, wall position, outcome and the
    settlement's payments (payer, payee, amount)."""
    parts = [state.variant.value, str(state.wall.front), str(state.wall.back)]
    for seat, player in state.players.items():
        parts.append(f"{seat.letter}:{player.hand()}|{''.join(map(str, player.discards))}")
    parts.append(str(state.outcome))
    ledger = getattr(state.settlement, "ledger", None)
    # who pays whom how much (not the labels: a session's hooks number its hands)
    parts.append(" ".join(f"{p.payer.letter}>{p.payee.letter}:{p.amount}" for p in ledger)
                 if ledger is not None else "no settlement")
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                      allow_nan=False)


def _field_digest(name: str, value: Any) -> str:
    text = _canonical({"schema": SCHEMA, "version": VERSION, "field": name, "value": value})
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def seal(data: dict[str, Any]) -> dict[str, Any]:
    """``data`` with its ``"digest"`` (re)computed from the covered fields (a copy)."""
    out = {k: v for k, v in data.items() if k != "digest"}
    try:
        out["digest"] = {name: _field_digest(name, out.get(name)) for name in COVERED}
    except (TypeError, ValueError) as exc:  # a value JSON cannot hold
        raise RecordError(f"record: a field is not plain JSON ({shown(str(exc))})") from None
    return out


def record(state: HandState, rules: dict[str, Any] | None = None) -> dict[str, Any]:
    """The JSON-ready record of a hand (finished or not); ``rules`` are the overrides the
    hooks were made with (plain JSON values: text, numbers, true/false, null)."""
    return seal({
        "schema": SCHEMA,
        "version": VERSION,
        "variant": state.variant.value,
        "rules": dict(rules or {}),
        "chance": {"order": " ".join(str(t) for t in state.chance.order),
                   "dice": list(state.chance.dice)},
        "actions": [[seat.letter, str(action)] for seat, action in state.history],
        "final": digest(state),
    })


def _kind(value: Any, name: str, kind: type) -> Any:
    if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
        raise RecordError(f"record: field {name!r} should be {_NAMES[kind]}, not "
                          f"{_json_kind(value)}")
    return value


_NAMES = {str: "text", int: "a whole number", dict: "an object", list: "a list", bool: "true "
          "or false"}


def _json_kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return {str: "text", int: "a number", float: "a number", dict: "an object",
            list: "a list"}.get(type(value), type(value).__name__) + f" {shown(value, 40)}"


def _check_form(data: Any) -> dict[str, Any]:
    """The record's shape: its fields, their kinds and the digest's, before anything else."""
    if not isinstance(data, dict):
        raise RecordError(f"record: expected a JSON object, not {_json_kind(data)}")
    if data.get("schema") != SCHEMA:
        raise RecordError(f"record: field 'schema' should be {SCHEMA!r}, not "
                          f"{shown(data.get('schema'), 40)}")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise RecordError(f"record: field 'version' should be a whole number, not "
                          f"{_json_kind(version)}")
    if version != VERSION:
        raise RecordError(f"record: version {shown(version, 30)} is not supported (this engine "
                          f"reads version {VERSION}; play or save the hand again)")
    unknown = sorted(str(k) for k in data if k not in FIELDS)
    if unknown:
        raise RecordError(f"record: unknown field {shown(unknown[0], 40)} (a record has only "
                          f"{', '.join(sorted(FIELDS))})")
    missing = sorted(FIELDS - set(data))
    if missing:
        why = " (a record without its digest cannot be checked)" if "digest" in missing else ""
        raise RecordError(f"record: missing field {missing[0]!r}{why}")
    marks = _kind(data["digest"], "digest", dict)
    for name in COVERED:
        mark = marks.get(name)
        if not isinstance(mark, str) or len(mark) != 16 or not set(mark) <= _HEX:
            raise RecordError(f"record: field 'digest.{name}' should be 16 hex digits, not "
                              f"{_json_kind(mark)}")
    extra = sorted(str(k) for k in marks if k not in COVERED)
    if extra:
        raise RecordError(f"record: unknown field 'digest.{shown(extra[0], 30)[1:-1]}'")
    return data


def _check_sizes(data: dict[str, Any]) -> None:
    """Before any digest is computed: no text longer than a wall or an action can be."""
    chance = data["chance"]
    order = chance.get("order") if isinstance(chance, dict) else None
    if isinstance(order, str) and len(order) >= _MAX_ORDER:
        raise RecordError(f"record: field 'chance.order': {len(order):,} characters, more than "
                          "a wall of tiles takes")
    actions = data["actions"]
    for number, item in enumerate(actions[:MAX_ACTIONS + 1] if isinstance(actions, list) else ()):
        if isinstance(item, list) and len(item) == 2 and isinstance(item[1], str):
            _action_length(item[1], number)


def _action_length(text: str, number: int) -> None:
    if len(text) > MAX_ACTION_TEXT:
        raise RecordError(f"record: field 'actions[{number}]': an action of {len(text):,} "
                          f"characters (at most {MAX_ACTION_TEXT})")


def _check_digests(data: dict[str, Any]) -> None:
    for name in COVERED:
        try:
            expected = _field_digest(name, data[name])
        except (TypeError, ValueError):
            raise RecordError(f"record: field {name!r} holds a value JSON cannot") from None
        if expected != data["digest"][name]:
            raise RecordError(f"record: field {name!r} was changed after the record was made "
                              "(its digest differs): the record was altered")


def _rules(data: dict[str, Any]) -> dict[str, Any]:
    rules: dict[str, Any] = _kind(data["rules"], "rules", dict)
    for name, value in rules.items():
        if not (value is None or isinstance(value, (str, int, float, bool))):
            raise RecordError(f"record: field 'rules.{shown(name, 30)[1:-1]}' should be text, a "
                              f"number, true, false or null, not {_json_kind(value)}")
    return rules


def _chance(data: dict[str, Any], variant: Variant) -> Chance:
    chance = _kind(data["chance"], "chance", dict)
    if set(chance) != {"order", "dice"}:
        raise RecordError("record: field 'chance' should hold exactly 'order' and 'dice'")
    text = _kind(chance["order"], "chance.order", str)
    try:
        order = parse_tiles(text) if len(text) < _MAX_ORDER else None
    except NotationError as exc:
        raise RecordError(f"record: field 'chance.order': {exc}") from None
    if order is None or sorted(t.index for t in order) != sorted(
            t.index for t in variant.kinds for _ in range(4)):
        raise RecordError(f"record: field 'chance.order' is not a full {variant.title} set of "
                          f"{variant.tile_count} tiles")
    dice = _kind(chance["dice"], "chance.dice", list)
    if len(dice) != 2 or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6
                                 for d in dice):
        raise RecordError(f"record: field 'chance.dice' should be two dice 1-6, not "
                          f"{shown(dice, 40)}")
    return Chance(tuple(order), (dice[0], dice[1]))


def _action(item: Any, number: int) -> tuple[Wind, Action]:
    where = f"record: field 'actions[{number}]'"
    if (not isinstance(item, list) or len(item) != 2
            or not all(isinstance(x, str) for x in item)):
        raise RecordError(f"{where} should be [seat, action], not {shown(item, 40)}")
    _action_length(item[1], number)
    seat = _SEATS.get(item[0])
    if seat is None:
        raise RecordError(f"{where}: the seat should be E, S, W or N, not {shown(item[0], 20)}")
    try:
        action = Action.parse(item[1])
    except NotationError as exc:
        raise RecordError(f"{where}: {exc}") from None
    if str(action) != item[1]:
        raise RecordError(f"{where}: {shown(item[1], 30)} is not written as a record writes it "
                          f"({str(action)!r})")
    return seat, action


def _parse(data: dict[str, Any] | str) -> Any:
    if not isinstance(data, str):
        return data
    from tutor.jsonfile import loads

    return loads(data, "record", RecordError)


def replay(data: dict[str, Any] | str, hooks_for: Callable[[Variant, dict[str, Any]], Hooks]
           ) -> HandState:
    """Rebuild the state a record describes (see the module docstring for what is checked).
    ``hooks_for(variant, rules)`` makes the hooks."""
    checked = _check_form(_parse(data))
    _check_sizes(checked)
    _check_digests(checked)
    try:
        variant = Variant.parse(_kind(checked["variant"], "variant", str))
    except TutorError as exc:
        raise RecordError(f"record: field 'variant': {exc}") from None
    rules = _rules(checked)
    chance = _chance(checked, variant)
    actions = _kind(checked["actions"], "actions", list)
    if len(actions) > MAX_ACTIONS:
        raise RecordError(f"record: field 'actions' holds {len(actions):,} actions; a hand has "
                          f"at most {MAX_ACTIONS:,}")
    final = _kind(checked["final"], "final", str)
    try:
        hooks = hooks_for(variant, rules)
    except (TutorError, ValueError) as exc:
        raise RecordError(f"record: field 'rules': {exc}") from None
    state = HandState(hooks, chance)
    for number, item in enumerate(actions):
        seat, action = _action(item, number)
        actor = state.current_actor()
        if actor != seat:
            who = actor.name.title() if actor is not None else "nobody (the hand is over)"
            raise RecordError(f"record: field 'actions[{number}]' is {seat.name.title()}'s "
                              f"{action}, but {who} is to act")
        try:
            state.apply(action)
        except IllegalActionError as exc:
            raise RecordError(f"record: field 'actions[{number}]': {exc}") from None
    if final != digest(state):
        raise RecordError("record: field 'final': the replayed hand does not end in the "
                          f"recorded state (digest {digest(state)} vs {shown(final, 30)}): "
                          "the record was altered")
    return state
