"""Helpers for the frozen ruleset dataclasses: what-if copies from ``name=value`` text."""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Iterable
from typing import Any, TypeVar

from tutor.errors import RulesError

__all__ = ["override", "parse_value", "ruleset_fields"]

R = TypeVar("R")


def ruleset_fields(rules: object) -> dict[str, Any]:
    """Field name -> current value of a ruleset dataclass."""
    assert dataclasses.is_dataclass(rules)
    return {f.name: getattr(rules, f.name) for f in dataclasses.fields(rules)}


def parse_value(text: str, kind: Any, name: str) -> Any:
    """Convert command-line text to a field's declared type (bool, int, str, optional, enum)."""
    origin = typing.get_origin(kind)
    args = typing.get_args(kind)
    if origin in (typing.Union, types.UnionType) and args:
        if text.lower() in ("none", "null", "") and type(None) in args:
            return None
        for arg in args:
            if arg is type(None):
                continue
            try:
                return parse_value(text, arg, name)
            except RulesError:
                continue
        raise RulesError(f"rule {name}: cannot read {text!r}")
    if kind is bool:
        lowered = text.lower()
        if lowered in ("1", "true", "yes", "on"):
            return True
        if lowered in ("0", "false", "no", "off"):
            return False
        raise RulesError(f"rule {name}: expected true or false, not {text!r}")
    if kind is int:
        try:
            return int(text)
        except ValueError:
            raise RulesError(f"rule {name}: expected a whole number, not {text!r}") from None
    if kind is float:
        try:
            return float(text)
        except ValueError:
            raise RulesError(f"rule {name}: expected a number, not {text!r}") from None
    if kind is str:
        return text
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        parse = getattr(kind, "parse", None)
        if parse is not None:  # e.g. Wind.parse reads E, East, 東
            try:
                return parse(text)
            except ValueError:
                pass
        members: list[enum.Enum] = list(kind)
        for member in members:
            if text.lower() in (str(member.value).lower(), member.name.lower()):
                return member
        choices = ", ".join(str(m.value) for m in members)
        raise RulesError(f"rule {name}: expected one of {choices}, not {text!r}")
    raise RulesError(f"rule {name} cannot be set from the command line")


def override(rules: R, assignments: Iterable[str]) -> R:
    """A copy of ``rules`` with each ``name=value`` applied (the original is unchanged)."""
    assert dataclasses.is_dataclass(rules)
    hints = typing.get_type_hints(type(rules))
    names = {f.name for f in dataclasses.fields(rules)}
    changes: dict[str, Any] = {}
    for item in assignments:
        name, sep, value = item.partition("=")
        name = name.strip().replace("-", "_")
        if not sep:
            raise RulesError(f"rule override {item!r} must look like name=value")
        if name not in names:
            known = ", ".join(sorted(names))
            raise RulesError(f"unknown rule {name!r} (known: {known})")
        changes[name] = parse_value(value.strip(), hints[name], name)
    return dataclasses.replace(rules, **changes)  # type: ignore[type-var]
