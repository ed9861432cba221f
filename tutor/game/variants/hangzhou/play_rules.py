"""The play-only numbers of Hangzhou, and the ruleset built from ``{"name": value}`` overrides.

Scoring and payments live in :class:`~tutor.variants.hangzhou.rules.HangzhouRules`; the few
numbers that only matter during play (the two-chow limit, the length of the joker-discard
restriction, the session's safety cap) live in :class:`HangzhouPlay`. An override names a field
of either; text values are read like ``--rule name=value``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tutor.errors import RulesError
from tutor.rulesets import apply, check_ranges
from tutor.variants.hangzhou.rules import HANGZHOU, HangzhouRules

__all__ = ["PLAY", "HangzhouPlay", "hangzhou_rules"]


@dataclass(frozen=True, kw_only=True)
class HangzhouPlay:
    """Hangzhou's rules of play that scoring does not need (the rule text, sections 3 and
    5; the rule book, "Joker discard restriction")."""

    #: chows a player may have exposed (the rule text, section 3: "maximum 2 exposed calls")
    max_chows: int = 2
    #: players whose next turn is bound after a joker discard (the rule book: three)
    joker_restriction_players: int = 3
    #: option: while the restriction runs nobody may call a discard (the rule text's "normal calling
    #: is suspended for the rest of that turn"); by default only the bound players may not
    joker_restriction_all_calls: bool = False
    #: a session stops after this many hands even if no score went below zero (a safety cap)
    session_hand_cap: int = 200

    def __post_init__(self) -> None:
        check_ranges(self, {"max_chows": (0, 4), "joker_restriction_players": (0, 3),
                            "session_hand_cap": (1, 1_000)}, (0, 0))
        if self.max_chows < 0:
            raise RulesError(f"rule max_chows cannot be negative ({self.max_chows})")
        if not 0 <= self.joker_restriction_players <= 3:
            raise RulesError("rule joker_restriction_players must be 0 to 3 "
                             f"({self.joker_restriction_players})")

    def __repr__(self) -> str:
        changed = [f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self)
                   if getattr(self, f.name) != f.default]
        return f"HangzhouPlay({', '.join(changed)})"


PLAY = HangzhouPlay()


def hangzhou_rules(overrides: Mapping[str, Any] | None = None
                   ) -> tuple[HangzhouRules, HangzhouPlay]:
    """The scoring rules and the play rules with ``overrides`` applied. Raises
    :class:`RulesError` for an unknown name or a value of the wrong kind."""
    if not overrides:
        return HANGZHOU, PLAY
    tables = (HANGZHOU, PLAY)
    changes: list[dict[str, Any]] = [{}, {}]
    known = [{f.name for f in dataclasses.fields(t)} for t in tables]
    for raw, value in overrides.items():
        name = str(raw).strip().replace("-", "_")
        which = next((i for i, names in enumerate(known) if name in names), None)
        if which is None:
            everything = sorted(known[0] | known[1])
            raise RulesError(f"unknown rule {raw!r} (known: {', '.join(everything)})")
        changes[which][name] = value
    return apply(HANGZHOU, changes[0]), apply(PLAY, changes[1])
