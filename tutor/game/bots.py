"""Bots that play from their own view only.

:class:`RandomBot` picks any legal action. :class:`SensibleBot` plays for tile efficiency: it
discards what :func:`tutor.core.waits.efficiency` ranks first (lowest shanten after the discard,
then the most unseen tiles that improve the hand, then the lowest tile), and it makes exactly
the choices that ranking gives. It is fast because it does not rebuild the whole efficiency
table every turn: it keeps a reading of its own hand (each suit's cost-vector id) from turn to
turn, so a new tile re-reads only its own suit; it compares discards by shanten first and counts
improving tiles only for the discards that can still come first; and it remembers what it
learned about its 13-tile hand after a discard, which answers the next claim question and the
"discard the tile just drawn" option of its next turn.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Protocol

from tutor.core.hand import Hand, Meld, MeldKind, melded_counts
from tutor.core.tables import FIFTH, INF, SuitTable, conv_id, suit_table, vector
from tutor.core.tiles import Tile, Wind
from tutor.core.variant import Variant
from tutor.errors import TutorError
from tutor.game.actions import DISCARDS, PASS, Action, ActionKind
from tutor.game.view import PlayerView
from tutor.i18n import N_

if TYPE_CHECKING:
    from tutor.game.state import HandState

__all__ = ["BOT_NAMES", "Bot", "BotError", "PlainSensibleBot", "RandomBot", "SensibleBot",
           "make_bot", "play_out", "watching"]

#: The bots ``make_bot`` knows, by name.
BOT_NAMES = ("random", "sensible", "strong")
#: their names marked for the catalog: ``_("sensible")`` shows one in the learner's language
_WORDS = (N_("random"), N_("sensible"), N_("strong"))

_OFFSETS = (0, 9, 18, 27)
_ENDS = (9, 18, 27, 34)
_SUIT_OF = tuple(min(i // 9, 3) for i in range(34))
_JOKER = {v: (v.joker.index if v.joker is not None else None) for v in Variant}
_NATURAL = {v: sum(1 << t.index for t in v.natural_kinds) for v in Variant}
_WINS = (ActionKind.WIN, ActionKind.ROB, ActionKind.SELF_DRAW, ActionKind.SPECIAL_WIN)


class BotError(TutorError, ValueError):
    """A bot name no bot answers to."""


class Bot(Protocol):
    name: str

    def choose(self, view: PlayerView) -> Action: ...


class RandomBot:
    """Any legal action, uniformly (seeded)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        return self.pick(view.legal)

    def pick(self, legal: Sequence[Action]) -> Action:
        """One of ``legal`` (the only part of its view this bot reads: :func:`play_out` hands
        it just the legal actions, without building the rest of the view)."""
        return self.rng.choice(legal)


def _tables(melded: bytes, joker: int | None) -> tuple[SuitTable, ...]:
    """The four suit tables for a hand whose melds hold ``melded`` copies of each kind (the
    same shared tables the core's waits use). Where a joker may stand for a fifth copy (a
    joker game, no joker locked in a kong) no kind has a limit, as in
    :func:`tutor.core.waits.shanten`: a joker can be the copy the melds hold."""
    fifth = joker is not None and not melded[joker]
    return tuple(suit_table(bytes(0 if i == joker else FIFTH if fifth else 4 - melded[i]
                                  for i in range(lo, hi)), s < 3)
                 for s, (lo, hi) in enumerate(zip(_OFFSETS, _ENDS, strict=True)))


def _tiles_left(mask: int, left: list[int]) -> int:
    """The copies left of the kinds in ``mask`` (a bit mask over the 34 kinds)."""
    total = 0
    while mask:
        low = mask & -mask
        total += left[low.bit_length() - 1]
        mask ^= low
    return total


# _SPREAD[m]: for a mask of nine kinds, the byte mask with 0xFF at the byte of each kind
_SPREAD = tuple(sum(0xFF << 8 * r for r in range(9) if m >> r & 1) for m in range(512))


def _pack(left: list[int]) -> int | None:
    """``left`` as one integer, byte ``k`` holding the copies left of kind ``k`` (for
    :func:`_packed_left`); None if a count is out of byte range (never in a real hand)."""
    if min(left) < 0 or max(left) > 4:
        return None
    return int.from_bytes(bytes(left), "little")


