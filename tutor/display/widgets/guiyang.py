"""The Guiyang settlement walker view (a thin view over :mod:`tutor.study.guiyang`)."""

from __future__ import annotations

import html
from collections.abc import Callable

import ipywidgets as widgets

from tutor.display.diagrams import payments_svg
from tutor.display.html import table_html
from tutor.display.svg import hand_svg
from tutor.display.widgets.base import TutorView, error_html
from tutor.display.widgets.stepper import DIAGRAM_PX, StepButtons, walker_frame
from tutor.errors import TutorError
from tutor.i18n import N_, _, localize
from tutor.ledger import Seat, seat_name
from tutor.study.guiyang import PRESETS, SettlementWalker, WalkStep

__all__ = ["SettlementWalkerView"]

_P = "<p style='font-family:sans-serif'>"
#: The hand dropdown's value for a description the learner pasted (not a preset).
CUSTOM = "custom"
HANDS_CSS = """<style>
.tutor-guiyang-hands .tutor-seat-hand { margin: 0 0 6px 0; font-family: sans-serif; }
.tutor-guiyang-hands .tutor-seat-hand b { display: inline-block; min-width: 4.5em; }
.tutor-app.tutor-projector .tutor-guiyang-hands { zoom: 1.3; }
@media (min-width: 1600px) { .tutor-app.tutor-projector .tutor-guiyang-hands { zoom: 2; } }
</style>"""


def _lines(lines: tuple[str, ...]) -> str:
    return _P + "<br>".join(html.escape(localize(line)) for line in lines) + "</p>"


def _seat(seat: Seat) -> str:
    """A seat's name in the current language (East, 东家)."""
    return localize(seat_name(seat))


