"""The hand builder widget: click tiles in and out (or type them), declare melds, pick the game,
and watch the shanten, waits, dead waits and efficiency update at once.

A thin view over :class:`tutor.study.hand_builder.HandBuilder`, in the projector frame
(:class:`~tutor.display.widgets.presenter.AppFrame`): the main panel is the
:class:`~tutor.display.widgets.tiles.TilePicker` (the hand on a green cloth, the tile kinds with
the copies left on each, a box to type tiles) beside the analysis; the controls (game, whole
hand in notation, melds, seen tiles, clear, reset to the example) fold away in projector mode.
A refused change shows the model's error message in the picker and keeps the hand.

Stable CSS classes for browser tests: ``tutor-hand-builder`` (the frame), ``mt-picker`` (the
picker: ``.mt-hand-area .mt-tile[data-tile=3m]`` a hand tile, ``.mt-pick-area
.mt-tile[data-tile=3m]`` a kind to add, ``.mt-type-input`` the notation box, ``.mt-message``),
``tutor-analysis`` (with ``.tutor-waits``, ``.tutor-shanten``, ``.tutor-efficiency`` inside),
``tutor-notation`` / ``tutor-set``, ``tutor-variant``, ``tutor-clear``, ``tutor-reset``,
``tutor-meld-kind`` / ``tutor-meld-tile`` / ``tutor-meld-add``, ``tutor-seen`` /
``tutor-seen-set``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import ipywidgets as widgets

from tutor.core.tiles import Tile
from tutor.core.variant import Variant
from tutor.display.widgets.base import TutorView, choices, error_html
from tutor.display.widgets.presenter import AppFrame
from tutor.display.widgets.tiles import TilePicker
from tutor.errors import TutorError
from tutor.i18n import N_, _, localize, pgettext
from tutor.study.hand_builder import MELD_CHOICES, HandBuilder

__all__ = ["HandBuilderView"]

PROJECTOR_CSS = """<style>
.tutor-projector .tutor-analysis { font-size: max(15px, 2.25vh); }
.tutor-projector .tutor-analysis .tutor-wait-table,
.tutor-projector .tutor-analysis .tutor-useful-table { display: none; }
.tutor-projector .tutor-analysis svg.mahjong-tile { height: max(40px, 6.5vh); width: auto; }
.tutor-projector .tutor-analysis .tutor-efficiency tbody tr:nth-child(n+5) { display: none; }
.tutor-projector .tutor-analysis .tutor-efficiency caption::after {
  content: " (the best four; all of them in notebook mode)"; font-size: 0.8em; }
