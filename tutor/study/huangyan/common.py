"""Shared helpers of the Huangyan study models."""

from __future__ import annotations

from tutor.core.tiles import Wind
from tutor.core.variant import Variant

VARIANT = Variant.HUANGYAN
SEATS = tuple(Wind)
