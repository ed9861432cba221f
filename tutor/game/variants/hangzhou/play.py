"""Hangzhou during play: the hooks the shared state machine calls, and a hand's settlement.

What differs from the shared core (the rule book,
``notebooks/rules/hangzhou.md``):

* Self-draw only: no win on a discard, no robbing a kong (the core already offers no discard wins
  in Hangzhou; :meth:`HangzhouHooks.may_win_on_discard` says so too).
* The joker (白) is never called for a chow, pong or kong; at most two chows exposed.
* After any call a player may declare a concealed or added kong before discarding.
* The joker-discard restriction: after a joker is discarded the next three players in turn may
  not call; on their turn they must discard the tile they drew unless they use it at once for a
  concealed kong (the replacement is bound the same way) or a win. A joker discarded this way
  starts the restriction again for the three players after. A call by a player who is not bound
  skips the bound turns, which ends the restriction (the project's reading: the rule book
  speaks only of the bound players' own turns). Option ``joker_restriction_all_calls``: nobody
  calls while it runs (the rule text's "normal calling is suspended for the rest of that turn").
* The 20-tile dead wall, burn and replenish, and the final kongs with an unclaimable last
  discard are the shared wall's and state's (:mod:`tutor.game.wall`).
* The chain (the rule book): each player's kongs and joker discards since their last non-joker
  discard, fed into the score as After a gang / After a White Dragon Discard and the jokers
  counted for Three/Four White Dragons.
* Ten Honors Explosive Head: a special win offered on each draw once the player's discards are
  ten or more honors, none claimed, and the player made no call.
* The first-turn matching discards: when the first four discards (East, South, West, North)
  match, or three match and the fourth is a joker, the dealer rolls two dice and pays. The dice
  come from a generator seeded by the hand's recorded chance, so a replay rolls the same.
"""

from __future__ import annotations

import hashlib
import html
import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tutor.core.hand import Meld, MeldKind
from tutor.core.tiles import Tile, Wind
from tutor.core.variant import Variant
from tutor.errors import RulesError
from tutor.game.actions import DISCARDS, Action, ActionKind
from tutor.game.hooks import Hooks
from tutor.game.state import Event, WinKind
from tutor.game.variants.hangzhou.play_rules import PLAY, HangzhouPlay, hangzhou_rules
from tutor.i18n import Message, _, join, localize
from tutor.ledger import Ledger, Seat
from tutor.variants.hangzhou.rules import HANGZHOU, HangzhouRules
from tutor.variants.hangzhou.scoring import ScoreSheet, Situation, score
from tutor.variants.hangzhou.special import (
    Discard,
    FirstTurnPenalty,
    SpecialWin,
    first_turn_matching,
    ten_honors_explosive_head,
)

if TYPE_CHECKING:
    from tutor.game.state import Chance, HandState, Outcome, PlayerState

__all__ = ["JOKER", "HangzhouHooks", "HangzhouSettlement", "HangzhouTracker", "honor_run",
           "make_hooks", "penalty_dice"]

JOKER = Tile.parse("5z")
SEATS = (Wind.EAST, Wind.SOUTH, Wind.WEST, Wind.NORTH)


def _title(seat: Seat) -> str:
    return seat.name.title()


def penalty_dice(chance: Chance) -> tuple[int, int]:
    """The dealer's two dice for the first-turn penalty: drawn from a generator seeded by the
    hand's recorded chance (the shuffle and the opening dice), so a replay rolls the same."""
    text = " ".join(str(t) for t in chance.order) + f"|{chance.dice[0]}{chance.dice[1]}"
    rng = random.Random(int(hashlib.sha256(text.encode()).hexdigest()[:16], 16))
    return rng.randint(1, 6), rng.randint(1, 6)


