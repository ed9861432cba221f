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
from tutor.i18n import N_, Message
from tutor.ledger import seat_name

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
        raise RecordError(Message("record: a field is not plain JSON ({error})",
                                  error=shown(str(exc)))) from None
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
        raise RecordError(Message("record: field {name} should be {kind}, not {value}",
                                  name=repr(name), kind=Message(_NAMES[kind]),
                                  value=_json_kind(value)))
    return value


_NAMES = {str: N_("text"), int: N_("a whole number"), dict: N_("an object"), list: N_("a list"),
          bool: N_("true or false")}
_KINDS = {str: N_("text"), int: N_("a number"), float: N_("a number"), dict: N_("an object"),
          list: N_("a list")}


def _json_kind(value: Any) -> str:
    """What a JSON value is, and the value (``text 'abc'``): a Message, translated when shown."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    kind = _KINDS.get(type(value))
    return Message("{kind} {value}", kind=Message(kind) if kind else type(value).__name__,
                   value=shown(value, 40))


def _check_form(data: Any) -> dict[str, Any]:
    """The record's shape: its fields, their kinds and the digest's, before anything else."""
    if not isinstance(data, dict):
        raise RecordError(Message("record: expected a JSON object, not {value}",
                                  value=_json_kind(data)))
    if data.get("schema") != SCHEMA:
        raise RecordError(Message("record: field 'schema' should be {schema}, not {value}",
                                  schema=repr(SCHEMA), value=shown(data.get("schema"), 40)))
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise RecordError(Message("record: field 'version' should be a whole number, not "
                                  "{value}", value=_json_kind(version)))
    if version != VERSION:
        raise RecordError(Message("record: version {value} is not supported (this engine reads "
                                  "version {version}; play or save the hand again)",
                                  value=shown(version, 30), version=VERSION))
    unknown = sorted(str(k) for k in data if k not in FIELDS)
    if unknown:
        raise RecordError(Message("record: unknown field {name} (a record has only {names})",
                                  name=shown(unknown[0], 40), names=", ".join(sorted(FIELDS))))
    missing = sorted(FIELDS - set(data))
    if missing:
        why = (Message(" (a record without its digest cannot be checked)")
               if "digest" in missing else "")
        raise RecordError(Message("record: missing field {name}{why}", name=repr(missing[0]),
                                  why=why))
    marks = _kind(data["digest"], "digest", dict)
    for name in COVERED:
        mark = marks.get(name)
        if not isinstance(mark, str) or len(mark) != 16 or not set(mark) <= _HEX:
            raise RecordError(Message("record: field 'digest.{name}' should be 16 hex digits, "
                                      "not {value}", name=name, value=_json_kind(mark)))
    extra = sorted(str(k) for k in marks if k not in COVERED)
    if extra:
        raise RecordError(Message("record: unknown field 'digest.{name}'",
                                  name=shown(extra[0], 30)[1:-1]))
    return data


def _check_sizes(data: dict[str, Any]) -> None:
    """Before any digest is computed: no text longer than a wall or an action can be."""
    chance = data["chance"]
    order = chance.get("order") if isinstance(chance, dict) else None
    if isinstance(order, str) and len(order) >= _MAX_ORDER:
        raise RecordError(Message("record: field 'chance.order': {n} characters, more than a "
                                  "wall of tiles takes", n=f"{len(order):,}"))
    actions = data["actions"]
    for number, item in enumerate(actions[:MAX_ACTIONS + 1] if isinstance(actions, list) else ()):
        if isinstance(item, list) and len(item) == 2 and isinstance(item[1], str):
            _action_length(item[1], number)


def _action_length(text: str, number: int) -> None:
    if len(text) > MAX_ACTION_TEXT:
        raise RecordError(Message("record: field 'actions[{number}]': an action of {n} "
                                  "characters (at most {most})", number=number,
                                  n=f"{len(text):,}", most=MAX_ACTION_TEXT))


def _check_digests(data: dict[str, Any]) -> None:
    for name in COVERED:
        try:
            expected = _field_digest(name, data[name])
        except (TypeError, ValueError):
            raise RecordError(Message("record: field {name} holds a value JSON cannot",
                                      name=repr(name))) from None
        if expected != data["digest"][name]:
            raise RecordError(Message("record: field {name} was changed after the record was "
                                      "made (its digest differs): the record was altered",
                                      name=repr(name)))


def _rules(data: dict[str, Any]) -> dict[str, Any]:
    rules: dict[str, Any] = _kind(data["rules"], "rules", dict)
    for name, value in rules.items():
        if not (value is None or isinstance(value, (str, int, float, bool))):
            raise RecordError(Message("record: field 'rules.{name}' should be text, a number, "
                                      "true, false or null, not {value}",
                                      name=shown(name, 30)[1:-1], value=_json_kind(value)))
    return rules


def _chance(data: dict[str, Any], variant: Variant) -> Chance:
    chance = _kind(data["chance"], "chance", dict)
    if set(chance) != {"order", "dice"}:
        raise RecordError(Message("record: field 'chance' should hold exactly 'order' and "
                                  "'dice'"))
    text = _kind(chance["order"], "chance.order", str)
    try:
        order = parse_tiles(text) if len(text) < _MAX_ORDER else None
    except NotationError as exc:
        raise RecordError(Message("record: field 'chance.order': {error}",
                                  error=_error(exc))) from None
    if order is None or sorted(t.index for t in order) != sorted(
            t.index for t in variant.kinds for _ in range(4)):
        raise RecordError(Message("record: field 'chance.order' is not a full {game} set of {n} "
                                  "tiles", game=Message(variant.title), n=variant.tile_count))
    dice = _kind(chance["dice"], "chance.dice", list)
    if len(dice) != 2 or not all(isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6
                                 for d in dice):
        raise RecordError(Message("record: field 'chance.dice' should be two dice 1-6, not "
                                  "{value}", value=shown(dice, 40)))
    return Chance(tuple(order), (dice[0], dice[1]))


def _action(item: Any, number: int) -> tuple[Wind, Action]:
    if (not isinstance(item, list) or len(item) != 2
            or not all(isinstance(x, str) for x in item)):
        raise RecordError(Message("record: field 'actions[{number}]' should be [seat, action], "
                                  "not {value}", number=number, value=shown(item, 40)))
    _action_length(item[1], number)
    seat = _SEATS.get(item[0])
    if seat is None:
        raise RecordError(Message("record: field 'actions[{number}]': the seat should be E, S, "
                                  "W or N, not {value}", number=number,
                                  value=shown(item[0], 20)))
    try:
        action = Action.parse(item[1])
    except NotationError as exc:
        raise RecordError(Message("record: field 'actions[{number}]': {error}", number=number,
                                  error=_error(exc))) from None
    if str(action) != item[1]:
        raise RecordError(Message("record: field 'actions[{number}]': {value} is not written as "
                                  "a record writes it ({written})", number=number,
                                  value=shown(item[1], 30), written=repr(str(action))))
    return seat, action


def _error(exc: BaseException) -> str:
    """An error's text, kept a Message if it is one (translated when shown)."""
    return exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], str) else str(exc)


