"""Huangyan Reckoning exercises: scoring (notebook 03), the reckoning (04), the Live Tile Stage
(05). Every answer and explanation is computed by the engine when the exercise is built."""

from __future__ import annotations

from tutor.core.tiles import Wind
from tutor.exercises.model import AnswerKind, Exercise, Figure
from tutor.i18n import Message, join, shown
from tutor.ledger import Payment, Seat, seat_name
from tutor.study.huangyan import RULE_TEXT_TOTALS, Verdict, position
from tutor.variants.huangyan.reckoning import reckon
from tutor.variants.huangyan.scoring import score_non_winner, score_winner
from tutor.variants.huangyan.sheet import ScoreSheet, WinSituation

__all__ = ["exercises", "reckoning_exercises", "scoring_exercises", "stage_exercises"]

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
_VARIANT = "huangyan"
_CHOICES = tuple(v.value for v in Verdict)


def _lines(sheet: ScoreSheet) -> str:
    return (join(Message("; "), [shown(line) for line in sheet.lines])
            + Message(". Total {formula}.", formula=shown(sheet.formula)))


def _title(seat: Seat) -> str:
    return seat_name(seat)


def scoring_exercises() -> list[Exercise]:
    """Score sheets: a winner's total, a winner's doubles, a non-winner's total."""
    out = []
    hand, tile = "234s567s888s33z [777z]", "8s"
    sheet = score_winner(hand, tile, WinSituation(seat=W, self_draw=True))
    out.append(Exercise(
        "huangyan-score-total",
        Message("West self-draws {tile} to win with {hand}. What is the hand's total?",
                tile=tile, hand=hand),
        AnswerKind.NUMBER, sheet.total, _lines(sheet), variant=_VARIANT, hand=hand,
        title=Message("A winner's total"),
        hint=Message("List the base points first (Hu, the self-draw, each set, the pair), then "
                     "count the doubles: a dragon pong, a one-suit hand with honors. Total = base "
                     "x 2^doubles.")))
    hand, tile = "555z666z77z123p456p", "4p"
    sheet = score_winner(hand, tile, WinSituation(seat=E))
    doubles = join(", ", [Message("{item} {n}", item=shown(line.item), n=line.doubles)
                          for line in sheet.lines if line.doubles])
    out.append(Exercise(
        "huangyan-doubles",
        Message("East wins on a discarded {tile} with {hand}. How many doubles does the hand "
                "score?", tile=tile, hand=hand),
        AnswerKind.NUMBER, sheet.doubles,
        Message("{doubles}: {n} doubles. {lines}", doubles=doubles, n=sheet.doubles,
                lines=_lines(sheet)),
        variant=_VARIANT, hand=hand, title=Message("Counting doubles"),
        hint=Message("Doubles come from patterns: each dragon pong, a one-suit hand with honors, "
                     "and the three dragons together (two pongs and a pair).")))
    hand = "444z66z999p13m [222s]"
    sheet = score_non_winner(hand, seat=N)
    out.append(Exercise(
        "huangyan-non-winner-total",
        Message("North does not win; North's hand is {hand}. What is North's non-winner total?",
                hand=hand),
        AnswerKind.NUMBER, sheet.total, _lines(sheet), variant=_VARIANT, hand=hand,
        title=Message("A non-winner's total"),
        hint=Message("A non-winner scores only what is finished: the declared pong, concealed "
                     "triplets, pairs of dragons or of the seat wind, and doubles for a seat-wind "
                     "pong. North's seat wind is 4z.")))
    return out


def _payments_text(payments: tuple[Payment, ...]) -> str:
    return join(Message("; "), [Message("{payer} pays {payee} {amount} ({reason})",
                                        payer=_title(p.payer), payee=_title(p.payee),
                                        amount=p.amount, reason=shown(p.reason))
                                for p in payments])


def reckoning_exercises() -> list[Exercise]:
    """The two waves: who pays in a pair, what one seat pays in all, a stack after capping."""
    out = []
    totals = {E: 10, S: 16, W: 2, N: 24}
    told = Message("South wins with 16; East (the dealer) scored 10, West 2, North 24 as "
                   "non-winners.")
    result = reckon(winner=S, totals=totals)
    pair = next(p for p in result.ledger.where(wave=2) if {p.payer, p.payee} == {E, N})
    out.append(Exercise(
        "huangyan-wave-two-payer",
        Message("{told} In wave two, who pays in the settlement between East and North?",
                told=told),
        AnswerKind.SEAT, pair.payer,
        Message("{payer} pays {payee} {amount}: {reason}. The lower total pays the higher, and a "
                "pair with the dealer is not halved.", payer=_title(pair.payer),
                payee=_title(pair.payee), amount=pair.amount, reason=shown(pair.reason)),
        title=Message("Wave two: who pays?"),
        hint=Message("In wave two each pair of non-winners compares totals: the lower total pays "
                     "the higher.")))
    west = tuple(p for p in result.payments if p.payer == W)
    paid = sum(p.amount for p in west)
    out.append(Exercise(
        "huangyan-west-pays",
        Message("{told} How much does West pay in total, over both waves?", told=told),
        AnswerKind.NUMBER, paid,
        Message("{payments}: {paid} in all.", payments=_payments_text(west), paid=paid),
        title=Message("What West pays"),
        hint=Message("Wave one: West pays half the winner's total (West is not the dealer). Wave "
                     "two: West meets East and North; a pair of two non-dealers settles half the "
                     "difference.")))
    stacks = dict.fromkeys(Wind, 20)
    capped = reckon(winner=N, totals=RULE_TEXT_TOTALS, stacks=stacks)
    assert capped.stacks_after is not None
    south = capped.stacks_after[S]
    moves = _payments_text(capped.payments)
    out.append(Exercise(
        "huangyan-stack-after",
        Message("The rule text's second worked example (North wins 12; East, the dealer, 20, South "
                "28, West 6) with every table stack at 20. What is South's stack after the "
                "reckoning?"),
        AnswerKind.NUMBER, south,
        Message("In order: {moves}. South ends with {south}.", moves=moves, south=south),
        title=Message("A stack after the reckoning"),
        hint=Message("Follow the payments in order, wave one then wave two, keeping South's stack "
                     "as you go: a payer never pays more than its stack holds.")))
    return out


