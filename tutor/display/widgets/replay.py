"""The replay viewer: a saved hand on the table, stepped forward and back or scrubbed.

A thin view over :class:`tutor.study.replay.Replay`. The main panel is the
:class:`~tutor.display.widgets.table.TableWidget` with the step buttons and a slider under it
and a choice of view: every hand face up, or one seat's view (the others face down, the log as
that seat heard it). The controls hold the file upload (a record saved by ``tutor simulate
--save``), the choice of hand in the file and Reset to the example. A file that is not a valid
record shows the reason and keeps the hand shown.

For a coach: :meth:`ReplayView.go_to` jumps to a step and :meth:`ReplayView.highlight` (the
table's :meth:`~tutor.display.widgets.table.TableWidget.highlight`) marks tiles.

CSS classes for browser tests: ``tutor-replay`` (the frame), ``mt-table``, ``tutor-step-first``
/ ``tutor-step-back`` / ``tutor-step-forward`` / ``tutor-step-last``, ``tutor-step-slider``,
``tutor-step-label``, ``tutor-seat-view``, ``tutor-upload``, ``tutor-hand-choice``,
``tutor-reset``, ``tutor-replay-message``.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from tutor.core.notation import parse_tiles
from tutor.core.tiles import Tile, Wind
from tutor.display.svg import tiles_svg
from tutor.display.widgets.base import TutorView, error_html, message_html
from tutor.display.widgets.presenter import AppFrame
from tutor.display.widgets.table import TableWidget, result_html
from tutor.errors import TutorError
from tutor.study.replay import Replay

__all__ = ["ALL_HANDS", "ReplayView"]

#: the view choice that shows every hand face up (the others are seat letters)
ALL_HANDS = "all"
_VIEWS = [("every hand face up", ALL_HANDS), *((f"{w.name.title()}'s view", w.letter)
                                              for w in Wind)]


def _tiles_inline(text: str) -> str:
    """``text`` escaped, its tile codes (``3m``, ``chow 345p``) drawn as small tiles."""
    parts = []
    for word in text.split(" "):
        try:
            tiles = parse_tiles(word) if word[:1].isdigit() else ()
        except TutorError:
            tiles = ()
        parts.append(tiles_svg(tiles, size=20) if tiles else html.escape(word))
    return " ".join(parts)


def _button(label: str, css: str, tooltip: str) -> widgets.Button:
    button = widgets.Button(description=label, tooltip=tooltip,
                            layout=widgets.Layout(width="auto"))
    button.add_class(css)
    return button


class ReplayView(TutorView):
    """``ReplayView("notebooks/apps/example_hands.json")`` (a path, a :class:`Replay`, or a
    record's JSON text); ``projector=True`` opens it in projector mode."""

    def __init__(self, source: Replay | str | Path, *, hand: int = 0, step: int = 0,
                 seat: str = ALL_HANDS, projector: bool = False) -> None:
        self.replay = self._load(source)
        self._example = (self.replay, hand, step, seat)
        self._syncing = False
        self._results: dict[tuple[int, int], str] = {}
        self.widget = TableWidget(mode="replay")
        self.first = _button("« Deal", "tutor-step-first", "back to the deal")
        self.back_button = _button("◀ Back", "tutor-step-back", "one move back")
        self.forward_button = _button("Next ▶", "tutor-step-forward", "one move forward")
        self.last = _button("End »", "tutor-step-last", "to the end of the hand")
        self.first.on_click(lambda _b: self.go_to(0))
        self.back_button.on_click(lambda _b: self.back())
        self.forward_button.on_click(lambda _b: self.forward())
        self.last.on_click(lambda _b: self.go_to(self.replay.steps))
        self.slider = widgets.IntSlider(min=0, max=self.replay.steps, value=0,
                                        description="Move:", continuous_update=True,
                                        readout=False, layout=widgets.Layout(width="40%"))
        self.slider.add_class("tutor-step-slider")
        self.slider.observe(self._on_slider, names="value")
        self.step_label = widgets.HTML()
        self.step_label.add_class("tutor-step-label")
        self.seat_view = widgets.Dropdown(options=_VIEWS, value=seat, description="Show:",
                                           layout=widgets.Layout(width="auto"))
        self.seat_view.add_class("tutor-seat-view")
        self.seat_view.observe(lambda _change: self.refresh(), names="value")
        steps = widgets.HBox([self.first, self.back_button, self.forward_button, self.last,
                              self.slider, self.step_label, self.seat_view],
                             layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        steps.add_class("tutor-replay-steps")
        main = widgets.VBox([self.widget, steps], layout=widgets.Layout(width="100%"))
        main.add_class("mt-nozoom")

        self.upload = widgets.FileUpload(accept=".json", multiple=False,
                                         description="Open a record")
        self.upload.add_class("tutor-upload")
        self.upload.observe(self._on_upload, names="value")
        self.hand_choice = widgets.Dropdown(description="Hand:",
                                            layout=widgets.Layout(width="480px"))
        self.hand_choice.add_class("tutor-hand-choice")
        self.hand_choice.observe(self._on_hand, names="value")
        self.reset_button = _button("Reset to the example", "tutor-reset",
                                    "the hand this viewer opened with")
        self.reset_button.on_click(lambda _b: self.reset())
        self.message = widgets.HTML()
        self.message.add_class("tutor-replay-message")
        controls = widgets.VBox([widgets.HBox([self.upload, self.hand_choice,
                                               self.reset_button]), self.message])
        self.frame = AppFrame(main, controls, title="Replay a hand", projector=projector)
        self.box = self.frame.box
        self.box.add_class("tutor-replay")
        self._show(self.replay, hand, step)

    @staticmethod
    def _load(source: Replay | str | Path) -> Replay:
        if isinstance(source, Replay):
            return source
        if isinstance(source, Path) or (isinstance(source, str)
                                        and not source.lstrip().startswith(("{", "["))):
            return Replay.from_file(source)
        return Replay.from_text(source)

    # -- stepping (what the buttons and the slider do) ------------------------------------
    def go_to(self, step: int) -> None:
        """Show the table after ``step`` moves (0: the deal)."""
        self.replay.go_to(step)
        self.refresh()

    def _on_slider(self, change: dict[str, Any]) -> None:
        if not self._syncing:
            self.go_to(int(change["new"]))

    def forward(self) -> None:
        self.go_to(self.replay.step + 1)

    def back(self) -> None:
        self.go_to(self.replay.step - 1)

    def highlight(self, tiles: Iterable[Tile | str]) -> None:
        """Make ``tiles`` glow on the table (until the next step)."""
        self.widget.highlight(tiles)

    def show_seat(self, seat: Wind | str | None) -> None:
        """Every hand face up (None) or one seat's view."""
        self.seat_view.value = ALL_HANDS if seat is None else (
            seat.letter if isinstance(seat, Wind) else Wind.parse(seat).letter)

    # -- files and hands --------------------------------------------------------------------
    def open_text(self, text: str | bytes, name: str = "the file") -> bool:
        """Open a record file's contents; on an error say why and keep the hand shown."""
        try:
            replay = Replay.from_text(text, name=name)
        except TutorError as exc:
            self.message.value = error_html(f"{name}: {exc}")
            return False
        self._show(replay, 0, 0)
        self.message.value = message_html(f"Opened {name}: {len(replay.finals)} hand(s).", True)
        return True

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        item = files[0]
        content = item["content"] if isinstance(item, dict) else item.content
        name = item["name"] if isinstance(item, dict) else item.name
        self.open_text(bytes(content), str(name))

    def _on_hand(self, change: dict[str, Any]) -> None:
        if self._syncing or change["new"] is None:
            return
        self.replay.choose(int(change["new"]))
        self._sync_slider()
        self.refresh()

    def reset(self) -> None:
        replay, hand, step, seat = self._example
        self.seat_view.value = seat
        self._show(replay, hand, step)
        self.message.value = message_html("Back to the example.", True)

    def _show(self, replay: Replay, hand: int, step: int) -> None:
        self.replay = replay
        replay.choose(hand)
        replay.go_to(step)
        self._syncing = True
        try:
            self.hand_choice.options = [(t, i) for i, t in enumerate(replay.titles())]
            self.hand_choice.value = hand
        finally:
            self._syncing = False
        self._sync_slider()
        self.refresh()

    def _sync_slider(self) -> None:
        self._syncing = True
        try:
            self.slider.max = self.replay.steps
            self.slider.value = self.replay.step
        finally:
            self._syncing = False

    # -- drawing ------------------------------------------------------------------------------
    def refresh(self) -> None:
        replay = self.replay
        seat = None if self.seat_view.value == ALL_HANDS else Wind.parse(self.seat_view.value)
        picture = replay.picture(seat)
        result = ""
        if replay.step == replay.steps:
            key = (id(replay), replay.hand)
            if key not in self._results:  # drawn once per hand: the payment picture is slow
                final = replay.final
                self._results = {key: result_html(final.settlement, str(final.outcome))}
            result = self._results[key]
        self.widget.show(picture, result=result)
        self._syncing = True
        try:
            self.slider.value = replay.step
        finally:
            self._syncing = False
        self.step_label.value = (f"<span class='tutor-step-text'>move {replay.step} of "
                                 f"{replay.steps}: <b>{_tiles_inline(replay.move())}</b></span>")
        self.back_button.disabled = self.first.disabled = replay.step == 0
        self.forward_button.disabled = self.last.disabled = replay.step == replay.steps

    def summary(self) -> str:
        return repr(self.replay).replace("Replay(", "ReplayView(", 1)
