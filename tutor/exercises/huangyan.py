"""Huangyan Reckoning exercises: scoring (notebook 03), the reckoning (04), the Live Tile Stage
(05). Every answer and explanation is computed by the engine when the exercise is built."""

from __future__ import annotations

from tutor.core.tiles import Wind
from tutor.exercises.model import AnswerKind, Exercise, Figure
from tutor.ledger import Payment, Seat
from tutor.study.huangyan import RULE_TEXT_TOTALS, Verdict, position
from tutor.variants.huangyan.reckoning import reckon
from tutor.variants.huangyan.scoring import score_non_winner, score_winner
from tutor.variants.huangyan.sheet import ScoreSheet, WinSituation

__all__ = ["exercises", "reckoning_exercises", "scoring_exercises", "stage_exercises"]

E, S, W, N = Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH
_VARIANT = "huangyan"
_CHOICES = tuple(v.value for v in Verdict)


def _lines(sheet: ScoreSheet) -> str:
    return "; ".join(str(line) for line in sheet.lines) + f". Total {sheet.formula}."


def _title(seat: Seat) -> str:
    return seat.name.title()


def scoring_exercises() -> list[Exercise]:
    """Score sheets: a winner's total, a winner's doubles, a non-winner's total."""
    out = []
    hand, tile = "234s567s888s33z [777z]", "8s"
    sheet = score_winner(hand, tile, WinSituation(seat=W, self_draw=True))
    out.append(Exercise(
        "huangyan-score-total",
        f"West self-draws {tile} to win with {hand}. What is the hand's total?",
        AnswerKind.NUMBER, sheet.total, _lines(sheet), variant=_VARIANT, hand=hand,
        title="A winner's total",
        hint="List the base points first (Hu, the self-draw, each set, the pair), then count "
             "the doubles: a dragon pong, a one-suit hand with honors. Total = base x 2^doubles."))
    hand, tile = "555z666z77z123p456p", "4p"
    sheet = score_winner(hand, tile, WinSituation(seat=E))
    doubles = ", ".join(f"{line.item} {line.doubles}" for line in sheet.lines if line.doubles)
    out.append(Exercise(
        "huangyan-doubles",
        f"East wins on a discarded {tile} with {hand}. How many doubles does the hand score?",
        AnswerKind.NUMBER, sheet.doubles, f"{doubles}: {sheet.doubles} doubles. {_lines(sheet)}",
        variant=_VARIANT, hand=hand, title="Counting doubles",
        hint="Doubles come from patterns: each dragon pong, a one-suit hand with honors, and "
             "the three dragons together (two pongs and a pair)."))
    hand = "444z66z999p13m [222s]"
    sheet = score_non_winner(hand, seat=N)
    out.append(Exercise(
        "huangyan-non-winner-total",
        f"North does not win; North's hand is {hand}. What is North's non-winner total?",
        AnswerKind.NUMBER, sheet.total, _lines(sheet), variant=_VARIANT, hand=hand,
        title="A non-winner's total",
        hint="A non-winner scores only what is finished: the declared pong, concealed "
             "triplets, pairs of dragons or of the seat wind, and doubles for a seat-wind "
             "pong. North's seat wind is 4z."))
    return out


def _payments_text(payments: tuple[Payment, ...]) -> str:
    return "; ".join(f"{_title(p.payer)} pays {_title(p.payee)} {p.amount} ({p.reason})"
                     for p in payments)


