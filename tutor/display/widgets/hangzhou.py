"""Hangzhou views: the multiplier explorer and the dealer-tally stepper (thin views over
:mod:`tutor.study.hangzhou`); payment pictures from :mod:`tutor.display.diagrams`."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from tutor.display.diagrams import payments_svg
from tutor.display.html import table_html
from tutor.display.svg import hand_svg
from tutor.display.widgets.base import TutorView, error_html, message_html
from tutor.display.widgets.stepper import (
    DIAGRAM_PX,
    NONE,
    StepButtons,
    from_none,
    walker_frame,
)
from tutor.errors import TutorError
from tutor.i18n import C_, N_, _, language, localize, pgettext
from tutor.ledger import Ledger, Seat, seat_name
from tutor.study.hangzhou import MultiplierExplorer, TallyStep, TallyStepper
from tutor.variants.hangzhou.rules import ScoringMode
from tutor.variants.hangzhou.scoring import WinSource
from tutor.variants.hangzhou.text import reading_text

__all__ = ["MultiplierView", "TallyView"]

#: how the "Won by" menu names each source (the English words are the sources' values)
SOURCES = {WinSource.SELF_DRAW: C_("won by", "self-draw"),
           WinSource.DISCARD: C_("won by", "discard"),
           WinSource.ROBBING_KONG: C_("won by", "robbing a kong")}
_P = "<p style='font-family:sans-serif'>"


def _seat(seat: Seat) -> str:
    """A seat's name in the current language (East, 东家)."""
    return localize(seat_name(seat))


def _seats() -> list[tuple[str, Seat]]:
    return [(_seat(s), s) for s in Seat]


def _figure(payments: Ledger, title: str, winner: Seat | None, dealer: Seat | None = None,
            size: float = DIAGRAM_PX) -> str:
    return payments_svg(payments, title=title, net=payments.net(), winners=winner,
                        dealer=dealer, size=size)


def _reset_button() -> widgets.Button:
    button = widgets.Button(description=_("Reset to example"), tooltip=_("back to the example"))
    button.add_class("tutor-reset-example")
    return button


