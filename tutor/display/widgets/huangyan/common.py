"""Shared pieces of the Huangyan views."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from tutor.core.tiles import Wind
from tutor.ledger import Seat

SEATS = tuple(Wind)
SEAT_OPTIONS = [(s.name.title(), s) for s in SEATS]
FONT = "font-family:sans-serif"


def seat_title(seat: Seat) -> str:
    return seat.name.title()


def on_change(widget: widgets.Widget, handler: Callable[[], None]) -> None:
    widget.observe(lambda _change: handler(), names="value")
