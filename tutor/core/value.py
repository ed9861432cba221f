"""Frozen value objects without the ``dataclasses`` module (which costs an import of ``inspect``
and code generation on every start): the core's hands, melds, readings and analyses.

A subclass names its fields in ``_fields`` (the constructor's arguments, in order) and sets them
in ``__init__`` with :meth:`Value._set`. Equality and the hash use the fields, less those in
``_uncompared``; the repr is the constructor call, less the fields in ``_hidden``; a copy
pickles as its constructor call. Assigning to a field raises ``AttributeError``.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, ClassVar

__all__ = ["Value"]


class Value:
    """Base of the core's frozen values (see the module docstring)."""

    __slots__ = ()
    _fields: ClassVar[tuple[str, ...]] = ()
    _uncompared: ClassVar[frozenset[str]] = frozenset()
    _hidden: ClassVar[frozenset[str]] = frozenset()

    def _set(self, name: str, value: object) -> None:
        object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: {type(self).__name__} is frozen")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: {type(self).__name__} is frozen")

    def _key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f) for f in self._fields if f not in self._uncompared)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        shown = ", ".join(f"{f}={getattr(self, f)!r}" for f in self._fields
                          if f not in self._hidden)
        return f"{type(self).__qualname__}({shown})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), tuple(getattr(self, f) for f in self._fields))
