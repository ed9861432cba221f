"""A recorded hand, stepped through: the model behind the replay viewer.

:class:`Replay` reads a saved record (``tutor simulate --save``, one record or a list of them)
through the public record functions (:func:`tutor.game.record.replay` checks every move and the
final state), then shows the table at any step: step 0 is the deal, step ``n`` the table after
the first ``n`` moves (passes included; draws happen by themselves). The picture is every hand
face up (``seat=None``) or one seat's view, with the log as that seat heard it.

:meth:`Replay.go_to` jumps to a step, so a coach can point at a moment; a step's state is dealt
again from the recorded chance and played forward (a hand is a few hundred moves at most).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Any

from tutor.core.tiles import Wind
from tutor.game.record import RecordError, replay
from tutor.game.state import Event, HandState
from tutor.game.variants import hooks_for
from tutor.game.view import event_line, is_robbing_window, move_words
from tutor.i18n import Message, _, localize
from tutor.jsonfile import loads, read
from tutor.study.table import TablePicture, table_picture

__all__ = ["MAX_BYTES", "MAX_RECORDS", "Replay"]

#: the largest file the viewer reads, and the most records in it
MAX_BYTES = 5_000_000
MAX_RECORDS = 1_000


def _records(data: Any) -> list[dict[str, Any]]:
    items = data if isinstance(data, list) else [data]
    if not items:
        raise RecordError(Message("record file: the list of records is empty"))
    if len(items) > MAX_RECORDS:
        raise RecordError(Message("record file: {n} records; the viewer reads at most {most}",
                                  n=len(items), most=MAX_RECORDS))
    for number, item in enumerate(items):
        if not isinstance(item, dict):
            raise RecordError(Message("record file: item {n} should be a record (a JSON "
                                      "object), not {type}", n=number,
                                      type=type(item).__name__))
    return items


def _robbing_line(event: Event) -> str:
    return Message("Robbing window {tile}: {note}", tile=str(event.tile), note=event.note)


class Replay:
    """``Replay.from_text(text)`` or ``Replay.from_file(path)``; ``replay.go_to(12)``."""

    def __init__(self, data: Any, *, name: str = "") -> None:
        records = _records(data)
        self.name = name
        self.finals: list[HandState] = []
        for number, item in enumerate(records):
            try:
                self.finals.append(replay(item, hooks_for))
            except RecordError as exc:
                error = exc.args[0] if len(exc.args) == 1 else str(exc)
                raise RecordError(Message("hand {n}: {error}", n=number + 1, error=error)
                                  if len(records) > 1 else error) from None
        self.records = records
        self.hand = 0
        self.step = 0

    @classmethod
    def from_text(cls, text: str | bytes, *, name: str = "") -> Replay:
        """Read a record file's text (JSON: one record or a list)."""
        if len(text) > MAX_BYTES:
            raise RecordError(Message("record file: {n} bytes; the viewer reads at most {most}",
                                      n=f"{len(text):,}", most=f"{MAX_BYTES:,}"))
        if isinstance(text, bytes):
            try:
                text = text.decode("utf-8")
            except UnicodeDecodeError:
                raise RecordError(Message("record file: not UTF-8 text")) from None
        return cls(loads(text, Message("record file"), RecordError), name=name)

    @classmethod
    def from_file(cls, path: str | Path) -> Replay:
        return cls(read(path, RecordError, max_bytes=MAX_BYTES), name=Path(path).name)

    # -- which hand, which step -----------------------------------------------------------
    @property
    def final(self) -> HandState:
        return self.finals[self.hand]

    @property
    def steps(self) -> int:
        """The number of moves in the current hand (the last step)."""
        return len(self.final.history)

    def choose(self, hand: int) -> None:
        """Show hand number ``hand`` (0-based) of the file, from its deal."""
        if not 0 <= hand < len(self.finals):
            raise RecordError(Message("there is no hand {n} (the file has {count})", n=hand + 1,
                                      count=len(self.finals)))
        self.hand = hand
        self.step = 0

    def go_to(self, step: int) -> None:
        """Jump to ``step`` (clamped to the hand: 0 is the deal, :attr:`steps` the end)."""
        self.step = max(0, min(int(step), self.steps))

    def forward(self) -> None:
        self.go_to(self.step + 1)

    def back(self) -> None:
        self.go_to(self.step - 1)

    def state(self) -> HandState:
        """The table after :attr:`step` moves: dealt again from the recorded chance and played
        forward (a few milliseconds; the last step is the record's final state, not a copy:
        read it, do not change it)."""
        if self.step == self.steps:
            return self.final
        state = HandState.new(self.final.hooks, chance=self.final.chance)
        for _seat, action in self.final.history[:self.step]:
            state.apply(action)
        return state

    def move(self) -> str:
        """The move that led to this step (``"South: pong 3m"``), or the deal at step 0."""
        if self.step == 0:
            return Message("the deal")
        seat, action = self.final.history[self.step - 1]
        return Message("{seat}: {move}", seat=Message(seat.name.title()),
                       move=move_words(action))

    def picture(self, seat: Wind | str | None = None) -> TablePicture:
        """The table at this step: every hand face up, or ``seat``'s view. Face up, the log
        also shows each robbing window (who may rob the kong just declared), after the kong."""
        viewer = Wind.parse(seat) if isinstance(seat, str) else seat
        state = self.state()
        picture = table_picture(state, viewer, reveal=False, log=viewer is not None)
        if viewer is None:
            log = tuple(_robbing_line(e) if is_robbing_window(e) else event_line(e)
                        for e in state.events if e.kind != "window" or is_robbing_window(e))
            picture = dataclasses.replace(picture, log=log)
        return picture

    def titles(self) -> list[str]:
        """One line per hand of the file, for a chooser."""
        return [_("Hand {n}: {game}, {outcome}").format(
            n=i + 1, game=localize(final.variant.title), outcome=localize(final.outcome))
                for i, final in enumerate(self.finals)]

    def __repr__(self) -> str:
        name = f"{self.name}: " if self.name else ""
        return (f"Replay({name}hand {self.hand + 1} of {len(self.finals)}, "
                f"{self.final.variant.value}, step {self.step} of {self.steps})")
