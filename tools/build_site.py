"""Build the course as a JupyterLite site: ``python tools/build_site.py [OUT]`` (``make site``).

The site runs every notebook and app in the browser (Pyodide) and loads nothing from outside
itself: Pyodide's core comes from the npm registry, the pure-Python wheels from PyPI (pinned with
hashes in tools/site-requirements.txt), the package is built from this checkout, and the
site's own ``pyodide-lock.json`` lists only the wheels the site holds. Downloads are cached in
``.cache/site/``. Needs ``pip install -e '.[site]'`` and npm.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from email.parser import Parser
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tutor.lab import course_files  # noqa: E402  (the course the wheel ships is the site's too)

sys.path.insert(0, str(ROOT / "tools"))
from site_bytecode import compile_site  # noqa: E402
from site_pages import (  # noqa: E402
    KERNEL,
    LOCALES,
    course_app,
    site_files,
    site_kernel,
    site_notebook,
    start_page,
    style_app_pages,
)
from site_patches import apply_patches, keep_address  # noqa: E402
from site_precache import add_precache  # noqa: E402
from site_prestart import add_prestart  # noqa: E402
from site_snapshot import LOADER_NAME, make_snapshot  # noqa: E402

CACHE = ROOT / ".cache" / "site"
REQUIREMENTS = ROOT / "tools" / "site-requirements.txt"
PYODIDE = "314.0.7"  # the npm package: Pyodide's core and its lock, no wheels
PYODIDE_SHA256 = "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0"
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# Installed from the site's lock when a kernel starts, before its first line of Python. The kernel
# installs those of its own it does not find in this list (micropip, then piplite through
# micropip, then ipykernel, comm, pyodide-kernel, jedi and ipython through piplite, one by one):
# listing them all here loads every wheel in one go instead (benchmarks/bench_site.py).
PRELOAD = ["mahjong-tutor", "ipywidgets", "anywidget", "micropip", "piplite", "ipykernel", "comm",
           "pyodide-kernel", "jedi", "ipython"]
# The kernel's own wheels, inside jupyterlite-pyodide-kernel's front end: put in the lock.
KERNEL_WHEELS = ("ipykernel", "piplite", "pyodide_kernel")
# ipywidgets asks for widgetsnbextension, the classic Notebook's front end: not needed here.
KERNEL_PROVIDED = {"widgetsnbextension"}
# The REPL's page has no notebooks: CodeMirror's editing commands need the notebooks' tracker
# there and failed to activate on every app's page (JupyterLite's REPL as it comes).
REPL_LEFT_OUT = ["@jupyterlab/codemirror-extension:commands"]
# Where learner progress lives in the site: /drive is the browser's storage (kept on reload).
PROGRESS = "/drive/.mahjong-tutor/progress.json"
ENV = {"MAHJONG_TUTOR_PROGRESS": PROGRESS}
MARKERS = {"sys_platform": "emscripten", "platform_system": "Emscripten", "os_name": "posix",
           "python_version": "3.14", "implementation_name": "cpython", "extra": ""}


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run(*command: str, cwd: Path = ROOT) -> None:
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    if done.returncode:
        raise SystemExit(f"{' '.join(command[:4])} ... failed:\n{done.stdout}{done.stderr}")


def pinned_wheels() -> dict[str, Path]:
    """The pinned wheels, downloaded into the cache once; keyed by canonical name."""
    pins = {}
    for line in REQUIREMENTS.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            spec, digest = line.split(" --hash=sha256:")
            pins[canonicalize_name(spec.split("==")[0])] = digest.strip()
    folder = CACHE / "wheels"
    folder.mkdir(parents=True, exist_ok=True)
    if {sha256(p) for p in folder.glob("*.whl")} < set(pins.values()):
        run(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--require-hashes",
            "--only-binary=:all:", "--python-version=3.14", "--implementation=py",
            "--abi=none", "--platform=any", "-r", str(REQUIREMENTS), "-d", str(folder))
    by_hash = {sha256(p): p for p in folder.glob("*.whl")}
    return {name: by_hash[digest] for name, digest in pins.items()}


def pyodide_core(into: Path) -> dict[str, object]:
    """Unpack Pyodide's core files into ``into``; return its lock."""
    tarball = CACHE / f"pyodide-{PYODIDE}.tgz"
    if not tarball.exists():
        run("npm", "pack", "--silent", f"pyodide@{PYODIDE}", "--pack-destination", str(CACHE))
    if sha256(tarball) != PYODIDE_SHA256:
        raise SystemExit(f"{tarball} is not the pinned Pyodide {PYODIDE}: delete it and rebuild")
    into.mkdir(parents=True)
    with tarfile.open(tarball) as archive:
        for name in (*PYODIDE_CORE, "pyodide-lock.json"):
            source = archive.extractfile(f"package/{name}")
            assert source is not None
            (into / name).write_bytes(source.read())
    lock: dict[str, object] = json.loads((into / "pyodide-lock.json").read_text("utf-8"))
    return lock


