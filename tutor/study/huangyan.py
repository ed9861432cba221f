"""Huangyan Reckoning study models: the score sheet, the settlement walk and the Live Tile Stage.

Pure Python (no ipywidgets, no matplotlib): each model holds a learner's choices, checks them
(typed errors from :mod:`tutor.errors`) and asks the engine for the answer. The widget views in
:mod:`tutor.display.widgets.huangyan` only render what these models compute.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from tutor.core.hand import Hand, format_tiles
from tutor.core.notation import parse_hand, parse_tile, parse_tiles
from tutor.core.tiles import KINDS, Tile, Wind
from tutor.core.variant import Variant
from tutor.errors import HandError, RulesError
from tutor.ledger import Payment, Seat
from tutor.variants.huangyan.reckoning import Reckoning, reckon
from tutor.variants.huangyan.rules import HUANGYAN_RULES, HuangyanRules, Rounding
from tutor.variants.huangyan.scoring import score_non_winner, score_winner
from tutor.variants.huangyan.sheet import ScoreLine, ScoreSheet, WinSituation

__all__ = [
    "POSITIONS",
    "PRESETS",
    "SEED_TOTALS",
    "DiscardJudgement",
    "LiabilityCost",
    "ScoreSheetModel",
    "SettlementWalk",
    "StageTrainer",
    "TablePosition",
    "Verdict",
    "WalkStep",
    "explain_line",
    "position",
    "preset_position",
]

_V = Variant.HUANGYAN
SEATS = tuple(Wind)


def _title(seat: Seat) -> str:
    return seat.name.title()


def _seats(values: Mapping[Seat, int]) -> str:
    return ", ".join(f"{_title(s)} {values[s]:+d}" for s in SEATS)


# -- 1. the score sheet -------------------------------------------------------------------------

class ScoreSheetModel:
    """A hand, the winning tile, the situation and the ruleset options: the sheet they give.

    Set the hand with :meth:`set_hand` (notation; errors raise), then change the attributes
    freely; :meth:`sheet` scores with the current choices and raises :class:`RulesError` or
    :class:`HandError` when they cannot have happened.
    """

    def __init__(self, hand: str = "123m456p789s111z55z", *, win_tile: str | None = None,
                 seat: Wind = Wind.EAST, winner: bool = True,
                 rules: HuangyanRules = HUANGYAN_RULES) -> None:
        self.base_rules = rules
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
        hand = parse_hand(text, _V)
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
        t = parse_tile(tile, _V) if isinstance(tile, str) else tile
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

    def sheet(self) -> ScoreSheet:
        """The itemized sheet for the current choices."""
        if not self.winner:
            return score_non_winner(self.hand, seat=self.seat, rules=self.rules)
        if self.win_tile is None:
            raise HandError(f"{self.hand or 'the empty hand'}: no concealed tile to win on")
        return score_winner(self.hand, self.win_tile, self.situation(), rules=self.rules)

    def collection(self, sheet: ScoreSheet | None = None) -> str:
        """Wave one of the reckoning from this total (winners only), the dealer being East."""
        sheet = sheet if sheet is not None else self.sheet()
        if not sheet.winner:
            return (f"As a non-winner {_title(self.seat)} collects nothing; the total "
                    f"{sheet.total} decides the pair settlements of wave two.")
        total, rules = sheet.total, self.rules
        if self.seat is Wind.EAST:
            return f"The dealer (East) won: South, West and North each pay {total}."
        return (f"{_title(self.seat)} won: the dealer (East) pays {total}, the other two "
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


# -- 2. the settlement walk ---------------------------------------------------------------------

@dataclass(frozen=True)
class WalkStep:
    """One step of the walk: wave one (all its payments), or one pair settlement of wave two."""

    title: str
    payments: tuple[Payment, ...]

    def __str__(self) -> str:
        return "\n".join([self.title, *(f"  {p}" for p in self.payments)])


#: The seed's two worked examples (and two variations on the second) as walk presets.
PRESETS: dict[str, dict[str, object]] = {
    "Seed example 1: East (dealer) wins 20": {
        "winner": Wind.EAST, "dealer": Wind.EAST,
        "totals": {Wind.EAST: 20, Wind.SOUTH: 28, Wind.WEST: 6, Wind.NORTH: 12}},
    "Seed example 2: North wins 12": {
        "winner": Wind.NORTH, "dealer": Wind.EAST,
        "totals": {Wind.EAST: 20, Wind.SOUTH: 28, Wind.WEST: 6, Wind.NORTH: 12}},
    "Seed example 2 with stacks of 20": {
        "winner": Wind.NORTH, "dealer": Wind.EAST,
        "totals": {Wind.EAST: 20, Wind.SOUTH: 28, Wind.WEST: 6, Wind.NORTH: 12},
        "stacks": dict.fromkeys(Wind, 20)},
    "Seed example 2 with West liable": {
        "winner": Wind.NORTH, "dealer": Wind.EAST,
        "totals": {Wind.EAST: 20, Wind.SOUTH: 28, Wind.WEST: 6, Wind.NORTH: 12},
        "liable": Wind.WEST},
}


def _steps(result: Reckoning) -> tuple[WalkStep, ...]:
    assert result.winner is not None
    steps: list[WalkStep] = []
    first = tuple(p for p in result.payments if p.wave == 1)
    if first:
        who = "the liable player pays it all" if result.liable else "the winner collects"
        steps.append(WalkStep(f"Wave one: {who}", first))
    for n, p in enumerate((p for p in result.payments if p.wave == 2), start=1):
        reason = p.reason.split("; ")[0]  # a stack cap is told in the payment itself
        steps.append(WalkStep(f"Wave two, settlement {n}: {reason}", (p,)))
    return tuple(steps)


class SettlementWalk:
    """A reckoning taken one step at a time: step 0 is before any payment, step ``k`` after
    the first ``k`` steps (wave one counts as one step, each pair of wave two as one)."""

    def __init__(self, *, winner: Seat, totals: Mapping[Seat, int | ScoreSheet],
                 dealer: Seat = Wind.EAST, liable: Seat | None = None,
                 stacks: Mapping[Seat, int] | None = None,
                 rules: HuangyanRules = HUANGYAN_RULES) -> None:
        self.reckoning = reckon(winner=winner, totals=totals, dealer=dealer, liable=liable,
                                stacks=stacks, rules=rules)
        self.steps = _steps(self.reckoning)
        self.current = 0

    @classmethod
    def preset(cls, name: str, *, rules: HuangyanRules = HUANGYAN_RULES) -> SettlementWalk:
        if name not in PRESETS:
            raise RulesError(f"no preset named {name!r} (known: {', '.join(PRESETS)})")
        return cls(**PRESETS[name], rules=rules)  # type: ignore[arg-type]

    @staticmethod
    def sheets_from_hands(*, winner: Seat, hands: Mapping[Seat, str], win_tile: str,
                          self_draw: bool = False, rules: HuangyanRules = HUANGYAN_RULES
                          ) -> dict[Seat, ScoreSheet]:
        """Every seat's sheet: the winner's 14 tiles won on ``win_tile``, the others' 13."""
        missing = [s.letter for s in SEATS if not str(hands.get(s, "")).strip()]
        if missing:
            raise RulesError(f"a hand is needed for every seat; missing: {', '.join(missing)}")
        sheets = {}
        for seat in SEATS:
            if seat == winner:
                sit = WinSituation(seat=seat, self_draw=self_draw)
                sheets[seat] = score_winner(hands[seat], win_tile, sit, rules=rules)
            else:
                sheets[seat] = score_non_winner(hands[seat], seat=seat, rules=rules)
        return sheets

    # -- moving ---------------------------------------------------------------------------
    @property
    def at_start(self) -> bool:
        return self.current == 0

    @property
    def at_end(self) -> bool:
        return self.current == len(self.steps)

    def next(self) -> WalkStep | None:
        """Take the next step; None (and no change) at the end."""
        if self.at_end:
            return None
        self.current += 1
        return self.steps[self.current - 1]

    def back(self) -> None:
        if not self.at_start:
            self.current -= 1

    def reset(self) -> None:
        self.current = 0

    # -- the state after a step -------------------------------------------------------------
    def _step(self, step: int | None) -> int:
        k = self.current if step is None else step
        if not 0 <= k <= len(self.steps):
            raise RulesError(f"step {k} is out of range 0-{len(self.steps)}")
        return k

    def payments_so_far(self, step: int | None = None) -> tuple[Payment, ...]:
        k = self._step(step)
        return tuple(p for s in self.steps[:k] for p in s.payments)

    def net_after(self, step: int | None = None) -> dict[Seat, int]:
        net = dict.fromkeys(SEATS, 0)
        for p in self.payments_so_far(step):
            net[p.payer] -= p.amount
            net[p.payee] += p.amount
        return net

    def stacks_after(self, step: int | None = None) -> dict[Seat, int] | None:
        before = self.reckoning.stacks_before
        if before is None:
            return None
        net = self.net_after(step)
        return {s: before[s] + net[s] for s in SEATS}

    @property
    def step_title(self) -> str:
        if self.at_start:
            return "Before any payment"
        return self.steps[self.current - 1].title

    def __str__(self) -> str:
        rows = [f"step {self.current} of {len(self.steps)}: {self.step_title}"]
        if not self.at_start:
            rows += [f"  {p}" for p in self.steps[self.current - 1].payments]
        rows.append(f"  nets so far: {_seats(self.net_after())}")
        stacks = self.stacks_after()
        if stacks is not None:
            rows.append("  stacks: " + ", ".join(f"{_title(s)} {stacks[s]}" for s in SEATS))
        return "\n".join(rows)

    def __repr__(self) -> str:
        r = self.reckoning
        return (f"SettlementWalk(winner=Wind.{r.winner.name if r.winner else None}, "
                f"dealer=Wind.{r.dealer.name}, step {self.current} of {len(self.steps)})")


