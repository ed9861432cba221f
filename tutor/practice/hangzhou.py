"""Generated Hangzhou practice: ``hangzhou-multiplier``, the product of a self-drawn win.

Levels: 1, one multiplier or none (plain hands, a joker or two); 2, exactly two multipliers
(seven pairs, the White Dragon Pair Wait, a joker discarded in the chain); 3, three or more
(Tile Hogs, kongs in the chain, three or four White Dragons).
"""

from __future__ import annotations

import random

from tutor.core.hand import Hand, MeldKind
from tutor.core.tiles import Tile, Wind
from tutor.core.variant import Variant
from tutor.core.waits import waits
from tutor.exercises.model import AnswerKind, Exercise
from tutor.i18n import Message, join
from tutor.ledger import seat_name
from tutor.practice.base import Draft, plural, shown
from tutor.practice.deal import JOKER, HandPlan, complete_hand, kinds_of
from tutor.variants.hangzhou.scoring import ScoreSheet, Situation, score
from tutor.variants.hangzhou.text import group_text

__all__ = ["multiplier"]

V = Variant.HANGZHOU
_LINES = {1: (0, 1), 2: (2, 2), 3: (3, 9)}


def _plan(rng: random.Random, level: int) -> HandPlan:
    kinds = kinds_of(V, rng.sample(range(3), rng.choice((1, 2, 3))), rng.random() < 0.6)
    melds = (MeldKind.PONG, MeldKind.CHOW, MeldKind.OPEN_KONG, MeldKind.ADDED_KONG,
             MeldKind.CONCEALED_KONG)
    return HandPlan(kinds=tuple(kinds), melds=rng.choice(((0,), (0, 1), (0, 1, 2))[level - 1]),
                    meld_kinds=melds, seven_pairs=rng.random() < (0.15, 0.3, 0.3)[level - 1],
                    jokers=rng.choice(((0, 1), (0, 1, 2), (1, 2, 3))[level - 1]),
                    joker_pair=rng.random() < 0.4)


def _drawn(rng: random.Random, hand: Hand, level: int) -> Tile:
    """The drawn tile; from level 2 on, one that ends a White Dragon Pair Wait when there is."""
    kinds = sorted(set(hand.concealed))
    if level > 1 and rng.random() < 0.5:
        pair_wait = [t for t in kinds if waits(hand.remove(t), V).white_dragon_pair_wait]
        if pair_wait:
            return rng.choice(pair_wait)
    return rng.choice(hand.concealed)


def _win(rng: random.Random, level: int) -> tuple[Hand, Tile, Situation, ScoreSheet]:
    low, high = _LINES[level]
    chosen = None
    for _ in range(600):
        hand, _ = complete_hand(rng, V, _plan(rng, level))
        drawn = _drawn(rng, hand, level)
        kongs = sum(m.is_kong for m in hand.melds)
        held = hand.held_counts[JOKER]
        chain_kongs = rng.randint(0, kongs) if level > 1 else 0
        discarded = rng.choice(((0, 0, 1), (0, 1), (0, 1, 2))[level - 1])
        situation = Situation(winner=rng.choice(tuple(Wind)), dealer=rng.choice(tuple(Wind)),
                              kongs=chain_kongs, joker_discards=min(discarded, 4 - held))
        sheet = score(hand, drawn, situation)
        chosen = (hand, drawn, situation, sheet)
        if low <= len(sheet.lines) <= high:
            break
    assert chosen is not None
    return chosen


def _chain(s: Situation) -> str:
    if not s.kongs and not s.joker_discards:
        return Message("declared no kong and discarded no joker")
    parts: list[str] = []
    if s.kongs:
        parts.append(Message("declared {kongs}", kongs=plural(s.kongs, "kong")) if s.kongs > 1
                     else Message("declared a kong"))
    if s.joker_discards:
        parts.append(Message("discarded {jokers}", jokers=plural(s.joker_discards, "joker")))
    return join(Message(" and "), parts)


def _reading(sheet: ScoreSheet) -> str:
    """The reading group by group as ``str()`` writes it, a group of jokers only translated
    when shown."""
    return join(" ", [group_text(g) if g.wild else str(g) for g in sheet.reading.groups])


def multiplier(rng: random.Random, level: int, variant: Variant | None) -> Draft:
    """The product of the multipliers of a self-drawn Hangzhou win."""
    hand, drawn, s, sheet = _win(rng, level)
    who = seat_name(s.winner)
    dealer = Message(" (the dealer)") if s.dealer_wins else ""
    prompt = Message("Hangzhou: {who}{dealer} draws {drawn} and wins with this hand (the drawn "
                     "tile is set apart). Since {who}'s last discard of a natural tile, {who} "
                     "{chain}. What is the product of the multipliers (1 if none applies)?",
                     who=who, dealer=dealer, drawn=str(drawn), chain=_chain(s))
    lines = (join(Message("; "), [shown(line) for line in sheet.lines])
             or Message("no multiplier applies"))
    factors = " x ".join(str(line.multiplier) for line in sheet.lines) or "1"
    text = Message("Reading: {reading} ({shape}). {lines}. Product: {factors} = {product}.",
                   reading=_reading(sheet), shape=Message(sheet.reading.shape.value),
                   lines=lines, factors=factors, product=sheet.product)
    jokers = hand.held_counts[JOKER] + s.joker_discards
    hint = Message("Go down the table: White Dragons held plus discarded in the chain ({jokers}: "
                   "three or four count), each kong in the chain, the hand before the draw (with "
                   "one joker set aside, was it already complete?), each joker discarded in the "
                   "chain, seven pairs (pure or with a joker) and four identical tiles in seven "
                   "pairs.", jokers=jokers)
    exercise = Exercise(key="", prompt=prompt, kind=AnswerKind.NUMBER, answer=sheet.product,
                        explanation=text, variant=V.value, hand=str(hand), drawn=str(drawn),
                        title=Message("Multiply the multipliers"), hint=hint)
    fields: dict[str, object] = {"hand": str(hand), "drawn": str(drawn),
                                 "winner": s.winner.letter, "dealer": s.dealer.letter,
                                 "kongs": s.kongs, "joker_discards": s.joker_discards,
                                 "lines": [line.as_dict() for line in sheet.lines]}
    return Draft(exercise, V, fields, sheet.product)