def honor_run(player: PlayerState) -> int:
    """How many honor discards the player's Ten Honors state stands on: all their discards if
    every one is an honor (jokers included), none was claimed and they made no call (concealed
    kongs are not calls); 0 when the state is lost."""
    if any(m.kind is not MeldKind.CONCEALED_KONG for m in player.melds):
        return 0
    if any(player.taken) or not all(t.is_honor for t in player.discards):
        return 0
    return len(player.discards)


@dataclass
class HangzhouTracker:
    """What the hooks remember during a hand."""

    #: each player's chain: kongs and joker discards since their last non-joker discard
    chain_kongs: dict[Seat, int] = field(default_factory=lambda: dict.fromkeys(SEATS, 0))
    chain_jokers: dict[Seat, int] = field(default_factory=lambda: dict.fromkeys(SEATS, 0))
    #: players with a bound turn still to play after a joker discard, the next one first
    restricted: list[Seat] = field(default_factory=list)
    #: the first discards of the hand, in order, until there are four
    first: list[tuple[Seat, Tile]] = field(default_factory=list)
    first_turn: FirstTurnPenalty | None = None

    def bound(self, seat: Seat) -> bool:
        """Whether ``seat`` is playing a bound turn (only the first in line can be acting)."""
        return bool(self.restricted) and self.restricted[0] == seat


@dataclass(frozen=True)
class HangzhouSettlement:
    """A finished hand: how it ended, the sheet (a scored win or a Ten Honors special win), any
    first-turn penalty, and the hand's payments as if paid at once."""

    outcome: Outcome
    sheet: ScoreSheet | SpecialWin | None
    first_turn: FirstTurnPenalty | None
    ledger: Ledger

    @property
    def product(self) -> int:
        """The winner's multiplier product (0 for a drawn hand)."""
        return self.sheet.product if self.sheet is not None else 0

    @property
    def reason(self) -> str:
        """The rules behind the product, for the dealer's tally."""
        if isinstance(self.sheet, SpecialWin):
            return self.sheet.line.name
        if isinstance(self.sheet, ScoreSheet):
            return ", ".join(line.name for line in self.sheet.lines) or "no multiplier"
        return ""

    def as_dict(self) -> dict[str, object]:
        return {"outcome": str(self.outcome),
                "sheet": self.sheet.as_dict() if self.sheet is not None else None,
                "first_turn": self.first_turn.as_dict() if self.first_turn else None,
                "payments": self.ledger.as_dicts()}

    def __str__(self) -> str:
        out = [localize(self.outcome)]
        if self.first_turn is not None:
            out.append(str(self.first_turn))
        if self.sheet is not None:
            out.append(str(self.sheet))
        elif not self.ledger:
            out.append(_("no payments"))
        return "\n".join(out)

    def _repr_html_(self) -> str:
        parts = [f"<p><b>{html.escape(localize(self.outcome))}</b></p>"]
        if self.first_turn is not None:
            parts.append(self.first_turn._repr_html_())
        if self.sheet is not None:
            parts.append(self.sheet._repr_html_())
        heading = _("this hand's payments:")
        parts.append(f"<p>{html.escape(heading)}</p>{self.ledger._repr_html_()}")
        return "".join(parts)


