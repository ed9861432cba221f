"""The what-if widget: change ruleset values, run the same seeded hands twice, compare.

A thin view over :func:`tutor.study.whatif.compare`. The progress bar moves after every hand.
The histogram of the winner's gain is drawn with matplotlib when it is installed (imported only
when a picture is drawn, never when this module loads) and otherwise as the same picture in
SVG by :mod:`tutor.display.charts` (under Pyodide, say). CSS classes: ``tutor-whatif``,
``tutor-whatif-run``, ``tutor-whatif-table``, ``tutor-whatif-plot``.
"""

from __future__ import annotations

import html
import re
from typing import Any

import ipywidgets as widgets

from tutor.core.variant import Variant
from tutor.display.charts import histogram_svg
from tutor.display.html import Raw, table_html
from tutor.display.widgets.base import TutorView, error_html
from tutor.errors import TutorError
from tutor.i18n import N_, _, language, localize, pgettext
from tutor.study.whatif import DEFAULT_CHANGES, Comparison, compare, gain_bins, parse_overrides

__all__ = ["WhatIfView", "gains_figure", "gains_svg"]

_BOTS = {N_("sensible bots"): ("sensible",), N_("strong bots"): ("strong",),
         N_("sensible and random"): ("sensible", "random"),
         N_("random bots"): ("random",)}
_NAMES = (N_("defaults"), N_("with the change"))
_COLOURS = ("#7f8c8d", "#e67e22")
_XLABEL = N_("winner's gain in a won hand (points)")


def _names() -> list[str]:
    """The two rulesets' names, in the current language."""
    return [_(name) for name in _NAMES]
_TABLE_STYLE = ("<style>.tutor-whatif-table th, .tutor-whatif-table td {padding: 3px 14px}"
                ".tutor-whatif-table th {border-bottom: 1px solid #999}</style>")


def _title(comparison: Comparison) -> str:
    return _("{game}: {n} hands").format(game=localize(comparison.variant.title),
                                         n=comparison.base.hands)


def gains_figure(comparison: Comparison) -> Any:
    """Histograms of the winner's gain per won hand, defaults against the change (a matplotlib
    figure: needs matplotlib)."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(9.6, 5.4))  # the SVG chart's 16:9, text as large
    base, changed = comparison.base.gains, comparison.changed.gains
    ax.hist([base, changed], bins=gain_bins(base, changed), label=_names(),
            color=list(_COLOURS))
    ax.set_xlabel(_(_XLABEL), fontsize=15)
    ax.set_ylabel(_("hands"), fontsize=15)
    ax.tick_params(labelsize=14)
    ax.legend(fontsize=14)
    ax.set_title(_title(comparison), fontsize=18, fontweight="bold")
    fig.tight_layout()
    return fig


def gains_svg(comparison: Comparison, *, use_matplotlib: bool = True) -> str:
    """The histogram as SVG: drawn by matplotlib when it can be imported (and
    ``use_matplotlib``), else by :func:`tutor.display.charts.histogram_svg`; in Chinese always
    by the latter, whose text the browser sets in a font that has the characters (matplotlib
    draws text as outlines of its own font, which has none)."""
    if use_matplotlib and language() == "en":
        try:
            import matplotlib  # noqa: F401  (missing under Pyodide)
        except ImportError:
            pass
        else:
            from tutor.display.plots import figure_svg

            return _fit(figure_svg(gains_figure(comparison)))
    base, changed = comparison.base.gains, comparison.changed.gains
    return histogram_svg(list(zip(_names(), (base, changed), strict=True)),
                         gain_bins(base, changed), title=_title(comparison), xlabel=_(_XLABEL),
                         ylabel=_("hands"), colours=_COLOURS)


def _fit(svg: str) -> str:
    """Let matplotlib's SVG (sized in points) scale to the width of its box."""
    start = svg.find("<svg")
    end = svg.find(">", start)
    head = re.sub(r'\s(width|height)="[^"]*"', "", svg[start:end])
    return svg[:start] + head + ' width="100%"' + svg[end:]


