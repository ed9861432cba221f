"""The course as files a learner owns: copy the shipped notebooks into a folder, refresh them later
without ever overwriting the learner's edits.

The package ships the course (the lessons, ``apps/``, the rule book) as package data
(``tutor/course/``); in a clone of the repository it is the ``notebooks/`` folder. A manifest in
the learner's folder records the hash of every file as it was copied, so an update can tell a file
the learner never touched (refreshed) from one they edited (kept).

The copy is always whole and stays inside the folder:

* every file is written to a temporary name in its own folder, flushed to disk and renamed into
  place (``os.replace``), the manifest too, so a copy interrupted at any moment (Ctrl-C, a kill,
  a crash) leaves each file as it was or as shipped, never half written; leftover temporaries
  are removed by the next run;
* a symbolic link inside the folder where the course would write (a file, ``apps/``, the
  manifest), dangling or not, pointing inside or outside, is **refused**: the run stops before
  writing anything and names the link, so nothing is ever written through a link (the folder
  itself may be a link: it is the place the learner chose);
* a notebook or record (``.ipynb``, ``.json``) that is not valid JSON of the right shape is no
  one's edit (JupyterLab always saves whole notebooks): it is restored from the shipped copy,
  the damaged file kept beside it as ``NAME.damaged-N``, and the report names it.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp()) / "course"
>>> first = copy_course(folder)
>>> first.copied == tuple(path for path, _ in course_files())
True
>>> copy_course(folder, update=True).refreshed
()
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import json
import os
import secrets
import stat
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tutor.errors import TutorError

__all__ = ["COURSE_FILES", "EDITIONS", "LAB_LOCALES", "LAB_SETTINGS", "MANIFEST", "QUIET_SERVER",
           "QUIET_SETTINGS", "CopyReport", "CourseError", "copy_course", "course_files",
           "course_root", "first_lesson", "lab_settings", "trust_course"]

#: in the course folder and its sub-folders (apps/ with its example records, rules/, and the
#: Chinese edition zh/ with the same layout)
COURSE_FILES = ("*.ipynb", "*.md", "*.json")
MANIFEST = ".mahjong-tutor-course.json"
TEMPORARY = ".lab-tmp"  # the suffix of a file being copied (removed by the next run if left)
_MAX_JSON = 50_000_000
#: each language's edition of the course, as a folder inside it (English is the course's root)
EDITIONS = {"en": "", "zh": "zh/"}
#: JupyterLab's own interface language for a course language: its locale and the module of its
#: language pack from PyPI (jupyterlab-language-pack-zh-CN, in the package's notebook extra)
LAB_LOCALES = {"zh": ("zh_CN", "jupyterlab_language_pack_zh_CN")}
#: the learner's folder keeps JupyterLab's settings for each language here (hidden: not the course)
LAB_SETTINGS = ".lab-settings"
_TRANSLATION_PLUGIN = "@jupyterlab/translation-extension:plugin"
#: JupyterLab's announcements, off for the course: no "Would you like to get notified about
#: official Jupyter news?" over the first lesson, and no asking the server whether a newer
#: JupyterLab exists (the server asks PyPI: a request off the machine at every page load).
#: Defaults only: a learner's own answer in JupyterLab's settings wins.
QUIET_SETTINGS = {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false",
                                                                  "checkForUpdates": False}}
#: the same on the server's side, so that nothing asks for news or updates; and the extension
#: manager's read-only kind (it lists what is installed; the default searches PyPI when opened)
QUIET_SERVER = ("--LabApp.news_url=None",
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                "--LabApp.extension_manager=readonly")


class CourseError(TutorError):
    """The course cannot be found or copied (a missing package folder, a file in the way)."""


def course_root() -> Path:
    """Where the shipped course is: ``tutor/course/`` when installed, ``notebooks/`` in a clone."""
    package = Path(__file__).resolve().parent
    for root in (package / "course", package.parent / "notebooks"):
        if any(root.glob("*.ipynb")):
            return root
    raise CourseError("the course notebooks are not installed with this package")


def course_files(root: Path | None = None) -> Iterator[tuple[str, Path]]:
    """Every course file as (path relative to the course, where it is), in a stable order: the
    course folder's own files, then those of its sub-folders at any depth (``apps/``, ``rules/``,
    the Chinese edition ``zh/`` with its own ``zh/apps/`` and ``zh/rules/``), by path. Folders
    whose names start with ``.`` or ``_`` (checkpoints, caches) are not the course."""
    root = course_root() if root is None else root
    found: set[Path] = set()
    for folder, subfolders, _ in os.walk(root):  # never follows a link to a folder
        subfolders[:] = [d for d in subfolders if not d.startswith((".", "_"))]
        found |= {p for pattern in COURSE_FILES for p in Path(folder).glob(pattern) if p.is_file()}
    relatives = {path.relative_to(root).as_posix(): path for path in found}
    for relative in sorted(relatives, key=lambda r: ("/" in r, r)):
        yield relative, relatives[relative]


@dataclass(frozen=True)
class CopyReport:
    """What :func:`copy_course` did, file by file (paths relative to the learner's folder)."""

    folder: Path
    copied: tuple[str, ...] = ()  # new in the folder
    refreshed: tuple[str, ...] = ()  # untouched since copied, replaced by the shipped version
    kept: tuple[str, ...] = ()  # edited by the learner (or not ours): left exactly as it was
    current: tuple[str, ...] = ()  # already the same as the shipped version
    stale: tuple[str, ...] = ()  # untouched, a newer version is shipped: refreshed by an update
    restored: tuple[str, ...] = ()  # damaged (not a whole notebook or record): copied again
    set_aside: tuple[str, ...] = ()  # where each restored file's damaged copy was kept

    def __str__(self) -> str:
        lines = [f"course folder: {self.folder}"]
        for label, paths in (("copied", self.copied), ("refreshed", self.refreshed),
                             ("kept your edited copy of", self.kept)):
            lines += [f"  {label} {path}" for path in paths]
        lines += [f"  restored {path}: it was not a whole notebook or record (the damaged file "
                  f"is kept as {aside})" for path, aside in zip(self.restored, self.set_aside,
                                                               strict=False)]
        if self.current:
            lines.append(f"  {len(self.current)} file(s) already up to date")
        if self.stale:
            lines.append(f"  {len(self.stale)} file(s) have a newer version: 'tutor lab --update' "
                         "refreshes them (never a file you edited)")
        return "\n".join(lines)


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _read_manifest(folder: Path) -> dict[str, str]:
    path = folder / MANIFEST
    if not path.exists():
        return {}
    try:
        if path.stat().st_size > 1_000_000:
            raise ValueError("too large")
        data = json.loads(path.read_text(encoding="utf-8"))
        files = data["files"]
        if not isinstance(files, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in files.items()):
            raise TypeError
    except (ValueError, KeyError, TypeError, RecursionError) as exc:
        raise CourseError(f"{path} is not a course manifest (delete it to start afresh)") from exc
    return dict(files)


def _whole(path: Path) -> bool:
    """Is a notebook or record whole (valid JSON of the right shape)? Other files: always."""
    if path.suffix not in (".ipynb", ".json"):
        return True
    try:
        if path.stat().st_size > _MAX_JSON:
            return False
        data = json.loads(path.read_bytes())
    except (OSError, ValueError, RecursionError):
        return False
    if path.suffix == ".ipynb":
        return (isinstance(data, dict) and isinstance(data.get("cells"), list)
                and isinstance(data.get("nbformat"), int))
    return isinstance(data, (dict, list))


def _check_no_links(folder: Path, relative: str) -> None:
    """Refuse a symbolic link (or a non-folder) on the way to ``folder / relative``."""
    place = folder
    parts = relative.split("/")
    for i, part in enumerate(parts):
        place = place / part
        try:
            info = os.lstat(place)
        except FileNotFoundError:
            return
        if stat.S_ISLNK(info.st_mode):
            raise CourseError(f"{place} is a symbolic link (to {os.readlink(place)}): tutor lab "
                              "never writes through links; remove or rename it and run again")
        last = i == len(parts) - 1
        if not last and not stat.S_ISDIR(info.st_mode):
            raise CourseError(f"{place} is in the way (not a folder)")
        if last and not stat.S_ISREG(info.st_mode):
            raise CourseError(f"{place} is in the way (not a file)")


def _write_whole(target: Path, data: bytes) -> None:
    """Write ``target`` as a new file beside it, then rename it into place."""
    target.parent.mkdir(parents=True, exist_ok=True)  # zh/apps/ under zh/ (links refused before)
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}{TEMPORARY}")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    descriptor = os.open(temporary, flags, 0o644)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    with contextlib.suppress(OSError, AttributeError):  # the rename itself, on disk
        directory = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)


