"""Play a hand against bots: the learner's view, one button per legal move, hints, the log and
the settlement explained at the end. A thin view over :class:`tutor.study.play.PlayTable`.

CSS classes for browser tests: ``tutor-play`` (the view), ``tutor-table`` (the other seats),
``tutor-own-hand``, ``tutor-actions`` with ``action-discard-3m``-style buttons, ``tutor-hint``,
``tutor-hint-button``, ``tutor-log``, ``tutor-result``.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from tutor.core.variant import Variant
from tutor.display.svg import hand_svg, meld_svg, tiles_svg
from tutor.display.widgets.base import TutorView, close_tree, error_html, message_html
from tutor.errors import TutorError
from tutor.game.actions import Action
from tutor.study.play import PlayTable

__all__ = ["PlayView"]


def _css(action: Action) -> str:
    tile = f"-{action.tile}" if action.tile is not None else ""
    return f"action-{action.kind.value}{tile}"


class PlayView(TutorView):
    """``PlayView("huangyan", seed=3)``: you are East unless ``seat`` says otherwise."""

    def __init__(self, variant: Variant | str = Variant.HUANGYAN, *, seed: int = 0,
                 seat: str = "E", bots: tuple[str, ...] = ("sensible",),
                 overrides: dict[str, Any] | None = None,
                 table: PlayTable | None = None) -> None:
        self.table = table or PlayTable(variant, seed=seed, seat=seat, bots=bots,
                                        overrides=overrides)
        self.header = widgets.HTML()
        self.others = widgets.HTML()
        self.others.add_class("tutor-table")
        self.own = widgets.HTML()
        self.own.add_class("tutor-own-hand")
        self.actions = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.actions.add_class("tutor-actions")
        self.hint_button = widgets.Button(description="Hint", icon="lightbulb-o")
        self.hint_button.add_class("tutor-hint-button")
        self.hint_button.on_click(lambda _b: self.show_hint())
        self.hint = widgets.HTML()
        self.hint.add_class("tutor-hint")
        self.log = widgets.HTML()
        self.log.add_class("tutor-log")
        self.result = widgets.HTML()
        self.result.add_class("tutor-result")
        self.seed = widgets.IntText(value=self.table.seed, description="Random seed:",
                                    layout=widgets.Layout(width="160px"))
        self.deal = widgets.Button(description="New hand", button_style="info")
        self.deal.on_click(lambda _b: self.new_hand(int(self.seed.value)))
        self.box = widgets.VBox([self.header, self.others, self.own, self.actions,
                                 widgets.HBox([self.hint_button, self.seed, self.deal]),
                                 self.hint, self.result, self.log])
        self.box.add_class("tutor-play")
        self.refresh()

    # -- actions --------------------------------------------------------------------------
    def play(self, action: Action | str) -> None:
        """Make a move as the learner (what clicking its button does)."""
        try:
            self.table.play(action)
        except (TutorError, ValueError) as exc:
            self.hint.value = error_html(exc)
            return
        self.hint.value = ""
        self.refresh()

    def show_hint(self) -> str:
        text = self.table.hint()
        self.hint.value = "".join(f"<div>{html.escape(line)}</div>" for line in text.split("\n"))
        return text

    def new_hand(self, seed: int) -> None:
        self.table.new_hand(seed)
        self.hint.value = ""
        self.refresh()

    # -- drawing --------------------------------------------------------------------------
    def refresh(self) -> None:
        table = self.table
        view = table.view()
        variant = table.variant
        stage = f" — <b>{html.escape(view.stage)}</b>" if view.stage else ""
        self.header.value = (f"<div style='font-family:sans-serif'>{variant.title}, seed "
                             f"{table.seed}. You are <b>{table.seat.name.title()}</b>. "
                             f"Live wall: {view.live_wall} tiles{stage}.</div>")
        rows = []
        for seat, other in view.others.items():
            melds = "".join(meld_svg(m, size=26, variant=variant) for m in other.melds)
            hidden = (f" + {other.concealed_kongs} concealed kong(s)"
                      if other.concealed_kongs else "")
            rows.append(f"<div><b>{seat.name.title()}</b>: {other.tiles_in_hand} tiles in hand"
                        f"{hidden} {melds}<br>discards: "
                        f"{tiles_svg(other.discards, size=22) if other.discards else 'none'}"
                        "</div>")
        own_discards = view.discards.get(table.seat, ())
        self.others.value = "".join(rows)
        drawn = view.drawn if view.drawn is not None and view.drawn in view.hand.concealed \
            else None
        picture = hand_svg(view.hand, variant=variant, drawn=drawn)
        self.own.value = (f"<div><b>Your hand</b></div>{picture}<div>your discards: "
                          f"{tiles_svg(own_discards, size=22) if own_discards else 'none'}</div>")
        buttons = []
        for action in table.legal():
            button = widgets.Button(description=str(action), tooltip=str(action),
                                    layout=widgets.Layout(width="auto"))
            button.add_class(_css(action))
            button.on_click(lambda _b, a=action: self.play(a))
            buttons.append(button)
        for old in self.actions.children:
            close_tree(old)
        self.actions.children = tuple(buttons)
        self.log.value = ("<pre style='font-size:11px'>" +
                          html.escape("\n".join(table.log(10))) + "</pre>")
        result = table.result()
        self.result.value = (message_html(result).replace("\n", "<br>")
                             if result is not None else "")

    def summary(self) -> str:
        table = self.table
        state = ("finished: " + str(table.state.outcome) if table.finished else
                 f"{len(table.legal())} moves to choose from" if table.to_act else "waiting")
        return (f"PlayView({table.variant.value}, seed {table.seed}, "
                f"{table.seat.name.title()}: {state})")
