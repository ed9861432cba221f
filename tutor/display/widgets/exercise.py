"""The check-answer widget and the progress lines: views over :mod:`tutor.exercises.attempt`
and :mod:`tutor.study.progress`.

:class:`CheckAnswer` shows an exercise's title, question and tiles, an answer box (Enter
checks), and Check, Hint and Show answer buttons. A wrong answer earns the hint and another try;
the worked answer shows only on request or after three wrong tries. A right answer to an
exercise of the sequence is recorded in the progress store, and every :class:`ProgressLine`
and :class:`SequenceProgress` in the kernel updates at once.

CSS classes for scripts and browser tests: ``tutor-exercise`` (the whole view),
``tutor-exercise-title``, ``tutor-answer-input``, ``tutor-check-button``, ``tutor-hint-button``,
``tutor-reveal-button``, ``tutor-verdict``, ``tutor-worked-answer``, ``tutor-progress``.
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from tutor.core.notation import parse_hand, parse_tiles
from tutor.core.tiles import Tile
from tutor.display.html import Raw, table_html
from tutor.display.svg import hand_svg, tiles_svg
from tutor.display.widgets.base import TutorView, choices, close_tree
from tutor.display.widgets.tiles import TilePicker
from tutor.errors import TutorError
from tutor.exercises.attempt import Attempt
from tutor.exercises.catalog import notebook_of
from tutor.exercises.model import AnswerKind, Exercise, Feedback, Figure
from tutor.i18n import N_, Message, _, localize
from tutor.study.progress import (
    ProgressStore,
    default_store,
    notebook_count,
    sequence_counts,
    summary_lines,
)

__all__ = ["CheckAnswer", "ProgressLine", "SequenceProgress", "TileKeyboard", "answer_input",
           "question_html", "verdict_html", "worked_html"]

FONT = "font-family:sans-serif;font-size:16px;line-height:1.45"
_PLACEHOLDER = {
    AnswerKind.TILES: N_("tiles, e.g. 3m 6m 4p (or none)"),
    AnswerKind.NUMBER: N_("a whole number"),
    AnswerKind.SEAT_NUMBERS: N_("a net for each seat, e.g. E+10 S-5 W-3 N-2"),
}


def _figure_html(figure: Figure, variant: str | None) -> str:
    try:
        if figure.hand:
            picture = hand_svg(parse_hand(figure.tiles, variant), variant=variant,
                               drawn=figure.drawn)
        else:
            tiles = parse_tiles(figure.tiles, variant) if figure.tiles.strip() else ()
            picture = (tiles_svg(tiles, variant=variant, size=30) if tiles
                       else html.escape(_("(none)")))
    except TutorError as exc:  # a hand-written exercise with a typo: say so, never crash
        picture = html.escape(str(exc))
    label = (f"<span style='{FONT}'>{html.escape(localize(figure.label))}</span><br>"
             if figure.label
             else "")
    return f"<div class='tutor-figure' style='margin:4px 0'>{label}{picture}</div>"


def verdict_html(text: str, right: bool | None = None) -> str:
    """A verdict or hint, large enough for a projector: green right, red wrong, grey else."""
    colour = {True: "#1b7f3a", False: "#b00020", None: "#333"}[right]
    return (f"<div class='tutor-message' style='{FONT};color:{colour};margin:4px 0'>"
            f"{html.escape(localize(text))}</div>")


def worked_html(exercise: Exercise) -> str:
    """The worked answer in a box: the answer in bold, then the reasoning (a list when it has
    several steps: payments, score lines, readings)."""
    explanation = localize(exercise.explanation)
    steps = explanation.split(localize(Message("; ")))
    if len(steps) >= 3:
        body = "<ul style='margin:4px 0'>" + "".join(
            f"<li>{html.escape(step)}</li>" for step in steps) + "</ul>"
    else:
        body = f"<div>{html.escape(explanation)}</div>"
    answer = _("Answer: {answer}").format(answer=localize(exercise.shown_answer()))
    return (f"<div class='tutor-worked' style='{FONT};background:#f3f6fa;border-left:4px solid "
            f"#4a6fa5;padding:6px 10px;margin-top:4px'><b>"
            f"{html.escape(answer)}</b>{body}</div>")


def question_html(exercise: Exercise, heading: str | None = None) -> str:
    """An exercise's title, question and tiles as HTML (tiles drawn, never codes alone)."""
    heading = _("Exercise") if heading is None else heading
    title = (html.escape(_(": {title}").format(title=localize(exercise.title)))
             if exercise.title else "")
    parts = [f"<div class='tutor-exercise-title' style='{FONT};font-size:18px'><b>"
             f"{html.escape(localize(heading))}{title}</b></div>",
             f"<p style='{FONT};margin:4px 0'>{html.escape(localize(exercise.prompt))}</p>"]
    if exercise.hand is not None:
        parts.append(_figure_html(Figure("", exercise.hand, hand=True, drawn=exercise.drawn),
                                  exercise.variant))
    parts += [_figure_html(f, exercise.variant) for f in exercise.figures]
    return "".join(parts)