def _keep_damaged(target: Path) -> str:
    """Move a damaged file to the first free ``NAME.damaged-N`` (never over another)."""
    for n in range(1, 1000):
        aside = target.with_name(f"{target.name}.damaged-{n}")
        if not os.path.lexists(aside):
            os.replace(target, aside)
            return aside.name
    raise CourseError(f"{target} is damaged and too many damaged copies are kept beside it")


def _remove_leftovers(folder: Path, relatives: list[str]) -> None:
    """Temporaries left by an interrupted run (only in the folders the course uses)."""
    folders = {folder, *((folder / r).parent for r in relatives)}
    for place in sorted(folders):
        if place.is_symlink() or not place.is_dir():
            continue
        for leftover in place.glob(f".*{TEMPORARY}"):
            if leftover.is_file() and not leftover.is_symlink():
                with contextlib.suppress(OSError):
                    leftover.unlink()


def copy_course(folder: Path, update: bool = False, source: Path | None = None) -> CopyReport:
    """Copy the course into ``folder``; never overwrite a file the learner changed.

    Missing files are always copied. With ``update``, a file still exactly as it was copied is
    replaced by the shipped version when that differs; an edited file is kept and reported. A
    damaged notebook is restored (and kept aside). A symbolic link in the way is refused before
    anything is written (see the module's docstring).
    """
    folder = Path(folder)
    if folder.is_symlink() and not folder.exists():
        raise CourseError(f"{folder} is a symbolic link to nothing")
    if folder.exists() and not folder.is_dir():
        raise CourseError(f"{folder} is a file, not a folder")
    shipped_files = list(course_files(source))
    relatives = [relative for relative, _ in shipped_files]
    if folder.is_dir():
        for relative in [MANIFEST, *relatives]:
            _check_no_links(folder, relative)
    folder.mkdir(parents=True, exist_ok=True)
    _remove_leftovers(folder, relatives)
    manifest = _read_manifest(folder)
    done: dict[str, list[str]] = {k: [] for k in ("copied", "refreshed", "kept", "current",
                                                   "stale", "restored", "set_aside")}
    for relative, shipped in shipped_files:
        target = folder / relative
        _check_no_links(folder, relative)  # again, just before writing
        data = shipped.read_bytes()
        shipped_hash = hashlib.sha256(data).hexdigest()
        if not target.exists():
            outcome = "copied"
        elif (target_hash := _sha256(target)) == shipped_hash:
            outcome = "current"
        elif not _whole(target):
            aside = _keep_damaged(target)
            done["set_aside"].append(str(Path(relative).with_name(aside).as_posix()))
            outcome = "restored"
        elif manifest.get(relative) != target_hash:
            done["kept"].append(relative)
            continue
        elif update:
            outcome = "refreshed"
        else:
            done["stale"].append(relative)
            continue
        if outcome != "current":
            _write_whole(target, data)
        manifest[relative] = shipped_hash
        done[outcome].append(relative)
    _check_no_links(folder, MANIFEST)
    _write_whole(folder / MANIFEST, (json.dumps({"files": manifest}, indent=1, sort_keys=True)
                                     + "\n").encode("utf-8"))
    return CopyReport(folder, **{k: tuple(v) for k, v in done.items()})


