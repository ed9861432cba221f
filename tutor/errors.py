"""The typed errors of the engine.

Every error the engine raises on bad input is a :class:`TutorError`; the ones about the input's
*form* are also :class:`ValueError`, so ``except ValueError`` keeps working for callers who do not
care which.
"""

from __future__ import annotations


class TutorError(Exception):
    """Base class of every error the engine raises on purpose."""


class NotationError(TutorError, ValueError):
    """Hand or tile notation that cannot be read.

    ``text`` is the input, ``position`` the index of the offending character (or ``None`` when the
    fault is the input as a whole, such as a fifth copy of a tile).
    """

    def __init__(self, text: str, position: int | None, problem: str) -> None:
        self.text = text
        self.position = position
        self.problem = problem
        where = f" at position {position}" if position is not None else ""
        super().__init__(f"cannot read {text!r}{where}: {problem}")


class HandError(TutorError, ValueError):
    """A hand that can be written down but is impossible or wrong for the question asked
    (wrong number of tiles, a tile the variant does not use, a fifth copy)."""


class RulesError(TutorError, ValueError):
    """A situation the rules do not allow (a win that is not a win, a discard win in Hangzhou)."""


class IllegalActionError(TutorError, ValueError):
    """An action that is not legal in the current game state."""
