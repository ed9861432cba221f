"""Reading and writing a finished Guiyang hand as JSON (the input of ``tutor settle guiyang``).

The schema (also in ``tests/data/guiyang/README.md``, with example files)::

    {
      "description": "free text, optional",
      "variant": "guiyang",                      (optional; must be guiyang if given)
      "players": {                               (exactly E, S, W and N)
        "E": {"concealed": "123m456p789s1s",     (13 tiles with the melds; a winner's 13
              "melds": ["(2222p)",                without the winning tile)
                        {"meld": "[555s]", "from": "N"}]},
        "S": {...}, "W": {...}, "N": {...}
      },
      "discards": ["E 9m", "S 1s > W", ...],     (every discard in the order made, optional;
                                                  "> W": claimed by West's pong or kong; the
                                                  winning discard is not listed)
      "win": {"how": "discard", "tile": "5p",    (how: self_draw, kong_draw, discard,
              "winners": ["E", "W"], "from": "S"},      hot_discard, robbed_kong; "from" for
                                                  the last three only)
      "revealed": "3m",                          (required with a win: the turned wall tile,
                                                  or null for an empty wall)
      "exhaustive_draw": true                    (instead of "win" and "revealed")
    }

Melds are written in the engine's notation: ``(2222p)`` concealed kong, ``{3333m}`` added kong,
``[4444s]`` exposed kong, ``[555s]`` pong. A pong, exposed kong or added kong is an object with
the seat it was claimed from. Every error names the field at fault (``players.E.melds[1].from``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tutor.core.notation import parse_meld, parse_tile, parse_tiles
from tutor.core.tiles import Tile
from tutor.core.variant import Variant
from tutor.errors import HandError, shown
from tutor.i18n import Message
from tutor.ledger import Seat
from tutor.variants.guiyang.description import (
    Discard,
    FinishedHand,
    MeldRecord,
    PlayerRecord,
    Win,
    WinKind,
)

__all__ = ["FieldError", "HandFileError", "hand_to_json", "load_hand", "loads_hand",
           "read_hand"]

GUIYANG = Variant.GUIYANG
_TOP = {"description", "variant", "players", "discards", "win", "revealed", "exhaustive_draw"}
_DISCARD = re.compile(r"^\s*(\S+)\s+(\S+)\s*(?:>\s*(\S+))?\s*$")


class FieldError(HandError):
    """A hand description with a bad field; ``field`` is its path (``players.E.concealed``)."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        super().__init__(Message("{field}: {problem}", field=field, problem=problem))


def _problem(exc: BaseException) -> str:
    """An error's text, kept a Message if it is one (translated when shown)."""
    return exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], str) else str(exc)


def _json(value: object) -> str:
    """``value`` as JSON, cut to a short window."""
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def _seat(value: object, field: str) -> Seat:
    if not isinstance(value, str) or value not in {s.letter for s in Seat}:
        raise FieldError(field, Message("expected a seat E, S, W or N, not {value}",
                                        value=shown(value, 40)))
    return Seat.parse(value)


def _str(value: object, field: str) -> str:
    if not isinstance(value, str):
        raise FieldError(field, Message("expected a string, not {value}", value=_json(value)))
    return value


def _tile(value: object, field: str) -> Tile:
    try:
        return parse_tile(_str(value, field), GUIYANG)
    except ValueError as exc:
        raise FieldError(field, _problem(exc)) from None


def _object(value: object, field: str, keys: set[str], required: set[str]) -> Mapping[str, Any]:
    if not isinstance(value, dict):
        raise FieldError(field, Message("expected an object, not {value}", value=_json(value)))
    for key in value:
        if key not in keys:
            raise FieldError(f"{field}.{key}" if field else key,
                             Message("unknown field (expected {names})",
                                     names=", ".join(sorted(keys))))
    for key in sorted(required):
        if key not in value:
            raise FieldError(f"{field}.{key}" if field else key, Message("missing"))
    return value


def _list(value: object, field: str, most: int) -> list[Any]:
    if not isinstance(value, list):
        raise FieldError(field, Message("expected a list, not {value}", value=_json(value)))
    if len(value) > most:
        raise FieldError(field, Message("{n} items; at most {most} fit a hand of {tiles} tiles",
                                        n=f"{len(value):,}", most=most,
                                        tiles=GUIYANG.tile_count))
    return value


def _meld(value: object, field: str) -> MeldRecord:
    source = None
    if isinstance(value, dict):
        obj = _object(value, field, {"meld", "from"}, {"meld"})
        text = _str(obj["meld"], f"{field}.meld")
        if "from" in obj:
            source = _seat(obj["from"], f"{field}.from")
        field = f"{field}.meld"
    else:
        text = _str(value, field)
    try:
        meld = parse_meld(text)
    except ValueError as exc:
        raise FieldError(field, _problem(exc)) from None
    if meld.tile not in GUIYANG.kinds:
        raise FieldError(field, Message("{meld} is not a Guiyang meld: its 108 tiles have no "
                                        "honors", meld=meld))
    if meld.is_chow:
        raise FieldError(field, Message("{text} is a chow; Guiyang has no chows",
                                        text=repr(text)))
    return MeldRecord(meld, source)