def reckoning_exercises() -> list[Exercise]:
    """The two waves: who pays in a pair, what one seat pays in all, a stack after capping."""
    out = []
    totals = {E: 10, S: 16, W: 2, N: 24}
    told = "South wins with 16; East (the dealer) scored 10, West 2, North 24 as non-winners."
    result = reckon(winner=S, totals=totals)
    pair = next(p for p in result.ledger.where(wave=2) if {p.payer, p.payee} == {E, N})
    out.append(Exercise(
        "huangyan-wave-two-payer",
        f"{told} In wave two, who pays in the settlement between East and North?",
        AnswerKind.SEAT, pair.payer,
        f"{_title(pair.payer)} pays {_title(pair.payee)} {pair.amount}: {pair.reason}. The "
        "lower total pays the higher, and a pair with the dealer is not halved.",
        title="Wave two: who pays?",
        hint="In wave two each pair of non-winners compares totals: the lower total pays the "
             "higher."))
    west = tuple(p for p in result.payments if p.payer == W)
    paid = sum(p.amount for p in west)
    out.append(Exercise(
        "huangyan-west-pays",
        f"{told} How much does West pay in total, over both waves?",
        AnswerKind.NUMBER, paid, f"{_payments_text(west)}: {paid} in all.",
        title="What West pays",
        hint="Wave one: West pays half the winner's total (West is not the dealer). Wave two: "
             "West meets East and North; a pair of two non-dealers settles half the "
             "difference."))
    stacks = dict.fromkeys(Wind, 20)
    capped = reckon(winner=N, totals=RULE_TEXT_TOTALS, stacks=stacks)
    assert capped.stacks_after is not None
    south = capped.stacks_after[S]
    moves = _payments_text(capped.payments)
    out.append(Exercise(
        "huangyan-stack-after",
        "The rule text's second worked example (North wins 12; East, the dealer, 20, South "
        "28, West 6) with every table stack at 20. What is South's stack after the reckoning?",
        AnswerKind.NUMBER, south, f"In order: {moves}. South ends with {south}.",
        title="A stack after the reckoning",
        hint="Follow the payments in order, wave one then wave two, keeping South's stack as "
             "you go: a payer never pays more than its stack holds."))
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
            ("huangyan-discard-live", _SAFE_IN_HAND, "5p", "Discard 5p?"),
            ("huangyan-discard-safe", _SAFE_IN_HAND, "2s", "Discard 2s?"),
            ("huangyan-discard-exempt", _ALL_LIVE, "3m", "Discard 3m?")):
        pos = position(**spec)  # type: ignore[arg-type]
        seen = tuple(Figure(f"{_title(s)}{' (you)' if s == W else ''} discarded:",
                            " ".join(str(t) for t in pos.discards[s])) for s in Wind)
        judgement = pos.judge(tile)
        out.append(Exercise(
            key,
            f"The Live Tile Stage is on ({pos.live_wall} tiles in the live wall). You are "
            f"West and hold the hand below; the discards so far follow it. Is discarding {tile} "
            "safe, Live or exempt?", AnswerKind.CHOICE, judgement.verdict.value,
            judgement.explain(), figures=seen,
            options=_CHOICES, variant=_VARIANT, hand=str(pos.hand), title=title,
            hint="Has anyone discarded this tile yet this hand? And if not: do you hold any "
                 "tile that has been discarded?"))
    pos = position(**_THREE_KONGS)  # type: ignore[arg-type]
    out.append(Exercise(
        "huangyan-stage-on",
        f"Three Kongs have been declared this hand. The live wall holds {pos.live_wall} tiles "
        f"and the Dead Wall {pos.rules.dead_wall - pos.kongs}: {pos.tiles_left} in all. Is "
        "the Live Tile Stage on?", AnswerKind.CHOICE, "yes" if pos.stage_on else "no",
        f"{pos.stage_text()}. The stage starts when the live wall is down to "
        f"{pos.rules.live_tile_stage_threshold}; Kong replacements come from the Dead Wall, "
        "so Kongs shrink the 30-tile count without bringing the stage closer.",
        options=("yes", "no"), title="Is the stage on?",
        hint="The stage counts only the live wall. Where do Kong replacement tiles come "
             "from?"))
    pos = position(**_SAFE_IN_HAND)  # type: ignore[arg-type]
    cost = pos.liability_cost(winner=N, totals=_LIABILITY_TOTALS)
    totals = ", ".join(f"{_title(s)}{' (the dealer)' if s == E else ''} {n}"
                       for s, n in _LIABILITY_TOTALS.items())
    out.append(Exercise(
        "huangyan-liability-cost",
        "You are West in the Live Tile Stage and discard the Live Tile 5p while holding safe "
        f"tiles; North wins on it. The totals are {totals}. How much does West pay in all?",
        AnswerKind.NUMBER, cost.liable_pays,
        f"West's total locks at 0; West pays every share of wave one and every pair "
        f"settlement to North: {_payments_text(cost.liable.payments)}. That is "
        f"{cost.liable_pays}; the normal settlement would have left West at "
        f"{cost.normal_net:+d}, so liability costs {cost.extra} more.",
        variant=_VARIANT, hand=str(pos.hand), title="The price of liability",
        hint="A liable player's total counts as 0, and the liable player pays all of wave one "
             "and every pair settlement of wave two, to the winner."))
    return out


def exercises() -> list[Exercise]:
    """Every Huangyan exercise, in notebook order (02, 03, 04)."""
    return scoring_exercises() + reckoning_exercises() + stage_exercises()