#: The exercises' own table positions (West is the learner), unlike the lesson's, so that the
#: lesson's worked examples never answer an exercise before it is tried.
_SAFE_IN_HAND = {"seat": "W", "hand": "345m23p5699p2377s4z", "live_wall": 11,
                 "discards": {"E": "9m 1p 1z 2z 6s 8p", "S": "6z 4z 8m 3p 2s",
                              "W": "3z 5z 9p 1s 7s", "N": "1m 7z 2z 6s 3s"}}
_ALL_LIVE = {"seat": "W", "hand": "345678m56p789p223s", "live_wall": 9,
             "discards": {"E": "9m 1p 4z 2z 1s", "S": "6z 1z 8s 3z 9s", "W": "5z 1p 3p 2p",
                          "N": "1m 7z 2z 4s 6s"}}
_THREE_KONGS = {"seat": "W", "hand": "345m23p5699p2377s4z", "live_wall": 15, "kongs": 3,
                "discards": {"E": "9m 1p 1z 2z", "S": "6z 4z 8m 3p", "W": "3z 5z 9p 1s",
                             "N": "1m 7z 2z 6s"}}
_LIABILITY_TOTALS: dict[Seat, int] = {E: 16, S: 30, W: 6, N: 14}


def stage_exercises() -> list[Exercise]:
    """The Live Tile Stage: safe, Live or exempt; is the stage on; what liability costs."""
    out = []
    for key, spec, tile, title in (
            ("huangyan-discard-live", _SAFE_IN_HAND, "5p",
             Message("Discard {tile}?", tile="5p")),
            ("huangyan-discard-safe", _SAFE_IN_HAND, "2s",
             Message("Discard {tile}?", tile="2s")),
            ("huangyan-discard-exempt", _ALL_LIVE, "3m",
             Message("Discard {tile}?", tile="3m"))):
        pos = position(**spec)  # type: ignore[arg-type]
        seen = tuple(Figure((Message("{seat} (you) discarded:", seat=_title(s)) if s == W
                             else Message("{seat} discarded:", seat=_title(s))),
                            " ".join(str(t) for t in pos.discards[s])) for s in Wind)
        judgement = pos.judge(tile)
        out.append(Exercise(
            key,
            Message("The Live Tile Stage is on ({live} tiles in the live wall). You are West and "
                    "hold the hand below; the discards so far follow it. Is discarding {tile} "
                    "safe, Live or exempt?", live=pos.live_wall, tile=tile),
            AnswerKind.CHOICE, judgement.verdict.value,
            judgement.explain(), figures=seen,
            options=_CHOICES, variant=_VARIANT, hand=str(pos.hand), title=title,
            hint=Message("Has anyone discarded this tile yet this hand? And if not: do you hold "
                         "any tile that has been discarded?")))
    pos = position(**_THREE_KONGS)  # type: ignore[arg-type]
    out.append(Exercise(
        "huangyan-stage-on",
        Message("Three Kongs have been declared this hand. The live wall holds {live} tiles and "
                "the Dead Wall {dead}: {left} in all. Is the Live Tile Stage on?",
                live=pos.live_wall, dead=pos.rules.dead_wall - pos.kongs, left=pos.tiles_left),
        AnswerKind.CHOICE, "yes" if pos.stage_on else "no",
        Message("{stage}. The stage starts when the live wall is down to {t}; Kong replacements "
                "come from the Dead Wall, so Kongs shrink the 30-tile count without bringing the "
                "stage closer.", stage=pos.stage_text(),
                t=pos.rules.live_tile_stage_threshold),
        options=("yes", "no"), title=Message("Is the stage on?"),
        hint=Message("The stage counts only the live wall. Where do Kong replacement tiles come "
                     "from?")))
    pos = position(**_SAFE_IN_HAND)  # type: ignore[arg-type]
    cost = pos.liability_cost(winner=N, totals=_LIABILITY_TOTALS)
    totals = join(", ", [Message("{seat} (the dealer) {n}", seat=_title(s), n=n) if s == E
                         else Message("{seat} {total}", seat=_title(s), total=n)
                         for s, n in _LIABILITY_TOTALS.items()])
    out.append(Exercise(
        "huangyan-liability-cost",
        Message("You are West in the Live Tile Stage and discard the Live Tile 5p while holding "
                "safe tiles; North wins on it. The totals are {totals}. How much does West pay in "
                "all?", totals=totals),
        AnswerKind.NUMBER, cost.liable_pays,
        Message("West's total locks at 0; West pays every share of wave one and every pair "
                "settlement to North: {payments}. That is {pays}; the normal settlement would have "
                "left West at {net:+d}, so liability costs {extra} more.",
                payments=_payments_text(cost.liable.payments), pays=cost.liable_pays,
                net=cost.normal_net, extra=cost.extra),
        variant=_VARIANT, hand=str(pos.hand), title=Message("The price of liability"),
        hint=Message("A liable player's total counts as 0, and the liable player pays all of wave "
                     "one and every pair settlement of wave two, to the winner.")))
    return out


def exercises() -> list[Exercise]:
    """Every Huangyan exercise, in notebook order (02, 03, 04)."""
    return scoring_exercises() + reckoning_exercises() + stage_exercises()