# -- 3. the Live Tile Stage ---------------------------------------------------------------------

class Verdict(Enum):
    """What a discard is under the Live Tile rules."""

    SAFE = "safe"  # its kind was already discarded (claimed or not) this hand
    LIVE = "Live"  # nobody has discarded its kind, and the hand holds a safe tile
    EXEMPT = "exempt"  # Live, but every concealed tile is Live: the exception applies


@dataclass(frozen=True)
class DiscardJudgement:
    """One discard judged: its verdict, whether the stage is on, and why."""

    tile: Tile
    verdict: Verdict
    stage_on: bool
    safe_in_hand: tuple[Tile, ...]

    @property
    def liable_if_won_on(self) -> bool:
        """Whether an opponent's win on this discard would make the discarder liable."""
        return self.stage_on and self.verdict is Verdict.LIVE

    def explain(self) -> str:
        t = self.tile
        if self.verdict is Verdict.SAFE:
            text = (f"{t} is safe: it has already been discarded this hand, so it is no longer "
                    "a Live Tile and can never trigger liability.")
        elif self.verdict is Verdict.EXEMPT:
            text = (f"{t} is a Live Tile, but every tile in your concealed hand is Live too, "
                    "so the exception applies: no liability even if an opponent wins on it.")
        else:
            safe = " ".join(str(s) for s in self.safe_in_hand)
            text = (f"{t} is a Live Tile (nobody has discarded one this hand) and you hold "
                    f"safe tiles ({safe}).")
            if self.stage_on:
                text += " If an opponent wins on it you pay for the whole table (liability)."
        if not self.stage_on:
            text += (" The Live Tile Stage has not begun, so no discard can trigger "
                     "liability yet.")
        return text

    def __str__(self) -> str:
        return f"discard {self.tile}: {self.verdict.value}. {self.explain()}"