def _packed_left(mask: int, packed: int) -> int:
    """The copies left of the kinds in ``mask``, from :func:`_pack`'s integer: the sum of the
    selected bytes, which is the selection modulo 255 (256 = 1 mod 255) as long as the sum
    stays below 255 (34 kinds of at most four copies: at most 136)."""
    spread = (_SPREAD[mask & 511] | _SPREAD[mask >> 9 & 511] << 72
              | _SPREAD[mask >> 18 & 511] << 144 | _SPREAD[mask >> 27 & 511] << 216)
    return (packed & spread) % 255


class _Reading:
    """A seat's concealed tiles cut into suits, each suit with its cost-vector id, kept from one
    turn to the next: only a suit whose tiles changed is read again.

    ``ranked(kinds)`` and ``shape(i)`` answer for the 13-tile hand left after discarding kind
    ``i``: its shanten (the lower of the standard shape and, where allowed, seven pairs) and the
    natural kinds that lower it, exactly as :func:`tutor.core.waits.efficiency` and
    :func:`~tutor.core.waits.shanten` define them (before tiles held four times are set aside).
    What ``shape`` finds is remembered by the 13-tile hand it describes (and the limits of the
    hand, in a cache all readings share), so the hand kept after a discard is not analysed
    again when the bot is asked about a claim or draws its next tile, nor a hand played
    again."""

    __slots__ = ("after", "context", "convs", "counts", "dead", "hand", "held", "ids", "joker",
                 "jokers", "melded", "melds", "minus", "natural", "odd", "others", "pairs",
                 "rests", "seven", "suits", "tables", "target", "variant")

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.joker = _JOKER[variant]
        self.melds: tuple[Meld, ...] | None = None
        self.suits: list[bytes] = [b"", b"", b"", b""]
        self.ids = [0, 0, 0, 0]
        self.minus: list[tuple[int, ...]] = [(), (), (), ()]
        self.context = b""  # the variant, the target and the melded copies of each kind
        self.others: dict[tuple[int, int], int] = {}

    def read(self, counts: tuple[int, ...], melds: tuple[Meld, ...]) -> None:
        """Bring the reading up to date with the seat's concealed ``counts`` and ``melds``."""
        self.prepare(counts, melds)
        self.analyse()

    def prepare(self, counts: tuple[int, ...], melds: tuple[Meld, ...]) -> None:
        """The first, cheap half of :meth:`read`: the hand's tiles (``hand``) and limits
        (``context``), which together decide everything :meth:`analyse` finds."""
        natural = bytearray(counts)
        self.jokers = 0
        if self.joker is not None:
            self.jokers = natural[self.joker]
            natural[self.joker] = 0
        self.counts = counts
        self.natural = bytes(natural)
        self.hand = self.natural + bytes((self.jokers,))
        if melds != self.melds:
            self.melded = melded_counts(melds)
            self.tables = _tables(self.melded, self.joker)
            self.melds = melds
            self.target = 2 * (4 - len(melds)) + 1
            self.seven = not melds and self.variant.seven_pairs
            self.suits = [b"", b"", b"", b""]  # other limits: read every suit again
            self.context = _VARIANT_BYTE[self.variant] + bytes((self.target,)) + self.melded

    def analyse(self) -> None:
        """The second half of :meth:`read`: each changed suit's ids, then what the discards
        leave."""
        natural = self.natural
        for s in range(4):
            piece = natural[_OFFSETS[s]:_ENDS[s]]
            if piece != self.suits[s]:
                self.suits[s] = piece
                self.ids[s] = self.tables[s].id(piece)
                self.minus[s] = self.tables[s].minus_ids(piece)
        held = list(self.counts)
        if self.melds:
            for k, n in enumerate(self.melded):
                held[k] += n
        self.held = held
        self.others.clear()
        self.dead = sum(1 << k for k, n in enumerate(held) if n >= 4) if 4 in held else 0
        self.convs, self.rests = _joined(*self.ids)
        target = self.target
        self.after = [_after(self.minus[s], self.rests[s], target) for s in range(4)]
        if self.seven:  # a kind is held at most four times
            self.pairs = natural.count(2) + natural.count(3) + 2 * natural.count(4)
            self.odd = natural.count(1) + natural.count(3)

    def ranked(self, kinds: list[int]) -> list[tuple[int, int]]:
        """(shanten after discarding it, kind) for each of ``kinds``, lowest first, before the
        dead-wait rule (which can only raise a shanten): a cheap first sort."""
        out = []
        target, rests, joker = self.target, self.rests, self.joker
        natural = self.natural
        # seven pairs: what is missing after the discard depends only on whether the kind is
        # held an odd number of times (and is not the joker)
        seven = (_seven_missing(*self._pairs_after(joker)) if joker is not None else INF,
                 _seven_missing(self.pairs - 1, self.odd + 1),
                 _seven_missing(self.pairs, self.odd - 1)) if self.seven else None
        after = self.after
        for i in kinds:
            if i == joker:
                jokers = self.jokers - 1
                sh = vector(conv_id(self.ids[0], rests[0]))[target] - jokers - 1
            else:
                jokers = self.jokers
                s = _SUIT_OF[i]
                sh = after[s][i - _OFFSETS[s]] - jokers - 1
            if seven is not None:
                missing = seven[0] if i == joker else seven[1 + (natural[i] & 1)]
                sh = min(sh, missing - jokers - 1)
            out.append((sh, i))
        out.sort()
        return out

    def _pairs_after(self, i: int) -> tuple[int, int]:
        """(pairs, kinds held an odd number of times) after discarding kind ``i``."""
        if i == self.joker:
            return self.pairs, self.odd
        if self.natural[i] & 1:
            return self.pairs, self.odd - 1
        return self.pairs - 1, self.odd + 1

    def shape(self, i: int) -> tuple[int, int]:
        """(shanten, mask of the natural kinds that lower it) after discarding kind ``i``."""
        hand = bytearray(self.hand)  # the natural counts, then the jokers
        hand[34 if i == self.joker else i] -= 1
        key = bytes(hand)
        found = _SHAPES.get(self.context + key)
        if found is None:
            found = self._shape(i, key[:34])
            if len(_SHAPES) >= 20_000:
                _SHAPES.clear()
            _SHAPES[self.context + key] = found
        return found

    def _shape(self, i: int, natural: bytes) -> tuple[int, int]:
        jokers = self.jokers
        target = self.target
        if i == self.joker:
            jokers -= 1
            s, own, smaller = 0, self.ids[0], self.suits[0]
        else:
            s = _SUIT_OF[i]
            own = self.minus[s][i - _OFFSETS[s]]
            smaller = natural[_OFFSETS[s]:_ENDS[s]]
        std = (vector(conv_id(own, self.rests[s]))[target] if i == self.joker
               else self.after[s][i - _OFFSETS[s]]) - jokers - 1
        seven, pairs, odd = INF, 0, 0
        if self.seven:
            pairs, odd = self._pairs_after(i)
            seven = _seven_missing(pairs, odd) - jokers - 1
        best = min(std, seven)
        mask = 0
        if std == best:
            low, ranks = self.tables[s].lowering(smaller, self.rests[s], target)
            rest = self._others(s, own) if low < INF else -1
            mask = ranks << _OFFSETS[s] | rest if rest >= 0 else 0
        if seven == best:
            mask |= _seven_mask(natural, pairs, odd)
        return best, mask & _NATURAL[self.variant]


    def _others(self, s: int, own: int) -> int:
        """The kinds outside suit ``s`` that lower the missing count when suit ``s`` reads as
        ``own`` (-1: the hand can never be complete); shared by the discards of one suit that
        leave it with the same cost vector."""
        found = self.others.get((s, own))
        if found is None:
            found = 0
            convs = self.convs[s]
            tables, suits, target = self.tables, self.suits, self.target
            for t in range(4):
                if t != s:
                    best, part = tables[t].lowering(suits[t], conv_id(own, convs[t]), target)
                    if best >= INF:  # the hand can never be complete
                        found = -1
                        break
                    found |= part << _OFFSETS[t]
            self.others[(s, own)] = found
        return found


