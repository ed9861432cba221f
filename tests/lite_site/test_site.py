"""The course as a JupyterLite site: every notebook and app runs in Chromium under Pyodide with no
request leaving the machine, no error output and every widget drawn; files written under /drive
survive a reload.
"""

from __future__ import annotations

import contextlib
import json
import sys
import time
import zipfile
from pathlib import Path
from typing import Any

import pytest
from packaging.utils import canonicalize_name
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tutor.lab import course_files

from .conftest import IDLE, MEASURED, ROOT, Browsing

sys.path.insert(0, str(ROOT / "tools"))
from build_site import PRELOAD
from site_pages import lab_link, site_files
from site_patches import SETTINGS_KEY

pytestmark = pytest.mark.browser
SERVED = site_files(ROOT / "notebooks", course_files(ROOT / "notebooks"))
NOTEBOOKS = [name for name, _ in course_files(ROOT / "notebooks") if name.endswith(".ipynb")]
# two courses (English, Chinese) with their outputs, the byte-code, and the kernel's snapshot
# (about 22 MB gzipped)
SIZE_LIMIT = 92e6
WIDGET = "application/vnd.jupyter.widget-view+json"
# Pyodide has no matplotlib here: until every picture has the package's own SVG form, a notebook
# that stops at importing matplotlib is an expected failure, named in the report.
MATPLOTLIB_IS_EXPECTED_MISSING = True

_OUTPUTS = """() => {
  const cells = window.jupyterapp.shell.currentWidget.content.model.cells, found = [];
  for (let i = 0; i < cells.length; i++) {
    const cell = cells.get(i).toJSON();
    if (cell.cell_type === 'code') found.push({index: i, count: cell.execution_count,
      source: [].concat(cell.source).join(''), outputs: cell.outputs});
  }
  return found;
}"""
_WIDGET_VIEWS = """(mime) => {
  const found = [];
  window.jupyterapp.shell.currentWidget.content.widgets.forEach((cell, index) => {
    if (cell.model.type !== 'code') return;
    const area = cell.outputArea;
    for (let j = 0; j < area.model.length; j++) {
      if (!(mime in area.model.get(j).data)) continue;
      const node = area.widgets[j] ? area.widgets[j].node : null;
      const text = node ? node.innerText.slice(0, 200) : 'no output on the page';
      found.push({index, text, drawn: node !== null && !text.includes('Error displaying')
                  && node.querySelector('.jupyter-widgets') !== null});
    }
  });
  return found;
}"""
# Run code in the open notebook's kernel, keeping what it prints and any error's name and value.
_REQUEST = """
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const text = [], future = kernel.requestExecute({code});
  future.onIOPub = (msg) => { const c = msg.content;
    if (c.text) text.push(c.text); if (c.ename) text.push(c.ename + ': ' + c.evalue); };"""
_EXECUTE = "async (code) => {" + _REQUEST + """
  await future.done;
  return text.join('');
}"""
_COMPLETE = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const reply = await kernel.requestComplete({code, cursor_pos: code.length});
  return reply.content.matches;
}"""


def _open(browsing: Browsing, path: str) -> tuple[Any, float]:
    """Open a notebook in its course's JupyterLab (``zh/...`` in the Chinese one, lab/zh/)."""
    page = browsing.context.new_page()
    started = time.monotonic()
    page.goto(f"{browsing.url}/{lab_link(path)}", timeout=180_000)
    browsing.wait_idle(page)
    return page, time.monotonic() - started


def _problems(cells: list[dict[str, Any]]) -> list[str]:
    problems = []
    for cell in cells:
        for output in cell["outputs"]:
            if output["output_type"] == "error":
                name = output["ename"].removeprefix("<class '").removesuffix("'>")
                problems.append(f"cell {cell['index']}: {name}: {output['evalue']}")
            elif output["output_type"] == "stream" and output["name"] == "stderr":
                text = "".join(output["text"]).strip().splitlines()
                problems.append(f"cell {cell['index']}: stderr: {text[-1] if text else ''}")
    return problems


def run_all_cells(page: Any) -> None:
    """Run All in the open notebook, then wait for the kernel to be idle and every widget drawn."""
    page.evaluate("() => { window.jupyterapp.commands.execute('notebook:run-all-cells')"
                  ".then(ok => { window.__ranAll = ok; }); }")
    page.wait_for_function("window.__ranAll !== undefined", timeout=1_200_000, polling=500)
    page.wait_for_selector(IDLE, timeout=120_000)
    page.wait_for_function(f"""() => ({_WIDGET_VIEWS})('{WIDGET}')
                               .every(v => v.drawn || v.text.includes('Error'))""",
                           timeout=60_000, polling=500)


