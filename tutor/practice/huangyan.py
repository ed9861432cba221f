"""Generated Huangyan Reckoning practice: ``huangyan-score``, ``huangyan-reckon``, ``live-tile``.

Levels:

* ``huangyan-score``: 1, a concealed hand without doubles; 2, declared melds and honors, one or
  two doubles; 3, flushes, all pongs, kongs and Kong Draws: two doubles or more.
* ``huangyan-reckon``: 1, the dealer wins, so everyone pays the winner in full; 2, a non-dealer
  wins and the dealer sits anywhere; 3, a Live Tile discarder is liable for everyone (or, when
  not, larger totals with ties).
* ``live-tile``: 1, three to five discards a seat, safe or Live, the stage on; 2, more discards,
  the stage on or off, the exception possible; 3, late in the hand, a declared meld, kongs,
  safe, Live and exempt equally likely.
"""

from __future__ import annotations

import random

from tutor.core.hand import Hand, Meld, MeldKind
from tutor.core.tiles import KINDS, Tile, Wind
from tutor.core.variant import Variant
from tutor.exercises.model import AnswerKind, Exercise, Figure
from tutor.i18n import Message, join
from tutor.ledger import Seat, seat_name
from tutor.practice.base import Draft, shown
from tutor.practice.deal import HandPlan, Pool, complete_hand, kinds_of
from tutor.study.huangyan import TablePosition, Verdict
from tutor.variants.huangyan import WinSituation, reckon, score_winner
from tutor.variants.huangyan.sheet import ScoreSheet

__all__ = ["live_tile", "reckon_topic", "score_topic"]

V = Variant.HUANGYAN
SEATS = tuple(Wind)


def _name(seat: Seat) -> str:
    return seat_name(seat)


# -- huangyan-score ------------------------------------------------------------------------------

def _score_plan(rng: random.Random, level: int) -> HandPlan:
    if level == 1:
        kinds = kinds_of(V, rng.sample(range(3), rng.choice((2, 3))), rng.random() < 0.3)
        return HandPlan(kinds=tuple(kinds), chows=0.75)
    melds = (MeldKind.PONG, MeldKind.CHOW, MeldKind.OPEN_KONG, MeldKind.CONCEALED_KONG)
    if level == 2:
        kinds = kinds_of(V, rng.sample(range(3), rng.choice((2, 3))), True)
        return HandPlan(kinds=tuple(kinds), melds=rng.choice((1, 1, 2)), meld_kinds=melds,
                        chows=0.6)
    kinds = kinds_of(V, rng.sample(range(3), 1), rng.random() < 0.6)
    return HandPlan(kinds=tuple(kinds), melds=rng.choice((0, 1, 2, 3)),
                    meld_kinds=(*melds, MeldKind.ADDED_KONG), chows=0.35)


def _score_fits(sheet: ScoreSheet, level: int) -> bool:
    if level == 1:
        return sheet.doubles == 0
    if level == 2:
        return 1 <= sheet.doubles <= 2 and sheet.total <= 2000
    return sheet.doubles >= 2


def _winning_hand(rng: random.Random, level: int) -> tuple[Hand, Tile, WinSituation, ScoreSheet]:
    chosen = None
    for _ in range(500):
        hand, _ = complete_hand(rng, V, _score_plan(rng, level))
        tile = rng.choice(hand.concealed)
        has_kong = any(m.is_kong for m in hand.melds)
        kong_draw = level == 3 and has_kong and rng.random() < 0.3
        situation = WinSituation(seat=rng.choice(SEATS), kong_draw=kong_draw,
                                 self_draw=not kong_draw and rng.random() < 0.4)
        sheet = score_winner(hand, tile, situation)
        chosen = (hand, tile, situation, sheet)
        if _score_fits(sheet, level):
            break
    assert chosen is not None
    return chosen


