"""The typed errors of the engine.

Every error the engine raises on bad input is a :class:`TutorError`; the ones about the input's
*form* are also :class:`ValueError`, so ``except ValueError`` keeps working for callers who do not
care which.
"""

from __future__ import annotations

#: the most characters of the input an error message quotes
QUOTE_LIMIT = 80


def shown(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to about ``limit`` characters (``'1111...' (20,000 characters)``), so
    a message about a huge input stays one short line."""
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:limit - 20]!r}... ({len(value):,} characters)"
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


class TutorError(Exception):
    """Base class of every error the engine raises on purpose.

    Its text, when it is a :class:`~tutor.i18n.Message`, is shown in the current language
    (``str(error)``, ``print(error)``); ``error.args[0]`` keeps the English."""

    def __str__(self) -> str:
        if len(self.args) == 1 and type(self.args[0]) is not str and isinstance(self.args[0], str):
            from tutor.i18n import localize  # tutor.i18n imports this module

            return localize(self.args[0])
        return super().__str__()


class InputError(TutorError, ValueError):
    """A value outside what the game allows: an unknown variant or seat, a tile index that does
    not exist, a number out of range, a file too large or nested too deeply."""


class ArgumentError(TutorError, TypeError):
    """An argument of the wrong type given to a public function (``parse_tiles({})``,
    ``waits("123m")`` where a :class:`~tutor.core.hand.Hand` is expected). It is also a
    :class:`TypeError`, as Python's own functions raise for the wrong type."""


def expect(value: object, kind: type | tuple[type, ...], what: str) -> None:
    """Raise :class:`ArgumentError` unless ``value`` is a ``kind`` (a ``bool`` is never taken
    for an ``int``). One ``isinstance``: cheap enough for every public call."""
    if not isinstance(value, kind) or (isinstance(value, bool) and bool not in (
            kind if isinstance(kind, tuple) else (kind,))):
        names = kind if isinstance(kind, tuple) else (kind,)
        wanted = " or ".join("None" if k is type(None) else k.__name__ for k in names)
        raise ArgumentError(f"{what} must be {wanted}, not {type(value).__name__} "
                            f"{shown(value, 40)}")


class NotationError(TutorError, ValueError):
    """Hand or tile notation that cannot be read.

    ``text`` is the input, ``position`` the index of the offending character (or ``None`` when the
    fault is the input as a whole, such as a fifth copy of a tile).
    """

    def __init__(self, text: str, position: int | None, problem: str) -> None:
        self.text = text
        self.position = position
        self.problem = problem
        from tutor.i18n import Message  # tutor.i18n imports this module

        where = Message(" at position {n}", n=position) if position is not None else ""
        super().__init__(Message("cannot read {text}{where}: {problem}",
                                 text=_window(text, position), where=where, problem=problem))


def _window(text: str, position: int | None) -> str:
    """``text`` quoted, or for a long text about 80 characters of it around ``position``."""
    if not isinstance(text, str) or len(text) <= QUOTE_LIMIT:
        return repr(text)
    start = 0 if position is None else max(0, min(position - 30, len(text) - 60))
    part = text[start:start + 60]
    return (f"{'...' if start else ''}{part!r}{'...' if start + 60 < len(text) else ''} "
            f"({len(text):,} characters)")


class HandError(TutorError, ValueError):
    """A hand that can be written down but is impossible or wrong for the question asked
    (wrong number of tiles, a tile the variant does not use, a fifth copy)."""


class RulesError(TutorError, ValueError):
    """A situation the rules do not allow (a win that is not a win, a discard win in Hangzhou)."""


class IllegalActionError(TutorError, ValueError):
    """An action that is not legal in the current game state."""