def _run_all(browsing: Browsing, notebook: str) -> dict[str, Any]:
    page, ready = _open(browsing, notebook)
    started = time.monotonic()
    run_all_cells(page)
    return {"ready": ready, "ran": time.monotonic() - started, "cells": page.evaluate(_OUTPUTS),
            "views": page.evaluate(_WIDGET_VIEWS, WIDGET), "outside": browsing.outside,
            "menu": page.inner_text("#jp-MainMenu").split()}


@pytest.mark.parametrize("notebook", NOTEBOOKS)
def test_every_notebook_runs_in_the_site(browse: Any, notebook: str) -> None:
    run = browse(lambda browsing: _run_all(browsing, notebook))
    MEASURED[notebook] = f"kernel ready {run['ready']:.1f} s, Run All {run['ran']:.1f} s"
    problems = _problems(run["cells"])
    unrun = [c["index"] for c in run["cells"] if c["count"] is None and c["source"].strip()]
    assert not run["outside"], f"{notebook} asked for {run['outside'][:5]}"
    # JupyterLab's menus in the course's language: the Chinese course has its own JupyterLab
    assert run["menu"][:2] == (["文件", "编辑"] if notebook.startswith("zh/") else ["File", "Edit"])
    if (MATPLOTLIB_IS_EXPECTED_MISSING and problems
            and all("No module named 'matplotlib'" in p for p in problems)):
        MEASURED[notebook] += f"; stops at matplotlib ({problems[0]})"
        pytest.xfail(f"{notebook} needs matplotlib, which the site cannot hold: {problems[0]}")
    assert not problems, f"{notebook}: " + "; ".join(problems)
    assert not unrun, f"{notebook}: cells {unrun} did not run"
    undrawn = [f"cell {v['index']}: {v['text']!r}" for v in run["views"] if not v["drawn"]]
    assert not undrawn, f"{notebook}: widgets not drawn: {undrawn}"
    MEASURED[notebook] += f", {len(run['views'])} widget(s) drawn"


