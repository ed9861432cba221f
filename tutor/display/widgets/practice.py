"""Practice that never runs out, and a ten-question "test yourself": views over
:class:`tutor.practice.drills.PracticeSession` and :class:`~tutor.practice.drills.Quiz`.

CSS classes for scripts and browser tests: ``tutor-practice`` (the practice view) with
``tutor-practice-topic``, ``tutor-practice-level``, ``tutor-practice-game``,
``tutor-practice-number``, ``tutor-practice-next``, ``tutor-practice-tally`` and
``tutor-practice-class`` (the line that says an exercise came from the teacher);
``tutor-test-yourself`` (the test) with ``tutor-test-status``, ``tutor-test-check``,
``tutor-test-skip``, ``tutor-test-next``, ``tutor-test-again`` and ``tutor-verdict``.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import os
from typing import TYPE_CHECKING

import ipywidgets as widgets

from tutor.core.variant import Variant
from tutor.display.widgets.base import TutorView, close_tree, error_html, option_values
from tutor.display.widgets.exercise import (
    FONT,
    CheckAnswer,
    TileKeyboard,
    answer_input,
    question_html,
    verdict_html,
    worked_html,
)
from tutor.display.widgets.presenter import AppFrame
from tutor.errors import TutorError
from tutor.exercises.model import AnswerKind, Feedback
from tutor.i18n import N_, _, localize
from tutor.practice import TOPICS, PracticeItem
from tutor.practice.drills import PracticeSession, Quiz
from tutor.study.progress import ProgressStore, default_store

if TYPE_CHECKING:
    from tutor.classroom.assignment import ClassLink

__all__ = ["PracticeView", "TestYourselfView"]

#: Set in a classroom kernel (``tutor.classroom.assignment.EXERCISE_ENV``): the practice app
#: follows the teacher's exercise. Read here so that no classroom code loads anywhere else.
CLASS_ENV = "MAHJONG_TUTOR_CLASS_EXERCISE"

_LEVELS = [(N_("1 easy"), 1), (N_("2 medium"), 2), (N_("3 hard"), 3)]


def _levels() -> list[tuple[str, int]]:
    return [(_(name), n) for name, n in _LEVELS]


def _games() -> list[tuple[str, str]]:
    return [(_("any game"), "")] + [(localize(v.title), v.value) for v in Variant]


def _class_link() -> ClassLink | None:
    if not os.environ.get(CLASS_ENV):
        return None
    from tutor.classroom.assignment import ClassLink

    return ClassLink.from_env()


#: the practice app in projector mode: 1.8 times on a large screen (tiles about 100 px tall at
#: 1920x1080), 1.25 times below 1400 px so the topic row still fits a 1280-px screen
PRACTICE_CSS = """<style>
.tutor-app.tutor-practice-app.tutor-projector .tutor-main { zoom: 1.8; }
@media (max-width: 1400px) {
  .tutor-app.tutor-practice-app.tutor-projector .tutor-main { zoom: 1.25; }
}
</style>"""


class PracticeView(TutorView):
    """Pick a topic, a level (and a game for the hand topics); answer, ask for a hint, check;
    then the next exercise. Every exercise tried is counted in the progress store.

    In a classroom (``classroom``: the kernel's link to the class, found by itself in a
    classroom kernel) it also follows the teacher: an exercise sent to the class is shown as
    soon as a timer sees it (every couple of seconds), and each answer to it is reported.

    ``projector=True`` (the classroom app) or ``False`` shows it in the projector-mode frame
    (:class:`~tutor.display.widgets.presenter.AppFrame`, with its switch); None (a notebook's
    exercise) shows it alone."""

    def __init__(self, topic: str = "waits", level: int = 1, seed: int = 1,
                 variant: str | None = None, *, store: ProgressStore | None = None,
                 classroom: ClassLink | None = None, projector: bool | None = None) -> None:
        self.store = store if store is not None else default_store()
        self.session = PracticeSession(topic, level, seed, variant, on_result=self._record)
        self.link = classroom if classroom is not None else _class_link()
        self.class_item: PracticeItem | None = None  # the teacher's exercise, once sent
        self._syncing = False  # the controls are being set to the teacher's exercise
        self.topic = widgets.Dropdown(
            options=[(localize(t.title), t.name) for t in TOPICS.values()],
            value=self.session.topic, description=_("Topic:"),
            layout=widgets.Layout(width="420px"))
        self.topic.add_class("tutor-practice-topic")
        self.level = widgets.ToggleButtons(options=_levels(), value=level,
                                           style={"button_width": "auto"})
        self.level.add_class("tutor-practice-level")
        self.number = widgets.BoundedIntText(
            value=self.session.seed, min=0, max=10**9, description=_("Number:"),
            tooltip=_("Each number is one exercise: a class can all do the same one"),
            layout=widgets.Layout(width="200px"))
        self.number.add_class("tutor-practice-number")
        self.game = widgets.Dropdown(options=_games(), value=variant or "", description=_("Game:"),
                                     layout=widgets.Layout(width="300px"))
        self.game.add_class("tutor-practice-game")
        self.about = widgets.HTML()
        self.next_button = widgets.Button(description=_("Next exercise"), icon="arrow-right",
                                          tooltip=_("A fresh exercise of this topic and level"))
        self.next_button.add_class("tutor-practice-next")
        self.next_button.on_click(lambda _b: self.next())
        self.tally = widgets.HTML()
        self.tally.add_class("tutor-practice-tally")
        self.from_teacher = widgets.HTML()
        self.from_teacher.add_class("tutor-practice-class")
        self.holder = widgets.VBox()
        self.check: CheckAnswer | None = None
        self.topic.observe(lambda _c: self._choose(topic_name=self.topic.value), names="value")
        self.level.observe(lambda _c: self._choose(level=self.level.value), names="value")
        self.game.observe(lambda _c: self._set_game(), names="value")
        self.number.observe(lambda _c: self._goto(), names="value")
        level_word = html.escape(_("Level:"))
        level_label = widgets.HTML(f"<span style='{FONT}'>{level_word}</span>",
                                   layout=widgets.Layout(width="86px"))
        level_label.add_class("tutor-practice-level-label")
        self.box = widgets.VBox([widgets.HBox([self.topic, self.game]),
                                 widgets.HBox([level_label, self.level, self.number]),
                                 self.from_teacher, self.about, self.holder,
                                 widgets.HBox([self.next_button]), self.tally])
        self.box.add_class("tutor-practice")
        self.frame: AppFrame | None = None
        if projector is not None:
            panel = self.box
            # the app notebook has its own heading: the frame adds only the switch
            self.frame = AppFrame(panel, projector=projector)
            self.box = widgets.VBox([widgets.HTML(PRACTICE_CSS), self.frame.box],
                                    layout=widgets.Layout(width="100%"))
            self.frame.box.add_class("tutor-practice-app")
        self._show()
        if self.link is not None:
            self.session.on_answer = self._report
            self.follow()
            self._schedule()

    # -- following the teacher (classroom kernels only) ------------------------------------------

    def follow(self) -> bool:
        """Show the exercise the teacher has just sent, if there is one (the timer asks)."""
        if self.link is None:
            return False
        sent = self.link.poll()
        if sent is None:
            return False
        self.class_item = None  # answers to an earlier exercise are not this one's
        try:
            self.class_item = self.session.show(sent.topic, sent.level, sent.seed,
                                                sent.game or None)
        except TutorError:
            return False
        self._syncing = True
        try:
            self.topic.value = self.session.topic
            self.level.value = self.session.level
            self.game.value = sent.game
            self.number.value = self.session.seed
        finally:
            self._syncing = False
        self._show()
        return True

    def _report(self, item: PracticeItem, answer: str, right: bool) -> None:
        sent = self.link.current if self.link is not None else None
        if sent is not None and self.link is not None and item == self.class_item:
            self.link.report(sent.id, answer, right)

    def _schedule(self) -> None:
        try:
            loop = asyncio.get_running_loop()  # a kernel's: the timer runs between messages
        except RuntimeError:
            return  # no event loop (plain Python): call follow() to look
        if self.link is not None:
            loop.call_later(self.link.every, self._tick)

    def _tick(self) -> None:
        with contextlib.suppress(Exception):  # a bad moment never stops the timer
            self.follow()
        self._schedule()

    def _record(self, topic: str, solved: bool) -> None:
        self.store.record_practice(topic, solved=solved)
        if hasattr(self, "tally"):
            self._tally()

    def _choose(self, *, topic_name: str | None = None, level: int | None = None) -> None:
        if self._syncing:
            return
        try:
            self.session.choose(topic_name=topic_name, level=level)
        except (TutorError, ValueError) as exc:
            self.about.value = error_html(exc)
            return
        self._show()

    def _goto(self) -> None:
        if not self._syncing and self.number.value != self.session.seed:
            self.session.goto(int(self.number.value))
            self._show()

    def _set_game(self) -> None:
        if self._syncing:
            return
        self.session.set_variant(self.game.value or None)
        self._show()

    def next(self) -> None:
        """A fresh exercise (the Next button)."""
        self.session.next()
        self._show()

    def _show(self) -> None:
        s = self.session
        topic = TOPICS[s.topic]
        several = len(topic.games) > 1
        self.game.disabled = not several
        games = _("any game") if several else localize(topic.games[0].title)
        about = _("Level {level}: {about} ({games}). Each number is one exercise: the same "
                  "number brings the same exercise back.").format(
                      level=s.level, about=localize(topic.levels[s.level - 1]), games=games)
        self.about.value = f"<div style='{FONT};color:#444'>{html.escape(about)}</div>"
        if self.number.value != s.seed:
            self.number.value = s.seed
        old = self.check
        self.check = CheckAnswer(s.exercise, attempt=s.attempt, store=self.store,
                                 heading=_("Practice"))
        self.holder.children = (self.check.box,)
        if old is not None:
            close_tree(old.box)
        self._tally()
        # last: once a page sees this line change, the exercise under it is in place
        teacher = _("<b>From your teacher:</b> the whole class has this exercise (number "
                    "{number}, level {level}). Answer it and press Check: your answers go to "
                    "your teacher.").format(number=s.seed, level=s.level)
        self.from_teacher.value = (
            f"<div style='{FONT};font-size:18px;color:#1b4f8a'>{teacher}</div>"
            if self.class_item is not None and s.item == self.class_item else "")

    def _tally(self) -> None:
        row = self.store.load().practice.get(self.session.topic)
        saved = (_(" Saved so far for this topic: {solved} solved of {tried} tried.").format(
            solved=row["solved"], tried=row["tried"]) if row else "")
        tally = localize(self.session.tally())
        self.tally.value = (f"<div style='{FONT};color:#444'>{html.escape(tally)}"
                            f"{html.escape(saved)}</div>")

    def answer(self, text: str) -> Feedback:
        """Answer the current exercise as a learner would (type, then Check)."""
        assert self.check is not None
        return self.check.answer(text)

    what = N_("the practice panel")

    def summary(self) -> str:
        s = self.session
        return f"PracticeView({s.topic}, level {s.level}, exercise {s.seed})"


class TestYourselfView(TutorView):
    """Ten questions over a game's topics, easier first, one answer each, and a score."""

    __test__ = False  # a view, not a test class (pytest collects names starting with Test)

    def __init__(self, game: str = "huangyan", seed: int = 1, *,
                 store: ProgressStore | None = None) -> None:
        self.store = store if store is not None else default_store()
        self.quiz = Quiz(game, seed, on_finish=self._finished)
        self.header = widgets.HTML()
        self.status = widgets.HTML()
        self.status.add_class("tutor-test-status")
        self.question = widgets.HTML()
        self.inputs = widgets.VBox()
        self.keyboard: TileKeyboard | None = None
        self.check_button = widgets.Button(description=_("Check"), button_style="primary")
        self.check_button.add_class("tutor-test-check")
        self.check_button.on_click(lambda _b: self.check())
        self.skip_button = widgets.Button(description=_("I don't know"),
                                          tooltip=_("Counts as wrong; shows the answer"))
        self.skip_button.add_class("tutor-test-skip")
        self.skip_button.on_click(lambda _b: self.skip())
        self.next_button = widgets.Button(description=_("Next question"), icon="arrow-right")
        self.next_button.add_class("tutor-test-next")
        self.next_button.on_click(lambda _b: self.next())
        self.again_button = widgets.Button(description=_("Ten new questions"), icon="refresh")
        self.again_button.add_class("tutor-test-again")
        self.again_button.on_click(lambda _b: self.again())
        self.verdict = widgets.HTML()
        self.verdict.add_class("tutor-verdict")
        self.worked = widgets.HTML()
        self.worked.add_class("tutor-worked-answer")
        self.input: widgets.ValueWidget | None = None
        self.feedback: Feedback | None = None
        self.box = widgets.VBox([self.header, self.status, self.question, self.inputs,
                                 widgets.HBox([self.check_button, self.skip_button,
                                               self.next_button, self.again_button]),
                                 self.verdict, self.worked])
        self.box.add_class("tutor-test-yourself")
        self._show()

    def _finished(self, game: str, score: int, out_of: int) -> None:
        self.store.record_test(game, score, out_of)

    def _show(self) -> None:
        q = self.quiz
        title = _("Test yourself: {game}").format(game=localize(q.title))
        intro = _("Ten questions, easier first. One answer each: the worked answer follows "
                  "every question. (Set number {seed}.)").format(seed=q.seed)
        self.header.value = (f"<div style='{FONT};font-size:20px'><b>{html.escape(title)}"
                             f"</b></div><div style='{FONT};color:#444'>{html.escape(intro)}"
                             "</div>")
        item = q.current
        self.question.value = question_html(
            item.exercise, _("Question {number}").format(number=q.position + 1))
        old = self.inputs.children
        self.input, _hint = answer_input(item.exercise)
        self.keyboard = None
        if isinstance(self.input, widgets.Text):
            if item.exercise.kind is AnswerKind.TILES:
                self.keyboard = TileKeyboard(self.input, item.exercise.variant)
            self.input.observe(lambda _c: self._typed(), names="value")
        label = widgets.HTML(f"<span style='{FONT}'><b>{html.escape(_('Your answer:'))}</b></span>")
        row = widgets.HBox([label, self.input,
                            *([self.keyboard.toggle] if self.keyboard else [])])
        self.inputs.children = (row, *([self.keyboard.panel] if self.keyboard else []))
        for widget in old:
            close_tree(widget)
        self.verdict.value = ""
        self.worked.value = ""
        self._buttons()

    def _buttons(self) -> None:
        q = self.quiz
        if q.answered:
            self.worked.value = worked_html(q.current.exercise)
        self.check_button.disabled = q.answered
        self.skip_button.disabled = q.answered
        last = q.position + 1 >= len(q.plan)
        self.next_button.disabled = not q.answered or last
        self.again_button.layout.display = "" if q.finished else "none"
        if q.finished:
            best = self.store.load().tests.get(q.game)
            extra = (" " + _("Your best: {best} of {out_of}.").format(
                best=best["best"], out_of=best["out_of"])) if best else ""
            self.status.value = (f"<div style='{FONT};font-size:18px;color:#1b4f8a'><b>"
                                 f"{html.escape(localize(q.summary()))}</b>{html.escape(extra)}"
                                 "</div>")
        else:
            line = _("Question {number} of {n} · score {score}").format(
                number=q.position + 1, n=len(q.plan), score=q.score)
            self.status.value = f"<div style='{FONT}'>{html.escape(line)}</div>"

    def _typed(self) -> None:
        if self.keyboard is None or not self.keyboard.typing:
            self.check()

    def check(self) -> Feedback:
        """Judge the answer box (Check, or Enter in a text box)."""
        assert self.input is not None
        if self.quiz.answered and self.feedback is not None:
            return self.feedback  # answered already (Enter, then Check): nothing changes
        value = self.input.value
        self.feedback = self.quiz.answer("" if value is None else str(value))
        self.verdict.value = verdict_html(self.feedback.message, self.feedback.right)
        self._buttons()
        return self.feedback

    def skip(self) -> Feedback:
        feedback = self.quiz.skip()
        self.verdict.value = verdict_html(feedback.message, False)
        self._buttons()
        return feedback

    def next(self) -> None:
        if self.quiz.answered and self.quiz.next():
            self._show()

    def again(self) -> None:
        """Ten new questions (the next set number)."""
        self.quiz = Quiz(self.quiz.game, self.quiz.seed + 1, on_finish=self._finished)
        self._show()

    def answer(self, text: str) -> Feedback:
        """Type ``text`` (or pick that option) and press Check, as a learner would."""
        assert self.input is not None
        if isinstance(self.input, widgets.ToggleButtons):
            match = next((o for o in option_values(self.input)
                          if str(o).lower() == text.strip().lower()), None)
            if match is None:  # not an option: judge the text itself
                self.feedback = self.quiz.answer(text)
                self.verdict.value = verdict_html(self.feedback.message, self.feedback.right)
                self._buttons()
                return self.feedback
            self.input.value = match
        else:
            self.input.value = text  # a changed value checks itself, as Enter does
        self.check_button.click()
        assert self.feedback is not None
        return self.feedback

    what = N_("the test-yourself quiz")

    def summary(self) -> str:
        q = self.quiz
        return f"TestYourselfView({q.game}, set {q.seed}: {len(q.plan)} questions)"
