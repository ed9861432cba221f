"""Shared helpers of the Huangyan study models."""

from __future__ import annotations

from tutor.core.tiles import Wind
from tutor.core.variant import Variant
from tutor.ledger import Seat

VARIANT = Variant.HUANGYAN
SEATS = tuple(Wind)


def seat_title(seat: Seat) -> str:
    return seat.name.title()

