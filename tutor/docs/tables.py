"""The rule book's tables, built from the frozen rulesets and the engine's own constants.

Each function returns one Markdown table. The values are read from the default rulesets
(:data:`~tutor.variants.huangyan.rules.HUANGYAN_RULES`, ...), the play hooks' switches and the
wall, never typed here; the descriptions come from :mod:`tutor.docs.fields`.
"""

from __future__ import annotations

import dataclasses
import enum
import typing
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tutor.core.hand import MeldKind
from tutor.core.tiles import Wind
from tutor.core.variant import Variant
from tutor.docs import fields
from tutor.game.hooks import Hooks
from tutor.game.variants import hooks_for
from tutor.game.variants.hangzhou.play_rules import PLAY
from tutor.game.wall import DEAD_WALL
from tutor.rulesets import type_name
from tutor.variants.guiyang.rules import APP_TABLE_RULES, GUIYANG_RULES, GuiyangRules, Pattern
from tutor.variants.hangzhou.rules import HANGZHOU
from tutor.variants.huangyan.rules import HUANGYAN_RULES, HuangyanRules

__all__ = ["RULESETS", "comparison", "equipment", "field_table", "grouped_fields",
           "huangyan_sets", "md_table", "options_table", "play_switches", "show"]

#: each game's rulesets: (class name, default instance, descriptions)
RULESETS: dict[Variant, tuple[tuple[str, Any, Mapping[str, fields.Item]], ...]] = {
    Variant.HUANGYAN: (("HuangyanRules", HUANGYAN_RULES, fields.HUANGYAN),),
    Variant.HANGZHOU: (("HangzhouRules", HANGZHOU, fields.HANGZHOU),
                       ("HangzhouPlay", PLAY, fields.HANGZHOU_PLAY)),
    Variant.GUIYANG: (("GuiyangRules", GUIYANG_RULES, fields.GUIYANG),),
}

_SEAT_WORD = {Wind.EAST: "East", Wind.SOUTH: "South", Wind.WEST: "West", Wind.NORTH: "North"}


def show(value: object) -> str:
    """A ruleset value as the rule book writes it (the form ``--rule name=value`` reads)."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Wind):
        return _SEAT_WORD[value]
    if isinstance(value, enum.Enum):
        return str(value.value)
    return str(value)


def md_table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A Markdown table; ``|`` in a cell is escaped."""
    def cell(x: object) -> str:
        return str(x).replace("|", "\\|").replace("\n", " ")

    lines = ["| " + " | ".join(cell(h) for h in header) + " |",
             "| " + " | ".join("---" for _ in header) + " |"]
    lines += ["| " + " | ".join(cell(x) for x in row) + " |" for row in rows]
    return "\n".join(lines)


def _ruleset(variant: Variant, name: str) -> tuple[Any, Mapping[str, fields.Item]]:
    for cls, rules, items in RULESETS[variant]:
        if cls == name:
            return rules, items
    raise KeyError(name)


def grouped_fields() -> dict[str, list[str]]:
    """Every field shown in a field table, by ruleset class (the tests compare with the
    dataclasses)."""
    out: dict[str, list[str]] = {}
    for groups in GROUPS.values():
        for cls, names in groups:
            out.setdefault(cls, []).extend(names)
    out.setdefault("HuangyanRules", []).extend(_SETS_FIELDS)
    out.setdefault("GuiyangRules", []).extend(p.field for p in Pattern)
    return out


def field_table(variant: Variant, group: str, *, value_header: str = "value") -> str:
    """The fields of one group: item, Chinese, value, field name, what it means."""
    rows = []
    for cls, names in GROUPS[group]:
        rules, items = _ruleset(variant, cls)
        present = {f.name for f in dataclasses.fields(rules)}
        for name in names:
            if name not in present:  # a field another change adds later
                continue
            item = items[name]
            rows.append((item.label, item.chinese or "-", show(getattr(rules, name)),
                         f"`{name}`", item.meaning))
    return md_table(("item", "中文", value_header, "ruleset field", "when it applies"), rows)


