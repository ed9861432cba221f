"""Review one seat's play in one hand: :func:`review`, and reading saved records."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tutor.coach.judge import Budget, decisions
from tutor.coach.model import Decision, Review
from tutor.coach.position import positions, state_of
from tutor.coach.rules import COACH, CoachRules
from tutor.core.tiles import Wind
from tutor.game.record import RecordError
from tutor.game.state import HandState
from tutor.jsonfile import MAX_BYTES

__all__ = ["MAX_FILE_BYTES", "read_records", "review"]

#: the largest record file the coach reads (a saved simulation of 100 hands is about 200 kB)
MAX_FILE_BYTES = MAX_BYTES
#: the most records in one file (as many as ``tutor simulate --save`` writes)
MAX_RECORDS = 1_000


def review(source: HandState | dict[str, Any] | str, seat: Wind | str,
           rules: CoachRules = COACH) -> Review:
    """Grade every decision ``seat`` made in a hand.

    ``source`` is a :class:`~tutor.game.state.HandState` (played to the end, or part of the
    way), or a record as :func:`tutor.game.record.record` writes it (a dict or its JSON text),
    which is replayed and checked first. Each position is judged from the seat's own view.
    """
    who = seat if isinstance(seat, Wind) else Wind.parse(seat)
    state = state_of(source)
    found: list[Decision] = []
    budget = Budget(rules.review_playouts, rules.confirm_budget)
    for pos in positions(state, who):
        found += decisions(pos, rules, budget)
    outcome = str(state.outcome) if state.outcome is not None else "the hand is not over"
    return Review(state.variant, who, tuple(found), outcome, rules)


def read_records(path: str | Path) -> list[dict[str, Any]]:
    """The hand records in a file: one record (a JSON object) or a list of them, as
    ``tutor simulate --save`` writes. Raises :class:`RecordError` for anything else."""
    from tutor.jsonfile import read

    data = read(path, RecordError, max_bytes=MAX_FILE_BYTES)
    items = data if isinstance(data, list) else [data]
    if not items:
        raise RecordError(f"{path}: an empty list holds no hand")
    if len(items) > MAX_RECORDS:
        raise RecordError(f"{path}: {len(items):,} records; a file holds at most {MAX_RECORDS:,}")
    for number, item in enumerate(items, 1):
        if not isinstance(item, dict):
            raise RecordError(f"{path}: hand {number} is a JSON {type(item).__name__}, not a "
                              "record object")
    return items
