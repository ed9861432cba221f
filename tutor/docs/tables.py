"""The rule book's tables, built from the frozen rulesets and the engine's own constants.

Each function returns one Markdown table. The values are read from the default rulesets
(:data:`~tutor.variants.huangyan.rules.HUANGYAN_RULES`, ...), the play hooks' switches and the
wall, never typed here; the descriptions come from :mod:`tutor.docs.fields`. Every word goes
through the catalog (:mod:`tutor.i18n`): a table is made in the language of the moment, and
:func:`tutor.docs.block` chooses the language of the book it writes into. In Chinese a name
column gives the English name where the English table gives the Chinese one, and a value that is
a word (``none``, ``true``, ``up``) is written as the code ``--rule`` reads.
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
from tutor.i18n import N_, _, language, pgettext
from tutor.rulesets import type_name
from tutor.variants.guiyang.rules import APP_TABLE_RULES, GUIYANG_RULES, GuiyangRules, Pattern
from tutor.variants.hangzhou.rules import HANGZHOU
from tutor.variants.huangyan.rules import HUANGYAN_RULES, HuangyanRules

__all__ = [
    "RULESETS",
    "cell_value",
    "code",
    "comparison",
    "english",
    "equipment",
    "field_table",
    "game_name",
    "grouped_fields",
    "huangyan_sets",
    "md_table",
    "name_cells",
    "options_table",
    "other_name_header",
    "play_switches",
    "show",
    "yes",
]

#: each game's rulesets: (class name, default instance, descriptions)
RULESETS: dict[Variant, tuple[tuple[str, Any, Mapping[str, fields.Item]], ...]] = {
    Variant.HUANGYAN: (("HuangyanRules", HUANGYAN_RULES, fields.HUANGYAN),),
    Variant.HANGZHOU: (("HangzhouRules", HANGZHOU, fields.HANGZHOU),
                       ("HangzhouPlay", PLAY, fields.HANGZHOU_PLAY)),
    Variant.GUIYANG: (("GuiyangRules", GUIYANG_RULES, fields.GUIYANG),),
}

_SEAT_WORD = {Wind.EAST: "East", Wind.SOUTH: "South", Wind.WEST: "West", Wind.NORTH: "North"}
# The rule book's short words (yes, no, none, a list's separators) are in the context
# "rule book": they mean other things elsewhere in the catalog.


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


def english() -> bool:
    """Whether the tables are being made in English (the language of the moment)."""
    return language() == "en"


def code(text: str) -> str:
    """A word the ruleset reads (``none``, ``true``): as it is in English, as code in another
    language, where it is not a word of the text."""
    return text if english() else f"`{text}`"


def cell_value(value: object) -> str:
    """A ruleset value in a table cell: :func:`show`, a word as :func:`code`."""
    text = show(value)
    return text if isinstance(value, int) and not isinstance(value, bool) else code(text)


def other_name_header() -> str:
    """The column of a name in the other language: 中文 in English, 英文 in Chinese."""
    return pgettext("rule book", "中文")


def name_cells(label: str, chinese: str) -> tuple[str, str]:
    """An item's name and its name in the other language: (label, Chinese name or -) in
    English, (the label translated, the English label) otherwise."""
    if english():
        return label, chinese or "-"
    return _(label), label


def game_name(variant: Variant) -> str:
    """A game's name with its Chinese name in English (``Hangzhou (杭州麻将)``), the Chinese
    name alone in Chinese."""
    return f"{variant.title} ({variant.chinese})" if english() else variant.chinese


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


def field_table(variant: Variant, group: str, *, value_header: str = N_("value")) -> str:
    """The fields of one group: item, Chinese, value, field name, what it means."""
    rows = []
    for cls, names in GROUPS[group]:
        rules, items = _ruleset(variant, cls)
        present = {f.name for f in dataclasses.fields(rules)}
        for name in names:
            if name not in present:  # a field another change adds later
                continue
            item = items[name]
            rows.append((*name_cells(item.label, item.chinese), cell_value(getattr(rules, name)),
                         f"`{name}`", _(item.meaning)))
    return md_table((_("item"), other_name_header(), _(value_header), _("ruleset field"),
                     _("when it applies")), rows)


def _choices(kind: Any) -> str:
    args = [a for a in typing.get_args(kind) if a is not type(None)]
    optional = type(None) in typing.get_args(kind)
    base = args[0] if args else kind
    if base is bool:
        words = ["true", "false"]
    elif isinstance(base, type) and issubclass(base, Wind):
        words = [_SEAT_WORD[w] for w in Wind]
    elif isinstance(base, type) and issubclass(base, enum.Enum):
        members: list[enum.Enum] = list(base)
        words = [str(m.value) for m in members]
    else:
        words = []
    if words:
        shown = [code(w) for w in words]
        text = (pgettext("rule book", ", ").join(shown[:-1]) + pgettext("rule book", " or ")
                + shown[-1])
    else:
        text = _("a whole number") if base is int else type_name(base)
    return text + (_(", or {none}").format(none=code("none")) if optional else "")


def options_table(variant: Variant, group: str) -> str:
    """The options of a game: field, default, what else it may be, what it changes."""
    rows = []
    for cls, names in GROUPS[group]:
        rules, items = _ruleset(variant, cls)
        hints = typing.get_type_hints(type(rules))
        present = {f.name for f in dataclasses.fields(rules)}
        for name in names:
            if name in present:
                rows.append((f"`{name}`", cell_value(getattr(rules, name)),
                             _choices(hints[name]), _(items[name].meaning)))
    return md_table((_("option"), _("default"), _("may be"), _("what it changes")), rows)


_SETS_FIELDS = ("exposed_pong_simple", "exposed_pong_terminal_honor", "concealed_pong_simple",
                "concealed_pong_terminal_honor", "exposed_kong_simple",
                "exposed_kong_terminal_honor", "concealed_kong_simple",
                "concealed_kong_terminal_honor", "chow")


def huangyan_sets(rules: HuangyanRules = HUANGYAN_RULES) -> str:
    """Base points of the sets, by kind (rows) and by simples / terminals and honors."""
    def cell(name: str) -> str:
        return f"{getattr(rules, name)} (`{name}`)"

    rows = []
    for kind, chinese, what in (("exposed_pong", "明刻", N_("Exposed Pong (claimed)")),
                                ("concealed_pong", "暗刻", N_("Concealed Pong")),
                                ("exposed_kong", "明杠", N_("Exposed Kong (open or added)")),
                                ("concealed_kong", "暗杠", N_("Concealed Kong"))):
        rows.append((*name_cells(what, chinese), cell(f"{kind}_simple"),
                     cell(f"{kind}_terminal_honor")))
    rows.append((*name_cells(N_("Chow"), "顺子"), cell("chow"), cell("chow")))
    return md_table((_("set"), other_name_header(), _("simples (2 to 8)"),
                     _("terminals (1, 9) and honors")), rows)


def guiyang_patterns(rules: GuiyangRules = GUIYANG_RULES,
                     app: GuiyangRules = APP_TABLE_RULES) -> str:
    """The eight patterns, lowest first, with the default value and the app table's."""
    rows = []
    for pattern in Pattern:
        item = fields.GUIYANG[pattern.field]
        rows.append((*name_cells(item.label, pattern.chinese), rules.pattern_value(pattern),
                     app.pattern_value(pattern), f"`{pattern.field}`", _(item.meaning)))
    return md_table((_("pattern"), other_name_header(), _("value"), _("app table (option)"),
                     _("ruleset field"), _("shape")), rows)


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
    none = pgettext("rule book", "none")
    rows: list[tuple[str, object]] = [
        (_("tiles in the set"), variant.tile_count),
        (_("kinds of tile"), len(variant.kinds)),
        (_("copies of each kind"), copies),
        (_("suited kinds (characters, dots, bamboo; ranks 1 to 9)"), suited),
        (_("honor kinds (winds and dragons)"), len(variant.kinds) - suited),
        (_("jokers"), _("the {copies} White Dragons (白)").format(copies=copies)
         if joker is not None else none),
        (_("dead wall"), _("{dead} tiles").format(dead=dead) if dead
         else _("none: one single wall")),
        (_("tiles dealt to each player"), each),
        (_("tiles dealt to the dealer"), dealer),
        (_("live wall after the deal"), variant.tile_count - dead - dealt),
    ]
    return md_table((_("equipment"), _(variant.title)), [(k, v) for k, v in rows])


