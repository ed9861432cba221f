"""A memory snapshot of a started kernel for the JupyterLite site, made by the site's own Pyodide
(in Node.js) at build time and restored by the kernel's worker instead of starting from nothing.

Starting the site's kernel loads Pyodide's core, unpacks a score of wheels and imports IPython,
ipykernel, jedi, prompt_toolkit, ipywidgets, anywidget and the package: seconds of WebAssembly at
every visit, warm or cold (``benchmarks/bench_site.py --profile``). Here Node.js does it once,
with Pyodide's snapshot API (``loadPyodide({_makeSnapshot: true})``, ``makeMemorySnapshot``),
and the site serves the result, ``static/pyodide/kernel-snapshot.gz``: the interpreter's whole
heap, plus the files the start wrote in Pyodide's file system (site-packages, IPython's folder),
which live in JavaScript, not in the heap. The kernel's worker imports ``snapshot.mjs`` (``LOADER``)
in place of ``pyodide.mjs``; it restores the heap (``_loadSnapshot``), writes the files back,
then hands the worker a Pyodide whose kernel modules are already imported. If anything in that
fails (no file, another Pyodide build, no ``DecompressionStream``), it starts Pyodide the usual
way, packages and all. A worker the page started early (``tools/site_prestart.py``) begins the
restore before the kernel asks (``prestart``); the kernel's call then takes it.

What a snapshot cannot hold, and what is done about it: JavaScript objects Python holds (only
``pyodide`` API functions here: they are named at build time and looked up again on restore);
the environment, read once when the interpreter starts (the page's ``env`` is applied again and
the package's language set from it: the Chinese course's kernel has ``TUTOR_LANG=zh``); the
random generator's state, which would be the same at every visit (reseeded). Pyodide also checks
that the list of loaded packages is empty when the snapshot is made: it is kept aside and put
back. Results are cached in ``.cache/site/snapshot/`` by the inputs' SHA-256.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import tempfile
from pathlib import Path

from site_bytecode import run_driver

VERSION = "1"  # bump when the snapshot's form changes: the cache is keyed by it
NAME = "kernel-snapshot.gz"
LOADER_NAME = "snapshot.mjs"
# What the snapshot has imported: what the kernel's worker imports before it reports Idle
# (piplite's settings, the kernel) and what every app imports first; the build adds the modules
# the apps import (``make_snapshot``'s ``imports``).
IMPORTS = ["piplite.piplite", "ipykernel", "pyodide_kernel", "ipywidgets", "anywidget", "tutor"]
_IMPORT = re.compile(r"^(?:from|import) (tutor[\w.]*)", re.MULTILINE)

# Runs in Node.js: start Pyodide as the kernel's worker does, import IMPORTS, write the snapshot.
# The file: a little-endian u32 (the header's length), the header (JSON, padded to 16 bytes), the
# files (each padded to 16 bytes), the heap; all gzipped.
_DRIVER = r"""
import { loadPyodide } from %(module)s;
import { writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
const py = await loadPyodide({ indexURL: %(index)s, _makeSnapshot: true, env: %(env)s });
await py.loadPackage(%(packages)s, { messageCallback: () => {} });
await py.runPythonAsync(%(imports)s);
const loaded = { ...py.loadedPackages };  // Pyodide wants it empty in a snapshot
for (const name of Object.keys(loaded)) delete py.loadedPackages[name];
const named = new Map([[py._api.public_api, ["pyodide"]]]);
for (const [where, object] of [["api", py._api], ["pyodide", py]]) {
  for (const key of new Set([...Object.getOwnPropertyNames(object),
                             ...Object.getOwnPropertyNames(Object.getPrototypeOf(object))])) {
    let value;
    try { value = object[key]; } catch { continue; }
    if (typeof value === "function" && !named.has(value)) named.set(value, [where, key]);
  }
}
const heap = py.makeMemorySnapshot({ serializer: (object) => {
  if (named.has(object)) return named.get(object);
  throw new Error("the kernel holds a JavaScript object a snapshot cannot name: " + object);
} });
const files = [], blobs = [];
const pad = (n) => (16 - (n %% 16)) %% 16;
const walk = (folder) => {
  for (const name of py.FS.readdir(folder)) {
    if (name === "." || name === "..") continue;
    const path = folder + "/" + name, mode = py.FS.lstat(path).mode;
    if (py.FS.isDir(mode)) { files.push([path, -1]); walk(path); }
    else if (py.FS.isFile(mode)) {
      const data = py.FS.readFile(path);
      files.push([path, data.length]);
      blobs.push(data, new Uint8Array(pad(data.length)));
    }
  }
};
for (const folder of %(folders)s) walk(folder);
let header = JSON.stringify({ files, loaded, heap: heap.length });
header += " ".repeat(pad(4 + Buffer.byteLength(header)));
const size = Buffer.alloc(4);
size.writeUInt32LE(Buffer.byteLength(header));
const whole = Buffer.concat([size, Buffer.from(header), ...blobs, heap]);
writeFileSync(%(out)s, gzipSync(whole, { level: 6 }));
console.log(JSON.stringify({ heap: heap.length, files: files.length, whole: whole.length }));
"""

# The kernel's worker imports this in place of pyodide.mjs (the site's pyodideUrl).
LOADER = r"""// A started kernel from a memory snapshot (tools/site_snapshot.py), else Pyodide.
export * from "./pyodide.mjs";
import * as real from "./pyodide.mjs";
const state = (globalThis.__tutorSnapshot = { used: false, prestarted: false, error: null,
                                              steps: [] });
// each step is kept, and said on the console (a start that stops says where)
const step = (what, start) => {
  state.steps.push([what, start, Date.now()]);
  console.debug("the kernel's start: " + what + ", " + (Date.now() - start) + " ms");
};

async function read() {
  const response = await fetch(new URL("./%(name)s", import.meta.url));
  if (!response.ok) throw new Error("no snapshot: HTTP " + response.status);
  const gunzip = response.body.pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(gunzip).arrayBuffer());
  const size = new DataView(bytes.buffer).getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + size)));
  return { header, bytes, files: 4 + size, heap: bytes.length - header.heap };
}

