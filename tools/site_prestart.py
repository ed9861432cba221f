"""The site's kernel starts while JupyterLab's page loads, not after it.

JupyterLab creates a notebook's kernel only once its own page has loaded and the notebook is
open: 3-5 s of the page's main thread on the 2-core machine, with no kernel worker until then,
then about 3 s of the worker restoring the kernel's snapshot (``tools/site_snapshot.py``) while
the page waits (``benchmarks/bench_site.py``). Here the two overlap (about 1.3 s saved in
JupyterLab, README): a page that will start a kernel (JupyterLab opened on a notebook,
``?path=...ipynb``; the REPL, which the apps open in, always) creates the kernel's worker from
a line in its ``index.html``, before JupyterLab's scripts run. The worker is
``static/pyodide/prestart.mjs``: it begins the snapshot's restore at once (``prestart`` in the
snapshot's loader) and runs the kernel's own worker code (the pyodide kernel's
``comlink.worker`` script, imported), so it is the worker the kernel would have made. The
kernel then takes this worker instead of making one (a patch in ``site_patches.py``), and its
Pyodide comes from the restore already under way, as long as it asks for the same Pyodide (else
the usual start). The first kernel of the page takes it; a restarted or second kernel starts
the usual way.

A page that starts no kernel (JupyterLab's file browser alone) makes no worker. A browser in
cross-origin isolation uses the kernel's other worker and makes none either.
"""

from __future__ import annotations

import json
from pathlib import Path

from site_pages import with_script
from site_snapshot import LOADER_NAME

NAME = "prestart.mjs"
#: the kernel's worker script, under the site (its name carries a hash)
WORKER = "extensions/@jupyterlite/pyodide-kernel-extension/static/comlink.worker.*.js"
#: the pages that may start a kernel, with whether they always do
PAGES = {"lab": False, "repl": True}
MARK = "<!-- the kernel's worker, started early: tools/site_prestart.py -->"

MODULE = """// The kernel's worker, started while the page loads (tools/site_prestart.py): the
// snapshot's restore begins at once; the kernel's own worker code runs here as in the worker
// it would make.
import { prestart } from "./%(loader)s";
import %(worker)s;
prestart({ indexURL: new URL("./", import.meta.url).href });
"""

SCRIPT = """%(mark)s
    <script>
      (() => {
        try {
          const path = new URLSearchParams(location.search).get("path") || "";
          if ((%(always)s || path.endsWith(".ipynb")) && !self.crossOriginIsolated && self.Worker)
            window.__tutorKernelWorker = new Worker(
              new URL(%(module)s, location.href), { type: "module" });
        } catch (error) {
          console.warn("the kernel's worker could not start early:", error);
        }
      })();
    </script>
"""


def add_prestart(site: Path) -> list[Path]:
    """Write ``static/pyodide/prestart.mjs`` and start it from each JupyterLab and REPL page of
    ``site`` (a built site with the snapshot's loader). Returns the pages changed."""
    pyodide = site / "static" / "pyodide"
    if not (pyodide / LOADER_NAME).exists():
        raise SystemExit(f"the kernel's early start needs the snapshot's loader ({LOADER_NAME})")
    workers = sorted(site.glob(WORKER))
    if len(workers) != 1:
        raise SystemExit(f"the kernel's early start needs one worker script {WORKER}, "
                         f"found {len(workers)} (the front end changed?)")
    worker = "../../" + workers[0].relative_to(site).as_posix()
    (pyodide / NAME).write_text(MODULE % {"loader": LOADER_NAME, "worker": json.dumps(worker)},
                                "utf-8")
    changed = []
    for app, always in PAGES.items():
        for page in sorted((site / app).rglob("index.html")):
            text = page.read_text("utf-8")
            if MARK in text:
                raise SystemExit(f"{page}: the kernel's early start is there already")
            up = "../" * len(page.parent.relative_to(site).parts)
            script = SCRIPT % {"mark": MARK, "always": json.dumps(always),
                               "module": json.dumps(f"{up}static/pyodide/{NAME}")}
            new = with_script(text, script)
            if new is None:
                continue  # a page that only redirects to the app (lab/tree/)
            page.write_text(new, "utf-8")
            changed.append(page)
    if not {site / app / "index.html" for app in PAGES} <= set(changed):
        raise SystemExit("the kernel's early start found no JupyterLab or REPL page to start from")
    return changed
