"""Step through the first turns of a seeded hand on the picture of the table: a thin view over
:class:`tutor.study.first_turns.FirstTurns`.

**Back** and **Next** move one step, the slider jumps to any step; the game, the seat whose view
is shown and the random seed can be changed (a new walk is played). The caption says what
happened, with its tiles drawn; the picture is redrawn at every step.

CSS classes for browser tests: ``tutor-first-turns`` (the view), ``tutor-first-turns-picture``,
``tutor-first-turns-caption``, ``tutor-back``, ``tutor-next``.
"""

from __future__ import annotations

import html
import re

import ipywidgets as widgets

from tutor.core.tiles import Tile, Wind
from tutor.core.variant import Variant
from tutor.display.svg import tile_svg
from tutor.display.widgets.base import TutorView, error_html
from tutor.errors import TutorError
from tutor.i18n import N_, _, localize
from tutor.ledger import seat_name
from tutor.study.first_turns import FirstTurns

__all__ = ["FirstTurnsView", "caption_html"]

_TILE = re.compile(r"\b([1-9][mps]|[1-7]z)\b")


def caption_html(text: str, variant: Variant) -> str:
    """A caption with each tile code drawn as a small tile (the code kept as its alt text)."""
    joker = variant.joker
    parts = []
    last = 0
    for m in _TILE.finditer(text):
        tile = Tile.parse(m.group(1))
        parts.append(html.escape(text[last:m.start()]))
        svg = tile_svg(tile, size=26, joker=tile == joker)
        parts.append(f"<span class='tutor-inline-tile' title='{tile.name}' "
                     f"style='display:inline-block;vertical-align:middle'>{svg}</span>")
        last = m.end()
    parts.append(html.escape(text[last:]))
    return "".join(parts)


class FirstTurnsView(TutorView):
    """``FirstTurnsView("huangyan", seed=34, seat="S")``: the stepper of the first lesson."""

    def __init__(self, variant: Variant | str = Variant.HUANGYAN, *, seed: int = 34,
                 seat: Wind | str = Wind.SOUTH, moves: int = 12, size: int = 640) -> None:
        self.size = size
        self.walk = FirstTurns(variant, seed=seed, seat=seat, moves=moves)
        self.number = 0
        self.picture = widgets.HTML()
        self.picture.add_class("tutor-first-turns-picture")
        self.caption = widgets.HTML()
        self.caption.add_class("tutor-first-turns-caption")
        self.back = widgets.Button(description=_("◀ Back"), layout=widgets.Layout(width="90px"))
        self.back.add_class("tutor-back")
        self.next = widgets.Button(description=_("Next ▶"), button_style="primary",
                                   layout=widgets.Layout(width="90px"))
        self.next.add_class("tutor-next")
        self.slider = widgets.IntSlider(min=0, max=len(self.walk) - 1, value=0,
                                        description=_("Step"), continuous_update=False,
                                        layout=widgets.Layout(width="320px"))
        wide = {"description_width": "initial"}
        self.game = widgets.Dropdown(options=[(localize(v.title), v) for v in Variant],
                                     value=self.walk.variant, description=_("Game"), style=wide,
                                     layout=widgets.Layout(width="250px"))
        self.seat = widgets.Dropdown(options=[(localize(seat_name(w)), w) for w in Wind],
                                     value=self.walk.seat, description=_("Your seat"), style=wide,
                                     layout=widgets.Layout(width="170px"))
        self.seed = widgets.IntText(value=seed, description=_("Random seed"), style=wide,
                                    layout=widgets.Layout(width="170px"))
        self.deal = widgets.Button(description=_("Deal again"), button_style="info")
        self.message = widgets.HTML()
        self.back.on_click(lambda _b: self.go(self.number - 1))
        self.next.on_click(lambda _b: self.go(self.number + 1))
        self.slider.observe(lambda change: self.go(int(change["new"])), names="value")
        self.deal.on_click(lambda _b: self.redeal())
        controls = widgets.HBox([self.back, self.next, self.slider],
                                layout=widgets.Layout(align_items="center"))
        options = widgets.HBox([self.game, self.seat, self.seed, self.deal],
                               layout=widgets.Layout(flex_flow="row wrap"))
        self.box = widgets.VBox([controls, self.caption, self.picture, options, self.message])
        self.box.add_class("tutor-first-turns")
        self.go(0)

    def go(self, number: int) -> None:
        """Show step ``number`` (held to the first and last step)."""
        number = max(0, min(number, len(self.walk) - 1))
        self.number = number
        if self.slider.value != number:
            self.slider.value = number  # its observer calls go again, which changes nothing
        step = self.walk.step(number)
        where = _("Step {number} of {last}.").format(number=number, last=len(self.walk) - 1)
        gap = "" if where.endswith("。") else " "  # no space after a Chinese sentence
        self.picture.value = step.scene.svg(size=self.size)
        self.caption.value = (f"<div style='font-size:16px;min-height:3em;font-family:sans-serif'>"
                               f"<b>{html.escape(where)}</b>{gap}"
                               f"{caption_html(step.caption, self.walk.variant)}</div>")
        self.back.disabled = number == 0
        self.next.disabled = number == len(self.walk) - 1

    def redeal(self) -> None:
        """Play a new walk with the chosen game, seat and random seed."""
        try:
            walk = FirstTurns(self.game.value, seed=int(self.seed.value), seat=self.seat.value,
                              moves=self.walk.moves)
        except (TutorError, ValueError) as exc:
            self.message.value = error_html(exc)
            return
        self.message.value = ""
        self.walk = walk
        self.number = 0
        self.slider.value = 0
        self.slider.max = len(walk) - 1
        self.go(0)

    what = N_("the first turns of a hand, step by step")

    def summary(self) -> str:
        walk = self.walk
        return (f"FirstTurnsView({walk.variant.title}, random seed {walk.seed}, "
                f"{walk.seat.name.title()}'s view: step {self.number} of {len(walk) - 1})")
