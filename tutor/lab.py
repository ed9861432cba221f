"""The course as files a learner owns: copy the shipped notebooks into a folder, refresh them later
without ever overwriting the learner's edits.

The package ships the course (the lessons, ``apps/``, the rule book) as package data
(``tutor/course/``); in a clone of the repository it is the ``notebooks/`` folder. A manifest in
the learner's folder records the hash of every file as it was copied, so an update can tell a file
the learner never touched (refreshed) from one they edited (kept).

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp()) / "course"
>>> first = copy_course(folder)
>>> first.copied == tuple(path for path, _ in course_files())
True
>>> copy_course(folder, update=True).refreshed
()
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from tutor.errors import TutorError

__all__ = ["COURSE_FILES", "MANIFEST", "CopyReport", "CourseError", "copy_course", "course_files",
           "course_root", "trust_course"]

#: in the course folder and its sub-folders (apps/ with its example records, rules/)
COURSE_FILES = ("*.ipynb", "*.md", "*.json")
MANIFEST = ".mahjong-tutor-course.json"


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
    """Every course file as (path relative to the course, where it is), in a stable order."""
    root = course_root() if root is None else root
    folders = [root, *sorted(d for d in root.iterdir()
                             if d.is_dir() and not d.name.startswith((".", "_")))]
    for folder in folders:
        found = {p for pattern in COURSE_FILES for p in folder.glob(pattern) if p.is_file()}
        for path in sorted(found):
            yield path.relative_to(root).as_posix(), path


@dataclass(frozen=True)
class CopyReport:
    """What :func:`copy_course` did, file by file (paths relative to the learner's folder)."""

    folder: Path
    copied: tuple[str, ...] = ()  # new in the folder
    refreshed: tuple[str, ...] = ()  # untouched since copied, replaced by the shipped version
    kept: tuple[str, ...] = ()  # edited by the learner (or not ours): left exactly as it was
    current: tuple[str, ...] = ()  # already the same as the shipped version
    stale: tuple[str, ...] = ()  # untouched, a newer version is shipped: refreshed by an update

    def __str__(self) -> str:
        lines = [f"course folder: {self.folder}"]
        for label, paths in (("copied", self.copied), ("refreshed", self.refreshed),
                             ("kept your edited copy of", self.kept)):
            lines += [f"  {label} {path}" for path in paths]
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


def copy_course(folder: Path, update: bool = False, source: Path | None = None) -> CopyReport:
    """Copy the course into ``folder``; never overwrite a file the learner changed.

    Missing files are always copied. With ``update``, a file still exactly as it was copied is
    replaced by the shipped version when that differs; an edited file is kept and reported.
    """
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise CourseError(f"{folder} is a file, not a folder")
    folder.mkdir(parents=True, exist_ok=True)
    manifest = _read_manifest(folder)
    done: dict[str, list[str]] = {k: [] for k in ("copied", "refreshed", "kept", "current",
                                                   "stale")}
    for relative, shipped in course_files(source):
        target = folder / relative
        shipped_hash = _sha256(shipped)
        if target.exists() and not target.is_file():
            raise CourseError(f"{target} is in the way (not a file)")
        if not target.exists():
            outcome = "copied"
        elif (target_hash := _sha256(target)) == shipped_hash:
            outcome = "current"
        elif manifest.get(relative) != target_hash:
            done["kept"].append(relative)
            continue
        elif update:
            outcome = "refreshed"
        else:
            done["stale"].append(relative)
            continue
        if outcome != "current":
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(shipped, target)
        manifest[relative] = shipped_hash
        done[outcome].append(relative)
    (folder / MANIFEST).write_text(json.dumps({"files": manifest}, indent=1, sort_keys=True)
                                   + "\n", encoding="utf-8")
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
