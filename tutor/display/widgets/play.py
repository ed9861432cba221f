"""Play a hand against bots at a table: a thin view over :class:`tutor.study.play.PlayTable`.

The main panel is the :class:`~tutor.display.widgets.table.TableWidget`: click a tile of your
hand to discard it, press a claim button (it shows the claim's tiles), *Hint* makes the
suggested tiles and move glow and explains them, *Take back* undoes your last move (a practice
game). When the hand ends every hand turns face up and the side panel shows the payments and
the itemized sheets; *Review my hand* then shows the hand in the replay viewer
(:class:`~tutor.display.widgets.replay.ReplayView`) at your first graded moment, with the
coach's review of your play beside it: click a graded moment to see the table as it was, your
move's tiles framed red and dashed, the coach's choice green. *Back to the table* returns.
The controls (game, seat, bots, seed, New hand, Reset to the example) fold away in projector
mode.

CSS classes for browser tests: ``tutor-play`` (the frame), ``mt-table``; in it
``.mt-seat-bottom .mt-tile[data-tile=3m]`` (your tiles), ``.mt-action[data-action='pong 3m']``
(a move), ``.mt-hint-button``, ``.mt-undo-button``, ``.mt-hint``, ``.mt-log``, ``.mt-result``;
``tutor-review-button`` and ``tutor-review-back`` (the replay's classes in between);
the controls ``tutor-variant``, ``tutor-seat``, ``tutor-seed``, ``tutor-deal``, ``tutor-reset``.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as widgets

from tutor.core.tiles import Wind
from tutor.core.variant import Variant
from tutor.display.widgets.base import TutorView, choices, close_tree
from tutor.display.widgets.presenter import AppFrame
from tutor.display.widgets.replay import ReplayView
from tutor.display.widgets.table import TableWidget, result_html
from tutor.errors import TutorError
from tutor.game.actions import Action
from tutor.game.record import record
from tutor.game.state import HandState
from tutor.game.view import move_words
from tutor.i18n import N_, _, localize
from tutor.ledger import seat_name
from tutor.study.play import PlayTable
from tutor.study.replay import Replay
from tutor.study.table import TablePicture, table_picture

__all__ = ["PlayView"]

_BOTS = {N_("sensible bots"): ("sensible",), N_("strong bots"): ("strong",),
         N_("random bots"): ("random",), N_("sensible and random"): ("sensible", "random")}


class PlayView(TutorView):
    """``PlayView("huangyan", seed=3)``: you are East unless ``seat`` says otherwise;
    ``projector=True`` opens it in projector mode (the default in the classroom apps);
    ``pace``: seconds per move of the other seats (0: at once; the table's Pace menu too)."""

    def __init__(self, variant: Variant | str = Variant.HUANGYAN, *, seed: int = 0,
                 seat: str = "E", bots: tuple[str, ...] = ("sensible",),
                 overrides: dict[str, Any] | None = None,
                 table: PlayTable | None = None, projector: bool = False,
                 pace: float = 0.5) -> None:
        self.table = table or PlayTable(variant, seed=seed, seat=seat, bots=bots,
                                        overrides=overrides)
        self._example = (self.table.variant, self.table.seed, self.table.seat,
                         self.table.bot_names)
        self.widget = TableWidget(mode="play", on_act=self.play, on_hint=self.show_hint,
                                  on_undo=self.take_back, pace=max(0.0, float(pace)))
        self.review_button = widgets.Button(
            description=_("Review my hand"), button_style="success", icon="search",
            tooltip=_("the coach's review of your decisions, on a replay of this hand"),
            layout=widgets.Layout(display="none", width="auto", align_self="flex-start",
                                  margin="6px 0"))
        self.review_button.add_class("tutor-review-button")
        self.review_button.on_click(lambda _b: self.review_hand())
        self.back_button = widgets.Button(description=_("Back to the table"), icon="arrow-left",
                                          tooltip=_("the finished hand as you played it"),
                                          layout=widgets.Layout(width="auto",
                                                                align_self="center",
                                                                margin="0 0 0 12px"))
        self.back_button.add_class("tutor-review-back")
        self.back_button.on_click(lambda _b: self.close_review())
        self.replay_view: ReplayView | None = None
        main = widgets.VBox([self.widget, self.review_button],
                            layout=widgets.Layout(width="100%"))
        main.add_class("mt-nozoom")
        self.main = main

        self.variant = widgets.Dropdown(options=[(localize(v.title), v.value) for v in Variant],
                                        value=self.table.variant.value, description=_("Game:"))
        self.variant.add_class("tutor-variant")
        self.seat = widgets.Dropdown(options=[(localize(seat_name(w)), w.letter) for w in Wind],
                                     value=self.table.seat.letter, description=_("You sit:"))
        self.seat.add_class("tutor-seat")
        names = {v: k for k, v in _BOTS.items()}
        self.bots = widgets.Dropdown(options=choices([(_(k), k) for k in _BOTS]),
                                     value=names.get(self.table.bot_names, "sensible bots"),
                                     description=_("Against:"))
        self.seed = widgets.IntText(value=self.table.seed, description=_("Deal number:"),
                                    layout=widgets.Layout(width="220px"),
                                    style={"description_width": "initial"})
        self.seed.add_class("tutor-seed")
        self.deal = widgets.Button(description=_("New hand"), button_style="info",
                                   tooltip=_("deal this hand number with these choices"),
                                   layout=widgets.Layout(width="auto"))
        self.deal.add_class("tutor-deal")
        self.deal.on_click(lambda _b: self.new_hand(int(self.seed.value)))
        self.reset_button = widgets.Button(description=_("Reset to the example"),
                                           tooltip=_("the hand this table opened with"),
                                           layout=widgets.Layout(width="auto"))
        self.reset_button.add_class("tutor-reset")
        self.reset_button.on_click(lambda _b: self.reset())
        controls = widgets.VBox([
            widgets.HBox([self.variant, self.seat, self.bots]),
            widgets.HBox([self.seed, self.deal, self.reset_button]),
        ])
        self.frame = AppFrame(main, controls, title=_("Play a hand"), projector=projector)
        self.box = self.frame.box
        self.box.add_class("tutor-play")
        self.refresh()

    # -- what the table's buttons do ------------------------------------------------------
    def play(self, action: Action | str) -> None:
        """Make a move as the learner (what clicking a tile or a button does); the others'
        replies are then shown one by one at the table's pace."""
        before = len(self.table.state.history)
        try:
            self.table.play(action)
        except (TutorError, ValueError) as exc:
            self.widget.say(str(exc), "error")
            return
        self.widget.say("")
        self.refresh(since=before)

    def steps_since(self, before: int) -> list[TablePicture]:
        """The learner's pictures after each move since move ``before`` up to the current one
        (excluded), one per change of the learner's log: the hand dealt again from its chance
        and played forward, as a take-back does (the model is never changed)."""
        table = self.table
        history = table.state.history
        if len(history) - before < 2:
            return []
        state = HandState.new(table.state.hooks, chance=table.state.chance)
        for _seat, action in history[:before]:
            state.apply(action)
        roles = {s: "bot" for s in table.bots}
        roles[table.seat] = "you"
        pictures: list[TablePicture] = []
        heard = -1
        for _seat, action in history[before:-1]:
            state.apply(action)
            picture = table_picture(state, table.seat, roles=roles)
            if len(picture.log) != heard:
                heard = len(picture.log)
                pictures.append(picture)
        return pictures

    def show_hint(self) -> str:
        """Explain the position and make the suggested tiles and move glow."""
        text = self.table.hint()
        advice = self.table.advice()
        self.widget.hint = text
        self.widget.highlight(advice.tiles, action=advice.action)
        return text

    def take_back(self) -> None:
        try:
            move = self.table.take_back()
        except TutorError as exc:
            self.widget.say(str(exc), "error")
            return
        self.refresh()
        self.widget.say(_("Took back your {move}.").format(move=localize(move_words(move))), "ok")

    def review_hand(self) -> ReplayView | None:
        """The finished hand in the replay viewer with the coach's review of your play beside
        it, at the first graded moment (what *Review my hand* does); None, with the reason
        said, if it cannot be shown."""
        table = self.table
        if not table.finished:
            self.widget.say(_("Finish the hand first: the review looks at every decision."),
                            "error")
            return None
        try:
            replay = Replay(record(table.state, table.overrides), name="your hand")
            view = ReplayView(replay, step=replay.steps, seat=table.seat.letter,
                              review=table.seat)
        except (TutorError, ValueError) as exc:
            self.widget.say(_("Cannot review this hand: {error}").format(error=exc), "error")
            return None
        self.close_review()
        self.replay_view = view
        # the way back at the end of the step buttons' row: on screen at 1280x720, and no row of
        # its own pushing the step buttons below the fold
        view.steps.children = (*view.steps.children, self.back_button)
        self.main.children = (view.main,)
        shown = view.review_widget.shown
        if shown:  # straight to the first graded moment
            view.show_moment(shown[0])
        return view

    def close_review(self) -> None:
        """Back to the table (what *Back to the table* does)."""
        view = self.replay_view
        if view is None:
            return
        self.replay_view = None
        self.main.children = (self.widget, self.review_button)
        # the way back is ours, kept for the next review: out of the row before it is closed
        view.steps.children = tuple(c for c in view.steps.children if c is not self.back_button)
        close_tree(view.box)

    def new_hand(self, seed: int | None = None) -> None:
        """Deal a new hand with the controls' game, seat and bots."""
        self.table = PlayTable(self.variant.value, seed=self.seed.value if seed is None
                               else seed, seat=self.seat.value, bots=_BOTS[self.bots.value],
                               overrides=self.table.overrides, practice=self.table.practice)
        self.widget.say("")
        self.refresh()

    def reset(self) -> None:
        """Back to the hand this table opened with."""
        variant, seed, seat, bots = self._example
        names = {v: k for k, v in _BOTS.items()}
        self.variant.value = variant.value
        self.seat.value = seat.letter
        self.bots.value = names.get(bots, "sensible bots")
        self.seed.value = seed
        self.table = PlayTable(variant, seed=seed, seat=seat, bots=bots,
                               overrides=self.table.overrides, practice=self.table.practice)
        self.refresh()
        self.widget.say(_("Back to the example hand."), "ok")

    # -- drawing ------------------------------------------------------------------------------
    def refresh(self, since: int | None = None) -> None:
        """Draw the table; ``since``: the move the learner made, the others' replies since it
        are shown one by one first (unless the pace is instant)."""
        self.close_review()
        table = self.table
        result = ""
        if table.finished:
            state = table.state
            result = result_html(state.settlement, str(state.outcome))
        self.review_button.layout.display = "" if table.finished else "none"
        steps = (self.steps_since(since) if since is not None and self.widget.pace > 0
                 else [])
        self.widget.show(table.picture(), result=result, can_undo=table.can_take_back,
                         steps=steps)

    what = N_("the play table")

    def summary(self) -> str:
        table = self.table
        state = ("finished: " + str(table.state.outcome) if table.finished else
                 f"{len(table.legal())} moves to choose from" if table.to_act else "waiting")
        return (f"PlayView({table.variant.value}, seed {table.seed}, "
                f"{table.seat.name.title()}: {state})")