@dataclass(frozen=True)
class LiabilityCost:
    """The same win settled normally and with the discarder liable."""

    discarder: Seat
    normal: Reckoning
    liable: Reckoning

    @property
    def normal_net(self) -> int:
        return self.normal.net[self.discarder]

    @property
    def liable_net(self) -> int:
        return self.liable.net[self.discarder]

    @property
    def liable_pays(self) -> int:
        """Everything the liable discarder pays out."""
        return sum(p.amount for p in self.liable.payments if p.payer == self.discarder)

    @property
    def extra(self) -> int:
        """How much worse off liability leaves the discarder than the normal settlement."""
        return self.normal_net - self.liable_net

    def __str__(self) -> str:
        who = _title(self.discarder)
        return (f"normal settlement: {_seats(self.normal.net)}\n"
                f"{who} liable:       {_seats(self.liable.net)}\n"
                f"{who} pays {self.liable_pays} in all when liable (net {self.liable_net:+d} "
                f"instead of {self.normal_net:+d}): liability costs {who} {self.extra} more")

    def _repr_html_(self) -> str:
        return (f"<div class='tutor-liability'><p><b>Normal settlement</b></p>"
                f"{self.normal._repr_html_()}<p><b>{_title(self.discarder)} liable</b></p>"
                f"{self.liable._repr_html_()}<p>{html.escape(str(self).splitlines()[-1])}</p>"
                "</div>")