def score_topic(rng: random.Random, level: int, variant: Variant | None) -> Draft:
    """The total of a Huangyan winning hand."""
    hand, tile, situation, sheet = _winning_hand(rng, level)
    seat = situation.seat
    how = (Message("win on the Kong replacement tile") if situation.kong_draw else
           Message("win by drawing") if situation.self_draw else Message("win on a discarded"))
    lines = join(Message("; "), [shown(line) for line in sheet.lines])
    text = Message("Reading: {reading}. {lines}. Total {formula}.", reading=shown(sheet.reading),
                   lines=lines, formula=shown(sheet.formula))
    hint = Message("First the base points: Hu 10, {self_draw}each pong or kong (more when "
                   "concealed, more for terminals and honors), a pair of dragons or of your seat "
                   "wind ({wind}), a single wait. Then the doubles (dragon or seat-wind pongs, "
                   "flushes, all pongs...). Total = base x 2^doubles.",
                   self_draw=Message("the self-draw 2, ") if situation.drawn else "",
                   wind=str(seat.tile))
    prompt = Message("Huangyan: you are {seat} (your seat wind is {wind}, {chinese}) and {how} "
                     "{tile}, drawn apart from the rest of the hand. What is the hand's total?",
                     seat=_name(seat), wind=str(seat.tile), chinese=seat.chinese, how=how,
                     tile=str(tile))
    exercise = Exercise(key="", prompt=prompt, kind=AnswerKind.NUMBER, answer=sheet.total,
                        explanation=text, variant=V.value, hand=str(hand), drawn=str(tile),
                        title=Message("Score the winning hand"), hint=hint)
    fields: dict[str, object] = {"hand": str(hand), "win_tile": str(tile), "seat": seat.letter,
                                 "self_draw": situation.drawn, "kong_draw": situation.kong_draw}
    return Draft(exercise, V, fields, sheet.total)


# -- huangyan-reckon -----------------------------------------------------------------------------

