"""The numbers of Guiyang Chicken mahjong (贵阳捉鸡麻将), as one frozen ruleset.

Every value comes from the original rule text as settled by the rule
book (``notebooks/rules/guiyang.md``). A what-if is a copy: ``dataclasses.replace(GUIYANG_RULES,
seven_pairs=10)`` or ``GuiyangRules.app_table()`` for the alternative pattern table many phone
apps use (seven pairs 10, dragon pairs 20, pure seven pairs 20, pure dragon pairs 30).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum

from tutor.i18n import N_, Message
from tutor.rulesets import check_ranges

__all__ = ["APP_TABLE_RULES", "GUIYANG_RULES", "PRESETS", "GuiyangRules", "Pattern"]


class Pattern(Enum):
    """The eight patterns (牌型), lowest first. Only the highest one a hand shows scores."""

    PLAIN = "plain"
    ALL_TRIPLETS = "all triplets"
    SEVEN_PAIRS = "seven pairs"
    DRAGON_PAIRS = "dragon pairs"
    PURE_SUIT = "pure suit"
    PURE_TRIPLETS = "pure triplets"
    PURE_SEVEN_PAIRS = "pure seven pairs"
    PURE_DRAGON_PAIRS = "pure dragon pairs"

    @property
    def chinese(self) -> str:
        return {
            "plain": "平胡", "all triplets": "大对子", "seven pairs": "七对",
            "dragon pairs": "龙七对", "pure suit": "清一色", "pure triplets": "清大对",
            "pure seven pairs": "清七对", "pure dragon pairs": "清龙七对",
        }[self.value]

    @property
    def field(self) -> str:
        """The name of the :class:`GuiyangRules` field holding this pattern's value."""
        return self.name.lower()

    @property
    def title(self) -> str:
        """``Plain (平胡)``; in Chinese ``平胡`` (a :class:`~tutor.i18n.Message`)."""
        return Message(_TITLES[self.value])


_TITLES = {"plain": N_("Plain (平胡)"), "all triplets": N_("All triplets (大对子)"),
           "seven pairs": N_("Seven pairs (七对)"), "dragon pairs": N_("Dragon pairs (龙七对)"),
           "pure suit": N_("Pure suit (清一色)"), "pure triplets": N_("Pure triplets (清大对)"),
           "pure seven pairs": N_("Pure seven pairs (清七对)"),
           "pure dragon pairs": N_("Pure dragon pairs (清龙七对)")}


#: the largest value of a pattern, bonus, bean or chicken; the bounds of the others
MAX_VALUE = 1_000
_BOUNDS = {"golden_multiplier": (0, 16), "session_hands": (1, 100)}


@dataclass(frozen=True, kw_only=True)
class GuiyangRules:
    """The rule table of Guiyang Chicken mahjong; the defaults are the original rule text's values.

    Pattern values (rule 2 of the rule text); the win on a discard costs the discarder the value, a
    self-draw costs each opponent the value + ``self_draw_bonus``; a kong replacement draw or a
    hot discard adds 1 more. Beans (kongs, rule 3) and chickens (rules 4-5) are separate
    payments added to the win. ``golden_multiplier`` doubles every fixed-chicken value (fixed,
    charging and liability) when the revealed tile is the 9 of Bamboo.
    """

    # patterns, highest only
    plain: int = 1
    all_triplets: int = 5
    seven_pairs: int = 7
    dragon_pairs: int = 10
    pure_suit: int = 10
    pure_triplets: int = 15
    pure_seven_pairs: int = 17
    pure_dragon_pairs: int = 20
    plain_discard_win_needs_kong: bool = True
    # additions to the win
    self_draw_bonus: int = 1
    kong_draw_bonus: int = 1
    hot_discard_bonus: int = 1
    # beans (kongs): concealed and added from each opponent, exposed from its discarder
    concealed_kong_bean: int = 2
    added_kong_bean: int = 3
    exposed_kong_bean: int = 1
    # chickens
    fixed_chicken: int = 1
    flipped_chicken: int = 1
    golden_multiplier: int = 2
    charging_chicken: int = 3
    liability_chicken: int = 2
    # session
    session_hands: int = 8

    def __post_init__(self) -> None:
        check_ranges(self, _BOUNDS, (0, MAX_VALUE))

    @classmethod
    def app_table(cls) -> GuiyangRules:
        """The alternative pattern table of the common apps (an **option** of the decisions)."""
        return cls(seven_pairs=10, dragon_pairs=20, pure_seven_pairs=20, pure_dragon_pairs=30)

    def pattern_value(self, pattern: Pattern) -> int:
        value: int = getattr(self, pattern.field)
        return value

    @property
    def table(self) -> str:
        """Which pattern table these values are: ``"original"``, ``"app"`` or ``"custom"``."""
        values = [self.pattern_value(p) for p in Pattern]
        for name, preset in PRESETS.items():
            if values == [preset.pattern_value(p) for p in Pattern]:
                return name
        return "custom"

    def fixed_value(self, golden: bool) -> int:
        return self.fixed_chicken * (self.golden_multiplier if golden else 1)

    def charging_value(self, golden: bool) -> int:
        return self.charging_chicken * (self.golden_multiplier if golden else 1)

    def liability_value(self, golden: bool) -> int:
        return self.liability_chicken * (self.golden_multiplier if golden else 1)

    def __repr__(self) -> str:
        default = GuiyangRules()
        changed = [f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self)
                   if getattr(self, f.name) != getattr(default, f.name)]
        return f"GuiyangRules({', '.join(changed)})"


GUIYANG_RULES = GuiyangRules()
APP_TABLE_RULES = GuiyangRules.app_table()
PRESETS: dict[str, GuiyangRules] = {"original": GUIYANG_RULES, "app": APP_TABLE_RULES}