_ROBBABLE = {(True, True): N_("open and added kongs"), (True, False): N_("open kongs"),
             (False, True): N_("added kongs")}


def _robbable(hooks: Hooks) -> str:
    kinds = (MeldKind.OPEN_KONG in hooks.robbable, MeldKind.ADDED_KONG in hooks.robbable)
    return _(_ROBBABLE[kinds]) if any(kinds) else pgettext("rule book", "none")


def play_switches(variants: Sequence[Variant] = tuple(Variant)) -> str:
    """The shared play engine's switches, per game (class attributes of each game's hooks)."""
    hooks = [hooks_for(v) for v in variants]

    rows = [
        (_("chows may be claimed (by the next player only)"), "`Variant.allows_chow`",
         *(yes(v.allows_chow) for v in variants)),
        (_("kongs that may be robbed"), "`robbable`", *(_robbable(h) for h in hooks)),
        (_("several players may win on one discard"), "`multiple_winners`",
         *(yes(h.multiple_winners) for h in hooks)),
        (_("a kong may follow a chow or pong before the discard"), "`kong_after_claim`",
         *(yes(h.kong_after_claim) for h in hooks)),
        (_("the last live tile's discard may be claimed for a win"), "`last_discard_win`",
         *(yes(h.last_discard_win) for h in hooks)),
        (_("seven pairs is a winning shape"), "`Variant.seven_pairs`",
         *(yes(v.seven_pairs) for v in variants)),
    ]
    return md_table((_("rule of play"), _("switch"), *(_(v.title) for v in variants)), rows)


