"""Hangzhou views: the multiplier explorer and the dealer-tally stepper (thin views over
:mod:`tutor.study.hangzhou`)."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from tutor.display.html import table_html
from tutor.display.plots import figure_svg, payments_figure
from tutor.display.svg import hand_svg
from tutor.display.widgets.base import TutorView, error_html, message_html
from tutor.errors import TutorError
from tutor.ledger import Ledger, Seat
from tutor.study.hangzhou import MultiplierExplorer, TallyStep, TallyStepper
from tutor.variants.hangzhou.rules import ScoringMode
from tutor.variants.hangzhou.scoring import WinSource

__all__ = ["MultiplierView", "TallyView"]

SEATS = [(s.name.title(), s) for s in Seat]
_P = "<p style='font-family:sans-serif'>"


def _figure(payments: Ledger, title: str, highlight: Seat | None) -> str:
    fig = payments_figure(list(payments), title=title, net=payments.net(), highlight=highlight,
                          size=3.6)
    svg = figure_svg(fig)
    return svg[svg.index("<svg"):]  # no XML prolog inside an HTML page


class MultiplierView(TutorView):
    """Controls for a hand, its draw, the seats, the chain and the options; the sheet below."""

    def __init__(self, model: MultiplierExplorer | None = None) -> None:
        self.model = model or MultiplierExplorer()
        m = self.model
        style: dict[str, Any] = {"description_width": "initial"}
        self.hand = widgets.Text(value=m.hand, description="Hand:", continuous_update=False,
                                 layout=widgets.Layout(width="420px"))
        self.drawn = widgets.Text(value=m.drawn, description="Drawn:", continuous_update=False,
                                  layout=widgets.Layout(width="140px"))
        self.winner = widgets.Dropdown(options=SEATS, value=m.winner, description="Winner:")
        self.dealer = widgets.Dropdown(options=SEATS, value=m.dealer, description="Dealer:")
        self.kongs = widgets.BoundedIntText(value=m.kongs, min=0, max=4, style=style,
                                            description="Kongs in the chain:")
        self.joker_discards = widgets.BoundedIntText(value=m.joker_discards, min=0, max=4,
                                                     style=style,
                                                     description="Joker discards in the chain:")
        self.source = widgets.Dropdown(options=[(s.value, s) for s in WinSource],
                                       value=m.source, description="Won by:")
        self.scoring = widgets.ToggleButtons(options=[("rule text: multiply", ScoringMode.MULTIPLY),
                                                      ("MIL fan model", ScoringMode.MIL_FAN)],
                                             value=m.scoring)
        self.tile_hog = widgets.Checkbox(value=m.four_jokers_tile_hog, indent=False,
                                         description="four jokers make a Tile Hog")
        self.output = widgets.HTML()
        for control in (self.hand, self.drawn, self.winner, self.dealer, self.kongs,
                        self.joker_discards, self.source, self.scoring, self.tile_hog):
            control.observe(lambda _change: self.update(), names="value")
        self.box = widgets.VBox([
            widgets.HBox([self.hand, self.drawn]),
            widgets.HBox([self.winner, self.dealer, self.source]),
            widgets.HBox([self.kongs, self.joker_discards]),
            widgets.HBox([self.scoring, self.tile_hog]),
            self.output])
        self.box.add_class("tutor-hangzhou-explorer")
        self.update()

    def update(self) -> None:
        m = self.model
        m.hand, m.drawn = self.hand.value, self.drawn.value
        m.winner, m.dealer = self.winner.value, self.dealer.value
        m.kongs, m.joker_discards = self.kongs.value, self.joker_discards.value
        m.source, m.scoring = self.source.value, self.scoring.value
        m.four_jokers_tile_hog = self.tile_hog.value
        try:
            self.output.value = self._render()
        except (TutorError, ValueError) as exc:
            self.output.value = error_html(exc)

    def _render(self) -> str:
        m = self.model
        before = m.before()
        sheet = m.sheet()
        parts = [hand_svg(sheet.hand, variant="hangzhou", drawn=sheet.drawn)]
        wdpw = " (White Dragon Pair Wait: any tile wins)" if before.white_dragon_pair_wait else ""
        waited = " ".join(str(t) for t in before.waits) or "nothing"
        parts.append(f"{_P}Before the draw: waiting on {html.escape(waited)}{wdpw}.<br>"
                     f"Reading used: <code>{html.escape(str(sheet.reading))}</code> "
                     f"({html.escape(sheet.reading.shape.value)}, the best of "
                     f"{sheet.readings}).</p>")
        jokers = m.joker_rows(sheet)
        if jokers:
            parts.append(table_html(["joker", "stands for", "in group"], jokers,
                                    caption="What each joker stood for"))
        else:
            parts.append(f"{_P}No joker in this hand.</p>")
        parts.append(table_html(["multiplier", "中文", "x", "from"], m.line_rows(sheet),
                                caption="Multipliers") if sheet.lines
                     else f"{_P}No multiplier applies: the base value.</p>")
        parts.append(f"{_P}<b>Product: {html.escape(m.product_text(sheet))}</b></p>")
        parts.append(table_html(["payer", "payee", "amount", "why"], m.payment_rows(sheet),
                                caption="Payments", numeric=[2]))
        parts.append(message_html(f"{sheet.situation.winner.name.title()} receives "
                                  f"{sheet.total}.", True))
        parts.append(_figure(sheet.payments, f"x{sheet.product}", sheet.situation.winner))
        return "".join(parts)

    def summary(self) -> str:
        return f"MultiplierView({self.model.summary()})"


class TallyView(TutorView):
    """Step through a sequence of hands: the tally, each step's payments and the scores."""

    def __init__(self, model: TallyStepper | None = None) -> None:
        self.model = model or TallyStepper()
        self.first_button = widgets.Button(description="|< Start")
        self.back_button = widgets.Button(description="< Back")
        self.next_button = widgets.Button(description="Next >", button_style="primary")
        self.last_button = widgets.Button(description="End >|")
        self.winner = widgets.Dropdown(options=[*SEATS, ("draw", None)], value=Seat.EAST,
                                       description="Next hand:")
        self.multiplier = widgets.BoundedIntText(value=1, min=1, max=4096,
                                                 description="Multiplier:")
        self.add_button = widgets.Button(description="Add hand")
        self.remove_button = widgets.Button(description="Remove last")
        self.preset_button = widgets.Button(description="Preset")
        self.output = widgets.HTML()
        actions = {self.first_button: self.model.first, self.back_button: self.model.back,
                   self.next_button: self.model.next, self.last_button: self.model.last,
                   self.add_button: self._add, self.remove_button: self.model.remove_last,
                   self.preset_button: self.model.reset}
        for button, action in actions.items():
            button.on_click(lambda _b, act=action: self._do(act))
        self.box = widgets.VBox([
            widgets.HBox([self.first_button, self.back_button, self.next_button,
                          self.last_button]),
            widgets.HBox([self.winner, self.multiplier, self.add_button, self.remove_button,
                          self.preset_button]),
            self.output])
        self.box.add_class("tutor-hangzhou-tally")
        self.error = ""
        self.render()

    def _add(self) -> TallyStep:
        winner = self.winner.value
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
        rows = [("start" if i == 0 else "end" if i == m.steps - 1 else str(m.results[i - 1]),
                 "now" if i == step.number else "") for i in range(m.steps)]
        sequence = table_html(["step: result", "shown"],
                              [(f"{i}: {r}", mark) for i, (r, mark) in enumerate(rows)],
                              caption="The hands")
        scores = table_html(["seat", "score", "this step"],
                            [(s.name.title(), n, f"{step.payments.net()[s]:+d}")
                             for s, n in step.scores.items()],
                            caption="Scores", numeric=[1, 2])
        payments = (table_html(["payer", "payee", "amount", "why"],
                               [(p.payer.name.title(), p.payee.name.title(), p.amount, p.reason)
                                for p in step.payments],
                               caption="Payments made at this step", numeric=[2])
                    if step.payments else f"{_P}No payment at this step.</p>")
        head = (f"{_P}<b>Step {step.number} of {m.steps - 1}: {html.escape(step.title)}</b><br>"
                f"{html.escape(step.explanation)}<br>Dealer {step.dealer.name.title()}; "
                f"{html.escape(step.tally_text())}</p>")
        result = m.results[step.number - 1] if 0 < step.number <= len(m.results) else None
        winner = result.winner if result is not None else None
        figure = _figure(step.payments, step.title[:40], winner)
        self.output.value = (self.error + head + payments + scores + sequence + figure)

    def summary(self) -> str:
        return f"TallyView({self.model.summary()})"
