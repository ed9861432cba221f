"""The replay viewer: a saved hand on the table, stepped forward and back or scrubbed.

A thin view over :class:`tutor.study.replay.Replay`. The main panel is the
:class:`~tutor.display.widgets.table.TableWidget` with the step buttons and a slider under it
and a choice of view: every hand face up, or one seat's view (the others face down, the log as
that seat heard it). The controls hold the file upload (a record saved by ``tutor simulate
--save``), the choice of hand in the file and Reset to the example. A file that is not a valid
record shows the reason and keeps the hand shown.

For a coach: :meth:`ReplayView.go_to` jumps to a step and :meth:`ReplayView.highlight` (the
table's :meth:`~tutor.display.widgets.table.TableWidget.highlight`) marks tiles. *Review:* (or
:meth:`ReplayView.review`) opens the coach's review panel for one player beside the table
(:mod:`tutor.display.widgets.review`): clicking a graded moment shows that player's view at
the moment it decided, its move's tiles framed red and dashed, the coach's choice green.

CSS classes for browser tests: ``tutor-replay`` (the frame), ``mt-table``, ``tutor-step-first``
/ ``tutor-step-back`` / ``tutor-step-forward`` / ``tutor-step-last``, ``tutor-step-slider``,
``tutor-step-label`` (``tutor-step-moment`` in it at a reviewed moment), ``tutor-seat-view``,
``tutor-review-seat``, ``tutor-upload``, ``tutor-hand-choice``, ``tutor-reset``,
``tutor-replay-message``; the review panel's classes are in
:mod:`tutor.display.widgets.review`.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import ipywidgets as widgets

from tutor.coach.model import grade_word
from tutor.core.notation import parse_tiles
from tutor.core.tiles import Tile, Wind
from tutor.display.svg import tiles_svg
from tutor.display.widgets.base import TutorView, error_html, message_html
from tutor.display.widgets.presenter import AppFrame
from tutor.display.widgets.review import ReviewWidget
from tutor.display.widgets.table import TableWidget, result_html
from tutor.errors import TutorError
from tutor.i18n import N_, _, localize, ngettext
from tutor.ledger import seat_name
from tutor.study.replay import Replay
from tutor.study.review_panel import Moment, ReviewPanel

__all__ = ["ALL_HANDS", "ReplayView"]

#: the view choice that shows every hand face up (the others are seat letters)
ALL_HANDS = "all"
def _views() -> list[tuple[str, str]]:
    return [(_("every hand face up"), ALL_HANDS),
            *((_("{seat}'s view").format(seat=localize(seat_name(w))), w.letter) for w in Wind)]


#: the review choice that closes the panel (the others are seat letters)
NOBODY = ""
def _reviews() -> list[tuple[str, str]]:
    return [(_("nobody"), NOBODY),
            *((_("{seat}'s play").format(seat=localize(seat_name(w))), w.letter) for w in Wind)]


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
                 seat: str = ALL_HANDS, review: Wind | str | None = None,
                 projector: bool = False) -> None:
        self.replay = self._load(source)
        self._example = (self.replay, hand, step, seat)
        self._syncing = False
        self._results: dict[tuple[int, int], str] = {}
        self._moment: Moment | None = None
        # ▶ Play on the table steps forward at the table's pace (the browser keeps the time)
        self.widget = TableWidget(mode="replay", on_next=self.forward, can_play=True)
        self.first = _button(_("« Deal"), "tutor-step-first", _("back to the deal"))
        self.back_button = _button(_("◀ Back"), "tutor-step-back", _("one move back"))
        self.forward_button = _button(_("Next ▶"), "tutor-step-forward", _("one move forward"))
        self.last = _button(_("End »"), "tutor-step-last", _("to the end of the hand"))
        self.first.on_click(lambda _b: self.go_to(0))
        self.back_button.on_click(lambda _b: self.back())
        self.forward_button.on_click(lambda _b: self.forward())
        self.last.on_click(lambda _b: self.go_to(self.replay.steps))
        self.slider = widgets.IntSlider(min=0, max=self.replay.steps, value=0,
                                        description=_("Move:"), continuous_update=True,
                                        readout=False, layout=widgets.Layout(width="40%"))
        self.slider.add_class("tutor-step-slider")
        self.slider.observe(self._on_slider, names="value")
        self.step_label = widgets.HTML()
        self.step_label.add_class("tutor-step-label")
        self.seat_view = widgets.Dropdown(options=_views(), value=seat, description=_("Show:"),
                                           layout=widgets.Layout(width="auto"))
        self.seat_view.add_class("tutor-seat-view")
        self.seat_view.observe(lambda _change: self.refresh(), names="value")
        self.review_seat = widgets.Dropdown(options=_reviews(), value=NOBODY,
                                            description=_("Review:"),
                                            layout=widgets.Layout(width="auto"))
        self.review_seat.add_class("tutor-review-seat")
        self.review_seat.observe(self._on_review_seat, names="value")
        steps = widgets.HBox([self.first, self.back_button, self.forward_button, self.last,
                              self.slider, self.step_label, self.seat_view, self.review_seat],
                             layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        steps.add_class("tutor-replay-steps")
        self.steps = steps  # the step buttons' row (the play view adds its way back to it)
        self.review_widget = ReviewWidget(on_moment=self.show_moment, layout=widgets.Layout(
            display="none", flex="1 1 400px", min_width="min(20em, 100%)", margin="0 0 0 10px"))
        self.widget.layout.flex = "1 1 auto"  # the whole row, until a review shares it
        # too narrow for both (JupyterLab beside its file browser), the review goes under the
        # table at the whole width rather than being cut on the right
        row = widgets.HBox([self.widget, self.review_widget],
                           layout=widgets.Layout(width="100%", align_items="flex-start",
                                                 flex_flow="row wrap", grid_gap="8px 0"))
        main = widgets.VBox([row, steps], layout=widgets.Layout(width="100%"))
        main.add_class("mt-nozoom")
        self.main = main

        self.upload = widgets.FileUpload(accept=".json", multiple=False,
                                         description=_("Open a record"),
                                         layout=widgets.Layout(width="auto"))  # never cut
        self.upload.add_class("tutor-upload")
        self.upload.observe(self._on_upload, names="value")
        self.hand_choice = widgets.Dropdown(description=_("Hand:"),
                                            layout=widgets.Layout(width="480px"))
        self.hand_choice.add_class("tutor-hand-choice")
        self.hand_choice.observe(self._on_hand, names="value")
        self.reset_button = _button(_("Reset to the example"), "tutor-reset",
                                    _("the hand this viewer opened with"))
        self.reset_button.on_click(lambda _b: self.reset())
        self.message = widgets.HTML()
        self.message.add_class("tutor-replay-message")
        controls = widgets.VBox([widgets.HBox([self.upload, self.hand_choice,
                                               self.reset_button],
                                              layout=widgets.Layout(flex_flow="row wrap")),
                                 self.message])
        self.frame = AppFrame(main, controls, title=_("Replay a hand"), projector=projector)
        self.box = self.frame.box
        self.box.add_class("tutor-replay")
        self._show(self.replay, hand, step)
        if review is not None:
            self.review(review)

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

    def highlight(self, tiles: Iterable[Tile | str] = (), *,
                  played: Iterable[Tile | str] = (),
                  preferred: Iterable[Tile | str] = ()) -> None:
        """Make ``tiles`` glow on the table, frame ``played`` red and dashed and ``preferred``
        green (until the next step)."""
        self.widget.highlight(tiles, played=played, preferred=preferred)

    # -- the coach's review ------------------------------------------------------------------
    def review(self, seat: Wind | str | None) -> ReviewPanel | None:
        """Open the review panel on ``seat``'s play in the hand shown (None closes it)."""
        letter = NOBODY if seat is None else (
            seat.letter if isinstance(seat, Wind) else Wind.parse(seat).letter)
        if self.review_seat.value != letter:
            self.review_seat.value = letter  # the observer opens it
        else:
            self._open_review()
        return self.review_widget.review

    def _on_review_seat(self, _change: dict[str, Any]) -> None:
        if not self._syncing:
            self._open_review()

    def _open_review(self) -> None:
        letter = self.review_seat.value
        self._moment = None
        if letter == NOBODY:
            self.review_widget.show(None)
            self.review_widget.layout.display = "none"
            self.widget.layout.flex = "1 1 auto"
            self.main.remove_class("tutor-reviewing")
            self.refresh()
            return
        try:
            panel = ReviewPanel.of(self.replay, letter)
        except (TutorError, ValueError) as exc:
            self.review_widget.show(None)
            self.review_widget.say(_("Cannot review this hand: {error}").format(error=exc), "error")
        else:
            self.review_widget.show(panel)
        self.review_widget.layout.display = ""
        self.widget.layout.flex = "0 0 auto"  # the felt alone: its side panel gives way
        self.main.add_class("tutor-reviewing")
        self.refresh()

    def show_moment(self, moment: Moment) -> None:
        """Show the table at ``moment`` from its player's view, with the tiles of the move made
        (red, dashed) and of the coach's choice (green) framed."""
        self._moment = moment
        self.review_widget.current = moment.index
        seat = moment.decision.seat
        self.seat_view.value = seat.letter  # the coach judged from this seat's view
        self.go_to(moment.step)  # refresh() frames the tiles at the moment's step

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
        opened = ngettext("Opened {name}: {n} hand.", "Opened {name}: {n} hands.",
                          len(replay.finals)).format(name=name, n=len(replay.finals))
        self.message.value = message_html(opened, True)
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
        if self.review_seat.value != NOBODY:
            self._open_review()  # the review of the hand chosen
        else:
            self.refresh()

    def reset(self) -> None:
        replay, hand, step, seat = self._example
        self.seat_view.value = seat
        self._show(replay, hand, step)
        self.message.value = message_html(_("Back to the example."), True)

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
        if self.review_seat.value != NOBODY:
            self._open_review()  # the review of the new hand
        else:
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
        moment = self._moment
        if moment is not None and moment.step == replay.step:
            self.widget.highlight(played=moment.played, preferred=moment.preferred)
        self._syncing = True
        try:
            self.slider.value = replay.step
        finally:
            self._syncing = False
        note = ""
        if moment is not None and moment.step == replay.step:
            note = (" <span class='tutor-step-moment'>· " + html.escape(_(
                "{seat} to decide move {move} ({grade})").format(
                    seat=localize(seat_name(moment.decision.seat)), move=moment.move,
                    grade=localize(grade_word(moment.grade)))) + "</span>")
        where = html.escape(_("move {step} of {steps}: ").format(step=replay.step,
                                                                 steps=replay.steps))
        self.step_label.value = (f"<span class='tutor-step-text'>{where}"
                                 f"<b>{_tiles_inline(localize(replay.move()))}</b>"
                                 f"{note}</span>")
        self.back_button.disabled = self.first.disabled = replay.step == 0
        self.forward_button.disabled = self.last.disabled = replay.step == replay.steps

    what = N_("the replay of a hand")

    def summary(self) -> str:
        return repr(self.replay).replace("Replay(", "ReplayView(", 1)
