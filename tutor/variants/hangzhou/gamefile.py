"""Read a Hangzhou game from JSON data (the format of ``tutor ledger hangzhou FILE``).

The data is a list of hand results, in order (or an object ``{"first_dealer": "E", "hands":
[...]}``). Each hand is an object with ``"result"``: ``"draw"`` (an exhaustive draw), or
``"win"`` with ``"winner"`` (``E``/``S``/``W``/``N``) and exactly one way to value it:

* ``"multiplier"``: the product of the hand's multipliers (a whole number >= 1);
* ``"hand"`` and ``"drawn"`` (notation), optional ``"kongs"`` and ``"joker_discards"`` (the chain):
  the win is scored by :func:`~tutor.variants.hangzhou.scoring.score`;
* ``"honor_discards"``: n >= 10, a Ten Honors Explosive Head.

Any hand (a win or a draw) may also record ``"first_turn"``: the first-turn matching-discards
penalty the dealer paid at the start of that hand, as ``{"discards": [four tiles, the dealer's
first], "dice": [a, b]}`` (two dice of 1-6, or their total 2-12). The four discards must match
(all the same, or three the same and a joker), otherwise there is nothing to pay and the file is
refused. An optional ``"note"`` (at most :data:`MAX_NOTE` characters) is kept in the payments'
reasons. Any other field (``"kongs"`` beside ``"multiplier"`` included), a missing field, a
value of the wrong kind or out of range (a ``multiplier`` of 1 to :data:`MAX_MULTIPLIER`,
``honor_discards`` up to the 28 honor tiles, ``kongs`` and ``joker_discards`` 0 to 4), an empty
list or more than :data:`MAX_HANDS` hands is a :class:`LedgerFileError` naming the hand and the
field.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from tutor.core.notation import parse_hand, parse_tile
from tutor.core.variant import Variant
from tutor.errors import RulesError, TutorError, shown
from tutor.i18n import Message, join, pmessage
from tutor.ledger import Seat
from tutor.variants.hangzhou.ledger import FirstTurn, GameLedger, HandResult, play
from tutor.variants.hangzhou.rules import HANGZHOU, HangzhouRules
from tutor.variants.hangzhou.scoring import Situation, score
from tutor.variants.hangzhou.special import HONOR_TILES, ten_honors_win

__all__ = ["LedgerFileError", "hand_result", "replay"]

#: the most hands a game file holds, the largest ``multiplier``, the longest ``note``
MAX_HANDS = 10_000
MAX_MULTIPLIER = 2 ** 20
MAX_NOTE = 500
_COMMON = {"result", "winner", "note", "first_turn"}
_WAYS = {"multiplier": _COMMON | {"multiplier"}, "honor_discards": _COMMON | {"honor_discards"},
         "hand": _COMMON | {"hand", "drawn", "kongs", "joker_discards"}}
_FIELDS = {"result", "winner", "multiplier", "hand", "drawn", "kongs", "joker_discards",
           "honor_discards", "note", "first_turn"}


class LedgerFileError(TutorError, ValueError):
    """A game file that cannot be read; the message names the hand and the field."""


def _fail(where: str, name: str, problem: str) -> LedgerFileError:
    return LedgerFileError(Message("{where}, field {name}: {problem}", where=where,
                                   name=_short(name), problem=problem))


def _problem(exc: BaseException) -> str:
    """An error's text, kept a Message if it is one (translated when shown)."""
    return exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], str) else str(exc)


def _int(entry: Mapping[str, Any], name: str, where: str, low: int, high: int,
         default: int | None = None, why: str = "") -> int:
    value = entry.get(name, default)
    if value is None:
        raise _fail(where, name, Message("missing"))
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(where, name, Message("expected a whole number, not {value}",
                                        value=_short(value)))
    if not low <= value <= high:
        raise _fail(where, name, Message("must be {low} to {high}{why}, not {value}",
                                        low=f"{low:,}", high=f"{high:,}", why=why,
                                        value=_short(value)))
    return value