// Pyodide's WebAssembly memory starts smaller than the heap it restores: grow it on creation.
async function growingMemory(bytes, load) {
  const grow = (result) => {
    const memory = result.instance?.exports.memory;
    const more = memory ? bytes - memory.buffer.byteLength : 0;
    if (more > 0) memory.grow(Math.ceil(more / 65536));
    return result;
  };
  const { instantiate, instantiateStreaming } = WebAssembly;
  WebAssembly.instantiate = async (...args) => grow(await instantiate.apply(WebAssembly, args));
  WebAssembly.instantiateStreaming = async (...args) =>
    grow(await instantiateStreaming.apply(WebAssembly, args));
  try { return await load(); } finally {
    WebAssembly.instantiate = instantiate;
    WebAssembly.instantiateStreaming = instantiateStreaming;
  }
}

async function restore(options) {
  let start = Date.now();
  const { header, bytes, files, heap } = await read();
  step("snapshot downloaded and unpacked (" + bytes.length + " bytes)", start);
  start = Date.now();
  const found = {};
  const named = ([where, key]) => where === "pyodide" && key === undefined
    ? new Proxy({}, { get: (_, name) => found.py[name], has: (_, name) => name in found.py })
    : function (...args) {
      const object = where === "api" ? found.py._api : found.py;
      return object[key].apply(object, args);
    };
  const { packages, ...rest } = options;
  const py = (found.py = await growingMemory(header.heap, () => real.loadPyodide({
    ...rest, _loadSnapshot: bytes.subarray(heap), _snapshotDeserializer: named })));
  step("heap restored", start);
  start = Date.now();
  let at = files;
  for (const [path, length] of header.files) {
    if (length < 0) {  // a folder, after its parent: mkdir, not the slower mkdirTree
      try { py.FS.mkdir(path); } catch { /* there already (the home folder) */ }
      continue;
    }
    py.FS.writeFile(path, bytes.subarray(at, at + length));
    at += length + ((16 - (length %% 16)) %% 16);
  }
  Object.assign(py.loadedPackages, header.loaded);
  step("files written", start);
  return py;
}