class MultiplierView(TutorView):
    """Controls for a hand, its draw, the seats, the chain and the options; the sheet below."""

    def __init__(self, model: MultiplierExplorer | None = None) -> None:
        self.model = model or MultiplierExplorer()
        self._example = MultiplierExplorer(
            hand=self.model.hand, drawn=self.model.drawn, winner=self.model.winner,
            dealer=self.model.dealer, kongs=self.model.kongs,
            joker_discards=self.model.joker_discards, source=self.model.source,
            scoring=self.model.scoring, four_jokers_tile_hog=self.model.four_jokers_tile_hog,
            rules=self.model.base_rules)
        m = self.model
        style: dict[str, Any] = {"description_width": "initial"}
        self.hand = widgets.Text(value=m.hand, description=_("Hand:"), continuous_update=False,
                                 layout=widgets.Layout(width="420px"))
        self.drawn = widgets.Text(value=m.drawn, description=_("Drawn:"),
                                  continuous_update=False, layout=widgets.Layout(width="140px"))
        self.winner = widgets.Dropdown(options=_seats(), value=m.winner,
                                       description=_("Winner:"))
        self.dealer = widgets.Dropdown(options=_seats(), value=m.dealer,
                                       description=_("Dealer:"))
        self.kongs = widgets.BoundedIntText(value=m.kongs, min=0, max=4, style=style,
                                            description=_("Kongs in the chain:"))
        self.joker_discards = widgets.BoundedIntText(value=m.joker_discards, min=0, max=4,
                                                     style=style,
                                                     description=_("Joker discards in the chain:"))
        self.source = widgets.Dropdown(options=[(pgettext("won by", SOURCES[s]), s)
                                                for s in WinSource],
                                       value=m.source, description=_("Won by:"))
        self.scoring = widgets.ToggleButtons(
            options=[(_("rule text: multiply"), ScoringMode.MULTIPLY),
                     (_("MIL fan model"), ScoringMode.MIL_FAN)], value=m.scoring)
        self.tile_hog = widgets.Checkbox(value=m.four_jokers_tile_hog, indent=False,
                                         description=_("four jokers make a Tile Hog"))
        self.output = widgets.HTML()
        self.example_button = _reset_button()
        self.example_button.on_click(lambda _b: self.reset())
        self._quiet = False
        for control in (self.hand, self.drawn, self.winner, self.dealer, self.kongs,
                        self.joker_discards, self.source, self.scoring, self.tile_hog):
            control.observe(lambda _change: self.update(), names="value")
        self.box = widgets.VBox([
            widgets.HBox([self.hand, self.drawn, self.example_button]),
            widgets.HBox([self.winner, self.dealer, self.source]),
            widgets.HBox([self.kongs, self.joker_discards]),
            widgets.HBox([self.scoring, self.tile_hog]),
            self.output])
        self.box.add_class("tutor-hangzhou-explorer")
        self.update()

    def reset(self) -> None:
        """Back to the example the explorer began with (the button does this)."""
        e = self._example
        self._quiet = True
        try:
            self.hand.value, self.drawn.value = e.hand, e.drawn
            self.winner.value, self.dealer.value = e.winner, e.dealer
            self.kongs.value, self.joker_discards.value = e.kongs, e.joker_discards
            self.source.value, self.scoring.value = e.source, e.scoring
            self.tile_hog.value = e.four_jokers_tile_hog
        finally:
            self._quiet = False
        self.update()

    def update(self) -> None:
        if self._quiet:
            return
        m = self.model
        m.hand, m.drawn = self.hand.value, self.drawn.value
        m.winner, m.dealer = self.winner.value, self.dealer.value
        m.kongs, m.joker_discards = self.kongs.value, self.joker_discards.value
        m.source, m.scoring = self.source.value, self.scoring.value
        m.four_jokers_tile_hog = self.tile_hog.value
        try:
            self.output.value = self._render()
        except (TutorError, ValueError) as exc:  # the engine's message, in the language
            self.output.value = error_html(localize(exc.args[0]) if exc.args else exc)

    def _render(self) -> str:
        m = self.model
        before = m.before()
        sheet = m.sheet()
        parts = [hand_svg(sheet.hand, variant="hangzhou", drawn=sheet.drawn)]
        waited = " ".join(str(t) for t in before.waits) or _("nothing")
        wait = (_("Before the draw: waiting on {waits} (White Dragon Pair Wait: any tile wins).")
                if before.white_dragon_pair_wait else _("Before the draw: waiting on {waits}."))
        reading = (str(sheet.reading) if language() == "en"
                   else localize(reading_text(sheet.reading)))
        used = html.escape(_("Reading used: {reading} ({shape}, the best of {n}).")).format(
            reading=f"<code>{html.escape(reading)}</code>",
            shape=html.escape(localize(sheet.reading.shape.value)), n=sheet.readings)
        parts.append(f"{_P}{html.escape(wait.format(waits=waited))}<br>{used}</p>")
        jokers = m.joker_rows(sheet)
        if jokers:
            parts.append(table_html([_("joker"), _("stands for"), _("in group")], jokers,
                                    caption=_("What each joker stood for")))
        else:
            parts.append(_P + html.escape(_("No joker in this hand.")) + "</p>")
        if sheet.lines:
            rows = m.line_rows(sheet)
            if language() == "en":
                parts.append(table_html(["multiplier", "中文", "x", "from"], rows,
                                        caption="Multipliers"))
            else:  # the names are the Chinese ones: no column for the alias
                parts.append(table_html([_("multiplier"), "x", _("from")],
                                        [(n, x, f) for n, _c, x, f in rows],
                                        caption=_("Multipliers")))
        else:
            parts.append(_P + html.escape(_("No multiplier applies: the base value.")) + "</p>")
        product = _("Product: {product}").format(product=m.product_text(sheet))
        parts.append(f"{_P}<b>{html.escape(product)}</b></p>")
        parts.append(table_html([_("payer"), _("payee"), _("amount"), _("why")],
                                m.payment_rows(sheet), caption=_("Payments"), numeric=[2]))
        parts.append(message_html(_("{winner} receives {total}.").format(
            winner=_seat(sheet.situation.winner), total=sheet.total), True))
        parts.append(_figure(sheet.payments, f"x{sheet.product}", sheet.situation.winner,
                             sheet.situation.dealer))
        return "".join(parts)

    what = N_("the multiplier calculator")

    def summary(self) -> str:
        return f"MultiplierView({self.model.summary()})"


