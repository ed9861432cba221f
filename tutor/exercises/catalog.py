"""Which notebook asks which exercise: the sequence's map for progress and the check widget.

``NOTEBOOKS`` lists the notebooks of the sequence with a short title; :func:`exercises_of` the
exercises a notebook asks, in order; :func:`notebook_of` the notebook of an exercise key.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from tutor.errors import TutorError
from tutor.exercises import guiyang, hands, hangzhou, huangyan
from tutor.exercises.model import Exercise

__all__ = ["GAME_NOTEBOOKS", "NOTEBOOKS", "all_exercises", "exercises_of", "notebook_of"]

#: The notebooks of the sequence, in order, with their titles.
NOTEBOOKS: dict[str, str] = {
    "00_start_here": "Start here",
    "01_how_a_hand_is_played": "How a hand is played",
    "02_tiles_hands_waits": "Tiles, hands and waits",
    "03_huangyan_scoring": "Huangyan scoring",
    "04_huangyan_reckoning": "Huangyan reckoning",
    "05_live_tile_stage": "The Live Tile Stage",
    "06_hangzhou_jokers": "Hangzhou jokers",
    "07_guiyang_chickens": "Guiyang chickens",
    "08_play_and_what_if": "Play and what if",
}

#: The notebooks of each game (a game's "test yourself" closes the last of them).
GAME_NOTEBOOKS: dict[str, tuple[str, ...]] = {
    "hands": ("02_tiles_hands_waits",),
    "huangyan": ("03_huangyan_scoring", "04_huangyan_reckoning", "05_live_tile_stage"),
    "hangzhou": ("06_hangzhou_jokers",),
    "guiyang": ("07_guiyang_chickens",),
}

_SOURCES: dict[str, Callable[[], list[Exercise]]] = {
    "02_tiles_hands_waits": hands.exercises,
    "03_huangyan_scoring": huangyan.scoring_exercises,
    "04_huangyan_reckoning": huangyan.reckoning_exercises,
    "05_live_tile_stage": huangyan.stage_exercises,
    "06_hangzhou_jokers": hangzhou.exercises,
    "07_guiyang_chickens": guiyang.exercises,
}


def _known(notebook: str) -> str:
    if notebook not in NOTEBOOKS:
        raise TutorError(f"no notebook {notebook[:60]!r} in the sequence (known: "
                         f"{', '.join(NOTEBOOKS)})")
    return notebook


@cache
def _built(notebook: str) -> tuple[Exercise, ...]:
    source = _SOURCES.get(notebook)
    return tuple(source()) if source is not None else ()


def exercises_of(notebook: str) -> tuple[Exercise, ...]:
    """The exercises ``notebook`` asks, in order (none for 00, 01 and 08)."""
    return _built(_known(notebook))


def all_exercises() -> dict[str, Exercise]:
    """Every exercise of the sequence by key."""
    return {ex.key: ex for nb in NOTEBOOKS for ex in exercises_of(nb)}


@cache
def _index() -> dict[str, str]:
    return {ex.key: nb for nb in NOTEBOOKS for ex in exercises_of(nb)}


def notebook_of(key: str) -> str | None:
    """The notebook that asks the exercise ``key`` (None for an exercise outside the sequence,
    such as a generated one)."""
    return _index().get(key)
