"""The what-if widget: change ruleset values, run the same seeded hands twice, compare.

A thin view over :func:`tutor.study.whatif.compare`. CSS classes: ``tutor-whatif``,
``tutor-whatif-run``, ``tutor-whatif-table``, ``tutor-whatif-plot``.
"""

from __future__ import annotations

import ipywidgets as widgets

from tutor.core.variant import Variant
from tutor.display.html import table_html
from tutor.display.plots import figure_svg
from tutor.display.widgets.base import TutorView, error_html
from tutor.errors import TutorError
from tutor.study.whatif import Comparison, compare, parse_overrides

__all__ = ["WhatIfView", "gains_figure"]

_BOTS = {"sensible bots": ("sensible",), "sensible and random": ("sensible", "random"),
         "random bots": ("random",)}


def gains_figure(comparison: Comparison):  # type: ignore[no-untyped-def]
    """Histograms of the winner's gain per won hand, defaults against the change."""
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(5.5, 3.0))
    base, changed = comparison.base.gains, comparison.changed.gains
    top = max([1, *base, *changed])
    bins = list(range(0, top + top // 20 + 2, max(1, top // 20 + 1)))
    ax.hist([base, changed], bins=bins, label=["defaults", "with the change"],
            color=["#7f8c8d", "#e67e22"])
    ax.set_xlabel("winner's gain in a won hand")
    ax.set_ylabel("hands")
    ax.legend(fontsize=8)
    ax.set_title(f"{comparison.variant.title}: {comparison.base.hands} hands", fontsize=10)
    fig.tight_layout()
    return fig


class WhatIfView(TutorView):
    """``WhatIfView("huangyan", "live_tile_stage_threshold=30")``."""

    def __init__(self, variant: Variant | str = Variant.HUANGYAN, rules: str = "", *,
                 hands: int = 100, seed: int = 0, bots: str = "sensible bots") -> None:
        self.comparison: Comparison | None = None
        self.variant = widgets.Dropdown(options=[v.value for v in Variant],
                                        value=Variant.parse(variant).value,
                                        description="Game:")
        self.rules = widgets.Textarea(value=rules, placeholder="name=value, one per line",
                                      description="Change:")
        self.hands = widgets.BoundedIntText(value=hands, min=1, max=5000, description="Hands:")
        self.seed = widgets.IntText(value=seed, description="Random seed:")
        self.bots = widgets.Dropdown(options=list(_BOTS), value=bots, description="Bots:")
        self.run_button = widgets.Button(description="Run", button_style="primary")
        self.run_button.add_class("tutor-whatif-run")
        self.run_button.on_click(lambda _b: self.run())
        self.progress = widgets.IntProgress(value=0, min=0, max=1, description="Playing:")
        self.table = widgets.HTML()
        self.table.add_class("tutor-whatif-table")
        self.plot = widgets.HTML()
        self.plot.add_class("tutor-whatif-plot")
        self.box = widgets.VBox([
            widgets.HBox([self.variant, self.bots]), self.rules,
            widgets.HBox([self.hands, self.seed, self.run_button]), self.progress,
            self.table, self.plot])
        self.box.add_class("tutor-whatif")

    def _progress(self, done: int, total: int) -> None:
        self.progress.max = total
        self.progress.value = done

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
        self.table.value = table_html(["statistic", "defaults", "with the change"],
                                      self.comparison.rows())
        self.plot.value = figure_svg(gains_figure(self.comparison))
        return self.comparison

    def summary(self) -> str:
        if self.comparison is None:
            return f"WhatIfView({self.variant.value}: not run yet)"
        c = self.comparison
        change = ", ".join(f"{k}={v}" for k, v in c.overrides.items()) or "no change"
        return f"WhatIfView({c.variant.value}, {c.base.hands} hands: defaults vs {change})"
