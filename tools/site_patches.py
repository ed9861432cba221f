"""Fixes applied to the built JupyterLite site, each to one exact piece of a pinned front end.

Each patch names the file (a glob under the site), the text it replaces, which must occur exactly
once there (a front end whose code changed fails the build instead of shipping unpatched), and
why. ``apply_patches(site)`` runs after ``jupyter lite build`` (``tools/build_site.py``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from site_pages import with_script


@dataclass(frozen=True)
class Patch:
    where: str  # a glob under the site's folder
    old: str
    new: str
    why: str


#: The kernel mounts the learner's storage at /drive only if the page's service worker is
#: registered when the kernel is created, and on a learner's second visit JupyterLite unregisters
#: the service worker and registers it again while the page loads: a kernel created in between
#: (a slow network, a busy machine) starts without /drive, so progress written there is lost and
#: progress saved before is not found. The kernel's creation now waits for the registration
#: (at most 30 s; a browser with no service workers does not wait).
DRIVE_WAITS_FOR_THE_SERVICE_WORKER = Patch(
    where="extensions/@jupyterlite/pyodide-kernel-extension/static/*.js",
    old="l=!!((null==i?void 0:i.enabled)||crossOriginIsolated)",
    new=("l=(i&&!i.enabled&&navigator.serviceWorker&&await Promise.race(["
         "i.ready.catch(()=>{}),new Promise(r=>setTimeout(r,3e4))]),"
         "!!((null==i?void 0:i.enabled)||crossOriginIsolated))"),
    why="the kernel's /drive waits for the service worker's registration")

#: The page may have started the kernel's worker while it loaded (``tools/site_prestart.py``):
#: the first kernel takes that worker instead of making its own.
KERNEL_TAKES_THE_EARLY_WORKER = Patch(
    where="extensions/@jupyterlite/pyodide-kernel-extension/static/*.js",
    old='initWorker(e){let t=e=>new Worker(e,{type:"module"});',
    new=('initWorker(e){let w=globalThis.__tutorKernelWorker;'
         'if(w&&!crossOriginIsolated)return globalThis.__tutorKernelWorker=void 0,w;'
         'let t=e=>new Worker(e,{type:"module"});'),
    why="the first kernel takes the worker the page started early")

#: JupyterLite keeps, per service worker, the site's version it was registered for, and on a
#: visit whose page that worker controls unregisters every worker when the version differs or
#: was never kept, then registers it again. It keeps the version only on such a visit, never
#: when it registers the worker, so every learner's second visit unregistered and registered
#: the worker again while the page loaded (and the kernel waited for it: about 2 s more, now
#: and then, on the second visit of ``benchmarks/bench_site.py``). The same check now runs
#: before the worker is registered too (it keeps the version; on a first visit there is nothing
#: to unregister): the second visit finds the version kept, and a new site still replaces it.
SERVICE_WORKER_KEEPS_ITS_VERSION = Patch(
    where="build/*.js",
    old="s=await t.register(e),",
    new="await this._unregisterOldServiceWorkers(e),s=await t.register(e),",
    why="the service worker's version is kept when it is registered")

#: The kernel reaches the learner's files under /drive with a synchronous request, which the
#: service worker hands to the page (the page holds the files, in the browser's storage) and
#: answers with the page's reply. When the page's work for it failed (the storage full, a file
#: gone, any error of the page's contents manager but a missing file), the page sent no reply
#: and the worker waited for it for ever: the kernel, blocked in the request, never answered
#: again (every later cell hung, and only a restart helped). The page now replies with the
#: error (and says it on the console) ...
DRIVE_ANSWERS_ITS_ERRORS = Patch(
    where="build/*.js",
    old=("this._onDriveMessage=async(e,t)=>{let s=await this._driveContentsProcessor"
         ".processDriveRequest(e);this._broadcastChannel.postMessage({response:s,"),
    new=("this._onDriveMessage=async(e,t)=>{let s,f;try{s=await this._driveContentsProcessor"
         ".processDriveRequest(e)}catch(x){f=String(x&&x.message||x)||\"failed\","
         "console.warn(\"a kernel's request for its files failed:\",e&&e.method,e&&e.path,x)}"
         "this._broadcastChannel.postMessage({response:s,error:f,"),
    why="the page answers a kernel's file request that failed")

#: ... and the service worker answers the kernel's request with an error (HTTP 500) when the
#: page replied with one, or (504) when no page replied within a minute (the page closed or
#: reloaded while the kernel asked): the kernel's file system then raises OSError (EINVAL) in
#: the learner's code, and the kernel goes on. Input requests (Python's ``input()``) wait for
#: the learner as long as it takes.
SERVICE_WORKER_ANSWERS_THE_KERNEL = Patch(
    where="service-worker.js",
    old=("let i=new Promise(e=>{let t=a=>{let i=a.data;i.browsingContextId!==n.browsingContextId"
         "||i.requestId!==c||(e(new Response(JSON.stringify(i.response))),"
         "broadcast.removeEventListener(\"message\",t))};"),
    new=("let d=t.pathname.includes(\"/api/drive\"),i=new Promise(e=>{let t=a=>{let i=a.data;"
         "i.browsingContextId!==n.browsingContextId||i.requestId!==c||(clearTimeout(w),"
         "e(i.error?new Response(JSON.stringify({error:i.error}),{status:500})"
         ":new Response(JSON.stringify(i.response))),"
         "broadcast.removeEventListener(\"message\",t))},w=d?setTimeout(()=>{"
         "broadcast.removeEventListener(\"message\",t),e(new Response(JSON.stringify("
         "{error:\"no page answered\"}),{status:504}))},6e4):0;"),
    why="the service worker answers the kernel's file request with the page's error or a "
        "timeout")

#: With its cache off (the site's setting), JupyterLite's service worker still answered every
#: request of the pages it controls by fetching it itself. Chromium keeps V8's compiled code for
#: scripts read from its HTTP cache, never for a service worker's own fetch, so every visit
#: compiled JupyterLab's 9 MB of scripts again (about 1.1 s of a warm visit's main thread, in a
#: Chromium trace). The worker now answers only what it is for (the kernel's /drive and input
#: requests) and, with its cache off, lets every other request go to the network as if it were
#: not there: the browser's own cache, and from the third visit on the compiled code.
SERVICE_WORKER_LEAVES_FILES_TO_THE_BROWSER = Patch(
    where="service-worker.js",
    old="shouldDrop(t,a)||(n=maybeFromCache(e))",
    new="shouldDrop(t,a)||!enableCache||(n=maybeFromCache(e))",
    why="the service worker leaves the site's files to the browser's cache")

#: JupyterLab validates every plugin's settings at every visit with ajv, compiling each plugin's
#: schema twice (one validator, one that fills in the defaults): the largest single item of a warm
#: visit's main thread (about 0.3-0.4 s). A learner who never changed a plugin's settings has
#: ``{}`` for them, and what ``{}`` becomes (its defaults filled in) depends on the schema alone.
#: The first visit keeps it in the browser's localStorage under the plugin's id and a hash of the
#: schema, with the schema's whole text; a later visit whose settings are ``{}`` and whose schema
#: is that very text takes it instead of compiling (any other settings, or another schema: the
#: usual way). At most ``KEPT_SETTINGS`` are kept: beyond that they are all dropped and kept anew.
KEPT_SETTINGS = 300
SETTINGS_KEY = "tutor-settings-defaults:"
SETTINGS_DEFAULTS_ARE_KEPT = Patch(
    where="build/jlab_core.*.js",
    old=("validateData(n,i=!0){let o,r=this._validator.getSchema(n.id),"
         "s=this._composer.getSchema(n.id);"),
    new=("validateData(n,i=!0){let K=null;try{if(/^\\s*\\{\\s*\\}\\s*$/.test(n.raw)){"
         "const S=JSON.stringify(n.schema);let h=2166136261;"
         "for(let k=0;k<S.length;k++)h=Math.imul(h^S.charCodeAt(k),16777619);"
         f"K=[{SETTINGS_KEY!r}+n.id+\":\"+(h>>>0).toString(36),S];"
         "const v=localStorage.getItem(K[0]);if(v){const[x,c]=JSON.parse(v);if(x===S)return "
         "globalThis.__tutorSettingsReused=(globalThis.__tutorSettingsReused||0)+1,"
         "i&&(n.data={composite:c,user:{}}),null}}}catch(e){K=null}"
         "let o,r=this._validator.getSchema(n.id),s=this._composer.getSchema(n.id);"),
    why="a plugin's untouched settings are read, not validated, from the second visit on")
SETTINGS_DEFAULTS_ARE_KEPT_WHEN_MADE = Patch(
    where="build/jlab_core.*.js",
    old="return s(a)?(i&&(n.data={composite:a,user:o}),null):s.errors}",
    new=("return s(a)?(K&&(()=>{try{const L=localStorage;let m=0;"
         f"for(let k=0;k<L.length;k++)(L.key(k)||\"\").startsWith({SETTINGS_KEY!r})&&m++;"
         f"if(m>={KEPT_SETTINGS})for(let k=L.length-1;k>=0;k--){{const y=L.key(k);"
         f"y&&y.startsWith({SETTINGS_KEY!r})&&L.removeItem(y)}}"
         "L.setItem(K[0],JSON.stringify([K[1],a]))}catch(e){}})(),"
         "i&&(n.data={composite:a,user:o}),null):s.errors}"),
    why="a plugin's untouched settings, validated, are kept for the next visit")

#: A notebook opened from a link (``lab/index.html?path=...``, as the start page's are) is saved
#: in JupyterLab's layout a moment after it opens, in two steps, and JupyterLite took ``?path=``
#: out of the address at once: a page reloaded in between (a learner pressing F5 as the kernel
#: becomes ready, a browser restoring its tabs) came back with the launcher, without the notebook
#: or a kernel. The address now keeps ``?path=`` while the opened notebook is the current tab,
#: and drops it once the learner moves to another tab, closes it or renames it: a reload while
#: it is current opens it again (JupyterLab reveals it if the saved layout opened it already).
ADDRESS_KEEPS_THE_OPEN_NOTEBOOK = Patch(
    where="build/*.js",
    old=('h.forEach(e=>a.openOrReveal(e));let e=new URL(l.URLExt.join(l.PageConfig.getBaseUrl(),'
         'd));e.searchParams.delete("path");let{pathname:r,search:i}=e;'
         'if(t.navigate(`${r}${i}`,{skipRouting:!0}),n){'),
    new=('let L=new URLSearchParams(window.location.search).getAll("path")'
         '.map(e=>decodeURIComponent(e));'
         'let W=h.filter(e=>L.includes(e)).map(e=>a.openOrReveal(e)).filter(Boolean);'
         'let e=new URL(l.URLExt.join('
         'l.PageConfig.getBaseUrl(),d));e.searchParams.delete("path");let{pathname:r,search:i}=e;'
         'let D=()=>{D=()=>{};t.navigate(`${r}${i}`,{skipRouting:!0})};'
         'if(n&&W.length){let q=(_,g)=>{W.includes(g.newValue)||(n.currentChanged.disconnect(q),'
         'D())};n.currentChanged.connect(q);'
         'W.forEach(w=>{var c;null==(c=w.context)||c.pathChanged.connect(()=>D())})}else D();'
         'if(n){'),
    why="the address keeps the notebook it opened while that notebook is the current tab, "
        "and a path the address no longer names is not opened")

PATCHES = (DRIVE_WAITS_FOR_THE_SERVICE_WORKER, KERNEL_TAKES_THE_EARLY_WORKER,
           SERVICE_WORKER_KEEPS_ITS_VERSION, DRIVE_ANSWERS_ITS_ERRORS,
           SERVICE_WORKER_ANSWERS_THE_KERNEL, SERVICE_WORKER_LEAVES_FILES_TO_THE_BROWSER,
           SETTINGS_DEFAULTS_ARE_KEPT, SETTINGS_DEFAULTS_ARE_KEPT_WHEN_MADE,
           ADDRESS_KEEPS_THE_OPEN_NOTEBOOK)


def apply_patches(site: Path) -> None:
    """Apply every patch to the built site in ``site``."""
    for patch in PATCHES:
        apply_patch(site, patch)


def apply_patch(site: Path, patch: Patch) -> None:
    """Apply one patch to the built site in ``site`` (its code must occur exactly once)."""
    found = [(path, text) for path in sorted(site.glob(patch.where))
             if patch.old in (text := path.read_text("utf-8"))]
    count = sum(text.count(patch.old) for _, text in found)
    if count != 1:
        raise SystemExit(f"site patch ({patch.why}): expected the code to patch once under "
                         f"{patch.where}, found it {count} times (the front end changed?)")
    path, text = found[0]
    path.write_text(text.replace(patch.old, patch.new), "utf-8")


#: The address's fallback (``keep_address``): on a page reloaded after JupyterLab saved a notebook
#: in its layout, the layout reopens it at once and JupyterLite's ``?path=`` handler (where
#: ``ADDRESS_KEEPS_THE_OPEN_NOTEBOOK`` drops ``?path=``) runs only some 1.5 s later, behind the
#: router's earlier routes, so a learner who moved on in between left the address naming the
#: notebook. Once the layout is restored, this drops ``?path=`` when the current tab becomes
#: anything but a notebook the address names, whoever opened it (and the late handler, finding
#: the path no longer named, then opens nothing). It reads JupyterLab's application from
#: ``window.jupyterapp``, which JupyterLab sets only when the site's settings say
#: ``exposeAppInBrowser`` (``keep_address`` says so).
ADDRESS_FALLBACK_MARK = "<!-- the address's fallback: tools/site_patches.py -->"
ADDRESS_FALLBACK = ADDRESS_FALLBACK_MARK + """
    <script>
      (() => {
        const named = () => new URLSearchParams(location.search).getAll("path");
        if (!named().length) return;
        const wait = setInterval(() => {
          const app = window.jupyterapp;
          if (!app || !app.shell || !app.shell.currentChanged || !app.restored) return;
          clearInterval(wait);
          app.restored.then(() => {
            const moved = (_, change) => {
              const paths = named();
              if (!paths.length) return app.shell.currentChanged.disconnect(moved);
              const path = change.newValue?.context?.path;
              if (path && paths.includes(path)) return;
              const url = new URL(location.href);
              url.searchParams.delete("path");
              history.replaceState(history.state, "", url.toString());
              app.shell.currentChanged.disconnect(moved);
            };
            app.shell.currentChanged.connect(moved);
          });
        }, 50);
      })();
    </script>
"""


def keep_address(site: Path) -> list[Path]:
    """Add the address's fallback (``ADDRESS_FALLBACK``) to each JupyterLab page of ``site``,
    and have the site's settings expose JupyterLab's application to it (without, it waited
    for ever: the site's tests and benchmark set it themselves, so they did not see that the
    site as shipped did not); returns the pages changed."""
    settings = site / "jupyter-lite.json"
    config = json.loads(settings.read_text("utf-8"))
    config["jupyter-config-data"]["exposeAppInBrowser"] = "true"  # a string: JupyterLab
    settings.write_text(json.dumps(config, indent=1), "utf-8")    # lower-cases it
    changed = []
    for page in sorted((site / "lab").rglob("index.html")):
        text = page.read_text("utf-8")
        new = None if ADDRESS_FALLBACK_MARK in text else with_script(text, ADDRESS_FALLBACK)
        if new is None:
            continue  # a page that only redirects (lab/tree/), or done
        page.write_text(new, "utf-8")
        changed.append(page)
    if site / "lab" / "index.html" not in changed:
        raise SystemExit("the address's fallback found no JupyterLab page")
    return changed