#: what :meth:`_Reading.shape` found, by the limits of the hand (see ``_Reading.context``) and
#: its 13 tiles: the same limits and tiles give the same answer, so the cache is shared by all
#: seats and hands (a replayed hand, as in the what-if study, is not analysed again). Bounded
#: at 20,000: whole hands seldom come back except when a deal is replayed right away, and a
#: larger cache only grew the memory of long simulations
_SHAPES: dict[bytes, tuple[int, int]] = {}
_VARIANT_BYTE = {v: bytes((n,)) for n, v in enumerate(Variant)}


_JOINED: dict[tuple[int, int, int, int], tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]] = {}


def _joined(a: int, b: int, c: int, d: int) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    """For the four suits' cost-vector ids: ``convs[s][t]``, the two suits other than ``s``
    and ``t`` convolved (0 where ``s == t``), and ``rests[s]``, the three suits other than
    ``s`` convolved (cached, bounded)."""
    key = (a, b, c, d)
    found = _JOINED.get(key)
    if found is None:
        cd, bd, bc, ad, ac, ab = (conv_id(c, d), conv_id(b, d), conv_id(b, c), conv_id(a, d),
                                  conv_id(a, c), conv_id(a, b))
        found = (((0, cd, bd, bc), (cd, 0, ad, ac), (bd, ad, 0, ab), (bc, ac, ab, 0)),
                 (conv_id(b, cd), conv_id(a, cd), conv_id(ab, d), conv_id(ab, c)))
        if len(_JOINED) >= 200_000:
            _JOINED.clear()
        _JOINED[key] = found
    return found