def trust_course(report: CopyReport) -> tuple[str, ...]:
    """Mark the course's own notebooks trusted (as ``jupyter trust`` does), so JupyterLab shows
    their stored pictures and tables before a cell runs; a notebook the learner edited is left
    as it is. Returns the notebooks signed (none without nbformat, JupyterLab's library)."""
    try:
        import nbformat
        from nbformat.sign import NotebookNotary
    except ImportError:  # the course without JupyterLab: nothing to trust
        return ()
    notary = NotebookNotary()  # type: ignore[no-untyped-call]
    signed = []
    for relative in (*report.copied, *report.refreshed, *report.current):
        if relative.endswith(".ipynb"):
            path = report.folder / relative
            notebook = nbformat.read(path, as_version=nbformat.NO_CONVERT)  # type: ignore[no-untyped-call]
            if not notary.check_signature(notebook):  # type: ignore[no-untyped-call]
                notary.sign(notebook)  # type: ignore[no-untyped-call]
            signed.append(relative)
    return tuple(signed)


def first_lesson(folder: Path, lang: str = "en") -> str | None:
    """The notebook ``tutor lab`` opens, relative to ``folder``: the first lesson of the edition
    in ``lang`` (``zh/00_start_here.ipynb`` for Chinese), or of the English course when that
    edition is not in the folder; None when there is no lesson at all."""
    for edition in dict.fromkeys((EDITIONS.get(lang, ""), "")):
        lessons = sorted((folder / edition).glob("*.ipynb")) if (folder / edition).is_dir() else []
        if lessons:
            return edition + lessons[0].name
    return None


