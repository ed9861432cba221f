"""Shared pieces of the widget views: the view base, errors, a tile picker.

The check-answer widget lives in :mod:`tutor.display.widgets.exercise`; ``CheckAnswer`` is still
importable from here."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from tutor.core.tiles import Tile
from tutor.core.variant import Variant

if TYPE_CHECKING:
    from tutor.display.widgets.exercise import CheckAnswer

__all__ = ["CheckAnswer", "TilePicker", "TutorView", "close_tree", "error_html", "message_html"]


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


class TilePicker(TutorView):
    """One button per tile kind of a variant; clicking calls ``on_pick(tile)``."""

    def __init__(self, variant: Variant | str, on_pick: Callable[[Tile], None]) -> None:
        self.variant = Variant.parse(variant)
        self.on_pick = on_pick
        self.buttons: dict[Tile, widgets.Button] = {}
        rows = []
        for offset in (0, 9, 18, 27):
            row = []
            for tile in self.variant.kinds:
                if offset <= tile.index < offset + 9:
                    label = "白 joker" if tile == self.variant.joker else (
                        tile.chinese if tile.is_honor else str(tile))
                    button = widgets.Button(description=label, tooltip=tile.name,
                                            layout=widgets.Layout(width="52px"))
                    button.add_class(f"tile-button-{tile}")
                    button.on_click(lambda _b, t=tile: self.on_pick(t))
                    self.buttons[tile] = button
                    row.append(button)
            if row:
                rows.append(widgets.HBox(row))
        self.box = widgets.VBox(rows)

    def click(self, tile: Tile | str) -> None:
        """Press the button of ``tile`` (as a test or a script would)."""
        key = tile if isinstance(tile, Tile) else Tile.parse(tile)
        self.buttons[key].click()

    def summary(self) -> str:
        return f"TilePicker({self.variant.value}: {len(self.buttons)} kinds)"


def __getattr__(name: str) -> Any:
    # CheckAnswer moved to .exercise, which imports this module: load it on first use
    if name == "CheckAnswer":
        from tutor.display.widgets.exercise import CheckAnswer

        return CheckAnswer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
