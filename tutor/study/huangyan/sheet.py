"""The score sheet model: a hand and its situation, every line explained."""

from __future__ import annotations

from tutor.core.hand import Hand
from tutor.core.notation import parse_hand, parse_tile
from tutor.core.tiles import Tile, Wind
from tutor.errors import HandError, RulesError
from tutor.i18n import Message, _, localize
from tutor.ledger import seat_name
from tutor.study.huangyan.common import VARIANT
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
            raise RulesError(Message("{hand}: the winning tile {tile} must be one of the "
                                     "concealed tiles", hand=self.hand, tile=t))
        self.win_tile = t

    @property
    def rules(self) -> HuangyanRules:
        """The ruleset with the what-if options applied (a copy; the base never changes)."""
        if self.limit is not None and self.limit <= 0:
            raise RulesError(Message("a limit must be a positive number, not {value}",
                                     value=self.limit))
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
        return _("A non-winner holds 13 tiles: the {tile} is left out (choose which tile to "
                 "leave out).").format(tile=self.dropped)

    def sheet(self) -> ScoreSheet:
        """The itemized sheet for the current choices."""
        if not self.winner:
            dropped = self.dropped
            hand = self.hand.remove(dropped) if dropped is not None else self.hand
            return score_non_winner(hand, seat=self.seat, rules=self.rules)
        if self.win_tile is None:
            raise HandError(Message("{hand}: no concealed tile to win on",
                                    hand=self.hand or Message("the empty hand")))
        return score_winner(self.hand, self.win_tile, self.situation(), rules=self.rules)

    def collection(self, sheet: ScoreSheet | None = None) -> str:
        """Wave one of the reckoning from this total (winners only), the dealer being East."""
        sheet = sheet if sheet is not None else self.sheet()
        seat = localize(seat_name(self.seat))
        if not sheet.winner:
            return _("As a non-winner {seat} collects nothing; the total {total} decides the "
                     "pair settlements of wave two.").format(seat=seat, total=sheet.total)
        total, rules = sheet.total, self.rules
        if self.seat is Wind.EAST:
            return _("The dealer (East) won: South, West and North each pay {total}.").format(
                total=total)
        return _("{seat} won: the dealer (East) pays {total}, the other two non-dealers pay "
                 "half each, {half} (rounded {way}).").format(
            seat=seat, total=total, half=rules.half(total), way=_(rules.rounding.value))

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
        "Hu": _("every winning hand scores {n}").format(n=r.hu),
        "Self-Draw": _("the winner drew the winning tile ({n})").format(n=r.self_draw),
        "Single Hook": _("the winning tile completed the pair and it was the only tile that won"),
        "Middle Hook": _("the winning tile was the middle of a chow, the only tile that won"),
        "Side Hook": _("the winning tile was the 3 of 1-2-3 or the 7 of 7-8-9, the only one"),
        "Chow": _("a run scores {n}").format(n=r.chow),
        "Exposed Pong": _("a pong claimed from a discard (or completed by one): {simple} simples, "
                          "{honor} terminals/honors").format(
            simple=r.exposed_pong_simple, honor=r.exposed_pong_terminal_honor),
        "Concealed Pong": _("a pong built in hand: {simple} simples, {honor} "
                            "terminals/honors").format(
            simple=r.concealed_pong_simple, honor=r.concealed_pong_terminal_honor),
        "Exposed Kong": _("an open or added kong: {simple} simples, {honor} "
                          "terminals/honors").format(
            simple=r.exposed_kong_simple, honor=r.exposed_kong_terminal_honor),
        "Concealed Kong": _("a kong of four self-drawn tiles: {simple} simples, {honor} "
                            "terminals/honors").format(
            simple=r.concealed_kong_simple, honor=r.concealed_kong_terminal_honor),
        "Dragon Pair": _("a pair of dragons scores {n}").format(n=r.dragon_pair),
        "Seat Wind Pair": _("a pair of the player's own seat wind scores {n}").format(
            n=r.seat_wind_pair),
        "Prevailing Wind Pair": _("a pair of the prevailing wind (an option)"),
        "Pair": _("any other pair scores nothing"),
        "Dragon Pong": _("each pong or kong of dragons doubles"),
        "Seat Wind Pong": _("a pong or kong of the player's seat wind doubles"),
        "Prevailing Wind Pong": _("a pong or kong of the prevailing wind (an option) doubles"),
        "Half Flush": _("one suit plus honors, judged on all the tiles"),
        "Full Flush": _("one suit and no honors, judged on all the tiles"),
        "All Honors": _("winds and dragons only"),
        "Little Three Dragons": _("two dragon pongs and a dragon pair (on top of their doubles)"),
        "Big Three Dragons": _("three dragon pongs (on top of their doubles)"),
        "Little Four Winds": _("three wind pongs and a wind pair"),
        "Big Four Winds": _("four wind pongs: {n} doubles in all").format(n=r.big_four_winds),
        "All Pongs": _("the winner has no chow"),
        "Pinfu": _("the winner has four chows and a pair worth nothing"),
        "Kong Draw": _("won on the replacement tile drawn for a Kong"),
        "Robbing the Kong": _("won on the tile an opponent added to make a Kong"),
        "Fisherman's Win": _("self-drew the last tile of the live wall"),
    }.get(line.item, "")
    note = localize(line.note)
    if line.note in ("simples", "terminals/honors") and why:
        return _("{why}; these are {note}").format(why=why, note=note)
    return _("{why} ({note})").format(why=why, note=note) if line.note and why else why or note
