"""Generated practice on hands, any game: ``waits``, ``shanten`` and ``discard``.

Levels:

* ``waits``: 1, a concealed hand in one or two suits with one or two waits (Huangyan or
  Guiyang, no jokers); 2, any game and suits, a declared meld, seven pairs, one Hangzhou joker,
  up to four waits; 3, dense one-suit hands, kongs, two Hangzhou jokers, three to nine waits.
* ``shanten``: 1, one or two tiles swapped out of a ready hand (shanten 0 or 1); 2, a meld and
  a joker allowed, shanten 1 or 2; 3, seven pairs in play, two jokers, shanten 2 to 4.
* ``discard``: 1, only one discard keeps the hand as close to ready; 2, several keep it, the best
  keeps at least four more improving tiles; 3, the best wins by one to three tiles, jokers and
  seven pairs in play. The best discard is always unique.
"""

from __future__ import annotations

import random

from tutor.core.hand import Hand, MeldKind
from tutor.core.shapes import decompositions
from tutor.core.tiles import KINDS, Suit, Tile
from tutor.core.variant import Variant
from tutor.core.waits import Efficiency, efficiency, shanten, useful_tiles, waits
from tutor.exercises.model import AnswerKind, Exercise
from tutor.i18n import Message, join, pmessage
from tutor.practice.base import Draft, plural, tiles_text
from tutor.practice.deal import JOKER, HandPlan, Pool, complete_hand, kinds_of

__all__ = ["discard", "shanten_topic", "waits_topic"]

_SUIT_NAMES = {Suit.CHARACTERS: pmessage("suit", "characters"),
               Suit.DOTS: pmessage("suit", "dots"), Suit.BAMBOO: pmessage("suit", "bamboo"),
               Suit.HONORS: pmessage("suit", "honor")}


def _game(rng: random.Random, level: int, variant: Variant | None) -> Variant:
    if variant is not None:
        return variant
    if level == 1:
        return rng.choice((Variant.HUANGYAN, Variant.GUIYANG))
    return rng.choice(tuple(Variant))


def _plan(rng: random.Random, game: Variant, level: int) -> HandPlan:
    """A hand plan whose complexity grows with the level."""
    honors = game is not Variant.GUIYANG and rng.random() < (0.3, 0.5, 0.5)[level - 1]
    if level == 1:
        suits = rng.sample(range(3), rng.choice((1, 2, 2)))
    elif level == 2:
        suits = rng.sample(range(3), rng.choice((2, 3)))
    else:
        suits = rng.sample(range(3), rng.choice((1, 1, 2, 3)))
    kinds = tuple(kinds_of(game, suits, honors))
    meld_kinds: tuple[MeldKind, ...] = (MeldKind.PONG, MeldKind.OPEN_KONG,
                                        MeldKind.CONCEALED_KONG)
    if game.allows_chow:
        meld_kinds += (MeldKind.CHOW,)
    melds = (0, rng.choice((0, 0, 1)), rng.choice((0, 1, 2)))[level - 1]
    seven = game.seven_pairs and level > 1 and rng.random() < 0.25
    jokers = 0
    if game.joker is not None:
        jokers = (0, 1, rng.choice((1, 2, 2)))[level - 1]
    return HandPlan(kinds=kinds, melds=0 if seven else melds, meld_kinds=meld_kinds,
                    seven_pairs=seven, jokers=jokers)


def _remove_natural(rng: random.Random, hand: Hand) -> tuple[Hand, Tile]:
    candidates = [t for t in hand.concealed if t.index != JOKER] or list(hand.concealed)
    tile = rng.choice(candidates)
    return hand.remove(tile), tile


def _game_name(game: Variant) -> str:
    return Message(game.title)


def _joker_note(game: Variant) -> str:
    return (Message(" (白 is a joker: list natural tiles only)") if game.joker is not None
            else "")


# -- waits ---------------------------------------------------------------------------------------

