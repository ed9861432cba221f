"""Each game's hooks for play: ``hooks_for(variant, overrides)`` makes them.

Each variant module (``huangyan``, ``hangzhou``, ``guiyang``) defines a
:class:`~tutor.game.hooks.Hooks` subclass and ``make_hooks(overrides)``.
"""

from __future__ import annotations

import importlib
from typing import Any

from tutor.core.variant import Variant
from tutor.game.hooks import Hooks

__all__ = ["hooks_for"]


def hooks_for(variant: Variant | str, overrides: dict[str, Any] | None = None) -> Hooks:
    """The play hooks of ``variant`` with ruleset ``overrides`` (``{"name": value}``)."""
    variant = Variant.parse(variant)
    module = importlib.import_module(f"tutor.game.variants.{variant.value}")
    hooks: Hooks = module.make_hooks(overrides or {})
    return hooks
