"""Byte-code for the JupyterLite site, compiled ahead by the site's own Pyodide (in Node.js).

Pyodide's standard library (``python_stdlib.zip``) and the wheels from PyPI hold Python source
only, so every module a kernel imports was compiled in the browser, in WebAssembly, at every
start: most of the kernel's start (``benchmarks/bench_site.py``). Here the modules that starting
a kernel, running the apps and importing the package import (found by doing it, in Pyodide in
Node.js) get their byte-code, compiled by the very interpreter the site runs (same version, same
magic number), as *unchecked hash-based* ``.pyc`` files (PEP 552): the interpreter loads them
without looking at the source's date, which unpacking a wheel does not keep. The source stays
(for tracebacks): ``name.pyc`` beside ``name.py`` in the standard library's zip (the layout
``zipimport`` reads first), ``__pycache__/name.cpython-314.pyc`` in a wheel (whose RECORD is
rewritten; a few folders no browser kernel reads are left out, ``DROP``). The other modules are
left as source: compiling all of them would make the site 8 MB larger for modules a course never
imports. Results are cached in ``.cache/site/bytecode/``
by the inputs' SHA-256.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

# Runs inside Pyodide: the probe (what a kernel's start and the course import), then the
# compilation of each archive of /work/jobs.json.
_COMPILE = r'''
import base64, hashlib, importlib, importlib.util, json, pkgutil, sys, warnings, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

TAG = sys.implementation.cache_tag


async def probe(cells):
    """Start a kernel as the site does, run ``cells`` in it, import every module of the
    package (but the server's): the set of files imported."""
    import piplite.piplite, pyodide_kernel
    kernel, noop = pyodide_kernel.kernel_instance, lambda *args, **kwargs: None
    shell = kernel.interpreter
    shell.send_comm = noop
    shell.displayhook.publish_execution_result = noop
    for name in ("clear_output", "display_data", "update_display_data"):
        setattr(shell.display_pub, name + "_callback", noop)
    for stream in (pyodide_kernel.stdout_stream, pyodide_kernel.stderr_stream):
        stream.publish_stream_callback = noop
    for code in cells:
        await kernel.run(code)
    import tutor
    for module in pkgutil.walk_packages(tutor.__path__, "tutor."):
        if not module.name.startswith(("tutor.classroom", "tutor.cli", "tutor.__main__")):
            try:
                importlib.import_module(module.name)
            except (Exception, SystemExit):  # a module that cannot run here: left as source
                pass
    return {getattr(m, "__file__", None) for m in list(sys.modules.values())} - {None}


def pyc(source, filename):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        code = compile(source, filename, "exec", dont_inherit=True)
    return _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)