_WAIT_RANGE = {1: (1, 2), 2: (1, 4), 3: (3, 9)}


def _waits_hand(rng: random.Random, game: Variant, level: int) -> Hand:
    low, high = _WAIT_RANGE[level]
    fallback: Hand | None = None
    for _ in range(400):
        complete, _ = complete_hand(rng, game, _plan(rng, game, level))
        hand, _ = _remove_natural(rng, complete)
        found = waits(hand, game)
        if not found.ready or found.white_dragon_pair_wait or len(found.waits) > 9:
            continue
        if low <= len(found.waits) <= high:
            return hand
        fallback = fallback or hand
    assert fallback is not None, "no ready hand in 400 tries"
    return fallback


def _reading_of(hand: Hand, tile: Tile, game: Variant) -> str:
    readings = decompositions(hand.add(tile), game)
    return str(readings[0]) if readings else "?"


def waits_topic(rng: random.Random, level: int, variant: Variant | None) -> Draft:
    """Which tiles complete this 13-tile hand?"""
    game = _game(rng, level, variant)
    hand = _waits_hand(rng, game, level)
    found = waits(hand, game)
    each = "; ".join(f"{t}: {_reading_of(hand, t, game)}" for t in found.waits)
    text = Message("The hand waits on {tiles} ({left} not in your hand). How each one "
                   "completes it: {each}.", tiles=tiles_text(found.waits),
                   left=plural(found.winning_tiles_left, "winning tile"), each=each)
    if found.dead_waits:
        text += Message(" {tiles} would complete it too, but all four copies are in your hand: "
                        "a dead wait, which never counts.", tiles=tiles_text(found.dead_waits))
    if game.joker is not None:
        text += Message(" A drawn joker (白) wins too; the answer lists natural tiles only.")
    suits = sorted({t.suit for t in found.waits}, key=lambda s: s.offset)
    where = join(Message(" or "), [_SUIT_NAMES[s] for s in suits])
    hint = Message("Every winning tile is a {suit} tile. Set aside the finished sets, then try "
                   "each tile next to what is left.", suit=where)
    if game.seven_pairs:
        hint += Message(" Seven pairs also wins in this game.")
    if found.jokers:
        hint += Message(" The joker can be any tile the hand needs.")
    if found.dead_waits:
        hint += Message(" A tile whose four copies you hold cannot be drawn.")
    exercise = Exercise(
        key="", prompt=Message("{game}: which tiles complete this hand? Name every one{note}.",
                               game=_game_name(game), note=_joker_note(game)),
        kind=AnswerKind.TILES, answer=frozenset(found.waits), explanation=text,
        variant=game.value, hand=str(hand), title=Message("Which tiles complete it?"),
        hint=hint)
    return Draft(exercise, game, {"hand": str(hand), "dead_waits":
                                  [str(t) for t in found.dead_waits]},
                 [str(t) for t in found.waits])


# -- shanten -------------------------------------------------------------------------------------

_SHANTEN_RANGE = {1: (0, 1), 2: (1, 2), 3: (2, 4)}
_SWAPS = {1: (1, 2), 2: (2, 4), 3: (3, 6)}


def _unfinished(rng: random.Random, game: Variant, level: int) -> tuple[Hand, Pool]:
    """A 13-tile hand at the level's distance from ready (and the tiles left): a ready hand
    with a few tiles swapped for others (a joker among them only at level 3)."""
    low, high = _SHANTEN_RANGE[level]
    kinds = [t.index for t in (game.kinds if level == 3 else game.natural_kinds)]
    for _ in range(400):
        complete, pool = complete_hand(rng, game, _plan(rng, game, level))
        hand, _ = _remove_natural(rng, complete)  # the tile taken out stays out of the pool
        for _ in range(rng.randint(*_SWAPS[level])):
            out = rng.choice(hand.concealed)
            new = pool.draw(rng, kinds)
            if new is None:
                break
            hand = hand.remove(out).add(KINDS[new])
            pool.put([out.index])
        if low <= shanten(hand, game) <= high:
            return hand, pool
    raise AssertionError("no hand found")  # pragma: no cover: some swap count always fits