def _even(rng: random.Random, low: int, high: int) -> int:
    """Hand totals are always even (every base item is), so the practice totals are too."""
    return 2 * rng.randint(low // 2, high // 2)


def reckon_topic(rng: random.Random, level: int, variant: Variant | None) -> Draft:
    """The nets of a reckoning, wave one and wave two."""
    dealer = SEATS[0]  # the dealer always sits East, as the course teaches
    winner = dealer if level == 1 else rng.choice([s for s in SEATS if s != dealer])
    liable = None
    if level == 3 and rng.random() < 0.7:
        liable = rng.choice([s for s in SEATS if s != winner])
    top = 60 if level == 1 else 120 if level == 2 else 240
    totals = {s: _even(rng, 10, top) if s == winner else _even(rng, 0, top // 2) for s in SEATS}
    if level == 3 and liable is None:
        a, b = rng.sample([s for s in SEATS if s != winner], 2)
        totals[b] = totals[a]  # a tie: that pair settles nothing
    result = reckon(winner=winner, totals=totals, dealer=dealer, liable=liable)
    nets = result.net
    told = join(Message(", "), [Message("{seat} {total}", seat=_name(s), total=totals[s])
                                for s in SEATS if s != winner])
    prompt = Message("{dealer} is the dealer. {winner} wins with a total of {total}; the "
                     "others' hand totals are {told}.", dealer=_name(dealer),
                     winner=_name(winner), total=totals[winner], told=told)
    if liable is not None:
        prompt += Message(" {seat} discarded the winning tile, a Live Tile in the Live Tile "
                          "Stage, and is liable.", seat=_name(liable))
    prompt += Message(" What is each seat's net after both waves? (Write it like E+10 S-5 W-3 "
                      "N-2.)")
    rows = join(Message("; "), [Message("wave {wave}: {payer} pays {payee} {amount} ({reason})",
                                        wave=p.wave, payer=_name(p.payer), payee=_name(p.payee),
                                        amount=p.amount, reason=shown(p.reason))
                                for p in result.payments])
    nets_text = join(Message(", "), [Message("{seat} {n:+d}", seat=_name(s), n=n)
                                     for s, n in nets.items()])
    text = Message("{rows}; so the nets are {nets} (they sum to zero).", rows=rows,
                   nets=nets_text)
    hint = Message("Wave one: the winner collects its total from the dealer and half of it from "
                   "each other player (everyone pays in full when the dealer wins). Wave two: "
                   "each pair of the other three settles the difference of their totals, the "
                   "lower paying the higher, halved unless the dealer is in the pair.")
    if liable is not None:
        hint += Message(" Liability: {seat}'s total counts as 0, and {seat} pays every payment "
                        "of both waves, all to the winner.", seat=_name(liable))
    exercise = Exercise(key="", prompt=prompt, kind=AnswerKind.SEAT_NUMBERS, answer=nets,
                        explanation=text, variant=V.value, title=Message("Settle the hand"),
                        hint=hint)
    fields: dict[str, object] = {"dealer": dealer.letter, "winner": winner.letter,
                                 "totals": {s.letter: n for s, n in totals.items()},
                                 "liable": liable.letter if liable is not None else None}
    return Draft(exercise, V, fields, {s.letter: n for s, n in nets.items()})


# -- live-tile -----------------------------------------------------------------------------------

_VERDICTS = {1: (Verdict.SAFE, Verdict.LIVE),
             2: (Verdict.SAFE, Verdict.SAFE, Verdict.LIVE, Verdict.LIVE, Verdict.EXEMPT),
             3: (Verdict.SAFE, Verdict.LIVE, Verdict.EXEMPT)}
_DISCARDS = {1: (3, 5), 2: (5, 8), 3: (7, 10)}


def _position(rng: random.Random, level: int, target: Verdict) -> tuple[TablePosition, Tile] | None:
    pool = Pool(V)
    me = rng.choice(SEATS)
    melds: tuple[Meld, ...] = ()
    if level == 3 and rng.random() < 0.5:  # a declared pong: its tiles are not concealed
        k = rng.randrange(34)
        pool.take([k, k, k])
        melds = (Meld.pong(KINDS[k]),)
    concealed = [pool.draw(rng) for _ in range(14 - 3 * len(melds))]
    hand = Hand(tuple(KINDS[k] for k in concealed if k is not None), tuple(melds))
    held = {t.index for t in hand.concealed}
    allowed = [k for k in range(34) if k not in held] if target is Verdict.EXEMPT else None
    discards: dict[Seat, tuple[Tile, ...]] = {}
    for seat in SEATS:
        drawn = [pool.draw(rng, allowed) for _ in range(rng.randint(*_DISCARDS[level]))]
        discards[seat] = tuple(KINDS[k] for k in drawn if k is not None)
    live_wall = {1: rng.randint(4, 14), 2: rng.randint(6, 22), 3: rng.randint(1, 12)}[level]
    kongs = rng.choice((0, 0, 1, 2)) if level == 3 else 0
    position = TablePosition(me, hand, discards, live_wall, kongs)
    candidates = [t for t in position.choices if position.judge(t).verdict is target]
    if not candidates:
        return None
    return position, rng.choice(candidates)


def live_tile(rng: random.Random, level: int, variant: Variant | None) -> Draft:
    """Is this discard Live, safe or exempt?"""
    target = rng.choice(_VERDICTS[level])
    found = None
    while found is None:
        found = _position(rng, level, target)
    position, tile = found
    me = position.seat
    judgement = position.judge(tile)
    figures = tuple(Figure((Message("{seat} (you) discarded:", seat=_name(s)) if s == me
                            else Message("{seat} discarded:", seat=_name(s))),
                           " ".join(str(t) for t in position.discards[s])) for s in SEATS)
    prompt = Message("Huangyan: {stage}. You are {seat} and hold the hand below; the discards "
                     "so far (claimed ones included) follow it. Is discarding {tile} safe, Live "
                     "or exempt?", stage=position.stage_text(), seat=_name(me), tile=str(tile))
    hint = Message("Look for {tile} among the four rows of discards. If nobody has discarded "
                   "one, look at the rest of your concealed tiles: has any of them been "
                   "discarded?", tile=str(tile))
    exercise = Exercise(key="", prompt=prompt, kind=AnswerKind.CHOICE,
                        answer=judgement.verdict.value, explanation=judgement.explain(),
                        options=tuple(v.value for v in Verdict), variant=V.value,
                        hand=str(position.hand), figures=figures,
                        title=Message("Discard {tile}?", tile=str(tile)), hint=hint)
    fields: dict[str, object] = {
        "seat": me.letter, "hand": str(position.hand), "tile": str(tile),
        "discards": {s.letter: " ".join(str(t) for t in position.discards[s]) for s in SEATS},
        "live_wall": position.live_wall, "kongs": position.kongs,
        "stage_on": position.stage_on, "safe_in_hand": [str(t) for t in judgement.safe_in_hand]}
    return Draft(exercise, V, fields, judgement.verdict.value)