_AFTER: dict[tuple[tuple[int, ...], int, int], tuple[int, ...]] = {}


def _after(minus: tuple[int, ...], rest: int, target: int) -> tuple[int, ...]:
    """Per rank of a suit, the hand's missing count (entry ``target``) after one tile of that
    rank leaves the suit, given the suit's ``minus`` ids (:meth:`SuitTable.minus_ids`) and the other
    suits' vector ``rest`` (INF where the suit has no tile of that rank; cached, bounded)."""
    key = (minus, rest, target)
    found = _AFTER.get(key)
    if found is None:
        found = tuple(vector(conv_id(own, rest))[target] if own >= 0 else INF for own in minus)
        if len(_AFTER) >= 200_000:
            _AFTER.clear()
        _AFTER[key] = found
    return found


def _unseen(view: PlayerView, held: Sequence[int]) -> list[int]:
    """Per kind, the copies this seat has not seen: neither in its hand and melds (``held``)
    nor among :meth:`~tutor.game.view.PlayerView.visible` (the same count, without the list;
    from the view's packed ``seen`` counts when it has them)."""
    seen = view.seen
    if seen >= 0:
        return [4 - n - k for n, k in zip(held, seen.to_bytes(34, "little"), strict=True)]
    left = [4 - n for n in held]
    taken = view.taken
    for s, tiles in view.discards.items():
        claimed = taken.get(s, ())
        if True in claimed:  # a claimed discard is counted in the meld it went to
            kept = [t for t, gone in zip(tiles, claimed, strict=False) if not gone]
            tiles = (*kept, *tiles[len(claimed):])
        for t in tiles:
            left[t.index] -= 1
    for other in view.others.values():
        for meld in other.melds:
            for t in meld.tiles:
                left[t.index] -= 1
    return left


def _seven_missing(pairs: int, odd: int) -> int:
    """Tiles missing for seven pairs, given the pairs and the kinds held an odd number of
    times (four identical tiles count as two pairs)."""
    short = 7 - min(7, pairs)
    upgraded = min(odd, short)
    return upgraded + 2 * (short - upgraded)


def _seven_mask(natural: bytes, pairs: int, odd: int) -> int:
    """The kinds that bring seven pairs closer: a single's mate, or any kind with room when
    there are too few singles."""
    short = 7 - min(7, pairs)
    if short == 0:
        return 0
    if odd < short:
        return sum(1 << k for k, n in enumerate(natural) if n < 4)
    return sum(1 << k for k, n in enumerate(natural) if n & 1)


#: what :func:`_contenders` found, by the hand's limits (``_Reading.context``), its 14 tiles and
#: the kinds it may discard: the same key gives the same answer, so it is shared by all seats and
#: hands. Small on purpose: it pays when a deal is played again right away (the what-if study
#: plays each seed under both rulesets in turn) and stays cheap in a long simulation, where a
#: hand seldom comes back (a large cache cost more than it saved there)
_CONTENDERS: dict[bytes, tuple[int, tuple[tuple[int, int], ...], bytes, int]] = {}
_CONTENDERS_SIZE = 2_048


def _joker_bit(reading: _Reading) -> int:
    """The joker's bit (a drawn joker always helps a hand that can use it) unless the hand
    holds all four; 0 in a game without jokers."""
    joker = reading.joker
    return 1 << joker if joker is not None and reading.held[joker] < 4 else 0


