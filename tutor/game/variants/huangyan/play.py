"""Huangyan Reckoning at the table: the hooks that make one hand of play follow its rules.

What differs from the shared engine (the rule book, notebooks/rules/huangyan.md):

* Robbing the Kong is offered after an Open or an Added Kong, never a Concealed one. Only
  robbing an Added Kong scores the Robbing the Kong double; robbing an Open Kong is a win on the
  discard it claimed (the engine's outcome says so: a discard win from the original discarder),
  scored and settled as any discard win, liability included. Option
  ``robbing_open_kong_double``: both are Robbing the Kong.
* The Live Tile Stage begins when the live wall holds ``rules.live_tile_stage_threshold`` tiles
  or fewer (14; 30 counted with the Dead Wall's nominal 16) and is announced once as an event.
  Kong replacements come from the Dead Wall and never move it closer.
* A Live Tile is a kind nobody has discarded this hand; a kind once discarded (claimed or not)
  is safe for the rest of the hand; tiles shown only in a concealed or added kong stay Live.
* Liability: a win on a discard of a Live Tile made during the stage makes the discarder pay
  everything, unless every tile of the discarder's concealed hand at that moment was Live.
  Never on a self-draw or on Robbing the Kong.
* The settlement scores every hand (:mod:`tutor.variants.huangyan.scoring`) and reckons the two
  waves (:mod:`tutor.variants.huangyan.reckoning`); a Yellow Cliff draw pays nothing.

Single winner (the nearest in turn order), chow only by the next player and the last-discard
rule (only a Hu) are the shared engine's defaults.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tutor.core.hand import Hand, MeldKind
from tutor.core.tiles import KINDS, Tile, Wind
from tutor.core.variant import Variant
from tutor.errors import RulesError
from tutor.game.hooks import Hooks
from tutor.game.state import Event, HandState, Outcome, WinKind
from tutor.game.wall import DEAD_WALL
from tutor.i18n import Message, _, localize
from tutor.ledger import Ledger, Seat
from tutor.rulesets import apply
from tutor.variants.huangyan.reckoning import Reckoning, reckon, yellow_cliff
from tutor.variants.huangyan.rules import HUANGYAN_RULES, HuangyanRules
from tutor.variants.huangyan.scoring import score_non_winner, score_winner
from tutor.variants.huangyan.sheet import ScoreSheet, WinSituation

__all__ = ["STAGE", "DiscardNote", "HuangyanHooks", "HuangyanSettlement", "LiveTracker",
           "huangyan_rules", "make_hooks"]

STAGE = "Live Tile Stage"
SEATS = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)


def _title(seat: Seat) -> str:
    return seat.name.title()


# -- the ruleset from overrides ------------------------------------------------------------

def huangyan_rules(overrides: Mapping[str, Any] | None = None,
                   base: HuangyanRules = HUANGYAN_RULES) -> HuangyanRules:
    """``base`` with ``overrides`` applied (``{"name": value}``; text values are read like
    ``--rule name=value``). Raises :class:`RulesError` for an unknown name or a bad value."""
    if not overrides:
        return base
    rules = apply(base, overrides)
    if rules.dead_wall != DEAD_WALL[Variant.HUANGYAN]:
        raise RulesError(f"rule dead_wall={rules.dead_wall}: the play engine's wall keeps the "
                         f"the rule text's Dead Wall of {DEAD_WALL[Variant.HUANGYAN]} tiles")
    return rules


# -- per-hand tracking ---------------------------------------------------------------------

@dataclass(frozen=True)
class DiscardNote:
    """What the Live Tile rules make of one discard, decided at the moment it is made."""

    seat: Seat
    tile: Tile
    in_stage: bool  # made during the Live Tile Stage
    live: bool  # the tile was a Live Tile (nobody had discarded its kind this hand)
    all_live: bool  # every tile of the concealed hand (the discard included) was Live

    @property
    def liable(self) -> bool:
        """Whether a win on this discard makes its discarder liable."""
        return self.in_stage and self.live and not self.all_live

    def explain(self) -> str:
        """Why the discarder is liable or not (a message, shown in the learner's language)."""
        who, tile = Message(_title(self.seat)), str(self.tile)
        if not self.in_stage:
            return Message("{who}'s discard {tile} came before the Live Tile Stage: no "
                           "liability", who=who, tile=tile)
        if not self.live:
            return Message("{who}'s discard {tile} was safe (already discarded this hand): no "
                           "liability", who=who, tile=tile)
        if self.all_live:
            return Message("{who}'s discard {tile} was a Live Tile, but every tile of {who}'s "
                           "concealed hand was Live (the exception): no liability", who=who,
                           tile=tile)
        return Message("{who} discarded the Live Tile {tile} during the Live Tile Stage while "
                       "holding a safe tile: {who} is liable", who=who, tile=tile)


@dataclass
class LiveTracker:
    """The hand's Live Tile bookkeeping: ``discarded[i]`` once kind ``i`` has been discarded."""

    discarded: list[bool] = field(default_factory=lambda: [False] * 34)
    stage_began: int | None = None  # live-wall tiles left when the stage was announced
    notes: list[DiscardNote] = field(default_factory=list)

    def is_live(self, tile: Tile) -> bool:
        return not self.discarded[tile.index]

    @property
    def live_tiles(self) -> tuple[Tile, ...]:
        return tuple(t for t in KINDS if not self.discarded[t.index])

    @property
    def last(self) -> DiscardNote | None:
        return self.notes[-1] if self.notes else None


# -- the settlement ------------------------------------------------------------------------

@dataclass(frozen=True)
class HuangyanSettlement:
    """A finished hand: every player's sheet, the liability finding and the reckoning."""

    outcome: Outcome
    reckoning: Reckoning
    sheets: dict[Seat, ScoreSheet] = field(default_factory=dict)
    liability: str = ""  # why the discarder is (or is not) liable; empty without a discard win

    @property
    def ledger(self) -> Ledger:
        return self.reckoning.ledger

    @property
    def winner(self) -> Seat | None:
        return self.reckoning.winner

    @property
    def liable(self) -> Seat | None:
        return self.reckoning.liable

    @property
    def totals(self) -> dict[Seat, int]:
        return {seat: sheet.total for seat, sheet in self.sheets.items()}

    def __str__(self) -> str:
        if self.winner is None:
            return f"{localize(self.outcome)}\n{self.reckoning}"
        rows = [localize(self.outcome)]
        rows += [str(self.sheets[seat]) for seat in SEATS]
        if self.liability:
            rows.append(_("liability: {why}").format(why=localize(self.liability)))
        rows.append(str(self.reckoning))
        return "\n".join(rows)

    def _repr_html_(self) -> str:
        sheets = "".join(self.sheets[seat]._repr_html_() for seat in SEATS if seat in self.sheets)
        liability = _("liability: {why}")
        why = (f"<p>{html.escape(liability.format(why=localize(self.liability)))}</p>"
               if self.liability else "")
        return (f"<div class='tutor-settlement'><p><b>{html.escape(localize(self.outcome))}</b></p>"
                f"{sheets}{why}{self.reckoning._repr_html_()}</div>")


# -- the hooks -----------------------------------------------------------------------------

class HuangyanHooks(Hooks):
    """Huangyan Reckoning's play rules on the shared engine (see the module doc)."""

    variant = Variant.HUANGYAN
    robbable = frozenset({MeldKind.OPEN_KONG, MeldKind.ADDED_KONG})
    multiple_winners = False
    kong_after_claim = False
    last_discard_win = True

    def __init__(self, rules: HuangyanRules = HUANGYAN_RULES) -> None:
        super().__init__(rules)
        self.rules: HuangyanRules = rules
        self.open_kong_rob_is_discard = not rules.robbing_open_kong_double

    def __repr__(self) -> str:
        return f"HuangyanHooks({self.rules!r})"

    # -- tracking ------------------------------------------------------------------------
    def new_tracker(self, state: HandState) -> LiveTracker:
        tracker = LiveTracker()
        self._check_stage(state, tracker)
        return tracker

    @staticmethod
    def tracker(state: HandState) -> LiveTracker:
        tracker = state.tracker
        assert isinstance(tracker, LiveTracker)
        return tracker

    def in_stage(self, state: HandState) -> bool:
        """Whether the live wall is down to the stage's threshold."""
        return state.wall.live <= self.rules.live_tile_stage_threshold

    def _check_stage(self, state: HandState, tracker: LiveTracker) -> None:
        if tracker.stage_began is None and self.in_stage(state):
            live = state.wall.live
            tracker.stage_began = live
            state.events.append(Event(None, STAGE, None, Message(
                "{live} live tiles left, {all} with the Dead Wall: discard only safe tiles",
                live=live, all=live + self.rules.dead_wall)))

    def on_draw(self, state: HandState, seat: Seat, tile: Tile, replacement: bool) -> None:
        if not replacement:  # replacements come from the Dead Wall: the stage does not move
            self._check_stage(state, self.tracker(state))

    def on_discard(self, state: HandState, seat: Seat, tile: Tile) -> None:
        tracker = self.tracker(state)
        counts = state.players[seat].counts  # the discard is already out of the hand
        live = tracker.is_live(tile)
        all_live = live and all(not tracker.discarded[i] for i, n in enumerate(counts) if n)
        tracker.notes.append(DiscardNote(seat, tile, self.in_stage(state), live, all_live))
        tracker.discarded[tile.index] = True

    def stage(self, state: HandState) -> str | None:
        if state.outcome is None and self.in_stage(state):
            return STAGE
        return None

    def live_tiles(self, state: HandState) -> tuple[Tile, ...]:
        """The kinds nobody has discarded this hand."""
        return self.tracker(state).live_tiles

    # -- the end of the hand ---------------------------------------------------------------
    def winning_hand(self, state: HandState, outcome: Outcome) -> Hand:
        """The winner's 14 tiles, the winning tile among the concealed ones."""
        player = state.players[outcome.winners[0]]
        hand = player.hand()
        if outcome.how is WinKind.SELF_DRAW:
            return hand
        assert outcome.tile is not None
        return hand.add(outcome.tile)

    def situation(self, outcome: Outcome) -> WinSituation:
        drawn = outcome.how is WinKind.SELF_DRAW
        return WinSituation(seat=outcome.winners[0], self_draw=drawn,
                            kong_draw=drawn and outcome.kong_draw,
                            robbing_the_kong=outcome.how is WinKind.ROBBING,
                            last_tile=outcome.last_tile and not outcome.kong_draw)

    def settle(self, state: HandState, outcome: Outcome) -> HuangyanSettlement:
        if not outcome.winners:
            return HuangyanSettlement(outcome, yellow_cliff())
        winner = outcome.winners[0]
        assert outcome.tile is not None
        rules = self.rules
        sheets = {winner: score_winner(self.winning_hand(state, outcome), outcome.tile,
                                       self.situation(outcome), rules=rules)}
        for seat in SEATS:
            if seat != winner:
                sheets[seat] = score_non_winner(state.players[seat].hand(), seat=seat,
                                                rules=rules)
        liable: Seat | None = None
        why = ""
        if outcome.how is WinKind.DISCARD:
            note = self.tracker(state).last
            assert note is not None and note.seat == outcome.discarder and note.tile == outcome.tile
            why = note.explain()
            if note.liable:
                liable = note.seat
        elif outcome.how is WinKind.ROBBING:
            why = Message("a win by Robbing the Kong is on no discard: no liability")
        ordered = {seat: sheets[seat] for seat in SEATS}
        result = reckon(winner=winner, totals=ordered, dealer=Wind.EAST, liable=liable,
                        rules=rules)
        return HuangyanSettlement(outcome, result, ordered, why)

    def hand_stats(self, state: HandState) -> dict[str, float]:
        """Per-hand numbers for ``tutor simulate``."""
        settlement = state.settlement
        tracker = self.tracker(state)
        out = {"liability": 0.0, "winner_total": 0.0, "draw": 0.0,
               "stage_reached": 1.0 if tracker.stage_began is not None else 0.0}
        if isinstance(settlement, HuangyanSettlement):
            if settlement.winner is None:
                out["draw"] = 1.0
            else:
                out["winner_total"] = float(settlement.sheets[settlement.winner].total)
                out["liability"] = 1.0 if settlement.liable is not None else 0.0
        return out


def make_hooks(overrides: Mapping[str, Any] | None = None) -> HuangyanHooks:
    """The play hooks with ruleset ``overrides`` (see :func:`huangyan_rules`)."""
    return HuangyanHooks(huangyan_rules(overrides))
