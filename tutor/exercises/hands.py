"""Exercises on tiles, hands and waits (notebook 02). Every answer is computed by the engine.

``exercises()`` returns them in the notebook's order; ``by_key()`` as a dict.
"""

from __future__ import annotations

from tutor.core.notation import parse_hand, parse_tiles
from tutor.core.tiles import Tile
from tutor.core.variant import Variant
from tutor.core.waits import efficiency, shanten, useful_tiles, waits
from tutor.exercises.model import AnswerKind, Exercise

__all__ = ["by_key", "exercises"]


def _tiles(tiles: tuple[Tile, ...] | list[Tile]) -> str:
    return " ".join(str(t) for t in tiles) or "none"


def _waits_exercise(key: str, hand_text: str, variant: Variant, prompt: str, why: str, *,
                    title: str, hint: str) -> Exercise:
    hand = parse_hand(hand_text, variant)
    found = waits(hand, variant)
    left = ", ".join(f"{t} ({found.left[t]} left)" for t in found.waits)
    text = f"The hand waits on {_tiles(found.waits)}: {left}. {why}"
    if found.dead_waits:
        text += (f" Dead wait: {_tiles(found.dead_waits)}, all four copies already in the hand, "
                 "so it can never be drawn and does not count.")
    if variant.joker is not None:
        text += " A drawn joker (白) wins too, but the answer lists natural tiles only."
    return Exercise(key=key, prompt=prompt, kind=AnswerKind.TILES,
                    answer=frozenset(found.waits), explanation=text, variant=variant.value,
                    hand=hand_text, title=title, hint=hint)


def _standard() -> Exercise:
    return _waits_exercise(
        "hands-waits-standard", "23456m 678p 11123s", Variant.HUANGYAN,
        "Huangyan: which tiles complete this hand? List every one.",
        "678p and 123s are sets and 11s the pair, so the five characters 23456m must become "
        "two sets with one more tile: 1m (123m + 456m), 4m (234m + 456m) or 7m (234m + 567m). "
        "A long run of connected tiles waits on several tiles at once.",
        title="A long run",
        hint="Set aside the parts that are already finished: which sets and which pair are "
             "complete? Then try each tile next to the characters that are left.")


def _dead() -> Exercise:
    return _waits_exercise(
        "hands-waits-dead", "22223344m 789p 11z", Variant.HUANGYAN,
        "Huangyan: which tiles complete this hand? (Careful: a tile you cannot draw is no "
        "wait.)",
        "With 11z (East) as the pair, 222m + 234m + 34m waits on 2m or 5m; with 22m as the "
        "pair, 234m + 234m are sets and 11z wants a third East (1z).",
        title="Four of a kind in the hand",
        hint="There are two ways to choose the pair. And count the 2m: a tile whose four "
             "copies are all in your hand can never be drawn.")


def _joker() -> Exercise:
    return _waits_exercise(
        "hands-waits-joker", "23m 456p 789s 11z 33s 白", Variant.HANGZHOU,
        "Hangzhou (白 is a joker): which natural tiles complete this hand?",
        "The joker fills whichever gap the drawn tile leaves: with 1m or 4m the run 23m is "
        "done and the joker makes 33s or 11z a set; with 3s or 1z that pair becomes a pong "
        "and the joker finishes 23m.",
        title="A joker fills the gap",
        hint="The joker can become any tile. Try each candidate tile and ask: can the joker "
             "then finish whatever is still incomplete?")


def _seven_pairs() -> Exercise:
    return _waits_exercise(
        "hands-waits-seven-pairs", "1111m 3344p 5577s 9s", Variant.GUIYANG,
        "Guiyang: which tiles complete this hand?",
        "There is no standard reading, but Guiyang accepts seven pairs, and four identical "
        "tiles not declared as a kong count as two pairs: 11m 11m 33p 44p 55s 77s, plus a pair "
        "of 9s.",
        title="Seven pairs",
        hint="Look for another winning shape than four sets and a pair. How many pairs do you "
             "see, and how do four identical tiles count?")