def _contenders(reading: _Reading, candidates: list[int]
                ) -> tuple[int, tuple[tuple[int, int], ...], bytes, int]:
    """The lowest shanten among the discards of ``candidates`` (after the dead-wait rule: ready
    only on kinds the player holds all four of, with no joker to stand for them, is not
    ready), the discards that reach it, each with the mask of the natural kinds that improve
    the hand after it (-1 when it is the only one and not ready: no need to count), the copies
    held of each kind (melds included), and the joker's bit (:func:`_joker_bit`)."""
    contenders: list[tuple[int, int]] = []  # (kind, mask of the kinds that improve)
    low = INF
    joker_bit = _joker_bit(reading)
    for raw, i in reading.ranked(candidates):
        if raw > low:
            break  # the dead-wait rule only ever raises a shanten
        sh, mask = raw, -1
        if raw == 0:
            mask = reading.shape(i)[1] & ~reading.dead
            if not mask | joker_bit:
                sh = 1  # ready only on tiles the player holds all of: not ready
        if sh < low:
            low, contenders = sh, [(i, mask)]
        elif sh == low:
            contenders.append((i, mask))
    if len(contenders) > 1:
        contenders = [(i, mask if mask >= 0 else reading.shape(i)[1] & ~reading.dead)
                      for i, mask in contenders]
    return low, tuple(contenders), bytes(reading.held), joker_bit


def _count(mask: int, left: list[int], packed: int | None) -> int:
    """The unseen copies of the kinds in ``mask``."""
    return _tiles_left(mask, left) if packed is None else _packed_left(mask, packed)


def _least_live(reading: _Reading, kinds: list[int], left: list[int]) -> int:
    """The lowest shanten among the discards ``kinds`` of a 14-tile hand, a ready hand whose
    winning tiles are all in sight (``left``: the unseen copies) counting as not ready."""
    ranked = reading.ranked(kinds)
    if ranked[0][0] != 0:
        return ranked[0][0]
    joker_bit = _joker_bit(reading)
    for raw, i in ranked:
        if raw != 0:
            break
        if _tiles_left(reading.shape(i)[1] & ~reading.dead | joker_bit, left):
            return 0
    return 1


#: Hangzhou: the fewest live tiles for a joker discard to pay (the other three draw, then the
#: player: four tiles)
JOKER_LINE_WALL = 4


def _joker_line(view: PlayerView) -> bool:
    """Whether to discard a joker instead of winning now (Hangzhou, the rule text's Example 1):
    with two jokers or more and the rest already four groups (or six pairs), a joker discard
    leaves a White Dragon Pair Wait (every tile wins) and adds After a White Dragon Discard:
    the next draw wins at least twice the multiplier (the chain's kongs and the joker count for
    Three/Four White Dragons are kept), provided the wall still gives the player a draw."""
    joker = _JOKER[view.variant]
    if (joker is None or view.counts[joker] < 2 or view.live_wall < JOKER_LINE_WALL
            or DISCARDS[joker] not in view.legal):
        return False
    from tutor.core.waits import waits

    counts = list(view.counts)
    counts[joker] -= 1
    return waits(Hand.from_counts(counts, view.melds), view.variant).white_dragon_pair_wait


def _joker_discard_pays(keep: int, after: int, unseen: int, live_wall: int) -> bool:
    """Hangzhou: whether a ready hand should discard a joker and stay ready on ``after`` unseen
    winning tiles rather than keep it, ready on ``keep``. The joker discard doubles a win on
    the very next draw (After a White Dragon Discard; a later non-joker discard ends the
    chain), so with ``d`` draws left (a quarter of the live wall) and ``p`` the chance of a
    winning draw, it pays when ``2 p' + (1 - p')(1 - (1 - p')^(d - 1))`` beats
    ``1 - (1 - p)^d``: with waits about as wide as before."""
    draws = live_wall // 4
    if draws < 1 or after <= 0 or unseen <= 0:
        return False
    p, q = keep / unseen, after / unseen
    return 2 * q + (1 - q) * (1 - (1 - q) ** (draws - 1)) > 1 - (1 - p) ** draws


def _held(view: PlayerView) -> list[int]:
    """The copies of each kind the seat holds, melds included."""
    held = list(view.counts)
    if view.melds:
        for k, n in enumerate(melded_counts(view.melds)):
            held[k] += n
    return held


def _live_shanten(hand: Hand, variant: Variant, left: list[int]) -> int:
    """The shanten of a 13-tile hand by :mod:`tutor.core.waits`, a ready hand whose winning
    tiles (a drawn joker included) are all in sight counting as not ready."""
    from tutor.core.waits import shanten, useful_tiles

    sh = shanten(hand, variant)
    if sh == 0 and not sum(left[t.index] for t in useful_tiles(hand, variant)):
        return 1
    return sh


