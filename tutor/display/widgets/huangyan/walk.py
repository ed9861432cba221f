"""The settlement walker view: each payment step on a diagram of the table."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as widgets

from tutor.core.tiles import Wind
from tutor.display.diagrams import payments_svg
from tutor.display.html import table_html
from tutor.display.widgets.base import TutorView, error_html, message_html
from tutor.display.widgets.huangyan.common import (
    FONT,
    SEATS,
    on_change,
    seat_label,
    seat_options,
)
from tutor.display.widgets.stepper import (
    DIAGRAM_PX,
    NONE,
    StepButtons,
    from_none,
    none_option,
    walker_frame,
)
from tutor.errors import TutorError
from tutor.i18n import N_, _, comma, localize
from tutor.ledger import Payment
from tutor.study.huangyan import (
    PRESETS,
    RULE_TEXT_TOTALS,
    SettlementWalk,
)
from tutor.study.huangyan.walk import split_cap
from tutor.variants.huangyan.rules import HUANGYAN_RULES, HuangyanRules, LiabilityPayee

# -- 2. the settlement walker -------------------------------------------------------------------

EXAMPLE = "Rule text example 1: East (dealer) wins 20"


def _payment_line(p: Payment, alone: bool) -> str:
    """A payment as the walker lists it; a pair settlement's reason is already in the step's
    title, so alone it keeps only what the title lacks (a stack cap)."""
    if not alone:
        return str(p)
    extra = split_cap(p.reason)[1]
    line = _("{payer} pays {payee} {amount}").format(
        payer=seat_label(p.payer), payee=seat_label(p.payee), amount=p.amount)
    return _("{line} ({extra})").format(line=line, extra=localize(extra)) if extra else line


class SettlementWalkView(TutorView):
    """Dealer, winner, totals (typed or from hands), stacks and liability; then step through
    the payments with Start / Back / Next / End and a diagram of what has been paid so far.

    ``box`` is the walker in the projector-mode frame (``projector=True`` for a classroom app:
    the diagram large, the setup folded away); **Reset to example** goes back to ``preset``.
    """

    CUSTOM = N_("(your own)")

    def __init__(self, preset: str = EXAMPLE, *, rules: HuangyanRules = HUANGYAN_RULES,
                 projector: bool = False) -> None:
        self.rules = rules
        self.example = preset
        self.walk: SettlementWalk | None = None
        self.error: str | None = None
        self._quiet = False
        self.preset = widgets.Dropdown(options=[(_(self.CUSTOM), self.CUSTOM),
                                                *((_(name), name) for name in PRESETS)],
                                       value=self.CUSTOM, description=_("Example:"),
                                       layout=widgets.Layout(width="420px"))
        self.dealer = widgets.Dropdown(options=seat_options(), value=Wind.EAST,
                                       description=_("Dealer:"), layout=widgets.Layout(
                                           width="170px"))
        self.winner = widgets.Dropdown(options=seat_options(), value=Wind.EAST,
                                       description=_("Winner:"), layout=widgets.Layout(
                                           width="170px"))
        small = widgets.Layout(width="150px")
        self.totals = {s: widgets.IntText(value=RULE_TEXT_TOTALS[s], description=seat_label(s),
                                          layout=small) for s in SEATS}
        self.use_stacks = widgets.Checkbox(value=False, description=_("table stacks"))
        self.stacks = {s: widgets.IntText(value=20, description=seat_label(s), layout=small)
                       for s in SEATS}
        self.liable = widgets.Dropdown(options=[none_option(), *seat_options()], value=NONE,
                                       description=_("Liable:"), layout=widgets.Layout(
                                           width="170px"))
        self.payee = widgets.Dropdown(
            options=[(_("the winner (one-player settlement)"), LiabilityPayee.WINNER),
                     (_("the normal receivers"), LiabilityPayee.NORMAL)],
            value=rules.liability_payee, description=_("Liable pays pairs to:"),
            style={"description_width": "initial"}, layout=widgets.Layout(width="420px"))
        self.hands = {s: widgets.Text(description=seat_label(s), layout=widgets.Layout(
            width="300px")) for s in SEATS}
        self.win_tile = widgets.Text(description=_("Won on:"), layout=small)
        self.self_draw = widgets.Checkbox(value=False, description=_("self-draw"))
        self.from_hands = widgets.Button(description=_("Totals from hands"))
        self.from_hands.on_click(lambda _b: self.totals_from_hands())
        self.hands_note = widgets.HTML()
        self.example_button = widgets.Button(
            description=_("Reset to example"),
            tooltip=_("back to the example this walker began with"))
        self.example_button.add_class("tutor-reset-example")
        self.example_button.on_click(lambda _b: self.reset())
        self.nav = StepButtons()
        self.nav.on(first=lambda: self.step(0), back=lambda: self.step(-1),
                    next=lambda: self.step(1), last=lambda: self.step(2))
        self.next_button, self.back_button = self.nav.next, self.nav.back
        self.start_button, self.end_button = self.nav.first, self.nav.last
        self.head = widgets.HTML()
        self.status = widgets.HTML()
        self.figure = widgets.HTML()
        self.table = widgets.HTML()
        on_change(self.preset, self._preset_changed)
        for w in (self.dealer, self.winner, self.use_stacks, self.liable, self.payee,
                  *self.totals.values(), *self.stacks.values()):
            on_change(w, self._controls_changed)
        hands_box = widgets.VBox([
            widgets.HTML(f"<p style='{FONT}'>"
                         + html.escape(_("Or type the four hands (the winner's 14 tiles and "
                                         "its winning tile, the others' 13) and score them:"),
                                       quote=False) + "</p>"),
            widgets.HBox([self.hands[Wind.EAST], self.hands[Wind.SOUTH]]),
            widgets.HBox([self.hands[Wind.WEST], self.hands[Wind.NORTH]]),
            widgets.HBox([self.win_tile, self.self_draw, self.from_hands]), self.hands_note])
        controls = widgets.VBox([
            widgets.HBox([self.preset, self.example_button]),
            widgets.HBox([self.dealer, self.winner]),
            widgets.HTML(f"<b style='{FONT}'>" + html.escape(_("Hand totals")) + "</b>"),
            widgets.HBox(list(self.totals.values())), hands_box,
            widgets.HBox([self.use_stacks, *self.stacks.values()]),
            widgets.HBox([self.liable, self.payee])])
        side = widgets.VBox([self.head, self.nav.box, self.status, self.table])
        side.add_class("tutor-walker-side")
        body = widgets.HBox([self.figure, side])
        body.add_class("tutor-walker-body")
        main = widgets.VBox([body])
        self.frame = walker_frame(main, controls, title=_("Huangyan settlement, step by step"),
                                  projector=projector)
        self.box = self.frame.box
        self.box.add_class("tutor-settlement-walk")
        self.reset()

    # -- controls -> model ----------------------------------------------------------------
    def choose(self, preset: str) -> None:
        """Pick a preset (as the Example dropdown does)."""
        self.preset.value = preset

    def reset(self) -> None:
        """Back to the example the walker began with, at step 0 (the button does this)."""
        self._quiet = True
        try:
            self.dealer.value = self.winner.value = Wind.EAST
            for s in SEATS:
                self.totals[s].value = RULE_TEXT_TOTALS[s]
                self.stacks[s].value = 20
                self.hands[s].value = ""
            self.use_stacks.value = self.self_draw.value = False
            self.liable.value = NONE
            self.payee.value = self.rules.liability_payee
            self.win_tile.value = ""
            self.hands_note.value = ""
            self.preset.value = self.CUSTOM
        finally:
            self._quiet = False
        if self.example == self.CUSTOM:
            self._rebuild()
        else:
            self.preset.value = self.example

    def _preset_changed(self) -> None:
        name = self.preset.value
        if name == self.CUSTOM or self._quiet:
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
            self.liable.value = spec.get("liable") or NONE
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
        self.hands_note.value = message_html(_("; ").join(
            f"{seat_label(s)} {sheets[s].formula}" for s in SEATS))
        self._controls_changed()

    def _rules(self) -> HuangyanRules:
        return self.rules.replace(liability_payee=self.payee.value)

    def _rebuild(self) -> None:
        try:
            self.walk = SettlementWalk(
                winner=self.winner.value, dealer=self.dealer.value,
                totals={s: self.totals[s].value for s in SEATS},
                liable=from_none(self.liable.value),
                stacks=({s: self.stacks[s].value for s in SEATS}
                        if self.use_stacks.value else None), rules=self._rules())
            self.error = None
        except (TutorError, ValueError) as exc:
            self.walk, self.error = None, str(exc)
        self._render()

    # -- stepping -------------------------------------------------------------------------
    def step(self, direction: int) -> None:
        """1: Next, -1: Back, 0: back to the start, 2: to the end (as the buttons do)."""
        if self.walk is None:
            return
        if direction == 1:
            self.walk.next()
        elif direction == -1:
            self.walk.back()
        elif direction == 2:
            self.walk.last()
        else:
            self.walk.reset()
        self._render()

    def _render(self) -> None:
        walk = self.walk
        if walk is None:
            self.nav.update(at_start=True, at_end=True, stuck=True)
            self.head.value = ""
            self.status.value = error_html(self.error or "")
            self.figure.value = ""
            self.table.value = ""
            return
        self.nav.update(at_start=walk.at_start, at_end=walk.at_end)
        r = walk.reckoning
        head = _("Step {n} of {steps}: {title}").format(n=walk.current, steps=len(walk.steps),
                                                        title=localize(walk.step_title))
        self.head.value = f"<div class='tutor-step-head' style='{FONT}'>{html.escape(head)}</div>"
        current = walk.steps[walk.current - 1].payments if not walk.at_start else ()
        lines = [f"<p>{html.escape(_payment_line(p, len(current) == 1))}</p>" for p in current]
        if walk.at_end and r.stacks_after is not None:
            over = _("match over: yes") if r.match_over else _("match over: no")
            lines.append(f"<p>{html.escape(over)}</p>")
        self.status.value = f"<div class='tutor-step' style='{FONT}'>{''.join(lines)}</div>"
        stacks = walk.stacks_after()
        net = walk.net_after()
        self.figure.value = payments_svg(walk.payments_so_far(), net=net, stacks=stacks,
                                         winners=r.winner, dealer=r.dealer, current=current,
                                         size=DIAGRAM_PX)
        headers = [_("seat"), _("total used"), _("net so far")] + ([_("stack")] if stacks else [])
        rows = [[seat_label(s), r.totals[s], f"{net[s]:+d}"] + ([stacks[s]] if stacks else [])
                for s in SEATS]
        self.table.value = table_html(headers, rows, numeric=(1, 2, 3))

    what = N_("the settlement, step by step")

    def summary(self) -> str:
        """One line in the learner's language (the class's name first, as a developer reads
        it): who won, the step and every seat's net so far, or the error."""
        if self.walk is None:
            return "SettlementWalkView({})".format(_("error: {error}").format(error=self.error))
        net = self.walk.net_after()
        nets = comma().join(f"{s.letter} {net[s]:+d}" for s in SEATS)
        text = _("{winner} wins, step {step} of {steps}: {nets}").format(
            winner=seat_label(self.winner.value), step=self.walk.current,
            steps=len(self.walk.steps), nets=nets)
        return f"SettlementWalkView({text})"
