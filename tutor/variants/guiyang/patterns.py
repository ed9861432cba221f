"""Patterns (牌型) of Guiyang hands: the highest pattern of a complete hand, with its reason.

Guiyang has 108 suited tiles and no chows to claim (concealed runs are fine). A complete hand
is four groups and a pair or seven pairs, four identical concealed tiles counting as two pairs.
Two questions decide the pattern: is the hand all one suit ("pure", 清), and what is its shape:
runs somewhere (plain), only pongs and kongs (all triplets), seven pairs, or seven pairs holding
four identical tiles (dragon pairs). Only the highest pattern scores.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from tutor.core.hand import Hand, Meld
from tutor.core.shapes import Decomposition, GroupKind, Shape, decompositions
from tutor.core.tiles import Tile
from tutor.core.variant import Variant
from tutor.core.waits import WaitAnalysis, waits
from tutor.errors import HandError
from tutor.i18n import N_, Message, _, join, localize
from tutor.variants.guiyang.rules import GUIYANG_RULES, GuiyangRules, Pattern

__all__ = ["PatternResult", "best_possible_pattern", "pattern_of", "readiness"]

GUIYANG = Variant.GUIYANG

_SUIT_NAMES = {"m": N_("characters"), "p": N_("dots"), "s": N_("bamboo")}


@dataclass(frozen=True)
class PatternResult:
    """The highest pattern of a complete hand, its value under ``rules`` and why."""

    pattern: Pattern
    value: int
    reason: str
    hand: Hand
    decomposition: Decomposition
    winning_tile: Tile | None = None

    def __str__(self) -> str:
        text = (_("{pattern} {value} (winning on {tile}): {reason}") if self.winning_tile
                is not None else _("{pattern} {value}: {reason}"))
        return text.format(pattern=localize(self.pattern.title), value=self.value,
                           tile=self.winning_tile, reason=localize(self.reason))

    def __repr__(self) -> str:
        return (f"PatternResult(pattern=Pattern.{self.pattern.name}, value={self.value}, "
                f"hand={self.hand!r})")

    def as_dict(self) -> dict[str, object]:
        return {"pattern": self.pattern.value, "chinese": self.pattern.chinese,
                "value": self.value, "reason": self.reason, "hand": str(self.hand),
                "winning_tile": str(self.winning_tile) if self.winning_tile else None,
                "reading": str(self.decomposition)}

    def _repr_html_(self) -> str:
        return (f"<p><b>{html.escape(localize(self.pattern.title))}</b> = {self.value}<br>"
                f"{html.escape(localize(self.reason))}<br><code>{html.escape(str(self.decomposition))}"
                "</code></p>")


def _pattern(pure: bool, hand: Hand, reading: Decomposition) -> Pattern:
    """The pattern of one reading of a complete hand (``pure``: all in one suit)."""
    if reading.shape is Shape.SEVEN_PAIRS:
        if any(hand.counts[t.index] == 4 for t in hand.concealed):
            return Pattern.PURE_DRAGON_PAIRS if pure else Pattern.DRAGON_PAIRS
        return Pattern.PURE_SEVEN_PAIRS if pure else Pattern.SEVEN_PAIRS
    if all(g.kind is not GroupKind.CHOW for g in reading.sets):
        return Pattern.PURE_TRIPLETS if pure else Pattern.ALL_TRIPLETS
    return Pattern.PURE_SUIT if pure else Pattern.PLAIN


def _classify(hand: Hand, reading: Decomposition) -> tuple[Pattern, str]:
    suits = {t.suit.value for t in hand.tiles}
    pure = len(suits) == 1
    names = join(Message(", "), (Message(_SUIT_NAMES[s]) for s in sorted(suits)))
    where = (Message("all in one suit ({names})", names=names) if pure else
             Message("{n} suits ({names})", n=len(suits), names=names))
    pattern = _pattern(pure, hand, reading)
    shape: Message
    if reading.shape is Shape.SEVEN_PAIRS:
        fours = [t for t in sorted(set(hand.concealed)) if hand.counts[t.index] == 4]
        if fours:
            four = ", ".join(str(t) for t in fours)
            shape = Message("seven pairs with four {four} held as two pairs", four=four)
        else:
            shape = Message("seven pairs")
    elif pattern in (Pattern.PURE_TRIPLETS, Pattern.ALL_TRIPLETS):
        shape = Message("four pongs or kongs and a pair")
    else:
        runs = " ".join(str(g) for g in reading.sets if g.kind is GroupKind.CHOW)
        shape = Message("four groups and a pair, with runs ({runs})", runs=runs)
    return pattern, shape + Message("; ") + where


_ORDER = {p: i for i, p in enumerate(Pattern)}


#: pattern_of's results by the hand's tiles and melds, the winning tile and the rules: a game
#: asks for the same hand more than once (may a discard win be refused, then its settlement),
#: and a what-if plays each deal twice in a row. Values only, so the cache is shared; small.
_RESULTS: dict[tuple[bytes, tuple[Meld, ...], Tile | None, GuiyangRules], PatternResult] = {}


def pattern_of(hand: Hand, rules: GuiyangRules = GUIYANG_RULES, *,
               winning_tile: Tile | None = None) -> PatternResult:
    """The highest pattern of a complete 14-tile Guiyang hand (:class:`HandError` otherwise)."""
    key = (hand.packed, hand.melds, winning_tile, rules)
    found = _RESULTS.get(key)
    if found is None:
        found = _pattern_of(hand, rules, winning_tile)
        if len(_RESULTS) >= 1_024:
            _RESULTS.clear()
        _RESULTS[key] = found
    return found


def _pattern_of(hand: Hand, rules: GuiyangRules, winning_tile: Tile | None) -> PatternResult:
    readings = decompositions(hand, GUIYANG)  # checks the hand
    if not readings:
        raise HandError(f"{hand}: not a complete hand (four groups and a pair, or seven pairs)")
    pure = len({t.suit for t in hand.tiles}) == 1
    best: tuple[int, int] | None = None
    chosen = readings[0]
    for reading in readings:  # the first of the highest value and rank
        pattern = _pattern(pure, hand, reading)
        rank = (rules.pattern_value(pattern), _ORDER[pattern])
        if best is None or rank > best:
            best, chosen = rank, reading
    pattern, reason = _classify(hand, chosen)
    return PatternResult(pattern, rules.pattern_value(pattern), reason, hand, chosen,
                         winning_tile)


def readiness(hand: Hand) -> WaitAnalysis:
    """Waits of a 13-tile hand; ready means at least one live wait (not all four held)."""
    hand.check(GUIYANG)
    return waits(hand, GUIYANG)


def best_possible_pattern(hand: Hand, rules: GuiyangRules = GUIYANG_RULES) -> PatternResult | None:
    """The highest pattern a ready 13-tile hand can reach over all its waits, valued as a
    discard win (no self-draw point); ``None`` if the hand is not ready."""
    best: PatternResult | None = None
    for tile in readiness(hand).waits:
        result = pattern_of(hand.add(tile), rules, winning_tile=tile)
        if best is None or result.value > best.value:
            best = result
    return best