def answer_input(exercise: Exercise) -> tuple[widgets.ValueWidget, tuple[str, ...]]:
    """The answer box of an exercise: buttons for a choice or a seat, else a text box that
    sends its value on Enter (``continuous_update=False``). Also the options, if buttons."""
    box: widgets.ValueWidget
    if exercise.kind in (AnswerKind.CHOICE, AnswerKind.SEAT):
        options = exercise.options or ("East", "South", "West", "North")
        box = widgets.ToggleButtons(options=choices([(localize(o), o) for o in options]),
                                    value=None,
                                    style={"button_width": "auto"})
    else:
        options = ()
        wide = "420px" if exercise.kind is AnswerKind.SEAT_NUMBERS else "340px"
        box = widgets.Text(placeholder=_(_PLACEHOLDER[exercise.kind]), continuous_update=False,
                           layout=widgets.Layout(width=wide))
    box.add_class("tutor-answer-input")
    return box, tuple(options)


class TileKeyboard:
    """A "Pick tiles" toggle that shows a button per tile kind; each adds its tile to a text
    box (``typing`` is true meanwhile, so the box's observer does not check a half answer)."""

    def __init__(self, box: widgets.Text, variant: str | None) -> None:
        self.box = box
        self.variant = variant or "huangyan"
        self.typing = False
        self.toggle = widgets.ToggleButton(value=False, description=_("Pick tiles"), icon="th",
                                           tooltip=_("Buttons that type the tiles for you"))
        self.toggle.add_class("tutor-keyboard-button")
        self.toggle.observe(lambda _c: self._shown(), names="value")
        self.panel = widgets.VBox()
        self.panel.add_class("tutor-keyboard")
        self.picker: TilePicker | None = None
        self.clear: widgets.Button | None = None

    def _shown(self) -> None:
        """Build the buttons on first use (a notebook of many exercises stays light)."""
        if not self.toggle.value:
            for child in self.panel.children:
                close_tree(child)
            self.panel.children = ()
            return
        self.picker = TilePicker(self.variant, on_pick=self.type_tile, on_type=self.type_text,
                                 hand_label="",
                                 pick_label=_("Click a tile to type it into the answer box"))
        self.clear = widgets.Button(description=_("Clear"), tooltip=_("Empty the answer box"))
        self.clear.on_click(lambda _b: self._set(""))
        self.panel.children = (self.picker, self.clear)

    def _set(self, text: str) -> None:
        self.typing = True
        try:
            self.box.value = text
        finally:
            self.typing = False

    def type_tile(self, tile: Tile) -> None:
        """Add ``tile`` to the answer box; nothing is checked yet."""
        self.type_text(str(tile))

    def type_text(self, text: str) -> None:
        """Add ``text`` (tiles typed in the picker) to the answer box; nothing is checked yet."""
        self._set(" ".join([*str(self.box.value).split(), text]))


