"""Models of the Hangzhou walk-throughs: the multiplier explorer and the dealer-tally stepper.

Both hold the learner's choices, check them (typed errors from :mod:`tutor.errors`) and ask the
engine (:mod:`tutor.variants.hangzhou`) for every number. No display library is imported here;
the views are in :mod:`tutor.display.widgets.hangzhou`.

>>> explorer = MultiplierExplorer(hand="123m456m789m 中中中 白", drawn="5s", kongs=0,
...                               joker_discards=1)
>>> explorer.sheet().product
4
>>> stepper = TallyStepper()
>>> stepper.last().title
'game end: the open tally is paid'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from tutor.core.hand import Hand
from tutor.core.notation import parse_hand, parse_tile
from tutor.core.shapes import Decomposition, GroupKind, decompositions
from tutor.core.tiles import Tile
from tutor.core.variant import Variant
from tutor.core.waits import WaitAnalysis, waits
from tutor.errors import HandError, RulesError
from tutor.i18n import C_, N_, Message, _, comma, join, language, localize, pmessage, shown
from tutor.ledger import Ledger, Seat, seat_name
from tutor.variants.hangzhou.ledger import GameLedger, HandResult, play
from tutor.variants.hangzhou.rules import HANGZHOU, HangzhouRules, ScoringMode
from tutor.variants.hangzhou.scoring import ScoreSheet, Situation, WinSource, score

__all__ = ["PRESET_RESULTS", "JokerRole", "MultiplierExplorer", "TallyStep", "TallyStepper",
           "joker_roles"]

V = Variant.HANGZHOU
JOKER = Tile.parse("5z")
#: the scoring modes as the explorer's summary names them (translated when shown)
_SCORING = {ScoringMode.MULTIPLY: C_("scoring mode", "multiply"),
            ScoringMode.MIL_FAN: C_("scoring mode", "mil-fan")}


# --- the multiplier explorer -----------------------------------------------------------------

@dataclass(frozen=True)
class JokerRole:
    """What one joker (or a group of jokers) stood for in a reading."""

    jokers: int
    stands_for: str
    group: str

    def __str__(self) -> str:
        return f"{'白' * self.jokers} = {self.stands_for} (in {self.group})"


def joker_roles(reading: Decomposition) -> tuple[JokerRole, ...]:
    """Each joker of ``reading`` and the tile it stood for, group by group."""
    out = []
    for group in reading.groups:
        if group.wild:
            what = N_("any pair") if group.kind is GroupKind.PAIR else N_("any set")
            out.append(JokerRole(len(group.tiles), what, str(group)))
        else:
            for tile in group.jokers:
                out.append(JokerRole(1, str(tile), str(group)))
    return tuple(out)


def _seat(value: Seat | str) -> Seat:
    return value if isinstance(value, Seat) else Seat.parse(value)


class MultiplierExplorer:
    """A self-drawn Hangzhou win as the learner sets it up.

    ``hand`` is the 13 tiles before the draw (or the 14 with the drawn tile), ``drawn`` the
    drawn tile, ``kongs`` and ``joker_discards`` the winner's chain, ``source`` where the tile
    came from (anything but a self-draw is refused, as the rule text says), ``scoring`` the rule
    text's product or the MIL fan model, ``four_jokers_tile_hog`` the option of the rule book.
    """

    def __init__(self, *, hand: str = "123m456m77m白白 [中中中中]", drawn: str = "3p",
                 winner: Seat | str = Seat.SOUTH, dealer: Seat | str = Seat.EAST,
                 kongs: int = 1, joker_discards: int = 1,
                 source: WinSource = WinSource.SELF_DRAW,
                 scoring: ScoringMode = ScoringMode.MULTIPLY, four_jokers_tile_hog: bool = False,
                 rules: HangzhouRules = HANGZHOU) -> None:
        self.hand = hand
        self.drawn = drawn
        self.winner = _seat(winner)
        self.dealer = _seat(dealer)
        self.kongs = kongs
        self.joker_discards = joker_discards
        self.source = source
        self.scoring = scoring
        self.four_jokers_tile_hog = four_jokers_tile_hog
        self.base_rules = rules

    @property
    def rules(self) -> HangzhouRules:
        """The base rules with the two options of the explorer applied."""
        return replace(self.base_rules, scoring=self.scoring,
                       four_jokers_tile_hog=self.four_jokers_tile_hog)

    def situation(self) -> Situation:
        return Situation(winner=self.winner, dealer=self.dealer, kongs=self.kongs,
                         joker_discards=self.joker_discards, source=self.source)

    def drawn_tile(self) -> Tile:
        return parse_tile(self.drawn.strip(), V)

    def hands(self) -> tuple[Hand, Hand]:
        """The hand before the draw (13 tiles) and the winning hand (14)."""
        hand = parse_hand(self.hand, V)
        drawn = self.drawn_tile()
        if hand.size == 13:
            return hand, hand.add(drawn)
        if hand.size == 14:
            if drawn not in hand.concealed:
                raise HandError(Message("{hand}: the drawn tile {drawn} is not among the "
                                        "concealed tiles of this 14-tile hand",
                                        hand=repr(self.hand), drawn=str(drawn)))
            return hand.remove(drawn), hand
        raise HandError(Message("{hand} has {n} tiles (kongs count 3): give the 13 tiles before "
                                "the draw, or the 14 with the drawn tile", hand=repr(self.hand),
                                n=hand.size))

    def before(self) -> WaitAnalysis:
        """The waits of the hand before the draw (ready? White Dragon Pair Wait?)."""
        return waits(self.hands()[0], V)

    def sheet(self) -> ScoreSheet:
        """The scored win (RulesError for a discard win or an incomplete hand)."""
        hand = self.hands()[1]
        return score(hand, self.drawn_tile(), self.situation(), rules=self.rules)

    def readings(self) -> list[Decomposition]:
        return decompositions(self.hands()[1], V)

    def joker_rows(self, sheet: ScoreSheet) -> list[tuple[str, str, str]]:
        """(jokers, stands for, in group) of the reading the sheet used (in the language)."""
        return [("白" * r.jokers, localize(r.stands_for), r.group)
                for r in joker_roles(sheet.reading)]

    def line_rows(self, sheet: ScoreSheet) -> list[tuple[str, str, str, str]]:
        """(name, Chinese alias, factor, from) of each multiplier; in Chinese the name is the
        Chinese one (:attr:`ScoreLine.label`)."""
        rows = []
        english = language() == "en"
        for line in sheet.lines:
            x = f"x{line.multiplier}"
            if sheet.rules.scoring is ScoringMode.MIL_FAN:
                x += _(" ({fan} fan)").format(fan=line.fan)
            rows.append((line.name if english else line.label, line.chinese or "", x,
                         localize(line.source)))
        return rows

    def product_text(self, sheet: ScoreSheet) -> str:
        factors = " x ".join(str(line.multiplier) for line in sheet.lines) or "1"
        if sheet.rules.scoring is ScoringMode.MIL_FAN:
            capped = min(sheet.fan, sheet.rules.fan_cap)
            return _("{fan} fan (cap {cap}): 2^{capped} = x{product}").format(
                fan=sheet.fan, cap=sheet.rules.fan_cap, capped=capped, product=sheet.product)
        return f"{factors} = x{sheet.product}"

    def payment_rows(self, sheet: ScoreSheet) -> list[tuple[str, str, int, str]]:
        return [(localize(seat_name(p.payer)), localize(seat_name(p.payee)), p.amount,
                 localize(p.reason)) for p in sheet.payments]

    def summary(self) -> str:
        """One line, in the learner's language: the setup and the result (or the error)."""
        setup = Message("{hand} + {drawn}, {winner} wins, {dealer} deals, chain: {kongs} "
                        "kong(s) and {jokers} joker discard(s) ({scoring})",
                        hand=self.hand, drawn=self.drawn, winner=seat_name(self.winner),
                        dealer=seat_name(self.dealer), kongs=self.kongs,
                        jokers=self.joker_discards,
                        scoring=pmessage("scoring mode", _SCORING[self.scoring]))
        try:
            sheet = self.sheet()
        except (RulesError, HandError, ValueError) as exc:
            return localize(Message("{setup}: refused: {error}", setup=setup, error=str(exc)))
        return localize(Message("{setup}: x{product}, {winner} receives {total}", setup=setup,
                                product=sheet.product,
                                winner=seat_name(sheet.situation.winner), total=sheet.total))

    def __repr__(self) -> str:
        args = [f"hand={self.hand!r}", f"drawn={self.drawn!r}",
                f"winner=Seat.{self.winner.name}", f"dealer=Seat.{self.dealer.name}",
                f"kongs={self.kongs!r}", f"joker_discards={self.joker_discards!r}"]
        if self.source is not WinSource.SELF_DRAW:
            args.append(f"source=WinSource.{self.source.name}")
        if self.scoring is not ScoringMode.MULTIPLY:
            args.append(f"scoring=ScoringMode.{self.scoring.name}")
        if self.four_jokers_tile_hog:
            args.append("four_jokers_tile_hog=True")
        if self.base_rules != HANGZHOU:  # the rules' own repr names the fields that differ
            changed = repr(self.base_rules).removeprefix("HangzhouRules(")
            args.append(f"rules=replace(HANGZHOU, {changed}")
        return f"MultiplierExplorer({', '.join(args)})"


