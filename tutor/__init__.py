"""Mahjong Tutor: a rules engine for Huangyan Reckoning, Hangzhou and Guiyang Chicken mahjong.

>>> from tutor import Hand, waits
>>> print(waits(Hand.parse("45m 56p 777s 南南南 中中 + 白", "hangzhou"), "hangzhou").waits)
(Tile.parse('3m'), Tile.parse('6m'), Tile.parse('4p'), Tile.parse('7p'))
"""

from __future__ import annotations

__version__ = "0.1.0"

from tutor.core.hand import Hand, Meld, MeldKind
from tutor.core.notation import format_hand, parse_hand, parse_meld, parse_tile, parse_tiles
from tutor.core.shapes import Decomposition, Group, GroupKind, Shape, decompositions
from tutor.core.tiles import Dragon, Suit, Tile, Wind
from tutor.core.variant import Variant
from tutor.core.waits import (
    DiscardOption,
    Efficiency,
    WaitAnalysis,
    efficiency,
    is_win,
    shanten,
    useful_tiles,
    waits,
)
from tutor.errors import (
    ArgumentError,
    HandError,
    IllegalActionError,
    NotationError,
    RulesError,
    TutorError,
)

TYPE_CHECKING = False  # typing is not imported at run time: it costs every start
if TYPE_CHECKING:
    from typing import Any

    from tutor.ledger import Ledger, Payment, Seat

__all__ = [
    "ArgumentError",
    "Decomposition",
    "DiscardOption",
    "Dragon",
    "Efficiency",
    "Group",
    "GroupKind",
    "Hand",
    "HandError",
    "IllegalActionError",
    "Ledger",
    "Meld",
    "MeldKind",
    "NotationError",
    "Payment",
    "RulesError",
    "Seat",
    "Shape",
    "Suit",
    "Tile",
    "TutorError",
    "Variant",
    "WaitAnalysis",
    "Wind",
    "__version__",
    "decompositions",
    "efficiency",
    "format_hand",
    "is_win",
    "parse_hand",
    "parse_meld",
    "parse_tile",
    "parse_tiles",
    "shanten",
    "useful_tiles",
    "waits",
]


def __getattr__(name: str) -> Any:
    """``Ledger``, ``Payment`` and ``Seat`` (settlement, not the core) load on first use, so
    ``import tutor`` loads only what reading hands needs."""
    if name in ("Ledger", "Payment", "Seat"):
        from tutor import ledger

        return getattr(ledger, name)
    raise AttributeError(f"module 'tutor' has no attribute {name!r}")