class SettlementWalkerView(TutorView):
    """Pick a preset hand (or paste JSON) and a pattern table; step through the settlement.

    The first step shows the four hands as tiles; each category after it the payments on a
    diagram of the table. ``box`` is the walker in the projector-mode frame
    (``projector=True`` for a classroom app); **Reset to example** goes back to the first hand.
    """

    def __init__(self, model: SettlementWalker | None = None, *,
                 projector: bool = False) -> None:
        self.model = model or SettlementWalker()
        m = self.model
        options = [(_(p.title), name) for name, p in PRESETS.items()]
        self.preset = widgets.Dropdown(options=[*options, (_("(your own hand, from JSON)"),
                                                           CUSTOM)],
                                       value=m.preset if m.preset in PRESETS else CUSTOM,
                                       description=_("Hand:"),
                                       layout=widgets.Layout(width="460px"))
        self.table = widgets.ToggleButtons(options=[(_("rule text table"), "original"),
                                                    (_("app table"), "app")], value=m.table)
        self.nav = StepButtons(first=_("|< Players"), last=_("Total >|"))
        self.first_button, self.back_button = self.nav.first, self.nav.back
        self.next_button, self.last_button = self.nav.next, self.nav.last
        example = _('{{"players": {{...}}, "win": {{...}}, ...}}').format()
        self.json = widgets.Textarea(placeholder=example,
                                     layout=widgets.Layout(width="460px", height="90px"))
        self.load_button = widgets.Button(description=_("Load JSON"))
        self.example_button = widgets.Button(description=_("Reset to example"),
                                             tooltip=_("back to the example hand"))
        self.example_button.add_class("tutor-reset-example")
        self.head = widgets.HTML()
        self.figure = widgets.HTML()
        self.output = widgets.HTML()
        self.details = widgets.HTML()
        self.details.add_class("tutor-projector-hide")
        self.error = ""
        self._quiet = False
        self._drawn_hands: tuple[object, str] | None = None  # the last hand drawn, as tiles
        self.preset.observe(lambda c: self._preset_changed(c["new"]), names="value")
        self.table.observe(lambda c: None if self._quiet else
                           self._do(lambda: m.set_table(c["new"])), names="value")
        self.nav.on(first=lambda: self._do(m.first), back=lambda: self._do(m.back),
                    next=lambda: self._do(m.next), last=lambda: self._do(m.last))
        self.load_button.on_click(lambda _b: self._do(self._load_json))
        self.example_button.on_click(lambda _b: self.reset())
        controls = widgets.VBox([
            widgets.HBox([self.preset, self.table]),
            widgets.HBox([self.json, self.load_button]), self.example_button])
        side = widgets.VBox([self.head, self.nav.box, self.output, self.details])
        side.add_class("tutor-walker-side")
        body = widgets.HBox([self.figure, side])
        body.add_class("tutor-walker-body")
        self.frame = walker_frame(widgets.VBox([widgets.HTML(HANDS_CSS), body]), controls,
                                  title=_("Guiyang settlement, category by category"),
                                  projector=projector)
        self.box = self.frame.box
        self.box.add_class("tutor-guiyang-walker")
        self.render()

    def _preset_changed(self, name: str) -> None:
        if self._quiet or name == CUSTOM:
            return  # a custom hand comes from the JSON box
        self._do(lambda: self.model.load(name))

    def _load_json(self) -> object:
        step = self.model.load_json(self.json.value)
        self._show_controls()
        return step

    def reset(self) -> None:
        """Back to the example hand and table, at the first step (the button does this)."""
        self._do(self.model.reset)

    def _show_controls(self) -> None:
        """Make the dropdown and the toggle show what the model holds."""
        m = self.model
        self._quiet = True
        try:
            self.preset.value = m.preset if m.preset in PRESETS else CUSTOM
            self.table.value = m.table
        finally:
            self._quiet = False

    def _do(self, action: Callable[[], object]) -> None:
        try:
            action()
            self.error = ""
        except (TutorError, ValueError) as exc:
            self.error = error_html(exc)
        self._show_controls()  # keep the controls true to the model
        self.render()

    def render(self) -> None:
        m = self.model
        step = m.current()
        s = m.settlement
        self.nav.update(at_start=m.at_start, at_end=m.at_end)
        intro = (_(PRESETS[m.preset].description) if m.preset
                 else _("Your own hand description."))
        head = _("Step {n} of {steps}: {title}").format(n=step.number, steps=m.last_step,
                                                        title=localize(step.title))
        self.head.value = (f"<div class='tutor-step-head' style='font-family:sans-serif'>"
                           f"{html.escape(head)}</div>")
        # the headline opens the first step; later a projector needs the room
        # (the first step's overview opens with the headline itself)
        headline = (f"<p class='tutor-projector-hide' style='font-family:sans-serif'><b>"
                    f"{html.escape(localize(s.headline()))}</b></p>" if step.number else "")
        self.output.value = "".join([self.error, headline, _lines(step.explanation),
                                     self._nets(step) if step.number else ""])
        if step.number == 0:
            self.figure.value = self._hands()
            details = [table_html([_("seat"), _("tiles"), _("status"), _("eligible"),
                                   _("pattern"), _("chickens"), _("beans")], m.player_rows(),
                                  caption=_("The players"))]
        else:
            winners = s.hand.win.winners if s.hand.win else ()
            self.figure.value = payments_svg(step.payments, net=step.running, winners=winners,
                                             size=DIAGRAM_PX)
            details = [self._payments(step)]
        self.details.value = f"{_P}{html.escape(intro)}</p>" + "".join(details)

    def _hands(self) -> str:
        """The four hands as tiles (a winner's with its winning tile set apart); drawn once per
        hand (the first step is shown again and again)."""
        m = self.model
        if self._drawn_hands is not None and self._drawn_hands[0] == m.hand:
            return self._drawn_hands[1]
        win = m.hand.win
        rows = []
        not_eligible = _(" (not eligible)")
        for seat in Seat:
            player = m.player(seat)
            drawn = win.tile if win is not None and seat in win.winners else None
            picture = hand_svg(m.hand.final_hand(seat), variant="guiyang", drawn=drawn, size=31)
            rows.append(f"<div class='tutor-seat-hand' data-seat='{seat.letter}'><b>"
                        f"{html.escape(_seat(seat))}</b> {html.escape(player.status())}"
                        f"{'' if player.eligible else html.escape(not_eligible)}"
                        f"<br>{picture}</div>")
        picture = f"<div class='tutor-guiyang-hands'>{''.join(rows)}</div>"
        self._drawn_hands = (m.hand, picture)
        return picture

    def _payments(self, step: WalkStep) -> str:
        if not step.payments:
            return _P + html.escape(_("No payments in this category.")) + "</p>"
        return table_html([_("category"), _("payer"), _("payee"), _("amount"), _("why")],
                          [(localize(p.category), _seat(p.payer), _seat(p.payee), p.amount,
                            localize(p.reason)) for p in step.payments],
                          caption=_("Payments: {title}").format(title=localize(step.title)),
                          numeric=[3])

    def _nets(self, step: WalkStep) -> str:
        m = self.model
        cats = m.categories()[:max(step.number, 0)]
        headers = [_("seat"), *(_(c.value) for c in cats), _("running net")]
        rows = []
        for seat in Seat:
            cells: list[object] = [_seat(seat)]
            cells += [f"{m.category_net(c)[seat]:+d}" for c in cats]
            cells.append(f"{step.running[seat]:+d}")
            rows.append(cells)
        return table_html(headers, rows, caption=_("Nets so far"),
                          numeric=list(range(1, len(headers))))

    def page(self) -> str:
        """Everything the view shows, as one HTML string (for tests and scripts)."""
        return "".join(w.value for w in (self.head, self.figure, self.output, self.details))

    what = N_("the settlement, step by step")

    def summary(self) -> str:
        return f"SettlementWalkerView({self.model.summary()})"