def _tiles_left() -> Exercise:
    hand_text, seen_text = "23456m 678p 11123s", "1m 1m 4m 7m"
    hand = parse_hand(hand_text)
    found = waits(hand, Variant.HUANGYAN, parse_tiles(seen_text))
    counts = ", ".join(f"{found.left[t]} of {t}" for t in found.waits)
    return Exercise(
        key="hands-tiles-left", title="Tiles still out there",
        hint="First find the waits. Then for each one: four copies, less those in your hand, "
             "less those in the discards.",
        prompt=f"Huangyan: the discards so far show {seen_text}. How many of the tiles that "
               "complete this hand are still unseen?",
        kind=AnswerKind.NUMBER, answer=found.winning_tiles_left,
        explanation=f"The waits are {_tiles(found.waits)}. Four copies of each, minus those in "
                    f"the hand and the discards: {counts}, {found.winning_tiles_left} in all.",
        variant="huangyan", hand=hand_text)


def _shanten() -> Exercise:
    hand_text = "13m 4579p 1235s 55z 6z"
    hand = parse_hand(hand_text)
    value = shanten(hand)
    useful = useful_tiles(hand)
    return Exercise(
        key="hands-shanten", prompt="Huangyan: what is the shanten of this hand (0 = ready)?",
        title="How far from ready?",
        hint="Count the finished sets, the pair and the partial shapes (two tiles that want "
             "one more), then use 8 - 2 x sets - partial shapes - pair.",
        kind=AnswerKind.NUMBER, answer=value,
        explanation=f"One set (123s), one pair (55z) and three partial shapes (13m, 45p, 79p); "
                    f"the usual count is 8 - 2 x sets - partial shapes - pair = 8 - 2 - 3 - 1 "
                    f"= {value}: the hand needs {value} useful draws to be ready. The tiles "
                    f"that bring it closer: {_tiles(useful)}.",
        variant="huangyan", hand=hand_text)


def _best_discard() -> Exercise:
    hand_text = "1233m 4567p 479s 113z"
    hand = parse_hand(hand_text)
    eff = efficiency(hand)
    top = eff.options[0]
    best = [o for o in eff.options if (o.shanten, o.count) == (top.shanten, top.count)]
    runner = next(o for o in eff.options if o not in best)
    return Exercise(
        key="hands-best-discard", title="The most efficient discard",
        hint="Which tile helps no other tile: no pair, no neighbour in its suit? Throwing it "
             "loses nothing.",
        prompt="Huangyan: this hand has 14 tiles. Which discard keeps the most tiles that "
               "improve it? (If several tie, name them all.)",
        kind=AnswerKind.TILES, answer=frozenset(o.discard for o in best),
        explanation=f"Every discard was tried. Throwing {_tiles([o.discard for o in best])} "
                    f"leaves shanten {top.shanten} with {top.count} improving tiles "
                    f"({_tiles(top.improving)}); the next best, {runner.discard}, keeps "
                    f"{runner.count}. A lone honor that pairs with nothing is the cheapest "
                    "tile to give up.",
        variant="huangyan", hand=hand_text)


def _pair_wait() -> Exercise:
    hand_text = "123m 456p 789s 777s 白"
    found = waits(parse_hand(hand_text, Variant.HANGZHOU), Variant.HANGZHOU)
    answer = "yes" if found.white_dragon_pair_wait else "no"
    return Exercise(
        key="hands-pair-wait", title="The White Dragon Pair Wait",
        hint="Set the joker aside and look at the other twelve tiles: are they already four "
             "finished sets?",
        prompt="Hangzhou: is this hand on the White Dragon Pair Wait (every tile wins)?",
        kind=AnswerKind.CHOICE, answer=answer, options=("yes", "no"),
        explanation=f"Set the joker aside: 123m 456p 789s 777s are already four sets, so the "
                    f"joker pairs with whatever is drawn ({len(found.waits)} natural kinds win, "
                    "and a joker too). Only 7s cannot come: all four are in the hand.",
        variant="hangzhou", hand=hand_text)


def exercises() -> list[Exercise]:
    """The hand exercises, in the order notebook 02 asks them."""
    return [_standard(), _dead(), _joker(), _seven_pairs(), _tiles_left(), _shanten(),
            _best_discard(), _pair_wait()]


def by_key() -> dict[str, Exercise]:
    return {e.key: e for e in exercises()}