def _seat(value: Any, where: str, name: str) -> Seat:
    if not isinstance(value, str):
        raise _fail(where, name, Message("expected a seat E, S, W or N, not {value}",
                                         value=_short(value)))
    try:
        return Seat.parse(value)
    except ValueError:
        raise _fail(where, name, Message("expected a seat E, S, W or N, not {value}",
                                         value=_short(value))) from None


def hand_result(entry: Any, number: int, rules: HangzhouRules = HANGZHOU) -> HandResult:
    """One hand of the JSON list as a :class:`HandResult` (``number`` counts from 1)."""
    where = pmessage("game file", "hand {n}", n=number)
    if not isinstance(entry, Mapping):
        raise LedgerFileError(Message("{where}: expected an object, not {value}", where=where,
                                      value=_short(entry)))
    unknown = sorted(set(entry) - _FIELDS)
    if unknown:
        raise _fail(where, unknown[0], Message("unknown field (known: {names})",
                                               names=", ".join(sorted(_FIELDS))))
    result = entry.get("result")
    first = _first_turn(entry, where)
    if result == "draw":
        extra = sorted(set(entry) - {"result", "note", "first_turn"})
        if extra:
            raise _fail(where, extra[0], Message("a drawn hand has no winner or value"))
        return replace(HandResult.draw(_note(entry, where)), first_turn=first)
    if result != "win":
        raise _fail(where, "result", Message("expected \"win\" or \"draw\", not {value}",
                                             value=_short(result)))
    if "winner" not in entry:
        raise _fail(where, "winner", Message("missing"))
    winner = _seat(entry["winner"], where, "winner")
    return replace(_win(entry, where, winner, number, rules), first_turn=first)


def _win(entry: Mapping[str, Any], where: str, winner: Seat, number: int,
         rules: HangzhouRules) -> HandResult:
    note = _note(entry, where)
    ways = [k for k in ("multiplier", "hand", "honor_discards") if k in entry]
    if len(ways) != 1:
        raise _fail(where, "multiplier", Message("give exactly one of \"multiplier\", \"hand\" "
                                                 "(with \"drawn\") or \"honor_discards\""))
    allowed = _WAYS[ways[0]]
    extra = sorted(set(entry) - allowed)
    if extra:
        raise _fail(where, extra[0], Message("does not go with {way} (a win valued by {way} "
                                             "has only {names})", way=repr(ways[0]),
                                             names=", ".join(sorted(allowed))))
    if ways == ["multiplier"]:
        return HandResult.win(winner, _int(entry, "multiplier", where, 1, MAX_MULTIPLIER),
                              note=note)
    if ways == ["honor_discards"]:
        n = _int(entry, "honor_discards", where, rules.ten_honors_count, HONOR_TILES,
                 why=Message(" (the set has only {n} honor tiles)", n=HONOR_TILES))
        try:
            special = ten_honors_win(n, winner=winner, rules=rules)
        except RulesError as exc:
            raise _fail(where, "honor_discards", _problem(exc)) from None
        return HandResult.win(winner, special.product,
                              Message("{name}, {n} honors", name=Message(special.line.name), n=n),
                              note)
    for name in ("hand", "drawn"):
        if not isinstance(entry.get(name), str):
            raise _fail(where, name, Message("expected notation text, not {value}",
                                            value=_short(entry.get(name))))
    try:
        hand = parse_hand(entry["hand"], Variant.HANGZHOU)
    except ValueError as exc:
        raise _fail(where, "hand", _problem(exc)) from None
    try:
        drawn = parse_tile(entry["drawn"])
    except ValueError as exc:
        raise _fail(where, "drawn", _problem(exc)) from None
    if hand.size == 13:
        hand = hand.add(drawn)
    situation = Situation(winner=winner, kongs=_int(entry, "kongs", where, 0, 4, 0),
                          joker_discards=_int(entry, "joker_discards", where, 0, 4, 0),
                          hand_number=number)
    try:
        sheet = score(hand, drawn, situation, rules=rules)
    except ValueError as exc:
        raise _fail(where, "hand", _problem(exc)) from None
    names = (join(Message(", "), (Message(line.name) for line in sheet.lines))
             if sheet.lines else Message("no multiplier"))
    return HandResult.win(winner, sheet.product, names, note)


