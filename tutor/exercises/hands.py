"""Exercises on tiles, hands and waits (notebook 02). Every answer is computed by the engine.

``exercises()`` returns them in the notebook's order; ``by_key()`` as a dict.
"""

from __future__ import annotations

from tutor.core.notation import parse_hand, parse_tiles
from tutor.core.tiles import Tile
from tutor.core.variant import Variant
from tutor.core.waits import efficiency, shanten, useful_tiles, waits
from tutor.exercises.model import AnswerKind, Exercise
from tutor.i18n import Message, join

__all__ = ["by_key", "exercises"]


def _tiles(tiles: tuple[Tile, ...] | list[Tile]) -> str:
    return " ".join(str(t) for t in tiles) or Message("none")


def _waits_exercise(key: str, hand_text: str, variant: Variant, prompt: str, why: str, *,
                    title: str, hint: str) -> Exercise:
    hand = parse_hand(hand_text, variant)
    found = waits(hand, variant)
    left = join(", ", [Message("{tile} ({n} left)", tile=str(t), n=found.left[t])
                       for t in found.waits])
    text = Message("The hand waits on {tiles}: {left}. {why}", tiles=_tiles(found.waits),
                   left=left, why=why)
    if found.dead_waits:
        text += Message(" Dead wait: {tiles}, all four copies already in the hand, so it can never "
                        "be drawn and does not count.", tiles=_tiles(found.dead_waits))
    if variant.joker is not None:
        text += Message(" A drawn joker (白) wins too, but the answer lists natural tiles only.")
    return Exercise(key=key, prompt=prompt, kind=AnswerKind.TILES,
                    answer=frozenset(found.waits), explanation=text, variant=variant.value,
                    hand=hand_text, title=title, hint=hint)


def _standard() -> Exercise:
    return _waits_exercise(
        "hands-waits-standard", "23456m 678p 11123s", Variant.HUANGYAN,
        Message("Huangyan: which tiles complete this hand? List every one."),
        Message("678p and 123s are sets and 11s the pair, so the five characters 23456m must "
                "become two sets with one more tile: 1m (123m + 456m), 4m (234m + 456m) or 7m "
                "(234m + 567m). A long run of connected tiles waits on several tiles at once."),
        title=Message("A long run"),
        hint=Message("Set aside the parts that are already finished: which sets and which pair are "
                     "complete? Then try each tile next to the characters that are left."))


def _dead() -> Exercise:
    return _waits_exercise(
        "hands-waits-dead", "22223344m 789p 11z", Variant.HUANGYAN,
        Message("Huangyan: which tiles complete this hand? (Careful: a tile you cannot draw is no "
                "wait.)"),
        Message("With 11z (East) as the pair, 222m + 234m + 34m waits on 2m or 5m; with 22m as the "
                "pair, 234m + 234m are sets and 11z wants a third East (1z)."),
        title=Message("Four of a kind in the hand"),
        hint=Message("There are two ways to choose the pair. And count the 2m: a tile whose four "
                     "copies are all in your hand can never be drawn."))


def _joker() -> Exercise:
    return _waits_exercise(
        "hands-waits-joker", "23m 456p 789s 11z 33s 白", Variant.HANGZHOU,
        Message("Hangzhou (白 is a joker): which natural tiles complete this hand?"),
        Message("The joker fills whichever gap the drawn tile leaves: with 1m or 4m the run 23m is "
                "done and the joker makes 33s or 11z a set; with 3s or 1z that pair becomes a pong "
                "and the joker finishes 23m."),
        title=Message("A joker fills the gap"),
        hint=Message("The joker can become any tile. Try each candidate tile and ask: can the "
                     "joker then finish whatever is still incomplete?"))


def _seven_pairs() -> Exercise:
    return _waits_exercise(
        "hands-waits-seven-pairs", "1111m 3344p 5577s 9s", Variant.GUIYANG,
        Message("Guiyang: which tiles complete this hand?"),
        Message("There is no standard reading, but Guiyang accepts seven pairs, and four identical "
                "tiles not declared as a kong count as two pairs: 11m 11m 33p 44p 55s 77s, plus a "
                "pair of 9s."),
        title=Message("Seven pairs"),
        hint=Message("Look for another winning shape than four sets and a pair. How many pairs do "
                     "you see, and how do four identical tiles count?"))


