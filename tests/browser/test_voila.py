"""Real-browser tests: the classroom apps served by Voila, driven in Chromium by Playwright.

They click as a learner would and read what the page shows; the screenshots they save in
``images/`` are the ones the README shows.
"""

from __future__ import annotations

from typing import Any

import pytest

from .voila import ROOT, serve

pytestmark = pytest.mark.browser
IMAGES = ROOT / "images"


def _open(browser: Any, notebook: str, ready: str) -> tuple[Any, Any]:
    process, url = serve(ROOT / "notebooks" / "apps" / notebook)
    page = browser.new_page(viewport={"width": 1100, "height": 900})
    try:
        page.goto(url, timeout=180_000)
        page.wait_for_selector(ready, timeout=180_000)
    except Exception:
        page.close()
        process.terminate()
        raise
    return process, page
