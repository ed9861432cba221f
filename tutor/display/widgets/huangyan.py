"""Huangyan Reckoning views: the score sheet, the settlement walker and the Live Tile trainer.

Thin ipywidgets views over :mod:`tutor.study.huangyan`: controls set the model's choices, the
model computes, and the view renders HTML (tile SVGs, tables, a matplotlib diagram as SVG).
Errors from the model are shown as messages, never as tracebacks.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from tutor.core.hand import format_tiles
from tutor.core.tiles import Tile, Wind
from tutor.display.html import table_html
from tutor.display.plots import figure_svg, payments_figure
from tutor.display.svg import hand_svg, tiles_svg
from tutor.display.widgets.base import TutorView, error_html, message_html
from tutor.errors import TutorError
from tutor.ledger import Seat
from tutor.study.huangyan import (
    POSITIONS,
    PRESETS,
    SEED_TOTALS,
    ScoreSheetModel,
    SettlementWalk,
    StageTrainer,
    Verdict,
    explain_line,
)
from tutor.variants.huangyan.rules import HUANGYAN_RULES, HuangyanRules, LiabilityPayee, Rounding
from tutor.variants.huangyan.sheet import ScoreSheet

__all__ = ["LiveTileView", "ScoreSheetView", "SettlementWalkView"]

SEATS = tuple(Wind)
_SEAT_OPTIONS = [(s.name.title(), s) for s in SEATS]
_FONT = "font-family:sans-serif"


def _title(seat: Seat) -> str:
    return seat.name.title()


def _on_change(widget: widgets.Widget, handler: Callable[[], None]) -> None:
    widget.observe(lambda _change: handler(), names="value")


# -- 1. the score sheet -------------------------------------------------------------------------

class ScoreSheetView(TutorView):
    """A hand, the winning tile, the situation and the ruleset options; the itemized sheet."""

    def __init__(self, model: ScoreSheetModel | None = None) -> None:
        self.model = model if model is not None else ScoreSheetModel()
        m = self.model
        self.sheet: ScoreSheet | None = None
        self.error: str | None = None
        self._quiet = False
        self.hand_text = widgets.Text(value=str(m.hand), description="Hand:",
                                      layout=widgets.Layout(width="360px"))
        self.set_button = widgets.Button(description="Set", button_style="primary")
        self.set_button.on_click(lambda _b: self.set_hand())
        self.win_tile = widgets.Dropdown(description="Won on:", layout=widgets.Layout(
            width="160px"))
        self.seat = widgets.Dropdown(options=_SEAT_OPTIONS, value=m.seat, description="Seat:",
                                     layout=widgets.Layout(width="160px"))
        self.role = widgets.ToggleButtons(options=[("winner", True), ("non-winner", False)],
                                          value=m.winner)
        self.self_draw = widgets.Checkbox(value=m.self_draw, description="self-draw")
        self.kong_draw = widgets.Checkbox(value=m.kong_draw, description="Kong Draw")
        self.robbing = widgets.Checkbox(value=m.robbing_the_kong,
                                        description="Robbing the Kong")
        self.last_tile = widgets.Checkbox(value=m.last_tile, description="last tile")
        self.limit = widgets.IntText(value=m.limit or 0, description="Limit (0: none):",
                                     style={"description_width": "initial"},
                                     layout=widgets.Layout(width="180px"))
        self.prevailing = widgets.Dropdown(options=[("none", None), *_SEAT_OPTIONS],
                                           value=m.prevailing_wind, description="Round wind:",
                                           style={"description_width": "initial"})
        self.rounding = widgets.Dropdown(options=[("up", Rounding.UP), ("down", Rounding.DOWN)],
                                         value=m.rounding, description="Halves round:",
                                         style={"description_width": "initial"})
        self.output = widgets.HTML()
        self._fill_win_tiles()
        for w in (self.win_tile, self.seat, self.role, self.self_draw, self.kong_draw,
                  self.robbing, self.last_tile, self.limit, self.prevailing, self.rounding):
            _on_change(w, self.update)
        situation = widgets.HBox([self.self_draw, self.kong_draw, self.robbing, self.last_tile])
        options = widgets.HBox([self.limit, self.prevailing, self.rounding])
        self.box = widgets.VBox([
            widgets.HBox([self.hand_text, self.set_button]),
            widgets.HBox([self.win_tile, self.seat, self.role]), situation, options,
            self.output])
        self.box.add_class("tutor-score-sheet")
        self.update()

    def _fill_win_tiles(self) -> None:
        self._quiet = True
        try:
            kinds = self.model.win_kinds
            self.win_tile.options = [(str(t), t) for t in kinds]
            self.win_tile.value = self.model.win_tile
        finally:
            self._quiet = False

    def set_hand(self, text: str | None = None) -> None:
        """Read the hand box (or ``text``) into the model and re-score."""
        if text is not None:
            self.hand_text.value = text
        try:
            self.model.set_hand(self.hand_text.value)
        except TutorError as exc:
            self._show_error(exc)
            return
        self._fill_win_tiles()
        self.update()

    def _show_error(self, exc: BaseException) -> None:
        self.sheet = None
        self.error = str(exc)
        self.output.value = error_html(exc)

    def update(self) -> None:
        """Copy the controls into the model and show the sheet (or the error)."""
        if self._quiet:
            return
        m = self.model
        m.win_tile = self.win_tile.value
        m.seat = self.seat.value
        m.winner = self.role.value
        m.self_draw, m.kong_draw = self.self_draw.value, self.kong_draw.value
        m.robbing_the_kong, m.last_tile = self.robbing.value, self.last_tile.value
        m.limit = self.limit.value or None
        m.prevailing_wind = self.prevailing.value
        m.rounding = self.rounding.value
        self.win_tile.disabled = not m.winner
        try:
            sheet = m.sheet()
            collection = m.collection(sheet)
        except (TutorError, ValueError) as exc:
            self._show_error(exc)
            return
        self.sheet, self.error = sheet, None
        self.output.value = self._sheet_html(sheet, collection, m.rules)

    def _sheet_html(self, sheet: ScoreSheet, collection: str, rules: HuangyanRules) -> str:
        rows = [(line.item, line.chinese, line.points or "", line.doubles or "",
                 format_tiles(line.tiles), explain_line(line, rules)) for line in sheet.lines]
        table = table_html(("item", "Chinese", "points", "doubles", "tiles", "why"), rows,
                           numeric=(2, 3), css_class="tutor-table tutor-sheet-lines")
        drawn = self.model.win_tile if sheet.winner else None
        reading = (f"<p style='{_FONT}'>reading: {html.escape(sheet.reading)}</p>"
                   if sheet.reading else "")
        return (f"<div style='{_FONT}'>{hand_svg(sheet.hand, drawn=drawn)}"
                f"<p><b>{html.escape(sheet._title())}</b></p>{reading}{table}"
                f"<p class='tutor-total'><b>total: {html.escape(sheet.formula)}</b></p>"
                f"<p>{html.escape(collection)}</p></div>")

    def summary(self) -> str:
        if self.error is not None:
            return f"ScoreSheetView({self.model.hand}: error: {self.error})"
        assert self.sheet is not None
        how = (f" on {self.model.win_tile} by {self.sheet.situation.how}"
               if self.sheet.situation else " as a non-winner")
        return (f"ScoreSheetView({self.sheet.hand}{how}, seat {_title(self.sheet.seat)}: "
                f"{self.sheet.formula})")


# -- 2. the settlement walker -------------------------------------------------------------------

class SettlementWalkView(TutorView):
    """Dealer, winner, totals (typed or from hands), stacks and liability; then step through
    the payments with Next / Back / Reset and a diagram of what has been paid so far."""

    CUSTOM = "(your own)"

    def __init__(self, preset: str = "Seed example 1: East (dealer) wins 20", *,
                 rules: HuangyanRules = HUANGYAN_RULES) -> None:
        self.rules = rules
        self.walk: SettlementWalk | None = None
        self.error: str | None = None
        self._quiet = False
        self.preset = widgets.Dropdown(options=[self.CUSTOM, *PRESETS], value=self.CUSTOM,
                                       description="Example:",
                                       layout=widgets.Layout(width="420px"))
        self.dealer = widgets.Dropdown(options=_SEAT_OPTIONS, value=Wind.EAST,
                                       description="Dealer:", layout=widgets.Layout(
                                           width="170px"))
        self.winner = widgets.Dropdown(options=_SEAT_OPTIONS, value=Wind.EAST,
                                       description="Winner:", layout=widgets.Layout(
                                           width="170px"))
        small = widgets.Layout(width="150px")
        self.totals = {s: widgets.IntText(value=SEED_TOTALS[s], description=_title(s),
                                          layout=small) for s in SEATS}
        self.use_stacks = widgets.Checkbox(value=False, description="table stacks")
        self.stacks = {s: widgets.IntText(value=20, description=_title(s), layout=small)
                       for s in SEATS}
        self.liable = widgets.Dropdown(options=[("none", None), *_SEAT_OPTIONS], value=None,
                                       description="Liable:", layout=widgets.Layout(
                                           width="170px"))
        self.payee = widgets.Dropdown(
            options=[("the winner (one-player settlement)", LiabilityPayee.WINNER),
                     ("the normal receivers", LiabilityPayee.NORMAL)],
            value=rules.liability_payee, description="Liable pays pairs to:",
            style={"description_width": "initial"}, layout=widgets.Layout(width="420px"))
        self.hands = {s: widgets.Text(description=_title(s), layout=widgets.Layout(
            width="300px")) for s in SEATS}
        self.win_tile = widgets.Text(description="Won on:", layout=small)
        self.self_draw = widgets.Checkbox(value=False, description="self-draw")
        self.from_hands = widgets.Button(description="Totals from hands")
        self.from_hands.on_click(lambda _b: self.totals_from_hands())
        self.hands_note = widgets.HTML()
        self.next_button = widgets.Button(description="Next", button_style="primary")
        self.back_button = widgets.Button(description="Back")
        self.reset_button = widgets.Button(description="Reset")
        self.next_button.on_click(lambda _b: self.step(1))
        self.back_button.on_click(lambda _b: self.step(-1))
        self.reset_button.on_click(lambda _b: self.step(0))
        self.status = widgets.HTML()
        self.figure = widgets.HTML()
        self.table = widgets.HTML()
        _on_change(self.preset, self._preset_changed)
        for w in (self.dealer, self.winner, self.use_stacks, self.liable, self.payee,
                  *self.totals.values(), *self.stacks.values()):
            _on_change(w, self._controls_changed)
        hands_box = widgets.VBox([
            widgets.HTML(f"<p style='{_FONT}'>Or type the four hands (the winner's 14 tiles "
                         "and its winning tile, the others' 13) and score them:</p>"),
            widgets.HBox([self.hands[Wind.EAST], self.hands[Wind.SOUTH]]),
            widgets.HBox([self.hands[Wind.WEST], self.hands[Wind.NORTH]]),
            widgets.HBox([self.win_tile, self.self_draw, self.from_hands]), self.hands_note])
        self.box = widgets.VBox([
            self.preset, widgets.HBox([self.dealer, self.winner]),
            widgets.HTML(f"<b style='{_FONT}'>Hand totals</b>"),
            widgets.HBox(list(self.totals.values())), hands_box,
            widgets.HBox([self.use_stacks, *self.stacks.values()]),
            widgets.HBox([self.liable, self.payee]),
            widgets.HBox([self.back_button, self.next_button, self.reset_button]),
            self.status, widgets.HBox([self.figure, self.table])])
        self.box.add_class("tutor-settlement-walk")
        if preset != self.CUSTOM:
            self.preset.value = preset
        else:
            self._controls_changed()

    # -- controls -> model ----------------------------------------------------------------
    def choose(self, preset: str) -> None:
        """Pick a preset (as the Example dropdown does)."""
        self.preset.value = preset

    def _preset_changed(self) -> None:
        name = self.preset.value
        if name == self.CUSTOM:
            return
        spec: dict[str, Any] = PRESETS[name]
        self._quiet = True
        try:
            self.dealer.value = spec["dealer"]
            self.winner.value = spec["winner"]
            for s in SEATS:
                self.totals[s].value = spec["totals"][s]
            stacks = spec.get("stacks")
            self.use_stacks.value = stacks is not None
            for s in SEATS:
                self.stacks[s].value = stacks[s] if stacks is not None else 20
            self.liable.value = spec.get("liable")
        finally:
            self._quiet = False
        self._rebuild()

    def _controls_changed(self) -> None:
        if self._quiet:
            return
        if self.preset.value != self.CUSTOM:
            self._quiet = True
            self.preset.value = self.CUSTOM
            self._quiet = False
        self._rebuild()

    def totals_from_hands(self) -> None:
        """Score the typed hands and put their totals in the total boxes."""
        try:
            sheets = SettlementWalk.sheets_from_hands(
                winner=self.winner.value, win_tile=self.win_tile.value.strip(),
                self_draw=self.self_draw.value, rules=self.rules,
                hands={s: self.hands[s].value for s in SEATS})
        except (TutorError, ValueError) as exc:
            self.hands_note.value = error_html(exc)
            return
        self._quiet = True
        try:
            for s in SEATS:
                self.totals[s].value = sheets[s].total
        finally:
            self._quiet = False
        self.hands_note.value = message_html("; ".join(
            f"{_title(s)} {sheets[s].formula}" for s in SEATS))
        self._controls_changed()

    def _rules(self) -> HuangyanRules:
        return self.rules.replace(liability_payee=self.payee.value)

    def _rebuild(self) -> None:
        try:
            self.walk = SettlementWalk(
                winner=self.winner.value, dealer=self.dealer.value,
                totals={s: self.totals[s].value for s in SEATS}, liable=self.liable.value,
                stacks=({s: self.stacks[s].value for s in SEATS}
                        if self.use_stacks.value else None), rules=self._rules())
            self.error = None
        except (TutorError, ValueError) as exc:
            self.walk, self.error = None, str(exc)
        self._render()

    # -- stepping -------------------------------------------------------------------------
    def step(self, direction: int) -> None:
        """1: Next, -1: Back, 0: Reset (as the buttons do)."""
        if self.walk is None:
            return
        if direction > 0:
            self.walk.next()
        elif direction < 0:
            self.walk.back()
        else:
            self.walk.reset()
        self._render()

    def _render(self) -> None:
        walk = self.walk
        for b in (self.next_button, self.back_button, self.reset_button):
            b.disabled = walk is None
        if walk is None:
            self.status.value = error_html(self.error or "")
            self.figure.value = ""
            self.table.value = ""
            return
        self.next_button.disabled = walk.at_end
        self.back_button.disabled = self.reset_button.disabled = walk.at_start
        r = walk.reckoning
        head = f"Step {walk.current} of {len(walk.steps)}: {walk.step_title}"
        lines = [f"<p><b>{html.escape(head)}</b></p>"]
        if not walk.at_start:
            lines += [f"<p>{html.escape(str(p))}</p>" for p in walk.steps[walk.current - 1]
                      .payments]
        if walk.at_end and r.stacks_after is not None:
            lines.append(f"<p>match over: {'yes' if r.match_over else 'no'}</p>")
        self.status.value = f"<div style='{_FONT}'>{''.join(lines)}</div>"
        stacks = walk.stacks_after()
        fig = payments_figure(walk.payments_so_far(), title=f"Step {walk.current} of "
                              f"{len(walk.steps)}", net=walk.net_after(), stacks=stacks,
                              highlight=r.winner, size=3.8)
        self.figure.value = figure_svg(fig)
        net = walk.net_after()
        rows = [(_title(s), r.totals[s], f"{net[s]:+d}", stacks[s] if stacks else "")
                for s in SEATS]
        self.table.value = table_html(("seat", "total used", "net so far", "stack"), rows,
                                      numeric=(1, 2, 3))

    def summary(self) -> str:
        if self.walk is None:
            return f"SettlementWalkView(error: {self.error})"
        net = self.walk.net_after()
        nets = ", ".join(f"{s.letter} {net[s]:+d}" for s in SEATS)
        return (f"SettlementWalkView({_title(self.winner.value)} wins, step "
                f"{self.walk.current} of {len(self.walk.steps)}: {nets})")


# -- 3. the Live Tile trainer -------------------------------------------------------------------

class LiveTileView(TutorView):
    """A table position; the learner clicks a discard and is told Live, safe or exempt, and
    what liability would cost if an opponent won on it."""

    def __init__(self, trainer: StageTrainer | None = None) -> None:
        self.trainer = trainer if trainer is not None else StageTrainer()
        t = self.trainer
        self.error: str | None = None
        self._winner_lock = False
        self.position = widgets.Dropdown(options=list(POSITIONS), value=t.name,
                                         description="Position:",
                                         layout=widgets.Layout(width="420px"))
        self.table = widgets.HTML()
        self.show_safe = widgets.ToggleButton(value=False, description="Show safe tiles")
        self.discards = widgets.HBox()
        self.discard_buttons: dict[Tile, widgets.Button] = {}
        self.winner = widgets.Dropdown(description="If won by:",
                                       layout=widgets.Layout(width="190px"))
        small = widgets.Layout(width="150px")
        self.totals = {s: widgets.IntText(value=t.totals[s], description=_title(s),
                                          layout=small) for s in SEATS}
        self.verdict = widgets.HTML()
        self.cost = widgets.HTML()
        _on_change(self.position, self._position_changed)
        _on_change(self.show_safe, self._render_table)
        for w in (self.winner, *self.totals.values()):
            _on_change(w, self._cost_changed)
        self.box = widgets.VBox([
            self.position, self.table, self.show_safe,
            widgets.HTML(f"<b style='{_FONT}'>Your discard:</b>"), self.discards, self.verdict,
            widgets.HTML(f"<b style='{_FONT}'>What would liability cost? Hand totals "
                         "(East deals):</b>"),
            widgets.HBox([self.winner]), widgets.HBox(list(self.totals.values())), self.cost])
        self.box.add_class("tutor-live-tiles")
        self._position_changed()

    def choose(self, name: str) -> None:
        self.position.value = name

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
            button = widgets.Button(description=str(tile), tooltip=tile.name,
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
        self.winner.options = [(_title(s), s) for s in t.opponents]
        self.winner.value = t.winner
        self._winner_lock = False

    def _render_table(self) -> None:
        pos = self.trainer.position
        rows = []
        for s in SEATS:
            tiles = pos.discards.get(s, ())
            label = f"{_title(s)} (you)" if s == pos.seat else _title(s)
            rows.append(f"<tr><td style='padding-right:8px'>{html.escape(label)}</td><td>"
                        f"{tiles_svg(tiles, size=26) if tiles else '-'}</td></tr>")
        colour = "#b00020" if pos.stage_on else "#1b7f3a"
        highlight: dict[Tile | str, str] = {}
        if self.show_safe.value:
            highlight = {k: ("#1b7f3a" if not pos.is_live(k) else "#b00020")
                         for k in pos.choices}
        self.table.value = (
            f"<div style='{_FONT}'><p style='color:{colour}'><b>"
            f"{html.escape(pos.stage_text())}</b></p><p>Discards so far (claimed ones "
            f"included):</p><table>{''.join(rows)}</table><p>Your hand "
            f"({_title(pos.seat)}):</p>{hand_svg(pos.hand, highlight=highlight)}</div>")

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
            f"{judgement.tile}: {judgement.verdict.value}. {judgement.explain()}", right)
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
        who = _title(t.position.seat)
        if j.liable_if_won_on:
            head = (f"If {_title(t.winner)} wins on your {j.tile}, you are liable: you pay "
                    f"{cost.liable_pays} in all, {cost.extra} more than the normal settlement.")
        else:
            head = (f"No liability for this discard: if {_title(t.winner)} wins on it, the "
                    f"normal settlement applies ({who} {cost.normal_net:+d}). Liability would "
                    f"have cost {who} {cost.liable_pays}.")
        self.cost.value = f"<p style='{_FONT}'><b>{html.escape(head)}</b></p>" + \
            cost._repr_html_()

    def summary(self) -> str:
        t = self.trainer
        text = f"LiveTileView({t.name}"
        if t.judgement is not None:
            text += f": discard {t.judgement.tile} is {t.judgement.verdict.value}"
        return text + ")"