class HangzhouHooks(Hooks):
    """Hangzhou's rules of play (see the module docstring)."""

    variant = Variant.HANGZHOU
    robbable: frozenset[MeldKind] = frozenset()
    multiple_winners = False
    kong_after_claim = True
    last_discard_win = False

    def __init__(self, rules: HangzhouRules = HANGZHOU, play: HangzhouPlay = PLAY, *,
                 hand_number: int | None = None) -> None:
        super().__init__(rules)
        self.rules: HangzhouRules = rules
        self.joker_fifth_copy = rules.joker_fifth_copy
        self.play = play
        self.hand_number = hand_number

    def __repr__(self) -> str:
        number = f", hand_number={self.hand_number}" if self.hand_number is not None else ""
        return f"HangzhouHooks({self.rules!r}, {self.play!r}{number})"

    # -- bookkeeping ----------------------------------------------------------------------
    def new_tracker(self, state: HandState) -> HangzhouTracker:
        return HangzhouTracker()

    @staticmethod
    def tracker(state: HandState) -> HangzhouTracker:
        tracker = state.tracker
        assert isinstance(tracker, HangzhouTracker)
        return tracker

    def on_draw(self, state: HandState, seat: Seat, tile: Tile, replacement: bool) -> None:
        tracker = self.tracker(state)
        if not replacement and tracker.restricted and tracker.restricted[0] != seat:
            tracker.restricted.clear()  # cannot happen: bound players never lose their turn
        if not replacement and honor_run(state.players[seat]) >= self.rules.ten_honors_count:
            state.events.append(Event(seat, "may declare Ten Honors Explosive Head", None,
                                      Message("{n} honor discards",
                                              n=len(state.players[seat].discards))))

    def on_discard(self, state: HandState, seat: Seat, tile: Tile) -> None:
        tracker = self.tracker(state)
        if len(tracker.first) < 4:
            tracker.first.append((seat, tile))
            if len(tracker.first) == 4:
                self._first_turn(state, tracker)
        if tracker.bound(seat):
            tracker.restricted.pop(0)
        if tile == JOKER:
            tracker.chain_jokers[seat] += 1
            n = self.play.joker_restriction_players
            tracker.restricted = [seat.next(i) for i in range(1, n + 1)]
            if n:
                names = join(", ", [Message(_title(s)) for s in tracker.restricted])
                state.events.append(Event(seat, "joker restriction", tile, Message(
                    "{names}: no calls; discard the tile drawn unless it makes a concealed "
                    "kong or a win", names=names)))
        else:
            tracker.chain_jokers[seat] = 0
            tracker.chain_kongs[seat] = 0

    def on_claim(self, state: HandState, seat: Seat, action: Action, source: Seat) -> None:
        tracker = self.tracker(state)
        if tracker.restricted:  # the bound turns were skipped: the restriction is over
            skipped = join(", ", [Message(_title(s)) for s in tracker.restricted])
            state.events.append(Event(seat, "joker restriction ends", None,
                                      Message("the call skips {seats}", seats=skipped)))
            tracker.restricted.clear()

    def on_kong(self, state: HandState, seat: Seat, meld: Meld) -> None:
        self.tracker(state).chain_kongs[seat] += 1

    def _first_turn(self, state: HandState, tracker: HangzhouTracker) -> None:
        seats = tuple(s for s, _ in tracker.first)
        if seats != SEATS:
            return
        tiles = [t for _, t in tracker.first]
        dice = penalty_dice(state.chance)
        penalty = first_turn_matching(tiles, dice, dealer=Wind.EAST, rules=self.rules,
                                      hand_number=self.hand_number)
        if not penalty.applies:
            return
        tracker.first_turn = penalty
        state.events.append(Event(Wind.EAST, "first-turn matching discards", None, Message(
            "dice {first}+{second}: the dealer pays {factor} x {dice} to each player",
            first=dice[0], second=dice[1], factor=penalty.factor, dice=penalty.dice)))

    # -- what is legal --------------------------------------------------------------------
    def may_win_on_discard(self, state: HandState, seat: Seat, tile: Tile,
                           discarder: Seat) -> bool:
        return False  # self-draw only (the original rule text, section 2)

    def may_claim_meld(self, state: HandState, seat: Seat, tile: Tile, discarder: Seat,
                       kind: ActionKind) -> bool:
        if tile == JOKER:
            return False
        restricted = self.tracker(state).restricted
        if restricted and (self.play.joker_restriction_all_calls or seat in restricted):
            return False
        if kind is ActionKind.CHOW:
            chows = sum(1 for m in state.players[seat].melds if m.kind is MeldKind.CHOW)
            return seat == discarder.next() and chows < self.play.max_chows
        return True

    def may_declare_kong(self, state: HandState, seat: Seat, kind: ActionKind,
                         tile: Tile) -> bool:
        if self.tracker(state).bound(seat):
            return kind is ActionKind.CONCEALED_KONG and tile == state.players[seat].drawn
        return True

    def may_discard(self, state: HandState, seat: Seat, tile: Tile) -> bool:
        if self.tracker(state).bound(seat):
            return tile == state.players[seat].drawn
        return True

    def discards(self, state: HandState, seat: Seat) -> list[Action]:
        """Every kind held, outside a bound turn (where :meth:`may_discard` allows all): the
        bound turn checked once instead of once per kind."""
        if (type(self).may_discard is HangzhouHooks.may_discard
                and not self.tracker(state).bound(seat)):
            return [DISCARDS[i] for i, n in enumerate(state.players[seat].counts) if n]
        return super().discards(state, seat)

    def extra_actions(self, state: HandState, seat: Seat) -> list[Action]:
        player = state.players[seat]
        if player.drawn is not None and honor_run(player) >= self.rules.ten_honors_count:
            return [Action(ActionKind.SPECIAL_WIN)]
        return []

    # -- the end --------------------------------------------------------------------------
    def situation(self, state: HandState, seat: Seat) -> Situation:
        """The winner's chain as the scoring sees it."""
        tracker = self.tracker(state)
        return Situation(winner=seat, dealer=Wind.EAST, kongs=tracker.chain_kongs[seat],
                         joker_discards=tracker.chain_jokers[seat],
                         hand_number=self.hand_number)

    def settle(self, state: HandState, outcome: Outcome) -> HangzhouSettlement:
        tracker = self.tracker(state)
        penalty = tracker.first_turn
        ledger = penalty.payments if penalty is not None else Ledger()
        sheet: ScoreSheet | SpecialWin | None = None
        if outcome.winners:
            seat = outcome.winners[0]
            player = state.players[seat]
            if outcome.how is WinKind.SELF_DRAW:
                assert outcome.tile is not None
                sheet = score(player.hand(), outcome.tile, self.situation(state, seat),
                              rules=self.rules)
            elif outcome.how is WinKind.SPECIAL:
                discards = [Discard(t, taken) for t, taken in zip(player.discards,
                                                                   player.taken, strict=True)]
                sheet = ten_honors_explosive_head(discards, claims=tuple(player.melds),
                                                  winner=seat, dealer=Wind.EAST,
                                                  rules=self.rules, hand_number=self.hand_number)
            else:
                raise RulesError(f"{outcome}: Hangzhou wins are self-drawn only")
            ledger = ledger + sheet.payments
        return HangzhouSettlement(outcome, sheet, penalty, ledger)

    def hand_stats(self, state: HandState) -> dict[str, float]:
        settlement = state.settlement
        assert isinstance(settlement, HangzhouSettlement)
        outcome = settlement.outcome
        stats = {"multiplier": float(settlement.product),
                 "draw": 0.0 if outcome.winners else 1.0,
                 "special win": 1.0 if outcome.how is WinKind.SPECIAL else 0.0,
                 "first-turn penalty": 1.0 if settlement.first_turn is not None else 0.0}
        if isinstance(settlement.sheet, ScoreSheet):
            s = settlement.sheet.situation
            stats["win after a gang"] = 1.0 if s.kongs else 0.0
            stats["win after a joker discard"] = 1.0 if s.joker_discards else 0.0
        return stats


def make_hooks(overrides: Mapping[str, Any] | None = None, *,
               hand_number: int | None = None) -> HangzhouHooks:
    """Hangzhou's play hooks with ruleset ``overrides`` (``{"name": value}``: fields of
    :class:`~tutor.variants.hangzhou.rules.HangzhouRules` or
    :class:`~tutor.game.variants.hangzhou.play_rules.HangzhouPlay`)."""
    rules, play = hangzhou_rules(overrides)
    return HangzhouHooks(rules, play, hand_number=hand_number)
