"""Fixtures for the JupyterLite site test: the site built by tools/build_site.py into a temporary
folder, served on 127.0.0.1, and Debian's Chromium with every request off the machine refused.

The build needs npm the first time (Pyodide comes from the npm registry; later builds use
``.cache/site``) and Node.js (the byte-code is compiled, and the kernel's snapshot made, by the
site's Pyodide in Node.js).
Without them, Chromium or Playwright the tests skip, except under CI.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
MEASURED: dict[str, str] = {}  # printed at the end of the run
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
T = TypeVar("T")
# A kernel ready, in JupyterLab's status bar: in English, or in the Chinese course's JupyterLab.
IDLE = "text=/Python \\(Pyodide\\) \\| (Idle|空闲)/"


def _skip(reason: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"the site test must run in CI, but {reason}")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("npm") is None and not any((ROOT / ".cache" / "site").glob("pyodide-*.tgz")):
        _skip("npm is not installed (Pyodide comes from the npm registry)")
    if shutil.which("node") is None:
        _skip("Node.js is not installed (the site's byte-code and snapshot are made in it)")
    try:
        __import__("jupyterlite_core")
    except ImportError:
        _skip("jupyterlite-core is not installed (pip install -e '.[site]')")
    out = tmp_path_factory.mktemp("lite") / "site"
    started = time.monotonic()
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "build_site.py"), str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=1200, check=False)
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    files = [p for p in out.rglob("*") if p.is_file()]
    MEASURED["build"] = f"{time.monotonic() - started:.1f} s"
    MEASURED["size"] = f"{sum(p.stat().st_size for p in files) / 1e6:.1f} MB in {len(files)} files"
    return out


@contextlib.contextmanager
def _serve(site_dir: Path, slow_worker: float = 0.0) -> Iterator[str]:
    """The site on 127.0.0.1 (``serve.py``: its service worker's script ``slow_worker`` seconds
    late after the first time)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    process = subprocess.Popen([sys.executable, str(Path(__file__).with_name("serve.py")),
                                str(site_dir), str(port), str(slow_worker)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"{url}/index.html", timeout=2).close()
                break
            except OSError:
                time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.fixture(scope="session")
def site_url(site_dir: Path) -> Iterator[str]:
    with _serve(site_dir) as url:
        yield url


@pytest.fixture(scope="session")
def slow_worker_url(site_dir: Path) -> Iterator[str]:
    """The site served with its service worker's script 8 s late after the first time."""
    with _serve(site_dir, slow_worker=8.0) as url:
        yield url


class Browsing:
    """A browser context on the site that refuses (and records) every request off the machine.

    The site's pages are served as built: they expose JupyterLab's application
    (``window.jupyterapp``, for the address's fallback), from which the tests read the
    notebooks' outputs.
    """

    def __init__(self, browser: Any, url: str) -> None:
        self.url = url
        self.outside: list[str] = []
        self.logs: dict[Any, list[str]] = {}  # by page: what ``wait_idle`` reports on a timeout
        self.context = browser.new_context(viewport={"width": 1280, "height": 900})
        self.context.route("**/*", self._route)
        self.context.on("page", self._watch)

    def _watch(self, page: Any) -> None:
        """Keep what a page and its workers say (console, errors, failed requests, workers
        started, navigations), each line with its time since the page was made."""
        lines = self.logs.setdefault(page, [])
        made = time.monotonic()

        def say(text: str) -> None:
            lines.append(f"{time.monotonic() - made:7.1f} s  {text}"[:400])

        page.on("console", lambda message: say(
            f"console.{message.type}{' (a worker)' if message.worker else ''}: {message.text}"))
        page.on("pageerror", lambda error: say(f"page error: {error}"))
        page.on("worker", lambda worker: say(f"worker started: {worker.url}"))
        page.on("requestfailed", lambda request: say(
            f"request failed: {request.method} {request.url} ({request.failure})"))
        page.on("crash", lambda _: say("the page crashed"))
        page.on("framenavigated", lambda frame: say(f"navigated to {frame.url}")
                if frame == page.main_frame else None)

    def reload(self, page: Any, notebook: str) -> None:
        """Reload the page as a learner would (F5), once JupyterLab has saved its layout with
        ``notebook`` open, so that the reloaded page reopens it whether or not the address
        still names it (it does while the notebook is the current tab: see
        ``test_a_reload_reopens_the_notebook_the_address_names``)."""
        deadline = time.monotonic() + 60
        while not page.evaluate(_LAYOUT_SAVED, f"notebook:{notebook}"):
            assert time.monotonic() < deadline, "JupyterLab saved no layout with the notebook"
            time.sleep(0.2)
        page.reload()

    def wait_idle(self, page: Any, timeout: float = 600_000) -> None:
        """Wait for the page's kernel to be ready; on a timeout, fail with where it stopped:
        the status bar, any dialog, the session's kernel, the service worker, and the last 100
        lines the page and its workers said (the kernel's start logs each step of its
        snapshot's restore)."""
        from playwright.sync_api import Error, TimeoutError

        try:
            page.wait_for_selector(IDLE, timeout=timeout)
        except TimeoutError as error:
            try:
                state = page.evaluate(_PAGE_STATE)
            except Error as failed:
                state = f"(the page did not answer: {failed})"
            lines = self.logs.get(page, [])
            raise AssertionError(f"no kernel ready in {timeout / 1000:.0f} s: {state}\n"
                                 + "\n".join(lines[-100:])) from error

    def _route(self, route: Any) -> None:
        url = route.request.url
        if not url.startswith(self.url + "/"):
            self.outside.append(url)
            route.abort()
        else:
            route.continue_()


# Whether JupyterLab's saved layout (its state database, in the browser's IndexedDB) has the
# given widget among the main area's tabs, with the entry its tracker restores it from (the first
# save, as the notebook opens, has the tab but not yet the entry: a page reloaded then drops the
# tab and shows the launcher).
_LAYOUT_SAVED = """async (widget) => {
  for (const {name} of await indexedDB.databases()) {
    const db = await new Promise((done, failed) => {
      const opening = indexedDB.open(name);
      opening.onsuccess = () => done(opening.result);
      opening.onerror = failed;
    });
    try {
      if (!db.objectStoreNames.contains('statedb')) continue;
      const saved = await new Promise((done, failed) => {
        const reading = db.transaction('statedb').objectStore('statedb').get('default');
        reading.onsuccess = () => done(reading.result);
        reading.onerror = failed;
      });
      const layout = saved && saved.data && saved.data['layout-restorer:data'];
      const dock = layout && layout.main && layout.main.dock;  // the tabs it reopens
      return Boolean(dock && JSON.stringify(dock).includes(JSON.stringify(widget))
                     && saved.data[widget]);  // with what reopens it (the notebook's path)
    } finally { db.close(); }
  }
  return false;
}"""

_PAGE_STATE = """() => {
  const text = (nodes) => [...nodes].map((n) => n.innerText.slice(0, 300));
  const say = {status: text(document.querySelectorAll('.jp-StatusBar-Widget')).join(' | '),
    dialogs: text(document.querySelectorAll('.jp-Dialog')),
    serviceWorker: navigator.serviceWorker && navigator.serviceWorker.controller
      ? navigator.serviceWorker.controller.state : 'none',
    earlyWorkerUntaken: Boolean(window.__tutorKernelWorker)};
  try {
    const context = window.jupyterapp.shell.currentWidget.sessionContext;
    const kernel = context.session && context.session.kernel;
    say.kernel = {shown: context.kernelDisplayStatus, session: Boolean(context.session),
      status: kernel ? kernel.status : null, connection: kernel ? kernel.connectionStatus : null};
  } catch (error) { say.kernel = String(error); }
  return JSON.stringify(say);
}"""


def _in_thread(work: Callable[[], T]) -> T:
    outcome: dict[str, Any] = {}

    def target() -> None:
        try:
            outcome["value"] = work()
        except BaseException as exc:  # re-raised in the test's thread, pytest outcomes included
            outcome["error"] = exc

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    value: T = outcome["value"]
    return value


def _runner(url: str) -> Callable[[Callable[[Browsing], T]], T]:
    if not Path(CHROMIUM).exists():
        _skip("Debian's chromium is not installed")
    try:
        __import__("playwright")
    except ImportError:
        _skip("playwright is not installed")

    def run(work: Callable[[Browsing], T]) -> T:
        def inside() -> T:
            from playwright.sync_api import sync_playwright

            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                try:
                    return work(Browsing(browser, url))
                finally:
                    browser.close()

        return _in_thread(inside)

    return run


@pytest.fixture
def browse(site_url: str) -> Callable[[Callable[[Browsing], T]], T]:
    """Run a piece of test in Chromium on the site: ``browse(lambda browsing: ...)``.

    Each piece gets its own Playwright in a thread of its own: Playwright's sync API will not
    start where an event loop runs, and another test's Playwright may still be open.
    """
    return _runner(site_url)


@pytest.fixture
def browse_slow_worker(slow_worker_url: str) -> Callable[[Callable[[Browsing], T]], T]:
    """``browse`` on the site whose service worker's script comes 8 s late after the first."""
    return _runner(slow_worker_url)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if MEASURED:
        terminalreporter.section("JupyterLite site")
        for key, value in MEASURED.items():
            terminalreporter.write_line(f"{key}: {value}")