def _open_kong_pays(view: PlayerView, left: list[int]) -> bool:
    """Whether to open-kong the offered tile, holding three: the kong is worth points in every
    game (Huangyan's sheet, Guiyang's kong payments, Hangzhou's After a gang) and brings a
    replacement tile, so it is declared unless the hand is further from ready without the three
    tiles than with them. Open-kong offers are rare, so both sensible bots answer it the plain
    way, with :mod:`tutor.core.waits`."""
    offer = view.offer
    assert offer is not None
    counts = list(view.counts)
    counts[offer.index] -= 3
    after = Hand.from_counts(counts, (*view.melds, Meld.kong(offer, MeldKind.OPEN_KONG)))
    return _live_shanten(after, view.variant, left) <= _live_shanten(view.hand, view.variant,
                                                                     left)


def _meld_claims(view: PlayerView) -> list[Action]:
    """The pongs and chows worth weighing: never a pong while holding three (the kong or a pass
    answers that; a pong would leave the fourth copy to throw away)."""
    offer = view.offer
    assert offer is not None
    return [a for a in view.legal if a.kind is ActionKind.CHOW
            or (a.kind is ActionKind.PONG and view.counts[offer.index] < 3)]


def _claimed(view: PlayerView, action: Action) -> tuple[list[int], Meld]:
    """The concealed counts and the new meld after claiming the offer with ``action``."""
    offer = view.offer
    assert offer is not None and action.tile is not None
    counts = list(view.counts)
    if action.kind is ActionKind.PONG:
        counts[offer.index] -= 2
        return counts, Meld.pong(offer)
    lo = action.tile.index
    for k in (lo, lo + 1, lo + 2):
        if k != offer.index:
            counts[k] -= 1
    return counts, Meld.chow(action.tile)


