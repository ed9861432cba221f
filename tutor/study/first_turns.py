"""The first turns of a seeded hand, step by step, as one seat sees them.

The model behind the stepper of the lesson "How a hand is played": bots play a seeded hand of
any of the three games, and each step keeps the picture of the table
(:class:`~tutor.display.layout.TableScene`) from one seat's view and a caption saying what
happened. Step 0 is the wall built and broken, step 1 the deal, then one step per move.

What the seat could not see stays hidden: other players' draws ("West draws a tile"), their
concealed kongs, and their silent passes on a claim (a pass would tell that they could have
claimed), which are folded into the step before.

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

__all__ = ["FirstTurns", "Step"]

# events nobody else may see: the tile of a draw, of a concealed kong; what a player could claim
_PRIVATE_TILE = {"draw", "replacement", "concealed kong"}
_PRIVATE = {"kong pass", "wins blocked", "pong blocked", "pass"}
_SKIP = {"dice", "deal", "open kong"}  # told elsewhere (the open kong by its claim)
_VERBS = {"discard": "discards", "chow": "chows", "pong": "pongs", "open-kong": "claims a kong of",
          "added kong": "adds a kong of", "concealed kong": "declares a concealed kong of",
          "draw": "draws", "replacement": "draws a replacement:", "pass": "passes"}


@dataclass(frozen=True)
class Step:
    """One step: its number, what happened (as the viewer may know it) and the picture."""

    number: int
    caption: str
    scene: TableScene

    def __str__(self) -> str:
        return f"step {self.number}: {self.caption}"


def _who(seat: Wind, viewer: Wind) -> str:
    return seat.name.title() + (" (you)" if seat == viewer else "")


def describe(event: Event, viewer: Wind) -> str:
    """One event as a sentence the viewer may read ("" when the viewer cannot know it)."""
    kind = event.kind
    if kind in _SKIP:
        return ""
    if kind == "window":  # who may claim is private: only the viewer's own choice is told
        for part in event.note.split(", "):
            name, _, kinds = part.partition(": ")
            if name == viewer.name.title():
                choices = " or ".join(k.replace("open-kong", "kong").replace("rob", "rob it")
                                      for k in kinds.split("/"))
                return f"{name} (you) may {choices} on {event.tile}, or pass."
        return ""
    seat = event.seat
    if seat is None:
        note = f": {event.note}" if event.note else ""
        return f"{kind}{note}." if kind != "end" else f"The hand is over: {event.note}."
    mine = seat == viewer
    who = _who(seat, viewer)
    if kind in _PRIVATE and not mine:
        return ""
    if kind == "end":
        return f"The hand is over: {event.note}."
    if kind in _PRIVATE_TILE and not mine:
        what = {"draw": "draws a tile", "replacement": "draws a replacement tile",
                "concealed kong": "declares a concealed kong (face down)"}[kind]
        return f"{who} {what}."
    verb = _VERBS.get(kind)
    tile = f" {event.tile}" if event.tile is not None else ""
    if verb is None:
        note = f" ({event.note})" if event.note else ""
        return f"{who}: {kind}{tile}{note}."
    note = f" {event.note}" if event.note and kind in ("chow", "pong", "open-kong") else ""
    return f"{who} {verb}{tile}{note}."


class FirstTurns:
    """``FirstTurns("huangyan", seed=5, seat="S", moves=12)``: the wall, the deal and the first
    ``moves`` moves the seat can see, played by bots."""

    def __init__(self, variant: Variant | str = Variant.HUANGYAN, *, seed: int = 5,
                 seat: Wind | str = Wind.EAST, moves: int = 12,
                 bots: Sequence[str] = ("sensible",)) -> None:
        if moves < 0 or moves > 200:
            raise TutorError(f"moves must be 0 to 200, not {moves}")
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
        steps = [Step(0, f"The wall is built and broken. The dealer (East) rolled {a} and {b}: "
                         f"dealing starts at the break, and the tiles just behind it are the "
                         f"{'dead wall' if state.wall.dead else 'end of the wall'}.",
                      TableScene.before_deal(self.variant, chance, viewer=self.seat))]
        each = state.players[Wind.SOUTH].concealed_count
        dealer = state.players[Wind.EAST].concealed_count
        steps.append(Step(1, f"The deal: each player has {each} tiles, the dealer {dealer}. "
                             f"You sit {self.seat.name.title()} and see only your own tiles.",
                          TableScene.from_state(state, self.seat)))
        players = {s: make_bot(self.bots[i % len(self.bots)], self.seed * 4 + i)
                   for i, s in enumerate(state.players)}
        seen = len(state.events)
        while len(steps) < self.moves + 2 and not state.is_terminal():
            actor = state.current_actor()
            assert actor is not None
            action = players[actor].choose(state.view(actor))
            state.apply(action)
            words = [w for w in (describe(e, self.seat) for e in state.events[seen:]) if w]
            seen = len(state.events)
            scene = TableScene.from_state(state, self.seat)
            hidden = action.kind is ActionKind.PASS and actor != self.seat
            if hidden:  # the viewer cannot know about the pass: fold it into the step before
                last = steps[-1]
                caption = " ".join([last.caption, *words])
                steps[-1] = Step(last.number, caption, scene)
                continue
            steps.append(Step(len(steps), " ".join(words) or "(nothing the table can see)",
                              scene))
        return tuple(steps)

    def __len__(self) -> int:
        return len(self.steps)

    def step(self, number: int) -> Step:
        if not 0 <= number < len(self.steps):
            raise TutorError(f"step {number} does not exist (0 to {len(self.steps) - 1})")
        return self.steps[number]

    def __str__(self) -> str:
        head = (f"{self.variant.title}, random seed {self.seed}, "
                f"{self.seat.name.title()}'s view: {len(self)} steps")
        return "\n".join([head, *(str(s) for s in self.steps)])

    def __repr__(self) -> str:
        return (f"FirstTurns({self.variant.value!r}, seed={self.seed}, "
                f"seat={self.seat.letter!r}, moves={self.moves})")