def record_line(name, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compile_one(job, imported):
    out, record, compiled = {}, None, 0
    with zipfile.ZipFile(job["source"]) as old:
        for info in old.infolist():
            if info.is_dir() or info.filename.startswith(tuple(job["drop"])):
                continue
            name, data = info.filename, old.read(info)
            if name.endswith(".dist-info/RECORD"):
                record = name
                continue
            out[name] = data
            if not name.endswith(".py") or job["prefix"] + name not in imported:
                continue
            try:
                code = pyc(data, job["prefix"] + name)
            except (SyntaxError, ValueError):
                continue
            compiled += 1
            folder, _, base = name.rpartition("/")
            if job["stdlib"]:
                out[name[:-3] + ".pyc"] = code
            else:
                out[(folder + "/" if folder else "") + f"__pycache__/{base[:-3]}.{TAG}.pyc"] = code
    if record is not None:
        lines = [record_line(n, d) for n, d in out.items()] + [f"{record},,"]
        out[record] = ("\n".join(lines) + "\n").encode()
    with zipfile.ZipFile(job["target"], "w", zipfile.ZIP_DEFLATED, compresslevel=9) as new:
        for name, data in out.items():
            new.writestr(zipfile.ZipInfo(name, (2020, 2, 2, 0, 0, 0)), data,
                         compress_type=zipfile.ZIP_DEFLATED)
    return compiled


async def run():
    jobs = json.load(open("/work/jobs.json"))
    imported = await probe(json.load(open("/work/cells.json")))
    return json.dumps([compile_one(job, imported) for job in jobs])
'''

_DRIVER = """
import { loadPyodide } from %(module)s;
import { readFileSync } from "node:fs";
const py = await loadPyodide({ indexURL: %(index)s });
py.mountNodeFS("/work", %(work)s);
await py.loadPackage(%(wheels)s, { messageCallback: () => {} });
py.runPython(readFileSync(%(script)s, "utf-8"));
console.log(await py.runPythonAsync("await run()"));
"""

VERSION = "3"  # bump when the compiled form changes: the cache is keyed by it
STDLIB = "/lib/python314.zip/"  # where Pyodide finds its standard library
SITE_PACKAGES = "/lib/python3.14/site-packages/"
# Files a browser kernel never reads, left out of the site's copies of the wheels (fewer files to
# unpack at every start): the course the package carries for ``tutor lab`` (the site serves it
# itself), and jedi's stubs for Python 2 and for Django.
DROP = {"mahjong_tutor": ["tutor/course/"],
        "jedi": ["jedi/third_party/django-stubs/", "jedi/third_party/typeshed/stdlib/2/",
                 "jedi/third_party/typeshed/third_party/2/"]}


def run_driver(node: str, driver: Path, what: str) -> Any:
    """Run a Node.js ``driver`` script; the JSON value on its last line of output. A failure
    exits, saying ``what`` failed with the end of Node's output."""
    ran = subprocess.run([node, str(driver)], capture_output=True, text=True, check=False)
    if ran.returncode:  # Node prints the line of minified code that threw: leave it out
        said = [line for line in (ran.stdout + ran.stderr).splitlines() if len(line) < 300]
        raise SystemExit(f"{what} failed:\n" + "\n".join(said[-40:]))
    return json.loads(ran.stdout.strip().splitlines()[-1])


def compile_site(pyodide: Path, wheels: list[Path], cells: list[str],
                 cache: Path) -> dict[str, int]:
    """Add byte-code to ``pyodide/python_stdlib.zip`` and to each of ``wheels`` (in place) for
    every module that starting a kernel, running ``cells`` in it and importing the package
    imports. Returns how many modules were compiled in each archive."""
    archives = [pyodide / "python_stdlib.zip", *wheels]
    digest = hashlib.sha256(json.dumps([VERSION, cells, DROP]).encode())
    for path in archives:
        digest.update(path.read_bytes())
    done = cache / digest.hexdigest()[:32]
    if not (done / "compiled.json").exists():
        _compile(pyodide, archives, cells, done)
    for path in archives:
        shutil.copy(done / path.name, path)
    counts: dict[str, int] = json.loads((done / "compiled.json").read_text("utf-8"))
    return counts


def _compile(pyodide: Path, archives: list[Path], cells: list[str], done: Path) -> None:
    node = shutil.which("node")
    if node is None:
        raise SystemExit("the site's byte-code is compiled by Pyodide in Node.js: install Node.js")
    done.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=done.parent) as tmp:
        work = Path(tmp)
        (work / "in").mkdir()
        (work / "out").mkdir()
        jobs = []
        for path in archives:
            shutil.copy(path, work / "in" / path.name)
            stdlib = path.name == "python_stdlib.zip"
            jobs.append({"source": f"/work/in/{path.name}", "target": f"/work/out/{path.name}",
                         "prefix": STDLIB if stdlib else SITE_PACKAGES, "stdlib": stdlib,
                         "drop": DROP.get(path.name.split("-")[0], [])})
        (work / "jobs.json").write_text(json.dumps(jobs), "utf-8")
        (work / "cells.json").write_text(json.dumps(cells), "utf-8")
        (work / "compile.py").write_text(_COMPILE, "utf-8")
        (work / "driver.mjs").write_text(_DRIVER % {
            "module": json.dumps((pyodide / "pyodide.mjs").resolve().as_uri()),
            "index": json.dumps(str(pyodide.resolve()) + "/"),
            "work": json.dumps(str(work)),
            "wheels": json.dumps([str(work / "in" / p.name) for p in archives[1:]]),
            "script": json.dumps(str(work / "compile.py"))}, "utf-8")
        counts = run_driver(node, work / "driver.mjs", "compiling the site's byte-code")
        (work / "out" / "compiled.json").write_text(json.dumps(dict(zip(
            (p.name for p in archives), counts, strict=True)), indent=1), "utf-8")
        shutil.move(work / "out", done)
