"""The score sheet view: a hand, its situation and options, the itemized sheet."""

from __future__ import annotations

import html

import ipywidgets as widgets

from tutor.core.hand import format_tiles
from tutor.display.html import table_html
from tutor.display.svg import hand_svg
from tutor.display.widgets.base import TutorView, error_html
from tutor.display.widgets.huangyan.common import (
    FONT,
    on_change,
    seat_label,
    seat_options,
)
from tutor.display.widgets.stepper import from_none, none_option
from tutor.errors import TutorError
from tutor.i18n import N_, _, localize
from tutor.study.huangyan import (
    ScoreSheetModel,
    explain_line,
)
from tutor.variants.huangyan.rules import HuangyanRules, Rounding
from tutor.variants.huangyan.sheet import ScoreSheet

# -- 1. the score sheet -------------------------------------------------------------------------

class ScoreSheetView(TutorView):
    """A hand, the winning tile, the situation and the ruleset options; the itemized sheet."""

    def __init__(self, model: ScoreSheetModel | None = None) -> None:
        self.model = model if model is not None else ScoreSheetModel()
        m = self.model
        self.sheet: ScoreSheet | None = None
        self.error: str | None = None
        self._quiet = False
        self.hand_text = widgets.Text(value=str(m.hand), description=_("Hand:"),
                                      layout=widgets.Layout(width="360px"))
        self.set_button = widgets.Button(description=_("Set"), button_style="primary")
        self.set_button.on_click(lambda _b: self.set_hand())
        self.win_tile = widgets.Dropdown(description=_("Won on:"), layout=widgets.Layout(
            width="160px"))
        self.seat = widgets.Dropdown(options=seat_options(), value=m.seat,
                                     description=_("Seat:"),
                                     layout=widgets.Layout(width="160px"))
        self.role = widgets.ToggleButtons(options=[(_("winner"), True), (_("non-winner"), False)],
                                          value=m.winner)
        self.self_draw = widgets.Checkbox(value=m.self_draw, description=_("self-draw"))
        self.kong_draw = widgets.Checkbox(value=m.kong_draw, description=_("Kong Draw"))
        self.robbing = widgets.Checkbox(value=m.robbing_the_kong,
                                        description=_("Robbing the Kong"))
        self.last_tile = widgets.Checkbox(value=m.last_tile, description=_("last tile"))
        self.limit = widgets.IntText(value=m.limit or 0, description=_("Limit (0: none):"),
                                     style={"description_width": "initial"},
                                     layout=widgets.Layout(width="180px"))
        self.prevailing = widgets.Dropdown(options=[none_option(), *seat_options()],
                                           description=_("Round wind:"),
                                           style={"description_width": "initial"})
        self.rounding = widgets.Dropdown(options=[(_(r.value), r) for r in Rounding],
                                         value=m.rounding, description=_("Halves round:"),
                                         style={"description_width": "initial"})
        self.example_button = widgets.Button(description=_("Reset to example"),
                                              tooltip=_("back to the example hand and options"))
        self.example_button.add_class("tutor-reset-example")
        self.example_button.on_click(lambda _b: self.reset())
        self.output = widgets.HTML()
        self._copy_from_model()
        for w in (self.win_tile, self.seat, self.role, self.self_draw, self.kong_draw,
                  self.robbing, self.last_tile, self.limit, self.prevailing, self.rounding):
            on_change(w, self.update)
        situation = widgets.HBox([self.self_draw, self.kong_draw, self.robbing, self.last_tile])
        options = widgets.HBox([self.limit, self.prevailing, self.rounding])
        self.box = widgets.VBox([
            widgets.HBox([self.hand_text, self.set_button, self.example_button]),
            widgets.HBox([self.win_tile, self.seat, self.role]), situation, options,
            self.output])
        self.box.add_class("tutor-score-sheet")
        self.update()

    def _copy_from_model(self) -> None:
        """Show the model's choices in the controls (without re-scoring on each)."""
        m = self.model
        self._quiet = True
        try:
            self.hand_text.value = str(m.hand)
            self.seat.value, self.role.value = m.seat, m.winner
            self.self_draw.value, self.kong_draw.value = m.self_draw, m.kong_draw
            self.robbing.value, self.last_tile.value = m.robbing_the_kong, m.last_tile
            self.limit.value = m.limit or 0
            self.prevailing.value = m.prevailing_wind or none_option()[1]
            self.rounding.value = m.rounding
        finally:
            self._quiet = False
        self._fill_win_tiles()

    def reset(self) -> None:
        """Back to the example hand and the ruleset's options (the button does this)."""
        self.model.reset()
        self._copy_from_model()
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
        m.prevailing_wind = from_none(self.prevailing.value)
        m.rounding = self.rounding.value
        # a non-winner holding 14 tiles leaves one out: the same dropdown chooses which
        self.win_tile.description = _("Won on:") if m.winner else _("Leave out:")
        self.win_tile.disabled = not m.winner and m.hand.size != 14
        try:
            sheet = m.sheet()
            collection = m.collection(sheet)
        except (TutorError, ValueError) as exc:
            self._show_error(exc)
            return
        self.sheet, self.error = sheet, None
        self.output.value = self._sheet_html(sheet, collection, m.rules)

    def _sheet_html(self, sheet: ScoreSheet, collection: str, rules: HuangyanRules) -> str:
        rows = [(localize(line.item), line.chinese, line.points or "", line.doubles or "",
                 format_tiles(line.tiles), localize(explain_line(line, rules)))
                for line in sheet.lines]
        table = table_html((_("item"), _("Chinese"), _("points"), _("doubles"), _("tiles"),
                            _("why")), rows,
                           numeric=(2, 3), css_class="tutor-table tutor-sheet-lines")
        drawn = self.model.win_tile if sheet.winner else None
        note = self.model.note()
        note = f"<p class='tutor-note'>{html.escape(localize(note))}</p>" if note else ""
        reading = _("reading: {reading}").format(reading=localize(sheet.reading))
        reading = f"<p style='{FONT}'>{html.escape(reading)}</p>" if sheet.reading else ""
        total = _("total: {formula}").format(formula=localize(sheet.formula))
        return (f"<div style='{FONT}'>{hand_svg(sheet.hand, drawn=drawn)}{note}"
                f"<p><b>{html.escape(localize(sheet._title()))}</b></p>{reading}{table}"
                f"<p class='tutor-total'><b>{html.escape(total)}</b></p>"
                f"<p>{html.escape(localize(collection))}</p></div>")

    what = N_("the score sheet")

    def summary(self) -> str:
        """One line in the learner's language (the class's name first, as a developer reads
        it): the hand, how it is scored and the formula, or the error."""
        if self.error is not None:
            return "ScoreSheetView({})".format(_("{hand}: error: {error}").format(
                hand=self.model.hand, error=self.error))
        assert self.sheet is not None
        seat, formula = seat_label(self.sheet.seat), localize(self.sheet.formula)
        if self.sheet.situation:
            text = _("{hand} on {tile} by {how}, seat {seat}: {formula}").format(
                hand=self.sheet.hand, tile=self.model.win_tile,
                how=localize(self.sheet.situation.how), seat=seat, formula=formula)
        elif self.model.dropped is not None:
            text = _("{hand} as a non-winner (leaving out {tile}), seat {seat}: "
                     "{formula}").format(hand=self.sheet.hand, tile=self.model.dropped,
                                         seat=seat, formula=formula)
        else:
            text = _("{hand} as a non-winner, seat {seat}: {formula}").format(
                hand=self.sheet.hand, seat=seat, formula=formula)
        return f"ScoreSheetView({text})"
