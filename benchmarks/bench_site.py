"""How long the JupyterLite site's kernel takes to start in Chromium, and where the time goes.

Builds the site (``tools/build_site.py``) unless ``--site DIR`` names a built one, serves it on
127.0.0.1 and opens a notebook in Debian's Chromium (Playwright), every request off the machine
refused by the browser's resolver (no request routing: routing would switch the HTTP cache off).

* **cold**: a fresh browser profile on disk (nothing cached; a profile as a learner's browser
  keeps one, not an incognito context, which keeps its caches in memory) opens the notebook;
  seconds from navigation to the kernel reporting Idle, then the notebook's first code cell run
  by hand (``first cell``) when the page did not run it on load.
* **warm**: the same profile opens the notebook again in a new tab after the first one closed
  (HTTP cache, service worker and compiled code kept). The first visit closes only once its
  page has kept the site's scripts compiled (``tools/site_precache.py``, some 10-15 s after it
  loaded, as during any learner's first visit), so the second visit runs them compiled.
* **later**: the same once more, a third visit (without the scripts' cache, Chromium compiles
  a script read from its HTTP cache on the first two runs and keeps its compiled code from the
  second, so only visits from the third on skipped most of the compiling).
* **CPU**: for each of those visits, the CPU seconds Chromium's processes used from navigation
  to Idle (all of them: the page's main thread, the kernel's worker, the compositor, the
  browser, network and GPU processes; read from ``/proc`` on Linux, so run nothing else with
  Chromium meanwhile). Set against the visit's seconds it says how busy the two cores were: a
  visit that uses nearly twice its seconds is bound by the CPU, and only less work shortens it.
* **app**: the same for an app opened from the start page as an app (the REPL page running its
  cells on load): seconds from navigation to its kernel ready (status idle, or busy with the
  app's cells) and to its widget drawn, cold, warm and later.
* **profile** (``--profile``): one more cold visit with the kernel's Pyodide wrapped by a small
  module that times each step of the kernel's start inside its worker (``PROFILE`` below): the
  worker starting, Pyodide's core, the wheels the site preloads, the package manager, the
  kernel's own installs and imports; then the first cell's imports one by one. The site's kernel
  starts from a memory snapshot (``tools/site_snapshot.py``): then "Pyodide's core" is the
  snapshot's restore, shown in its own steps (downloaded and unpacked, heap restored, files
  written), and the steps after it find their wheels loaded and their modules imported; a site
  built without a snapshot is profiled as before.

    PYTHONPATH=. python benchmarks/bench_site.py [--site DIR] [--notebook apps/practice.ipynb]
        [--app "Hand builder"] [--runs 3] [--profile]
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Sequence
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run",
        "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
IDLE = "text=Python (Pyodide) | Idle"
KERNEL_SETTINGS = "@jupyterlite/pyodide-kernel-extension:kernel"

# Served as static/pyodide/profile.mjs in --profile mode, in place of the site's Pyodide module
# (the snapshot's loader, snapshot.mjs, or pyodide.mjs in a site built without one):
# the same loadPyodide, with each step the kernel's worker takes recorded (epoch ms) in
# globalThis.__tutorProfile, which the benchmark reads through the kernel afterwards.
PROFILE = """
export * from "./snapshot.mjs";
import * as real from "./snapshot.mjs";
const marks = (globalThis.__tutorProfile = []);
const mark = (what, start) => marks.push([what, start, Date.now()]);
mark("worker start to Pyodide's module", performance.timeOrigin);
export async function loadPyodide(options) {
  let start = Date.now();
  const {packages = [], ...rest} = options;
  const py = await real.loadPyodide(rest);
  const snapshot = globalThis.__tutorSnapshot || {steps: []};
  for (const [what, from, to] of snapshot.steps) marks.push(["(snapshot) " + what, from, to]);
  if (snapshot.error) marks.push(["(snapshot failed: " + snapshot.error + ")", start, start]);
  mark(snapshot.used ? "Pyodide restored from the kernel's snapshot (all of the above)"
       : "Pyodide core (WebAssembly, standard library, interpreter)", start);
  start = Date.now();
  await py.loadPackage(packages);
  mark("preloaded wheels (" + packages.length + " asked for, with what they need)", start);
  const loadPackage = py.loadPackage.bind(py), runPythonAsync = py.runPythonAsync.bind(py);
  py.loadPackage = async (names, ...more) => {
    const s = Date.now();
    try { return await loadPackage(names, ...more); } finally { mark("loadPackage " + names, s); }
  };
  py.runPythonAsync = async (code, ...more) => {
    const lines = code.split("\\n").map((l) => l.trim()).filter(Boolean);
    if (!lines.includes("import pyodide_kernel")) {
      const s = Date.now(), what = code.includes("micropip.install") ? "micropip installs piplite"
        : code.includes("_PIPLITE_URLS") ? "piplite configured" : "python: " + lines[0];
      try { return await runPythonAsync(code, ...more); } finally { mark(what, s); }
    }
    const installs = lines.filter((l) => l.includes("piplite.install"));
    let s = Date.now();
    if (installs.length) {
      await runPythonAsync("import piplite\\n" + installs.join("\\n"));
      mark("piplite installs at kernel start (" + installs.length + ")", s);
    }
    for (const module of ["IPython", "ipykernel", "pyodide_kernel"]) {
      s = Date.now();
      await runPythonAsync("import " + module);
      mark("import " + module, s);
    }
    s = Date.now();
    const rest = lines.filter((l) => !l.includes("piplite.install"));
    try { return await runPythonAsync(rest.join("\\n"), ...more); } finally { mark("rest", s); }
  };
  return py;
}
"""
_EXECUTE = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const text = [], future = kernel.requestExecute({code});
  future.onIOPub = (msg) => { const c = msg.content;
    if (c.text) text.push(c.text); if (c.ename) text.push(c.ename + ': ' + c.evalue); };
  await future.done;
  return text.join('');
}"""
_FIRST_CELL = """() => {
  const cells = window.jupyterapp.shell.currentWidget.content.model.cells;
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i).toJSON();
    if (cell.cell_type === 'code') return [].concat(cell.source).join('');
  }
  return '';
}"""
_READ_PROFILE = """
import js, json
print(json.dumps(js.JSON.stringify(js.globalThis.__tutorProfile)))
"""