class CheckAnswer(TutorView):
    """An exercise: its title and question (tiles drawn), an answer box, Check (or Enter),
    Hint, Show answer; the verdict, and the worked answer once asked for or after three wrong
    tries.

    ``notebook``: where a solved exercise is recorded (default: the notebook that asks it; none
    for an exercise outside the sequence). ``on_solved`` is called as well, with the exercise.
    """

    def __init__(self, exercise: Exercise, *, notebook: str | None = None,
                 store: ProgressStore | None = None,
                 on_solved: Callable[[Exercise], None] | None = None,
                 heading: str = "Exercise", attempt: Attempt | None = None) -> None:
        self.exercise = exercise
        self.notebook = notebook if notebook is not None else notebook_of(exercise.key)
        self._store = store
        self._on_solved = on_solved
        if attempt is None:
            attempt = Attempt(exercise)
        self._chained = attempt.on_solved  # a given attempt keeps its own callback too
        attempt.on_solved = self._solved
        self.attempt = attempt
        self.question = widgets.HTML(question_html(exercise, heading))
        self.input, self._choices = answer_input(exercise)
        self.keyboard: TileKeyboard | None = None
        if isinstance(self.input, widgets.Text):
            if exercise.kind is AnswerKind.TILES:  # tiles can be clicked instead of typed
                self.keyboard = TileKeyboard(self.input, exercise.variant)
            # Enter (or leaving the box) sends the value: check it then
            self.input.observe(lambda _change: self._typed(), names="value")
        self.button = widgets.Button(description=_("Check"), button_style="primary",
                                     tooltip=_("Check your answer (Enter does too)"))
        self.button.add_class("tutor-check-button")
        self.button.on_click(lambda _b: self.check())
        self.hint_button = widgets.Button(description=_("Hint"), tooltip=_("What to look at"),
                                          disabled=not exercise.hint)
        self.hint_button.add_class("tutor-hint-button")
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.reveal_button = widgets.Button(description=_("Show answer"),
                                            tooltip=_("Show the worked answer"))
        self.reveal_button.add_class("tutor-reveal-button")
        self.reveal_button.on_click(lambda _b: self.reveal())
        self.verdict = widgets.HTML("")
        self.verdict.add_class("tutor-verdict")
        self.worked = widgets.HTML("")
        self.worked.add_class("tutor-worked-answer")
        your_answer = html.escape(_("Your answer:"))
        label = widgets.HTML(f"<span style='{FONT}'><b>{your_answer}</b></span>")
        keys = self.keyboard
        self.box = widgets.VBox([
            self.question,
            widgets.HBox([label, self.input, *([keys.toggle] if keys else [])]),
            *([keys.panel] if keys else []),
            widgets.HBox([self.button, self.hint_button, self.reveal_button]),
            self.verdict, self.worked])
        self.box.add_class("tutor-exercise")

    def _typed(self) -> None:
        if self.keyboard is None or not self.keyboard.typing:
            self.check()

    @property
    def feedback(self) -> Feedback | None:
        return self.attempt.feedback

    @property
    def store(self) -> ProgressStore:
        return self._store if self._store is not None else default_store()

    def _solved(self, exercise: Exercise) -> None:
        if self._chained is not None:
            self._chained(exercise)
        if self.notebook is not None:
            with contextlib.suppress(ValueError):  # a key that is no name: nothing to record
                self.store.record(self.notebook, exercise.key)
        if self._on_solved is not None:
            self._on_solved(exercise)

    def check(self) -> Feedback:
        """Judge what the answer box holds (as the Check button and Enter do)."""
        value = self.input.value
        feedback = self.attempt.submit("" if value is None else str(value))
        self.verdict.value = verdict_html(feedback.message, feedback.right)
        if self.attempt.revealed:
            self._show_worked()
        warning = self.store.warning if self.attempt.solved and self.notebook else None
        if warning:
            self.verdict.value += verdict_html(warning)
        return feedback

    def show_hint(self) -> str:
        text = localize(self.exercise.hint) or _("No hint for this one.")
        self.verdict.value = verdict_html(_("Hint: {hint}").format(hint=text))
        return text

    def reveal(self) -> str:
        """Show the worked answer (the Show answer button)."""
        text = self.attempt.reveal()
        self._show_worked()
        return text

    def _show_worked(self) -> None:
        self.worked.value = worked_html(self.exercise)
        self.reveal_button.disabled = True
        self.reveal_button.description = _("Answer shown")

    def answer(self, text: str) -> Feedback:
        """Type ``text`` (or pick that option) and press Check, as a learner would."""
        if self._choices:
            match = next((o for o in self._choices if o.lower() == text.strip().lower()), None)
            if match is None:  # not an option: judge the text itself
                feedback = self.attempt.submit(text)
                self.verdict.value = verdict_html(feedback.message, feedback.right)
                return feedback
            self.input.value = match
        else:
            self.input.value = text
        self.button.click()
        assert self.feedback is not None
        return self.feedback

    what = N_("an exercise")

    def placeholder(self) -> str:
        """What a saved notebook shows in the exercise's place: its title and question, never
        the answer, in the learner's language."""
        ex = self.exercise
        lines = [_("Exercise: {title}").format(title=localize(ex.title)) if ex.title
                 else _("Exercise"), localize(ex.prompt),
                 _("(Run the notebook to answer it here; the answer stays hidden until you "
                   "ask.)")]
        return "\n".join(lines)

    def stored(self) -> dict[str, Any]:
        """The view, and the exercise's key and fingerprint (never its answer): a test checks
        that a saved notebook asks the exercises the catalog holds now."""
        return {**super().stored(), "exercise": self.exercise.key,
                "fingerprint": self.exercise.fingerprint()}

    def summary(self) -> str:
        """The ``repr``: the question, never the answer (only its fingerprint)."""
        title = self.exercise.title
        if title and title[-1] not in ".?!":
            title += "."
        return (f"Exercise: {title + ' ' if title else ''}{self.exercise.prompt}\n"
                f"(Run the notebook to answer it here; the answer stays hidden until you ask. "
                f"Answer check {self.exercise.key} {self.exercise.fingerprint()})")


