"""How far a learner has got: solved exercises, practice and test scores, kept in a JSON file.

Where the file lives (:func:`default_path`):

* ``$MAHJONG_TUTOR_PROGRESS`` when that environment variable is set (a file path);
* in a browser-only kernel (Pyodide under JupyterLite), ``/drive/mahjong-tutor-progress.json``:
  ``/drive`` is JupyterLite's own file area, kept in the browser's storage, so the file
  survives a kernel restart and shows in the file browser (the Pyodide home directory is in
  memory only and would be lost);
* otherwise ``~/.mahjong-tutor/progress.json``.

The file is small and plain::

    {"format": "mahjong-tutor-progress", "version": 1,
     "notebooks": {"02_tiles_hands_waits": ["hands-shanten", ...]},
     "practice": {"waits": {"tried": 4, "solved": 3}},
     "tests": {"huangyan": {"best": 7, "last": 6, "out_of": 10, "taken": 2}}}

A file that cannot be read (not JSON, the wrong shape, too big, too deep) is never a traceback:
the store starts afresh, keeps the bad file beside it as ``progress.json.bad`` and says so in
:attr:`ProgressStore.warning`. A file that cannot be written leaves progress in memory for the
session, with a warning.
"""

from __future__ import annotations

import contextlib
import inspect
import json
import os
import re
import sys
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from tutor.errors import InputError
from tutor.jsonfile import check_depth

__all__ = ["ENV_VAR", "FORMAT", "MAX_BYTES", "NotebookCount", "Progress", "ProgressStore",
           "default_path", "default_store", "notebook_count", "sequence_counts", "summary_lines"]

ENV_VAR = "MAHJONG_TUTOR_PROGRESS"
FORMAT = "mahjong-tutor-progress"
VERSION = 1
MAX_BYTES = 256_000  # a full sequence with years of practice stays far below this
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,79}")
_MAX_ITEMS = 2_000
_MAX_COUNT = 10**9
BROWSER_DRIVE = Path("/drive")


def default_path() -> Path:
    """Where progress is kept (see the module's docstring)."""
    chosen = os.environ.get(ENV_VAR, "").strip()
    if chosen:
        return Path(chosen).expanduser()
    if sys.platform == "emscripten" and BROWSER_DRIVE.is_dir():
        return BROWSER_DRIVE / "mahjong-tutor-progress.json"
    return Path.home() / ".mahjong-tutor" / "progress.json"


class _Bad(Exception):
    """A progress file of the wrong shape (the message says what is wrong)."""


_MAX_DEPTH = 16  # the file nests four deep; Pyodide's JSON reader crashes (no error) near 10**4


def _check_depth(text: str) -> None:
    """Refuse deep nesting before parsing: a browser kernel would die on it, not raise."""
    try:
        check_depth(text, _MAX_DEPTH)
    except ValueError:
        raise _Bad("it is nested too deeply") from None


def _name(value: object, what: str) -> str:
    if not isinstance(value, str) or not _NAME.fullmatch(value):
        raise _Bad(f"{what} {str(value)[:40]!r} is not a name")
    return value


def _count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MAX_COUNT:
        raise _Bad(f"{what} must be a whole number from 0 to {_MAX_COUNT}")
    return value


def _table(value: object, what: str) -> dict[str, object]:
    if not isinstance(value, dict):
        raise _Bad(f"{what} must be an object")
    if len(value) > _MAX_ITEMS:
        raise _Bad(f"{what} has {len(value)} entries")
    return value


@dataclass
class Progress:
    """What the file holds (plain values; :class:`ProgressStore` reads and writes it)."""

    notebooks: dict[str, set[str]] = field(default_factory=dict)
    practice: dict[str, dict[str, int]] = field(default_factory=dict)
    tests: dict[str, dict[str, int]] = field(default_factory=dict)

    @classmethod
    def from_json(cls, data: object) -> Progress:
        """Read the parsed file; :class:`_Bad` names the first thing wrong."""
        top = _table(data, "the file")
        if top.get("format") != FORMAT:
            raise _Bad(f"it is not a {FORMAT} file")
        if top.get("version") != VERSION:
            raise _Bad(f"version {str(top.get('version'))[:20]} is not {VERSION}")
        unknown = set(top) - {"format", "version", "notebooks", "practice", "tests"}
        if unknown:
            raise _Bad(f"unexpected entry {sorted(unknown)[0][:40]!r}")
        out = cls()
        for nb, keys in _table(top.get("notebooks", {}), "notebooks").items():
            if not isinstance(keys, list) or len(keys) > _MAX_ITEMS:
                raise _Bad(f"notebooks.{nb[:40]} must be a list of exercise keys")
            out.notebooks[_name(nb, "notebook")] = {_name(k, "exercise") for k in keys}
        for part, fields_ in (("practice", ("tried", "solved")),
                              ("tests", ("best", "last", "out_of", "taken"))):
            target = out.practice if part == "practice" else out.tests
            for name, row in _table(top.get(part, {}), part).items():
                row = _table(row, f"{part}.{str(name)[:40]}")
                if set(row) - set(fields_):
                    raise _Bad(f"{part}.{str(name)[:40]} has unexpected entries")
                target[_name(name, part)] = {k: _count(row.get(k, 0), f"{part}.{name}.{k}")
                                             for k in fields_}
        return out

    def to_json(self) -> dict[str, object]:
        return {"format": FORMAT, "version": VERSION,
                "notebooks": {nb: sorted(keys) for nb, keys in sorted(self.notebooks.items())},
                "practice": dict(sorted(self.practice.items())),
                "tests": dict(sorted(self.tests.items()))}