def imports_of(cell: str) -> list[str]:
    """The first cell's import lines, then ``ipywidgets``, ``anywidget`` and ``tutor`` first."""
    lines = [line for line in cell.splitlines() if line.startswith(("from ", "import "))]
    return ["import ipywidgets", "import anywidget", "import tutor", *lines]


class Handler(SimpleHTTPRequestHandler):
    """The site's files as built (they expose JupyterLab's application to the page,
    ``window.jupyterapp``, which the benchmark reads), and, when profiling, the kernel's
    Pyodide module wrapped."""

    profile = False

    def log_message(self, format: str, *args: Any) -> None:
        pass

    def do_GET(self) -> None:
        path = self.path.split("?")[0]
        if path == "/static/pyodide/profile.mjs":
            module = Path(self.directory) / "static" / "pyodide" / "snapshot.mjs"
            code = PROFILE if module.exists() else PROFILE.replace("./snapshot.mjs",
                                                                   "./pyodide.mjs")
            self._send(code.encode(), "text/javascript")
        elif self.profile and path.endswith("/jupyter-lite.json"):
            file = Path(self.directory) / path.lstrip("/")
            config = json.loads(file.read_text("utf-8"))
            data = config.setdefault("jupyter-config-data", {})
            kernel = data.get("litePluginSettings", {}).get(KERNEL_SETTINGS)
            if kernel:
                kernel["pyodideUrl"] = "./static/pyodide/profile.mjs"
            self._send(json.dumps(config).encode(), "application/json")
        else:
            super().do_GET()

    def _send(self, body: bytes, kind: str) -> None:
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def serve(site: Path, profile: bool) -> tuple[ThreadingHTTPServer, str]:
    handler = type("Bench", (Handler,), {"profile": profile})
    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 functools.partial(handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


@contextlib.contextmanager
def browser_profile(playwright: Any) -> Iterator[Any]:
    """Chromium with a new browser profile on disk, as a learner's browser keeps one: its HTTP
    cache and compiled code on disk (an incognito context keeps its caches in memory, and V8
    keeps no code cache there)."""
    with tempfile.TemporaryDirectory() as folder:
        context = playwright.chromium.launch_persistent_context(
            folder, executable_path=CHROMIUM, args=ARGS, viewport={"width": 1280, "height": 900})
        try:
            yield context
        finally:
            context.close()


def chromium_cpu() -> dict[int, float]:
    """CPU seconds used so far by each running Chromium process (its program's name begins with
    ``chrom``), by process id; empty where there is no ``/proc`` (not Linux)."""
    proc = Path("/proc")
    tick = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
    found: dict[int, float] = {}
    for entry in proc.iterdir() if proc.is_dir() else ():
        if not entry.name.isdigit():
            continue
        try:
            if not os.path.basename(os.readlink(entry / "exe")).startswith("chrom"):
                continue
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        found[int(entry.name)] = (int(fields[11]) + int(fields[12])) / tick  # utime + stime
    return found


def cpu_since(before: dict[int, float]) -> float:
    """CPU seconds Chromium's processes used since ``before`` (:func:`chromium_cpu`): those
    still running (one that ended meanwhile, a closed tab's, is left out)."""
    return sum(used - before.get(pid, 0.0) for pid, used in chromium_cpu().items())


def open_notebook(context: Any, url: str) -> tuple[Any, float, float]:
    """The notebook opened in a new tab: the page, seconds from navigation to the kernel Idle,
    and the CPU seconds Chromium used meanwhile."""
    page = context.new_page()
    before = chromium_cpu()
    started = time.monotonic()
    page.goto(url, timeout=180_000)
    page.wait_for_selector(IDLE, timeout=600_000)
    seconds = time.monotonic() - started
    return page, seconds, cpu_since(before)


def execute(page: Any, code: str) -> tuple[str, float]:
    started = time.monotonic()
    text = page.evaluate(_EXECUTE, code)
    return text, time.monotonic() - started


def settle(page: Any) -> str:
    """Wait, as a learner's first visit would, for the page to keep the site's scripts
    compiled (``tools/site_precache.py``; at most two minutes): what it did ("made", "kept",
    "failed", "not made"), or "none" for a site without it."""
    return str(page.evaluate("async () => await (window.__tutorPrecache || 'none')"))


def visit(playwright: Any, url: str, runs: int) -> list[tuple[float, ...]]:
    """Per run: cold kernel-ready s, the first cell s, warm and later kernel-ready s, then the
    CPU s of the cold, warm and later visits."""
    found: list[tuple[float, ...]] = []
    for _ in range(runs):
        with browser_profile(playwright) as context:
            page, cold, cold_cpu = open_notebook(context, url)
            _, first = execute(page, page.evaluate(_FIRST_CELL))
            kept = settle(page)
            page.close()
            page, warm, warm_cpu = open_notebook(context, url)
            page.close()
            page, later, later_cpu = open_notebook(context, url)
            page.close()
        print(f"  cold {cold:5.1f} s (CPU {cold_cpu:4.1f} s)  first cell {first:5.1f} s  "
              f"scripts kept: {kept}  "
              f"warm {warm:5.1f} s (CPU {warm_cpu:4.1f} s)  "
              f"later {later:5.1f} s (CPU {later_cpu:4.1f} s)", flush=True)
        found.append((cold, first, warm, later, cold_cpu, warm_cpu, later_cpu))
    return found


#: the app's kernel has started: its status is first idle (or busy with the app's cells)
_APP_KERNEL_READY = """() => {
  const kernel = window.jupyterapp?.shell?.currentWidget?.sessionContext?.session?.kernel;
  return kernel && ["idle", "busy"].includes(kernel.status);
}"""


def open_app(context: Any, url: str, name: str, first: bool = False) -> tuple[float, float]:
    """Seconds from navigation to the app's kernel ready, and to its widget drawn (``first``:
    then wait, as a learner's first visit would, for the page to keep the site's scripts)."""
    page = context.new_page()
    page.goto(f"{url}/", timeout=180_000)
    href = page.locator(f"section[lang=en] a.app:text-is('{name}')").get_attribute("href")
    started = time.monotonic()
    page.goto(f"{url}/{href}", timeout=180_000)
    page.wait_for_function(_APP_KERNEL_READY, polling=20, timeout=600_000)
    ready = time.monotonic() - started
    page.wait_for_selector(".jp-OutputArea-output .jupyter-widgets .tutor-main, "
                           ".jp-OutputArea-output .jupyter-widgets .mt-tile", timeout=600_000)
    seconds = time.monotonic() - started
    if first:
        settle(page)
    page.close()
    return ready, seconds


def visit_app(playwright: Any, url: str, name: str,
              runs: int) -> list[tuple[float, ...]]:
    """Per run: seconds to the app's kernel ready and to its widget, cold, warm then later."""
    found: list[tuple[float, ...]] = []
    for _ in range(runs):
        with browser_profile(playwright) as context:
            cold = open_app(context, url, name, first=True)
            warm = open_app(context, url, name)
            later = open_app(context, url, name)
        print(f"  app cold: kernel {cold[0]:4.1f} s, widget {cold[1]:4.1f} s;  "
              f"warm: kernel {warm[0]:4.1f} s, widget {warm[1]:4.1f} s;  "
              f"later: kernel {later[0]:4.1f} s, widget {later[1]:4.1f} s", flush=True)
        found.append((*cold, *warm, *later))
    return found


def summary(names: tuple[str, ...], found: Sequence[tuple[float, ...]]) -> None:
    for name, column in zip(names, zip(*found, strict=True), strict=True):
        print(f"{name:16} median {statistics.median(column):5.1f} s "
              f"(min {min(column):.1f}, max {max(column):.1f})")


def profile(playwright: Any, url: str) -> None:
    with browser_profile(playwright) as context:
        page = context.new_page()
        started = time.time() * 1000
        page.goto(url, timeout=180_000)
        page.wait_for_selector(IDLE, timeout=600_000)
        ready = time.time() * 1000
        text, _ = execute(page, _READ_PROFILE)
        marks = json.loads(json.loads(text))
        print(f"  {'page load to the worker starting':58} {marks[0][1] - started:7.0f} ms")
        for what, start, end in marks:
            print(f"  {what[:58]:58} {end - start:7.0f} ms")
        print(f"  {'the kernel started to Idle shown':58} {ready - marks[-1][2]:7.0f} ms")
        print(f"  {'navigation to Idle':58} {ready - started:7.0f} ms")
        for line in imports_of(page.evaluate(_FIRST_CELL)):
            _, seconds = execute(page, line)
            print(f"  {'first cell: ' + line[:46]:58} {seconds * 1000:7.0f} ms")
        _, seconds = execute(page, page.evaluate(_FIRST_CELL))
        print(f"  {'first cell: the rest (build and show the widget)':58} "
              f"{seconds * 1000:7.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--notebook", default="apps/practice.ipynb",
                        help="a notebook to open in JupyterLab ('' for none)")
    parser.add_argument("--app", default="Hand builder",
                        help="an app's name on the start page ('' for none)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="also the start's breakdown")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        site = options.site
        if site is None:
            site = Path(folder) / "site"
            subprocess.run([sys.executable, str(ROOT / "tools" / "build_site.py"), str(site)],
                           check=True, cwd=ROOT)
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            server, url = serve(site, profile=False)
            if options.notebook:
                print(f"{options.notebook}: {options.runs} cold, warm and later visits", flush=True)
                found = visit(playwright, f"{url}/lab/index.html?path={options.notebook}",
                              options.runs)
                summary(("cold", "first cell", "warm", "later", "cold CPU", "warm CPU",
                         "later CPU"), found)
            if options.app:
                print(f"{options.app} as an app: {options.runs} cold, warm and later visits",
                      flush=True)
                summary(("app kernel cold", "app widget cold", "app kernel warm",
                         "app widget warm", "app kernel later", "app widget later"),
                        visit_app(playwright, url, options.app, options.runs))
            server.shutdown()
            if options.profile:
                server, url = serve(site, profile=True)
                print("profile of one cold visit:", flush=True)
                profile(playwright, f"{url}/lab/index.html?path={options.notebook}")
                server.shutdown()


if __name__ == "__main__":
    main()
