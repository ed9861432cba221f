"""Actions a player can take, with a parser/printer pair for game records."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from tutor.core.tiles import KINDS, Tile
from tutor.errors import NotationError, shown

__all__ = ["DISCARDS", "MAX_ACTION_TEXT", "PASS", "Action", "ActionKind"]

#: the most characters an action's text may have (the longest, ``concealed-kong 3m``, has 17)
MAX_ACTION_TEXT = 40


class ActionKind(Enum):
    """Every kind of move. Claims answer another player's discard or kong."""

    DISCARD = "discard"
    CONCEALED_KONG = "concealed-kong"
    ADDED_KONG = "added-kong"
    SELF_DRAW = "self-draw"  # declare a win on one's own draw (自摸)
    SPECIAL_WIN = "special-win"  # Hangzhou's Ten Honors Explosive Head
    PASS = "pass"
    CHOW = "chow"
    PONG = "pong"
    OPEN_KONG = "open-kong"
    WIN = "win"  # on a discard (点炮 / 胡)
    ROB = "rob"  # win on a tile added or shown for a kong

    __hash__ = object.__hash__  # members are singletons: identity hash, no Python call

    @property
    def is_claim(self) -> bool:
        return self in (ActionKind.PASS, ActionKind.CHOW, ActionKind.PONG, ActionKind.OPEN_KONG,
                        ActionKind.WIN, ActionKind.ROB)


@dataclass(frozen=True, order=True)
class Action:
    """A move: its kind and the tile it names (a chow names its lowest tile)."""

    kind: ActionKind
    tile: Tile | None = None

    def __str__(self) -> str:
        if self.tile is None:
            return self.kind.value
        if self.kind is ActionKind.CHOW:
            lo = self.tile
            return f"chow {lo.rank}{lo.rank + 1}{lo.rank + 2}{lo.suit.value}"
        return f"{self.kind.value} {self.tile}"

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read ``"discard 3m"``, ``"chow 345p"``, ``"pass"`` and the like. Strict: a kind that
        names a tile needs exactly one, a chow three consecutive ranks of one suit, and ``pass``
        or ``special-win`` none; anything else is a :class:`~tutor.errors.NotationError`."""
        if not isinstance(text, str):
            raise NotationError(repr(text), None, "an action is text such as 'discard 3m'")
        if len(text) > MAX_ACTION_TEXT:
            raise NotationError(text, None, f"{len(text):,} characters is too long for an action "
                                f"(at most {MAX_ACTION_TEXT})")
        word, _, rest = text.strip().partition(" ")
        try:
            kind = ActionKind(word)
        except ValueError:
            names = ", ".join(k.value for k in ActionKind)
            raise NotationError(text, 0, f"unknown action {shown(word, 30)} (one of {names})"
                                ) from None
        rest = rest.strip()
        if kind in _NO_TILE:
            if rest:
                raise NotationError(text, len(word) + 1, f"{kind.value!r} names no tile")
            return cls(kind)
        if not rest:
            raise NotationError(text, None, f"{kind.value!r} needs a tile, like "
                                f"'{kind.value} {'345p' if kind is ActionKind.CHOW else '3m'}'")
        if kind is ActionKind.CHOW:
            ranks, suit = rest[:-1], rest[-1:]
            if (len(rest) != 4 or suit not in "mps" or not ranks.isascii()
                    or not ranks.isdigit() or ranks[0] not in "1234567"
                    or ranks != "".join(str(int(ranks[0]) + i) for i in range(3))):
                raise NotationError(text, len(word) + 1, "a chow is three consecutive ranks of "
                                    "one suit, written like 'chow 345p'")
            return cls(kind, Tile.parse(rest[0] + suit))
        return cls(kind, Tile.parse(rest))


#: the kinds of move that name no tile
_NO_TILE = frozenset({ActionKind.PASS, ActionKind.SPECIAL_WIN})


#: ``pass``, and the discard of each kind by index: shared objects, so the engine finds the
#: action a bot returns in its legal list by identity before comparing any fields
PASS = Action(ActionKind.PASS)
DISCARDS = tuple(Action(ActionKind.DISCARD, t) for t in KINDS)