# --- the dealer-tally stepper ----------------------------------------------------------------

PRESET_RESULTS: tuple[HandResult, ...] = (
    HandResult.win(Seat.EAST, 2, Message("White Dragon Pair Wait")),
    HandResult.win(Seat.EAST, 4, join(Message(", "), [Message("After a gang"),
                                                      Message("After a White Dragon Discard")])),
    HandResult.win(Seat.SOUTH, 4, Message("Seven Pairs Pure")),
    HandResult.win(Seat.SOUTH, 2, Message("Seven Pairs with Joker")),
    HandResult.draw(),
)
"""East's streak (x2, x4), South's win (pays, then the streak is paid), South's own win as the
new dealer, an exhaustive draw; then the game ends and South's open tally is paid."""


@dataclass(frozen=True)
class TallyStep:
    """What one step of the stepper shows: ``number`` 0 is the start, 1..n the hands, n+1 the
    end of the game."""

    number: int
    title: str
    dealer: Seat
    payments: Ledger
    tally: tuple[tuple[int, int], ...]
    scores: dict[Seat, int]
    explanation: str

    @property
    def tokens(self) -> int:
        return sum(t for _, t in self.tally)

    def tally_text(self) -> str:
        """The open tally (a message: English, translated when shown)."""
        if not self.tally:
            return Message("no open tally")
        parts = join(Message(", "), (Message("hand {hand}: {tokens}", hand=h, tokens=t)
                                     for h, t in self.tally))
        return Message("{n} open token(s) ({parts})", n=self.tokens, parts=parts)

    def __str__(self) -> str:
        """The step in the current language (English: as the stepper's plain text)."""
        scores = comma().join(f"{localize(seat_name(s))} {n}" for s, n in self.scores.items())
        lines = [_("step {number}: {title}").format(number=self.number, title=localize(self.title)),
                 "  " + localize(self.explanation),
                 "  " + _("dealer {seat}; {tally}").format(seat=localize(seat_name(self.dealer)),
                                                           tally=localize(self.tally_text()))]
        lines += [f"  {p}" for p in self.payments]
        lines.append("  " + _("scores: {scores}").format(scores=scores))
        return "\n".join(lines)


