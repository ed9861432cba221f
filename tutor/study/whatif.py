"""What-if: the same seeded hands played under two rulesets, side by side.

``compare("huangyan", {"live_tile_stage_threshold": 30}, hands=200)`` plays the hands with the
default rules and with the change (same seeds, same bots), and reports the statistics of both.
Because the deals are identical, a difference comes from the rule, not from luck.

Each game's what-if starts from a change that shows something in 100 hands
(:data:`DEFAULT_CHANGES`):

* **Huangyan: ``live_tile_stage_threshold=30``.** The rule text starts the Live Tile Stage when
  30 tiles remain counting the Dead Wall's 16, that is with 14 live tiles; read carelessly,
  "30 tiles" means 30 live tiles. The stage then begins about twice as often, bots play safe
  sooner, more hands end in a draw and more careless discards make a player liable. (The
  earlier default, ``liability_payee=normal``, changed nothing visible: it only moves who
  receives a liable player's payment, and liability happens in a few hands out of a hundred,
  none of which the table's rows tell apart, so both columns came out identical.)
* **Hangzhou: ``base_from_other=2``.** A non-dealer pays 2 instead of 1 for another player's
  win: the winner's gain moves in almost every won hand. The multiplier rules (kongs, joker
  discards, seven pairs) rarely fire with bots, so changing one of them shows nothing in 100
  hands.
* **Guiyang: ``plain_discard_win_needs_kong=false``.** A plain hand may then win on a discard
  without a kong: most hands are won on a discard instead of by self-draw, draws nearly
  vanish and each win is worth less.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tutor.core.variant import Variant
from tutor.game.simulate import Summary, simulate_pair
from tutor.i18n import N_, Message, _, language, localize
from tutor.rulesets import parse_assignments

__all__ = ["DEFAULT_CHANGES", "Comparison", "compare", "gain_bins", "parse_overrides"]

#: The rule change each game's what-if starts with (why: see the module's docstring).
DEFAULT_CHANGES: dict[Variant, str] = {
    Variant.HUANGYAN: "live_tile_stage_threshold=30",
    Variant.HANGZHOU: "base_from_other=2",
    Variant.GUIYANG: "plain_discard_win_needs_kong=false",
}

# Each variant's per-hand statistics (``hand_stats``) as table rows: the label, and whether the
# number is a share of hands (a percentage) or a mean per hand. None: already a row of its own.
_RATE, _MEAN = "rate", "mean"
_STATS: dict[str, tuple[str, str] | None] = {
    "draw": None,  # the "draws" row
    "special win": None,  # the "won by a special hand" row
    "stage_reached": (N_("hands reaching the Live Tile Stage"), _RATE),
    "liability": (N_("hands with a liable player"), _RATE),
    "winner_total": (N_("winner's sheet total, mean per hand"), _MEAN),
    "multiplier": (N_("hand multiplier, mean per hand"), _MEAN),
    "first-turn penalty": (N_("first-turn penalties"), _RATE),
    "win after a gang": (N_("wins after a kong"), _RATE),
    "win after a joker discard": (N_("wins after a joker discard"), _RATE),
    "chicken points": (N_("chicken points paid, mean per hand"), _MEAN),
    "bean points": (N_("bean (kong) points paid, mean per hand"), _MEAN),
    "win points": (N_("win points paid, mean per hand"), _MEAN),
    "chicken tiles": (N_("chicken tiles, mean per hand"), _MEAN),
    "kongs": (N_("kongs, mean per hand"), _MEAN),
    "tenpai settlement": (N_("draws settled by ready hands"), _RATE),
    "multiple winners": (N_("hands with several winners"), _RATE),
    "hot discard": (N_("wins on a hot discard"), _RATE),
    "robbed kong": (N_("wins by robbing a kong"), _RATE),
    "kong draw": (N_("wins on a kong replacement"), _RATE),
    "golden chickens": (N_("hands with golden chickens"), _RATE),
}
_WAYS = {"self-draw": N_("won by self-draw"), "discard": N_("won on a discard"),
         "robbing the kong": N_("won by robbing the kong"),
         "special": N_("won by a special hand")}
_SEAT_NAMES = {"E": N_("East (dealer)"), "S": N_("South"), "W": N_("West"), "N": N_("North")}


def parse_overrides(text: str) -> dict[str, str]:
    """``"a=1, b=up"`` -> ``{"a": "1", "b": "up"}`` (values are read by the ruleset)."""
    items = [item for item in text.replace("\n", ",").split(",") if item.strip()]
    return parse_assignments(items)


def gain_bins(*series: Sequence[float]) -> list[int]:
    """Bin edges shared by the histograms of the winner's gain: about 20 bins of whole
    points from 0 (or the lowest value) past the highest value."""
    values = [v for s in series for v in s]
    low = min(0, int(min(values, default=0)))
    top = max(1, int(max(values, default=1)))
    step = max(1, (top - low) // 20 + 1)
    return list(range(low, top + step + 1, step))


@dataclass(frozen=True)
class Comparison:
    """Two simulations of the same hands: ``base`` under the defaults, ``changed`` with
    ``overrides``."""

    variant: Variant
    overrides: dict[str, Any]
    base: Summary
    changed: Summary

    def rows(self) -> list[tuple[str, str, str]]:
        """(statistic, defaults, with the change) for a table, each statistic in words."""
        def pct(n: float, total: int) -> str:
            return f"{n / total:.1%}" if total else "-"

        b, c = self.base, self.changed
        rows: list[tuple[str, str, str]] = [
            (Message("hands played"), str(b.hands), str(c.hands)),
            (Message("draws (no winner)"), pct(b.draws, b.hands), pct(c.draws, c.hands))]
        for way in sorted(set(b.wins_by_way) | set(c.wins_by_way)):
            rows.append((Message(_WAYS[way]) if way in _WAYS else
                         Message("won by {way}", way=way),
                         pct(b.wins_by_way.get(way, 0), b.hands),
                         pct(c.wins_by_way.get(way, 0), c.hands)))
        for name in ("median", "p90", "max"):
            if name in b.payment_quantiles or name in c.payment_quantiles:
                label = {"median": Message("median"),
                         "p90": Message("1 win in 10 gains at least"),
                         "max": Message("largest")}[name]
                rows.append((Message("winner's gain: {label}", label=label),
                             f"{b.payment_quantiles.get(name, 0):g}",
                             f"{c.payment_quantiles.get(name, 0):g}"))
        for seat, name in _SEAT_NAMES.items():
            if seat in b.mean_net or seat in c.mean_net:
                rows.append((Message("{seat}: net points per hand", seat=Message(name)),
                             f"{b.mean_net.get(seat, 0):+.2f}",
                             f"{c.mean_net.get(seat, 0):+.2f}"))
        for key in sorted(set(b.extra) | set(c.extra)):
            known = _STATS.get(key, (key.replace("_", " "), _MEAN))
            if known is None:
                continue
            name, kind = known
            stat = Message(name) if key in _STATS else name
            bv, cv = b.extra.get(key, 0.0), c.extra.get(key, 0.0)
            if kind == _RATE:
                rows.append((stat, f"{bv:.1%}", f"{cv:.1%}"))
            else:
                rows.append((stat, f"{bv:.3g}", f"{cv:.3g}"))
        return rows

    def differing(self) -> list[str]:
        """The statistics whose two columns differ."""
        return [name for name, b, c in self.rows() if b != c]

    def __str__(self) -> str:
        change = ", ".join(f"{k}={v}" for k, v in self.overrides.items()) or "(no change)"
        rows = [(localize(name), b, c) for name, b, c in self.rows()]
        width = max(len(r[0]) for r in rows)
        if language() == "en":
            title = (f"{self.variant.title}, {self.base.hands} hands from seed {self.base.seed}: "
                     f"defaults vs {change}")
        else:  # the change is the rules' code (live_tile_stage_threshold=30), kept as written
            title = _("{game}, {hands} hands from seed {seed}: defaults vs {change}").format(
                game=localize(self.variant.title), hands=self.base.hands, seed=self.base.seed,
                change=change if self.overrides else _("(no change)"))
        lines = [title] + [f"  {name:<{width}}  {b:>10}  {c:>10}" for name, b, c in rows]
        return "\n".join(lines)


def compare(variant: Variant | str, overrides: Mapping[str, Any], *, hands: int = 200,
            seed: int = 0, bots: Sequence[str] = ("sensible",),
            progress: Callable[[int, int], None] | None = None) -> Comparison:
    """Simulate ``hands`` hands under the defaults and under ``overrides`` (in this process,
    each seed under both in turn: see :func:`tutor.game.simulate.simulate_pair`;
    ``progress(done, 2 * hands)`` is called after every hand)."""
    v = Variant.parse(variant)
    changes = dict(overrides)
    base, changed = simulate_pair(v, hands, seed, bots, changes, progress=progress)
    return Comparison(v, changes, base, changed)