class WhatIfView(TutorView):
    """``WhatIfView("huangyan")`` starts from the game's default change
    (:data:`~tutor.study.whatif.DEFAULT_CHANGES`); ``WhatIfView("huangyan", "ante=40")`` from
    another."""

    def __init__(self, variant: Variant | str = Variant.HUANGYAN, rules: str | None = None, *,
                 hands: int = 100, seed: int = 0, bots: str = "sensible bots") -> None:
        self.comparison: Comparison | None = None
        v = Variant.parse(variant)
        self._example = (v.value, DEFAULT_CHANGES[v] if rules is None else rules, hands, seed,
                         bots)
        self.variant = widgets.Dropdown(options=[(localize(x.title), x.value) for x in Variant],
                                        value=v.value, description=_("Game:"))
        self.rules = widgets.Textarea(value=self._example[1],
                                      placeholder=_("name=value, one per line"),
                                      description=_("Change:"),
                                      layout=widgets.Layout(width="42em", height="4.5em"))
        self.hands = widgets.BoundedIntText(value=hands, min=1, max=5000,
                                            description=_("Hands:"))
        self.seed = widgets.IntText(value=seed, description=_("Seed:"),
                                    tooltip=_("the random seed of the first deal"))
        self.bots = widgets.Dropdown(options=[(_(name), name) for name in _BOTS], value=bots,
                                     description=_("Bots:"))
        self.run_button = widgets.Button(description=_("Run"), button_style="primary")
        self.run_button.add_class("tutor-whatif-run")
        self.run_button.on_click(lambda _b: self.run())
        self.reset_button = widgets.Button(description=pgettext("what-if",
                                                                "Reset to the example"),
                                           layout=widgets.Layout(width="auto"))
        self.reset_button.on_click(lambda _b: self.reset())
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description=_("Playing:"))
        self.status = widgets.HTML()
        self.table = widgets.HTML()
        self.table.add_class("tutor-whatif-table")
        self.plot = widgets.HTML(layout=widgets.Layout(width="620px", max_width="100%"))
        self.plot.add_class("tutor-whatif-plot")
        self.variant.observe(self._variant_changed, names="value")
        self.box = widgets.VBox([
            widgets.HBox([self.variant, self.bots]), self.rules,
            widgets.HBox([self.hands, self.seed, self.run_button, self.reset_button]),
            widgets.HBox([self.progress, self.status]),
            widgets.Box([self.table, self.plot], layout=widgets.Layout(
                display="flex", flex_flow="row wrap", align_items="flex-start"))])
        self.box.add_class("tutor-whatif")

    def _variant_changed(self, change: dict[str, Any]) -> None:
        """A new game starts from its own default change, unless the learner wrote one."""
        old, new = Variant.parse(change["old"]), Variant.parse(change["new"])
        if self.rules.value.strip() in ("", DEFAULT_CHANGES[old]):
            self.rules.value = DEFAULT_CHANGES[new]

    def reset(self) -> None:
        """Back to the example this view was made with, results cleared."""
        variant, rules, hands, seed, bots = self._example
        self.variant.value = variant
        self.rules.value = rules
        self.hands.value, self.seed.value, self.bots.value = hands, seed, bots
        self.comparison = None
        self.progress.value = 0
        self.status.value = self.table.value = self.plot.value = ""

    def _progress(self, done: int, total: int) -> None:
        self.progress.max = total
        self.progress.value = done
        half = total // 2
        which, n = (_NAMES[0], done) if done <= half else (_NAMES[1], done - half)
        text = _("{which}: hand {n} of {hands}").format(which=_(which), n=n, hands=half)
        self.status.value = f"<span style='font-family:sans-serif'>{html.escape(text)}</span>"

    def run(self) -> Comparison | None:
        """Play both rulesets and show the comparison (or the error, if a rule is bad)."""
        try:
            overrides = parse_overrides(str(self.rules.value))
            self.comparison = compare(self.variant.value, overrides, hands=int(self.hands.value),
                                      seed=int(self.seed.value), bots=_BOTS[self.bots.value],
                                      progress=self._progress)
        except (TutorError, ValueError) as exc:
            self.table.value = error_html(exc)
            self.plot.value = ""
            return None
        differing = set(self.comparison.differing())
        rows = [(localize(name) if name not in differing else _bold(localize(name)), b, c)
                for name, b, c in self.comparison.rows()]
        note = (_("Rows in bold differ.") if differing else
                _("No row differs: in these hands the change never mattered. Try more hands or "
                  "another change."))
        self.table.value = (_TABLE_STYLE + table_html([_("statistic"), *_names()], rows,
                                                      numeric=(1, 2))
                            + f"<p style='font-family:sans-serif'>{html.escape(note)}</p>")
        self.plot.value = gains_svg(self.comparison)
        return self.comparison

    what = N_("the what-if comparison")

    def summary(self) -> str:
        if self.comparison is None:
            return f"WhatIfView({self.variant.value}: not run yet)"
        c = self.comparison
        change = ", ".join(f"{k}={v}" for k, v in c.overrides.items()) or "no change"
        return f"WhatIfView({c.variant.value}, {c.base.hands} hands: defaults vs {change})"


def _bold(text: str) -> Raw:
    return Raw(f"<b>{html.escape(text)}</b>")
