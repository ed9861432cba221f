"""The strong bot: the sensible bot's reading of the hand, with each option weighed in points.

:class:`StrongBot` decides from its own view only (:class:`~tutor.game.view.PlayerView`, plus
what it remembers of its own moves this hand: Hangzhou's chain of kongs and joker discards). It
never plays a hand out: for each option it estimates the points the option is worth from

* the chance of winning: the hand's distance from ready (shanten), the unseen copies of the
  tiles that improve it (for a ready hand: its wait width), and the draws left in the live
  wall, through a small model of the hand moving one step closer per useful draw while the
  other seats may end the hand first (:func:`win_chances`);
* what a win would be worth, from the game's own scoring: Huangyan's score sheet, Hangzhou's
  multipliers (with the chain a joker discard keeps after a kong), Guiyang's pattern and
  chickens; a ready hand is valued exactly, wait by wait, weighted by copies left;
* what the hand is worth when another seat wins: Huangyan's non-winner sheet (a concealed kong
  or pong of honours pays in wave two, win or lose), Guiyang's chickens and beans, which only a
  ready hand collects (and a hand not ready pays for its chickens in sight).

In Huangyan's Live Tile Stage it discards safe tiles first, as the sensible bot does (a
liability costs the whole settlement). Wins, concealed kongs and Hangzhou's joker line before a
win are the sensible bot's.

:class:`PlainStrongBot` is the same bot reading the hand the obvious way
(:func:`tutor.core.waits.efficiency`, :func:`~tutor.core.waits.shanten`,
:func:`~tutor.core.waits.useful_tiles`); a test proves they choose alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from tutor.core.hand import Hand, Meld, MeldKind
from tutor.core.tiles import KINDS, Wind
from tutor.core.variant import Variant
from tutor.errors import TutorError
from tutor.game.actions import DISCARDS, PASS, Action, ActionKind
from tutor.game.bots import (
    _WINS,
    SensibleBot,
    _claimed,
    _held,
    _meld_claims,
    _open_kong_pays,
    _unseen,
)
from tutor.game.view import PlayerView

__all__ = ["PlainStrongBot", "StrongBot", "win_chances"]

_KONGS = (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG, ActionKind.OPEN_KONG)
_ONE_BAMBOO = 18
#: how many times the best option one step further from ready must be worth, by the estimate,
#: to be chosen over the best at the lowest shanten
STEP_BACK = 1.5
_SUIT_OF = tuple(min(i // 9, 3) for i in range(34))

#: per variant: how much faster a ready hand wins than its own draws alone (wins on the other
#: seats' discards; Hangzhou wins by self-draw only)
_DISCARD_WINS = {Variant.HUANGYAN: 2.5, Variant.HANGZHOU: 1.0, Variant.GUIYANG: 2.5}
#: per variant: the chance the hand goes on for one more round (another seat may win)
_GOES_ON = {Variant.HUANGYAN: 0.93, Variant.HANGZHOU: 0.96, Variant.GUIYANG: 0.88}
#: typical unseen copies that bring a hand one step closer, by the steps still missing after
#: the first (the first step counts the hand's own improving tiles)
_TYPICAL = (6.0, 16.0, 28.0, 40.0, 52.0)


@lru_cache(maxsize=65_536)
def win_chances(shanten: int, count: int, unseen: int, draws: int, discard_wins: float,
                goes_on: float) -> tuple[float, float]:
    """(chance to win, chance to be ready or have won when the hand ends) for a hand
    ``shanten`` steps from ready, ``count`` unseen copies improving it now, ``unseen`` tiles
    unseen and ``draws`` draws left to it. Each round it moves one step closer with the
    chance its improving copies make of the unseen tiles (a ready hand ``discard_wins`` times
    that, counting the other seats' discards), and the hand goes on to the next round with
    chance ``goes_on``."""
    if unseen <= 0 or draws <= 0:
        return 0.0, 1.0 if shanten == 0 and count > 0 else 0.0
    steps = shanten + 1
    rates = []
    for k in range(steps):  # k: steps still missing after this one
        base = float(count) if k == shanten else _TYPICAL[min(k, len(_TYPICAL) - 1)]
        rates.append(min(1.0, base * (discard_wins if k == 0 else 1.0) / unseen))
    dist = [0.0] * steps
    dist[shanten] = 1.0
    won = ready = 0.0
    for _ in range(draws):
        new = [0.0] * steps
        for k in range(steps):
            p = dist[k]
            if not p:
                continue
            r = rates[k]
            if k == 0:
                won += p * r
            else:
                new[k - 1] += p * r
            new[k] += p * (1.0 - r)
        ready += new[0] * (1.0 - goes_on)
        dist = [x * goes_on for x in new]
    ready += dist[0]
    return won, min(1.0, ready + won)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# -- what a win is worth, by game ------------------------------------------------------------

@lru_cache(maxsize=16_384)
def _huangyan_win(counts: tuple[int, ...], melds: tuple[Meld, ...], tile: int,
                  seat: Wind) -> float:
    from tutor.variants.huangyan.scoring import score_winner
    from tutor.variants.huangyan.sheet import WinSituation

    hand = Hand.from_counts(counts, melds).add(KINDS[tile])
    try:
        return float(score_winner(hand, KINDS[tile], WinSituation(seat=seat)).total)
    except TutorError:
        return 0.0


@lru_cache(maxsize=16_384)
def _huangyan_sheet(counts: tuple[int, ...], melds: tuple[Meld, ...],
                    seat: Wind) -> tuple[int, int, int]:
    """(base, doubles, total) of a 13-tile hand's non-winner sheet."""
    from tutor.variants.huangyan.scoring import score_non_winner

    try:
        sheet = score_non_winner(Hand.from_counts(counts, melds), seat=seat)
    except TutorError:
        return 0, 0, 0
    return sheet.base, sheet.doubles, sheet.total


@lru_cache(maxsize=16_384)
def _hangzhou_win(counts: tuple[int, ...], melds: tuple[Meld, ...], tile: int, seat: Wind,
                  kongs: int, jokers: int) -> float:
    from tutor.variants.hangzhou.scoring import Situation, score

    hand = Hand.from_counts(counts, melds).add(KINDS[tile])
    try:
        return float(score(hand, KINDS[tile], Situation(winner=seat, dealer=Wind.EAST,
                                                        kongs=kongs,
                                                        joker_discards=jokers)).product)
    except TutorError:
        return 0.0


@lru_cache(maxsize=16_384)
def _guiyang_win(counts: tuple[int, ...], melds: tuple[Meld, ...], tile: int) -> float:
    from tutor.variants.guiyang import pattern_of

    try:
        return float(pattern_of(Hand.from_counts(counts, melds).add(KINDS[tile]),
                                winning_tile=KINDS[tile]).value)
    except TutorError:
        return 0.0


class StrongBot(SensibleBot):
    """Weighs each option in expected points from its own view (see the module doc)."""

    name = "strong"

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self._chain = (0, 0)  # Hangzhou: own kongs and joker discards since another discard
        self._seen = (0, 0)  # own discards and melds when last asked (a new hand resets)

    # -- memory of its own moves ------------------------------------------------------------

    def choose(self, view: PlayerView) -> Action:
        mine = (len(view.discards.get(view.seat, ())), len(view.melds))
        if mine[0] < self._seen[0] or mine[1] < self._seen[1]:
            self._chain = (0, 0)  # a new hand
        self._seen = mine
        action = self._decide(view)
        kongs, jokers = self._chain
        if action.kind in _KONGS:
            self._chain = (kongs + 1, jokers)
        elif action.kind is ActionKind.DISCARD:
            joker = view.variant.joker
            self._chain = ((kongs, jokers + 1) if joker is not None and action.tile == joker
                           else (0, 0))
        return action

    def _decide(self, view: PlayerView) -> Action:
        legal = view.legal
        kinds = {a.kind for a in legal}
        if any(kind in kinds for kind in _WINS):
            return SensibleBot.choose(self, view)
        if ActionKind.CONCEALED_KONG in kinds:
            return next(a for a in legal if a.kind is ActionKind.CONCEALED_KONG)
        if ActionKind.ADDED_KONG in kinds:
            for action in legal:
                if action.kind is ActionKind.ADDED_KONG and (
                        view.variant is not Variant.GUIYANG or self._adds_kong(view, action)):
                    return action
        if ActionKind.DISCARD in kinds:
            return self._discard(view)
        if ActionKind.PASS in kinds:
            return self._claim(view)
        return legal[0]

    # -- the hand's reading (the plain bot overrides these two) ------------------------------

    def _shapes(self, view: PlayerView, counts: tuple[int, ...], melds: tuple[Meld, ...],
                candidates: list[int]) -> list[tuple[int, int, int]]:
        """(shanten, mask of the kinds that improve it, discard) after each discard of
        ``candidates`` from a 14-tile hand, for the discards at most two steps above the
        lowest shanten (the rest cannot matter; see :meth:`_options`)."""
        reading = self._read(view, counts, melds)
        ranked = reading.ranked(candidates)
        low = ranked[0][0]
        joker = reading.joker
        joker_bit = (1 << joker if joker is not None and reading.held[joker] < 4 else 0)
        out = []
        for raw, i in ranked:
            if raw > low + 2:
                break
            sh, mask = reading.shape(i)
            mask = (mask & ~reading.dead | joker_bit) if sh >= 0 else 0
            out.append((sh, mask, i))
        return out

    def _shape(self, view: PlayerView, counts: tuple[int, ...],
               melds: tuple[Meld, ...]) -> tuple[int, int]:
        """(shanten, improving mask) of the 13-tile hand ``counts`` with ``melds``."""
        full = list(counts)
        # read it as a 14-tile hand that discards one tile more: any kind not held
        extra = next(k for k in range(34) if not full[k] and k != _joker_of(view))
        full[extra] += 1
        reading = self._read(view, tuple(full), melds)
        sh, mask = reading.shape(extra)
        held = list(reading.held)
        held[extra] -= 1
        dead = sum(1 << k for k, n in enumerate(held) if n >= 4)
        joker = reading.joker
        joker_bit = (1 << joker if joker is not None and held[joker] < 4 else 0)
        return sh, (mask & ~dead | joker_bit) if sh >= 0 else 0

    # -- options in points -------------------------------------------------------------------

    def _options(self, view: PlayerView, counts: tuple[int, ...], melds: tuple[Meld, ...],
                 candidates: list[int], left: list[int]) -> list[tuple[float, int, int, int]]:
        """(value, shanten, -count, discard) of each discard worth weighing, best first."""
        shapes = self._shapes(view, counts, melds, candidates)
        lived = []
        for sh, mask, i in shapes:
            count = sum(left[k] for k in _bits(mask))
            lived.append((1 if sh == 0 and not count else sh, sh, mask, count, i))
        low = min(o[0] for o in lived)
        out = []
        for sh, raw, mask, count, i in lived:
            if sh > low + 1:
                continue
            after = list(counts)
            after[i] -= 1
            value = self._value(view, tuple(after), melds, raw, mask, count, left, i)
            out.append((value, sh, -count, i))
        # a step back from ready must pay clearly: the model of later steps is rough
        top = max(o[0] for o in out if o[1] == low)
        out = [o for o in out if o[1] == low or o[0] > STEP_BACK * top + 1e-9]
        out.sort(key=lambda o: (-o[0], o[1], o[2], o[3]))
        return out

    def _discard(self, view: PlayerView) -> Action:
        discards = [a for a in view.legal if a.kind is ActionKind.DISCARD]
        if len(discards) == 1 or sum(view.counts) + 3 * len(view.melds) != 14:
            return discards[0]
        candidates = sorted({a.tile.index for a in discards if a.tile is not None})
        if view.stage is not None:  # a danger stage: safe discards first, if there are any
            safe = {t.index for t in view.discarded_kinds()}
            candidates = [i for i in candidates if i in safe] or candidates
        left = _unseen(view, _held(view))
        best = self._options(view, view.counts, view.melds, candidates, left)[0]
        return DISCARDS[best[3]]

    def _claim(self, view: PlayerView) -> Action:
        offer = view.offer
        if offer is None or sum(view.counts) + 3 * len(view.melds) != 13:
            return PASS
        left = _unseen(view, _held(view))
        kong = next((a for a in view.legal if a.kind is ActionKind.OPEN_KONG), None)
        if kong is not None and (view.variant is Variant.HUANGYAN
                                 or view.variant is Variant.GUIYANG
                                 or _open_kong_pays(view, left)):
            return kong
        options = _meld_claims(view)
        if not options:
            return PASS
        sh, mask = self._shape(view, view.counts, view.melds)
        count = sum(left[k] for k in _bits(mask))
        best = (self._value(view, view.counts, view.melds, sh, mask, count, left, None), -1)
        for n, action in enumerate(options):
            after, meld = _claimed(view, action)
            candidates = [i for i, c in enumerate(after) if c]
            found = self._options(view, tuple(after), (*view.melds, meld), candidates, left)[0]
            if found[0] > best[0] + 1e-9:
                best = (found[0], n)
        return options[best[1]] if best[1] >= 0 else PASS

    def _value(self, view: PlayerView, counts: tuple[int, ...], melds: tuple[Meld, ...],
               raw: int, mask: int, count: int, left: list[int], discard: int | None) -> float:
        """The expected points of the 13-tile hand ``counts`` with ``melds`` (shanten ``raw``,
        improving ``mask`` with ``count`` unseen copies: a ready hand whose winning tiles are
        all in sight counts as one step from ready), reached by discarding ``discard``."""
        variant = view.variant
        sh = 1 if raw == 0 and not count else raw
        unseen = sum(left)
        draws = view.live_wall // 4
        seat = view.seat
        joker = _joker_of(view)
        ready = sh == 0 and count > 0
        if variant is Variant.HUANGYAN:
            base, doubles, total = _huangyan_sheet(counts, melds, seat)
            if ready:
                win = _average(lambda k: _huangyan_win(counts, melds, k, seat), mask, left)
            else:
                win = float((base + 10) << doubles)
            won, _ = win_chances(max(sh, 0), count, unseen, draws, _DISCARD_WINS[variant],
                                 _GOES_ON[variant])
            dealer = seat is Wind.EAST
            return (won * (3.0 if dealer else 2.0) * win
                    + (1.0 - won) * (1.4 if dealer else 1.05) * total)
        if variant is Variant.HANGZHOU:
            kongs, jokers = self._chain
            chained = discard is not None and discard == joker
            won, _ = win_chances(max(sh, 0), count, unseen, draws, 1.0, _GOES_ON[variant])
            stake = 24.0 if seat is Wind.EAST else 10.0
            if ready:
                plain = _average(lambda k: _hangzhou_win(counts, melds, k, seat, 0, 0), mask,
                                 left)
                if chained and draws > 0:
                    first = min(1.0, count / unseen) if unseen else 0.0
                    chain = _average(lambda k: _hangzhou_win(counts, melds, k, seat, kongs,
                                                             jokers + 1), mask, left)
                    return stake * (first * chain + max(0.0, won - first) * plain)
                return stake * won * plain
            held_jokers = counts[joker] if joker is not None else 0
            product = 1.0 if held_jokers < 3 else 2.0 if held_jokers == 3 else 4.0
            return stake * won * product
        # Guiyang
        kong_owned = any(m.is_kong for m in melds)
        if ready:
            pattern = _average(lambda k: _guiyang_win(counts, melds, k), mask, left)
        else:
            suits = {_SUIT_OF[k] for k, n in enumerate(counts) if n}
            suits |= {_SUIT_OF[m.tile.index] for m in melds}
            pattern = 10.0 if len(suits) == 1 else 1.0
        speed = _DISCARD_WINS[variant] if (pattern > 1.0 or kong_owned) else 1.0
        won, eligible = win_chances(max(sh, 0), count, unseen, draws, speed, _GOES_ON[variant])
        if raw == 0 and mask:
            eligible = 1.0  # ready by the rules (a wait on tiles in sight is still ready)
        chickens = _chickens(view, counts, melds, discard)
        shown = _shown_chickens(view, melds, discard)
        beans = _beans(melds)
        return (won * 2.0 * (pattern + 0.5) + eligible * 3.0 * chickens
                + eligible * beans - (1.0 - eligible) * 1.5 * shown)


def _joker_of(view: PlayerView) -> int | None:
    joker = view.variant.joker
    return joker.index if joker is not None else None


def _average(value: object, mask: int, left: list[int]) -> float:
    """The average of ``value(kind)`` over the kinds in ``mask``, weighted by copies left."""
    assert callable(value)
    total = weight = 0.0
    for k in _bits(mask):
        n = left[k]
        if n:
            total += n * value(k)
            weight += n
    return total / weight if weight else 0.0


def _my_ones(view: PlayerView, discard: int | None) -> tuple[int, bool]:
    """(own One of Bamboo discards still in the pond, whether the first of them is the
    hand's charging chicken as far as the seat can tell), ``discard`` included."""
    seat = view.seat
    taken = view.taken.get(seat, ())
    tiles = view.discards.get(seat, ())
    mine = sum(1 for n, t in enumerate(tiles) if t.index == _ONE_BAMBOO
               and not (n < len(taken) and taken[n]))
    others = any(t.index == _ONE_BAMBOO for s, ts in view.discards.items() if s != seat
                 for t in ts)
    if discard == _ONE_BAMBOO:
        mine += 1
    return mine, mine > 0 and not others


def _chickens(view: PlayerView, counts: Sequence[int], melds: tuple[Meld, ...],
              discard: int | None) -> float:
    """Guiyang: the seat's fixed chickens (held, melded, discarded; the charging one 3)."""
    held = counts[_ONE_BAMBOO] + sum(1 for m in melds for t in m.tiles if t.index == _ONE_BAMBOO)
    mine, charging = _my_ones(view, discard)
    return float(held + mine + (2 if charging else 0))


def _shown_chickens(view: PlayerView, melds: tuple[Meld, ...], discard: int | None) -> float:
    """Guiyang: the fixed chickens a hand not ready pays for (melded or discarded)."""
    melded = sum(1 for m in melds for t in m.tiles if t.index == _ONE_BAMBOO)
    return float(melded + _my_ones(view, discard)[0])


def _beans(melds: tuple[Meld, ...]) -> float:
    """Guiyang: the beans the seat's kongs collect if it is ready or wins."""
    total = 0.0
    for m in melds:
        if m.kind is MeldKind.CONCEALED_KONG:
            total += 6.0
        elif m.kind is MeldKind.ADDED_KONG:
            total += 9.0
        elif m.kind is MeldKind.OPEN_KONG:
            total += 1.0
    return total


class PlainStrongBot(StrongBot):
    """The strong bot reading the hand with :mod:`tutor.core.waits` every time: the reference
    :class:`StrongBot` is tested against (they choose alike)."""

    name = "plain strong"

    def _shapes(self, view: PlayerView, counts: tuple[int, ...], melds: tuple[Meld, ...],
                candidates: list[int]) -> list[tuple[int, int, int]]:
        from tutor.core.waits import _analysis, _useful

        hand = Hand.from_counts(counts, melds)
        fifth = True
        options = []
        for i in candidates:
            rest = hand.remove(KINDS[i])
            a = _analysis(rest, view.variant, fifth)
            sh = min(a.shanten_pair())
            mask = sum(1 << t.index for t in _useful(a, view.variant, hand.held_counts)) \
                if sh >= 0 else 0
            options.append((sh, mask, i))
        low = min(o[0] for o in options)
        return sorted(o for o in options if o[0] <= low + 2)

    def _shape(self, view: PlayerView, counts: tuple[int, ...],
               melds: tuple[Meld, ...]) -> tuple[int, int]:
        from tutor.core.waits import shanten, useful_tiles

        hand = Hand.from_counts(counts, melds)
        sh = shanten(hand, view.variant)
        if sh < 0:
            return sh, 0
        return sh, sum(1 << t.index for t in useful_tiles(hand, view.variant))
