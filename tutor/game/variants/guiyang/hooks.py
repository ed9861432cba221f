"""Guiyang Chicken play rules as :class:`~tutor.game.hooks.Hooks`.

What the shared engine does already for Guiyang (checked by the tests): no chows
(``Variant.allows_chow``), a win beating a pong or kong, the single wall with kong replacements
from its far end and the hand drawn when no tile is left. What this module adds:

* several players may win on one discard (``multiple_winners``);
* only an added kong can be robbed (``robbable``);
* the kong pass: a plain-pattern win on a discard needs a kong (a "bean") of the winner's own
  this hand; self-draws, higher patterns, hot discards and robbed kongs need none;
* hot discards (热炮): the discard a player makes right after their own kong and its replacement
  draw;
* declining a win on a discard, also by claiming a pong or kong instead, blocks discard wins
  until the player's next draw; robbing a kong is not a discard win: a declined discard win
  does not block robbing, and declining to rob blocks nothing;
* passing on a pong blocks ponging that tile kind until the player's next draw;
* the settlement (:func:`~tutor.variants.guiyang.settle`) of the described final state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tutor.core.hand import Meld, MeldKind
from tutor.core.tiles import Tile
from tutor.core.variant import Variant
from tutor.game.actions import Action, ActionKind
from tutor.game.hooks import Hooks
from tutor.game.state import Event
from tutor.game.view import event_kind
from tutor.i18n import Message
from tutor.rulesets import apply
from tutor.variants.guiyang import (
    GUIYANG_RULES,
    GuiyangRules,
    Pattern,
    Settlement,
    pattern_of,
    settle,
)
from tutor.variants.guiyang import WinKind as HowWon

if TYPE_CHECKING:
    from tutor.game.state import HandState, Outcome
    from tutor.ledger import Seat

__all__ = ["GuiyangHooks", "GuiyangTracker", "make_hooks", "make_rules"]


@dataclass
class GuiyangTracker:
    """What one Guiyang hand remembers beyond the shared state.

    ``discards``: every discard in the order made, as ``[seat, tile, claimed_by]``;
    ``after_kong``: seats whose last tile was a kong replacement (their next discard is hot);
    ``hot``: the seat whose latest discard is hot, if it is; ``win_blocked``: seats that declined
    a discard win and may not win on a discard until their next draw (robbing a kong stays
    open to them); ``pong_blocked``: per seat, the
    kinds it passed a pong on since its last draw; ``win_offered``: seats offered a win on the
    current discard (to notice a pong chosen over a win)."""

    discards: list[tuple[Seat, Tile]] = field(default_factory=list)
    claimed_by: dict[int, Seat] = field(default_factory=dict)
    after_kong: set[Seat] = field(default_factory=set)
    hot: Seat | None = None
    win_blocked: set[Seat] = field(default_factory=set)
    pong_blocked: dict[Seat, set[Tile]] = field(default_factory=dict)
    win_offered: set[Seat] = field(default_factory=set)


def make_rules(overrides: Mapping[str, Any] | None = None) -> GuiyangRules:
    """:data:`GUIYANG_RULES` with ``overrides`` (``{"name": value}``; text values are read as the
    field's type, as ``--rule name=value`` is)."""
    return apply(GUIYANG_RULES, overrides or {})


def make_hooks(overrides: Mapping[str, Any] | None = None) -> GuiyangHooks:
    """The Guiyang play hooks with ruleset ``overrides`` (see :func:`make_rules`)."""
    return GuiyangHooks(make_rules(overrides))


def _tracker(state: HandState) -> GuiyangTracker:
    tracker = state.tracker
    assert isinstance(tracker, GuiyangTracker)
    return tracker


def has_kong(melds: list[Meld] | tuple[Meld, ...]) -> bool:
    return any(m.kind.is_kong for m in melds)


class GuiyangHooks(Hooks):
    """The rules of play of Guiyang Chicken mahjong; ``rules`` is a :class:`GuiyangRules`."""

    variant = Variant.GUIYANG
    robbable = frozenset({MeldKind.ADDED_KONG})
    multiple_winners = True
    kong_after_claim = False
    last_discard_win = True

    rules: GuiyangRules

    def __init__(self, rules: GuiyangRules = GUIYANG_RULES) -> None:
        super().__init__(rules)

    def __repr__(self) -> str:
        return f"GuiyangHooks({self.rules!r})"

    # -- bookkeeping ----------------------------------------------------------------------
    def new_tracker(self, state: HandState) -> GuiyangTracker:
        return GuiyangTracker()

    def on_draw(self, state: HandState, seat: Seat, tile: Tile, replacement: bool) -> None:
        tracker = _tracker(state)
        tracker.win_blocked.discard(seat)
        tracker.pong_blocked.pop(seat, None)
        if replacement:
            tracker.after_kong.add(seat)
        else:
            tracker.after_kong.discard(seat)

    def on_discard(self, state: HandState, seat: Seat, tile: Tile) -> None:
        tracker = _tracker(state)
        tracker.discards.append((seat, tile))
        tracker.win_offered.clear()
        tracker.hot = seat if seat in tracker.after_kong else None
        tracker.after_kong.discard(seat)
        if tracker.hot is not None:
            state.events.append(Event(seat, "hot discard", tile, Message(
                "made right after a kong: a win on it is a hot discard (热炮)")))

    def on_claim(self, state: HandState, seat: Seat, action: Action, source: Seat) -> None:
        tracker = _tracker(state)
        index = len(tracker.discards) - 1  # only the latest discard can be claimed
        assert tracker.discards[index][0] == source
        tracker.claimed_by[index] = seat
        tracker.after_kong.discard(seat)
        if seat in tracker.win_offered:
            self._block_wins(state, seat, Message("chose to {move} instead of winning",
                                                 move=event_kind(action.kind.value)))

    def on_pass(self, state: HandState, seat: Seat, offered: tuple[Action, ...]) -> None:
        tracker = _tracker(state)
        kinds = {a.kind for a in offered}
        if ActionKind.WIN in kinds:  # a discard win; declining to rob blocks nothing
            self._block_wins(state, seat, Message("declined a win"))
        for action in offered:
            if action.kind is ActionKind.PONG and action.tile is not None:
                tracker.pong_blocked.setdefault(seat, set()).add(action.tile)
                state.events.append(Event(seat, "pong blocked", action.tile, Message(
                    "passed on the pong: no pong of this tile until the next draw")))

    def _block_wins(self, state: HandState, seat: Seat, why: str) -> None:
        _tracker(state).win_blocked.add(seat)
        state.events.append(Event(seat, "wins blocked", None, Message(
            "{why}: no win on a discard until the next draw", why=why)))

    # -- what is legal --------------------------------------------------------------------
    def may_win_on_discard(self, state: HandState, seat: Seat, tile: Tile,
                           discarder: Seat) -> bool:
        """A win on ``discarder``'s discard, or on the tile of their added kong (robbing: not
        a discard win, so a block from a declined discard win does not apply)."""
        tracker = _tracker(state)
        robbing = bool(state.history) and state.history[-1][1].kind is ActionKind.ADDED_KONG
        if (seat in tracker.win_blocked and not robbing) or not self.is_complete(state, seat,
                                                                                  tile):
            return False
        if robbing or not self.kong_pass_refuses(state, seat, tile, discarder):
            if not robbing:
                tracker.win_offered.add(seat)
            return True
        state.events.append(Event(seat, "kong pass", tile, Message(
            "a plain win on a discard needs a kong of one's own this hand: not offered")))
        return False

    def kong_pass_refuses(self, state: HandState, seat: Seat, tile: Tile,
                          discarder: Seat) -> bool:
        """Whether the kong pass refuses ``seat``'s (complete) win on this discard: a plain
        pattern, no kong of the winner's own, and the discard is not hot."""
        if not self.rules.plain_discard_win_needs_kong:
            return False
        player = state.players[seat]
        if has_kong(player.melds) or _tracker(state).hot == discarder:
            return False
        result = pattern_of(player.hand().add(tile), self.rules, winning_tile=tile)
        return result.pattern is Pattern.PLAIN

    def may_claim_meld(self, state: HandState, seat: Seat, tile: Tile, discarder: Seat,
                       kind: ActionKind) -> bool:
        if kind is ActionKind.PONG and tile in _tracker(state).pong_blocked.get(seat, ()):
            return False
        return super().may_claim_meld(state, seat, tile, discarder, kind)

    # -- the end --------------------------------------------------------------------------
    def settle(self, state: HandState, outcome: Outcome) -> Settlement:
        from tutor.game.variants.guiyang.describe import describe

        return settle(describe(state, outcome), self.rules, details=state.settle_details)

    def hand_stats(self, state: HandState) -> dict[str, float]:
        """Per-hand figures for ``tutor simulate``: chicken, bean and win points moved, and
        whether the hand was a tenpai settlement, had several winners, a hot discard..."""
        settlement = state.settlement
        outcome = state.outcome
        assert isinstance(settlement, Settlement) and outcome is not None
        win = settlement.hand.win

        def points(*categories: str) -> float:
            return float(sum(p.amount for p in settlement.ledger if p.category in categories))

        return {
            "chicken points": points("chicken", "liability chicken"),
            "bean points": points("bean"),
            "win points": points("win"),
            "chicken tiles": float(sum(len(p.chickens) for p in settlement.players)),
            "kongs": float(sum(len(p.beans) for p in settlement.players)),
            "tenpai settlement": float(win is None and bool(
                settlement.ledger.where(category="tenpai"))),
            "multiple winners": float(len(outcome.winners) > 1),
            "hot discard": float(win is not None and win.kind is HowWon.HOT_DISCARD),
            "robbed kong": float(win is not None and win.kind is HowWon.ROBBED_KONG),
            "kong draw": float(win is not None and win.kind is HowWon.KONG_DRAW),
            "golden chickens": float(settlement.reveal is not None and settlement.reveal.golden),
        }