def _default_app_settings() -> Path:
    """JupyterLab's own application settings folder (``{sys.prefix}/share/jupyter/lab/settings``
    unless ``JUPYTERLAB_DIR`` moves the application)."""
    app_dir = os.environ.get("JUPYTERLAB_DIR") or Path(sys.prefix) / "share" / "jupyter" / "lab"
    return Path(app_dir) / "settings"


def lab_settings(folder: Path, lang: str, default: Path | None = None) -> Path:
    """JupyterLab's application settings for the course in ``lang`` (``--LabApp.app_settings_dir``).

    Writes ``folder/.lab-settings/LANG/overrides.json``: the installation's own overrides and
    page config (``default``, JupyterLab's settings folder) with JupyterLab's announcements off
    (:data:`QUIET_SETTINGS`) and, for a language with an interface translation
    (:data:`LAB_LOCALES`) whose language pack is installed, the interface language set to the
    pack's locale. Overrides are defaults: what the learner picks in JupyterLab's settings (a
    language in *Settings → Language*) is kept in their user settings and wins. Returns the
    folder.
    """
    default = _default_app_settings() if default is None else default
    overrides: dict[str, object] = {}
    with contextlib.suppress(OSError, ValueError):
        found = json.loads((default / "overrides.json").read_text(encoding="utf-8"))
        overrides = found if isinstance(found, dict) else {}
    wanted: dict[str, dict[str, object]] = {**QUIET_SETTINGS}
    if lang in LAB_LOCALES and importlib.util.find_spec(LAB_LOCALES[lang][1]) is not None:
        wanted[_TRANSLATION_PLUGIN] = {"locale": LAB_LOCALES[lang][0]}
    for plugin, values in wanted.items():
        mine = overrides.get(plugin)
        overrides[plugin] = {**(mine if isinstance(mine, dict) else {}), **values}
    relative = f"{LAB_SETTINGS}/{lang}"
    for name, data in (("overrides.json", json.dumps(overrides, indent=1) + "\n"),
                       ("page_config.json", _read_or_none(default / "page_config.json"))):
        if data is not None:
            _check_no_links(folder, f"{relative}/{name}")
            _write_whole(folder / relative / name, data.encode("utf-8"))
    return folder / relative


def _read_or_none(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return None
