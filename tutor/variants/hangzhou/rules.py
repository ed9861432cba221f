"""The Hangzhou rules table: every number of the original rule text's scoring and payments, as data.

Each field mirrors a line of the original rule text or a decision of the rule book
(``notebooks/rules/hangzhou.md``); the fields marked *option* there are here too, so a learner
can ask "what if" with :func:`dataclasses.replace` (or ``--rule name=value`` on the command
line)::

    >>> from dataclasses import replace
    >>> HANGZHOU.base_from_dealer, replace(HANGZHOU, base_from_dealer=4).base_from_dealer
    (8, 4)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import Enum

from tutor.errors import RulesError
from tutor.rulesets import check_ranges

__all__ = ["HANGZHOU", "HangzhouRules", "ScoringMode"]


class ScoringMode(Enum):
    """How the multipliers combine into a hand's value."""

    MULTIPLY = "multiply"
    """The original rule text: every multiplier multiplies, no cap."""
    MIL_FAN = "mil-fan"
    """The International Mahjong League's model: each x2 is one fan, value = base x 2^fan,
    capped at ``fan_cap`` fan."""

    def __repr__(self) -> str:
        return f"ScoringMode.{self.name}"


#: the largest multiplier one rule may give; the bounds of the other whole-number fields
MAX_MULTIPLIER = 64
_BOUNDS = {"base_from_dealer": (0, 1_000), "base_from_other": (0, 1_000),
           "base_dealer_wins": (0, 1_000), "starting_points": (0, 1_000_000),
           "ten_honors_count": (1, 28), "ten_honors_extra": (1, 16), "fan_cap": (1, 20),
           "first_turn_joker_factor": (1, 16)}


@dataclass(frozen=True, kw_only=True)
class HangzhouRules:
    """Hangzhou scoring and payments. Defaults are the original rule text's values."""

    # Base value (the rule text, section 5): a non-dealer winner gets 8 from the dealer, 1 from
    # the others; a dealer winner gets 8 from each. One dealer-tally token is worth
    # base_dealer_wins.
    base_from_dealer: int = 8
    base_from_other: int = 1
    base_dealer_wins: int = 8
    # The multipliers table (the original rule text, section 5).
    three_white_dragons: int = 2
    four_white_dragons: int = 4
    after_gang: int = 2
    white_dragon_pair_wait: int = 2
    after_white_dragon_discard: int = 2
    seven_pairs_pure: int = 4
    seven_pairs_with_joker: int = 2
    tile_hog: int = 2
    # Special events (the original rule text, section 7).
    ten_honors_count: int = 10
    ten_honors_multiplier: int = 4
    ten_honors_extra: int = 2
    first_turn_joker_factor: int = 2
    # Points (the original rule text, section 6; option in the rule book).
    starting_points: int = 100
    # Options (the rule book).
    scoring: ScoringMode = ScoringMode.MULTIPLY
    fan_cap: int = 4
    four_jokers_tile_hog: bool = False
    # A joker may stand for a "fifth copy" of a kind whose four natural copies are all held,
    # melded or seen (the rule text: it "can replace any tile"); False is the stricter reading.
    joker_fifth_copy: bool = True

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, bool) or not isinstance(value, int):
                continue
            if f.name.startswith("base_") or f.name == "starting_points":
                if value < 0:
                    raise RulesError(f"rule {f.name} cannot be negative ({value})")
            elif value < 1:
                raise RulesError(f"rule {f.name} must be at least 1 ({value})")
        check_ranges(self, _BOUNDS, (1, MAX_MULTIPLIER))

    def __repr__(self) -> str:
        changed = [f"{f.name}={getattr(self, f.name)!r}" for f in fields(self)
                   if getattr(self, f.name) != f.default]
        return f"HangzhouRules({', '.join(changed)})"


HANGZHOU = HangzhouRules()
"""The rules of record."""
