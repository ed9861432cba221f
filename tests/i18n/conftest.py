"""Every test here starts and ends in English (``tutor --lang zh`` sets the language for the
whole process)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tutor.i18n import set_language


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("en")
