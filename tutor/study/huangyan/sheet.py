"""The score sheet model: a hand and its situation, every line explained."""

from __future__ import annotations

from tutor.core.hand import Hand
from tutor.core.notation import parse_hand, parse_tile
from tutor.core.tiles import Tile, Wind
from tutor.errors import HandError, RulesError
from tutor.study.huangyan.common import VARIANT, seat_title
from tutor.variants.huangyan.rules import HUANGYAN_RULES, HuangyanRules, Rounding
from tutor.variants.huangyan.scoring import score_non_winner, score_winner
from tutor.variants.huangyan.sheet import ScoreLine, ScoreSheet, WinSituation

# -- 1. the score sheet -------------------------------------------------------------------------

class ScoreSheetModel:
    """A hand, the winning tile, the situation and the ruleset options: the sheet they give.

    Set the hand with :meth:`set_hand` (notation; errors raise), then change the attributes
    freely; :meth:`sheet` scores with the current choices and raises :class:`RulesError` or
    :class:`HandError` when they cannot have happened. A non-winner holds 13 tiles: given a
    14-tile hand, the non-winner's sheet leaves out ``win_tile`` (see :attr:`dropped`).
    :meth:`reset` goes back to the example the model was made with.
    """

    def __init__(self, hand: str = "123m456p789s111z55z", *, win_tile: str | None = None,
                 seat: Wind = Wind.EAST, winner: bool = True,
                 rules: HuangyanRules = HUANGYAN_RULES) -> None:
        self.base_rules = rules
        self._example = (hand, win_tile, seat, winner)
        self.reset()

    def reset(self) -> None:
        """Back to the example this model was made with (every option at the ruleset's value)."""
        hand, win_tile, seat, winner = self._example
        rules = self.base_rules
        self.seat = seat
        self.winner = winner
        self.self_draw = False
        self.kong_draw = False
        self.robbing_the_kong = False
        self.last_tile = False
        self.limit: int | None = rules.limit
        self.prevailing_wind: Wind | None = rules.prevailing_wind
        self.rounding: Rounding = rules.rounding
        self.hand: Hand = Hand(())
        self.win_tile: Tile | None = None
        self.set_hand(hand)
        if win_tile is not None:
            self.choose_win_tile(win_tile)

    def set_hand(self, text: str) -> Hand:
        """Read ``text`` (MPSZ notation); keep the winning tile if the new hand still holds it."""
        hand = parse_hand(text, VARIANT)
        self.hand = hand
        kinds = self.win_kinds
        if self.win_tile not in kinds:
            self.win_tile = kinds[-1] if kinds else None
        return hand

    @property
    def win_kinds(self) -> tuple[Tile, ...]:
        """The kinds the winning tile can be: the hand's concealed kinds, in order."""
        return tuple(sorted(set(self.hand.concealed)))

    def choose_win_tile(self, tile: Tile | str) -> None:
        t = parse_tile(tile, VARIANT) if isinstance(tile, str) else tile
        if t not in self.hand.concealed:
            raise RulesError(f"{self.hand}: the winning tile {t} must be one of the concealed "
                             "tiles")
        self.win_tile = t

    @property
    def rules(self) -> HuangyanRules:
        """The ruleset with the what-if options applied (a copy; the base never changes)."""
        if self.limit is not None and self.limit <= 0:
            raise RulesError(f"a limit must be a positive number, not {self.limit}")
        return self.base_rules.replace(limit=self.limit, prevailing_wind=self.prevailing_wind,
                                       rounding=self.rounding)

    def situation(self) -> WinSituation:
        return WinSituation(seat=self.seat, self_draw=self.self_draw, kong_draw=self.kong_draw,
                            robbing_the_kong=self.robbing_the_kong, last_tile=self.last_tile)

    @property
    def dropped(self) -> Tile | None:
        """The tile a non-winner's sheet leaves out of a 14-tile hand (the chosen tile)."""
        if self.winner or self.hand.size != 14:
            return None
        return self.win_tile

    def note(self) -> str:
        """What the sheet did to the hand, if anything (a non-winner's tile left out)."""
        if self.dropped is None:
            return ""
        return (f"A non-winner holds 13 tiles: the {self.dropped} is left out (choose which "
                "tile to leave out).")

    def sheet(self) -> ScoreSheet:
        """The itemized sheet for the current choices."""
        if not self.winner:
            dropped = self.dropped
            hand = self.hand.remove(dropped) if dropped is not None else self.hand
            return score_non_winner(hand, seat=self.seat, rules=self.rules)
        if self.win_tile is None:
            raise HandError(f"{self.hand or 'the empty hand'}: no concealed tile to win on")
        return score_winner(self.hand, self.win_tile, self.situation(), rules=self.rules)

    def collection(self, sheet: ScoreSheet | None = None) -> str:
        """Wave one of the reckoning from this total (winners only), the dealer being East."""
        sheet = sheet if sheet is not None else self.sheet()
        if not sheet.winner:
            return (f"As a non-winner {seat_title(self.seat)} collects nothing; the total "
                    f"{sheet.total} decides the pair settlements of wave two.")
        total, rules = sheet.total, self.rules
        if self.seat is Wind.EAST:
            return f"The dealer (East) won: South, West and North each pay {total}."
        return (f"{seat_title(self.seat)} won: the dealer (East) pays {total}, the other two "
                f"non-dealers pay half each, {rules.half(total)} (rounded "
                f"{rules.rounding.value}).")

    def __str__(self) -> str:
        try:
            sheet = self.sheet()
        except (RulesError, HandError) as exc:
            return f"{self.hand}: {exc}"
        return str(sheet)

    def __repr__(self) -> str:
        tile = f", win_tile={str(self.win_tile)!r}" if self.win_tile else ""
        return (f"ScoreSheetModel({str(self.hand)!r}{tile}, seat=Wind.{self.seat.name}, "
                f"winner={self.winner})")