def _choices(kind: Any) -> str:
    args = [a for a in typing.get_args(kind) if a is not type(None)]
    optional = type(None) in typing.get_args(kind)
    base = args[0] if args else kind
    if base is bool:
        text = "true or false"
    elif isinstance(base, type) and issubclass(base, Wind):
        text = "East, South, West or North"
    elif isinstance(base, type) and issubclass(base, enum.Enum):
        members: list[enum.Enum] = list(base)
        text = " or ".join(str(m.value) for m in members)
    else:
        text = "a whole number" if base is int else type_name(base)
    return text + (", or none" if optional else "")


def options_table(variant: Variant, group: str) -> str:
    """The options of a game: field, default, what else it may be, what it changes."""
    rows = []
    for cls, names in GROUPS[group]:
        rules, items = _ruleset(variant, cls)
        hints = typing.get_type_hints(type(rules))
        present = {f.name for f in dataclasses.fields(rules)}
        for name in names:
            if name in present:
                rows.append((f"`{name}`", show(getattr(rules, name)), _choices(hints[name]),
                             items[name].meaning))
    return md_table(("option", "default", "may be", "what it changes"), rows)


_SETS_FIELDS = ("exposed_pong_simple", "exposed_pong_terminal_honor", "concealed_pong_simple",
                "concealed_pong_terminal_honor", "exposed_kong_simple",
                "exposed_kong_terminal_honor", "concealed_kong_simple",
                "concealed_kong_terminal_honor", "chow")


def huangyan_sets(rules: HuangyanRules = HUANGYAN_RULES) -> str:
    """Base points of the sets, by kind (rows) and by simples / terminals and honors."""
    def cell(name: str) -> str:
        return f"{getattr(rules, name)} (`{name}`)"

    rows = []
    for kind, chinese, what in (("exposed_pong", "明刻", "Exposed Pong (claimed)"),
                                ("concealed_pong", "暗刻", "Concealed Pong"),
                                ("exposed_kong", "明杠", "Exposed Kong (open or added)"),
                                ("concealed_kong", "暗杠", "Concealed Kong")):
        rows.append((what, chinese, cell(f"{kind}_simple"), cell(f"{kind}_terminal_honor")))
    rows.append(("Chow", "顺子", cell("chow"), cell("chow")))
    return md_table(("set", "中文", "simples (2 to 8)", "terminals (1, 9) and honors"), rows)


def guiyang_patterns(rules: GuiyangRules = GUIYANG_RULES,
                     app: GuiyangRules = APP_TABLE_RULES) -> str:
    """The eight patterns, lowest first, with the default value and the app table's."""
    rows = []
    for pattern in Pattern:
        item = fields.GUIYANG[pattern.field]
        rows.append((item.label, pattern.chinese, rules.pattern_value(pattern),
                     app.pattern_value(pattern), f"`{pattern.field}`", item.meaning))
    return md_table(("pattern", "中文", "value", "app table (option)", "ruleset field",
                     "shape"), rows)


def dealt_sizes() -> tuple[int, int]:
    """Tiles in a hand after the deal: (each player, the dealer), from a dealt hand."""
    from tutor.game.state import HandState

    state = HandState.new(hooks_for(Variant.HUANGYAN), seed=0)
    east = state.players[Wind.EAST].concealed_count
    south = state.players[Wind.SOUTH].concealed_count
    return south, east


