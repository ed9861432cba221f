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

from tutor.coach import Decision, DecisionKind, Recommendation, advise
from tutor.core.tiles import Tile, Wind
from tutor.core.variant import Variant
from tutor.errors import IllegalActionError
from tutor.game.actions import Action, ActionKind
from tutor.game.bots import make_bot
from tutor.game.state import HandState
from tutor.game.variants import hooks_for
from tutor.game.view import PlayerView, move_words, seat_log
from tutor.i18n import _, language, localize
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
        self._advice: tuple[int, HandState, Recommendation] | None = None
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
            raise IllegalActionError(_("it is not your turn") if not self.finished
                                     else _("the hand is over: deal a new one"))
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
            raise IllegalActionError(_("no take-backs in this game (it is not a practice game)"))
        history = self.state.history
        mine = [i for i, (seat, _) in enumerate(history) if seat == self.seat]
        if not mine:
            raise IllegalActionError(_("nothing to take back: you have not moved yet"))
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
        return [localize(line) for line in seat_log(self.state.events, self.seat)[-last:]]

    def picture(self) -> TablePicture:
        """The table from the learner's chair; every hand face up once the hand is over."""
        roles = {s: "bot" for s in self.bots}
        roles[self.seat] = "you"
        return table_picture(self.state, self.seat, reveal=self.finished, roles=roles)

    def result(self) -> str | None:
        """The finished hand's outcome and settlement, or None while it is being played."""
        if not self.finished:
            return None
        outcome = localize(self.state.outcome)
        settlement = self.state.settlement
        if settlement is None:
            return outcome
        text = localize(settlement)
        return text if text.startswith(outcome) else f"{outcome}\n{text}"

    def recommendation(self) -> Recommendation | None:
        """The coach's judgement of the learner's position (:func:`tutor.coach.advise`):
        the move it recommends and why; None when the learner is not to act. Both the hint's
        text and its highlighted move come from it: the table and the review speak with one
        voice."""
        if self.finished or not self.to_act:
            return None
        key = len(self.state.history)
        cached = self._advice
        if cached is None or cached[0] != key or cached[1] is not self.state:
            cached = self._advice = (key, self.state, advise(self.state, self.seat))
        return cached[2]

    def hint(self) -> str:
        """The coach's advice for the learner's position: the move it recommends, its reason,
        and the facts it weighed (distance from ready, useful tiles, Live Tiles)."""
        if self.finished:
            return _("The hand is over.")
        found = self.recommendation()
        if found is None:
            return _("Wait for your turn.")
        view = self.view()
        lines = [_("Coach's move: {move}.").format(move=localize(move_words(found.action))),
                 localize(found.reason)]
        d = found.decision
        if d is not None and d.kind is DecisionKind.DISCARD:
            lines += _discard_facts(d)
        if view.stage is not None and any(a.kind is ActionKind.DISCARD for a in view.legal):
            seen = view.discarded_kinds()
            hand = view.hand
            live = sorted({t for t in hand.concealed if t not in seen})
            safe = sorted({t for t in hand.concealed if t in seen})
            lines.append(_("{stage}: Live (never discarded) in your hand: {live}; safe: "
                           "{safe}.").format(stage=localize(view.stage),
                                             live=" ".join(map(str, live)) or _("none"),
                                             safe=" ".join(map(str, safe)) or _("none")))
        return "\n".join(lines)

    def advice(self) -> Advice:
        """The hint's suggestion: the coach's move and the tiles to highlight (empty when
        the learner is not to act)."""
        found = self.recommendation()
        if found is None:
            return Advice()
        action = found.action
        if action.kind in (ActionKind.CHOW, ActionKind.PONG, ActionKind.OPEN_KONG):
            return Advice(_claim_tiles(action), str(action))
        if action.kind in (ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG):
            assert action.tile is not None
            return Advice((action.tile,), str(action))
        return Advice((action.tile,) if action.tile is not None else (), str(action))

    def __repr__(self) -> str:
        who = "your turn" if self.to_act else "finished" if self.finished else "waiting"
        return (f"PlayTable({self.variant.value}, seed {self.seed}, you are "
                f"{self.seat.name.title()}: {who})")

    def __str__(self) -> str:
        """The repr in English; in another language, the same facts in its words."""
        if language() == "en":
            return repr(self)
        from tutor.ledger import seat_name

        who = (_("your turn") if self.to_act else _("finished") if self.finished
               else _("waiting"))
        return _("PlayTable({game}, seed {seed}, you are {seat}: {state})").format(
            game=localize(self.variant.title), seed=self.seed,
            seat=localize(seat_name(self.seat)), state=who)


def _discard_facts(d: Decision) -> list[str]:
    """The efficiency facts behind a discard decision: the hand's distance from ready, and
    the coach's discard with the next best ones (their useful tiles left)."""
    best = d.preferred
    lines = []
    shanten = min((o.shanten for o in d.options if o.shanten is not None), default=None)
    if shanten is not None and shanten >= 0:
        lines.append(_("Your hand is {n} from ready (shanten) after the best "
                       "discards.").format(n=shanten))
    others = [o for o in d.options if o is not best][:2]
    for o in (best, *others):
        if o.tile is None:
            continue
        tiles = " ".join(str(t) for t in o.improving) or _("none")
        lines.append(_("Discard {tile}: shanten {shanten} after it, {useful} useful tiles left "
                       "({tiles}).").format(tile=o.tile, shanten=o.shanten, useful=o.useful,
                                            tiles=tiles))
    return lines


def _claim_tiles(action: Action) -> tuple[Tile, ...]:
    tile = action.tile
    assert tile is not None
    if action.kind is ActionKind.CHOW:
        return tuple(Tile(tile.index + i) for i in range(3))
    return (tile,) * (4 if action.kind is ActionKind.OPEN_KONG else 3)