def wheel_entry(wheel: Path, known: dict[str, object] | None, holds: set[str]) -> dict[str, object]:
    """The lock entry of one wheel: Pyodide's own entry with this file's hash, or a new one."""
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        meta = Parser().parsestr(archive.read(next(
            n for n in names if n.endswith(".dist-info/METADATA"))).decode())
    name = canonicalize_name(meta["Name"])
    if known is None:
        depends = []
        for line in meta.get_all("Requires-Dist") or []:
            requirement = Requirement(line)
            if requirement.marker is None or requirement.marker.evaluate(MARKERS):
                depend = canonicalize_name(requirement.name)
                if depend not in holds | KERNEL_PROVIDED:
                    raise SystemExit(f"{name} needs {depend}, which the site does not hold")
                if depend in holds:
                    depends.append(depend)
        tops = {n.split("/")[0] for n in names if n.endswith(".py")}
        known = {"name": name, "version": meta["Version"], "install_dir": "site",
                 "package_type": "package", "depends": sorted(depends),
                 "imports": sorted(t.removesuffix(".py") for t in tops
                                   if not t.endswith((".dist-info", ".data")))}
    return {**known, "file_name": wheel.name, "sha256": sha256(wheel)}


def site_lock(pyodide_lock: dict[str, object], wheels: dict[str, Path]) -> dict[str, object]:
    """A lock that lists exactly the site's wheels (nothing pointing outside the site)."""
    packages = pyodide_lock["packages"]
    assert isinstance(packages, dict)
    holds = set(wheels)
    entries = {name: wheel_entry(path, packages.get(name), holds) for name, path in wheels.items()}
    for name, entry in entries.items():
        depends = entry["depends"]
        assert isinstance(depends, list)
        if missing := {canonicalize_name(d) for d in depends} - holds:
            raise SystemExit(f"{name} needs {sorted(missing)}, which the site does not hold")
    return {"info": pyodide_lock["info"], "packages": dict(sorted(entries.items()))}


def kernel_wheels(front_end: Path, into: Path) -> dict[str, Path]:
    """The kernel's own wheels (piplite, pyodide-kernel, ipykernel), out of its front end."""
    found: dict[str, Path] = {}
    with zipfile.ZipFile(front_end) as archive:
        for name in archive.namelist():
            base = name.rsplit("/", 1)[-1]
            if "/static/pypi/" in name and base.startswith(tuple(w + "-" for w in KERNEL_WHEELS)):
                (into / base).write_bytes(archive.read(name))
                found[canonicalize_name(base.split("-")[0])] = into / base
    if len(found) != len(KERNEL_WHEELS):
        raise SystemExit(f"{front_end.name} does not hold the kernel's wheels {KERNEL_WHEELS}")
    return found


def served() -> list[tuple[str, Path]]:
    """The course files the site serves, each course's (path in the site, where it is)."""
    return site_files(ROOT / "notebooks", course_files())


def app_cells() -> list[str]:
    """The apps' code: run at build time to find the modules worth compiling."""
    cells = []
    for name, path in served():
        if "apps/" in name and name.endswith(".ipynb"):
            notebook = json.loads(path.read_text("utf-8"))
            cells += ["".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "code"]
    return cells


def leave_out_in_repl(out: Path) -> None:
    """The REPL's page (the apps) leaves out ``REPL_LEFT_OUT`` too (read before the courses'
    REPLs copy its settings)."""
    path = out / "repl" / "jupyter-lite.json"
    config = json.loads(path.read_text("utf-8"))
    data = config["jupyter-config-data"]
    data["disabledExtensions"] = [*data.get("disabledExtensions", []), *REPL_LEFT_OUT]
    path.write_text(json.dumps(config, indent=1), "utf-8")


def course_apps(out: Path) -> None:
    """JupyterLab and the REPL of each course with a locale (``lab/zh/``, ``repl/zh/``)."""
    site = json.loads((out / "jupyter-lite.json").read_text("utf-8"))["jupyter-config-data"]
    for key, (locale, _) in LOCALES.items():
        if not (out / "files" / key).is_dir():
            continue
        if not (out / "api" / "translations" / f"{locale}.json").exists():
            raise SystemExit(f"JupyterLab's language pack {locale} is not installed in the "
                             "build's environment: pip install -e '.[site]'")
        for app in ("lab", "repl"):
            page, config = course_app(
                (out / app / "index.html").read_text("utf-8"),
                json.loads((out / app / "jupyter-lite.json").read_text("utf-8")),
                site["litePluginSettings"][KERNEL], key, site["appName"])
            (out / app / key).mkdir()
            (out / app / key / "index.html").write_text(page, "utf-8")
            (out / app / key / "jupyter-lite.json").write_text(json.dumps(config, indent=1),
                                                               "utf-8")
            if (out / app / "jupyter-lite.ipynb").exists():  # read too, beside the .json
                shutil.copy(out / app / "jupyter-lite.ipynb", out / app / key)