class TallyStepper:
    """A sequence of Hangzhou hand results, stepped through hand by hand.

    Step 0 is the start, step k the state after hand k, the last step the end of the game
    (when any open tally is paid). Hands can be added (checked by replaying the game) and
    removed from the end.
    """

    def __init__(self, results: Sequence[HandResult] = PRESET_RESULTS, *,
                 rules: HangzhouRules = HANGZHOU, first_dealer: Seat = Seat.EAST) -> None:
        self.rules = rules
        self.first_dealer = first_dealer
        self.results: list[HandResult] = []
        self.game = self._replay([])
        self.set_results(results)
        self.step = 0

    def _replay(self, results: Sequence[HandResult]) -> GameLedger:
        return play(results, rules=self.rules, first_dealer=self.first_dealer)

    def set_results(self, results: Sequence[HandResult]) -> None:
        game = self._replay(results)  # raises RulesError before anything changes
        self.results = list(results)
        self.game = game
        self.step = min(getattr(self, "step", 0), self.steps - 1)

    def reset(self) -> TallyStep:
        """Back to the preset sequence, at the start."""
        self.set_results(PRESET_RESULTS)
        return self.first()

    def clear(self) -> TallyStep:
        self.set_results([])
        return self.first()

    def add_win(self, winner: Seat | str, multiplier: int, reason: str = "") -> TallyStep:
        """Append a self-drawn win and show it."""
        if isinstance(multiplier, bool) or not isinstance(multiplier, int):
            raise RulesError(Message("a multiplier is a whole number, not {value}",
                                     value=repr(multiplier)))
        self.set_results([*self.results, HandResult.win(_seat(winner), multiplier, reason)])
        return self.goto(len(self.results))

    def add_draw(self) -> TallyStep:
        self.set_results([*self.results, HandResult.draw()])
        return self.goto(len(self.results))

    def remove_last(self) -> TallyStep:
        if not self.results:
            raise RulesError(Message("there is no hand to remove"))
        self.set_results(self.results[:-1])
        return self.goto(min(self.step, len(self.results)))

    @property
    def steps(self) -> int:
        """Start, one per hand, and the game end."""
        return len(self.results) + 2

    def goto(self, step: int) -> TallyStep:
        if not 0 <= step < self.steps:
            raise RulesError(Message("step {n} does not exist (0 to {last})", n=step,
                                     last=self.steps - 1))
        self.step = step
        return self.current()

    def next(self) -> TallyStep:
        return self.goto(min(self.step + 1, self.steps - 1))

    def back(self) -> TallyStep:
        return self.goto(max(self.step - 1, 0))

    def first(self) -> TallyStep:
        return self.goto(0)

    def last(self) -> TallyStep:
        return self.goto(self.steps - 1)

    def current(self) -> TallyStep:
        return self.at(self.step)

    def at(self, step: int) -> TallyStep:
        game = self.game
        start = {s: self.rules.starting_points for s in Seat}
        if step == 0:
            return TallyStep(0, Message("start"), self.first_dealer, Ledger(), (), start,
                             Message("everyone starts with {points}; {dealer} deals",
                                     points=self.rules.starting_points,
                                     dealer=seat_name(self.first_dealer)))
        if step <= len(game.hands):
            record = game.hands[step - 1]
            scores = {s: record.scores[s - 1] for s in Seat}
            return TallyStep(step, Message("hand {hand}: {result}", hand=step,
                                           result=shown(record.result)), record.dealer,
                             record.payments, record.tally, scores,
                             self._explain(record.dealer, record.result, record.tally,
                                           record.payments))
        if game.final:
            why = Message("the game ends: {dealer}'s open tally is paid ({total} in all)",
                          dealer=seat_name(game.dealer),
                          total=sum(p.amount for p in game.final))
        else:
            why = Message("the game ends: no tally is open, nothing more is paid")
        if game.ended_after is not None:
            why += Message(" (a score went below zero after hand {hand})",
                           hand=game.ended_after)
        title = (Message("game end: the open tally is paid") if game.final
                 else Message("game end"))
        return TallyStep(step, title, game.dealer, game.final, (), dict(game.scores), why)

    def _explain(self, dealer: Seat, result: HandResult, tally: tuple[tuple[int, int], ...],
                 payments: Ledger) -> str:
        d = seat_name(dealer)
        if result.winner is None:
            return Message("an exhaustive draw: {dealer} stays dealer, nothing is paid, the "
                           "tally stays open", dealer=d)
        w = seat_name(result.winner)
        if result.winner == dealer:
            return Message("the dealer {dealer} wins x{n}: nothing is paid now, {n} token(s) go "
                           "on the tally (one token = {base} from each other player)",
                           dealer=d, n=result.multiplier, base=self.rules.base_dealer_wins)
        tally_paid = sum(p.amount for p in payments.where(category="dealer tally"))
        text = Message("{winner} wins x{n}: first everyone pays {winner} for this hand",
                       winner=w, n=result.multiplier)
        if tally_paid:
            text += Message(", then {dealer}'s tally is paid ({total} in all)", dealer=d,
                            total=tally_paid)
        return text + Message("; {winner} deals next", winner=w)

    def summary(self) -> str:
        current = self.current()
        scores = " ".join(f"{s.letter}={n}" for s, n in current.scores.items())
        return (f"TallyStepper(step {current.number} of {self.steps - 1}: {current.title}; "
                f"{current.tally_text()}; {scores})")

    def __repr__(self) -> str:
        return self.summary()
