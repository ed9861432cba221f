"""Game records: a hand as JSON that replays to the identical state.

Schema (``"schema": "mahjong-tutor/hand"``, ``"version": 1``)::

    {
      "schema": "mahjong-tutor/hand", "version": 1,
      "variant": "huangyan",
      "rules": {"name": value, ...},          # overrides of the variant's default ruleset
      "chance": {"order": "1m 5p ...", "dice": [3, 4]},   # the shuffled tiles, the dice
      "actions": [["E", "discard 3m"], ["S", "pass"], ...],
      "final": "9c1e..."                      # digest of the final state
    }

:func:`replay` re-deals from the recorded chance and applies each action, refusing (with
:class:`~tutor.errors.RecordError`) an action that is not legal at its point, a seat that is not
the one to act, a malformed field, or a final state whose digest differs from the record's: a
corrupted or tampered record never replays silently.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from tutor.core.notation import parse_tiles
from tutor.core.tiles import Wind
from tutor.core.variant import Variant
from tutor.errors import IllegalActionError, NotationError, TutorError
from tutor.game.actions import Action
from tutor.game.hooks import Hooks
from tutor.game.state import Chance, HandState

__all__ = ["RecordError", "digest", "record", "replay"]

SCHEMA = "mahjong-tutor/hand"
VERSION = 1


class RecordError(TutorError, ValueError):
    """A game record that cannot be replayed as written."""


def digest(state: HandState) -> str:
    """A short fingerprint of a state: hands, melds, discards, wall position and outcome."""
    parts = [state.variant.value, str(state.wall.front), str(state.wall.back)]
    for seat, player in state.players.items():
        parts.append(f"{seat.letter}:{player.hand()}|{''.join(map(str, player.discards))}")
    parts.append(str(state.outcome))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:16]


def record(state: HandState, rules: dict[str, Any] | None = None) -> dict[str, Any]:
    """The JSON-ready record of a hand (finished or not)."""
    return {
        "schema": SCHEMA,
        "version": VERSION,
        "variant": state.variant.value,
        "rules": dict(rules or {}),
        "chance": {"order": " ".join(str(t) for t in state.chance.order),
                   "dice": list(state.chance.dice)},
        "actions": [[seat.letter, str(action)] for seat, action in state.history],
        "final": digest(state),
    }


def _field(data: dict[str, Any], name: str, kind: type) -> Any:
    if name not in data:
        raise RecordError(f"record: missing field {name!r}")
    value = data[name]
    if not isinstance(value, kind):
        raise RecordError(f"record: field {name!r} should be {kind.__name__}, "
                          f"not {type(value).__name__}")
    return value


def replay(data: dict[str, Any] | str, hooks_for: Callable[[Variant, dict[str, Any]], Hooks]
           ) -> HandState:
    """Rebuild the state a record describes. ``hooks_for(variant, rules)`` makes the hooks."""
    if isinstance(data, str):
        try:
            data = json.loads(data)
        except json.JSONDecodeError as exc:
            raise RecordError(f"record: not JSON ({exc})") from None
    if not isinstance(data, dict):
        raise RecordError("record: expected a JSON object")
    if data.get("schema") != SCHEMA:
        raise RecordError(f"record: schema should be {SCHEMA!r}, not {data.get('schema')!r}")
    if data.get("version") != VERSION:
        raise RecordError(f"record: version {data.get('version')!r} is not supported "
                          f"(this engine reads version {VERSION})")
    try:
        variant = Variant.parse(_field(data, "variant", str))
    except ValueError as exc:
        raise RecordError(f"record: field 'variant': {exc}") from None
    rules = _field(data, "rules", dict)
    chance_data = _field(data, "chance", dict)
    try:
        order = parse_tiles(_field(chance_data, "order", str))
    except NotationError as exc:
        raise RecordError(f"record: field 'chance.order': {exc}") from None
    if sorted(t.index for t in order) != sorted(t.index for t in variant.kinds for _ in range(4)):
        raise RecordError(f"record: field 'chance.order' is not a full {variant.title} set of "
                          f"{variant.tile_count} tiles")
    dice = _field(chance_data, "dice", list)
    if len(dice) != 2 or not all(isinstance(d, int) and 1 <= d <= 6 for d in dice):
        raise RecordError(f"record: field 'chance.dice' should be two dice 1-6, not {dice!r}")
    try:
        hooks = hooks_for(variant, rules)
    except ValueError as exc:
        raise RecordError(f"record: field 'rules': {exc}") from None
    state = HandState(hooks, Chance(tuple(order), (dice[0], dice[1])))
    for number, item in enumerate(_field(data, "actions", list)):
        if (not isinstance(item, list) or len(item) != 2
                or not all(isinstance(x, str) for x in item)):
            raise RecordError(f"record: actions[{number}] should be [seat, action], not {item!r}")
        try:
            seat, action = Wind.parse(item[0]), Action.parse(item[1])
        except ValueError as exc:
            raise RecordError(f"record: actions[{number}]: {exc}") from None
        actor = state.current_actor()
        if actor != seat:
            who = actor.name.title() if actor is not None else "nobody (the hand is over)"
            raise RecordError(f"record: actions[{number}] is {seat.name.title()}'s "
                              f"{action}, but {who} is to act")
        try:
            state.apply(action)
        except IllegalActionError as exc:
            raise RecordError(f"record: actions[{number}]: {exc}") from None
    final = data.get("final")
    if final is not None and final != digest(state):
        raise RecordError("record: the replayed hand does not end in the recorded state "
                          f"(digest {digest(state)} vs {final}): the record was altered")
    return state
