"""The Guiyang settlement walker view (a thin view over :mod:`tutor.study.guiyang`)."""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from tutor.display.html import table_html
from tutor.display.plots import figure_svg, payments_figure
from tutor.display.widgets.base import TutorView, error_html
from tutor.errors import TutorError
from tutor.ledger import Seat
from tutor.study.guiyang import PRESETS, SettlementWalker, WalkStep

__all__ = ["SettlementWalkerView"]

_P = "<p style='font-family:sans-serif'>"


def _lines(lines: tuple[str, ...]) -> str:
    return _P + "<br>".join(html.escape(line) for line in lines) + "</p>"


class SettlementWalkerView(TutorView):
    """Pick a preset hand (or paste JSON) and a pattern table; step through the settlement."""

    def __init__(self, model: SettlementWalker | None = None) -> None:
        self.model = model or SettlementWalker()
        m = self.model
        self.preset = widgets.Dropdown(options=[(p.title, name) for name, p in PRESETS.items()],
                                       value=m.preset if m.preset in PRESETS else None,
                                       description="Hand:", layout=widgets.Layout(width="460px"))
        self.table = widgets.ToggleButtons(options=[("rule text table", "original"),
                                                    ("app table", "app")], value=m.table)
        self.first_button = widgets.Button(description="|< Players")
        self.back_button = widgets.Button(description="< Back")
        self.next_button = widgets.Button(description="Next >", button_style="primary")
        self.last_button = widgets.Button(description="Total >|")
        self.json = widgets.Textarea(placeholder='{"players": {...}, "win": {...}, ...}',
                                     layout=widgets.Layout(width="460px", height="90px"))
        self.load_button = widgets.Button(description="Load JSON")
        self.output = widgets.HTML()
        self.error = ""
        self.preset.observe(lambda c: self._do(lambda: m.load(c["new"]))
                            if c["new"] is not None else None, names="value")
        self.table.observe(lambda c: self._do(lambda: m.set_table(c["new"])), names="value")
        actions: dict[widgets.Button, Callable[[], object]] = {
            self.first_button: m.first, self.back_button: m.back, self.next_button: m.next,
            self.last_button: m.last, self.load_button: self._load_json}
        for button, action in actions.items():
            button.on_click(lambda _b, act=action: self._do(act))
        self.box = widgets.VBox([
            widgets.HBox([self.preset, self.table]),
            widgets.HBox([self.first_button, self.back_button, self.next_button,
                          self.last_button]),
            self.output,
            widgets.HBox([self.json, self.load_button])])
        self.box.add_class("tutor-guiyang-walker")
        self.render()

    def _load_json(self) -> object:
        step = self.model.load_json(self.json.value)
        self.preset.value = None  # a custom hand: no preset selected
        return step

    def _do(self, action: Callable[[], object]) -> None:
        try:
            action()
            self.error = ""
        except (TutorError, ValueError) as exc:
            self.error = error_html(exc)
            if self.model.table != self.table.value:
                self.table.value = self.model.table  # keep the control true to the model
        self.render()

    def render(self) -> None:
        m = self.model
        step = m.current()
        s = m.settlement
        intro = PRESETS[m.preset].description if m.preset else "Your own hand description."
        parts = [self.error,
                 f"{_P}<b>{html.escape(s.headline())}</b><br>{html.escape(intro)}</p>",
                 f"{_P}<b>Step {step.number} of {m.last_step}: {html.escape(step.title)}</b>"
                 "</p>", _lines(step.explanation)]
        if step.number == 0:
            parts.append(table_html(["seat", "tiles", "status", "eligible", "pattern",
                                     "chickens", "beans"], m.player_rows(),
                                    caption="The players"))
        else:
            parts.append(self._payments(step))
        parts.append(self._nets(step))
        if step.number > 0:
            winners = s.hand.win.winners if s.hand.win else ()
            fig = payments_figure(list(step.payments), title=step.title, net=step.running,
                                  highlight=winners[0] if winners else None, size=3.6)
            svg = figure_svg(fig)
            parts.append(svg[svg.index("<svg"):])
        self.output.value = "".join(parts)

    def _payments(self, step: WalkStep) -> str:
        if not step.payments:
            return f"{_P}No payments in this category.</p>"
        return table_html(["category", "payer", "payee", "amount", "why"],
                          [(p.category, p.payer.name.title(), p.payee.name.title(), p.amount,
                            p.reason) for p in step.payments],
                          caption=f"Payments: {step.title}", numeric=[3])

    def _nets(self, step: WalkStep) -> str:
        m = self.model
        cats = m.categories()[:max(step.number, 0)]
        headers = ["seat", *(c.value for c in cats), "running net"]
        rows = []
        for seat in Seat:
            cells: list[object] = [seat.name.title()]
            cells += [f"{m.category_net(c)[seat]:+d}" for c in cats]
            cells.append(f"{step.running[seat]:+d}")
            rows.append(cells)
        return table_html(headers, rows, caption="Nets so far",
                          numeric=list(range(1, len(headers))))

    def summary(self) -> str:
        return f"SettlementWalkerView({self.model.summary()})"