def explain_line(line: ScoreLine, rules: HuangyanRules = HUANGYAN_RULES) -> str:
    """Why a sheet line scores what it does, in a sentence quoting the ruleset's numbers."""
    r = rules
    why = {
        "Hu": f"every winning hand scores {r.hu}",
        "Self-Draw": f"the winner drew the winning tile ({r.self_draw})",
        "Single Hook": "the winning tile completed the pair and it was the only tile that won",
        "Middle Hook": "the winning tile was the middle of a chow, the only tile that won",
        "Side Hook": "the winning tile was the 3 of 1-2-3 or the 7 of 7-8-9, the only one",
        "Chow": f"a run scores {r.chow}",
        "Exposed Pong": (f"a pong claimed from a discard (or completed by one): "
                         f"{r.exposed_pong_simple} simples, {r.exposed_pong_terminal_honor} "
                         "terminals/honors"),
        "Concealed Pong": (f"a pong built in hand: {r.concealed_pong_simple} simples, "
                           f"{r.concealed_pong_terminal_honor} terminals/honors"),
        "Exposed Kong": (f"an open or added kong: {r.exposed_kong_simple} simples, "
                         f"{r.exposed_kong_terminal_honor} terminals/honors"),
        "Concealed Kong": (f"a kong of four self-drawn tiles: {r.concealed_kong_simple} "
                           f"simples, {r.concealed_kong_terminal_honor} terminals/honors"),
        "Dragon Pair": f"a pair of dragons scores {r.dragon_pair}",
        "Seat Wind Pair": f"a pair of the player's own seat wind scores {r.seat_wind_pair}",
        "Prevailing Wind Pair": "a pair of the prevailing wind (an option)",
        "Pair": "any other pair scores nothing",
        "Dragon Pong": "each pong or kong of dragons doubles",
        "Seat Wind Pong": "a pong or kong of the player's seat wind doubles",
        "Prevailing Wind Pong": "a pong or kong of the prevailing wind (an option) doubles",
        "Half Flush": "one suit plus honors, judged on all the tiles",
        "Full Flush": "one suit and no honors, judged on all the tiles",
        "All Honors": "winds and dragons only",
        "Little Three Dragons": "two dragon pongs and a dragon pair (on top of their doubles)",
        "Big Three Dragons": "three dragon pongs (on top of their doubles)",
        "Little Four Winds": "three wind pongs and a wind pair",
        "Big Four Winds": f"four wind pongs: {r.big_four_winds} doubles in all",
        "All Pongs": "the winner has no chow",
        "Pinfu": "the winner has four chows and a pair worth nothing",
        "Kong Draw": "won on the replacement tile drawn for a Kong",
        "Robbing the Kong": "won on the tile an opponent added to make a Kong",
        "Fisherman's Win": "self-drew the last tile of the live wall",
    }.get(line.item, "")
    if line.note in ("simples", "terminals/honors") and why:
        return f"{why}; these are {line.note}"
    return f"{why} ({line.note})" if line.note and why else why or line.note
