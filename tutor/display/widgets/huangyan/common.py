"""Shared pieces of the Huangyan views."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from tutor.core.tiles import Wind
from tutor.i18n import localize
from tutor.ledger import Seat, seat_name

SEATS = tuple(Wind)
FONT = "font-family:sans-serif"


SEAT_OPTIONS = [(s.name.title(), s) for s in SEATS]


def seat_label(seat: Seat) -> str:
    """A seat's name in the current language: ``East``, 东家."""
    return localize(seat_name(seat))


def seat_options() -> list[tuple[str, Seat]]:
    """The four seats as a dropdown's options, named in the current language."""
    return [(seat_label(s), s) for s in SEATS]


def on_change(widget: widgets.Widget, handler: Callable[[], None]) -> None:
    widget.observe(lambda _change: handler(), names="value")