def equipment(variant: Variant) -> str:
    """The tiles, the dead wall and the deal of one game."""
    each, dealer = dealt_sizes()
    dead = DEAD_WALL[variant]
    dealt = 3 * each + dealer
    joker = variant.joker
    copies = variant.tile_count // len(variant.kinds)
    suited = sum(1 for k in variant.kinds if k.is_suited)
    rows: list[tuple[str, object]] = [
        ("tiles in the set", variant.tile_count),
        ("kinds of tile", len(variant.kinds)),
        ("copies of each kind", copies),
        ("suited kinds (characters, dots, bamboo; ranks 1 to 9)", suited),
        ("honor kinds (winds and dragons)", len(variant.kinds) - suited),
        ("jokers", f"the {copies} White Dragons (白)" if joker is not None else "none"),
        ("dead wall", f"{dead} tiles" if dead else "none: one single wall"),
        ("tiles dealt to each player", each),
        ("tiles dealt to the dealer", dealer),
        ("live wall after the deal", variant.tile_count - dead - dealt),
    ]
    return md_table(("equipment", variant.title), [(k, v) for k, v in rows])


def _robbable(hooks: Hooks) -> str:
    words = {MeldKind.OPEN_KONG: "open", MeldKind.ADDED_KONG: "added"}
    kinds = [words[k] for k in words if k in hooks.robbable]
    return " and ".join(kinds) + " kongs" if kinds else "none"


def play_switches(variants: Sequence[Variant] = tuple(Variant)) -> str:
    """The shared play engine's switches, per game (class attributes of each game's hooks)."""
    hooks = [hooks_for(v) for v in variants]

    def yes(flag: bool) -> str:
        return "yes" if flag else "no"

    rows = [
        ("chows may be claimed (by the next player only)", "`Variant.allows_chow`",
         *(yes(v.allows_chow) for v in variants)),
        ("kongs that may be robbed", "`robbable`", *(_robbable(h) for h in hooks)),
        ("several players may win on one discard", "`multiple_winners`",
         *(yes(h.multiple_winners) for h in hooks)),
        ("a kong may follow a chow or pong before the discard", "`kong_after_claim`",
         *(yes(h.kong_after_claim) for h in hooks)),
        ("the last live tile's discard may be claimed for a win", "`last_discard_win`",
         *(yes(h.last_discard_win) for h in hooks)),
        ("seven pairs is a winning shape", "`Variant.seven_pairs`",
         *(yes(v.seven_pairs) for v in variants)),
    ]
    return md_table(("rule of play", "switch", *(v.title for v in variants)), rows)


def comparison() -> str:
    """The three games side by side, for the first lesson and the rule books."""
    variants = tuple(Variant)
    hooks = {v: hooks_for(v) for v in variants}

    def wins(v: Variant) -> str:
        if v is Variant.HANGZHOU:
            return "self-draw only"
        several = ("several players may win on one discard" if hooks[v].multiple_winners
                   else "of several who could win on a discard, the nearest does")
        return f"self-draw or a discard; {several}"

    def dead(v: Variant) -> str:
        n = DEAD_WALL[v]
        return f"{n} tiles" if n else "none"

    def claims(v: Variant) -> str:
        kinds = "chow, pong, kong, win" if v.allows_chow else "pong, kong, win (no chow)"
        if v is Variant.HANGZHOU:
            kinds = "chow, pong, kong (a win only by self-draw)"
        return kinds

    def ends(v: Variant) -> str:
        return {Variant.HUANGYAN: "a win, or an exhaustive draw (the Yellow Cliff draw) when the "
                                  "live wall is empty",
                Variant.HANGZHOU: "a self-drawn win, or an exhaustive draw when the live wall "
                                  "is empty",
                Variant.GUIYANG: "a win (one or several winners), or an exhaustive draw when "
                                 "no tile is left"}[v]

    rows = [
        ("tiles", *(f"{v.tile_count}"
                    + (" (the White Dragons are jokers: wild tiles)" if v.joker else "")
                    + (" (no honors)" if not any(k.is_honor for k in v.kinds) else "")
                    for v in variants)),
        ("dead wall", *(dead(v) for v in variants)),
        ("what may be claimed", *(claims(v) for v in variants)),
        ("how a hand is won", *(wins(v) for v in variants)),
        ("winning shapes", *("four sets and a pair" + (", or seven pairs" if v.seven_pairs
                                                       else "") for v in variants)),
        ("how a hand ends", *(ends(v) for v in variants)),
        ("what is paid", "every player scores a hand; the winner is paid, and the others pay "
                         "each other by their scores",
         "a base times multipliers; the dealer's own wins are paid only when the deal passes",
         "the winning pattern, plus points for kongs (beans) and for chicken tiles"),
    ]
    return md_table(("", *(f"{v.title} ({v.chinese})" for v in variants)), rows)