def yes(flag: bool) -> str:
    """yes or no, in the language of the moment."""
    return pgettext("rule book", "yes") if flag else pgettext("rule book", "no")


def comparison() -> str:
    """The three games side by side, for the first lesson and the rule books."""
    variants = tuple(Variant)
    hooks = {v: hooks_for(v) for v in variants}

    def wins(v: Variant) -> str:
        if v is Variant.HANGZHOU:
            return _("self-draw only")
        if hooks[v].multiple_winners:
            return _("self-draw or a discard; several players may win on one discard")
        return _("self-draw or a discard; of several who could win on a discard, the nearest "
                 "does")

    def dead(v: Variant) -> str:
        n = DEAD_WALL[v]
        return _("{dead} tiles").format(dead=n) if n else pgettext("rule book", "none")

    def claims(v: Variant) -> str:
        if v is Variant.HANGZHOU:
            return _("chow, pong, kong (a win only by self-draw)")
        return _("chow, pong, kong, win") if v.allows_chow else _("pong, kong, win (no chow)")

    def ends(v: Variant) -> str:
        return {Variant.HUANGYAN: _("a win, or an exhaustive draw (the Yellow Cliff draw) when "
                                    "the live wall is empty"),
                Variant.HANGZHOU: _("a self-drawn win, or an exhaustive draw when the live wall "
                                    "is empty"),
                Variant.GUIYANG: _("a win (one or several winners), or an exhaustive draw when "
                                   "no tile is left")}[v]

    def tiles(v: Variant) -> str:
        text = f"{v.tile_count}"
        if v.joker:
            text += _(" (the White Dragons are jokers: wild tiles)")
        if not any(k.is_honor for k in v.kinds):
            text += _(" (no honors)")
        return text

    rows = [
        (_("tiles"), *(tiles(v) for v in variants)),
        (_("dead wall"), *(dead(v) for v in variants)),
        (_("what may be claimed"), *(claims(v) for v in variants)),
        (_("how a hand is won"), *(wins(v) for v in variants)),
        (_("winning shapes"), *(_("four sets and a pair, or seven pairs") if v.seven_pairs
                                else _("four sets and a pair") for v in variants)),
        (_("how a hand ends"), *(ends(v) for v in variants)),
        (_("what is paid"), _("every player scores a hand; the winner is paid, and the others "
                              "pay each other by their scores"),
         _("a base times multipliers; the dealer's own wins are paid only when the deal passes"),
         _("the winning pattern, plus points for kongs (beans) and for chicken tiles")),
    ]
    return md_table(("", *(game_name(v) for v in variants)), rows)


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
