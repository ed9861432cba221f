"""One learner's attempt at an exercise: hint first, retries, the worked answer held back.

The check-answer widget is a view over this model. A wrong answer earns the exercise's hint (what
to look at, never the answer) and another try; the worked answer shows only when the learner
asks for it or after :data:`MAX_TRIES` wrong tries. An answer the learner could not have known
is not counted: a right answer after the worked answer was shown solves nothing.

>>> from tutor.exercises import AnswerKind, Exercise
>>> ex = Exercise("sum", "What is 2 + 2?", AnswerKind.NUMBER, 4, "Two and two make four.",
...               title="A sum", hint="Count on from two.")
>>> attempt = Attempt(ex)
>>> feedback = attempt.submit("5")
>>> feedback.right, feedback.message[:56]
(False, 'Not quite. 5 is not the answer. Hint: Count on from two.')
>>> print(attempt.submit("4"))
Right. Two and two make four.
>>> attempt.solved, attempt.revealed
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable

from tutor.exercises.model import Exercise, Feedback
from tutor.i18n import _, localize

__all__ = ["MAX_TRIES", "Attempt"]

MAX_TRIES = 3


class Attempt:
    """The state of one try at ``exercise``: wrong tries so far, solved, answer revealed.

    ``on_solved`` is called once, when the exercise is first answered right before the worked
    answer was shown (the progress store records it there). ``on_answer(response, verdict)`` is
    called for every readable response judged (a repeat of the last one is not judged again),
    with the exercise's own verdict on it (a classroom reports it to the teacher)."""

    def __init__(self, exercise: Exercise,
                 on_solved: Callable[[Exercise], None] | None = None,
                 on_answer: Callable[[str, Feedback], None] | None = None) -> None:
        self.exercise = exercise
        self.on_solved = on_solved
        self.on_answer = on_answer
        self.tries = 0  # wrong, readable responses
        self.solved = False
        self.revealed = False
        self.feedback: Feedback | None = None
        self._last: str | None = None  # the last response judged (not judged twice)

    @property
    def tries_left(self) -> int:
        return max(0, MAX_TRIES - self.tries)

    def submit(self, response: str) -> Feedback:
        """Judge ``response``. The same response twice in a row is judged once (pressing Enter
        and then Check does not cost two tries)."""
        text = response.strip()
        if text == self._last and self.feedback is not None:
            return self.feedback
        verdict = self.exercise.check(text)
        if not verdict.readable:
            self.feedback = verdict  # nothing was tried: no try counted, nothing remembered
            return verdict
        self._last = text
        if verdict.right:
            self.feedback = self._right(verdict)
        else:
            self.feedback = self._wrong(verdict)
        if self.on_answer is not None:
            self.on_answer(text, verdict)
        return self.feedback

    def _right(self, verdict: Feedback) -> Feedback:
        if self.revealed and not self.solved:
            return Feedback(True, _("Right, but the worked answer was already shown, so this one "
                                    "does not count as solved yet: come back to it later."))
        first = not self.solved
        self.solved = True
        if first and self.on_solved is not None:
            self.on_solved(self.exercise)
        return verdict

    def _wrong(self, verdict: Feedback) -> Feedback:
        if self.revealed:
            return Feedback(False, _("{verdict} The worked answer is shown below.").format(
                verdict=verdict.message))
        if self.solved:
            return Feedback(False, _("{verdict} (You solved this one already.)").format(
                verdict=verdict.message))
        self.tries += 1
        if self.tries >= MAX_TRIES:
            self.revealed = True
            return Feedback(False, _("{verdict} That was try {n}: here is the worked "
                                     "answer.").format(verdict=verdict.message, n=self.tries))
        hint = (_(" Hint: {hint}").format(hint=localize(self.exercise.hint))
                if self.exercise.hint else "")
        return Feedback(False, _("{verdict}{hint} (Wrong try {n} of {most}: try again, or ask "
                                 "for the answer.)").format(verdict=verdict.message, hint=hint,
                                                            n=self.tries, most=MAX_TRIES))

    def reveal(self) -> str:
        """Show the worked answer (the learner asked for it)."""
        self.revealed = True
        return self.exercise.worked_answer()

    def status(self) -> str:
        if self.solved:
            return "solved"
        if self.revealed:
            return "answer shown"
        if self.tries:
            return f"{self.tries} wrong tr{'y' if self.tries == 1 else 'ies'}"
        return "not tried"

    def __repr__(self) -> str:
        return f"<Attempt {self.exercise.key}: {self.status()}>"