#: the field tables of each rule book: group name -> (ruleset class, fields) in order
GROUPS: dict[str, tuple[tuple[str, tuple[str, ...]], ...]] = {
    "huangyan-pairs": (("HuangyanRules", ("dragon_pair", "seat_wind_pair",
                                          "prevailing_wind_pair")),),
    "huangyan-winner-points": (("HuangyanRules", ("hu", "self_draw", "single_hook",
                                                  "middle_hook", "side_hook")),),
    "huangyan-doubles": (("HuangyanRules", ("dragon_set", "seat_wind_set",
                                            "prevailing_wind_set", "half_flush", "full_flush",
                                            "all_honors", "little_three_dragons",
                                            "big_three_dragons", "little_four_winds",
                                            "big_four_winds")),),
    "huangyan-winner-doubles": (("HuangyanRules", ("all_pongs", "pinfu", "kong_draw",
                                                   "robbing_the_kong", "fishermans_win")),),
    "huangyan-table": (("HuangyanRules", ("ante", "reserve", "matches_per_session",
                                          "live_tile_stage_threshold", "dead_wall")),),
    "huangyan-options": (("HuangyanRules", ("limit", "prevailing_wind", "rounding",
                                            "liability_payee", "robbing_open_kong_double")),),
    "hangzhou-base": (("HangzhouRules", ("base_from_dealer", "base_from_other",
                                         "base_dealer_wins")),),
    "hangzhou-multipliers": (("HangzhouRules", ("three_white_dragons", "four_white_dragons",
                                                "after_gang", "white_dragon_pair_wait",
                                                "after_white_dragon_discard",
                                                "seven_pairs_pure", "seven_pairs_with_joker",
                                                "tile_hog")),),
    "hangzhou-special": (("HangzhouRules", ("ten_honors_count", "ten_honors_multiplier",
                                            "ten_honors_extra", "first_turn_joker_factor")),),
    "hangzhou-points": (("HangzhouRules", ("starting_points",)),
                        ("HangzhouPlay", ("session_hand_cap",))),
    "hangzhou-options": (("HangzhouRules", ("scoring", "fan_cap", "four_jokers_tile_hog",
                                            "joker_fifth_copy")),
                         ("HangzhouPlay", ("joker_restriction_all_calls",))),
    "hangzhou-play": (("HangzhouPlay", ("max_chows", "joker_restriction_players")),),
    "guiyang-win": (("GuiyangRules", ("plain_discard_win_needs_kong", "self_draw_bonus",
                                      "kong_draw_bonus", "hot_discard_bonus")),),
    "guiyang-beans": (("GuiyangRules", ("concealed_kong_bean", "added_kong_bean",
                                        "exposed_kong_bean")),),
    "guiyang-chickens": (("GuiyangRules", ("fixed_chicken", "flipped_chicken",
                                           "golden_multiplier", "charging_chicken",
                                           "liability_chicken")),),
    "guiyang-session": (("GuiyangRules", ("session_hands",)),),
    "guiyang-options": (("GuiyangRules", ("plain_discard_win_needs_kong",)),),
}

#: which groups are options tables (the others are field tables)
OPTION_GROUPS = frozenset({"huangyan-options", "hangzhou-options", "guiyang-options"})