@dataclass(frozen=True)
class _Strong:
    """A plain function held strongly, called like a weak reference."""

    listener: Callable[[], None]

    def __call__(self) -> Callable[[], None]:
        return self.listener


class ProgressStore:
    """The progress file: read on every question, written on every change.

    Each change re-reads the file first, so two notebooks open at once both count. Views that
    show progress :meth:`subscribe` to hear about changes made in this kernel."""

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.warning: str | None = None
        self._memory: Progress | None = None  # used when the file cannot be written
        self._listeners: list[Callable[[], Callable[[], None] | None]] = []

    # -- reading ----------------------------------------------------------------------------
    def load(self) -> Progress:
        """The progress so far (a fresh start if there is no file or it cannot be read)."""
        if self._memory is not None:
            return self._memory
        try:
            with self.path.open("rb") as handle:
                raw = handle.read(MAX_BYTES + 1)
        except FileNotFoundError:
            return Progress()
        except OSError as exc:
            self.warning = (f"Could not read the progress file {self.path} "
                            f"({exc.strerror or exc}); starting afresh.")
            return Progress()
        try:
            if len(raw) > MAX_BYTES:
                raise _Bad(f"it is larger than {MAX_BYTES // 1000} kB")
            try:
                text = raw.decode("utf-8")
                _check_depth(text)
                data = json.loads(text)
            except (UnicodeDecodeError, ValueError) as exc:
                raise _Bad(f"it is not JSON ({str(exc)[:60]})") from None
            except RecursionError:  # pragma: no cover: _check_depth refuses it first
                raise _Bad("it is nested too deeply") from None
            return Progress.from_json(data)
        except _Bad as exc:
            self._set_aside(str(exc))
            return Progress()

    def _set_aside(self, problem: str) -> None:
        bad = self.path.with_name(self.path.name + ".bad")
        kept = ""
        with contextlib.suppress(OSError):
            os.replace(self.path, bad)
            kept = f" The old file was kept as {bad.name}."
        self.warning = (f"The progress file {self.path} could not be read: {problem}. "
                        f"Starting afresh.{kept}")

    # -- writing ----------------------------------------------------------------------------
    def _save(self, progress: Progress) -> None:
        text = json.dumps(progress.to_json(), indent=1, sort_keys=False)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            temporary = self.path.with_name(self.path.name + ".tmp")
            temporary.write_text(text, encoding="utf-8")
            try:
                os.replace(temporary, self.path)
            except OSError:  # some browser file systems cannot rename: write in place
                self.path.write_text(text, encoding="utf-8")
                with contextlib.suppress(OSError):
                    temporary.unlink()
        except OSError as exc:
            self._memory = progress
            self.warning = (f"Could not save progress to {self.path} ({exc.strerror or exc}); "
                            "it is kept for this session only.")
        self._tell()

    def _change(self, edit: Callable[[Progress], bool]) -> bool:
        progress = self.load()
        changed = edit(progress)
        if changed:
            self._save(progress)
        return changed

    def record(self, notebook: str, key: str) -> bool:
        """Record that the exercise ``key`` of ``notebook`` was solved (True if new)."""
        if not (_NAME.fullmatch(notebook) and _NAME.fullmatch(key)):
            raise InputError(f"not a notebook and exercise name: {notebook[:40]!r}, "
                             f"{key[:40]!r}")

        def edit(p: Progress) -> bool:
            keys = p.notebooks.setdefault(notebook, set())
            if key in keys:
                return False
            keys.add(key)
            return True

        return self._change(edit)

    def record_practice(self, topic: str, *, solved: bool) -> None:
        """Count one generated exercise of ``topic`` tried (and solved, if it was)."""
        if not _NAME.fullmatch(topic):
            raise InputError(f"not a topic name: {topic[:40]!r}")

        def edit(p: Progress) -> bool:
            row = p.practice.setdefault(topic, {"tried": 0, "solved": 0})
            row["tried"] = min(_MAX_COUNT, row["tried"] + 1)
            row["solved"] = min(row["tried"], row["solved"] + solved)
            return True

        self._change(edit)

    def record_test(self, game: str, score: int, out_of: int) -> None:
        """Record a finished "test yourself" of ``game``: ``score`` right of ``out_of``."""
        if not _NAME.fullmatch(game) or not 0 <= score <= out_of <= _MAX_COUNT:
            raise InputError(f"not a test result: {game[:40]!r} {score}/{out_of}")

        def edit(p: Progress) -> bool:
            row = p.tests.setdefault(game, {"best": 0, "last": 0, "out_of": out_of, "taken": 0})
            row.update(best=max(row["best"], score), last=score, out_of=out_of,
                       taken=min(_MAX_COUNT, row["taken"] + 1))
            return True

        self._change(edit)

    def reset(self) -> None:
        """Forget everything (the file is rewritten empty)."""
        self._save(Progress())

    # -- questions --------------------------------------------------------------------------
    def solved(self, notebook: str) -> frozenset[str]:
        return frozenset(self.load().notebooks.get(notebook, ()))

    def subscribe(self, listener: Callable[[], None]) -> None:
        """Call ``listener()`` after every change made through this store. A bound method is
        held weakly: a view that is gone stops listening by itself."""
        if inspect.ismethod(listener):
            self._listeners.append(weakref.WeakMethod(listener))
        else:
            self._listeners.append(_Strong(listener))

    def unsubscribe(self, listener: Callable[[], None]) -> None:
        self._listeners = [ref for ref in self._listeners if ref() not in (listener, None)]

    def _tell(self) -> None:
        for ref in list(self._listeners):
            listener = ref()
            if listener is None:
                self._listeners.remove(ref)
            else:
                listener()

    def __repr__(self) -> str:
        return f"ProgressStore({str(self.path)!r})"