class TallyView(TutorView):
    """Step through a sequence of hands: the tally, each step's payments and the scores.

    ``box`` is the stepper in the projector-mode frame (``projector=True`` for a classroom app);
    **Reset to example** goes back to the preset sequence, at the start.
    """

    def __init__(self, model: TallyStepper | None = None, *, projector: bool = False) -> None:
        self.model = model or TallyStepper()
        self.nav = StepButtons()
        self.first_button, self.back_button = self.nav.first, self.nav.back
        self.next_button, self.last_button = self.nav.next, self.nav.last
        self.winner = widgets.Dropdown(options=[*_seats(), (pgettext("result", "draw"), NONE)],
                                       value=Seat.EAST, description=_("Next hand:"))
        self.multiplier = widgets.BoundedIntText(value=1, min=1, max=4096,
                                                 description=_("Multiplier:"))
        self.add_button = widgets.Button(description=_("Add hand"))
        self.remove_button = widgets.Button(description=_("Remove last"))
        self.preset_button = _reset_button()
        self.head = widgets.HTML()
        self.figure = widgets.HTML()
        self.output = widgets.HTML()
        self.details = widgets.HTML()
        self.details.add_class("tutor-projector-hide")
        m = self.model
        self.nav.on(first=lambda: self._do(m.first), back=lambda: self._do(m.back),
                    next=lambda: self._do(m.next), last=lambda: self._do(m.last))
        actions = {self.add_button: self._add, self.remove_button: self.model.remove_last,
                   self.preset_button: self.model.reset}
        for button, action in actions.items():
            button.on_click(lambda _b, act=action: self._do(act))
        controls = widgets.VBox([
            widgets.HBox([self.winner, self.multiplier, self.add_button, self.remove_button]),
            self.preset_button])
        side = widgets.VBox([self.head, self.nav.box, self.output, self.details])
        side.add_class("tutor-walker-side")
        body = widgets.HBox([self.figure, side])
        body.add_class("tutor-walker-body")
        self.frame = walker_frame(widgets.VBox([body]), controls,
                                  title=_("Hangzhou dealer tally, hand by hand"),
                                  projector=projector)
        self.box = self.frame.box
        self.box.add_class("tutor-hangzhou-tally")
        self.error = ""
        self.render()

    def _add(self) -> TallyStep:
        winner = from_none(self.winner.value)
        if winner is None:
            return self.model.add_draw()
        return self.model.add_win(winner, int(self.multiplier.value))

    def _do(self, action: Any) -> None:
        try:
            action()
            self.error = ""
        except (TutorError, ValueError) as exc:
            self.error = error_html(exc)
        self.render()

    def render(self) -> None:
        m = self.model
        step = m.current()
        self.nav.update(at_start=step.number == 0, at_end=step.number == m.steps - 1)
        rows = [(_("start") if i == 0 else _("end") if i == m.steps - 1
                 else str(m.results[i - 1]), _("now") if i == step.number else "")
                for i in range(m.steps)]
        sequence = table_html([_("step: result"), _("shown")],
                              [(_("{step}: {result}").format(step=i, result=r), mark)
                               for i, (r, mark) in enumerate(rows)],
                              caption=_("The hands"))
        net = step.payments.net()
        scores = table_html([_("seat"), _("score"), _("this step")],
                            [(_seat(s), n, f"{net[s]:+d}") for s, n in step.scores.items()],
                            caption=_("Scores"), numeric=[1, 2])
        payments = (table_html([_("payer"), _("payee"), _("amount"), _("why")],
                               [(_seat(p.payer), _seat(p.payee), p.amount, localize(p.reason))
                                for p in step.payments],
                               caption=_("Payments made at this step"), numeric=[2])
                    if step.payments else _P + html.escape(_("No payment at this step.")) + "</p>")
        head = _("Step {n} of {steps}: {title}").format(n=step.number, steps=m.steps - 1,
                                                        title=localize(step.title))
        self.head.value = (f"<div class='tutor-step-head' style='font-family:sans-serif'>"
                           f"{html.escape(head)}</div>")
        dealer = _("Dealer {seat}; {tally}").format(seat=_seat(step.dealer),
                                                    tally=localize(step.tally_text()))
        explain = (f"<div class='tutor-step'>{_P}{html.escape(localize(step.explanation))}<br>"
                   f"{html.escape(dealer)}</p></div>")
        result = m.results[step.number - 1] if 0 < step.number <= len(m.results) else None
        winner = result.winner if result is not None else None
        self.figure.value = _figure(step.payments, "", winner, step.dealer)
        self.output.value = self.error + explain + scores
        self.details.value = payments + sequence

    def page(self) -> str:
        """Everything the view shows, as one HTML string (for tests and scripts)."""
        return "".join(w.value for w in (self.head, self.figure, self.output, self.details))

    what = N_("the dealer's tally, hand by hand")

    def summary(self) -> str:
        return f"TallyView({self.model.summary()})"
