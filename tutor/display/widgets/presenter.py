"""Projector mode: the frame every classroom app is shown in.

An app is a main picture (the table, the hand, the settlement diagram) and its controls.
:class:`AppFrame` puts them in one box with a "Projector mode" switch:

* **projector mode** (the default in ``notebooks/apps/``): the main picture comes first and large
  (the ``.tutor-main`` panel is zoomed, so tiles drawn 44 px wide in a notebook become about 80 px
  tall and 13-14 px text becomes at least 24 px), the controls fold into a closed "Controls"
  section under it, and nothing else is shown;
* **notebook mode**: the same widgets at their normal size with the controls open.

The switch only changes CSS classes and the accordion, never the model, so the view keeps its
state. The look is one ``<style>`` block (``APP_CSS``); views mark their parts with the classes
``tutor-main`` (set by the frame) and may add ``tutor-projector-hide`` to anything a projector
should not show (command lines, long explanations).

Browser tests find: ``.tutor-app`` (the frame), ``.tutor-projector`` (on the frame in projector
mode), ``.tutor-projector-toggle`` (the switch), ``.tutor-main``, ``.tutor-controls``.
"""

from __future__ import annotations

import html

import ipywidgets as widgets

from tutor.i18n import _

__all__ = ["APP_CSS", "AppFrame"]

#: The frame's style sheet. ``--tutor-zoom`` (1.8) is the projector zoom of the main panel; an app
#: that needs another sets it on its own main panel's class.
APP_CSS = """<style>
.tutor-app { width: 100%; box-sizing: border-box; font-family: sans-serif;
             --jp-widgets-font-size: 14px; }
.tutor-app .tutor-app-title { font-size: 18px; font-weight: 600; }
.tutor-app.tutor-projector .tutor-app-title { font-size: 28px; }
.tutor-app.tutor-projector .tutor-main { zoom: var(--tutor-zoom, 1.8); }
.tutor-app.tutor-projector .tutor-projector-hide { display: none !important; }
.tutor-app .tutor-projector-toggle { margin-left: auto; font-size: 14px; }
.tutor-app .jupyter-widget-Collapse-header, .tutor-app .lm-Collapse-header { font-size: 14px; }
.tutor-app .jupyter-widget-Collapse-header, .tutor-app .lm-Collapse-header { color: #333; }
</style>"""


class AppFrame:
    """``AppFrame(main, controls, title="Hand builder", projector=True)``: ``box`` is the
    widget to show; ``projector`` switches the layout (also from the toggle button)."""

    def __init__(self, main: widgets.Widget, controls: widgets.Widget | None = None, *,
                 title: str = "", projector: bool = False) -> None:
        self.main = main
        self.main.add_class("tutor-main")
        self.toggle = widgets.ToggleButton(value=projector, description=_("Projector mode"),
                                           tooltip=_("large picture for a projector"))
        self.toggle.add_class("tutor-projector-toggle")
        heading = f"<div class='tutor-app-title'>{html.escape(title)}</div>" if title else ""
        self.title = widgets.HTML(heading)
        header = widgets.HBox([self.title, self.toggle],
                              layout=widgets.Layout(width="100%", align_items="center"))
        parts: list[widgets.Widget] = [widgets.HTML(APP_CSS), header, main]
        self.controls: widgets.Accordion | None = None
        if controls is not None:
            self.controls = widgets.Accordion(children=[controls], titles=(_("Controls"),))
            self.controls.add_class("tutor-controls")
            parts.append(self.controls)
        self.box = widgets.VBox(parts, layout=widgets.Layout(width="100%"))
        self.box.add_class("tutor-app")
        self.toggle.observe(lambda change: self._apply(bool(change["new"])), names="value")
        self._apply(projector)

    @property
    def projector(self) -> bool:
        return bool(self.toggle.value)

    @projector.setter
    def projector(self, on: bool) -> None:
        self.toggle.value = on  # the observer applies it

    def _apply(self, on: bool) -> None:
        if on:
            self.box.add_class("tutor-projector")
        else:
            self.box.remove_class("tutor-projector")
        if self.controls is not None:
            self.controls.selected_index = None if on else 0
