"""An app page in Chromium for the browser tests: served by Voila, watched for console errors and
for requests that leave the machine, measured for projector mode, photographed into ``images/``.
"""

from __future__ import annotations

from pathlib import Path
from types import TracebackType
from typing import Any

from .voila import ROOT, serve

IMAGES = ROOT / "images"
LOCAL = ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:", "about:")


class AppPage:
    """``with AppPage(browser, "hand_builder.ipynb", ".mt-picker") as app: app.page.click(...)``.

    ``app.problems()`` lists console errors, page errors and requests outside 127.0.0.1."""

    def __init__(self, browser: Any, notebook: str, ready: str, *,
                 viewport: tuple[int, int] = (1920, 1080), language: str | None = None) -> None:
        self.browser = browser
        self.notebook = ROOT / "notebooks" / "apps" / notebook
        self.ready = ready
        self.viewport = viewport
        self.language = language
        self.console: list[str] = []
        self.outside: list[str] = []

    def __enter__(self) -> AppPage:
        self.process, url = serve(self.notebook, language=self.language)
        width, height = self.viewport
        self.page = self.browser.new_page(viewport={"width": width, "height": height})
        self.page.on("console", self._on_console)
        self.page.on("pageerror", lambda error: self.console.append(f"page error: {error}"))
        self.page.on("request", self._on_request)
        try:
            self.page.goto(url, timeout=180_000)
            self.page.wait_for_selector(self.ready, timeout=180_000)
        except Exception:
            self.__exit__(None, None, None)
            raise
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.page.close()
        self.process.terminate()
        self.process.wait(timeout=30)

    def _on_console(self, message: Any) -> None:
        if message.type in ("error", "warning") and "WebSocket" not in message.text:
            self.console.append(f"{message.type}: {message.text}")

    def _on_request(self, request: Any) -> None:
        if not request.url.startswith(LOCAL):
            self.outside.append(request.url)

    def problems(self) -> list[str]:
        return [*self.console, *(f"request outside the machine: {u}" for u in self.outside)]

    def resize(self, width: int, height: int) -> None:
        self.page.set_viewport_size({"width": width, "height": height})
        self.page.wait_for_timeout(300)

    def wait_text(self, selector: str, text: str, timeout: float = 30_000) -> None:
        """Wait until the element's text contains ``text``."""
        self.page.wait_for_function(
            "([sel, text]) => { const n = document.querySelector(sel);"
            " return n !== null && n.innerText.includes(text); }",
            arg=[selector, text], timeout=timeout)

    def box(self, selector: str) -> dict[str, float]:
        """The element's bounding box in the viewport (x, y, width, height, bottom, right)."""
        found: dict[str, float] = self.page.evaluate(
            "(sel) => { const r = document.querySelector(sel).getBoundingClientRect();"
            " return {x: r.x, y: r.y, width: r.width, height: r.height, bottom: r.bottom,"
            " right: r.right}; }", selector)
        return found

    def font_px(self, selector: str) -> float:
        return float(self.page.evaluate(
            "(sel) => parseFloat(getComputedStyle(document.querySelector(sel)).fontSize)",
            selector))

    def fits(self, selector: str) -> tuple[float, float]:
        """Scroll to the top and return (bottom of ``selector``, viewport height)."""
        self.page.evaluate("window.scrollTo(0, 0)")
        height = float(self.page.evaluate("window.innerHeight"))
        return self.box(selector)["bottom"], height

    def projector_shots(self, name: str) -> None:
        """Check the main panel fits the screen at 1920x1080 and 1280x720 (projector mode) and
        photograph both: ``images/NAME.png`` and ``images/NAME_720.png``."""
        self.page.mouse.move(0, 0)
        for width, height, suffix in ((1920, 1080, ""), (1280, 720, "_720")):
            self.resize(width, height)
            bottom, screen = self.fits(".tutor-main")
            assert bottom <= screen, f"the main panel ends at {bottom} px, below {screen} px"
            self.shot(f"{name}{suffix}.png")

    def shot(self, name: str) -> Path:
        """A screenshot of the viewport into ``images/NAME``."""
        self.page.evaluate("window.scrollTo(0, 0)")
        self.page.wait_for_timeout(200)
        path = IMAGES / name
        self.page.screenshot(path=str(path))
        return path