def _pairs_and_lone(hand: Hand) -> tuple[int, int]:
    counts = hand.counts
    pairs = sum(1 for k in range(34) if k != JOKER and counts[k] >= 2)
    lone = 0
    for k in range(34):
        if counts[k] != 1 or k == JOKER:
            continue
        near = range(max(k - 2, k - k % 9), min(k + 2, k - k % 9 + 8) + 1) if k < 27 else ()
        if not any(counts[j] for j in near if j != k):
            lone += 1
    return pairs, lone


def _path_to_ready(hand: Hand, game: Variant) -> str:
    """One way to get ready, a useful draw and the best discard at a time (engine-chosen)."""
    steps = []
    now = hand
    for _ in range(6):
        if shanten(now, game) <= 0:
            break
        useful = useful_tiles(now, game)
        draw = next((t for t in useful if t.index != JOKER), useful[0])
        best = efficiency(now.add(draw), game).best
        steps.append(Message("draw {draw}, discard {discard} (shanten {shanten})", draw=str(draw),
                             discard=str(best.discard), shanten=best.shanten))
        now = now.add(draw).remove(best.discard)
    found = waits(now, game)
    end = (Message("ready on {tiles}", tiles=tiles_text(found.waits)) if found.ready
           else Message("ready"))
    return join(Message("; "), steps) + Message(": {end}", end=end) if steps else end


def shanten_topic(rng: random.Random, level: int, variant: Variant | None) -> Draft:
    """How many useful draws from ready is this 13-tile hand?"""
    game = _game(rng, level, variant)
    hand, _ = _unfinished(rng, game, level)
    value = shanten(hand, game)
    useful = useful_tiles(hand, game)
    text: str = (Message("Shanten {value}: the hand needs {draws} (each followed by a discard) "
                         "before it is ready", value=value,
                         draws=plural(value, "useful draw"))
                 if value else Message("Shanten 0: the hand is ready"))
    text += Message(". {kinds} of tile would bring it closer: {tiles}. For example: {path}.",
                    kinds=plural(len(useful), "kind"), tiles=tiles_text(useful),
                    path=_path_to_ready(hand, game))
    pairs, lone = _pairs_and_lone(hand)
    hint = Message("This hand has {pairs} and {lone} that fit with nothing. Count the finished "
                   "sets and the two-tile shapes that want one more tile: shanten = 8 - 2 x sets "
                   "- shapes (the pair among them, at most five groups in all).",
                   pairs=plural(pairs, "pair"), lone=plural(lone, "tile"))
    if hand.melds:
        hint += Message(" Each declared meld is a finished set.")
    if game.seven_pairs:
        hint += Message(" Seven pairs counts too: 6 - pairs (four of a kind is two pairs).")
    if game.joker is not None and hand.counts[JOKER]:
        hint += Message(" Each joker fills one missing tile.")
    exercise = Exercise(
        key="", prompt=Message("{game}: what is the shanten of this hand (0 = ready, 1 = one "
                               "useful draw from ready, ...)?", game=_game_name(game)),
        kind=AnswerKind.NUMBER, answer=value, explanation=text, variant=game.value,
        hand=str(hand), title=Message("How far from ready?"), hint=hint)
    return Draft(exercise, game, {"hand": str(hand), "useful": [str(t) for t in useful]}, value)


# -- discard -------------------------------------------------------------------------------------

def _discard_fits(eff: Efficiency, level: int) -> bool:
    """Whether the best discard is unique (level 0) and as hard as the level asks."""
    options = eff.options
    if len(options) < 2:
        return False
    best, second = options[0], options[1]
    if (second.shanten, second.count) == (best.shanten, best.count):
        return False  # a tie: the answer would not be unique
    same = [o for o in options if o.shanten == best.shanten]
    if level == 0:
        return True
    if level == 1:
        return len(same) == 1
    margin = best.count - second.count if second.shanten == best.shanten else 99
    if level == 2:
        return len(same) >= 2 and margin >= 4
    return len(same) >= 2 and 1 <= margin <= 3


