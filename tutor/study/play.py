"""Play a hand against bots: the model behind the play-a-hand widget.

The learner sits at one seat and sees only that seat's view; bots play the others from their own
views. :meth:`PlayTable.hint` explains the position (waits, the best discards and their tiles
left, which tiles are Live in Huangyan's stage, what a claim would change), and the finished
hand's settlement is shown with every number explained.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tutor.core.hand import Hand, Meld
from tutor.core.tiles import Tile, Wind
from tutor.core.variant import Variant
from tutor.core.waits import efficiency, shanten, waits
from tutor.errors import HandError, IllegalActionError
from tutor.game.actions import Action, ActionKind
from tutor.game.bots import make_bot
from tutor.game.state import HandState
from tutor.game.variants import hooks_for
from tutor.game.view import PlayerView

__all__ = ["PlayTable"]

_HIDDEN_FROM_OTHERS = {"draw", "replacement", "concealed kong"}


class PlayTable:
    """One hand: the learner at ``seat``, bots elsewhere, everything seeded."""

    def __init__(self, variant: Variant | str = Variant.HUANGYAN, *, seed: int = 0,
                 seat: Wind | str = Wind.EAST, bots: Sequence[str] = ("sensible",),
                 overrides: dict[str, Any] | None = None) -> None:
        self.variant = Variant.parse(variant)
        self.seat = seat if isinstance(seat, Wind) else Wind.parse(seat)
        self.bot_names = tuple(bots)
        self.overrides = dict(overrides or {})
        self.new_hand(seed)

    def new_hand(self, seed: int) -> None:
        """Deal a new hand from ``seed`` and let the bots play up to the learner's turn."""
        self.seed = seed
        self.state = HandState.new(hooks_for(self.variant, self.overrides), seed=seed)
        others = [s for s in self.state.players if s != self.seat]
        self.bots = {s: make_bot(self.bot_names[i % len(self.bot_names)], seed * 4 + i)
                     for i, s in enumerate(others)}
        self.advance()

    # -- moves ----------------------------------------------------------------------------
    def advance(self) -> None:
        """Let the bots act until the learner must act or the hand is over."""
        state = self.state
        while not state.is_terminal():
            actor = state.current_actor()
            if actor is None or actor == self.seat:
                return
            state.apply(self.bots[actor].choose(state.view(actor)))

    @property
    def to_act(self) -> bool:
        return self.state.current_actor() == self.seat

    @property
    def finished(self) -> bool:
        return self.state.is_terminal()

    def legal(self) -> list[Action]:
        return self.state.legal_actions() if self.to_act else []

    def play(self, action: Action | str) -> None:
        """Make the learner's move (an Action or its text, e.g. ``"discard 3m"``)."""
        move = Action.parse(action) if isinstance(action, str) else action
        if not self.to_act:
            raise IllegalActionError("it is not your turn" if not self.finished
                                     else "the hand is over: deal a new one")
        self.state.apply(move)
        self.advance()

    # -- what the learner sees ------------------------------------------------------------
    def view(self) -> PlayerView:
        return self.state.view(self.seat)

    def log(self, last: int = 12) -> list[str]:
        """The latest events as the learner may see them (others' draws stay hidden)."""
        lines = []
        reveal = self.finished
        for event in self.state.events:
            if event.kind == "window":
                continue
            if (not reveal and event.seat is not None and event.seat != self.seat
                    and event.kind in _HIDDEN_FROM_OTHERS):
                lines.append(f"{event.seat.name.title()}: {event.kind}")
            else:
                lines.append(str(event))
        return lines[-last:]

    def result(self) -> str | None:
        """The finished hand's outcome and settlement, or None while it is being played."""
        if not self.finished:
            return None
        outcome = str(self.state.outcome)
        settlement = self.state.settlement
        if settlement is None:
            return outcome
        text = str(settlement)
        return text if text.startswith(outcome) else f"{outcome}\n{text}"

    def hint(self) -> str:
        """Advice for the learner's position: waits, discards, Live Tiles, claims."""
        if self.finished:
            return "The hand is over."
        if not self.to_act:
            return "Wait for your turn."
        view = self.view()
        legal = view.legal
        kinds = {a.kind for a in legal}
        lines = []
        for win in (ActionKind.SELF_DRAW, ActionKind.WIN, ActionKind.ROB,
                    ActionKind.SPECIAL_WIN):
            if win in kinds:
                lines.append(f"You can win now ({win.value}).")
        if ActionKind.DISCARD in kinds:
            lines += self._discard_hint(view)
        elif ActionKind.PASS in kinds and view.offer is not None:
            lines += self._claim_hint(view)
        return "\n".join(lines) or "Nothing to say: any move is as good."

    def _discard_hint(self, view: PlayerView) -> list[str]:
        lines: list[str] = []
        hand = view.hand
        if hand.size != 14:
            return lines
        try:
            eff = efficiency(hand, self.variant, view.visible())
        except HandError:
            eff = efficiency(hand, self.variant)
        allowed = {a.tile for a in view.legal if a.kind is ActionKind.DISCARD}
        options = [o for o in eff.options if o.discard in allowed]
        if eff.shanten >= 0:
            lines.append(f"Your hand is {eff.shanten} from ready (shanten).")
        for o in options[:3]:
            tiles = " ".join(str(t) for t in o.improving) or "none"
            lines.append(f"Discard {o.discard}: shanten {o.shanten} after it, "
                         f"{o.count} useful tiles left ({tiles}).")
        if view.stage is not None:
            seen = view.discarded_kinds()
            live = sorted({t for t in hand.concealed if t not in seen})
            safe = sorted({t for t in hand.concealed if t in seen})
            lines.append(f"{view.stage}: Live (never discarded) in your hand: "
                         f"{' '.join(map(str, live)) or 'none'}; safe: "
                         f"{' '.join(map(str, safe)) or 'none'}.")
        return lines

    def _claim_hint(self, view: PlayerView) -> list[str]:
        tile = view.offer
        assert tile is not None
        hand = view.hand
        lines: list[str] = []
        if hand.size == 13:
            now = shanten(hand, self.variant)
            lines.append(f"Your hand is {now} from ready; the offered tile is {tile}.")
            for action in view.legal:
                if action.kind in (ActionKind.PONG, ActionKind.CHOW):
                    lines.append(f"{action}: you would then discard and be "
                                 f"{self._after_claim(view, action)} from ready.")
            ready = waits(hand, self.variant)
            if ready.ready:
                lines.append("You are ready, waiting on " +
                             " ".join(str(t) for t in ready.waits) + ".")
        return lines

    def _after_claim(self, view: PlayerView, action: Action) -> int:
        tile = view.offer
        assert tile is not None and action.tile is not None
        hand = view.hand
        if action.kind is ActionKind.PONG:
            rest = hand.remove(tile).remove(tile)
            meld = Meld.pong(tile)
        else:
            lo = action.tile.index
            rest = hand
            for k in (lo, lo + 1, lo + 2):
                if k != tile.index:
                    rest = rest.remove(Tile(k))
            meld = Meld.chow(action.tile)
        claimed = Hand(rest.concealed, (*rest.melds, meld))
        return min(shanten(claimed.remove(t), self.variant) for t in set(claimed.concealed))

    def __repr__(self) -> str:
        who = "your turn" if self.to_act else "finished" if self.finished else "waiting"
        return (f"PlayTable({self.variant.value}, seed {self.seed}, you are "
                f"{self.seat.name.title()}: {who})")