class SensibleBot:
    """Plays the whole game for tile efficiency, from its own view:

    * wins at once (in Hangzhou it first discards a spare joker when that leaves a White Dragon
      Pair Wait: :func:`_joker_line`);
    * declares every concealed kong, and an added kong whenever discarding that tile would be
      among its best discards (the kong is that discard plus a free tile and the kong's value);
    * discards for efficiency: the lowest shanten after the discard, then the most unseen tiles
      that improve the hand, then the lowest kind; a ready hand whose winning tiles are all in
      sight (a dead wait) counts as not ready; in a danger stage (Huangyan's Live Tile Stage)
      safe discards first;
    * on a discard: open-kongs when holding three unless that sets the hand back
      (:func:`_open_kong_pays`); otherwise pongs or chows when the hand the claim leaves (the
      meld and the best forced discard) is closer to ready than the hand it has; the pong
      before the chows, the lowest chow first, on equal terms.
    """

    name = "sensible"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._reading: _Reading | None = None

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal
        kinds = {a.kind for a in legal}
        for kind in _WINS:
            if kind in kinds:
                if kind is ActionKind.SELF_DRAW and _joker_line(view):
                    joker = _JOKER[view.variant]
                    assert joker is not None
                    return DISCARDS[joker]
                return next(a for a in legal if a.kind is kind)
        if ActionKind.CONCEALED_KONG in kinds:
            return next(a for a in legal if a.kind is ActionKind.CONCEALED_KONG)
        if ActionKind.ADDED_KONG in kinds:
            for action in legal:
                if action.kind is ActionKind.ADDED_KONG and self._adds_kong(view, action):
                    return action
        if ActionKind.DISCARD in kinds:
            return self._discard(view)
        if ActionKind.PASS in kinds:
            return self._claim(view)
        return legal[0]

    def _read(self, view: PlayerView, counts: tuple[int, ...],
              melds: tuple[Meld, ...] | None = None) -> _Reading:
        reading = self._reading
        if reading is None or reading.variant is not view.variant:
            reading = self._reading = _Reading(view.variant)
        reading.read(counts, view.melds if melds is None else melds)
        return reading

    def _adds_kong(self, view: PlayerView, action: Action) -> bool:
        """Whether discarding the kong's tile is among the best discards (by shanten)."""
        assert action.tile is not None
        reading = self._read(view, view.counts)
        left = _unseen(view, reading.held)
        kinds = [i for i, n in enumerate(view.counts) if n]
        return (_least_live(reading, [action.tile.index], left)
                <= _least_live(reading, kinds, left))

    def _discard(self, view: PlayerView) -> Action:
        discards = [a for a in view.legal if a.kind is ActionKind.DISCARD]
        if len(discards) == 1 or sum(view.counts) + 3 * len(view.melds) != 14:
            return discards[0]
        reading = self._reading
        if reading is None or reading.variant is not view.variant:
            reading = self._reading = _Reading(view.variant)
        reading.prepare(view.counts, view.melds)
        candidates = sorted({a.tile.index for a in discards if a.tile is not None})
        if view.stage is not None:  # a danger stage: safe discards first, if there are any
            safe = {t.index for t in view.discarded_kinds()}
            safer = [i for i in candidates if i in safe]
            if safer:
                candidates = safer
        key = reading.context + reading.hand + bytes(candidates)
        found = _CONTENDERS.get(key)
        if found is None:
            reading.analyse()
            found = _contenders(reading, candidates)
            if len(_CONTENDERS) >= _CONTENDERS_SIZE:
                _CONTENDERS.clear()
            _CONTENDERS[key] = found
        low, contenders, held, joker_bit = found
        if len(contenders) == 1 and low != 0:
            return DISCARDS[contenders[0][0]]
        # then the most tiles left that improve the hand, then the lowest kind
        left = _unseen(view, held)
        packed = _pack(left)
        best = (1, 0)
        for i, mask in contenders:
            count = _count(mask | joker_bit, left, packed)
            if (-count, i) < best:
                best = (-count, i)
        if low == 0 and best[0] == 0:  # every ready discard waits on tiles all in sight
            return DISCARDS[self._dead_ready(reading, candidates, contenders, left, packed)]
        joker = reading.joker
        if low == 0 and joker is not None and joker in candidates and best[1] != joker:
            reading.analyse()
            sh, mask = reading.shape(joker)
            if sh == 0 and _joker_discard_pays(-best[0], _count(mask & ~reading.dead | joker_bit,
                                                                left, packed),
                                               sum(left), view.live_wall):
                return DISCARDS[joker]
        return DISCARDS[best[1]]

    def _dead_ready(self, reading: _Reading, candidates: list[int],
                    dead: tuple[tuple[int, int], ...], left: list[int],
                    packed: int | None) -> int:
        """The discard when every ready discard is a dead wait: those count as one tile from
        ready with no tile to count, against the other discards one tile from ready."""
        best = min((0, i) for i, _ in dead)
        gone = {i for i, _ in dead}
        rest = [i for i in candidates if i not in gone]
        if rest:
            reading.analyse()
            low, contenders, _, joker_bit = _contenders(reading, rest)
            if low == 1:
                for i, mask in contenders:
                    key = (-_count(mask | joker_bit, left, packed), i)
                    best = min(best, key)
        return best[1]

    def _claim(self, view: PlayerView) -> Action:
        offer = view.offer
        if offer is None or sum(view.counts) + 3 * len(view.melds) != 13:
            return PASS
        kong = next((a for a in view.legal if a.kind is ActionKind.OPEN_KONG), None)
        if kong is not None and _open_kong_pays(view, _unseen(view, _held(view))):
            return kong
        options = _meld_claims(view)
        if not options:
            return PASS
        k = offer.index
        counts = list(view.counts)
        counts[k] += 1
        reading = self._read(view, tuple(counts))
        held = list(reading.held)
        held[k] -= 1
        left = _unseen(view, held)
        sh, mask = reading.shape(k)  # the hand as it is, without the offer
        before = 1 if sh == 0 and not _tiles_left(mask | _joker_bit(reading), left) else sh
        if _least_live(reading, [i for i, n in enumerate(counts) if n], left) >= before:
            return PASS  # not even drawing the tile would bring the hand closer
        best: tuple[int, int] = (before, -1)
        for n, action in enumerate(options):
            after, meld = _claimed(view, action)
            reading = self._read(view, tuple(after), (*view.melds, meld))
            found = (_least_live(reading, [i for i, c in enumerate(after) if c], left), n)
            best = min(best, found)
        return options[best[1]] if best[1] >= 0 else PASS