@dataclass(frozen=True)
class TablePosition:
    """A moment of a hand: what each seat has discarded (claimed discards included), how many
    tiles the live wall holds and how many Kongs were declared, and the learner's hand (14
    tiles: the learner has just drawn and must discard)."""

    seat: Seat
    hand: Hand
    discards: dict[Seat, tuple[Tile, ...]]
    live_wall: int
    kongs: int = 0
    rules: HuangyanRules = HUANGYAN_RULES

    def __post_init__(self) -> None:
        self.hand.check(_V)
        if self.hand.size != 14:
            raise HandError(f"{self.hand}: {self.hand.size} tiles; the learner has just drawn, "
                            "so the hand needs 14 (a kong counting as 3)")
        max_live = 136 - self.rules.dead_wall - 53
        if not 0 <= self.live_wall <= max_live:
            raise RulesError(f"the live wall holds 0 to {max_live} tiles after the deal, "
                             f"not {self.live_wall}")
        if not 0 <= self.kongs < self.rules.dead_wall:
            raise RulesError(f"{self.kongs} kongs cannot have been declared")
        counts = list(self.hand.held_counts)
        for seat in SEATS:
            for t in self.discards.get(seat, ()):
                counts[t.index] += 1
                if counts[t.index] > 4:
                    raise HandError(f"five or more {t} between the hand and the discards "
                                    "(a set has four)")

    # -- the stage ------------------------------------------------------------------------
    @property
    def tiles_left(self) -> int:
        """What the seed counts: the live wall plus the Dead Wall (16 less one per Kong)."""
        return self.live_wall + self.rules.dead_wall - self.kongs

    @property
    def stage_on(self) -> bool:
        """The stage is on when the live wall is down to the threshold (Kongs never count)."""
        return self.live_wall <= self.rules.live_tile_stage_threshold

    def stage_text(self) -> str:
        t = self.rules.live_tile_stage_threshold
        text = (f"live wall {self.live_wall} (Dead Wall {self.rules.dead_wall - self.kongs}, "
                f"{self.tiles_left} tiles in all): ")
        if self.stage_on:
            return text + f"the Live Tile Stage is ON (the live wall is down to {t} or fewer)"
        more = self.live_wall - t
        return text + (f"the Live Tile Stage is off ({more} more draw"
                       f"{'s' if more != 1 else ''} until the live wall is down to {t})")

    # -- Live Tiles -----------------------------------------------------------------------
    @property
    def discarded(self) -> frozenset[Tile]:
        return frozenset(t for seat in SEATS for t in self.discards.get(seat, ()))

    def is_live(self, tile: Tile) -> bool:
        return tile not in self.discarded

    @property
    def live_tiles(self) -> tuple[Tile, ...]:
        return tuple(t for t in KINDS if self.is_live(t))

    @property
    def choices(self) -> tuple[Tile, ...]:
        """The kinds the learner can discard (the concealed kinds)."""
        return tuple(sorted(set(self.hand.concealed)))

    @property
    def safe_in_hand(self) -> tuple[Tile, ...]:
        return tuple(t for t in self.choices if not self.is_live(t))

    def judge(self, tile: Tile | str) -> DiscardJudgement:
        t = parse_tile(tile, _V) if isinstance(tile, str) else tile
        if t not in self.hand.concealed:
            raise HandError(f"{self.hand}: no concealed {t} to discard")
        if not self.is_live(t):
            verdict = Verdict.SAFE
        elif not self.safe_in_hand:
            verdict = Verdict.EXEMPT
        else:
            verdict = Verdict.LIVE
        return DiscardJudgement(t, verdict, self.stage_on, self.safe_in_hand)

    def liability_cost(self, *, winner: Seat, totals: Mapping[Seat, int],
                       dealer: Seat = Wind.EAST) -> LiabilityCost:
        """The win by ``winner`` on the learner's discard, settled normally and with the
        learner liable (``totals``: each seat's hand total)."""
        if winner == self.seat:
            raise RulesError(f"{_title(winner)} is the discarder; an opponent must win on it")
        normal = reckon(winner=winner, totals=totals, dealer=dealer, rules=self.rules)
        liable = reckon(winner=winner, totals=totals, dealer=dealer, liable=self.seat,
                        rules=self.rules)
        return LiabilityCost(self.seat, normal, liable)

    def __str__(self) -> str:
        rows = [self.stage_text()]
        for seat in SEATS:
            rows.append(f"  {_title(seat):5} discarded: "
                        f"{format_tiles(self.discards.get(seat, ())) or '-'}")
        rows.append(f"  {_title(self.seat)} (you) hold {self.hand}")
        return "\n".join(rows)