def test_the_sites_lock_lists_only_what_the_site_holds(site_dir: Path) -> None:
    folder = site_dir / "static" / "pyodide"
    lock = json.loads((folder / "pyodide-lock.json").read_text("utf-8"))
    files = {entry["file_name"] for entry in lock["packages"].values()}
    assert files == {p.name for p in folder.glob("*.whl")}
    assert {"mahjong-tutor", "ipywidgets", "anywidget", "ipython"} <= set(lock["packages"])
    names = set(lock["packages"])
    assert set(PRELOAD) <= names  # the kernel installs nothing at its start: all from the lock
    assert all({canonicalize_name(d) for d in e["depends"]} <= names
               for e in lock["packages"].values())
    config = json.loads((site_dir / "jupyter-lite.json").read_text("utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][
        "@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/snapshot.mjs"  # the snapshot's loader
    assert (folder / "kernel-snapshot.gz").stat().st_size > 1e6
    assert kernel["disablePyPIFallback"] is True
    assert kernel["loadPyodideOptions"]["packages"] == PRELOAD
    extensions = {e["name"] for e in config["jupyter-config-data"]["federated_extensions"]}
    assert extensions == {"@jupyter-widgets/jupyterlab-manager", "anywidget",
                          "@jupyterlite/pyodide-kernel-extension"}
    served = {p.relative_to(site_dir / "files").as_posix() for p in (site_dir / "files").rglob("*")
              if p.is_file()}
    assert served == {name for name, _ in SERVED}


def _flags(pyc: bytes) -> int:
    return int.from_bytes(pyc[4:8], "little")


def test_the_modules_a_kernel_imports_come_compiled(site_dir: Path) -> None:
    folder = site_dir / "static" / "pyodide"
    with zipfile.ZipFile(folder / "python_stdlib.zip") as stdlib:
        names = set(stdlib.namelist())
        # beside its source, where zipimport looks first; unchecked hash-based (PEP 552)
        assert {"asyncio/events.pyc", "asyncio/events.py", "json/decoder.pyc"} <= names
        assert _flags(stdlib.read("asyncio/events.pyc")) == 0b01
        assert "tkinter/__init__.pyc" not in names  # nothing a course imports: left as source
    own = next(folder.glob("mahjong_tutor-*.whl"))
    with zipfile.ZipFile(own) as wheel:
        names = set(wheel.namelist())
        assert {"tutor/core/hand.py", "tutor/core/__pycache__/hand.cpython-314.pyc"} <= names
        assert _flags(wheel.read("tutor/core/__pycache__/hand.cpython-314.pyc")) == 0b01
        record = wheel.read(next(n for n in names if n.endswith(".dist-info/RECORD"))).decode()
        assert "tutor/core/__pycache__/hand.cpython-314.pyc,sha256=" in record
        assert not [n for n in names if n.startswith("tutor/course/")]  # served in /drive


def test_the_site_is_small(site_dir: Path) -> None:
    size = sum(p.stat().st_size for p in site_dir.rglob("*") if p.is_file())
    assert size <= SIZE_LIMIT, f"the site holds {size / 1e6:.1f} MB"


def test_files_under_drive_survive_a_reload_and_home_does_not(browse_slow_worker: Any) -> None:
    """Served with the service worker's script late on the reload (a slow network), after a
    site update: the page registers it again while it loads, and the reloaded kernel must still
    mount /drive."""
    def write_reload_read(browsing: Browsing) -> tuple[str, str, list[str], list[str]]:
        page, _ = _open(browsing, NOTEBOOKS[0])
        written = page.evaluate(_EXECUTE, """
import os, pathlib
progress = pathlib.Path(os.environ["MAHJONG_TUTOR_PROGRESS"])
progress.parent.mkdir(parents=True, exist_ok=True)
progress.write_text('{"lessons": 1}')
pathlib.Path("~/probe.txt").expanduser().write_text("home")
print(os.getcwd(), progress)
""")
        # the kernel's write goes to the browser's storage (IndexedDB) through the page: wait
        # until the page's own contents service holds it, as a learner's next visit would
        page.wait_for_function("""async () => {
            try {
                const found = await window.jupyterapp.serviceManager.contents.get(
                    '.mahjong-tutor/progress.json', {content: true});
                return String(found.content).includes('lessons');
            } catch (e) { return false; }
        }""", timeout=60_000, polling=500)
        # as after the site was updated (the version JupyterLite kept for its service worker
        # gone): the reloaded page unregisters the worker and registers it again as it loads
        page.evaluate("""() => Object.keys(localStorage).filter((key) => key.endsWith('-version'))
            .forEach((key) => localStorage.removeItem(key))""")
        browsing.reload(page, NOTEBOOKS[0])
        browsing.wait_idle(page, 300_000)
        read = page.evaluate(_EXECUTE, """
import os, pathlib
print(pathlib.Path(os.environ["MAHJONG_TUTOR_PROGRESS"]).read_text())
print(pathlib.Path("~/probe.txt").expanduser().exists())
""")
        # completion (jedi, with the stubs the site keeps) on a module and on the package
        completed = page.evaluate(_COMPLETE, "import json, tutor\njson.lo") + \
            page.evaluate(_COMPLETE, "import tutor\ntutor.Ha")
        return written, read, completed, browsing.outside

    written, read, completed, outside = browse_slow_worker(write_reload_read)
    assert {"loads", "load"} <= set(completed) or {"json.loads", "json.load"} <= set(completed)
    assert "Hand" in completed or "tutor.Hand" in completed
    assert written.split() == ["/drive", "/drive/.mahjong-tutor/progress.json"]
    assert read.split() == ['{"lessons":', '1}', "False"]
    assert not outside


# The same, with whether the kernel answered within ``ms`` (a kernel that never answers again).
_EXECUTE_WITHIN = "async ([code, ms]) => {" + _REQUEST + """
  const end = await Promise.race([future.done.then(() => 'answered'),
    new Promise((done) => setTimeout(() => done('no answer'), ms))]);
  return [end, text.join('')];
}"""
# The browser's storage full: every write of the page's contents manager fails.
_STORAGE_FULL = """() => { const {put, add} = IDBObjectStore.prototype;
  window.__storageBack = () => Object.assign(IDBObjectStore.prototype, {put, add});
  IDBObjectStore.prototype.put = IDBObjectStore.prototype.add = function () {
    throw new DOMException('the disk is full', 'QuotaExceededError'); }; }"""
# The page never replies to the service worker (busy, or gone).
_PAGE_SILENT = """() => { const post = BroadcastChannel.prototype.postMessage;
  window.__pageBack = () => { BroadcastChannel.prototype.postMessage = post; };
  BroadcastChannel.prototype.postMessage = function (message) {
    if (this.name !== '/sw-api.v1') post.call(this, message); }; }"""


def test_a_file_request_that_fails_raises_in_python_and_the_kernel_goes_on(browse: Any) -> None:
    """A write under /drive that the browser's storage refuses, then one the page never answers
    (the two patches of ``tools/site_patches.py`` that answer the kernel's file requests): each
    raises OSError in the learner's code (the first at once, the second after the service
    worker's minute), and the kernel answers the next cell and writes files again. Without the
    patches, the kernel never answers again."""
    def fail_twice(browsing: Browsing) -> list[Any]:
        page, _ = _open(browsing, NOTEBOOKS[0])
        said = []
        for breaking, back in ((_STORAGE_FULL, "__storageBack"), (_PAGE_SILENT, "__pageBack")):
            page.evaluate(breaking)
            started = time.monotonic()
            said.append(page.evaluate(_EXECUTE_WITHIN, [
                "open('/drive/refused.txt', 'w').write('lost')", 150_000]))
            said.append(round(time.monotonic() - started))
            page.evaluate(f"() => window.{back}()")
            said.append(page.evaluate(_EXECUTE_WITHIN, ["print(6 * 7)", 60_000]))
        said.append(page.evaluate(_EXECUTE_WITHIN, [
            "open('/drive/kept.txt', 'w').write('kept')\nprint(open('/drive/kept.txt').read())",
            60_000]))
        said.append(page.evaluate("""async () => (await window.jupyterapp.serviceManager.contents
            .get('kept.txt', {content: true, format: 'text'})).content"""))
        return said

    full, full_took, after_full, silent, silent_took, after_silent, kept, stored = \
        browse(fail_twice)
    assert full[0] == silent[0] == "answered" and "OSError" in full[1] and "OSError" in silent[1]
    assert full_took < 30 and 55 <= silent_took < 150
    assert after_full == after_silent == ["answered", "42\n"]
    assert kept == ["answered", "kept\n"] and stored == "kept"


_SNAPSHOT = """
import js, os, random, sys
for value in (js.globalThis.__tutorSnapshot.used, js.globalThis.__tutorSnapshot.error or "-",
              random.random(), os.environ["MAHJONG_TUTOR_PROGRESS"], sys.path.count(""),
              "tutor.display.widgets.practice" in sys.modules):
    print(value)
"""


def test_the_kernel_starts_from_its_snapshot_each_with_its_own_random(browse: Any) -> None:
    def twice(browsing: Browsing) -> list[list[str]]:
        said = []
        for _ in range(2):
            page, _ = _open(browsing, NOTEBOOKS[0])
            said.append(page.evaluate(_EXECUTE, _SNAPSHOT).splitlines())
            page.close()
        return said

    first, second = browse(twice)
    assert first[:2] == second[:2] == ["True", "-"]  # restored, not started afresh
    assert first[3:] == second[3:] == ["/drive/.mahjong-tutor/progress.json", "1", "True"]
    assert first[2] != second[2]  # reseeded: not the build's random state at every visit


def test_without_its_snapshot_the_kernel_starts_the_usual_way(browse: Any) -> None:
    def refused(browsing: Browsing) -> list[str]:
        browsing.context.route("**/kernel-snapshot.gz", lambda route: route.abort())
        page, _ = _open(browsing, NOTEBOOKS[0])
        return page.evaluate(_EXECUTE, _SNAPSHOT + "import tutor\nprint(tutor.Hand.__name__)")\
            .splitlines()

    said = browse(refused)
    assert said[0] == "False" and said[1] != "-"  # the loader said why, then fell back
    assert said[3:] == ["/drive/.mahjong-tutor/progress.json", "1", "False", "Hand"]


_EARLY = "() => [globalThis.__tutorSnapshot.used, globalThis.__tutorSnapshot.prestarted]"


def _workers(page: Any) -> dict[str, list[Any]]:
    """The page's workers by kind: the early one (each kernel's say: restored, and restored
    from the restore begun while the page loaded) and any the kernel made itself."""
    early = [w.evaluate(_EARLY) for w in page.workers if w.url.endswith("/prestart.mjs")]
    own = [w.url for w in page.workers if "comlink.worker" in w.url]
    return {"early": early, "own": own}


def _scripts_seen(browsing: Browsing, page: Any) -> dict[str, bool]:
    """The scripts ``page`` will receive, by path under the site, each with whether the service
    worker answered it (filled as the page loads)."""
    cdp = browsing.context.new_cdp_session(page)
    scripts: dict[str, bool] = {}

    def received(event: dict[str, Any]) -> None:
        path = event["response"]["url"].removeprefix(browsing.url + "/").split("?")[0]
        if path.endswith(".js"):
            scripts[path] = bool(event["response"].get("fromServiceWorker"))

    cdp.on("Network.responseReceived", received)
    cdp.send("Network.enable")
    return scripts


def test_a_second_visit_keeps_the_service_worker(browse: Any) -> None:
    """JupyterLite unregisters its service worker and registers it again on a visit that finds
    no site version kept for it; the version is kept from the first visit on (the third patch
    in ``tools/site_patches.py``), so a second visit keeps the worker it registered. That worker
    controls the second visit's page but leaves its scripts to the browser
    (``SERVICE_WORKER_LEAVES_FILES_TO_THE_BROWSER``:
    Chromium keeps the compiled code of scripts from its own cache, not of a worker's fetch),
    when the first visit closed before it kept the scripts (``tools/site_precache.py``), as here."""
    def twice(browsing: Browsing) -> list[tuple[list[str], dict[str, bool], bool]]:
        said = []
        for _ in range(2):
            page = browsing.context.new_page()
            lines: list[str] = []
            page.on("console", lambda message, lines=lines: lines.append(message.text))
            scripts = _scripts_seen(browsing, page)
            page.goto(f"{browsing.url}/{lab_link(NOTEBOOKS[0])}", timeout=180_000)
            browsing.wait_idle(page)
            controlled = page.evaluate("() => !!navigator.serviceWorker.controller")
            page.close()
            said.append((lines, scripts, controlled))
        return said

    (first, _, _), (second, scripts, controlled) = browse(twice)
    assert any("ServiceWorker was successfully registered" in line for line in first), first
    assert any("ServiceWorker was already registered" in line for line in second), second
    assert not any("unregistering" in line or "Registering new" in line for line in second), \
        second
    assert controlled
    jupyterlab = {path: by_worker for path, by_worker in scripts.items()
                  if path.startswith("build/")}
    assert len(jupyterlab) >= 50, sorted(scripts)
    assert not any(jupyterlab.values()), sorted(p for p, w in jupyterlab.items() if w)


_CACHES = """async () => {
  const found = {};
  for (const key of await caches.keys()) found[key] = (await (await caches.open(key)).keys())
    .map(request => request.url);
  return found;
}"""


def test_a_first_visit_keeps_the_sites_scripts_for_the_next_ones(browse: Any) -> None:
    """Once a first visit has settled, its page puts the scripts it ran in the site's script
    cache (``tools/site_precache.py``: Chromium compiles them as they go in and keeps the code);
    the next visit's page gets every one of JupyterLab's scripts it ran from that cache through
    the site's service worker, and its kernel starts. A cache of another site is deleted; a
    cache not marked complete is not read (the scripts go to the browser, as before)."""
    def visits(browsing: Browsing) -> list[tuple[str, dict[str, list[str]], dict[str, bool]]]:
        said = []
        for n in range(3):
            page = browsing.context.new_page()
            scripts = _scripts_seen(browsing, page)
            page.goto(f"{browsing.url}/{lab_link(NOTEBOOKS[0])}", timeout=180_000)
            if n == 0:
                page.evaluate("async () => { await (await caches.open('tutor-scripts-0ld'))"
                              ".put('/old.js', new Response('')); }")
            browsing.wait_idle(page)
            kept = str(page.evaluate("async () => await (window.__tutorPrecache || 'none')"))
            found = page.evaluate(_CACHES)
            if n == 1:  # the cache loses its mark: the next visit must not read it
                page.evaluate("async () => { for (const key of await caches.keys())"
                              " if (key.startsWith('tutor-scripts-')) await (await caches.open("
                              "key)).delete(new URL('/tutor-precache-complete', location.href)); }")
            page.close()
            said.append((kept, found, scripts))
        return said

    (made, caches, _), (kept, _, second), (_, _, third) = browse(visits)
    assert made == "made" and kept == "kept", (made, kept)
    ours = [key for key in caches if key.startswith("tutor-scripts-")]
    assert len(ours) == 1 and "tutor-scripts-0ld" not in caches, sorted(caches)
    cached = caches[ours[0]]
    jupyterlab = {path: by_worker for path, by_worker in second.items()
                  if path.startswith("build/")}
    assert len(jupyterlab) >= 50, sorted(second)
    assert all(jupyterlab.values()), sorted(p for p, w in jupyterlab.items() if not w)
    assert any(url.endswith("/tutor-precache-complete") for url in cached)
    assert not any(by_worker for path, by_worker in third.items() if path.startswith("build/"))


#: every plugin's settings as JupyterLab's settings registry holds them (JSON by plugin id)
_SETTINGS = """() => {
  const registry = [...window.jupyterapp.pluginRegistry._plugins.values()]
    .map(plugin => plugin.service).find(service => service?.validator && service?.plugins);
  return Object.fromEntries(Object.entries(registry.plugins)
    .map(([id, plugin]) => [id, JSON.stringify(plugin.data)]));
}"""
_KEPT = f"() => Object.keys(localStorage).filter(key => key.startsWith({SETTINGS_KEY!r}))"


def test_untouched_settings_are_kept_exactly_and_only_for_their_schema(browse: Any) -> None:
    """A plugin's untouched settings (``{}``) are validated and filled with their defaults by
    ajv on a first visit and kept; a second visit takes them instead (the patches
    ``SETTINGS_DEFAULTS_ARE_KEPT...`` in ``tools/site_patches.py``) and ends with the very
    settings the first computed.
    A kept entry whose schema is not the plugin's schema (a changed site) is not taken: with
    every entry changed so, a third visit still ends with the first visit's settings."""
    def three(browsing: Browsing) -> list[tuple[dict[str, str], list[str], int]]:
        def visit() -> tuple[Any, tuple[dict[str, str], list[str], int]]:
            page = browsing.context.new_page()
            page.goto(f"{browsing.url}/{lab_link(NOTEBOOKS[0])}", timeout=180_000)
            browsing.wait_idle(page)
            return page, (page.evaluate(_SETTINGS), page.evaluate(_KEPT),
                          page.evaluate("() => globalThis.__tutorSettingsReused || 0"))

        page, first = visit()
        page.close()
        page, second = visit()
        # every kept entry now names another schema, and other settings
        page.evaluate("""(keys) => { for (const key of keys) localStorage.setItem(
            key, JSON.stringify(['{"type": "object"}', {"changed": true}])); }""", second[1])
        page.close()
        page, third = visit()
        page.close()
        return [first, second, third]

    # a visit validates some plugins more than once, and takes what it kept the first time
    (first, kept, once), (second, _, reused), (third, _, _) = browse(three)
    assert len(kept) >= 50, kept
    assert reused >= once + 50, (once, reused)
    assert second == first and third == first
    assert sum(settings != '{"composite":{},"user":{}}' for settings in first.values()) >= 30


#: the current tab's document's path, else whether it is the launcher
# every address the page sets after it loads, and the tab that was current then
_ADDRESSES = """(() => {
  window.__addresses = [];
  for (const name of ['pushState', 'replaceState']) {
    const real = history[name].bind(history);
    history[name] = (state, title, url) => {
      const current = window.jupyterapp?.shell?.currentWidget;
      window.__addresses.push([name, String(url), current?.context?.path ?? current?.id ?? null,
                               Math.round(performance.now())]);
      return real(state, title, url);
    };
  }
})();"""

_CURRENT = """() => {
  const widget = window.jupyterapp.shell.currentWidget;
  if (!widget) return null;
  if (widget.context) return widget.context.path;
  return widget.node.querySelector('.jp-Launcher') ? 'the launcher' : 'another tab';
}"""


def test_a_reload_reopens_the_notebook_the_address_names(browse: Any) -> None:
    """A notebook opened from its link keeps ``?path=`` in the page's address while it is the
    current tab: a page reloaded the moment the notebook shows (before JupyterLab saved its
    layout) comes back with the notebook, in one tab, and its kernel (it came back with the
    launcher and no kernel without ``ADDRESS_KEEPS_THE_OPEN_NOTEBOOK``). Once the learner moves
    to another tab the address no longer names it, and a reload opens what the layout saved
    (the notebook here, its kernel started again)."""
    def visit(browsing: Browsing) -> dict[str, Any]:
        page = browsing.context.new_page()
        page.add_init_script(_ADDRESSES)
        logged: list[str] = []
        page.on("pageerror", lambda e: logged.append(f"error: {e}"))
        page.on("console", lambda m: logged.append(f"{m.type}: {m.text}"[:300]))
        page.goto(f"{browsing.url}/{lab_link(NOTEBOOKS[0])}", timeout=180_000)
        page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=180_000)
        found: dict[str, Any] = {"shown": page.evaluate("location.search")}
        page.reload()
        browsing.wait_idle(page, 300_000)
        found["reloaded"] = page.evaluate(_CURRENT)
        found["tabs"] = page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab").count()
        found["kept"] = page.evaluate("location.search")
        page.evaluate("() => { window.jupyterapp.commands.execute('launcher:create'); }")
        page.wait_for_function(f"() => ({_CURRENT})() === 'the launcher'", timeout=60_000)
        with contextlib.suppress(PlaywrightTimeout):  # said below if it never changes
            page.wait_for_function("() => !location.search.includes('path=')", timeout=20_000)
        found["moved on"] = page.evaluate("location.search")
        found["addresses"] = page.evaluate("window.__addresses")
        found["logged"] = logged[-40:]
        browsing.reload(page, NOTEBOOKS[0])
        browsing.wait_idle(page, 300_000)  # the saved layout reopened the notebook
        found["at last"] = page.evaluate("location.search")
        return found

    found = browse(visit)
    named = "?path=" + NOTEBOOKS[0]
    assert found["shown"] == found["kept"] == named
    assert found["reloaded"] == NOTEBOOKS[0] and found["tabs"] == 1
    # (once in a CI run the address still named the notebook at once after the move)
    assert found["moved on"] == found["at last"] == "", json.dumps(found)


def test_a_lesson_opened_draws_its_pictures_and_has_no_unsaved_changes(browse: Any) -> None:
    """A lesson opened in the site draws its stored pictures before any cell runs (its code
    cells are served trusted: untrusted, JupyterLab showed each picture as its text,
    "Picture: ..."), and it is not marked as changed once its kernel has started and named
    itself in the notebook (``kernelspec``, ``language_info``): the build wrote the same there.
    (Marked, closing it asked the learner to save work they never did.) Its hand in Unicode
    tile glyphs is drawn with the font the package ships."""
    def visit(browsing: Browsing) -> dict[str, Any]:
        page, _ = _open(browsing, "02_tiles_hands_waits.ipynb")
        return page.evaluate("""async () => {
          const widget = window.jupyterapp.shell.currentWidget;
          await widget.sessionContext.session.kernel.info;  // JupyterLab writes it in then
          await new Promise((done) => setTimeout(done, 1000));
          const glyphs = widget.node.querySelector('.tutor-glyphs');
          glyphs?.scrollIntoView();
          await document.fonts.ready;
          const outputs = [...widget.node.querySelectorAll('.jp-OutputArea-output')];
          return {dirty: widget.context.model.dirty,
                  glyphs: glyphs?.getAttribute('aria-label'),
                  font: [...document.fonts].filter((f) => f.family === 'Tutor Mahjong Tiles')
                    .map((f) => f.status),
                  language: widget.context.model.getMetadata('language_info'),
                  tab: document.querySelector('.lm-DockPanel-tabBar .lm-mod-current').className,
                  pictures: outputs.filter((o) => o.classList.contains('jp-RenderedSVG')).length,
                  texts: outputs.filter((o) => o.innerText.startsWith('Picture:')).length};
        }""")

    found = browse(visit)
    assert found["pictures"] >= 1 and found["texts"] == 0
    # the hand in Unicode tile glyphs is drawn with the package's font (no computer here has
    # one for them: without it, empty boxes) and named for a screen reader
    assert found["font"] == ["loaded"]
    assert found["glyphs"].startswith("1 of Characters, 2 of Characters, 3 of Characters")
    assert found["language"]["name"] == "python"
    assert found["dirty"] is False and "jp-mod-dirty" not in found["tab"]


def test_the_kernel_starts_while_the_page_loads(browse: Any) -> None:
    """A notebook in JupyterLab and an app start the kernel's worker before JupyterLab's page
    has loaded, and the kernel takes it with the snapshot's restore under way (no worker of its
    own); JupyterLab with no notebook starts none."""
    def pages(browsing: Browsing) -> dict[str, Any]:
        found = {}
        page = browsing.context.new_page()
        page.goto(f"{browsing.url}/lab/index.html", timeout=180_000)
        page.wait_for_selector(".jp-DirListing-content", timeout=180_000)
        found["lab alone"] = _workers(page)
        page.close()
        page, _ = _open(browsing, NOTEBOOKS[0])
        found["notebook"] = _workers(page)
        page.close()
        page = browsing.context.new_page()
        page.goto(f"{browsing.url}/", timeout=180_000)
        page.click("section[lang=en] a.app:text-is('Hand builder')")
        page.wait_for_selector(".mt-pick-area .mt-tile[data-tile='9m']", timeout=600_000)
        found["app"] = _workers(page)
        return found

    found = browse(pages)
    assert found["lab alone"] == {"early": [], "own": []}
    assert found["notebook"] == found["app"] == {"early": [[True, True]], "own": []}


def test_the_start_page_offers_each_course_and_opens_a_lesson(browse: Any, site_dir: Path) -> None:
    """Every lesson and app of every course the project has is linked from the start page (the
    Chinese course too when ``notebooks/zh`` exists); the first link opens the first lesson."""
    def land(browsing: Browsing) -> tuple[list[str], list[str], list[str], str, list[str]]:
        page = browsing.context.new_page()
        page.goto(f"{browsing.url}/", timeout=180_000)
        sections = page.eval_on_selector_all("section", "s => s.map(e => e.lang)")
        lessons = page.eval_on_selector_all(
            "section a:not(.app)", "a => a.map(e => new URL(e.href).searchParams.get('path'))")
        apps = page.eval_on_selector_all("section a.app", "a => a.map(e => e.textContent)")
        page.click("section[lang=en] a >> nth=0")
        browsing.wait_idle(page)
        tab = page.inner_text("#jp-main-dock-panel .lm-TabBar-tab.jp-mod-current")
        return sections, lessons, apps, tab, browsing.outside

    sections, linked, apps, tab, outside = browse(land)
    chinese = (ROOT / "notebooks" / "zh").is_dir()
    assert sections == (["en", "zh-Hans"] if chinese else ["en"])
    files = {name for name, _ in SERVED}
    assert set(linked) <= files
    assert {n for n in files if n.endswith((".ipynb", ".md"))} <= set(linked)
    assert len(apps) == len([n for n in files if "apps/" in n and n.endswith(".ipynb")])
    assert tab == NOTEBOOKS[0]
    assert not outside


def test_an_apps_page_is_the_app_alone_and_tab_reaches_it(browse: Any) -> None:
    """The play table from the start page, as a keyboard user meets it: no code prompt under the
    app (it took the focus and Tab only indented its empty code), no execution counts, and Tab
    from the page's start reaches the app's hand, every stop on screen."""
    def tab_through(browsing: Browsing) -> tuple[int, int, list[str], list[str]]:
        page = browsing.context.new_page()
        page.goto(f"{browsing.url}/", timeout=180_000)
        page.click("section[lang=en] a.app:text-is('Play a hand')")
        page.wait_for_selector(".mt-hand .mt-tile", timeout=600_000)
        page.wait_for_timeout(1_000)  # the console settles (it focused its prompt here)
        prompts = page.locator(".jp-CodeConsole-promptCell:visible").count()
        counts = page.locator(".jp-CodeConsole-content .jp-OutputPrompt:visible").count()
        stops, hidden = [], []
        for _ in range(8):
            page.keyboard.press("Tab")
            stop = page.evaluate("""() => {
              const a = document.activeElement, r = a.getBoundingClientRect();
              const x = r.left + Math.min(r.width / 2, 20), y = r.top + Math.min(r.height / 2, 20);
              const hit = document.elementFromPoint(x, y);
              const seen = r.width > 0 && r.height > 0 && !!hit
                && (a.contains(hit) || hit.contains(a));
              return [a.tagName + '.' + a.className, seen];
            }""")
            stops.append(stop[0])
            if not stop[1]:
                hidden.append(stop[0])
            if "mt-tile" in stop[0]:
                break
        return prompts, counts, stops, hidden

    prompts, counts, stops, hidden = browse(tab_through)
    assert prompts == 0, "the REPL's code prompt is shown under the app"
    assert counts == 0, "execution counts are shown beside the app"
    assert "mt-tile" in stops[-1], stops  # Tab reached a tile of the learner's hand
    assert hidden == [], hidden  # no stop out of sight


def test_an_app_opens_as_an_app_and_works_without_run_all(browse: Any) -> None:
    """The hand builder from the start page: its widget appears by itself (no Run All, no
    code shown) and answers a click."""
    def open_app(browsing: Browsing) -> tuple[str, int, str, list[str]]:
        page = browsing.context.new_page()
        page.goto(f"{browsing.url}/", timeout=180_000)
        page.click("section[lang=en] a.app:text-is('Hand builder')")
        page.wait_for_selector(".mt-pick-area .mt-tile[data-tile='9m']", timeout=600_000)
        first = page.inner_text(".tutor-analysis")
        shown = page.locator(".jp-CodeConsole-content .jp-InputArea:visible").count()
        page.click(".mt-pick-area .mt-tile[data-tile='9m']")
        page.wait_for_function("document.querySelector('.tutor-analysis .tutor-waits') &&"
                               " document.querySelector('.tutor-analysis .tutor-waits')"
                               ".innerText.includes('9m')", timeout=120_000)
        return first, shown, page.inner_text(".tutor-analysis .tutor-waits"), browsing.outside

    first, shown, waits, outside = browse(open_app)
    assert "add 1 more tile" in first
    assert shown == 0, "the app's code is shown"
    assert waits.split() == [f"{rank}m" for rank in range(1, 10)]
    assert not outside


def test_every_plugin_of_the_sites_pages_starts(browse: Any) -> None:
    """No plugin of a lesson's page or an app's page, in either course, fails to start
    (JupyterLab says so in the console: on every app's page CodeMirror's editing commands did,
    wanting the notebooks' tracker the REPL does not have; the build leaves them out there,
    ``REPL_LEFT_OUT`` in tools/build_site.py)."""
    def pages(browsing: Browsing) -> list[str]:
        for name in (NOTEBOOKS[0], "zh/" + NOTEBOOKS[0]):
            _open(browsing, name)[0].close()
        for course, app in (("en", "Hand builder"), ("zh-Hans", "配牌器")):
            page = browsing.context.new_page()
            page.goto(f"{browsing.url}/", timeout=180_000)
            page.click(f"section[lang={course}] a.app:text-is('{app}')")
            page.wait_for_selector(".mt-pick-area .mt-tile[data-tile='9m']", timeout=600_000)
            page.close()
        return [line for lines in browsing.logs.values() for line in lines]

    said = browse(pages)
    assert len([line for line in said if "navigated to" in line]) >= 4
    assert [line for line in said if "failed to activate" in line] == []


def test_a_learner_who_moves_on_right_after_a_reload_is_not_pulled_back(browse: Any) -> None:
    """After a reload the saved layout shows the notebook at once, and JupyterLite's ``?path=``
    handler runs only some 1.5 s later (the router's routes run one after another, it after the
    state's); it revealed the notebook again, pulling a learner who had moved to another tab
    back to it (4 of 4 reloads). It now opens only the paths the address still names: once the
    learner moved on, the address names none."""
    def visit(browsing: Browsing) -> tuple[str, str]:
        page = browsing.context.new_page()
        page.goto(f"{browsing.url}/{lab_link(NOTEBOOKS[0])}", timeout=180_000)
        browsing.wait_idle(page)
        browsing.reload(page, NOTEBOOKS[0])
        page.wait_for_function(f"() => window.jupyterapp && ({_CURRENT})() === {NOTEBOOKS[0]!r}",
                               timeout=180_000, polling=20)
        page.evaluate("() => window.jupyterapp.restored.then("
                      "() => window.jupyterapp.commands.execute('launcher:create'))")
        page.wait_for_function(f"() => ({_CURRENT})() === 'the launcher'", timeout=60_000)
        page.wait_for_timeout(6000)  # the handler has run by then
        return page.evaluate(_CURRENT), page.evaluate("location.search")

    assert browse(visit) == ("the launcher", "")
