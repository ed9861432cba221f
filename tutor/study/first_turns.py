"""The first turns of a seeded hand, step by step, as one seat sees them.

The model behind the stepper of the lesson "How a hand is played": bots play a seeded hand of
any of the three games, and each step keeps the picture of the table
(:class:`~tutor.display.layout.TableScene`) from one seat's view and a caption saying what
happened. Step 0 is the wall built and broken, step 1 the deal, then one step per move.

What the seat could not see stays hidden: other players' draws ("West draws a tile"), their
concealed kongs, and their silent passes on a claim (a pass would tell that they could have
claimed), which are folded into the step before.

The captions are in the language of the moment the walk is made (:mod:`tutor.i18n`); the tile
codes stay in them, so the stepper can draw each one.

>>> walk = FirstTurns("huangyan", seed=5, seat="E", moves=4)
>>> len(walk), walk.step(1).caption.split(".")[0]
(6, 'The deal: each player has 13 tiles, the dealer 14')
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from tutor.core.tiles import Wind
from tutor.core.variant import Variant
from tutor.display.layout import TableScene
from tutor.errors import TutorError
from tutor.game.actions import ActionKind
from tutor.game.bots import make_bot
from tutor.game.state import Chance, Event, HandState
from tutor.game.variants import hooks_for
from tutor.game.view import event_kind
from tutor.i18n import N_, Message, _, join, localize, pmessage
from tutor.ledger import seat_name

__all__ = ["FirstTurns", "Step"]

# events nobody else may see: the tile of a draw, of a concealed kong; what a player could claim
_PRIVATE_TILE = {"draw", "replacement", "concealed kong"}
_PRIVATE = {"kong pass", "wins blocked", "pong blocked", "pass"}
_SKIP = {"dice", "deal", "open kong"}  # told elsewhere (the open kong by its claim)
#: what a seat did, the tile shown: ``{tile}`` is `` 3m`` (or empty), ``{note}`` whom it was from
_VERBS = {"discard": N_("{seat} discards{tile}."), "chow": N_("{seat} chows{tile}{note}."),
          "pong": N_("{seat} pongs{tile}{note}."),
          "open-kong": N_("{seat} claims a kong of{tile}{note}."),
          "added kong": N_("{seat} adds a kong of{tile}."),
          "concealed kong": N_("{seat} declares a concealed kong of{tile}."),
          "draw": N_("{seat} draws{tile}."),
          "replacement": N_("{seat} draws a replacement:{tile}."),
          "pass": N_("{seat} passes{tile}.")}
#: what another seat did, the tile hidden
_HIDDEN = {"draw": N_("{seat} draws a tile."),
           "replacement": N_("{seat} draws a replacement tile."),
           "concealed kong": N_("{seat} declares a concealed kong (face down).")}
#: the claims a seat may make, as the caption names them
_CHOICES = {"chow": pmessage("may claim", "chow"), "pong": pmessage("may claim", "pong"),
            "kong": pmessage("may claim", "kong"), "win": pmessage("may claim", "win"),
            "rob it": pmessage("may claim", "rob it")}


@dataclass(frozen=True)
class Step:
    """One step: its number, what happened (as the viewer may know it) and the picture."""

    number: int
    caption: str
    scene: TableScene

    def __str__(self) -> str:
        return _("step {number}: {caption}").format(number=self.number, caption=self.caption)


def _who(seat: Wind, viewer: Wind) -> str:
    return Message("{seat} (you)", seat=seat_name(seat)) if seat == viewer else seat_name(seat)


def _sentences(texts: Sequence[str]) -> str:
    """Sentences one after another: a space after an English one, none after a Chinese one."""
    out = ""
    for text in texts:
        out += ("" if not out or out.endswith("。") else " ") + text
    return out


def describe(event: Event, viewer: Wind) -> str:
    """One event as a sentence the viewer may read ("" when the viewer cannot know it): a
    :class:`~tutor.i18n.Message`, translated when shown."""
    kind = event.kind
    if kind in _SKIP:
        return ""
    if kind == "window":  # who may claim is private: only the viewer's own choice is told
        for part in event.note.split(", "):
            name, _, kinds = part.partition(": ")
            if name == viewer.name.title():
                words = (k.replace("open-kong", "kong").replace("rob", "rob it")
                         for k in kinds.split("/"))
                choices = join(Message(" or "), (_CHOICES.get(w, w) for w in words))
                return Message("{seat} (you) may {choices} on {tile}, or pass.",
                               seat=seat_name(viewer), choices=choices, tile=str(event.tile))
        return ""
    seat = event.seat
    if seat is None:
        if kind == "end":
            return Message("The hand is over: {note}.", note=event.note)
        note = Message(": {note}", note=event.note) if event.note else ""
        return Message("{kind}{note}.", kind=event_kind(kind), note=note)
    mine = seat == viewer
    who = _who(seat, viewer)
    if kind in _PRIVATE and not mine:
        return ""
    if kind == "end":
        return Message("The hand is over: {note}.", note=event.note)
    if kind in _PRIVATE_TILE and not mine:
        return Message(_HIDDEN[kind], seat=who)
    verb = _VERBS.get(kind)
    tile = f" {event.tile}" if event.tile is not None else ""
    if verb is None:
        note = Message(" ({note})", note=event.note) if event.note else ""
        return Message("{seat}: {kind}{tile}{note}.", seat=who, kind=event_kind(kind),
                       tile=tile, note=note)
    note = (Message(" {note}", note=event.note)
            if event.note and kind in ("chow", "pong", "open-kong") else "")
    return Message(verb, seat=who, tile=tile, note=note)


class FirstTurns:
    """``FirstTurns("huangyan", seed=5, seat="S", moves=12)``: the wall, the deal and the first
    ``moves`` moves the seat can see, played by bots."""

    def __init__(self, variant: Variant | str = Variant.HUANGYAN, *, seed: int = 5,
                 seat: Wind | str = Wind.EAST, moves: int = 12,
                 bots: Sequence[str] = ("sensible",)) -> None:
        if moves < 0 or moves > 200:
            raise TutorError(Message("moves must be 0 to 200, not {n}", n=moves))
        self.variant = Variant.parse(variant)
        self.seed = seed
        self.seat = seat if isinstance(seat, Wind) else Wind.parse(seat)
        self.moves = moves
        self.bots = tuple(bots)
        self.steps = self._play()

    def _play(self) -> tuple[Step, ...]:
        chance = Chance.roll(self.variant, random.Random(self.seed))
        state = HandState(hooks_for(self.variant), chance)
        a, b = chance.dice
        start = (Message("The wall is built and broken. The dealer (East) rolled {a} and {b}: "
                         "dealing starts at the break, and the tiles just behind it are the dead "
                         "wall.", a=a, b=b) if state.wall.dead else
                 Message("The wall is built and broken. The dealer (East) rolled {a} and {b}: "
                         "dealing starts at the break, and the tiles just behind it are the end "
                         "of the wall.", a=a, b=b))
        steps = [Step(0, localize(start),
                      TableScene.before_deal(self.variant, chance, viewer=self.seat))]
        each = state.players[Wind.SOUTH].concealed_count
        dealer = state.players[Wind.EAST].concealed_count
        deal = Message("The deal: each player has {each} tiles, the dealer {dealer}. You sit "
                       "{seat} and see only your own tiles.", each=each, dealer=dealer,
                       seat=seat_name(self.seat))
        steps.append(Step(1, localize(deal),
                          TableScene.from_state(state, self.seat)))
        players = {s: make_bot(self.bots[i % len(self.bots)], self.seed * 4 + i)
                   for i, s in enumerate(state.players)}
        seen = len(state.events)
        while len(steps) < self.moves + 2 and not state.is_terminal():
            actor = state.current_actor()
            assert actor is not None
            action = players[actor].choose(state.view(actor))
            state.apply(action)
            words = [localize(w) for w in (describe(e, self.seat) for e in state.events[seen:])
                     if w]
            seen = len(state.events)
            scene = TableScene.from_state(state, self.seat)
            hidden = action.kind is ActionKind.PASS and actor != self.seat
            if hidden:  # the viewer cannot know about the pass: fold it into the step before
                last = steps[-1]
                caption = _sentences([last.caption, *words])
                steps[-1] = Step(last.number, caption, scene)
                continue
            steps.append(Step(len(steps), _sentences(words) or _("(nothing the table can see)"),
                              scene))
        return tuple(steps)

    def __len__(self) -> int:
        return len(self.steps)

    def step(self, number: int) -> Step:
        if not 0 <= number < len(self.steps):
            raise TutorError(Message("step {n} does not exist (0 to {last})", n=number,
                                     last=len(self.steps) - 1))
        return self.steps[number]

    def __str__(self) -> str:
        head = _("{game}, random seed {seed}, {seat}'s view: {n} steps").format(
            game=localize(self.variant.title), seed=self.seed,
            seat=localize(seat_name(self.seat)), n=len(self))
        return "\n".join([head, *(str(s) for s in self.steps)])

    def __repr__(self) -> str:
        return (f"FirstTurns({self.variant.value!r}, seed={self.seed}, "
                f"seat={self.seat.letter!r}, moves={self.moves})")
