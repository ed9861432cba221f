"""The hand builder widget: click tiles in and out, declare melds, pick the game, and watch the
shanten, waits, dead waits and efficiency update at once.

A thin view over :class:`tutor.study.hand_builder.HandBuilder`: every button calls the model,
then :meth:`HandBuilderView.refresh` redraws the hand (SVG), the remove buttons and the analysis
panel. A refused change shows the model's error message and keeps the hand.

Stable CSS classes for browser tests: ``tutor-hand-builder`` (the whole view), ``tutor-hand``
(the hand picture), ``tutor-analysis`` (the analysis panel, with ``.tutor-waits``,
``.tutor-shanten``, ``.tutor-efficiency`` inside), ``tutor-feedback`` (messages),
``tile-button-3m`` (add a tile), ``remove-button-3m`` (remove one), ``remove-meld-0``,
``tutor-notation`` / ``tutor-set``, ``tutor-variant``, ``tutor-clear``, ``tutor-meld-kind`` /
``tutor-meld-tile`` / ``tutor-meld-add``, ``tutor-seen`` / ``tutor-seen-set``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

import ipywidgets as widgets

from tutor.core.tiles import Tile
from tutor.core.variant import Variant
from tutor.display.svg import hand_svg
from tutor.display.widgets.base import (
    TilePicker,
    TutorView,
    close_tree,
    error_html,
    message_html,
)
from tutor.errors import TutorError
from tutor.study.hand_builder import MELD_CHOICES, HandBuilder

__all__ = ["HandBuilderView"]


def _button(description: str, css: str, *, tooltip: str = "", width: str = "auto",
            style: str = "") -> widgets.Button:
    button = widgets.Button(description=description, tooltip=tooltip or description,
                            button_style=style, layout=widgets.Layout(width=width))
    button.add_class(css)
    return button


class HandBuilderView(TutorView):
    """The hand builder. ``HandBuilderView("hangzhou", "45m 56p 777s 南南南 中中 白")``."""

    def __init__(self, variant: Variant | str = Variant.HUANGYAN, hand: str = "", *,
                 visible: Iterable[Tile | str] | str = (),
                 model: HandBuilder | None = None) -> None:
        self.model = model if model is not None else HandBuilder(variant, hand, visible=visible)
        self.last_error: str | None = None  # the text of the last refusal (None after a success)
        self._syncing = False
        self.variant_dropdown = widgets.Dropdown(
            options=[(v.title, v.value) for v in Variant], value=self.model.variant.value,
            description="Game:")
        self.variant_dropdown.add_class("tutor-variant")
        self.variant_dropdown.observe(self._on_variant, names="value")
        self.clear_button = _button("Clear", "tutor-clear", tooltip="empty the hand")
        self.clear_button.on_click(lambda _b: self._act(self.model.clear, "Hand cleared."))

        self.hand_html = widgets.HTML()
        self.hand_html.add_class("tutor-hand")
        self.remove_buttons: dict[Tile, widgets.Button] = {}
        self.remove_row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.remove_row.add_class("tutor-remove")
        self.meld_buttons: list[widgets.Button] = []
        self.meld_row = widgets.HBox()
        self.meld_row.add_class("tutor-meld-remove")

        self.picker = TilePicker(self.model.variant, self._on_pick)
        self.picker_box = widgets.VBox([self.picker.box])
        self.picker_box.add_class("tutor-picker")

        self.notation = widgets.Text(description="Hand:", placeholder="e.g. 1112345678999m",
                                     continuous_update=False)
        self.notation.add_class("tutor-notation")
        self.set_button = _button("Set", "tutor-set", tooltip="read the hand from the text")
        self.set_button.on_click(lambda _b: self._set_text())

        self.meld_kind = widgets.Dropdown(options=list(MELD_CHOICES), value="pong",
                                          description="Meld:")
        self.meld_kind.add_class("tutor-meld-kind")
        self.meld_tile = widgets.Text(placeholder="tile, e.g. 3m (a chow's lowest)",
                                      layout=widgets.Layout(width="200px"))
        self.meld_tile.add_class("tutor-meld-tile")
        self.meld_button = _button("Add meld", "tutor-meld-add")
        self.meld_button.on_click(lambda _b: self._add_meld())

        self.seen = widgets.Text(description="Seen:", placeholder="discards, e.g. 3m 3m 7p")
        self.seen.add_class("tutor-seen")
        self.seen_button = _button("Set seen", "tutor-seen-set",
                                   tooltip="tiles seen elsewhere lower the copies left")
        self.seen_button.on_click(lambda _b: self._set_seen())

        self.message = widgets.HTML()
        self.message.add_class("tutor-feedback")
        self.analysis_html = widgets.HTML()
        self.analysis_html.add_class("tutor-analysis")

        self.box = widgets.VBox([
            widgets.HBox([self.variant_dropdown, self.clear_button]),
            self.hand_html,
            widgets.HTML("<small>Click to take a tile back:</small>"),
            self.remove_row,
            self.meld_row,
            widgets.HTML("<small>Click a tile to add it:</small>"),
            self.picker_box,
            widgets.HBox([self.notation, self.set_button]),
            widgets.HBox([self.meld_kind, self.meld_tile, self.meld_button]),
            widgets.HBox([self.seen, self.seen_button]),
            self.message,
            self.analysis_html,
        ])
        self.box.add_class("tutor-hand-builder")
        self.seen.value = " ".join(str(t) for t in self.model.visible)
        self.refresh()

    # --- actions (what the buttons do; tests and scripts may call the click helpers) -------

    def _act(self, action: Callable[[], None], done: str) -> bool:
        """Run a model change; show its error (the hand is kept) or ``done``, then redraw."""
        try:
            action()
        except (TutorError, ValueError) as exc:
            self.last_error = str(exc)
            self.message.value = error_html(exc)
            return False
        self.last_error = None
        self.message.value = message_html(done)
        self.refresh()
        return True

    def _on_pick(self, tile: Tile) -> None:
        self._act(lambda: self.model.add(tile), f"Added {tile}.")

    def _on_remove(self, tile: Tile) -> None:
        self._act(lambda: self.model.remove(tile), f"Removed {tile}.")

    def _on_remove_meld(self, index: int) -> None:
        meld = self.model.hand.melds[index]
        self._act(lambda: self.model.remove_meld(index), f"Took back {meld}.")

    def _set_text(self) -> None:
        text = self.notation.value  # on an error the typed text stays, to be fixed
        self._act(lambda: self.model.set_text(text), "Hand set.")

    def _add_meld(self) -> None:
        kind, tile = str(self.meld_kind.value), self.meld_tile.value
        self._act(lambda: self.model.add_meld_of(kind, tile), f"Declared a {kind}.")

    def _set_seen(self) -> None:
        text = self.seen.value
        self._act(lambda: self.model.set_visible(text), "Seen tiles set.")

    def _on_variant(self, change: dict[str, object]) -> None:
        if self._syncing:
            return
        new = Variant(str(change["new"]))

        def switch() -> None:
            self.model.set_variant(new)
            old = self.picker.box
            self.picker = TilePicker(new, self._on_pick)
            self.picker_box.children = (self.picker.box,)
            close_tree(old)

        if not self._act(switch, f"Now playing {new.title}."):
            self._syncing = True  # put the dropdown back on the game that was kept
            try:
                self.variant_dropdown.value = self.model.variant.value
            finally:
                self._syncing = False

    def click_add(self, tile: Tile | str) -> None:
        """Press the picker's button for ``tile``."""
        self.picker.click(tile)

    def click_remove(self, tile: Tile | str) -> None:
        """Press the remove button of ``tile`` (a KeyError if the hand holds none)."""
        key = tile if isinstance(tile, Tile) else Tile.parse(tile)
        self.remove_buttons[key].click()

    def set_hand(self, text: str) -> None:
        """Type ``text`` in the notation box and press Set."""
        self.notation.value = text
        self.set_button.click()

    def add_meld(self, kind: str, tile: str) -> None:
        """Pick the meld kind, type its tile and press Add meld."""
        self.meld_kind.value = kind
        self.meld_tile.value = tile
        self.meld_button.click()

    def choose_variant(self, variant: Variant | str) -> None:
        self.variant_dropdown.value = Variant.parse(variant).value

    # --- drawing ------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Redraw the hand, the remove buttons and the analysis from the model."""
        model = self.model
        hand = model.hand
        if hand.size:
            self.hand_html.value = hand_svg(hand, variant=model.variant, size=40)
        else:
            self.hand_html.value = message_html("No tiles yet: click tiles below to add them.")
        stale = [*self.remove_row.children, *self.meld_row.children]
        self.remove_buttons = {}
        buttons = []
        for tile, count in sorted(Counter(hand.concealed).items()):
            label = f"− {tile}" + (f" ×{count}" if count > 1 else "")
            button = _button(label, f"remove-button-{tile}", tooltip=f"remove one {tile.name}")
            button.on_click(lambda _b, t=tile: self._on_remove(t))
            self.remove_buttons[tile] = button
            buttons.append(button)
        self.remove_row.children = tuple(buttons)
        self.meld_buttons = []
        for i, meld in enumerate(hand.melds):
            button = _button(f"take back {meld}", f"remove-meld-{i}",
                             tooltip=f"take back the {meld.kind.value} {meld}")
            button.on_click(lambda _b, n=i: self._on_remove_meld(n))
            self.meld_buttons.append(button)
        self.meld_row.children = tuple(self.meld_buttons)
        for widget in stale:
            close_tree(widget)
        self.notation.value = str(hand)
        try:
            self.analysis_html.value = model.analysis()._repr_html_()
        except (TutorError, ValueError) as exc:  # pragma: no cover - the model validates first
            self.analysis_html.value = error_html(exc)

    def summary(self) -> str:
        return self.model.summary()