def _tiles_left() -> Exercise:
    hand_text, seen_text = "23456m 678p 11123s", "1m 1m 4m 7m"
    hand = parse_hand(hand_text)
    found = waits(hand, Variant.HUANGYAN, parse_tiles(seen_text))
    counts = join(", ", [Message("{n} of {tile}", n=found.left[t], tile=str(t))
                         for t in found.waits])
    return Exercise(
        key="hands-tiles-left", title=Message("Tiles still out there"),
        hint=Message("First find the waits. Then for each one: four copies, less those in your "
                     "hand, less those in the discards."),
        prompt=Message("Huangyan: the discards so far show {seen}. How many of the tiles that "
                       "complete this hand are still unseen?", seen=seen_text),
        kind=AnswerKind.NUMBER, answer=found.winning_tiles_left,
        explanation=Message("The waits are {waits}. Four copies of each, minus those in the hand "
                            "and the discards: {counts}, {left} in all.",
                            waits=_tiles(found.waits), counts=counts,
                            left=found.winning_tiles_left),
        variant="huangyan", hand=hand_text)


def _shanten() -> Exercise:
    hand_text = "13m 4579p 1235s 55z 6z"
    hand = parse_hand(hand_text)
    value = shanten(hand)
    useful = useful_tiles(hand)
    return Exercise(
        key="hands-shanten", prompt=Message("Huangyan: what is the shanten of this hand (0 = "
                                            "ready)?"),
        title=Message("How far from ready?"),
        hint=Message("Count the finished sets, the pair and the partial shapes (two tiles that "
                     "want one more), then use 8 - 2 x sets - partial shapes - pair."),
        kind=AnswerKind.NUMBER, answer=value,
        explanation=Message("One set (123s), one pair (55z) and three partial shapes (13m, 45p, "
                            "79p); the usual count is 8 - 2 x sets - partial shapes - pair = 8 - 2 "
                            "- 3 - 1 = {value}: the hand needs {value} useful draws to be ready. "
                            "The tiles that bring it closer: {useful}.", value=value,
                            useful=_tiles(useful)),
        variant="huangyan", hand=hand_text)


def _best_discard() -> Exercise:
    hand_text = "1233m 4567p 479s 113z"
    hand = parse_hand(hand_text)
    eff = efficiency(hand)
    top = eff.options[0]
    best = [o for o in eff.options if (o.shanten, o.count) == (top.shanten, top.count)]
    runner = next(o for o in eff.options if o not in best)
    return Exercise(
        key="hands-best-discard", title=Message("The most efficient discard"),
        hint=Message("Which tile helps no other tile: no pair, no neighbour in its suit? Throwing "
                     "it loses nothing."),
        prompt=Message("Huangyan: this hand has 14 tiles. Which discard keeps the most tiles that "
                       "improve it? (If several tie, name them all.)"),
        kind=AnswerKind.TILES, answer=frozenset(o.discard for o in best),
        explanation=Message("Every discard was tried. Throwing {best} leaves shanten {shanten} "
                            "with {count} improving tiles ({improving}); the next best, {runner}, "
                            "keeps {runner_count}. A lone honor that pairs with nothing is the "
                            "cheapest tile to give up.",
                            best=_tiles([o.discard for o in best]), shanten=top.shanten,
                            count=top.count, improving=_tiles(top.improving),
                            runner=str(runner.discard), runner_count=runner.count),
        variant="huangyan", hand=hand_text)


def _pair_wait() -> Exercise:
    hand_text = "123m 456p 789s 777s 白"
    found = waits(parse_hand(hand_text, Variant.HANGZHOU), Variant.HANGZHOU)
    answer = "yes" if found.white_dragon_pair_wait else "no"
    return Exercise(
        key="hands-pair-wait", title=Message("The White Dragon Pair Wait"),
        hint=Message("Set the joker aside and look at the other twelve tiles: are they already "
                     "four finished sets?"),
        prompt=Message("Hangzhou: is this hand on the White Dragon Pair Wait (every tile wins)?"),
        kind=AnswerKind.CHOICE, answer=answer, options=("yes", "no"),
        explanation=Message("Set the joker aside: 123m 456p 789s 777s are already four sets, so "
                            "the joker pairs with whatever is drawn ({n} natural kinds win, and a "
                            "joker too). Only 7s cannot come: all four are in the hand.",
                            n=len(found.waits)),
        variant="hangzhou", hand=hand_text)


def exercises() -> list[Exercise]:
    """The hand exercises, in the order notebook 02 asks them."""
    return [_standard(), _dead(), _joker(), _seven_pairs(), _tiles_left(), _shanten(),
            _best_discard(), _pair_wait()]


def by_key() -> dict[str, Exercise]:
    return {e.key: e for e in exercises()}
