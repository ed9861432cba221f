"""Huangyan Reckoning's numbers: the scoring table, the table stakes and every option.

The original rule text announces two scoring tables and omits them; the project's decisions
(the rule book, ``notebooks/rules/huangyan.md``) fill them with classical Chinese scoring of
the 1920s.
Every value lives in the frozen :class:`HuangyanRules`; a what-if is a copy
(``dataclasses.replace(HUANGYAN_RULES, rounding=Rounding.DOWN)`` or ``rules.replace(...)``).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum
from typing import Any

from tutor.core.tiles import Wind
from tutor.errors import RulesError
from tutor.i18n import N_
from tutor.rulesets import check_ranges

__all__ = ["HUANGYAN_RULES", "HuangyanRules", "LiabilityPayee", "Rounding"]


class Rounding(Enum):
    """How an odd number is halved (a non-dealer's half of the winner's total, a pair of
    non-dealers' half difference)."""

    UP = N_("up")  # halves rounded up (shown translated)
    DOWN = N_("down")

    def half(self, amount: int) -> int:
        return (amount + 1) // 2 if self is Rounding.UP else amount // 2


class LiabilityPayee(Enum):
    """Who receives the pair settlements the liable player pays."""

    WINNER = "winner"  # "a one-player settlement": everything goes to the winner
    NORMAL = "normal"  # each pair settlement goes to the player who would normally receive it


#: the largest base-point value of a rule, the most doubles one rule may give
MAX_POINTS = 1_000
MAX_DOUBLES = 16
_DOUBLES = ("dragon_set", "seat_wind_set", "prevailing_wind_set", "half_flush", "full_flush",
            "all_honors", "little_three_dragons", "big_three_dragons", "little_four_winds",
            "big_four_winds", "all_pongs", "pinfu", "kong_draw", "robbing_the_kong",
            "fishermans_win")
#: each whole-number field's bounds (the others: 0 to MAX_POINTS): sane values, and sessions
#: that end (a few matches, stacks that a few dozen hands can empty)
_BOUNDS: dict[str, tuple[int, int]] = {
    **{name: (0, MAX_DOUBLES) for name in _DOUBLES},
    "ante": (1, 500), "reserve": (0, 10_000), "matches_per_session": (1, 10),
    "live_tile_stage_threshold": (0, 500), "dead_wall": (0, 136), "limit": (1, 1_000_000),
}


@dataclass(frozen=True, kw_only=True)
class HuangyanRules:
    """Every number of Huangyan Reckoning; the defaults are the project's decisions."""

    # Base points, every player: sets (simples / terminals and honors)
    exposed_pong_simple: int = 2
    exposed_pong_terminal_honor: int = 4
    concealed_pong_simple: int = 4
    concealed_pong_terminal_honor: int = 8
    exposed_kong_simple: int = 8
    exposed_kong_terminal_honor: int = 16
    concealed_kong_simple: int = 16
    concealed_kong_terminal_honor: int = 32
    chow: int = 0
    # Base points, every player: pairs
    dragon_pair: int = 2
    seat_wind_pair: int = 2
    prevailing_wind_pair: int = 2  # only with the prevailing_wind option
    # Base points, winner only
    hu: int = 10
    self_draw: int = 2
    single_hook: int = 2
    middle_hook: int = 2
    side_hook: int = 2
    # Doubles, every player
    dragon_set: int = 1
    seat_wind_set: int = 1
    prevailing_wind_set: int = 1  # only with the prevailing_wind option
    half_flush: int = 1
    full_flush: int = 3
    all_honors: int = 3
    little_three_dragons: int = 1
    big_three_dragons: int = 2
    little_four_winds: int = 2
    big_four_winds: int = 13  # the hand's doubles "in all"
    # Doubles, winner only
    all_pongs: int = 1
    pinfu: int = 1
    kong_draw: int = 1
    robbing_the_kong: int = 1
    fishermans_win: int = 1
    # The table
    ante: int = 20
    reserve: int = 60
    matches_per_session: int = 3
    live_tile_stage_threshold: int = 14  # live-wall tiles left (30 with the Dead Wall's 16)
    dead_wall: int = 16
    # Options (the rule book, notebooks/rules/huangyan.md, marks each **option**)
    limit: int | None = None  # a cap on any one player's total per hand; None = no limit
    prevailing_wind: Wind | None = None  # the original rule text has none
    rounding: Rounding = Rounding.UP
    liability_payee: LiabilityPayee = LiabilityPayee.WINNER
    #: whether robbing an Open Kong is Robbing the Kong too (the double, no discard so no
    #: liability); by default it is a win on the discard the kong claimed
    robbing_open_kong_double: bool = False

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, int) and not isinstance(value, bool) and value < 0:
                raise RulesError(f"rule {f.name} cannot be negative: {value}")
        check_ranges(self, _BOUNDS, (0, MAX_POINTS))
        if self.limit is not None and self.limit <= 0:
            raise RulesError(f"rule limit must be positive or None, not {self.limit}")
        if self.ante <= 0 or self.reserve < self.ante * self.matches_per_session:
            raise RulesError(f"reserve {self.reserve} cannot fund {self.matches_per_session} "
                             f"antes of {self.ante}")

    def replace(self, **changes: Any) -> HuangyanRules:
        """A what-if copy with some fields changed (this ruleset is unchanged)."""
        return dataclasses.replace(self, **changes)

    def half(self, amount: int) -> int:
        """Half of ``amount`` rounded by the :attr:`rounding` option."""
        return self.rounding.half(amount)

    def capped(self, total: int) -> int:
        """``total`` held to the :attr:`limit` option."""
        return total if self.limit is None else min(total, self.limit)


HUANGYAN_RULES = HuangyanRules()
