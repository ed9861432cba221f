"""Shared pieces of the settlement walkers (Huangyan, Hangzhou, Guiyang).

* :class:`StepButtons`: Start / Back / Next / End, disabled at the ends of the walk;
* :data:`NONE` and :func:`none_option`: a dropdown's "none" choice (a ``None`` value would leave
  an ipywidgets Dropdown blank: it means "no selection" there);
* :func:`walker_frame`: the walker in the projector-mode frame of
  :mod:`tutor.display.widgets.presenter`, with :data:`WALKER_CSS`: in projector mode the diagram
  fills the height of the screen, the step's text is at least 24 px and the step buttons are
  large (sizes follow the screen height: at 1080 px text is at least 24 px, and the main panel
  still fits a 1280 x 720 screen); tables a projector does not need are hidden
  (``tutor-projector-hide``).

Browser tests find: ``.tutor-walker-main``, ``.tutor-step-head``, ``.tutor-step-first``,
``.tutor-step-back``, ``.tutor-step-next``, ``.tutor-step-last``, ``.tutor-reset-example``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from tutor.display.widgets.presenter import AppFrame
from tutor.i18n import _

__all__ = ["NONE", "WALKER_CSS", "StepButtons", "from_none", "none_option", "walker_frame"]

#: The value of a dropdown's "none" option.
NONE = "none"


def none_option(label: str | None = None) -> tuple[str, str]:
    """The "none" option of a dropdown (``none``, 无 in Chinese, unless ``label`` is given)."""
    return (_("none") if label is None else label, NONE)


def from_none(value: Any) -> Any:
    """A dropdown value with the "none" option read as ``None``."""
    return None if value == NONE else value


class StepButtons:
    """|< Start, < Back, Next >, End >| in one row; :meth:`update` disables them at the ends."""

    def __init__(self, *, first: str | None = None, last: str | None = None) -> None:
        """``first`` and ``last`` label the end buttons (``|< Start`` and ``End >|`` unless
        given), in the current language."""
        self.first = widgets.Button(description=_("|< Start") if first is None else first,
                                    tooltip=_("back to the first step"))
        self.back = widgets.Button(description=_("< Back"), tooltip=_("the step before"))
        self.next = widgets.Button(description=_("Next >"), button_style="primary",
                                   tooltip=_("the next step"))
        self.last = widgets.Button(description=_("End >|") if last is None else last,
                                   tooltip=_("the last step"))
        for name in ("first", "back", "next", "last"):
            getattr(self, name).add_class(f"tutor-step-{name}")
        self.box = widgets.HBox([self.first, self.back, self.next, self.last])
        self.box.add_class("tutor-step-nav")

    def on(self, *, first: Callable[[], object], back: Callable[[], object],
           next: Callable[[], object], last: Callable[[], object]) -> None:
        for button, action in ((self.first, first), (self.back, back), (self.next, next),
                               (self.last, last)):
            button.on_click(lambda _b, act=action: act())

    def update(self, *, at_start: bool, at_end: bool, stuck: bool = False) -> None:
        """Disable Start/Back on the first step, Next/End on the last, all when ``stuck``."""
        self.first.disabled = self.back.disabled = stuck or at_start
        self.next.disabled = self.last.disabled = stuck or at_end


#: the walkers' payment diagram, in pixels wide: its smallest labels (20 of the picture's 860
#: units) are then 14 px in a notebook at 1280x720 (projector mode sizes it by the screen)
DIAGRAM_PX = 620.0

WALKER_CSS = """<style>
.tutor-walker-main { --tutor-zoom: 1; }
.tutor-walker-main .tutor-walker-body { display: flex; flex-wrap: wrap; gap: 12px 20px;
  align-items: flex-start; }
.tutor-walker-main .tutor-walker-side { flex: 1 1 360px; min-width: 0; }
.tutor-walker-main .tutor-step-head { font-size: 16px; font-weight: 600; margin: 4px 0;
  line-height: 1.3; }
.tutor-walker-main .tutor-step-nav { flex-wrap: wrap; }
.tutor-walker-main .tutor-walker-side td, .tutor-walker-main .tutor-walker-side th {
  padding: 1px 8px; }
.tutor-walker-main .tutor-step-nav button { flex-shrink: 0; }
.tutor-app.tutor-projector .tutor-walker-main .tutor-walker-body { flex-wrap: nowrap; }
.tutor-app.tutor-projector .tutor-walker-main svg.payment-diagram {
  height: calc(100vh - 120px); max-height: 1000px; max-width: 56vw; width: auto; }
.tutor-app.tutor-projector .tutor-walker-main .tutor-walker-side,
.tutor-app.tutor-projector .tutor-walker-main .tutor-walker-side p,
.tutor-app.tutor-projector .tutor-walker-main .tutor-walker-side caption,
.tutor-app.tutor-projector .tutor-walker-main .tutor-walker-side td,
.tutor-app.tutor-projector .tutor-walker-main .tutor-walker-side th {
  font-size: clamp(16px, 2.25vh, 26px); line-height: 1.3; }
.tutor-app.tutor-projector .tutor-walker-main .tutor-step-head {
  font-size: clamp(21px, 2.8vh, 32px); }
.tutor-app.tutor-projector .tutor-walker-main .tutor-step-nav button {
  font-size: clamp(18px, 2.25vh, 26px); height: clamp(40px, 4.8vh, 56px); width: auto;
  min-width: 110px; padding: 0 16px; }
.tutor-app.tutor-projector .tutor-walker-main .tutor-walker-side td,
.tutor-app.tutor-projector .tutor-walker-main .tutor-walker-side th { padding: 1px 10px; }
</style>"""


def walker_frame(main: widgets.Widget, controls: widgets.Widget, *, title: str,
                 projector: bool) -> AppFrame:
    """``main`` (the picture, the step and its buttons) and ``controls`` (the setup) in the
    projector-mode frame, with the walkers' style sheet."""
    main.add_class("tutor-walker-main")
    main.children = (widgets.HTML(WALKER_CSS), *main.children)
    return AppFrame(main, controls, title=title, projector=projector)
