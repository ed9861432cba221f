"""Shared pieces of the widget views: the view base and error messages.

The tile picker is in :mod:`tutor.display.widgets.tiles`; the check-answer widget in
:mod:`tutor.display.widgets.exercise` (``CheckAnswer`` is still importable from here)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

if TYPE_CHECKING:
    from tutor.display.widgets.exercise import CheckAnswer

__all__ = ["CheckAnswer", "TutorView", "choices", "close_tree", "error_html", "message_html",
           "option_values"]


def choices(pairs: list[tuple[str, Any]]) -> list[Any]:
    """A selection widget's options: ``(label, value)`` pairs, or the values alone when every
    label is its value (in English: the widget's state as before)."""
    if all(label == value for label, value in pairs):
        return [value for _label, value in pairs]
    return list(pairs)


def option_values(widget: widgets.Widget) -> list[Any]:
    """The values of a selection widget's options (each pair's value, or the option itself)."""
    return [o[1] if isinstance(o, tuple) else o for o in widget.options]


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


def __getattr__(name: str) -> Any:
    # CheckAnswer moved to .exercise, which imports this module: load it on first use
    if name == "CheckAnswer":
        from tutor.display.widgets.exercise import CheckAnswer

        return CheckAnswer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
