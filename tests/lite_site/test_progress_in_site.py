"""The progress store in the JupyterLite site: an exercise, a practice and a test score recorded
in the browser kernel are still there after a reload (``/drive`` holds the database as a
snapshot: SQLite cannot keep a live database there, see the README)."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Browsing
from .test_site import _EXECUTE, NOTEBOOKS, _open

pytestmark = pytest.mark.browser

_RECORD = """
from tutor.study.progress import default_store
store = default_store()
store.record("03_huangyan_scoring", "huangyan-doubles")
store.record_practice("waits", solved=True)
store.record_test("huangyan", 6, 10)
print(store.path, store.snapshot, store.warning)
"""
_READ = """
import os
from tutor.study.progress import default_store, notebook_count
store = default_store()
print(notebook_count("03_huangyan_scoring", store).solved, store.load().practice["waits"],
      store.load().tests["huangyan"]["best"], store.warning)
print(sorted(os.listdir(store.path.parent)))
"""


def test_progress_recorded_in_the_site_survives_a_reload(browse: Any) -> None:
    def record_reload_read(browsing: Browsing) -> tuple[str, str, list[str]]:
        page, _ = _open(browsing, NOTEBOOKS[0])
        written = page.evaluate(_EXECUTE, _RECORD)
        browsing.reload(page, NOTEBOOKS[0])
        browsing.wait_idle(page, 300_000)
        return written, page.evaluate(_EXECUTE, _READ), browsing.outside

    written, read, outside = browse(record_reload_read)
    assert written.split() == ["/drive/.mahjong-tutor/progress.sqlite3", "True", "None"]
    assert read.splitlines() == ["1 {'tried': 1, 'solved': 1} 6 None", "['progress.sqlite3']"]
    assert not outside