def kernel_metadata(wheel: Path) -> dict[str, Any]:
    """What the site's kernel writes into a notebook's metadata when it starts, read from its
    front end in ``wheel`` (the jupyterlite-pyodide-kernel wheel): see ``site_kernel``."""
    with zipfile.ZipFile(wheel) as archive:
        code = "\n".join(archive.read(name).decode("utf-8") for name in archive.namelist()
                         if "/static/" in name and name.endswith(".js"))
    try:
        return site_kernel(code)
    except ValueError as error:
        raise SystemExit(f"{wheel.name}: {error} (the kernel's front end changed?)") from None


def build(out: Path) -> None:
    started = time.monotonic()
    CACHE.mkdir(parents=True, exist_ok=True)
    wheels = pinned_wheels()
    front_ends = [wheels.pop("jupyterlite-pyodide-kernel"), wheels["jupyterlab-widgets"],
                  wheels["anywidget"]]  # wheels carrying JupyterLab extensions
    with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
        lite = Path(tmp)
        run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(lite), ".")
        (own,) = lite.glob("mahjong_tutor-*.whl")
        wheels["mahjong-tutor"] = own
        wheels.update(kernel_wheels(front_ends[0], lite))
        static = lite / "static" / "pyodide"
        pyodide_lock = pyodide_core(static)
        for name, path in wheels.items():
            shutil.copy(path, static / path.name)
            wheels[name] = static / path.name
        compiled = compile_site(static, sorted(wheels.values()), app_cells(), CACHE / "bytecode")
        lock = site_lock(pyodide_lock, wheels)
        (static / "pyodide-lock.json").write_text(json.dumps(lock, indent=1), "utf-8")
        snapshot = make_snapshot(static, PRELOAD, ENV, app_cells(), CACHE / "snapshot")
        kernel = kernel_metadata(front_ends[0])
        for relative, path in served():
            (lite / "files" / relative).parent.mkdir(parents=True, exist_ok=True)
            if path.suffix == ".ipynb":  # as the site's kernel will name itself in it
                (lite / "files" / relative).write_text(
                    site_notebook(path.read_text("utf-8"), kernel), "utf-8")
            else:
                shutil.copy(path, lite / "files" / relative)
        (lite / "jupyter_lite_config.json").write_text(json.dumps({"LiteBuildConfig": {
            "apps": ["lab", "repl"], "contents": ["files"], "no_sourcemaps": True,
            "no_unused_shared_packages": True, "ignore_sys_prefix": ["federated_extensions"],
            "federated_extensions": [str(p) for p in front_ends]}}), "utf-8")
        (lite / "jupyter-lite.json").write_text(json.dumps({
            "jupyter-lite-schema-version": 0, "jupyter-config-data": {
                "appName": "Mahjong Tutor", "litePluginSettings": {
                    "@jupyterlite/pyodide-kernel-extension:kernel": {
                        "disablePyPIFallback": True,
                        "loadPyodideOptions": {"packages": PRELOAD,
                                               "env": ENV}}}}}),
            "utf-8")
        if out.exists():
            shutil.rmtree(out)
        run(sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", str(lite),
            "--output-dir", str(out.resolve()), cwd=lite)
    # The kernel's worker imports the snapshot's loader in place of Pyodide's module (the build
    # names the latter; the Chinese course's settings read this one through the cascade).
    config = json.loads((out / "jupyter-lite.json").read_text("utf-8"))
    kernel = config["jupyter-config-data"]["litePluginSettings"][KERNEL]
    if kernel.get("pyodideUrl") != "./static/pyodide/pyodide.mjs":
        raise SystemExit(f"the site's Pyodide is not where it was: {kernel.get('pyodideUrl')}")
    kernel["pyodideUrl"] = f"./static/pyodide/{LOADER_NAME}"
    (out / "jupyter-lite.json").write_text(json.dumps(config, indent=1), "utf-8")
    # JupyterLab's pages read the settings script of every index.html above them: the start
    # page keeps one (empty).
    (out / "index.html").write_text(start_page(served()), "utf-8")
    leave_out_in_repl(out)
    course_apps(out)
    add_prestart(out)
    style_app_pages(out)
    apply_patches(out)
    keep_address(out)
    add_precache(out)  # last: its cache is named after every script of the site
    shutil.copy(out / "lab" / "favicon.ico", out / "favicon.ico")
    size = sum(p.stat().st_size for p in out.rglob("*") if p.is_file())
    print(f"site built in {time.monotonic() - started:.1f} s: {out} holds {size / 1e6:.1f} MB "
          f"in {sum(1 for p in out.rglob('*') if p.is_file())} files; "
          f"{sum(compiled.values())} modules compiled ahead; the kernel's snapshot "
          f"{snapshot['gzipped'] / 1e6:.1f} MB (heap {snapshot['heap'] / 1e6:.1f} MB, "
          f"{snapshot['files']} files)")


if __name__ == "__main__":
    build(Path(sys.argv[1] if len(sys.argv) > 1 else "site"))