def position(*, seat: Seat | str, hand: str, discards: Mapping[str, str], live_wall: int,
             kongs: int = 0, rules: HuangyanRules = HUANGYAN_RULES) -> TablePosition:
    """A :class:`TablePosition` from notation: ``discards`` maps "E", "S", ... to tiles."""
    me = seat if isinstance(seat, Wind) else Wind.parse(seat)
    table = {Wind.parse(k): tuple(parse_tiles(v, _V)) if v.strip() else ()
             for k, v in discards.items()}
    return TablePosition(me, parse_hand(hand, _V), table, live_wall, kongs, rules)


#: Table positions for the trainer and the exercises (West is the learner in each).
POSITIONS: dict[str, dict[str, object]] = {
    "Early in the hand (stage off)": {
        "seat": "W", "hand": "23m445p67p123s99s7z1z", "live_wall": 40,
        "discards": {"E": "9m 1p 4z 2z", "S": "6z 1z 8m", "W": "3z 5z 9p", "N": "1m 7z 2z"}},
    "Stage on, a safe tile in hand": {
        "seat": "W", "hand": "234m45p6788p3499s1z", "live_wall": 12,
        "discards": {"E": "9m 1p 4z 2z 5s 8p", "S": "6z 1z 8m 3p 2s", "W": "3z 5z 9p 1s 7s",
                     "N": "1m 7z 2z 6s 3s"}},
    "Stage on, every tile Live": {
        "seat": "W", "hand": "234m567m45p789p667s", "live_wall": 10,
        "discards": {"E": "9m 1p 4z 2z 1s", "S": "6z 1z 8m 3z 9s", "W": "5z 1p 3p 2p",
                     "N": "1m 7z 2z 8s 4s"}},
    "Two Kongs: 30 tiles, no stage yet": {
        "seat": "W", "hand": "234m45p6788p3499s1z", "live_wall": 16, "kongs": 2,
        "discards": {"E": "9m 1p 4z 2z", "S": "6z 1z 8m 3p", "W": "3z 5z 9p 1s",
                     "N": "1m 7z 2z 6s"}},
}


def preset_position(name: str, *, rules: HuangyanRules = HUANGYAN_RULES) -> TablePosition:
    if name not in POSITIONS:
        raise RulesError(f"no position named {name!r} (known: {', '.join(POSITIONS)})")
    spec = dict(POSITIONS[name])
    return position(rules=rules, **spec)  # type: ignore[arg-type]


#: The totals the trainer prices liability with by default: the seed's worked examples.
SEED_TOTALS: dict[Seat, int] = {Wind.EAST: 20, Wind.SOUTH: 28, Wind.WEST: 6, Wind.NORTH: 12}


class StageTrainer:
    """The Live Tile trainer: a table position, the learner's pick, and what it would cost.

    ``winner`` is the opponent imagined winning on the discard; ``totals`` the four hand totals
    the reckoning uses (the dealer is East).
    """

    def __init__(self, name: str = "Stage on, a safe tile in hand", *,
                 rules: HuangyanRules = HUANGYAN_RULES) -> None:
        self.rules = rules
        self.totals: dict[Seat, int] = dict(SEED_TOTALS)
        self.winner: Seat = Wind.NORTH
        self.name = ""
        self.position = preset_position(name, rules=rules)
        self.judgement: DiscardJudgement | None = None
        self.choose(name)

    def choose(self, name: str) -> TablePosition:
        """Switch to the named position (the pick is cleared)."""
        self.position = preset_position(name, rules=self.rules)
        self.name = name
        self.judgement = None
        if self.winner == self.position.seat:
            self.winner = self.position.seat.next()
        return self.position

    @property
    def opponents(self) -> tuple[Seat, ...]:
        return tuple(s for s in SEATS if s != self.position.seat)

    def pick(self, tile: Tile | str) -> DiscardJudgement:
        self.judgement = self.position.judge(tile)
        return self.judgement

    def cost(self) -> LiabilityCost:
        """The imagined win on the discard, settled normally and with the learner liable."""
        return self.position.liability_cost(winner=self.winner, totals=self.totals)

    def __str__(self) -> str:
        rows = [f"{self.name}: {self.position.stage_text()}"]
        if self.judgement is not None:
            rows.append(str(self.judgement))
        return "\n".join(rows)
