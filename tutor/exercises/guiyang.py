"""Exercises on Guiyang patterns, chickens, eligibility and the drawn hand (notebook 07).

Every answer is computed by the engine when the exercise is built (the finished hands are the
walker's presets, :data:`tutor.study.guiyang.PRESETS`). ``exercises()`` returns them in the
notebook's order; ``by_key()`` as a dict.
"""

from __future__ import annotations

from tutor.core.notation import parse_hand
from tutor.core.variant import Variant
from tutor.exercises.model import AnswerKind, Exercise, Figure
from tutor.i18n import N_, Message, join, language, shown
from tutor.ledger import Seat, seat_name
from tutor.study.guiyang import preset_hand
from tutor.variants.guiyang.description import FinishedHand
from tutor.variants.guiyang.patterns import pattern_of
from tutor.variants.guiyang.rules import Pattern
from tutor.variants.guiyang.settlement import Category, PlayerResult, settle

__all__ = ["ELIGIBLE_OPTIONS", "by_key", "exercises"]

V = Variant.GUIYANG


def _table(hand: FinishedHand) -> tuple[Figure, ...]:
    """The four players' tiles, drawn below the prompt (a claimed meld's source in the label)."""
    out = []
    for seat in Seat:
        record = hand.player(seat)
        claims = join(Message("; "), [Message("{meld} claimed from {seat}", meld=str(m.meld),
                                              seat=seat_name(m.claimed_from))
                                      for m in record.melds if m.claimed_from is not None])
        label = (Message("{seat} ({claims}):", seat=seat_name(seat), claims=claims) if claims
                 else Message("{seat}:", seat=seat_name(seat)))
        out.append(Figure(label, str(record.hand), hand=True))
    return tuple(out)


class _Status:
    """A player's status (``ready on 3p``) in the language it is shown in."""

    def __init__(self, player: PlayerResult) -> None:
        self.player = player

    def __str__(self) -> str:
        return self.player.status()


class _PatternName:
    """A pattern's name: ``pure triplets``, in Chinese 清大对."""

    def __init__(self, pattern: Pattern) -> None:
        self.pattern = pattern

    def __str__(self) -> str:
        return self.pattern.value if language() == "en" else self.pattern.chinese


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
        key="guiyang-pattern", title=Message("Which pattern?"),
        prompt=Message("Guiyang (the rule text's pattern values): which pattern does this complete "
                       "hand score?"),
        hint=Message("Read the hand every way it splits. Only the highest pattern counts: is there "
                     "a reading with no runs at all?"),
        kind=AnswerKind.CHOICE, answer=shown(_PatternName(result.pattern)),
        explanation=Message("{result}. It also reads as three runs 123p 123p 123p + 999p + 55p, a "
                            "pure suit worth 10, but only the highest pattern counts: the reading "
                            "with four pongs gives {pattern}, {value}.",
                            result=shown(result), pattern=shown(_PatternName(result.pattern)),
                            value=result.value),
        options=tuple(shown(_PatternName(p)) for p in Pattern), variant=V.value, hand=text)


def _chickens() -> Exercise:
    hand = preset_hand("two_winners_liability")
    result = settle(hand)
    west = result.player(Seat.WEST)
    received = sum(p.amount for p in result.ledger.where(category=Category.CHICKEN.value)
                   if p.payee == Seat.WEST)
    detail = join(Message("; "), [shown(c) for c in west.chickens])
    discards = join(Message("; "), [
        Message("{seat} {tile} (claimed by {claimant})", seat=seat_name(d.seat), tile=str(d.tile),
                claimant=seat_name(d.claimed_by)) if d.claimed_by
        else Message("{seat} {tile}", seat=seat_name(d.seat), tile=str(d.tile))
        for d in hand.discards])
    return Exercise(
        key="guiyang-chicken-points", title=Message("West's chickens"),
        hint=Message("Is West eligible (a winner or ready)? Then count West's 1s, held or melded, "
                     "and any flipped chicken, and remember West collects from each of the three "
                     "others."),
        prompt=Message("Guiyang: North discards 1s and East and South both win on it (a discard "
                       "win); the revealed tile is 2s. Discards in order: {discards}. The players' "
                       "tiles are drawn below. How many chicken points does West receive (before "
                       "paying anyone)?", discards=discards),
        figures=_table(hand),
        kind=AnswerKind.NUMBER, answer=received,
        explanation=Message("West is ready ({status}), so it is eligible and collects its chicken "
                            "value from each of the three others: {detail}, {value} x 3 = "
                            "{received}. Its pong of 1s holds the charging chicken, so it counts "
                            "there (and North owes the liability chicken on top, a separate "
                            "category).", status=shown(_Status(west)), detail=detail,
                            value=west.chicken_value, received=received),
        variant=V.value)


ELIGIBLE_OPTIONS = (N_("East only"), N_("East and West"), N_("East and North"),
                    N_("East, West and North"), N_("everyone"))


def _eligible() -> Exercise:
    hand = preset_hand("robbed_kong")
    result = settle(hand)
    eligible = [p.seat for p in result.players if p.eligible]
    answer = _seats(eligible)
    assert answer in ELIGIBLE_OPTIONS, answer
    why = join(Message("; "), [Message("{seat}: {status}", seat=seat_name(p.seat),
                                       status=shown(_Status(p))) for p in result.players])
    return Exercise(
        key="guiyang-eligible", title=Message("Who collects?"),
        hint=Message("Eligible means a winner or ready. Check each hand: does one more tile "
                     "complete it?"),
        prompt=Message("Guiyang: South adds 4p to its pong and East robs the kong. The players' "
                       "tiles are drawn below. Who is eligible to collect beans and chickens?"),
        figures=_table(hand),
        kind=AnswerKind.CHOICE, answer=answer,
        explanation=Message("Eligible means a winner or ready: {why}. North punged the charging "
                            "chicken but is not ready, so it collects nothing (not even the "
                            "liability chicken) and pays its visible 1s.", why=why),
        options=ELIGIBLE_OPTIONS, variant=V.value)


def _not_ready_pays() -> Exercise:
    hand = preset_hand("draw_2_ready")
    result = settle(hand)
    west = Seat.WEST
    paid = sum(p.amount for p in result.ledger if p.payer == west)
    parts = join(" + ", [Message("{amount} to {seat} ({category})", amount=p.amount,
                                 seat=seat_name(p.payee), category=shown(p.category))
                         for p in result.ledger if p.payer == west])
    return Exercise(
        key="guiyang-not-ready-pays", title=Message("A draw: the not-ready pay"),
        hint=Message("Who is ready? Each of them is paid its best possible pattern by West, and a "
                     "ready player's kong beans still settle."),
        prompt=Message("Guiyang (the rule text's pattern values): the wall runs out (an exhaustive "
                       "draw). The players' tiles are drawn below. What does West, who is not "
                       "ready, pay in total?"), figures=_table(hand),
        kind=AnswerKind.NUMBER, answer=paid,
        explanation=Message("West pays {parts} = {paid}. Each not-ready player pays each ready "
                            "player that player's best possible pattern (East: seven pairs on 4p, "
                            "South: plain), and the ready players' beans settle (South's concealed "
                            "kong); North's exposed kong is void because North is not ready.",
                            parts=parts, paid=paid),
        variant=V.value)


def exercises() -> list[Exercise]:
    """The Guiyang exercises, in the notebook's order."""
    return [_pattern(), _chickens(), _eligible(), _not_ready_pays()]


def by_key() -> dict[str, Exercise]:
    return {ex.key: ex for ex in exercises()}
