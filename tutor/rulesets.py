"""Helpers for the frozen ruleset dataclasses: what-if copies from ``name=value`` text."""

from __future__ import annotations

import dataclasses
import enum
import math
import types
import typing
from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from tutor.errors import RulesError, shown

__all__ = ["apply", "check_ranges", "fits", "override", "parse_assignments", "parse_value",
           "ruleset_fields", "type_name"]

R = TypeVar("R")


#: the most digits a rule's number is read from (every allowed value has far fewer)
_MAX_DIGITS = 12


def check_ranges(rules: object, bounds: Mapping[str, tuple[int, int]],
                 default: tuple[int, int]) -> None:
    """Refuse a whole-number field of ``rules`` outside its ``(low, high)`` bounds (``bounds``
    by name, else ``default``) with a :class:`RulesError` naming it: a ruleset's
    ``__post_init__`` calls this, so every copy, what-if and ``--rule`` is checked. Every field
    must also hold its declared type exactly (:func:`fits`): ``joker_fifth_copy="false"`` or
    ``=0`` is refused, never read by its truthiness, and a float is not a whole number."""
    assert dataclasses.is_dataclass(rules)
    hints = _hints(type(rules))
    for f in dataclasses.fields(rules):
        value = getattr(rules, f.name)
        kind = hints.get(f.name)
        if kind is not None and not fits(value, kind):  # "false" is not False, 1.5 not an int
            from tutor.i18n import Message
            raise RulesError(Message("rule {name}: expected {kind}, not {type} {value}",
                                     name=f.name, kind=type_name(kind),
                                     type=type(value).__name__, value=shown(value, 30)))
        if isinstance(value, float) and not math.isfinite(value):
            from tutor.i18n import Message
            raise RulesError(Message("rule {name} must be a finite number, not {value}",
                                     name=f.name, value=str(value)))
        if isinstance(value, bool) or not isinstance(value, int):
            continue
        low, high = bounds.get(f.name, default)
        if not low <= value <= high:
            from tutor.i18n import Message
            raise RulesError(Message("rule {name} must be {low} to {high}, not {value}",
                                     name=f.name, low=f"{low:,}", high=f"{high:,}",
                                     value=shown(value, 30)))


_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    """The resolved field types of a ruleset class (read once per class)."""
    found = _HINTS.get(cls)
    if found is None:
        found = _HINTS[cls] = typing.get_type_hints(cls)
    return found


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
        from tutor.i18n import Message
        raise RulesError(Message("rule {name}: cannot read {text}", name=name, text=shown(text)))
    enum_kind = isinstance(kind, type) and issubclass(kind, enum.Enum)
    if not text.isascii() and kind is not str and not enum_kind:  # 'ſ'.upper() is 'S'
        from tutor.i18n import Message
        raise RulesError(Message("rule {name}: cannot read {text} (letters and digits in ASCII)",
                                 name=name, text=shown(text)))
    if kind is bool:
        lowered = text.lower()
        if lowered in ("1", "true", "yes", "on"):
            return True
        if lowered in ("0", "false", "no", "off"):
            return False
        from tutor.i18n import Message
        raise RulesError(Message("rule {name}: expected true or false, not {text}", name=name,
                                 text=shown(text)))
    if kind is int:
        digits = text.lstrip("+-")
        if len(digits) > _MAX_DIGITS and digits.isascii() and digits.isdigit():
            from tutor.i18n import Message
            raise RulesError(Message("rule {name}: a number of {n} digits is out of range",
                                     name=name, n=f"{len(digits):,}"))
        if not (digits.isascii() and digits.isdigit() and len(text) - len(digits) <= 1):
            from tutor.i18n import Message
            raise RulesError(Message("rule {name}: expected a whole number, not {text}",
                                     name=name, text=shown(text)))
        return int(text)
    if kind is float:
        try:
            number = float(text) if len(text) <= 2 * _MAX_DIGITS else math.nan
        except ValueError:
            number = math.nan
        if not math.isfinite(number):  # nor "nan", "inf" or "1e999"
            from tutor.i18n import Message
            raise RulesError(Message("rule {name}: expected a number, not {text}", name=name,
                                     text=shown(text)))
        return number
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
            if text.isascii() and text.lower() in (str(member.value).lower(),
                                                   member.name.lower()):
                return member
        choices = ", ".join(str(m.value) for m in members)
        from tutor.i18n import Message
        raise RulesError(Message("rule {name}: expected one of {choices}, not {text}", name=name,
                                 choices=choices, text=shown(text)))
    from tutor.i18n import Message
    raise RulesError(Message("rule {name} cannot be set from the command line", name=name))


def parse_assignments(items: Iterable[str]) -> dict[str, str]:
    """``["a=1", "b = up"]`` -> ``{"a": "1", "b": "up"}`` (names with ``-`` read as ``_``)."""
    out: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            from tutor.i18n import Message
            raise RulesError(Message("rule change {text} must look like name=value",
                                     text=shown(item.strip())))
        out[name.strip().replace("-", "_")] = value.strip()
    return out


def fits(value: Any, kind: Any) -> bool:
    """Whether an already-typed ``value`` fits the field type ``kind`` (no bool for an int)."""
    args = typing.get_args(kind)
    if args:  # X | None
        return any(fits(value, arg) for arg in args)
    if kind is type(None):
        return value is None
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(kind, type) and isinstance(value, kind)


def type_name(kind: Any) -> str:
    args = typing.get_args(kind)
    if args:
        return " or ".join(type_name(arg) for arg in args)
    return "None" if kind is type(None) else str(getattr(kind, "__name__", kind))


def apply(rules: R, overrides: Mapping[str, Any]) -> R:
    """A copy of ``rules`` with ``overrides`` (``{"name": value}``) applied: text values are
    read as the field's type, as ``--rule name=value`` is; typed values must already be of it.
    Raises :class:`RulesError` for an unknown name or a bad value (the original is unchanged)."""
    assert dataclasses.is_dataclass(rules)
    hints = typing.get_type_hints(type(rules))
    names = {f.name for f in dataclasses.fields(rules)}
    changes: dict[str, Any] = {}
    for raw, value in overrides.items():
        name = str(raw).strip().replace("-", "_")
        if name not in names:
            from tutor.i18n import Message
            raise RulesError(Message("unknown rule {text} (known: {names})", text=shown(raw, 40),
                                     names=", ".join(sorted(names))))
        if isinstance(value, str):
            value = parse_value(value.strip(), hints[name], name)
        elif not fits(value, hints[name]):
            from tutor.i18n import Message
            raise RulesError(Message("rule {name}: expected {kind}, not {value}", name=name,
                                     kind=type_name(hints[name]), value=shown(value, 40)))
        changes[name] = value
    try:
        return dataclasses.replace(rules, **changes)  # type: ignore[type-var]
    except RulesError:
        raise
    except ValueError as exc:  # a ruleset's own validation
        # a Message stays one (shown in the learner's language), other text as it is
        raise RulesError(exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], str)
                         else str(exc)) from None


def override(rules: R, assignments: Iterable[str]) -> R:
    """A copy of ``rules`` with each ``name=value`` applied (the original is unchanged)."""
    return apply(rules, parse_assignments(assignments))
