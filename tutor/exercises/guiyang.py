"""Exercises on Guiyang patterns, chickens, eligibility and the drawn hand (notebook 07).

Every answer is computed by the engine when the exercise is built (the finished hands are the
walker's presets, :data:`tutor.study.guiyang.PRESETS`). ``exercises()`` returns them in the
notebook's order; ``by_key()`` as a dict.
"""

from __future__ import annotations

from tutor.core.notation import parse_hand
from tutor.core.variant import Variant
from tutor.exercises.model import AnswerKind, Exercise, Figure
from tutor.ledger import Seat
from tutor.study.guiyang import preset_hand
from tutor.variants.guiyang.description import FinishedHand
from tutor.variants.guiyang.patterns import pattern_of
from tutor.variants.guiyang.rules import Pattern
from tutor.variants.guiyang.settlement import Category, settle

__all__ = ["ELIGIBLE_OPTIONS", "by_key", "exercises"]

V = Variant.GUIYANG


def _table(hand: FinishedHand) -> tuple[Figure, ...]:
    """The four players' tiles, drawn below the prompt (a claimed meld's source in the label)."""
    out = []
    for seat in Seat:
        record = hand.player(seat)
        claims = "; ".join(f"{m.meld} claimed from {m.claimed_from.name.title()}"
                           for m in record.melds if m.claimed_from is not None)
        label = seat.name.title() + (f" ({claims})" if claims else "") + ":"
        out.append(Figure(label, str(record.hand), hand=True))
    return tuple(out)


def _seats(seats: list[Seat]) -> str:
    names = [s.name.title() for s in seats]
    if len(names) == 4:
        return "everyone"
    if not names:
        return "nobody"
    return names[0] + " only" if len(names) == 1 else (
        ", ".join(names[:-1]) + " and " + names[-1])


def _pattern() -> Exercise:
    text = "111222333p999p55p"
    result = pattern_of(parse_hand(text, V))
    return Exercise(
        key="guiyang-pattern", title="Which pattern?",
        prompt="Guiyang (the rule text's pattern values): which pattern does this complete "
               "hand score?",
        hint="Read the hand every way it splits. Only the highest pattern counts: is there a "
             "reading with no runs at all?",
        kind=AnswerKind.CHOICE, answer=result.pattern.value,
        explanation=(f"{result}. It also reads as three runs 123p 123p 123p + 999p + 55p, a "
                     "pure suit worth 10, but only the highest pattern counts: the reading "
                     f"with four pongs gives {result.pattern.value}, {result.value}."),
        options=tuple(p.value for p in Pattern), variant=V.value, hand=text)


def _chickens() -> Exercise:
    hand = preset_hand("two_winners_liability")
    result = settle(hand)
    west = result.player(Seat.WEST)
    received = sum(p.amount for p in result.ledger.where(category=Category.CHICKEN.value)
                   if p.payee == Seat.WEST)
    detail = "; ".join(str(c) for c in west.chickens)
    discards = "; ".join(f"{d.seat.name.title()} {d.tile}" + (
        f" (claimed by {d.claimed_by.name.title()})" if d.claimed_by else "")
        for d in hand.discards)
    return Exercise(
        key="guiyang-chicken-points", title="West's chickens",
        hint="Is West eligible (a winner or ready)? Then count West's 1s, held or melded, "
             "and any flipped chicken, and remember West collects from each of the three "
             "others.",
        prompt=("Guiyang: North discards 1s and East and South both win on it (a discard "
                f"win); the revealed tile is 2s. Discards in order: {discards}. The players' "
                "tiles are drawn below. How many chicken points does West receive (before "
                "paying anyone)?"), figures=_table(hand),
        kind=AnswerKind.NUMBER, answer=received,
        explanation=(f"West is ready ({west.status()}), so it is eligible and collects its "
                     f"chicken value from each of the three others: {detail}, "
                     f"{west.chicken_value} x 3 = {received}. Its pong of 1s holds the "
                     "charging chicken, so it counts there (and North owes the liability "
                     "chicken on top, a separate category)."),
        variant=V.value)


ELIGIBLE_OPTIONS = ("East only", "East and West", "East and North", "East, West and North",
                    "everyone")


def _eligible() -> Exercise:
    hand = preset_hand("robbed_kong")
    result = settle(hand)
    eligible = [p.seat for p in result.players if p.eligible]
    answer = _seats(eligible)
    assert answer in ELIGIBLE_OPTIONS, answer
    why = "; ".join(f"{p.seat.name.title()}: {p.status()}" for p in result.players)
    return Exercise(
        key="guiyang-eligible", title="Who collects?",
        hint="Eligible means a winner or ready. Check each hand: does one more tile complete "
             "it?",
        prompt=("Guiyang: South adds 4p to its pong and East robs the kong. The players' "
                "tiles are drawn below. Who is eligible to collect beans and chickens?"),
        figures=_table(hand),
        kind=AnswerKind.CHOICE, answer=answer,
        explanation=(f"Eligible means a winner or ready: {why}. North punged the "
                     "charging chicken but is not ready, so it collects nothing (not even "
                     "the liability chicken) and pays its visible 1s."),
        options=ELIGIBLE_OPTIONS, variant=V.value)


def _not_ready_pays() -> Exercise:
    hand = preset_hand("draw_2_ready")
    result = settle(hand)
    west = Seat.WEST
    paid = sum(p.amount for p in result.ledger if p.payer == west)
    parts = " + ".join(f"{p.amount} to {p.payee.name.title()} ({p.category})"
                       for p in result.ledger if p.payer == west)
    return Exercise(
        key="guiyang-not-ready-pays", title="A draw: the not-ready pay",
        hint="Who is ready? Each of them is paid its best possible pattern by West, and a "
             "ready player's kong beans still settle.",
        prompt=("Guiyang (the rule text's pattern values): the wall runs out (an exhaustive "
                "draw). The players' tiles are drawn below. What does West, who is not ready, "
                "pay in total?"), figures=_table(hand),
        kind=AnswerKind.NUMBER, answer=paid,
        explanation=(f"West pays {parts} = {paid}. Each not-ready player pays each ready "
                     "player that player's best possible pattern (East: seven pairs on 4p, "
                     "South: plain), and the ready players' beans settle (South's concealed "
                     "kong); North's exposed kong is void because North is not ready."),
        variant=V.value)


def exercises() -> list[Exercise]:
    """The Guiyang exercises, in the notebook's order."""
    return [_pattern(), _chickens(), _eligible(), _not_ready_pays()]


def by_key() -> dict[str, Exercise]:
    return {ex.key: ex for ex in exercises()}