# -- what the notebooks show ----------------------------------------------------------------

@dataclass(frozen=True)
class NotebookCount:
    """Solved exercises of one notebook, out of its total."""

    notebook: str
    title: str
    solved: int
    total: int

    def line(self) -> str:
        if not self.total:
            return f"{self.title}: no exercises."
        return (f"You have solved {self.solved} of {self.total} exercise"
                f"{'s' if self.total != 1 else ''} in this notebook.")


def notebook_count(notebook: str, store: ProgressStore | None = None) -> NotebookCount:
    """How many of ``notebook``'s exercises are solved (keys of exercises it no longer asks
    are not counted)."""
    from tutor.exercises.catalog import NOTEBOOKS, exercises_of

    keys = {ex.key for ex in exercises_of(notebook)}
    solved = (store or default_store()).solved(notebook) & keys
    return NotebookCount(notebook, NOTEBOOKS[notebook], len(solved), len(keys))


def sequence_counts(store: ProgressStore | None = None) -> list[NotebookCount]:
    """Every notebook with exercises, in order."""
    from tutor.exercises.catalog import NOTEBOOKS

    store = store or default_store()
    counts = [notebook_count(nb, store) for nb in NOTEBOOKS]
    return [c for c in counts if c.total]


def summary_lines(store: ProgressStore | None = None) -> list[str]:
    """The sequence-wide summary notebook 00 shows, one line per item."""
    store = store or default_store()
    counts = sequence_counts(store)
    solved = sum(c.solved for c in counts)
    total = sum(c.total for c in counts)
    lines = [f"Exercises solved: {solved} of {total} across the notebooks."]
    lines += [f"{c.notebook[:2]} {c.title}: {c.solved} of {c.total}" for c in counts]
    progress = store.load()
    if progress.practice:
        tried = sum(r["tried"] for r in progress.practice.values())
        right = sum(r["solved"] for r in progress.practice.values())
        detail = ", ".join(f"{t} {r['solved']}/{r['tried']}"
                           for t, r in sorted(progress.practice.items()))
        lines.append(f"Practice: {right} of {tried} generated exercises solved ({detail}).")
    else:
        lines.append("Practice: none yet (notebooks/apps/practice.ipynb).")
    for game, row in sorted(progress.tests.items()):
        lines.append(f"Test yourself, {game}: best {row['best']} of {row['out_of']} "
                     f"({row['taken']} taken).")
    return lines


_STORES: dict[Path, ProgressStore] = {}


def default_store() -> ProgressStore:
    """The store at :func:`default_path`, one per path in a kernel, so that every view of a
    notebook hears about every solved exercise."""
    path = default_path()
    store = _STORES.get(path)
    if store is None:
        store = _STORES[path] = ProgressStore(path)
    return store
