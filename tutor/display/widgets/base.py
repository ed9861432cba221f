"""Shared pieces of the widget views: the view base, errors, check-answer.

The tile picker is in :mod:`tutor.display.widgets.tiles`."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from tutor.core.notation import parse_hand
from tutor.display.svg import hand_svg
from tutor.exercises.model import AnswerKind, Exercise, Feedback

__all__ = ["CheckAnswer", "TutorView", "close_tree", "error_html", "message_html"]


def close_tree(widget: widgets.Widget) -> None:
    """Close a widget no longer shown, and its children (so a long session does not leak)."""
    for child in getattr(widget, "children", ()):
        close_tree(child)
    for part in ("layout", "style"):  # each is a widget model of its own
        owned = getattr(widget, part, None)
        if isinstance(owned, widgets.Widget):
            owned.close()
    widget.close()


def error_html(error: BaseException | str) -> str:
    """An error as a short red message (the exception's text, never a traceback)."""
    return (f"<div class='tutor-error' style='color:#b00020;font-family:sans-serif'>"
            f"{html.escape(str(error))}</div>")


def message_html(text: str, right: bool | None = None) -> str:
    colour = {True: "#1b7f3a", False: "#b00020", None: "#333"}[right]
    return (f"<div class='tutor-message' style='color:{colour};font-family:sans-serif'>"
            f"{html.escape(text)}</div>")


class TutorView:
    """Base of the views: ``box`` is the widget tree; ``summary()`` the stable plain text."""

    box: widgets.Box

    def summary(self) -> str:
        return type(self).__name__

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        bundle: dict[str, Any] = self.box._repr_mimebundle_(**kwargs) or {}
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data["text/plain"] = self.summary()
        return data

    def __repr__(self) -> str:
        return self.summary()


class CheckAnswer(TutorView):
    """An exercise: its question (and hand), an answer box, a Check button, the verdict."""

    def __init__(self, exercise: Exercise) -> None:
        self.exercise = exercise
        self.feedback: Feedback | None = None
        parts = [f"<p style='font-family:sans-serif'><b>Exercise.</b> "
                 f"{html.escape(exercise.prompt)}</p>"]
        if exercise.hand is not None:
            hand = parse_hand(exercise.hand, exercise.variant)
            parts.append(hand_svg(hand, variant=exercise.variant))
        self.question = widgets.HTML("".join(parts))
        if exercise.kind in (AnswerKind.CHOICE, AnswerKind.SEAT):
            options = exercise.options or ("East", "South", "West", "North")
            self.input: widgets.ValueWidget = widgets.Dropdown(options=("", *options),
                                                               description="Answer:")
        else:
            placeholder = {AnswerKind.TILES: "tiles, e.g. 3m 6m 4p (or none)",
                           AnswerKind.NUMBER: "a number"}[exercise.kind]
            self.input = widgets.Text(placeholder=placeholder, description="Answer:")
        self.button = widgets.Button(description="Check", button_style="primary")
        self.button.on_click(lambda _b: self.check())
        self.verdict = widgets.HTML("")
        self.box = widgets.VBox([self.question, widgets.HBox([self.input, self.button]),
                                 self.verdict])
        self.box.add_class("tutor-exercise")

    def check(self) -> Feedback:
        self.feedback = self.exercise.check(str(self.input.value))
        self.verdict.value = message_html(self.feedback.message, self.feedback.right)
        return self.feedback

    def answer(self, text: str) -> Feedback:
        """Type ``text`` and press Check."""
        self.input.value = text
        self.button.click()
        assert self.feedback is not None
        return self.feedback

    def summary(self) -> str:
        return f"CheckAnswer({self.exercise.key}: {self.exercise.prompt})"
