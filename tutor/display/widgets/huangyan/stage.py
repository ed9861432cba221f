"""The Live Tile trainer view: pick a discard, see Live, safe or exempt."""

from __future__ import annotations

import html

import ipywidgets as widgets

from tutor.core.tiles import Tile
from tutor.display.svg import hand_svg, tile_label, tiles_svg
from tutor.display.widgets.base import TutorView, error_html, message_html
from tutor.display.widgets.huangyan.common import FONT, SEATS, on_change, seat_label
from tutor.errors import TutorError
from tutor.i18n import N_, _, localize
from tutor.study.huangyan import (
    POSITIONS,
    StageTrainer,
    Verdict,
)

# -- 3. the Live Tile trainer -------------------------------------------------------------------

class LiveTileView(TutorView):
    """A table position; the learner clicks a discard and is told Live, safe or exempt, and
    what liability would cost if an opponent won on it."""

    def __init__(self, trainer: StageTrainer | None = None) -> None:
        self.trainer = trainer if trainer is not None else StageTrainer()
        t = self.trainer
        self.error: str | None = None
        self._winner_lock = False
        self.position = widgets.Dropdown(options=[(localize(p), p) for p in POSITIONS],
                                         value=t.name, description=_("Position:"),
                                         layout=widgets.Layout(width="420px"))
        self.table = widgets.HTML()
        self.show_safe = widgets.ToggleButton(value=False, description=_("Show safe tiles"))
        self.discards = widgets.HBox()
        self.discard_buttons: dict[Tile, widgets.Button] = {}
        self.winner = widgets.Dropdown(description=_("If won by:"),
                                       layout=widgets.Layout(width="190px"))
        small = widgets.Layout(width="150px")
        self.totals = {s: widgets.IntText(value=t.totals[s], description=seat_label(s),
                                          layout=small) for s in SEATS}
        self.verdict = widgets.HTML()
        self.cost = widgets.HTML()
        self.example_button = widgets.Button(description=_("Reset to example"),
                                             tooltip=_("back to the first position"))
        self.example_button.add_class("tutor-reset-example")
        self.example_button.on_click(lambda _b: self.reset())
        on_change(self.position, self._position_changed)
        on_change(self.show_safe, self._render_table)
        for w in (self.winner, *self.totals.values()):
            on_change(w, self._cost_changed)
        your_discard = html.escape(_("Your discard:"))
        self.box = widgets.VBox([
            widgets.HBox([self.position, self.example_button]), self.table, self.show_safe,
            widgets.HTML(f"<b style='{FONT}'>{your_discard}</b>"),
            self.discards, self.verdict,
            widgets.HTML(f"<b style='{FONT}'>"
                         + html.escape(_("What would liability cost? Hand totals (East deals):"))
                         + "</b>"),
            widgets.HBox([self.winner]), widgets.HBox(list(self.totals.values())), self.cost])
        self.box.add_class("tutor-live-tiles")
        self._position_changed()

    def choose(self, name: str) -> None:
        self.position.value = name

    def reset(self) -> None:
        """Back to the first position, its totals and winner (the button does this)."""
        t = self.trainer
        t.reset()
        self._winner_lock = True
        try:
            self.position.value = t.name
            self.show_safe.value = False
            for s in SEATS:
                self.totals[s].value = t.totals[s]
        finally:
            self._winner_lock = False
        self._position_changed()

    def _position_changed(self) -> None:
        t = self.trainer
        try:
            t.choose(self.position.value)
            self.error = None
        except TutorError as exc:
            self.error = str(exc)
            self.table.value = error_html(exc)
            return
        self._quiet_winner()
        self.discard_buttons = {}
        for tile in t.position.choices:
            button = widgets.Button(description=str(tile), tooltip=tile_label(tile),
                                    layout=widgets.Layout(width="52px"))
            button.on_click(lambda _b, k=tile: self.pick(k))
            self.discard_buttons[tile] = button
        self.discards.children = tuple(self.discard_buttons.values())
        self.verdict.value = ""
        self.cost.value = ""
        self._render_table()

    def _quiet_winner(self) -> None:
        t = self.trainer
        self._winner_lock = True
        self.winner.options = [(seat_label(s), s) for s in t.opponents]
        self.winner.value = t.winner
        self._winner_lock = False

    def _render_table(self) -> None:
        pos = self.trainer.position
        rows = []
        for s in SEATS:
            tiles = pos.discards.get(s, ())
            label = (_("{seat} (you)").format(seat=seat_label(s)) if s == pos.seat
                     else seat_label(s))
            rows.append(f"<tr><td style='padding-right:8px'>{html.escape(label)}</td><td>"
                        f"{tiles_svg(tiles, size=26) if tiles else '-'}</td></tr>")
        colour = "#b00020" if pos.stage_on else "#1b7f3a"
        highlight: dict[Tile | str, str] = {}
        if self.show_safe.value:
            highlight = {k: ("#1b7f3a" if not pos.is_live(k) else "#b00020")
                         for k in pos.choices}
        so_far = html.escape(_("Discards so far (claimed ones included):"))
        yours = html.escape(_("Your hand ({seat}):").format(seat=seat_label(pos.seat)))
        self.table.value = (
            f"<div style='{FONT}'><p style='color:{colour}'><b>"
            f"{html.escape(localize(pos.stage_text()))}</b></p>"
            f"<p>{so_far}</p>"
            f"<table>{''.join(rows)}</table>"
            f"<p>{yours}</p>"
            f"{hand_svg(pos.hand, highlight=highlight)}</div>")

    def pick(self, tile: Tile | str) -> None:
        """Discard ``tile`` (as its button does)."""
        try:
            judgement = self.trainer.pick(tile)
        except (TutorError, ValueError) as exc:
            self.verdict.value = error_html(exc)
            return
        right = {Verdict.SAFE: True, Verdict.EXEMPT: True,
                 Verdict.LIVE: not judgement.stage_on}[judgement.verdict]
        self.verdict.value = message_html(
            _("{tile}: {verdict}. {why}").format(tile=judgement.tile,
                                                 verdict=_(judgement.verdict.value),
                                                 why=localize(judgement.explain())), right)
        self._render_cost()

    def _cost_changed(self) -> None:
        if self._winner_lock:
            return
        self.trainer.winner = self.winner.value
        self.trainer.totals = {s: self.totals[s].value for s in SEATS}
        if self.trainer.judgement is not None:
            self._render_cost()

    def _render_cost(self) -> None:
        t = self.trainer
        j = t.judgement
        if j is None:
            return
        try:
            cost = t.cost()
        except (TutorError, ValueError) as exc:
            self.cost.value = error_html(exc)
            return
        who = seat_label(t.position.seat)
        if j.liable_if_won_on:
            head = _("If {winner} wins on your {tile}, you are liable: you pay {pays} in all, "
                     "{extra} more than the normal settlement.").format(
                winner=seat_label(t.winner), tile=j.tile, pays=cost.liable_pays, extra=cost.extra)
        else:
            head = _("No liability for this discard: if {winner} wins on it, the normal "
                     "settlement applies ({who} {net:+d}). Liability would have cost {who} "
                     "{pays}.").format(winner=seat_label(t.winner), who=who,
                                        net=cost.normal_net, pays=cost.liable_pays)
        self.cost.value = f"<p style='{FONT}'><b>{html.escape(head)}</b></p>" + \
            cost._repr_html_()

    what = N_("the Live Tile check")

    def summary(self) -> str:
        t = self.trainer
        text = f"LiveTileView({t.name}"
        if t.judgement is not None:
            text += f": discard {t.judgement.tile} is {t.judgement.verdict.value}"
        return text + ")"
