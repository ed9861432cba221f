"""Exercises with checked answers: the model behind the notebooks' check-answer widgets.

An :class:`Exercise` holds a question, the engine's answer and a worked explanation; its
:meth:`Exercise.check` reads a learner's response and says right or wrong and why. Answers are
computed by the engine when the exercise is built, never typed in by hand.
"""

from tutor.exercises.model import AnswerKind, Exercise, Feedback

__all__ = ["AnswerKind", "Exercise", "Feedback"]