def _isolated(hand: Hand, pool: Pool, game: Variant) -> list[int]:
    """Kinds still in the pool that pair with nothing in the hand and have no neighbour within
    two ranks: the obvious discard once drawn."""
    counts = hand.held_counts
    out = []
    for tile in game.natural_kinds:
        k = tile.index
        if not pool.left[k] or counts[k]:
            continue
        if k < 27:
            low = k - k % 9
            near = range(max(low, k - 2), min(low + 8, k + 2) + 1)
            if any(hand.counts[j] for j in near):
                continue
        out.append(k)
    return out


def _discard_hand(rng: random.Random, game: Variant, level: int) -> tuple[Hand, Efficiency]:
    """A 14-tile hand whose best discard is unique, as hard as the level asks (any unique best
    after many tries: the level's own kind is found almost always)."""
    fallback: tuple[Hand, Efficiency] | None = None
    for _ in range(300):
        if level == 1:  # a ready hand and a tile it cannot use
            complete, pool = complete_hand(rng, game, _plan(rng, game, 1))
            thirteen, _ = _remove_natural(rng, complete)
            lone = _isolated(thirteen, pool, game)
        else:
            thirteen, pool = _unfinished(rng, game, level)
            lone = []
        extra = rng.choice(lone) if lone else pool.draw(rng, [t.index for t in game.kinds])
        if extra is None:
            continue
        hand = thirteen.add(KINDS[extra])
        eff = efficiency(hand, game)
        if _discard_fits(eff, level):
            return hand, eff
        if fallback is None and _discard_fits(eff, 0):
            fallback = hand, eff
    assert fallback is not None, "no hand with a unique best discard"
    return fallback


def discard(rng: random.Random, level: int, variant: Variant | None) -> Draft:
    """Which discard of this 14-tile hand keeps it closest to ready, with the most tiles?"""
    game = _game(rng, level, variant)
    hand, eff = _discard_hand(rng, game, level)
    drawn = rng.choice(hand.concealed)
    best, others = eff.options[0], eff.options[1:]
    shown = join(Message("; "), [Message("discard {tile}: shanten {shanten}, {tiles}",
                                         tile=str(o.discard), shanten=o.shanten,
                                         tiles=plural(o.count, "tile")) for o in others[:3]])
    text = Message("Every discard was tried. Discarding {tile} leaves shanten {shanten} with "
                   "{tiles} ({improving}). The next best: {shown}.", tile=str(best.discard),
                   shanten=best.shanten, tiles=plural(best.count, "improving tile"),
                   improving=tiles_text(best.improving), shown=shown)
    same = sum(1 for o in eff.options if o.shanten == best.shanten)
    if same == 1:
        hint = Message("Only one discard keeps the hand this close to ready: which tile is the "
                       "hand not using at all?")
    else:
        hint = Message("{same} discards keep the hand at shanten {shanten}: compare how many "
                       "tiles would improve the hand after each (pairs and two-sided runs wait "
                       "on more tiles than edge or middle waits).", same=same,
                       shanten=best.shanten)
    exercise = Exercise(
        key="", prompt=Message("{game}: you drew {drawn} and hold these 14 tiles. Which one "
                               "discard keeps the hand closest to ready, with the most tiles "
                               "that improve it?", game=_game_name(game), drawn=str(drawn)),
        kind=AnswerKind.TILES, answer=frozenset({best.discard}), explanation=text,
        variant=game.value, hand=str(hand), drawn=str(drawn),
        title=Message("The best discard"), hint=hint)
    return Draft(exercise, game, {"hand": str(hand), "drawn": str(drawn),
                                  "options": [o.as_dict() for o in eff.options]},
                 [str(best.discard)])