.tutor-hand-builder .tutor-analysis { min-width: 18em; flex: 1 1 22em; }
.tutor-hand-builder .tutor-builder-main { gap: 18px; }
</style>"""


def _button(description: str, css: str, *, tooltip: str = "", style: str = "") -> widgets.Button:
    button = widgets.Button(description=description, tooltip=tooltip or description,
                            button_style=style, layout=widgets.Layout(width="auto"))
    button.add_class(css)
    return button


class HandBuilderView(TutorView):
    """The hand builder. ``HandBuilderView("hangzhou", "45m 56p 777s 南南南 中中 白")``;
    ``projector=True`` opens it in projector mode (the default in the classroom apps)."""

    def __init__(self, variant: Variant | str = Variant.HUANGYAN, hand: str = "", *,
                 visible: Iterable[Tile | str] | str = (),
                 model: HandBuilder | None = None, projector: bool = False) -> None:
        self.model = model if model is not None else HandBuilder(variant, hand, visible=visible)
        self._example = (self.model.variant, self.model.text, self.model.visible)
        self.last_error: str | None = None  # the text of the last refusal (None after a success)
        self._syncing = False

        self.picker = TilePicker(self.model.variant, on_pick=self._on_pick,
                                 on_remove=self._on_remove, on_remove_meld=self._on_remove_meld,
                                 on_type=self._on_type)
        self.analysis_html = widgets.HTML()
        self.analysis_html.add_class("tutor-analysis")
        main = widgets.HBox([self.picker, self.analysis_html],
                            layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start",
                                                  width="100%"))
        main.add_class("tutor-builder-main")
        main.add_class("mt-nozoom")

        self.variant_dropdown = widgets.Dropdown(
            options=[(localize(v.title), v.value) for v in Variant],
            value=self.model.variant.value, description=_("Game:"))
        self.variant_dropdown.add_class("tutor-variant")
        self.variant_dropdown.observe(self._on_variant, names="value")
        self.clear_button = _button(_("Clear"), "tutor-clear", tooltip=_("empty the hand"))
        self.clear_button.on_click(lambda _b: self._act(self.model.clear, _("Hand cleared.")))
        self.reset_button = _button(_("Reset to the example"), "tutor-reset",
                                    tooltip=_("back to the hand this builder started with"))
        self.reset_button.on_click(lambda _b: self.reset())

        self.notation = widgets.Text(description=_("Hand:"), placeholder=_("e.g. 1112345678999m"),
                                     continuous_update=False)
        self.notation.add_class("tutor-notation")
        self.set_button = _button(_("Set"), "tutor-set",
                                  tooltip=_("read the whole hand from the text"))
        self.set_button.on_click(lambda _b: self._set_text())

        melds = choices([(pgettext("meld", k), k) for k in MELD_CHOICES])
        self.meld_kind = widgets.Dropdown(options=melds, value="pong", description=_("Meld:"))
        self.meld_kind.add_class("tutor-meld-kind")
        self.meld_tile = widgets.Text(placeholder=_("tile, e.g. 3m (a chow's lowest)"),
                                      layout=widgets.Layout(width="200px"))
        self.meld_tile.add_class("tutor-meld-tile")
        self.meld_button = _button(_("Add meld"), "tutor-meld-add")
        self.meld_button.on_click(lambda _b: self._add_meld())

        self.seen = widgets.Text(description=_("Seen:"), placeholder=_("discards, e.g. 3m 3m 7p"))
        self.seen.add_class("tutor-seen")
        self.seen_button = _button(_("Set seen"), "tutor-seen-set",
                                   tooltip=_("tiles seen elsewhere lower the copies left"))
        self.seen_button.on_click(lambda _b: self._set_seen())

        controls = widgets.VBox([
            widgets.HBox([self.variant_dropdown, self.clear_button, self.reset_button]),
            widgets.HBox([self.notation, self.set_button]),
            widgets.HBox([self.meld_kind, self.meld_tile, self.meld_button]),
            widgets.HBox([self.seen, self.seen_button]),
        ])
        self.frame = AppFrame(main, controls, title=_("Hand builder"), projector=projector)
        self.frame.box.children = (widgets.HTML(PROJECTOR_CSS), *self.frame.box.children)
        self.box = self.frame.box
        self.box.add_class("tutor-hand-builder")
        self.seen.value = " ".join(str(t) for t in self.model.visible)
        self.refresh()

    # --- actions (what the clicks do; tests and scripts may call the helpers below) ---------

    def _act(self, action: Callable[[], None], done: str) -> bool:
        """Run a model change; show its error (the hand is kept) or ``done``, then redraw."""
        try:
            action()
        except (TutorError, ValueError) as exc:
            self.last_error = str(exc)
            self.picker.say(str(exc), "error")
            return False
        self.last_error = None
        self.picker.say(done, "ok")
        self.refresh()
        return True

    def _on_pick(self, tile: Tile) -> None:
        self._act(lambda: self.model.add(tile), _("Added {tile}.").format(tile=tile))

    def _on_remove(self, tile: Tile) -> None:
        self._act(lambda: self.model.remove(tile), _("Took back {tile}.").format(tile=tile))

    def _on_remove_meld(self, index: int) -> None:
        def take_back() -> None:
            self.model.remove_meld(index)

        melds = self.model.hand.melds
        name = str(melds[index]) if 0 <= index < len(melds) else _("meld {n}").format(n=index)
        self._act(take_back, _("Took back {tile}.").format(tile=name))

    def _on_type(self, text: str) -> None:
        added: list[Tile] = []
        self._act(lambda: added.extend(self.model.add_tiles(text)),
                  _("Added {tile}.").format(tile=text.strip()))

    def _set_text(self) -> None:
        text = self.notation.value  # on an error the typed text stays, to be fixed
        self._act(lambda: self.model.set_text(text), _("Hand set."))

    def _add_meld(self) -> None:
        kind, tile = str(self.meld_kind.value), self.meld_tile.value
        self._act(lambda: self.model.add_meld_of(kind, tile),
                  _("Declared: {meld}.").format(meld=pgettext("meld", kind)))

    def _set_seen(self) -> None:
        text = self.seen.value
        self._act(lambda: self.model.set_visible(text), _("Seen tiles set."))

    def _on_variant(self, change: dict[str, object]) -> None:
        if self._syncing:
            return
        new = Variant(str(change["new"]))

        def switch() -> None:
            self.model.set_variant(new)
            self.picker.set_variant(new)

        if not self._act(switch, _("Now playing {game}.").format(game=localize(new.title))):
            self._sync_variant()

    def _sync_variant(self) -> None:
        """Put the dropdown on the model's game without acting on it."""
        self._syncing = True
        try:
            self.variant_dropdown.value = self.model.variant.value
        finally:
            self._syncing = False

    def reset(self) -> None:
        """Back to the example this builder was opened with (game, hand and seen tiles)."""
        variant, text, visible = self._example

        def restore() -> None:
            self.model.clear()
            self.model.set_visible(())
            self.model.set_variant(variant)
            self.model.set_text(text)
            self.model.set_visible(visible)
            self.picker.set_variant(variant)

        self._act(restore, _("Back to the example."))
        self._sync_variant()
        self.seen.value = " ".join(str(t) for t in self.model.visible)

    def click_add(self, tile: Tile | str) -> None:
        """Click ``tile`` in the picker."""
        self.picker.click(tile)

    def click_remove(self, tile: Tile | str) -> None:
        """Click a tile of the hand to take it back."""
        self.picker.click_hand(tile)

    def type_tiles(self, text: str) -> None:
        """Type ``text`` in the picker's notation box and press Enter."""
        self.picker.type(text)

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
        """Redraw the hand, the copies left and the analysis from the model."""
        model = self.model
        try:
            analysis = model.analysis()
            html = analysis._repr_html_()
            highlight = (analysis.best_discards if model.size == 14 else ())
        except (TutorError, ValueError) as exc:  # pragma: no cover - the model validates first
            html, highlight = error_html(exc), ()
        self.picker.show(model.hand, left=model.available(), highlight=highlight)
        self.notation.value = model.text
        self.analysis_html.value = html

    what = N_("the hand builder")

    def summary(self) -> str:
        return self.model.summary()
