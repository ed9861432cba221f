"""Command-line subcommands for the huangyan variant (filled in by its issue)."""

from __future__ import annotations

from tutor.cli import Commands


def register(commands: Commands) -> None:
    """Add this variant's subcommands."""