def _player(value: object, field: str) -> PlayerRecord:
    obj = _object(value, field, {"concealed", "melds"}, {"concealed"})
    text = _str(obj["concealed"], f"{field}.concealed")
    try:
        concealed = parse_tiles(text, GUIYANG) if text.strip() else ()
    except ValueError as exc:
        raise FieldError(f"{field}.concealed", _problem(exc)) from None
    melds = tuple(_meld(m, f"{field}.melds[{i}]")
                  for i, m in enumerate(_list(obj.get("melds", []), f"{field}.melds", 4)))
    return PlayerRecord(concealed, melds)


def _discard(value: object, field: str) -> Discard:
    text = _str(value, field)
    match = _DISCARD.match(text)
    if not match:
        raise FieldError(field, Message("expected 'SEAT TILE' or 'SEAT TILE > CLAIMANT' (like "
                                        "'S 1s > W'), not {text}", text=repr(text)))
    seat = _seat(match[1], field)
    tile = _tile(match[2], field)
    claimant = _seat(match[3], field) if match[3] else None
    return Discard(seat, tile, claimant)


def _win(value: object) -> Win:
    obj = _object(value, "win", {"how", "tile", "winners", "from"}, {"how", "tile", "winners"})
    how = _str(obj["how"], "win.how")
    kinds = {k.value: k for k in WinKind}
    if how not in kinds:
        raise FieldError("win.how", Message("expected one of {names}, not {value}",
                                            names=", ".join(kinds), value=shown(how, 30)))
    winners = tuple(_seat(s, f"win.winners[{i}]")
                    for i, s in enumerate(_list(obj["winners"], "win.winners", 3)))
    source = _seat(obj["from"], "win.from") if "from" in obj else None
    return Win(kinds[how], winners, _tile(obj["tile"], "win.tile"), source)


def read_hand(data: object) -> FinishedHand:
    """A validated :class:`FinishedHand` from parsed JSON; :class:`FieldError` names the bad
    field (other impossibilities are :class:`~tutor.errors.HandError` naming it too)."""
    obj = _object(data, "", _TOP, {"players"})
    if "variant" in obj and obj["variant"] != "guiyang":
        raise FieldError("variant", Message("this reader takes guiyang hands, not {value}",
                                            value=shown(obj["variant"], 30)))
    if "description" in obj:
        _str(obj["description"], "description")
    players_obj = _object(obj["players"], "players", {"E", "S", "W", "N"}, {"E", "S", "W", "N"})
    players = tuple(_player(players_obj[s.letter], f"players.{s.letter}") for s in Seat)
    listed = _list(obj.get("discards", []), "discards", GUIYANG.tile_count)
    discards = tuple(_discard(d, f"discards[{i}]") for i, d in enumerate(listed))
    draw = obj.get("exhaustive_draw", False)
    if not isinstance(draw, bool):
        raise FieldError("exhaustive_draw", Message("expected true or false, not {value}",
                                                    value=_json(draw)))
    if draw == ("win" in obj):
        raise FieldError("win", Message("give either a win or \"exhaustive_draw\": true"))
    win = None
    revealed = None
    if draw:
        if "revealed" in obj:
            raise FieldError("revealed", Message("nothing is revealed after an exhaustive draw"))
    else:
        win = _win(obj["win"])
        if "revealed" not in obj:
            raise FieldError("revealed", Message("missing: the wall tile turned after the win, "
                                                 "or null if the wall was empty"))
        if obj["revealed"] is not None:
            revealed = _tile(obj["revealed"], "revealed")
    hand = FinishedHand((players[0], players[1], players[2], players[3]), discards, win,
                        revealed)
    return hand.validate()


def load_hand(path: str | Path) -> FinishedHand:
    """Read a JSON hand description file."""
    from tutor.jsonfile import read

    return read_hand(read(path, HandFileError))


def loads_hand(text: str) -> FinishedHand:
    """Read a hand description from its JSON text (with the limits of :mod:`tutor.jsonfile`)."""
    from tutor.jsonfile import loads

    return read_hand(loads(text, Message("the hand description"), HandFileError))


class HandFileError(FieldError):
    """A hand description that is not readable JSON (too large, too deep, not JSON)."""

    def __init__(self, problem: str) -> None:
        super().__init__("(file)", problem)


def hand_to_json(hand: FinishedHand) -> dict[str, object]:
    """The JSON form of ``hand`` (``read_hand(hand_to_json(h)) == h``)."""
    players: dict[str, object] = {}
    for seat in Seat:
        record = hand.player(seat)
        melds: list[object] = []
        for m in record.melds:
            if m.claimed_from is None:
                melds.append(str(m.meld))
            else:
                melds.append({"meld": str(m.meld), "from": m.claimed_from.letter})
        players[seat.letter] = {"concealed": "".join(str(t) for t in record.concealed),
                                "melds": melds}
    out: dict[str, object] = {"variant": "guiyang", "players": players,
                              "discards": [str(d) for d in hand.discards]}
    if hand.win is None:
        out["exhaustive_draw"] = True
    else:
        win: dict[str, object] = {"how": hand.win.kind.value, "tile": str(hand.win.tile),
                                  "winners": [s.letter for s in hand.win.winners]}
        if hand.win.source is not None:
            win["from"] = hand.win.source.letter
        out["win"] = win
        out["revealed"] = str(hand.revealed) if hand.revealed is not None else None
    return out
