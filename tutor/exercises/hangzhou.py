"""Exercises on Hangzhou jokers, multipliers and the dealer's tally (notebook 06).

Every answer is computed by the engine when the exercise is built. ``exercises()`` returns them
in the notebook's order; ``by_key()`` as a dict.
"""

from __future__ import annotations

from tutor.core.notation import parse_hand, parse_tile
from tutor.core.shapes import decompositions
from tutor.core.variant import Variant
from tutor.core.waits import waits
from tutor.exercises.model import AnswerKind, Exercise
from tutor.i18n import Message, join, shown
from tutor.ledger import Seat
from tutor.study.hangzhou import PRESET_RESULTS
from tutor.variants.hangzhou.ledger import play
from tutor.variants.hangzhou.scoring import Situation, score

__all__ = ["by_key", "exercises"]

V = Variant.HANGZHOU


def _waits() -> Exercise:
    text = "1m白 456p 789s 東東東 中中"
    found = waits(parse_hand(text, V), V)
    tiles = " ".join(str(t) for t in found.waits)
    return Exercise(
        key="hangzhou-joker-waits", title=Message("Waits with a joker"),
        hint=Message("Three sets are finished. Which two shapes are left, and which tiles let the "
                     "joker turn them into a set and a pair?"),
        prompt=Message("Hangzhou (白 is a joker): which natural tiles complete this hand?"),
        kind=AnswerKind.TILES, answer=frozenset(found.waits),
        explanation=Message("The hand waits on {tiles}. 456p, 789s and 東東東 are sets, so 1m + 白 "
                            "and 中中 must become a set and a pair: 2m or 3m lets the joker finish "
                            "the run 123m, another 1m lets it make 111m, and a third 中 makes "
                            "中中中 a pong while 1m + 白 become the pair. A drawn joker wins too, "
                            "but the answer lists natural tiles only.", tiles=tiles),
        variant=V.value, hand=text)


def _product() -> Exercise:
    text = "1122m 33p 4444s 99s 白"
    drawn = parse_tile("9s", V)
    sheet = score(parse_hand(text, V).add(drawn), drawn, Situation(joker_discards=1))
    lines = join(Message("; "), [Message("{name} x{multiplier}", name=shown(line.name),
                                         multiplier=line.multiplier) for line in sheet.lines])
    factors = " x ".join(str(line.multiplier) for line in sheet.lines)
    return Exercise(
        key="hangzhou-product", title=Message("Multiply the multipliers"),
        hint=Message("Go through the table: the shape (seven pairs, with or without a joker), four "
                     "identical tiles, the hand before the draw (a joker set aside), and the joker "
                     "discarded just before."),
        prompt=Message("Hangzhou: this hand discarded a joker on its last turn (one joker discard "
                       "in the chain, no kong), then drew 9s and won. What is the product of the "
                       "multipliers?"),
        kind=AnswerKind.NUMBER, answer=sheet.product,
        explanation=Message("{lines}: {factors} = {product}. The hand is seven pairs with a joker, "
                            "the four 4s are a Tile Hog (they count as two pairs), one joker set "
                            "aside leaves six pairs (the White Dragon Pair Wait) and the joker "
                            "discarded just before is After a White Dragon Discard.", lines=lines,
                            factors=factors, product=sheet.product),
        variant=V.value, hand=text + " 9s")


def _joker() -> Exercise:
    text = "123m 4白6p 789s 東東東 中中"
    readings = decompositions(parse_hand(text, V), V)
    assert len(readings) == 1, text
    stands = readings[0].joker_stands_for
    return Exercise(
        key="hangzhou-joker-stands-for", title=Message("What the joker stands for"),
        hint=Message("Find the pair first. Then which set is missing a tile?"),
        prompt=Message("Hangzhou: this hand is complete. Which tile does the joker (白) stand "
                       "for?"),
        kind=AnswerKind.TILES, answer=frozenset(stands),
        explanation=Message("The only reading is {reading}: the joker stands for {stands}, the gap "
                            "between 4p and 6p. 中中 is already the pair, so 4p 白 6p must be a "
                            "run.", reading=str(readings[0]),
                            stands=" ".join(str(t) for t in stands)),
        variant=V.value, hand=text)


def _tally() -> Exercise:
    game = play(PRESET_RESULTS)
    paid = sum(p.amount for p in game.ledger if p.payer == Seat.WEST)
    received = sum(p.amount for p in game.ledger if p.payee == Seat.WEST)
    parts = join(" + ", [Message("{amount} ({category}, hand {hand})", amount=p.amount,
                                 category=shown(p.category), hand=p.hand)
                         for p in game.ledger if p.payer == Seat.WEST])
    return Exercise(
        key="hangzhou-tally-west", title=Message("The dealer's tally"),
        hint=Message("A dealer win pays nothing at once: it adds tokens to the tally. Who pays the "
                     "tally, and when is it paid out?"),
        prompt=Message("Hangzhou, East deals first: {results}; then the game ends. West never "
                       "wins. How many points does West pay in all?",
                       results=join(Message("; "), [shown(r) for r in PRESET_RESULTS])),
        kind=AnswerKind.NUMBER, answer=paid - received,
        explanation=Message("West pays {parts} = {paid}. East's two dealer wins pay nothing at "
                            "once but leave 2 + 4 = 6 tokens (8 each from every other player); "
                            "South's win first pays South (1 x 4 from West), then East's tally (6 "
                            "x 8 = 48). South then wins as dealer (2 tokens), the draw keeps the "
                            "tally open, and the game end pays it (2 x 8 = "
                            "16).", parts=parts, paid=paid),
        variant=V.value)


def exercises() -> list[Exercise]:
    """The Hangzhou exercises, in the notebook's order."""
    return [_waits(), _joker(), _product(), _tally()]


def by_key() -> dict[str, Exercise]:
    return {ex.key: ex for ex in exercises()}
