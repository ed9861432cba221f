"""Hangzhou hands and readings in the words a learner reads: every joker is written 白.

Plain notation writes the White Dragon as ``5z``, so ``55777z`` would read as two ordinary White
Dragons beside three Red Dragons. In Hangzhou every White Dragon is a joker, so the sheets write
honors as characters and the jokers apart, as 白, and say what each one stood for:

>>> from tutor import Hand
>>> hand_text(Hand.parse("123m456m77m白白 [中中中中]", "hangzhou"))
'12345677m 白白 [中中中中]'
>>> tile_text(Tile.parse("7z")), tile_text(Tile.parse("5z")), tile_text(Tile.parse("3p"))
('中', '白', '3p')
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from tutor.core.hand import Hand
from tutor.core.notation import format_hand
from tutor.core.shapes import Decomposition, Group, GroupKind
from tutor.core.tiles import Tile
from tutor.i18n import N_, Message, join

__all__ = ["JOKER", "group_text", "hand_text", "joker_text", "reading_text", "tile_text",
           "tiles_text"]

JOKER = Tile.parse("5z")

#: the names of groups and shapes, for the catalog (translated where a sheet shows them)
NAMES = (N_("chow"), N_("pong"), N_("kong"), N_("pair"), N_("four groups and a pair"),
         N_("seven pairs"))


def tile_text(tile: Tile) -> str:
    """One tile: 白 for the joker, the character for another honor, MPSZ for a suited tile."""
    if tile == JOKER:
        return "白"
    return tile.chinese if tile.is_honor else str(tile)


def tiles_text(tiles: Iterable[Tile]) -> str:
    """Tiles without brackets: natural tiles by suit, honors as characters, the jokers last."""
    items = sorted(tiles)
    suited = tuple(t for t in items if t.is_suited)
    parts = [format_hand(Hand(suited), "cjk")] if suited else []
    for kind in dict.fromkeys(t for t in items if t.is_honor and t != JOKER):
        parts.append(kind.chinese * items.count(kind))  # one word per honor: 東東 中中中
    jokers = items.count(JOKER)
    return " ".join(parts + (["白" * jokers] if jokers else []))


def hand_text(hand: Hand) -> str:
    """A Hangzhou hand: the concealed tiles (jokers last, as 白), then the melds."""
    parts = [tiles_text(hand.concealed)] if hand.concealed else []
    if hand.melds:
        parts.append(format_hand(Hand((), hand.melds), "cjk"))
    return " ".join(parts)


def group_text(group: Group) -> str:
    """One group of a reading: its natural tiles and its jokers, and what the jokers stood for
    (``57m白 (白=6m)``); a group of jokers only stands for any set or pair."""
    if group.wild:
        return Message("{jokers} (jokers as any {kind})", jokers="白" * len(group.tiles),
                       kind=Message(group.kind.value))
    if group.meld is not None:
        return format_hand(Hand((), (group.meld,)), "cjk")
    natural = Counter(group.tiles)
    natural.subtract(group.jokers)
    text = tiles_text(sorted(natural.elements()))
    if group.jokers:
        text = text.replace(" ", "") + "白" * len(group.jokers)
        text += " (" + ", ".join(f"白={tile_text(t)}" for t in group.jokers) + ")"
    return text


def reading_text(reading: Decomposition) -> str:
    """A reading, group by group (declared melds first, pairs last)."""
    return join(" ", (group_text(g) for g in reading.groups))


def joker_text(reading: Decomposition) -> str:
    """What each joker stood for in ``reading``: ``白=6m, 白=中``, or the wild groups."""
    parts: list[str] = [f"白={tile_text(t)}" for t in reading.joker_stands_for]
    parts += [Message("{jokers} as any pair", jokers="白" * len(g.tiles))
              if g.kind is GroupKind.PAIR else
              Message("{jokers} as any set", jokers="白" * len(g.tiles))
              for g in reading.groups if g.wild]
    return join(Message(", "), parts) if parts else Message("no jokers")
