"""Shared pieces of the widget views: the view base and error messages.

The tile picker is in :mod:`tutor.display.widgets.tiles`; the check-answer widget in
:mod:`tutor.display.widgets.exercise` (``CheckAnswer`` is still importable from here)."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from tutor.i18n import N_, _

if TYPE_CHECKING:
    from tutor.display.widgets.exercise import CheckAnswer

__all__ = ["VIEW_KEY", "CheckAnswer", "TutorView", "choices", "close_tree", "error_html",
           "message_html", "option_values"]


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


#: the output metadata that names a view (``{"tutor": {"view": "PlayView"}}``): a saved
#: notebook keeps the view's placeholder text, and this says a view stood there
VIEW_KEY = "tutor"


class TutorView:
    """Base of the views: ``box`` is the widget tree; ``summary()`` the stable plain text (the
    ``repr``); ``placeholder()`` what a saved notebook shows in the view's place.

    A notebook keeps no widget (``tools/run_notebooks.py`` drops the widget's output and
    state): JupyterLab would draw a saved widget that answers nothing until the notebook runs
    (trusted) or wait on it for ever ("Loading widget..."). It keeps the placeholder, in the
    learner's language, and the output's metadata names the view (:data:`VIEW_KEY`).
    """

    box: widgets.Box
    #: what the view is, in the learner's words (its placeholder says it)
    what: str = N_("an interactive view")

    def summary(self) -> str:
        return type(self).__name__

    def placeholder(self) -> str:
        """The text a saved notebook shows where the view will be once it runs."""
        return _("Here you will find {what} once the notebook runs (Run → Run All Cells)."
                 ).format(what=_(self.what))

    def stored(self) -> dict[str, Any]:
        """What the output's metadata keeps of the view: its class."""
        return {"view": type(self).__name__}

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        bundle: dict[str, Any] = self.box._repr_mimebundle_(**kwargs) or {}
        data = bundle[0] if isinstance(bundle, tuple) else bundle
        data["text/plain"] = self.placeholder()
        return data, {VIEW_KEY: self.stored()}

    def __repr__(self) -> str:
        return self.summary()


def __getattr__(name: str) -> Any:
    # CheckAnswer moved to .exercise, which imports this module: load it on first use
    if name == "CheckAnswer":
        from tutor.display.widgets.exercise import CheckAnswer

        return CheckAnswer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
