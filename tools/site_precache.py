"""A learner's second visit runs JupyterLab's scripts already compiled, as the third did.

Chromium keeps V8's compiled code for a script read from its HTTP cache only from the script's
second run, so a learner's second visit compiled JupyterLab's scripts once more (the third did
not: README, the site's start). Scripts that a service worker puts in Cache Storage while it
installs are compiled at once, in full, and their code kept with them. So, once a first visit
has settled (``DELAY_MS`` after the page's load, when the browser is idle, well after the
kernel is ready), the page lists the scripts it ran, same origin (Resource Timing), and registers
a small service worker of its own, ``tutor-precache.js``, under a scope no page has: its install
puts those scripts in a cache named after the site's scripts (``tutor-scripts-<hash>``), then
marks the cache complete. From then on, the site's service worker (JupyterLite's, patched here)
answers a request for a script that cache holds from the cache, with its compiled code; anything
else it leaves to the browser as before. A new site (other scripts) has another cache name: its
pages fill a new cache and its worker reads only that one, and the old caches are deleted.

The first visit's kernel does not wait for any of it (a worker that filled the cache while the
site's own worker installed made the first visit's kernel wait about 2.5 s: README). A browser
without service workers or Cache Storage does nothing of this, and nothing changes for it.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from site_pages import with_script
from site_patches import Patch, apply_patch

WORKER_NAME = "tutor-precache.js"
#: the precache worker's scope: a folder no page is in, so it never controls one
SCOPE = "tutor-precache/"
#: the cache entry that says the cache is complete (relative to the site's root)
COMPLETE = "tutor-precache-complete"
#: where the page leaves the list of scripts for the worker (a cache of its own)
LIST_CACHE = "tutor-script-list"
LIST_ENTRY = "tutor-precache-list"
#: how long after the page's load the page lists its scripts
DELAY_MS = 10_000
PAGES = ("lab", "repl")
MARK = "<!-- the site's scripts kept compiled: tools/site_precache.py -->"

WORKER = """"use strict";
// The site's scripts kept compiled (tools/site_precache.py): this worker controls no page. Its
// install puts the scripts a page listed into the site's script cache, where Chromium compiles
// them at once and keeps the code, then marks the cache complete.
const NAME = %(name)s;
self.addEventListener("install", (event) => event.waitUntil((async () => {
  const listed = await (await caches.open(%(list_cache)s)).match(%(list_entry)s);
  const urls = listed ? await listed.json() : [];
  const cache = await caches.open(NAME);
  await cache.addAll(urls);
  await cache.put(%(complete)s, new Response("complete"));
  await self.skipWaiting();
})()));
self.addEventListener("activate", (event) => event.waitUntil((async () => {
  for (const key of await caches.keys())
    if (key.startsWith("tutor-scripts-") && key !== NAME) await caches.delete(key);
})()));
"""

SCRIPT = """%(mark)s
    <script>
      (() => {
        try {
          performance.setResourceTimingBufferSize(2000);
          if (!navigator.serviceWorker || !self.caches || self.crossOriginIsolated) return;
          const root = new URL(%(up)s, location.href);
          const at = (path) => new URL(path, root).href;
          window.__tutorPrecache = new Promise((resolve) => addEventListener("load", () =>
            setTimeout(() => (self.requestIdleCallback || setTimeout)(async () => {
              try {
                const cache = await caches.open(%(name)s);
                if (await cache.match(at(%(complete)s))) return resolve("kept");
                const urls = [...new Set(performance.getEntriesByType("resource")
                  .map((entry) => entry.name.split("#")[0])
                  .filter((url) => url.startsWith(location.origin + "/")
                    && /\\.m?js$/.test(new URL(url).pathname)))];
                await (await caches.open(%(list_cache)s)).put(
                  at(%(list_entry)s), new Response(JSON.stringify(urls)));
                const registration = await navigator.serviceWorker.register(
                  at(%(worker)s), { scope: at(%(scope)s) });
                const worker = registration.installing || registration.waiting
                  || registration.active;
                if (worker && worker.state !== "activated")
                  await new Promise((done) => worker.addEventListener("statechange", () =>
                    ["activated", "redundant"].includes(worker.state) && done()));
                resolve(await cache.match(at(%(complete)s)) ? "made" : "not made");
              } catch (error) {
                console.warn("the site's scripts were not kept compiled:", error);
                resolve("failed");
              }
            }), %(delay)d)));
        } catch (error) {
          console.warn("the site's scripts will not be kept compiled:", error);
        }
      })();
    </script>