def _first_turn(entry: Mapping[str, Any], where: str) -> FirstTurn | None:
    """The hand's ``first_turn`` record, checked: four tiles, the dice, and a match."""
    if "first_turn" not in entry:
        return None
    value = entry["first_turn"]
    name = "first_turn"
    if not isinstance(value, Mapping) or set(value) != {"discards", "dice"}:
        raise _fail(where, name, Message("expected an object with \"discards\" (four tiles) "
                                         "and \"dice\" (two dice), not {value}",
                                         value=_short(value)))
    discards = value["discards"]
    if (not isinstance(discards, list) or len(discards) != 4
            or not all(isinstance(t, str) for t in discards)):
        raise _fail(where, f"{name}.discards", Message("expected a list of four tiles, the "
                                                       "dealer's first, not {value}",
                                                       value=_short(discards)))
    tiles = []
    for text in discards:
        try:
            tile = parse_tile(text)
        except ValueError as exc:
            raise _fail(where, f"{name}.discards", _problem(exc)) from None
        tiles.append(tile)
    dice = value["dice"]
    pair = isinstance(dice, list) and len(dice) == 2 and all(
        isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 6 for d in dice)
    total = isinstance(dice, int) and not isinstance(dice, bool) and 2 <= dice <= 12
    if not (pair or total):
        raise _fail(where, f"{name}.dice", Message("expected two dice of 1-6 such as [3, 4], "
                                                   "or their total 2-12, not {value}",
                                                   value=_short(dice)))
    first = FirstTurn(tuple(tiles), (dice[0], dice[1]) if pair else dice)
    try:
        first.penalty(Seat.EAST)
    except RulesError as exc:
        raise _fail(where, f"{name}.discards", _problem(exc)) from None
    return first


def _short(value: Any) -> str:
    return shown(value, 60)


def _note(entry: Mapping[str, Any], where: str) -> str:
    note = entry.get("note", "")
    if not isinstance(note, str):
        raise _fail(where, "note", Message("expected text, not {value}", value=_short(note)))
    if len(note) > MAX_NOTE:
        raise _fail(where, "note", Message("{n} characters; a note has at most {most}",
                                           n=f"{len(note):,}", most=MAX_NOTE))
    return note


def replay(data: Any, *, rules: HangzhouRules = HANGZHOU,
           settle_at_end: bool = True) -> GameLedger:
    """Replay a game given as JSON data (see the module docstring)."""
    first = Seat.EAST
    if isinstance(data, Mapping):
        unknown = sorted(set(data) - {"first_dealer", "hands"})
        if unknown:
            raise LedgerFileError(Message("game, field {name}: unknown field (known: "
                                          "first_dealer, hands)", name=_short(unknown[0])))
        if "first_dealer" in data:
            first = _seat(data["first_dealer"], pmessage("game file", "game"), "first_dealer")
        if "hands" not in data:
            raise LedgerFileError(Message("game, field 'hands': missing"))
        data = data["hands"]
    if not isinstance(data, list):
        raise LedgerFileError(Message("game, field 'hands': expected a list of hands, not "
                                      "{value}", value=_short(data)))
    if not data:
        raise LedgerFileError(Message("game, field 'hands': the list is empty; a game file "
                                      "holds at least one hand"))
    if len(data) > MAX_HANDS:
        raise LedgerFileError(Message("game, field 'hands': {n} hands; a game file holds at "
                                      "most {most}", n=f"{len(data):,}", most=f"{MAX_HANDS:,}"))
    results = [hand_result(entry, i, rules) for i, entry in enumerate(data, 1)]
    return play(results, rules=rules, first_dealer=first, settle_at_end=settle_at_end)