def _parse(data: dict[str, Any] | str) -> Any:
    if not isinstance(data, str):
        return data
    from tutor.jsonfile import loads

    return loads(data, Message("record"), RecordError)


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
        raise RecordError(Message("record: field 'variant': {error}",
                                  error=_error(exc))) from None
    rules = _rules(checked)
    chance = _chance(checked, variant)
    actions = _kind(checked["actions"], "actions", list)
    if len(actions) > MAX_ACTIONS:
        raise RecordError(Message("record: field 'actions' holds {n} actions; a hand has at "
                                  "most {most}", n=f"{len(actions):,}", most=f"{MAX_ACTIONS:,}"))
    final = _kind(checked["final"], "final", str)
    try:
        hooks = hooks_for(variant, rules)
    except (TutorError, ValueError) as exc:
        raise RecordError(Message("record: field 'rules': {error}",
                                  error=_error(exc))) from None
    state = HandState(hooks, chance)
    for number, item in enumerate(actions):
        seat, action = _action(item, number)
        actor = state.current_actor()
        if actor != seat:
            who = (seat_name(actor) if actor is not None
                   else Message("nobody (the hand is over)"))
            raise RecordError(Message("record: field 'actions[{number}]' is {seat}'s {action}, "
                                      "but {who} is to act", number=number,
                                      seat=seat_name(seat), action=action, who=who))
        try:
            state.apply(action)
        except IllegalActionError as exc:
            raise RecordError(Message("record: field 'actions[{number}]': {error}",
                                      number=number, error=_error(exc))) from None
    if final != digest(state):
        raise RecordError(Message("record: field 'final': the replayed hand does not end in the "
                                  "recorded state (digest {digest} vs {value}): the record was "
                                  "altered", digest=digest(state), value=shown(final, 30)))
    return state
