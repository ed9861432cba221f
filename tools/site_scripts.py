"""The pages' scripts compiled once, not at every visit: the service worker keeps them.

JupyterLite's service worker answers every request of the page it controls, scripts included,
by fetching them itself; Chromium keeps V8's compiled code (its code cache) only for scripts
read from the HTTP cache or from the service worker's Cache Storage, so every visit compiled
JupyterLab's 9 MB of scripts again: about 1.1 s of the page's main thread on a warm visit, in
a page that waits for nothing else (``benchmarks/bench_site.py``, README). Here the service
worker, while it installs, puts the scripts the pages run in a cache of its own (Chromium
compiles a script put in Cache Storage during the install and keeps its code there), and
answers those scripts from that cache: from the second visit on, the page reads the compiled
code instead of compiling.

The scripts are the ones JupyterLab's page runs for a notebook and the REPL's page for an app
(``SCRIPTS``, recorded in Chromium by ``python tools/site_scripts.py --record SITE``: which of
JupyterLab's 260 scripts a page loads is decided by its plugins at run time; the worker's own
scripts are left out: the kernel's worker is not what a warm visit waits for). The build fails
if one of them is missing from the site (a changed front end: record again). The cache's name
carries a hash of the scripts' contents, so a new site's worker (a changed script changes the
worker's own text) fills a new cache and deletes the old one. A script the cache misses, or a
cache that could not be filled, is fetched as before: the install never fails for it. Only
scripts whose names carry a hash of their content are kept, so a kept script is never stale: a
page of a newer site, still served by the older worker (it is replaced as that page loads), asks
for its changed scripts by new names, which that worker does not hold. The three without one
(each page's ``bundle.js``, asked for with the build's version in its query, and
``config-utils.js``) come from the network as before.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from pathlib import Path

#: the scripts the pages run, one path under the site a line
SCRIPTS = Path(__file__).with_name("site-scripts.txt")
PREFIX = "tutor-scripts-"
#: a script named with a hash of its content (``1459.ff35347.js``, ``84.09c61a35dce1705f.js``)
HASHED = re.compile(r"\.[0-9a-f]{7,}\.js$")

#: the pieces of JupyterLite's (minified) service worker that change, each found exactly once
INSTALL = "e.waitUntil(cacheAll())"
FETCH = "shouldDrop(t,a)||(n=maybeFromCache(e))"

WORKER = """
const TUTOR_SCRIPTS=%(name)s,TUTOR_PREFIX=%(prefix)s,TUTOR_LIST=%(scripts)s,
TUTOR_PATHS=new Set(TUTOR_LIST.map(p=>new URL(p,location.href).pathname));
async function tutorPrecache(){try{for(const k of await caches.keys())
k.startsWith(TUTOR_PREFIX)&&k!==TUTOR_SCRIPTS&&await caches.delete(k);
const c=await caches.open(TUTOR_SCRIPTS);
await c.addAll(TUTOR_LIST.map(p=>new URL(p,location.href)))}
catch(error){console.warn("the pages' scripts were not kept:",error)}}
function tutorScript(a){return a.origin===location.origin&&TUTOR_PATHS.has(a.pathname)}
async function tutorFromCache(t){try{const c=await caches.open(TUTOR_SCRIPTS),
r=await c.match(t,{ignoreSearch:!0});if(r)return r}catch(error){}return fetch(t)}
"""


def scripts() -> list[str]:
    """The recorded scripts, in order."""
    return [line.strip() for line in SCRIPTS.read_text("utf-8").splitlines() if line.strip()]


def add_script_cache(site: Path) -> str:
    """Make the site's service worker keep the pages' scripts; returns the cache's name."""
    listed = scripts()
    unhashed = [path for path in listed if not HASHED.search(path)]
    if unhashed:
        raise SystemExit(f"the pages' scripts ({SCRIPTS.name}): {unhashed[:3]} carry no hash of "
                         "their content (a kept copy could go stale)")
    missing = [path for path in listed if not (site / path).is_file()]
    if missing:
        raise SystemExit(f"the pages' scripts ({SCRIPTS.name}): {len(missing)} not in the site, "
                         f"{missing[:3]} (the front end changed? build with "
                         "TUTOR_SITE_SCRIPTS=off, then python tools/site_scripts.py --record SITE)")
    digest = hashlib.sha256()
    for path in listed:
        digest.update(path.encode() + b"\0" + (site / path).read_bytes())
    name = PREFIX + digest.hexdigest()[:16]
    worker = site / "service-worker.js"
    text = worker.read_text("utf-8")
    for piece in (INSTALL, FETCH):
        if text.count(piece) != 1:
            raise SystemExit(f"the service worker: expected {piece!r} once, found it "
                             f"{text.count(piece)} times (the front end changed?)")
    text = text.replace(INSTALL, "e.waitUntil(Promise.all([cacheAll(),tutorPrecache()]))")
    text = text.replace(FETCH, "shouldDrop(t,a)||(n=tutorScript(a)?tutorFromCache(t)"
                               ":maybeFromCache(e))")
    text += WORKER % {"name": json.dumps(name), "prefix": json.dumps(PREFIX),
                      "scripts": json.dumps(["./" + path for path in listed])}
    worker.write_text(text, "utf-8")
    return name


def record(site: Path) -> list[str]:
    """The scripts JupyterLab's page runs for a notebook and the REPL's page for an app, read
    from the pages' own resource timings in Chromium (needs Playwright and Debian's chromium)."""
    import functools
    import shutil
    import threading
    from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

    from playwright.sync_api import sync_playwright

    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0),
                                 functools.partial(Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    read = ("() => performance.getEntriesByType('resource').map(e => e.name)"
            ".filter(n => n.startsWith(location.origin + '/'))")
    found: set[str] = set()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=shutil.which("chromium") or "/usr/bin/chromium",
                args=["--no-sandbox", "--disable-gpu"])
            page = browser.new_page()
            page.goto(f"{url}/lab/index.html?path=apps/practice.ipynb", timeout=180_000)
            page.wait_for_selector("text=Python (Pyodide) | Idle", timeout=600_000)
            page.wait_for_timeout(2000)
            found.update(page.evaluate(read))
            page.goto(f"{url}/index.html", timeout=180_000)
            page.click("section[lang=en] a.app:text-is('Hand builder')")
            page.wait_for_selector(".mt-pick-area .mt-tile[data-tile='9m']", timeout=600_000)
            page.wait_for_timeout(2000)
            found.update(page.evaluate(read))
            browser.close()
    finally:
        server.shutdown()
    paths = {name[len(url) + 1:].split("?")[0] for name in found}
    return sorted(path for path in paths if HASHED.search(path) and (site / path).is_file())


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "--record":
        raise SystemExit("usage: python tools/site_scripts.py --record SITE")
    recorded = record(Path(sys.argv[2]))
    SCRIPTS.write_text("".join(path + "\n" for path in recorded), "utf-8")
    print(f"{len(recorded)} scripts recorded in {SCRIPTS}")