// What a restored heap cannot hold, from the options of the kernel that takes it: the page's
// environment (and the package's language from it), a fresh random state, the output streams.
function finish(py, options, early) {
  const start = Date.now();
  if (early && options.stdout) py.setStdout({ batched: options.stdout });
  if (early && options.stderr) py.setStderr({ batched: options.stderr });
  py.runPython(`
import json, os, random, sys
os.environ.update(json.loads(env))
random.seed()
if sys.path[:2] == ["", ""]:
    del sys.path[0]
if "tutor.i18n" in sys.modules:
    sys.modules["tutor.i18n"].set_language(sys.modules["tutor.i18n"]._from_environment())
`, { globals: py.toPy({ env: JSON.stringify(options.env || {}) }) });
  step("environment applied", start);
  state.used = true;
  return py;
}

// The kernel's worker may start while the page loads (prestart.mjs, tools/site_prestart.py):
// the restore begins then, and the kernel's own call takes it when it asks for the same Pyodide.
export function prestart(options) {
  if (globalThis.__tutorPrestart || typeof DecompressionStream !== "function") return;
  const pending = restore(options);
  pending.catch(() => {});
  globalThis.__tutorPrestart = { options, pending, at: Date.now() };
  step("the snapshot's restore begun while the page loads", Date.now());
}

export async function loadPyodide(options = {}) {
  const early = globalThis.__tutorPrestart;
  globalThis.__tutorPrestart = { taken: true };  // one kernel per worker; none after it
  const taken = Boolean(early?.pending) && early.options.indexURL === options.indexURL;
  step(taken ? "the kernel takes the restore begun early" : "the kernel asks for Pyodide",
       Date.now());
  if (taken || typeof DecompressionStream === "function") {
    try {
      const py = await (taken ? early.pending : restore(options));
      if (taken) {
        state.prestarted = true;
        step("(the restore began while the page loaded)", early.at);
      }
      return finish(py, options, taken);
    } catch (error) {
      state.error = String(error);
      console.warn("the kernel's snapshot could not be restored; starting Pyodide:", error);
    }
  }
  return real.loadPyodide(options);
}
"""


def make_snapshot(pyodide: Path, packages: list[str], env: dict[str, str], cells: list[str],
                  cache: Path) -> dict[str, int]:
    """Write ``pyodide/kernel-snapshot.gz`` (a started kernel, ``packages`` loaded, ``IMPORTS``
    and the package's modules ``cells`` import imported, with ``env``) and the loader
    ``pyodide/snapshot.mjs`` beside the site's Pyodide, whose lock and wheels must be in place.
    Returns the snapshot's sizes."""
    imports = IMPORTS + sorted({m for cell in cells for m in _IMPORT.findall(cell)} - set(IMPORTS))
    digest = hashlib.sha256(json.dumps([VERSION, packages, env, imports, _DRIVER]).encode())
    for path in sorted(pyodide.iterdir()):
        if path.name not in (NAME, LOADER_NAME):
            digest.update(path.name.encode() + path.read_bytes())
    done = cache / digest.hexdigest()[:32]
    if not (done / "sizes.json").exists():
        _make(pyodide, packages, env, imports, done)
    shutil.copy(done / NAME, pyodide / NAME)
    (pyodide / LOADER_NAME).write_text(LOADER % {"name": NAME}, "utf-8")
    sizes: dict[str, int] = json.loads((done / "sizes.json").read_text("utf-8"))
    return sizes


def _make(pyodide: Path, packages: list[str], env: dict[str, str], imports: list[str],
          done: Path) -> None:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("the site's kernel snapshot is made by Pyodide in Node.js: "
                         "install Node.js")
    done.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=done.parent) as tmp:
        work = Path(tmp)
        (work / "out").mkdir()
        (work / "driver.mjs").write_text(_DRIVER % {
            "module": json.dumps((pyodide / "pyodide.mjs").resolve().as_uri()),
            "index": json.dumps(str(pyodide.resolve()) + "/"),
            "env": json.dumps(env), "packages": json.dumps(packages),
            "imports": json.dumps("\n".join(f"import {m}" for m in imports)),
            "folders": json.dumps(["/home", "/tmp", "/lib/python3.14"]),
            "out": json.dumps(str(work / "out" / NAME))}, "utf-8")
        sizes = run_driver(node, work / "driver.mjs", "making the site's kernel snapshot")
        sizes["gzipped"] = (work / "out" / NAME).stat().st_size
        (work / "out" / "sizes.json").write_text(json.dumps(sizes), "utf-8")
        shutil.move(work / "out", done)
