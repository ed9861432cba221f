"""Shared pytest configuration for the whole suite (kept small on purpose)."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

# Deterministic hypothesis runs with a modest budget: the suite must stay fast on a 2-core CI box.
settings.register_profile(
    "tutor",
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "tutor"))


def pytest_configure(config: pytest.Config) -> None:
    # nbval opens its sanitize file relative to the current directory: anchor it at the root.
    path = getattr(config.option, "nbval_sanitize_with", None)
    if path and not os.path.isabs(path):
        config.option.nbval_sanitize_with = str(config.rootpath / path)
