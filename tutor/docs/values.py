"""The single values the rule book's sentences quote, by name.

``huangyan.ante``, ``hangzhou.after_gang``, ``hangzhou_play.max_chows``, ``guiyang.plain``: a
field of a default ruleset. ``engine.*``: a number the engine decides outside the rulesets
(tiles in a set, a dead wall, the deal), measured from the engine itself. ``example.*``: a
figure of an original rule text's worked example, as :mod:`tutor.docs.examples` recomputes it.
A value is the same in every language except where it holds a word (the examples' seat names,
``East 20, South 28, ...``); a ruleset field's value is written as ``--rule`` reads it.
"""

from __future__ import annotations

import dataclasses

from tutor.core.variant import Variant
from tutor.docs import examples
from tutor.docs.tables import RULESETS, dealt_sizes, show
from tutor.game.wall import DEAD_WALL, Wall
from tutor.i18n import language, using_language
from tutor.variants.guiyang.rules import GUIYANG_RULES
from tutor.variants.hangzhou.rules import HANGZHOU
from tutor.variants.hangzhou.special import ten_honors_multiplier
from tutor.variants.huangyan.rules import HUANGYAN_RULES

__all__ = ["value", "value_names"]

_PREFIX = {"HuangyanRules": "huangyan", "HangzhouRules": "hangzhou",
           "HangzhouPlay": "hangzhou_play", "GuiyangRules": "guiyang"}


def _kong_cost() -> tuple[int, int]:
    """What one Hangzhou kong replacement costs the live wall, and how many tiles it burns,
    measured on a fresh wall."""
    tiles = [t for t in Variant.HANGZHOU.kinds for _ in range(4)]
    wall = Wall(Variant.HANGZHOU, tuple(tiles))
    live, burned = wall.live, wall.burned
    wall.replacement()
    return live - wall.live, wall.burned - burned


def _engine() -> dict[str, object]:
    each, dealer = dealt_sizes()
    live_cost, burn = _kong_cost()
    rules, hz, gy = HUANGYAN_RULES, HANGZHOU, GUIYANG_RULES
    out: dict[str, object] = {
        "engine.deal.each": each,
        "engine.deal.dealer": dealer,
        "engine.deal.tiles": 3 * each + dealer,
        "engine.huangyan.stage_with_dead_wall": rules.live_tile_stage_threshold + rules.dead_wall,
        "engine.huangyan.session_total": 4 * rules.reserve,
        "engine.huangyan.match_chips": 4 * rules.ante,
        "engine.huangyan.big_four_winds_factor": 2 ** rules.big_four_winds,
        "engine.hangzhou.kong_live_cost": live_cost,
        "engine.hangzhou.kong_burn": burn,
        "engine.hangzhou.ten_honors_at_count": ten_honors_multiplier(hz.ten_honors_count),
        "engine.hangzhou.ten_honors_next": ten_honors_multiplier(hz.ten_honors_count + 1),
        "engine.hangzhou.ten_honors_next_count": hz.ten_honors_count + 1,
        "engine.hangzhou.max_fan_product": 2 ** hz.fan_cap,
        "engine.guiyang.golden_fixed": gy.fixed_value(True),
        "engine.guiyang.golden_charging": gy.charging_value(True),
        "engine.guiyang.golden_liability": gy.liability_value(True),
    }
    for variant in Variant:
        dead = DEAD_WALL[variant]
        out[f"engine.{variant.value}.tiles"] = variant.tile_count
        out[f"engine.{variant.value}.dead_wall"] = dead
        out[f"engine.{variant.value}.wall_side"] = variant.tile_count // 4
        out[f"engine.{variant.value}.stacks_per_side"] = variant.tile_count // 8
        out[f"engine.{variant.value}.live_after_deal"] = (variant.tile_count - dead
                                                          - 3 * each - dealer)
    for name, text in examples.huangyan_values().items():
        out[f"example.huangyan.{name}"] = text
    for name, text in examples.hangzhou_values().items():
        out[f"example.hangzhou.{name}"] = text
    return out


_CACHE: dict[str, dict[str, str]] = {}


def _all(lang: str = "en") -> dict[str, str]:
    """Every value by name, in ``lang`` (computed once per language)."""
    found = _CACHE.get(lang)
    if found is None:
        found = {}
        with using_language(lang):
            for variant_sets in RULESETS.values():
                for cls, rules, _items in variant_sets:
                    for f in dataclasses.fields(rules):
                        found[f"{_PREFIX[cls]}.{f.name}"] = show(getattr(rules, f.name))
            for name, figure in _engine().items():
                found[name] = str(figure)
        _CACHE[lang] = found
    return found


def value_names() -> list[str]:
    """Every name an inline value may use."""
    return sorted(_all())


def value(name: str, lang: str | None = None) -> str:
    """The text of the inline value ``name`` in ``lang`` (the language of the moment by default;
    :class:`~tutor.docs.markers.DocsError` if unknown)."""
    from tutor.docs.markers import DocsError

    try:
        return _all(language() if lang is None else lang)[name]
    except KeyError:
        raise DocsError(f"unknown value {name!r} (python -m tutor.docs --list shows the "
                        "names)") from None