class _ProgressView(TutorView):
    """A line of HTML redrawn whenever the progress store changes in this kernel."""

    def __init__(self, store: ProgressStore | None) -> None:
        self.store = store if store is not None else default_store()
        self.html = widgets.HTML()
        self.html.add_class("tutor-progress")
        self.box = widgets.VBox([self.html])
        # the store holds its listeners weakly; the widget, alive until closed, holds the view
        self.box.tutor_view = self
        self.refresh()
        self.store.subscribe(self.refresh)

    def refresh(self) -> None:
        raise NotImplementedError


class ProgressLine(_ProgressView):
    """"You have solved 3 of 8 exercises in this notebook", kept up to date."""

    def __init__(self, notebook: str, *, store: ProgressStore | None = None) -> None:
        self.notebook = notebook
        super().__init__(store)

    def text(self) -> str:
        return notebook_count(self.notebook, self.store).line()

    def refresh(self) -> None:
        count = notebook_count(self.notebook, self.store)
        done = count.total and count.solved == count.total
        colour = "#1b7f3a" if done else "#333"
        text = count.line() + (" " + _("All done!") if done else "")
        warning = verdict_html(self.store.warning) if self.store.warning else ""
        label = html.escape(_("Progress."))
        self.html.value = (f"<div style='{FONT};color:{colour}'><b>{label}</b> "
                           f"{html.escape(text)}</div>{warning}")

    what = N_("your progress in this notebook")

    def summary(self) -> str:
        total = notebook_count(self.notebook, self.store).total
        return f"ProgressLine({self.notebook}: {total} exercises)"


class SequenceProgress(_ProgressView):
    """Notebook 00's summary: each notebook's solved exercises, practice and test scores."""

    def __init__(self, *, store: ProgressStore | None = None) -> None:
        super().__init__(store)

    def refresh(self) -> None:
        counts = sequence_counts(self.store)
        rows = [(c.notebook, c.title, f"{c.solved} of {c.total}",
                 Raw("&#10003;") if c.solved == c.total else "") for c in counts]
        lines = summary_lines(self.store)
        extra = "".join(f"<p style='margin:2px 0'>{html.escape(line)}</p>"
                        for line in lines[1 + len(counts):])
        warning = verdict_html(self.store.warning) if self.store.warning else ""
        self.html.value = (f"<div style='{FONT}'><p><b>{html.escape(lines[0])}</b></p>"
                           f"{table_html(('notebook', 'topic', 'solved', ''), rows)}{extra}"
                           f"<p style='color:#555;font-size:14px'>Progress is kept in "
                           f"{html.escape(str(self.store.path))}.</p></div>{warning}")

    def text(self) -> str:
        return "\n".join(summary_lines(self.store))

    what = N_("your progress through the course")

    def summary(self) -> str:
        counts = sequence_counts(self.store)
        return (f"SequenceProgress({len(counts)} notebooks, "
                f"{sum(c.total for c in counts)} exercises)")

