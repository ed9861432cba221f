"""Play a hand against bots: the model behind the play table.

The learner sits at one seat and sees only that seat's view (:meth:`PlayTable.picture`, built
by :func:`tutor.study.table.table_picture`; the log as that seat heard it); bots play the others
from their own views. :meth:`PlayTable.hint` explains the position (waits, the best discards
and their tiles left, which tiles are Live in Huangyan's stage, what a claim would change) and
:meth:`PlayTable.advice` names the tiles and the move to highlight. In a practice game
(the default) :meth:`PlayTable.take_back` undoes the learner's last decision: the hand is
replayed from its record without it and the bots' replies. The finished hand's settlement is
shown with every number explained.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
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
from tutor.game.view import PlayerView, seat_log
from tutor.study.table import TablePicture, table_picture

__all__ = ["Advice", "PlayTable"]


@dataclass(frozen=True)
class Advice:
    """What the hint suggests: the tiles to highlight and the move it would make (its text)."""

    tiles: tuple[Tile, ...] = ()
    action: str = ""


class PlayTable:
    """One hand: the learner at ``seat``, bots elsewhere, everything seeded."""

    def __init__(self, variant: Variant | str = Variant.HUANGYAN, *, seed: int = 0,
                 seat: Wind | str = Wind.EAST, bots: Sequence[str] = ("sensible",),
                 overrides: dict[str, Any] | None = None, practice: bool = True) -> None:
        self.variant = Variant.parse(variant)
        self.seat = seat if isinstance(seat, Wind) else Wind.parse(seat)
        self.bot_names = tuple(bots)
        self.overrides = dict(overrides or {})
        self.practice = practice
        self.new_hand(seed)

    def new_hand(self, seed: int) -> None:
        """Deal a new hand from ``seed`` and let the bots play up to the learner's turn."""
        self.seed = seed
        self.state = HandState.new(hooks_for(self.variant, self.overrides), seed=seed)
        self._make_bots()
        self.advance()

    def _make_bots(self) -> None:
        others = [s for s in self.state.players if s != self.seat]
        self.bots = {s: make_bot(self.bot_names[i % len(self.bot_names)], self.seed * 4 + i)
                     for i, s in enumerate(others)}

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

    @property
    def can_take_back(self) -> bool:
        """Whether :meth:`take_back` has a decision of the learner's to undo."""
        return self.practice and any(seat == self.seat for seat, _ in self.state.history)

    def take_back(self) -> Action:
        """Undo the learner's last decision (and the bots' replies to it): the hand is dealt
        again from its recorded chance and replayed up to that decision. Returns the move taken
        back. Only in practice games."""
        if not self.practice:
            raise IllegalActionError("no take-backs in this game (it is not a practice game)")
        history = self.state.history
        mine = [i for i, (seat, _) in enumerate(history) if seat == self.seat]
        if not mine:
            raise IllegalActionError("nothing to take back: you have not moved yet")
        last = mine[-1]
        state = HandState.new(self.state.hooks, chance=self.state.chance)
        for _seat, action in history[:last]:
            state.apply(action)
        self.state = state
        self._make_bots()
        return history[last][1]

    # -- what the learner sees ------------------------------------------------------------
    def view(self) -> PlayerView:
        return self.state.view(self.seat)

    def log(self, last: int = 12) -> list[str]:
        """The latest events as the learner heard them (:func:`~tutor.game.view.seat_log`):
        other players' draws without the tile, never their passes or blocked claims."""
        return seat_log(self.state.events, self.seat)[-last:]

    def picture(self) -> TablePicture:
        """The table from the learner's chair; every hand face up once the hand is over."""
        roles = {s: "bot" for s in self.bots}
        roles[self.seat] = "you"
        return table_picture(self.state, self.seat, reveal=self.finished, roles=roles)

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

    def advice(self) -> Advice:
        """The hint's suggestion: tiles to highlight and a move (empty when there is none)."""
        if self.finished or not self.to_act:
            return Advice()
        view = self.view()
        legal = view.legal
        for win in (ActionKind.SELF_DRAW, ActionKind.WIN, ActionKind.ROB,
                    ActionKind.SPECIAL_WIN):
            found = [a for a in legal if a.kind is win]
            if found:
                tile = found[0].tile
                return Advice((tile,) if tile is not None else (), str(found[0]))
        if any(a.kind is ActionKind.DISCARD for a in legal):
            best = self._best_discards(view)
            return Advice(best, f"discard {best[0]}" if best else "")
        if view.offer is not None and view.hand.size == 13:
            now = shanten(view.hand, self.variant)
            claims = [(self._after_claim(view, a), a) for a in legal
                      if a.kind in (ActionKind.PONG, ActionKind.CHOW)]
            better = sorted((n, str(a)) for n, a in claims if n < now)
            if better:
                action = next(a for a in legal if str(a) == better[0][1])
                return Advice(_claim_tiles(action), str(action))
            return Advice((), "pass")
        return Advice()

    def _efficiency(self, view: PlayerView) -> tuple[int, list[Any]]:
        """The hand's shanten and its allowed discards, best first (14 tiles; else -2, [])."""
        hand = view.hand
        if hand.size != 14:
            return -2, []
        try:
            eff = efficiency(hand, self.variant, view.visible())
        except HandError:
            eff = efficiency(hand, self.variant)
        allowed = {a.tile for a in view.legal if a.kind is ActionKind.DISCARD}
        return eff.shanten, [o for o in eff.options if o.discard in allowed]

    def _best_discards(self, view: PlayerView) -> tuple[Tile, ...]:
        _shanten, options = self._efficiency(view)
        if not options:
            allowed = [a.tile for a in view.legal if a.kind is ActionKind.DISCARD and a.tile]
            return tuple(allowed[:1])
        top = options[0]
        best = [o.discard for o in options if (o.shanten, o.count) == (top.shanten, top.count)]
        if view.stage is not None:  # in the Live Tile Stage, a safe discard first
            seen = view.discarded_kinds()
            safe = [t for t in best if t in seen] or [o.discard for o in options
                                                      if o.discard in seen][:1]
            if safe:
                return tuple(safe)
        return tuple(best)

    def _discard_hint(self, view: PlayerView) -> list[str]:
        lines: list[str] = []
        hand = view.hand
        if hand.size != 14:
            return lines
        eff_shanten, options = self._efficiency(view)
        if eff_shanten >= 0:
            lines.append(f"Your hand is {eff_shanten} from ready (shanten).")
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


def _claim_tiles(action: Action) -> tuple[Tile, ...]:
    tile = action.tile
    assert tile is not None
    if action.kind is ActionKind.CHOW:
        return tuple(Tile(tile.index + i) for i in range(3))
    return (tile,) * (4 if action.kind is ActionKind.OPEN_KONG else 3)
