"""Each game's hooks for play: ``hooks_for(variant, overrides)`` makes them.

A variant module defines a :class:`~tutor.game.hooks.Hooks` subclass and ``make_hooks(rules)``;
until a variant's module exists, its hands play with the shared rules and no settlement.
"""

from __future__ import annotations

import importlib
from typing import Any

from tutor.core.variant import Variant
from tutor.game.hooks import Hooks

__all__ = ["hooks_for"]


class _Plain(Hooks):
    def __init__(self, variant: Variant, rules: Any = None) -> None:
        super().__init__(rules)
        self.variant = variant


def hooks_for(variant: Variant | str, overrides: dict[str, Any] | None = None) -> Hooks:
    """The play hooks of ``variant`` with ruleset ``overrides`` (``{"name": value}``)."""
    variant = Variant.parse(variant)
    try:
        module = importlib.import_module(f"tutor.game.variants.{variant.value}")
    except ModuleNotFoundError:
        if overrides:
            raise ValueError(f"{variant.title} play has no rules to override yet") from None
        return _Plain(variant)
    hooks: Hooks = module.make_hooks(overrides or {})
    return hooks
