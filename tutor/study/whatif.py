"""What-if: the same seeded hands played under two rulesets, side by side.

``compare("huangyan", {"live_tile_stage_threshold": 30}, hands=200)`` plays the hands with the
default rules and with the change (same seeds, same bots), and reports the statistics of both.
Because the deals are identical, a difference comes from the rule, not from luck.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.core.variant import Variant
from tutor.game.simulate import Summary, simulate
from tutor.game.variants import hooks_for
from tutor.rulesets import parse_assignments

__all__ = ["Comparison", "compare", "parse_overrides"]


def parse_overrides(text: str) -> dict[str, str]:
    """``"a=1, b=up"`` -> ``{"a": "1", "b": "up"}`` (values are read by the ruleset)."""
    items = [item for item in text.replace("\n", ",").split(",") if item.strip()]
    return parse_assignments(items)


@dataclass(frozen=True)
class Comparison:
    """Two simulations of the same hands: ``base`` under the defaults, ``changed`` with
    ``overrides``."""

    variant: Variant
    overrides: dict[str, Any]
    base: Summary
    changed: Summary

    def rows(self) -> list[tuple[str, str, str]]:
        """(statistic, base, changed) for a table."""
        def pct(n: int, total: int) -> str:
            return f"{n / total:.1%}" if total else "-"

        b, c = self.base, self.changed
        rows = [("hands", str(b.hands), str(c.hands)),
                ("draws", pct(b.draws, b.hands), pct(c.draws, c.hands))]
        for way in sorted(set(b.wins_by_way) | set(c.wins_by_way)):
            rows.append((f"wins by {way}", pct(b.wins_by_way.get(way, 0), b.hands),
                         pct(c.wins_by_way.get(way, 0), c.hands)))
        for name in ("median", "p90", "max"):
            if name in b.payment_quantiles or name in c.payment_quantiles:
                rows.append((f"winner's gain, {name}",
                             f"{b.payment_quantiles.get(name, 0):g}",
                             f"{c.payment_quantiles.get(name, 0):g}"))
        for key in sorted(set(b.extra) | set(c.extra)):
            rows.append((key, f"{b.extra.get(key, 0):.3g}", f"{c.extra.get(key, 0):.3g}"))
        return rows

    def __str__(self) -> str:
        change = ", ".join(f"{k}={v}" for k, v in self.overrides.items()) or "(no change)"
        width = max(len(r[0]) for r in self.rows())
        lines = [f"{self.variant.title}, {self.base.hands} hands from seed {self.base.seed}: "
                 f"defaults vs {change}"]
        lines += [f"  {name:<{width}}  {b:>10}  {c:>10}" for name, b, c in self.rows()]
        return "\n".join(lines)


def compare(variant: Variant | str, overrides: Mapping[str, Any], *, hands: int = 200,
            seed: int = 0, bots: Sequence[str] = ("sensible",),
            progress: Callable[[int, int], None] | None = None) -> Comparison:
    """Simulate ``hands`` hands under the defaults and under ``overrides`` (one process)."""
    v = Variant.parse(variant)
    changes = dict(overrides)
    hooks_for(v, changes)  # refuse a bad rule before playing anything
    total = 2 * hands

    def step(offset: int) -> Callable[[int, int], None] | None:
        if progress is None:
            return None
        return lambda done, _n: progress(offset + done, total)

    base = simulate(v, hands, seed, bots, {}, workers=1, progress=step(0))
    changed = simulate(v, hands, seed, bots, changes, workers=1, progress=step(hands))
    return Comparison(v, changes, base, changed)
