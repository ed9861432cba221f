"""Shared helpers for the Hangzhou tests."""

from __future__ import annotations

from tutor import Hand, Tile
from tutor.variants.hangzhou import HANGZHOU, HangzhouRules, ScoreSheet, Situation, score


def sheet(text: str, drawn: str, rules: HangzhouRules = HANGZHOU, **situation: object
          ) -> ScoreSheet:
    """Score ``text`` (13 tiles before the draw, or the 14 with it) won on ``drawn``."""
    hand = Hand.parse(text, "hangzhou")
    tile = Tile.parse(drawn)
    if hand.size == 13:
        hand = hand.add(tile)
    return score(hand, tile, Situation(**situation), rules=rules)  # type: ignore[arg-type]


def names(s: ScoreSheet) -> list[tuple[str, int]]:
    return [(line.name, line.multiplier) for line in s.lines]