class PlainSensibleBot(SensibleBot):
    """The sensible bot written the obvious way: the whole efficiency table of
    :func:`tutor.core.waits.efficiency` every turn, :func:`~tutor.core.waits.shanten` and
    :func:`~tutor.core.waits.efficiency` before and after a claim. It chooses exactly as
    :class:`SensibleBot` (a test proves it on thousands of decisions) and is kept as that
    reference, and for the benchmark."""

    name = "plain sensible"

    @staticmethod
    def _options(hand: Hand, view: PlayerView, visible: list[Tile]) -> list[tuple[int, int, Tile]]:
        """(shanten, -unseen improving tiles, discard) for every discard of a 14-tile hand,
        best first, a dead wait counting as not ready."""
        from tutor.core.waits import efficiency

        out = []
        for o in efficiency(hand, view.variant, visible).options:
            count = o.count
            out.append((1 if o.shanten == 0 and not count else o.shanten, -count, o.discard))
        out.sort()
        return out

    def _adds_kong(self, view: PlayerView, action: Action) -> bool:
        ranked = self._options(view.hand, view, view.visible())
        own = next(o for o in ranked if o[2] == action.tile)
        return own[0] <= ranked[0][0]

    def _discard(self, view: PlayerView) -> Action:
        discards = [a for a in view.legal if a.kind is ActionKind.DISCARD]
        if len(discards) == 1 or view.hand.size != 14:
            return discards[0]
        allowed = {a.tile for a in discards}
        visible = view.visible()
        ranked = [o for o in self._options(view.hand, view, visible) if o[2] in allowed]
        if view.stage is not None:
            safe = view.discarded_kinds()
            ranked = [o for o in ranked if o[2] in safe] or ranked
        best = ranked[0]
        joker = view.variant.joker
        if best[0] == 0 and joker is not None and best[2] != joker:
            own = next((o for o in ranked if o[2] == joker), None)
            unseen = sum(4 - n for n in _held(view)) - len(visible)
            if own is not None and own[0] == 0 and _joker_discard_pays(
                    -best[1], -own[1], unseen, view.live_wall):
                return DISCARDS[joker.index]
        return DISCARDS[best[2].index]

    def _claim(self, view: PlayerView) -> Action:
        offer = view.offer
        if offer is None or view.hand.size != 13:
            return PASS
        left = _unseen(view, _held(view))
        kong = next((a for a in view.legal if a.kind is ActionKind.OPEN_KONG), None)
        if kong is not None and _open_kong_pays(view, left):
            return kong
        before = _live_shanten(view.hand, view.variant, left)
        visible = view.visible()
        visible.remove(offer)  # the claimed tile is counted in the meld
        best: tuple[int, int] = (before, -1)
        for n, action in enumerate(_meld_claims(view)):
            counts, meld = _claimed(view, action)
            hand = Hand.from_counts(counts, (*view.melds, meld))
            best = min(best, (self._options(hand, view, visible)[0][0], n))
        return _meld_claims(view)[best[1]] if best[1] >= 0 else PASS



def make_bot(name: str, seed: int | None = None) -> RandomBot | SensibleBot:
    """A bot by name (one of :data:`BOT_NAMES`), seeded."""
    if name == "random":
        return RandomBot(seed)
    if name == "sensible":
        return SensibleBot(seed)
    if name == "strong":
        from tutor.game.strong import StrongBot  # it builds on this module

        return StrongBot(seed)
    raise BotError(f"unknown bot {name[:40]!r} ({' or '.join(BOT_NAMES)})")


_WATCHER: ContextVar[Callable[[HandState], None] | None] = ContextVar("tutor_play_out_watcher",
                                                                       default=None)


@contextmanager
def watching(watcher: Callable[[HandState], None]) -> Iterator[None]:
    """Within the block, every hand :func:`play_out` finishes is also handed to ``watcher``
    (in this thread or task only): how ``tutor simulate --sessions N --save FILE`` keeps the
    hands of sessions that the variants' session players deal and play."""
    token = _WATCHER.set(watcher)
    try:
        yield
    finally:
        _WATCHER.reset(token)


def play_out(state: HandState, players: Mapping[Wind, Bot]) -> HandState:
    """Let the bots (one per seat) play ``state`` to the end of the hand; return it."""
    while not state.is_terminal():
        seat = state.current_actor()
        assert seat is not None
        bot = players[seat]
        if type(bot).choose is RandomBot.choose:  # reads only the legal actions of its view
            state.apply(bot.pick(state.legal_actions()))  # type: ignore[attr-defined]
        else:
            state.apply(bot.choose(state.view(seat)))
    watcher = _WATCHER.get()
    if watcher is not None:
        watcher(state)
    return state