"""

#: the site's service worker answers a request for a script the complete cache holds from it;
#: it looks for the cache when it starts and again at each page's navigation (a worker still
#: running from before the cache was complete, or after it was deleted, sees it as it is now)
SERVICE_WORKER_OLD = 'let n=null;shouldBroadcast(a)?'
SERVICE_WORKER_NEW = (
    'let n=null;if("navigate"===t.mode&&tutorScriptsCheck(),'
    'tutorScripts&&"GET"===t.method&&tutorScripts.urls.has(t.url))return void e.respondWith('
    'tutorScripts.cache.match(t).then(r=>r||fetch(t)));shouldBroadcast(a)?')
SERVICE_WORKER_HEAD_OLD = '"use strict";'
SERVICE_WORKER_HEAD_NEW = (
    '"use strict";let tutorScripts=null;function tutorScriptsCheck(){return caches.open(%(name)s)'
    '.then(c=>c.match(%(complete)s).then(r=>r?c.keys().then(k=>{tutorScripts={cache:c,'
    'urls:new Set(k.map(q=>q.url))}}):tutorScripts=null)).catch(()=>{tutorScripts=null})}'
    'tutorScriptsCheck();')


def scripts_hash(site: Path) -> str:
    """A hash of every script of the site (its name and content): the cache's name changes with
    any script."""
    digest = hashlib.sha256()
    for path in sorted(p for p in site.rglob("*") if p.suffix in (".js", ".mjs")):
        digest.update(path.relative_to(site).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def add_precache(site: Path) -> list[Path]:
    """Write ``tutor-precache.js``, patch the site's service worker and add the page script to
    each JupyterLab and REPL page of ``site``; call it last (the hash covers every script).
    Returns the pages changed."""
    if (site / WORKER_NAME).exists():
        raise SystemExit(f"{site}: the scripts' cache is there already")
    digest = scripts_hash(site)
    values = {"name": json.dumps(f"tutor-scripts-{digest}"),
              "complete": json.dumps(f"./{COMPLETE}"), "list_cache": json.dumps(LIST_CACHE),
              "list_entry": json.dumps(f"./{LIST_ENTRY}")}
    (site / WORKER_NAME).write_text(WORKER % values, "utf-8")
    why = "the site's service worker answers scripts from the scripts' cache"
    apply_patch(site, Patch("service-worker.js", SERVICE_WORKER_OLD, SERVICE_WORKER_NEW, why))
    apply_patch(site, Patch("service-worker.js", SERVICE_WORKER_HEAD_OLD,
                            SERVICE_WORKER_HEAD_NEW % values, why))
    changed = []
    for app in PAGES:
        for page in sorted((site / app).rglob("index.html")):
            html = page.read_text("utf-8")
            if MARK in html:
                raise SystemExit(f"{page}: the scripts' cache is there already")
            up = "../" * len(page.parent.relative_to(site).parts)
            script = SCRIPT % {**values, "mark": MARK, "up": json.dumps(up), "delay": DELAY_MS,
                               "worker": json.dumps(f"{WORKER_NAME}?v={digest}"),
                               "scope": json.dumps(SCOPE)}
            new = with_script(html, script)
            if new is None:
                continue
            page.write_text(new, "utf-8")
            changed.append(page)
    if not {site / app / "index.html" for app in PAGES} <= set(changed):
        raise SystemExit("the scripts' cache found no JupyterLab or REPL page")
    return changed
