"""An independent brute-force checker for win, waits and shanten, written from the rules.

It shares nothing with ``tutor.core.shapes``/``tables``/``waits`` but the tile numbering (0-33)
and the :class:`~tutor.core.hand.Hand` value it reads. Everything is a plain search:

* A hand is *complete* when its concealed tiles, with jokers assigned to natural kinds, split
  into ``4 - melds`` sets (chow, pong) and one pair, the declared melds counting as the other
  groups; or, where the variant allows it and nothing is declared, into seven pairs, four
  identical tiles counting as two pairs. A joker (the White Dragon, Hangzhou only) may stand for
  any natural kind (never the White Dragon). By the rule of record (``fifth=True``, the default
  of every function here) it may stand for a "fifth copy": no limit on what jokers stand for.
  With ``fifth=False`` (the stricter option) it never does: the natural copies the player holds
  of a kind (melds included) plus the jokers standing for it are at most four.
  :func:`is_complete` decides this by recursion over the lowest natural tile left: it must be in
  some group, and every group that can hold it is tried, jokers filling the gaps.
* *Waits* of a 13-tile hand: natural kinds of which the player holds fewer than four and that
  complete the hand; *dead waits*: kinds held four times whose (impossible) fifth copy would.
* *White Dragon Pair Wait*: the hand holds a joker and, one joker set aside, the rest is already
  four groups (melds included) or six pairs.
* *Shanten* = (fewest tiles to add to reach a complete hand) - jokers - 1. An added tile is a
  natural one (at most four copies of a kind, melds counted) or, with ``fifth=True``, a joker
  standing for a copy beyond the fourth: the copies beyond the fourth, over all kinds, are at
  most the jokers not locked in a concealed kong. :func:`shanten` computes the first term by an
  exhaustive dynamic program over every complete target hand (all choices of pongs, chows and
  pairs per kind, several pongs or pairs of a kind where jokers allow), so it is exact.
  :func:`shanten_by_draws` checks the small values against the play definition (0: some tile
  the player can draw, a joker included, completes it; 1: not ready, and some discard then draw
  makes it ready).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from functools import cache, lru_cache

from tutor.core.hand import Hand
from tutor.core.tiles import KINDS

WHITE = 31  # 5z


@dataclass(frozen=True)
class Rules:
    """The facts of each game this checker needs, taken from the rule texts."""

    name: str
    kinds: tuple[int, ...]  # kinds in the set
    joker: int | None  # the joker kind, if any
    seven_pairs: bool  # seven pairs wins (four identical undeclared tiles = two pairs)
    chows: bool  # whether concealed chows count as sets
    fifth: bool = False  # a joker may stand for a copy beyond the fourth

    @property
    def natural(self) -> tuple[int, ...]:
        return tuple(k for k in self.kinds if k != self.joker)


RULES = {
    "huangyan": Rules("huangyan", tuple(range(34)), None, seven_pairs=False, chows=True),
    "hangzhou": Rules("hangzhou", tuple(range(34)), WHITE, seven_pairs=True, chows=True),
    # Guiyang forbids *calling* a chow ("Pung, kong and hu are allowed; chi is not"), but a
    # concealed run still counts as a set: the rule text's "plain" pattern (平胡) is the hand
    # with runs, as opposed to "all triplets".
    "guiyang": Rules("guiyang", tuple(range(27)), None, seven_pairs=True, chows=True),
}


def rules_of(variant: object, fifth: bool = True) -> Rules:
    """The rules of a :class:`~tutor.core.variant.Variant` or of its name; ``fifth``: whether a
    joker may stand for a fifth copy (Hangzhou's rule of record)."""
    name = variant if isinstance(variant, str) else getattr(variant, "value", "")
    rules = RULES[name]
    return replace(rules, fifth=fifth and rules.joker is not None)


# ---------------------------------------------------------------------------------------------
# Reading a hand


@dataclass(frozen=True)
class Parts:
    naturals: tuple[int, ...]  # concealed natural counts (34)
    jokers: int  # concealed jokers
    melds: int  # declared melds (each is one group)
    held: tuple[int, ...]  # natural copies held, concealed and melded (34)
    size: int  # concealed + 3 per meld
    melded_jokers: int = 0  # jokers in declared melds (a concealed kong of jokers)


def parts(hand: Hand, rules: Rules, extra: Iterable[int] = ()) -> Parts:
    extra = tuple(extra)
    naturals = [0] * 34
    jokers = 0
    for tile in hand.concealed:
        if tile.index == rules.joker:
            jokers += 1
        else:
            naturals[tile.index] += 1
    for k in extra:
        if k == rules.joker:
            jokers += 1
        else:
            naturals[k] += 1
    held = list(naturals)
    for meld in hand.melds:
        for tile in meld.tiles:
            if tile.index != rules.joker:
                held[tile.index] += 1
    size = len(hand.concealed) + len(extra) + 3 * len(hand.melds)
    locked = sum(1 for meld in hand.melds for tile in meld.tiles if tile.index == rules.joker)
    return Parts(tuple(naturals), jokers, len(hand.melds), tuple(held), size, locked)


def _room(p: Parts, rules: Rules) -> tuple[int, ...]:
    """How many jokers may stand for each kind: natural kinds only, never past four copies
    unless a joker may be a fifth copy (then as many as there are jokers)."""
    natural = set(rules.natural)
    if rules.fifth:
        return tuple(4 if k in natural else 0 for k in range(34))
    return tuple(max(0, 4 - p.held[k]) if k in natural else 0 for k in range(34))


# ---------------------------------------------------------------------------------------------
# Complete hands by recursion


def _same_suit(a: int, b: int) -> bool:
    return a < 27 and b < 27 and a // 9 == b // 9


def _wild_ok(sets: int, pairs: int, room: tuple[int, ...], chows: bool) -> bool:
    """Can ``sets`` groups of three jokers and ``pairs`` pairs of jokers stand for real groups?"""
    if sets == 0 and pairs == 0:
        return True
    r = list(room)
    if sets:
        for k in range(34):
            if r[k] >= 3:
                r[k] -= 3
                if _wild_ok(sets - 1, pairs, tuple(r), chows):
                    return True
                r[k] += 3
            if chows and k < 27 and k % 9 <= 6 and min(r[k], r[k + 1], r[k + 2]) >= 1:
                for x in (k, k + 1, k + 2):
                    r[x] -= 1
                if _wild_ok(sets - 1, pairs, tuple(r), chows):
                    return True
                for x in (k, k + 1, k + 2):
                    r[x] += 1
        return False
    return any(r[k] >= 2 for k in range(34)) if pairs == 1 else _wild_ok_pairs(pairs, r)


def _wild_ok_pairs(pairs: int, r: list[int]) -> bool:
    return sum(x // 2 for x in r) >= pairs


def _windows(low: int) -> tuple[tuple[int, int], ...]:
    """The other two places of every chow that holds ``low``."""
    out: list[tuple[int, int]] = []
    for start in (low - 2, low - 1, low):
        if _same_suit(start, low) and _same_suit(start + 2, low):
            a, b = (x for x in (start, start + 1, start + 2) if x != low)
            out.append((a, b))
    return tuple(out)


_WINDOWS = tuple(_windows(k) for k in range(34))


@lru_cache(maxsize=400_000)
def _standard(counts: tuple[int, ...], jokers: int, sets: int, pair: int,
              room: tuple[int, ...], chows: bool) -> bool:
    """Do ``counts`` + ``jokers`` split into exactly ``sets`` sets and ``pair`` pairs?

    The caller makes sure the tile count is ``3 * sets + 2 * pair``.
    """
    low = next((k for k in range(34) if counts[k]), None)
    if low is None:
        return jokers == 3 * sets + 2 * pair and _wild_ok(sets, pair, room, chows)
    c = list(counts)
    r = list(room)

    def rec(used_jokers: int, s: int, p: int) -> bool:
        return _standard(tuple(c), jokers - used_jokers, s, p, tuple(r), chows)

    # the pair: two naturals, or one natural and a joker
    if pair:
        if c[low] >= 2:
            c[low] -= 2
            if rec(0, sets, 0):
                return True
            c[low] += 2
        if jokers >= 1 and r[low] >= 1:
            c[low] -= 1
            r[low] -= 1
            if rec(1, sets, 0):
                return True
            c[low] += 1
            r[low] += 1
    if not sets:
        return False
    # a pong: 3, 2 or 1 naturals, jokers for the rest
    for nat in (3, 2, 1):
        need = 3 - nat
        if c[low] >= nat and jokers >= need and r[low] >= need:
            c[low] -= nat
            r[low] -= need
            if rec(need, sets - 1, pair):
                return True
            c[low] += nat
            r[low] += need
    if not chows:
        return False
    # a chow holding ``low`` at any of its three places. Every other place takes a natural tile
    # (if any is left: tiles below ``low`` are all used up) or a joker; both are tried.
    c[low] -= 1
    for a, b in _WINDOWS[low]:
        for a_joker in (False, True):
            if (r[a] < 1 or jokers < 1) if a_joker else c[a] < 1:
                continue
            for b_joker in (False, True):
                need = a_joker + b_joker
                if (r[b] < 1 or jokers < need) if b_joker else c[b] < 1:
                    continue
                if a_joker:
                    r[a] -= 1
                else:
                    c[a] -= 1
                if b_joker:
                    r[b] -= 1
                else:
                    c[b] -= 1
                ok = rec(need, sets - 1, pair)
                if a_joker:
                    r[a] += 1
                else:
                    c[a] += 1
                if b_joker:
                    r[b] += 1
                else:
                    c[b] += 1
                if ok:
                    return True
    return False


@lru_cache(maxsize=200_000)
def _pairs(counts: tuple[int, ...], jokers: int, pairs: int, room: tuple[int, ...]) -> bool:
    """Do ``counts`` + ``jokers`` split into exactly ``pairs`` pairs (a kind may repeat)?"""
    low = next((k for k in range(34) if counts[k]), None)
    if low is None:
        return jokers == 2 * pairs and _wild_ok_pairs(pairs, list(room))
    if pairs == 0:
        return False
    c = list(counts)
    r = list(room)
    if c[low] >= 2:
        c[low] -= 2
        if _pairs(tuple(c), jokers, pairs - 1, tuple(r)):
            return True
        c[low] += 2
    if jokers and r[low] >= 1:
        c[low] -= 1
        r[low] -= 1
        if _pairs(tuple(c), jokers - 1, pairs - 1, tuple(r)):
            return True
    return False


def complete_parts(p: Parts, rules: Rules) -> bool:
    room = _room(p, rules)
    if p.size != 14:
        raise ValueError(f"a complete hand has 14 tiles, not {p.size}")
    assert sum(p.naturals) + p.jokers == 14 - 3 * p.melds
    if _standard(p.naturals, p.jokers, 4 - p.melds, 1, room, rules.chows):
        return True
    return rules.seven_pairs and p.melds == 0 and _pairs(p.naturals, p.jokers, 7, room)


def is_complete(hand: Hand, variant: object, extra: Iterable[int] = (), *,
                fifth: bool = True) -> bool:
    """Whether ``hand`` (plus the tile kinds in ``extra``) is a complete 14-tile hand."""
    rules = rules_of(variant, fifth)
    return complete_parts(parts(hand, rules, tuple(extra)), rules)


@dataclass(frozen=True)
class WaitResult:
    waits: tuple[int, ...]
    dead: tuple[int, ...]
    white_dragon_pair_wait: bool


def waits(hand: Hand, variant: object, *, fifth: bool = True) -> WaitResult:
    rules = rules_of(variant, fifth)
    base = parts(hand, rules)
    live: list[int] = []
    dead: list[int] = []
    for k in rules.natural:
        p = parts(hand, rules, (k,))
        if complete_parts(p, rules):
            (live if base.held[k] < 4 else dead).append(k)
    return WaitResult(tuple(live), tuple(dead), white_dragon_pair_wait(hand, variant, fifth=fifth))


def white_dragon_pair_wait(hand: Hand, variant: object, *, fifth: bool = True) -> bool:
    rules = rules_of(variant, fifth)
    p = parts(hand, rules)
    if rules.joker is None or p.jokers == 0:
        return False
    room = _room(p, rules)
    if _standard(p.naturals, p.jokers - 1, 4 - p.melds, 0, room, rules.chows):
        return True
    return rules.seven_pairs and p.melds == 0 and _pairs(p.naturals, p.jokers - 1, 6, room)


# ---------------------------------------------------------------------------------------------
# Shanten: an exact search over every complete target hand


def _standard_missing(naturals: tuple[int, ...], limit: tuple[int, ...], sets: int,
                      chows: bool, spare: int, kinds: frozenset[int]) -> int:
    """Fewest tiles to add so that some ``sets`` sets + one pair lie inside the hand.

    A target assigns to every kind k a number of pongs, chows starting at k and pairs; its
    count at k is ``3*pongs + 2*pair + chows(k) + chows(k-1) + chows(k-2)`` and must stay within
    ``limit[k]``, except that up to ``spare`` copies in all may go beyond it on the natural
    ``kinds`` (jokers standing for fifth copies). The cost is the sum over kinds of what the
    target has beyond the hand. The search walks the kinds in order keeping the chows still
    open, so every target is visited.
    """

    @cache
    def go(k: int, open1: int, open2: int, left: int, pair: int, spare: int) -> int:
        # open1: chows started at k-1 (need k and k+1); open2: chows started at k-2 (need k)
        if k == 34:
            # Sets and the pair not placed yet go on kinds the hand does not touch (a hand has at
            # most 18 tiles, so at least 9 of the 27 suited kinds are untouched and unmelded):
            # each costs all its tiles.
            return 3 * left + 2 * pair if open1 == 0 and open2 == 0 else INF
        if (k < 27 and k % 9 == 8 and open1) or (k >= 27 and (open1 or open2)):
            return INF
        best = INF
        can_start = chows and k < 27 and k % 9 <= 6
        if not naturals[k] and not open1 and not open2 and not (
                can_start and (naturals[k + 1] or naturals[k + 2])):
            return go(k + 1, 0, 0, left, pair, spare)  # no cheaper than an untouched group
        # a pong or the pair on a kind the hand lacks costs as much as one on an untouched kind
        # (counted above), so it is only tried where the hand has the kind
        touched = naturals[k] > 0
        room = limit[k] + spare if k in kinds else 0  # the joker kind itself is never a target
        for start in range(0, left + 1 if can_start else 1):
            for pong in range(0, left - start + 1 if touched else 1):
                for p in range(0, pair + 1 if touched else 1):
                    need = 3 * pong + 2 * p + start + open1 + open2
                    if need > room:
                        continue
                    cost = max(0, need - naturals[k])
                    if cost >= best:
                        continue
                    rest = go(k + 1, start, open1, left - start - pong, pair - p,
                              spare - max(0, need - limit[k]))
                    best = min(best, cost + rest)
        return best

    return go(0, 0, 0, sets, 1, spare)


INF = 10**6


def _seven_pairs_missing(naturals: tuple[int, ...], limit: tuple[int, ...], spare: int,
                         kinds: frozenset[int]) -> int:
    """Fewest tiles to add so that seven pairs (a kind used at most twice, or more with jokers
    as copies beyond the limit, ``spare`` of them in all) lie inside the hand."""

    @cache
    def go(k: int, left: int, spare: int) -> int:
        if k == 34:
            return 0 if left == 0 else INF
        best = INF
        for q in range(0, min(4, left) + 1):
            over = max(0, 2 * q - limit[k])
            if over > (spare if k in kinds else 0):
                continue
            best = min(best, max(0, 2 * q - naturals[k]) + go(k + 1, left - q, spare - over))
        return best

    return go(0, 7, spare)


def shanten_parts(p: Parts, rules: Rules) -> int:
    natural = set(rules.natural)
    limit = tuple(4 - (p.held[k] - p.naturals[k]) if k in natural else 0 for k in range(34))
    # limit: natural copies a target may hold concealed (four, less what is melded); beyond it
    # only jokers, and only where they may stand for a fifth copy: at most the four jokers less
    # those locked in a concealed kong
    spare = 4 - p.melded_jokers if rules.fifth else 0
    kinds = frozenset(natural)
    missing = _standard_missing(p.naturals, limit, 4 - p.melds, rules.chows, spare, kinds)
    if rules.seven_pairs and p.melds == 0:
        missing = min(missing, _seven_pairs_missing(p.naturals, limit, spare, kinds))
    return missing - p.jokers - 1


def shanten(hand: Hand, variant: object, extra: Iterable[int] = (), *,
            fifth: bool = True) -> int:
    rules = rules_of(variant, fifth)
    return shanten_parts(parts(hand, rules, tuple(extra)), rules)


def drawable(hand: Hand, variant: object) -> tuple[int, ...]:
    """Kinds the player could still draw: natural kinds held fewer than four times, and the
    joker while the player holds fewer than four."""
    rules = rules_of(variant)
    p = parts(hand, rules)
    out = [k for k in rules.natural if p.held[k] < 4]
    if rules.joker is not None:
        held_jokers = sum(1 for tile in hand.tiles if tile.index == rules.joker)
        if held_jokers < 4:
            out.append(rules.joker)
    return tuple(sorted(out))


def useful(hand: Hand, variant: object, *, fifth: bool = True) -> tuple[int, ...]:
    """Kinds whose draw lowers the shanten of a 13-tile hand."""
    now = shanten(hand, variant, fifth=fifth)
    return tuple(k for k in drawable(hand, variant)
                 if shanten(hand, variant, (k,), fifth=fifth) < now)


def ready_by_draws(hand: Hand, variant: object, *, fifth: bool = True) -> bool:
    """Whether some tile the player can draw (a joker included) completes a 13-tile hand."""
    return any(is_complete(hand, variant, (k,), fifth=fifth) for k in drawable(hand, variant))


def shanten_by_draws(hand: Hand, variant: object, *, fifth: bool = True) -> int | None:
    """Shanten of a 13-tile hand from the play definition, when it is 0 or 1 (else None).

    0: some tile the player can draw (a joker included) completes it. 1: it is not ready, and
    after some discard and some draw it is.
    """
    if ready_by_draws(hand, variant, fifth=fifth):
        return 0
    for discard in sorted(set(hand.concealed)):
        rest = hand.remove(discard)
        for k in drawable(rest, variant):
            if k == discard.index:
                continue
            if ready_by_draws(rest.add(KINDS[k]), variant, fifth=fifth):
                return 1
    return None


# ---------------------------------------------------------------------------------------------
# Every reading of a joker-free complete hand

Reading = tuple[str, tuple[tuple[str, tuple[int, ...]], ...]]


def readings(hand: Hand, variant: object) -> set[Reading]:
    """Every reading of a complete hand without concealed jokers, as (shape, sorted groups).

    A group is (kind, tile indices) with kind CHOW, PONG, KONG or PAIR; declared melds are
    groups as declared. The shape is "standard" or "seven pairs".
    """
    rules = rules_of(variant)
    p = parts(hand, rules)
    if p.jokers:
        raise ValueError("readings() is for hands without concealed jokers")
    declared = []
    for meld in hand.melds:
        idx = tuple(t.index for t in meld.tiles)
        kind = "KONG" if len(idx) == 4 else "PONG" if idx[0] == idx[1] else "CHOW"
        declared.append((kind, idx))
    out: set[Reading] = set()

    def rec(c: list[int], sets: int, pair: int, groups: list[tuple[str, tuple[int, ...]]]) -> None:
        low = next((k for k in range(34) if c[k]), None)
        if low is None:
            if sets == 0 and pair == 0:
                out.add(("standard", tuple(sorted(declared + groups))))
            return
        if pair and c[low] >= 2:
            c[low] -= 2
            rec(c, sets, 0, [*groups, ("PAIR", (low, low))])
            c[low] += 2
        if sets and c[low] >= 3:
            c[low] -= 3
            rec(c, sets - 1, pair, [*groups, ("PONG", (low, low, low))])
            c[low] += 3
        if (sets and rules.chows and low < 27 and low % 9 <= 6 and c[low + 1]
                and c[low + 2]):
            for x in (low, low + 1, low + 2):
                c[x] -= 1
            rec(c, sets - 1, pair, [*groups, ("CHOW", (low, low + 1, low + 2))])
            for x in (low, low + 1, low + 2):
                c[x] += 1

    rec(list(p.naturals), 4 - p.melds, 1, [])
    if rules.seven_pairs and p.melds == 0 and all(n in (0, 2, 4) for n in p.naturals):
        pairs = [("PAIR", (k, k)) for k in range(34) for _ in range(p.naturals[k] // 2)]
        if len(pairs) == 7:
            out.add(("seven pairs", tuple(sorted(pairs))))
    return out
