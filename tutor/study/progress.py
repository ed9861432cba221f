"""How far a learner has got: solved exercises, practice and test scores, kept in SQLite.

Where the database lives (:func:`default_path`):

* ``$MAHJONG_TUTOR_PROGRESS`` when that environment variable is set (a file path);
* in a browser-only kernel (Pyodide under JupyterLite), ``/drive/mahjong-tutor-progress.sqlite3``:
  ``/drive`` is JupyterLite's own file area, kept in the browser's storage, so the file
  survives a kernel restart and shows in the file browser (the Pyodide home directory is in
  memory only and would be lost);
* otherwise ``~/.mahjong-tutor/progress.sqlite3``.

A path ending in ``.json`` (the old format's name) means the database beside it with the suffix
``.sqlite3``: ``MAHJONG_TUTOR_PROGRESS=/x/progress.json`` keeps the database in
``/x/progress.sqlite3``.

The database holds one row per solved exercise, one per practice topic (tried, solved) and one
per game's test results (best, last, out of, taken), each change written in its own transaction
(``BEGIN IMMEDIATE`` with a busy timeout; the write-ahead log where the file system supports
it), so several notebooks or processes may read and write at once without losing a record, and
a process killed mid-write loses at most the change it was making. Every value is checked on
write exactly as on read (the same functions, and the same rules again as the tables' CHECK
constraints), so the store never saves what it would refuse to read.

The old progress file, a small JSON file beside the database (same name, suffix ``.json``)::

    {"format": "mahjong-tutor-progress", "version": 1,
     "notebooks": {"02_tiles_hands_waits": ["hands-shanten", ...]},
     "practice": {"waits": {"tried": 4, "solved": 3}},
     "tests": {"huangyan": {"best": 7, "last": 6, "out_of": 10, "taken": 2}}}

is imported once, when the database is created (in the same transaction; the JSON file is left
as it was).

Nothing here is ever a traceback:

* a database that cannot be read (not SQLite, damaged, another program's, values out of range)
  is moved aside under a new name, ``progress.sqlite3.bad-1`` then ``.bad-2``... (never over an
  earlier one), and :attr:`ProgressStore.warning` names it; the store starts afresh;
* a change that cannot be written (a full disk, a read-only folder, a database locked for too
  long) is kept in memory as a *change*, not as a copy of the progress: the next change writes
  it into the database as it then is, so nothing another notebook saved meanwhile is overwritten;
* a path that is not a regular file (a FIFO, a device, a folder) is refused at once with a
  warning, before anything opens it; a symbolic link is followed when it leads to a regular
  file (the database is written in place, so the link stays a link), and refused when it leads
  nowhere or to anything else.
"""

from __future__ import annotations

import contextlib
import inspect
import json
import os
import re
import sqlite3
import stat
import sys
import weakref
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from tutor.errors import InputError, shown
from tutor.i18n import _, ngettext
from tutor.jsonfile import check_depth

__all__ = ["ENV_VAR", "FORMAT", "JSON_MAX_BYTES", "MAX_BYTES", "NotebookCount", "Progress",
           "ProgressStore", "default_path", "default_store", "notebook_count", "sequence_counts",
           "summary_lines"]

ENV_VAR = "MAHJONG_TUTOR_PROGRESS"
FORMAT = "mahjong-tutor-progress"
VERSION = 1
SUFFIX = ".sqlite3"
MAX_BYTES = 4_000_000  # the database at its fullest (3 x 2,000 rows) is far below this
JSON_MAX_BYTES = 256_000  # the old JSON file
BUSY_SECONDS = 15.0  # how long a change waits for another process's transaction
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,79}")
_MAX_ITEMS = 2_000  # rows per table: solved exercises, practice topics, games
_MAX_COUNT = 10**9
BROWSER_DRIVE = Path("/drive")


def default_path() -> Path:
    """Where progress is kept (see the module's docstring)."""
    chosen = os.environ.get(ENV_VAR, "").strip()
    if chosen:
        return database_path(Path(chosen).expanduser())
    if sys.platform == "emscripten" and BROWSER_DRIVE.is_dir():
        return BROWSER_DRIVE / f"mahjong-tutor-progress{SUFFIX}"
    return Path.home() / ".mahjong-tutor" / f"progress{SUFFIX}"


def database_path(path: Path) -> Path:
    """The database a path names: ``x.json`` (the old file's name) means ``x.sqlite3``."""
    return path.with_suffix(SUFFIX) if path.suffix == ".json" else path


class _Bad(Exception):
    """Stored progress of the wrong shape (the message says what is wrong)."""


# -- the checks, the same on write and on read ----------------------------------------------

def _name(value: object, what: str) -> str:
    if not isinstance(value, str) or not _NAME.fullmatch(value):
        raise _Bad(f"{what} {shown(value, 40)} is not a name")
    return value


def _count(value: object, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= _MAX_COUNT:
        raise _Bad(f"{what} must be a whole number from 0 to {_MAX_COUNT}, not "
                   f"{shown(value, 20)}")
    return value


def _practice_row(topic: object, tried: object, solved: object) -> tuple[str, int, int]:
    row = (_name(topic, "practice topic"), _count(tried, "tried"), _count(solved, "solved"))
    if row[2] > row[1]:
        raise _Bad(f"practice {row[0]} has more solved ({row[2]}) than tried ({row[1]})")
    return row


def _test_row(game: object, best: object, last: object, out_of: object,
              taken: object) -> tuple[str, int, int, int, int]:
    row = (_name(game, "game"), _count(best, "best"), _count(last, "last"),
           _count(out_of, "out_of"), _count(taken, "taken"))
    if max(row[1], row[2]) > row[3]:
        raise _Bad(f"test {row[0]} has a score above {row[3]}")
    return row


_SCHEMA = f"""
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE solved (
  notebook TEXT NOT NULL CHECK ({{name}}),
  exercise TEXT NOT NULL CHECK ({{name_e}}),
  PRIMARY KEY (notebook, exercise)) WITHOUT ROWID;
CREATE TABLE practice (
  topic TEXT PRIMARY KEY CHECK ({{name_t}}),
  tried INTEGER NOT NULL CHECK (typeof(tried) = 'integer' AND tried BETWEEN 0 AND {_MAX_COUNT}),
  solved INTEGER NOT NULL CHECK (typeof(solved) = 'integer' AND solved BETWEEN 0 AND tried)
) WITHOUT ROWID;
CREATE TABLE tests (
  game TEXT PRIMARY KEY CHECK ({{name_g}}),
  best INTEGER NOT NULL CHECK (typeof(best) = 'integer' AND best BETWEEN 0 AND out_of),
  last INTEGER NOT NULL CHECK (typeof(last) = 'integer' AND last BETWEEN 0 AND out_of),
  out_of INTEGER NOT NULL CHECK (typeof(out_of) = 'integer' AND out_of BETWEEN 0 AND {_MAX_COUNT}),
  taken INTEGER NOT NULL CHECK (typeof(taken) = 'integer' AND taken BETWEEN 0 AND {_MAX_COUNT})
) WITHOUT ROWID;
"""


def _name_check(column: str) -> str:
    return (f"typeof({column}) = 'text' AND length({column}) BETWEEN 1 AND 80 AND "
            f"{column} GLOB '[A-Za-z0-9]*' AND {column} NOT GLOB '*[^A-Za-z0-9_.-]*'")


SCHEMA = _SCHEMA.format(name=_name_check("notebook"), name_e=_name_check("exercise"),
                        name_t=_name_check("topic"), name_g=_name_check("game"))


# -- the progress as plain values -----------------------------------------------------------

@dataclass
class Progress:
    """Everything stored, as plain values (:class:`ProgressStore` reads and writes it)."""

    notebooks: dict[str, set[str]] = field(default_factory=dict)
    practice: dict[str, dict[str, int]] = field(default_factory=dict)
    tests: dict[str, dict[str, int]] = field(default_factory=dict)

    @classmethod
    def from_json(cls, data: object) -> Progress:
        """Read the old JSON file (parsed); :class:`_Bad` names the first thing wrong."""
        top = _table(data, "the file")
        if top.get("format") != FORMAT:
            raise _Bad(f"it is not a {FORMAT} file")
        if top.get("version") != VERSION:
            raise _Bad(f"version {shown(top.get('version'), 20)} is not {VERSION}")
        unknown = set(top) - {"format", "version", "notebooks", "practice", "tests"}
        if unknown:
            raise _Bad(f"unexpected entry {shown(sorted(unknown)[0], 40)}")
        out = cls()
        for nb, keys in _table(top.get("notebooks", {}), "notebooks").items():
            if not isinstance(keys, list) or len(keys) > _MAX_ITEMS:
                raise _Bad(f"notebooks.{nb[:40]} must be a list of exercise keys")
            out.notebooks[_name(nb, "notebook")] = {_name(k, "exercise") for k in keys}
        for topic, row in _table(top.get("practice", {}), "practice").items():
            row = _fields(row, f"practice.{topic[:40]}", ("tried", "solved"))
            _topic, tried, solved = _practice_row(topic, row.get("tried", 0), row.get("solved", 0))
            out.practice[topic] = {"tried": tried, "solved": solved}
        for game, row in _table(top.get("tests", {}), "tests").items():
            row = _fields(row, f"tests.{game[:40]}", ("best", "last", "out_of", "taken"))
            values = _test_row(game, *(row.get(k, 0) for k in ("best", "last", "out_of",
                                                                 "taken")))
            out.tests[game] = dict(zip(("best", "last", "out_of", "taken"), values[1:],
                                       strict=True))
        return out

    def to_json(self) -> dict[str, object]:
        """The old file's form (the store no longer writes it; an export for the curious)."""
        return {"format": FORMAT, "version": VERSION,
                "notebooks": {nb: sorted(keys) for nb, keys in sorted(self.notebooks.items())},
                "practice": dict(sorted(self.practice.items())),
                "tests": dict(sorted(self.tests.items()))}


def _table(value: object, what: str) -> dict[str, object]:
    if not isinstance(value, dict):
        raise _Bad(f"{what} must be an object")
    if len(value) > _MAX_ITEMS:
        raise _Bad(f"{what} has {len(value)} entries")
    return value


def _fields(value: object, what: str, allowed: tuple[str, ...]) -> dict[str, object]:
    row = _table(value, what)
    if set(row) - set(allowed):
        raise _Bad(f"{what} has unexpected entries")
    return row


def _read_json(path: Path) -> Progress:
    """The old JSON progress file; :class:`_Bad` when it cannot be read."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(JSON_MAX_BYTES + 1)
    except OSError as exc:
        raise _Bad(exc.strerror or str(exc)) from None
    if len(raw) > JSON_MAX_BYTES:
        raise _Bad(f"it is larger than {JSON_MAX_BYTES // 1000} kB")
    try:
        text = raw.decode("utf-8")
        check_depth(text, 16)
        data = json.loads(text)
    except ValueError as exc:  # UnicodeDecodeError and JSONDecodeError are ValueErrors
        raise _Bad(f"it is not JSON ({str(exc)[:60]})") from None
    except RecursionError:  # pragma: no cover: check_depth refuses it first
        raise _Bad("it is nested too deeply") from None
    return Progress.from_json(data)


# -- changes: applied to the database, or kept in memory when it cannot be written ----------

@dataclass(frozen=True)
class _Change:
    kind: Literal["solved", "practice", "test", "reset"]
    name: str = ""
    key: str = ""
    numbers: tuple[int, ...] = ()

    def to_memory(self, p: Progress) -> bool:
        if self.kind == "reset":
            p.notebooks.clear()
            p.practice.clear()
            p.tests.clear()
            return True
        if self.kind == "solved":
            keys = p.notebooks.setdefault(self.name, set())
            new = self.key not in keys
            keys.add(self.key)
            return new
        if self.kind == "practice":
            row = p.practice.get(self.name, {"tried": 0, "solved": 0})
            p.practice[self.name] = dict(zip(("tried", "solved"),
                                             _tally(row["tried"], row["solved"],
                                                    bool(self.numbers[0])), strict=True))
            return True
        old = p.tests.get(self.name)
        p.tests[self.name] = dict(zip(("best", "last", "out_of", "taken"),
                                      _taken(old, *self.numbers), strict=True))
        return True

    def to_database(self, db: sqlite3.Connection) -> bool:
        if self.kind == "reset":
            db.execute("DELETE FROM solved")
            db.execute("DELETE FROM practice")
            db.execute("DELETE FROM tests")
            return True
        if self.kind == "solved":
            if db.execute("SELECT 1 FROM solved WHERE notebook = ? AND exercise = ?",
                          (self.name, self.key)).fetchone():
                return False
            _room(db, "solved", "solved exercises")
            db.execute("INSERT INTO solved VALUES (?, ?)", (self.name, self.key))
            return True
        if self.kind == "practice":
            found = db.execute("SELECT tried, solved FROM practice WHERE topic = ?",
                               (self.name,)).fetchone()
            if found is None:
                _room(db, "practice", "practice topics")
            before = found or (0, 0)
            tried, solved = _tally(before[0], before[1], bool(self.numbers[0]))
            _practice_row(self.name, tried, solved)
            db.execute("INSERT OR REPLACE INTO practice VALUES (?, ?, ?)",
                       (self.name, tried, solved))
            return True
        found = db.execute("SELECT best, last, out_of, taken FROM tests WHERE game = ?",
                           (self.name,)).fetchone()
        if found is None:
            _room(db, "tests", "games")
        old = dict(zip(("best", "last", "out_of", "taken"), found, strict=True)) if found else None
        row = _test_row(self.name, *_taken(old, *self.numbers))
        db.execute("INSERT OR REPLACE INTO tests VALUES (?, ?, ?, ?, ?)", row)
        return True


def _tally(tried: int, solved: int, right: bool) -> tuple[int, int]:
    tried = min(_MAX_COUNT, tried + 1)
    return tried, min(tried, solved + right)


def _taken(old: dict[str, int] | None, score: int, out_of: int) -> tuple[int, int, int, int]:
    if old is None:
        return score, score, out_of, 1
    best = max(old["best"], score) if old["out_of"] == out_of else score  # another test's best
    return best, score, out_of, min(_MAX_COUNT, old["taken"] + 1)


def _room(db: sqlite3.Connection, table: str, what: str) -> None:
    (rows,) = db.execute(f"SELECT count(*) FROM {table}").fetchone()
    if rows >= _MAX_ITEMS:
        raise InputError(f"the progress store is full: it keeps at most {_MAX_ITEMS} {what}")


def _load_rows(db: sqlite3.Connection) -> Progress:
    """Every row, checked as on write (:class:`_Bad` names the first thing wrong)."""
    for table in ("solved", "practice", "tests"):
        (rows,) = db.execute(f"SELECT count(*) FROM {table}").fetchone()
        if rows > _MAX_ITEMS:
            raise _Bad(f"it has {rows} rows of {table}, more than {_MAX_ITEMS}")
    out = Progress()
    for notebook, exercise in db.execute("SELECT notebook, exercise FROM solved"):
        out.notebooks.setdefault(_name(notebook, "notebook"), set()).add(
            _name(exercise, "exercise"))
    for row in db.execute("SELECT topic, tried, solved FROM practice"):
        topic, tried, solved = _practice_row(*row)
        out.practice[topic] = {"tried": tried, "solved": solved}
    for row in db.execute("SELECT game, best, last, out_of, taken FROM tests"):
        game, *values = _test_row(*row)
        out.tests[game] = dict(zip(("best", "last", "out_of", "taken"), values, strict=True))
    return out


# -- the store ------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Strong:
    """A plain function held strongly, called like a weak reference."""

    listener: Callable[[], None]

    def __call__(self) -> Callable[[], None]:
        return self.listener


class _Refused(Exception):
    """The path cannot hold the database (the message says why); nothing was opened."""


class _NeedsWrite(Exception):
    """A read found a new, empty database: its tables are made in a write transaction."""


_UNREADABLE = {"SQLITE_CORRUPT", "SQLITE_NOTADB"}


class ProgressStore:
    """The progress database: read on every question, written on every change, each in its own
    transaction, so two notebooks open at once both count. Views that show progress
    :meth:`subscribe` to hear about changes made in this kernel."""

    def __init__(self, path: Path | str | None = None, *, snapshot: bool | None = None) -> None:
        self.path = database_path(Path(path)) if path is not None else default_path()
        #: SQLite in memory, the file written whole after each change: the browser's /drive
        #: cannot hold a live SQLite database (see the README); None: only there
        self.snapshot = _on_browser_drive(self.path) if snapshot is None else snapshot
        self.legacy = self.path.with_suffix(".json")
        self.warning: str | None = None
        self._pending: list[_Change] = []  # changes that could not be written yet
        self._db: tuple[sqlite3.Connection, tuple[int, int] | None] | None = None
        self._listeners: list[Callable[[], Callable[[], None] | None]] = []

    # -- the file ---------------------------------------------------------------------------
    def _target(self) -> Path:
        """The regular file (or the free place) the database is at: a symbolic link is
        followed to a regular file; anything else that is not a regular file is refused."""
        try:
            info = os.lstat(self.path)
        except FileNotFoundError:
            return self.path
        except OSError as exc:
            raise _Refused(exc.strerror or str(exc)) from None
        target = self.path
        if stat.S_ISLNK(info.st_mode):
            target = Path(os.path.realpath(self.path))
            try:
                info = os.stat(target)
            except OSError:
                raise _Refused("it is a symbolic link to nothing") from None
        if not stat.S_ISREG(info.st_mode):
            kind = "a folder" if stat.S_ISDIR(info.st_mode) else (
                "a FIFO" if stat.S_ISFIFO(info.st_mode) else "not a regular file")
            via = " (through a symbolic link)" if target != self.path else ""
            raise _Refused(f"it is {kind}{via}")
        if info.st_size > MAX_BYTES:
            raise _Bad(f"it is larger than {MAX_BYTES // 1_000_000} MB")
        return target

    @contextlib.contextmanager
    def _open(self, create: bool) -> Iterator[sqlite3.Connection | None]:
        """A connection to the database in autocommit mode (None: no database, none made)."""
        target = self._target()
        if not create and not target.exists() and not self.legacy.is_file():
            yield None
            return
        target.parent.mkdir(parents=True, exist_ok=True)
        if self.snapshot:
            db = sqlite3.connect(":memory:", isolation_level=None)
            try:
                with contextlib.suppress(FileNotFoundError):
                    data = bytearray(target.read_bytes())
                    if data[:16] == b"SQLite format 3\0" and data[18:20] == b"\2\2":
                        data[18:20] = b"\1\1"  # written in WAL mode elsewhere: read as a file
                    db.deserialize(bytes(data))
                yield db
            finally:
                db.close()
            return
        # One connection per store, kept open (closing the last one checkpoints and syncs the
        # log, at every change); opened anew when the file at the path is another one.
        if self._db is not None and self._db[1] != _identity(target):
            self.close()
        if self._db is None:
            db = sqlite3.connect(target, timeout=BUSY_SECONDS, isolation_level=None,
                                 check_same_thread=False)
            try:
                db.execute("PRAGMA journal_mode = WAL")  # kept in the file; not everywhere
                db.execute("PRAGMA synchronous = NORMAL")  # in WAL: a crash loses no commit
            except BaseException:
                db.close()
                raise
            self._db = (db, _identity(target))
        try:
            yield self._db[0]
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        """Close the store's connection (the next question opens it again)."""
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db[0].close()
            self._db = None

    def _write_snapshot(self, db: sqlite3.Connection) -> None:
        """Write the whole in-memory database to the file at once (snapshot mode): a new file
        beside it, renamed over it, so a reader sees the old one or the new one."""
        target = self._target()
        temporary = target.with_name(f"{target.name}.{os.getpid()}-{id(db):x}.tmp")
        try:
            with temporary.open("wb") as handle:
                handle.write(db.serialize())
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temporary, target)
        finally:
            with contextlib.suppress(OSError):
                temporary.unlink()

    def _schema(self, db: sqlite3.Connection, create: bool) -> None:
        """Check the database is ours; make the tables (and import the old file) if it is new.
        Runs inside the caller's transaction."""
        tables = {name for (name,) in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables:
            if not create:
                raise _NeedsWrite
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    db.execute(statement)
            db.executemany("INSERT INTO meta VALUES (?, ?)",
                           [("format", FORMAT), ("version", str(VERSION))])
            self._import(db)
            return
        if "meta" not in tables:
            raise _Bad(f"it is not a {FORMAT} database")
        meta = dict(db.execute("SELECT key, value FROM meta").fetchmany(20))
        if meta.get("format") != FORMAT:
            raise _Bad(f"it is not a {FORMAT} database")
        if meta.get("version") != str(VERSION):
            raise _Bad(f"version {shown(meta.get('version'), 20)} is not {VERSION}")
        if not {"solved", "practice", "tests"} <= tables:
            raise _Bad("tables are missing")

    def _import(self, db: sqlite3.Connection) -> None:
        """Copy the old JSON file into the new database (once: only a new database imports)."""
        if not self.legacy.is_file():
            return
        try:
            old = _read_json(self.legacy)
            changes = [_Change("solved", nb, key) for nb, keys in sorted(old.notebooks.items())
                       for key in sorted(keys)]
            db.executemany("INSERT OR IGNORE INTO solved VALUES (?, ?)",
                           [(c.name, c.key) for c in changes])
            db.executemany("INSERT INTO practice VALUES (?, ?, ?)",
                           [(t, r["tried"], r["solved"]) for t, r in old.practice.items()])
            db.executemany("INSERT INTO tests VALUES (?, ?, ?, ?, ?)",
                           [(g, r["best"], r["last"], r["out_of"], r["taken"])
                            for g, r in old.tests.items()])
            _load_rows(db)  # the same limits as every later read
        except _Bad as exc:
            for table in ("solved", "practice", "tests"):
                db.execute(f"DELETE FROM {table}")
            self.warning = (f"The old progress file {self.legacy} could not be read: {exc}. "
                            "It was left as it was; progress starts afresh.")
        db.execute("INSERT INTO meta VALUES ('imported', ?)", (str(self.legacy),))

    def _set_aside(self, problem: str) -> None:
        """Move an unreadable database to the first free ``.bad-N`` name, never over another."""
        self.close()
        kept = ""
        try:
            target = self._target()
            seen = os.stat(target)
        except (OSError, _Refused, _Bad):
            target, seen = self.path, None
        for n in range(1, 1000):
            backup = target.with_name(f"{target.name}.bad-{n}")
            try:
                os.link(target, backup)  # fails if the name is taken: never overwrites
            except FileExistsError:
                continue
            except (OSError, AttributeError):  # no hard links (Pyodide): check, then move
                if backup.exists() or backup.is_symlink():
                    continue
                with contextlib.suppress(OSError):
                    os.replace(target, backup)
                    kept = f" The unreadable file was kept as {backup.name}."
                break
            same = seen is not None and os.stat(backup).st_ino == seen.st_ino
            with contextlib.suppress(OSError):
                if same:  # another process may have made a new database meanwhile: keep it
                    os.unlink(target)
                    kept = f" The unreadable file was kept as {backup.name}."
                else:
                    os.unlink(backup)
            break
        for extra in ("-wal", "-shm", "-journal"):
            with contextlib.suppress(OSError):
                os.unlink(f"{target}{extra}")
        self.warning = (f"The progress database {self.path} could not be read: {problem}. "
                        f"Starting afresh.{kept}")

    def _transaction(self, work: Callable[[sqlite3.Connection], bool], *, write: bool,
                     retry: bool = True) -> bool | None:
        """Run ``work`` in one transaction (None when there is no database to read)."""
        try:
            with self._open(create=write) as db:
                if db is None:
                    return None
                db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                try:
                    self._schema(db, create=write)
                    result = work(db)
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
                if write and self.snapshot:  # a failed write loses the in-memory copy too
                    self._write_snapshot(db)
                return result
        except _NeedsWrite:
            return self._transaction(work, write=True, retry=retry)
        except _Bad as exc:
            if not retry:
                raise _Refused(f"it could not be read, nor moved aside ({exc})") from None
            self._set_aside(str(exc))
        except sqlite3.DatabaseError as exc:
            if getattr(exc, "sqlite_errorname", "") not in _UNREADABLE or not retry:
                raise
            self._set_aside(str(exc))
        warning = self.warning
        outcome = self._transaction(work, write=write, retry=False)
        self.warning = warning
        return outcome

    # -- reading ----------------------------------------------------------------------------
    def load(self) -> Progress:
        """The progress so far, with any changes not yet written (a fresh start if there is no
        database or it cannot be read)."""
        found: list[Progress] = []
        try:
            def read(db: sqlite3.Connection) -> bool:
                found.append(_load_rows(db))
                return True

            self._transaction(read, write=False)
        except _Refused as exc:
            self.warning = (f"Progress cannot be kept at {self.path}: {exc}. "
                            "It is kept for this session only.")
        except (OSError, sqlite3.Error) as exc:
            self.warning = (f"Could not read the progress database {self.path} "
                            f"({_reason(exc)}).")
        progress = found[0] if found else Progress()
        for change in self._pending:
            change.to_memory(progress)
        return progress

    # -- writing ----------------------------------------------------------------------------
    def _change(self, change: _Change) -> bool:
        waiting = [*self._pending, change]
        try:
            def write(db: sqlite3.Connection) -> bool:
                results = [c.to_database(db) for c in waiting]
                return results[-1]

            outcome = self._transaction(write, write=True)
            self._pending = []
            if self.warning and ("session only" in self.warning or "Could not" in self.warning):
                self.warning = None
            changed = bool(outcome)
        except _Refused as exc:
            changed = self._keep(change, f"Progress cannot be kept at {self.path}: {exc}.")
        except (OSError, sqlite3.OperationalError) as exc:
            changed = self._keep(change, f"Could not save progress to {self.path} "
                                         f"({_reason(exc)}).")
        except sqlite3.Error as exc:
            changed = self._keep(change, f"Could not save progress to {self.path} "
                                         f"({_reason(exc)}).")
        self._tell()
        return changed

    def _keep(self, change: _Change, problem: str) -> bool:
        """Keep a change that could not be written; the next change writes it."""
        before = self.load()
        changed = change.to_memory(before)
        if changed:
            self._pending.append(change)
        self.warning = f"{problem} It is kept for this session only, until it can be saved."
        return changed

    def record(self, notebook: str, key: str) -> bool:
        """Record that the exercise ``key`` of ``notebook`` was solved (True if new)."""
        try:
            _name(notebook, "notebook"), _name(key, "exercise")
        except _Bad as exc:
            raise InputError(f"not a notebook and exercise name: {exc}") from None
        return self._change(_Change("solved", notebook, key))

    def record_practice(self, topic: str, *, solved: bool) -> None:
        """Count one generated exercise of ``topic`` tried (and solved, if it was)."""
        try:
            _name(topic, "topic")
        except _Bad as exc:
            raise InputError(f"not a practice topic: {exc}") from None
        if not isinstance(solved, bool):
            raise InputError(f"solved must be True or False, not {shown(solved, 20)}")
        self._change(_Change("practice", topic, numbers=(int(solved),)))

    def record_test(self, game: str, score: int, out_of: int) -> None:
        """Record a finished "test yourself" of ``game``: ``score`` right of ``out_of``."""
        try:
            _name(game, "game"), _count(score, "score"), _count(out_of, "out_of")
        except _Bad as exc:
            raise InputError(f"not a test result: {exc}") from None
        if score > out_of:
            raise InputError(f"not a test result: {score} right of {out_of}")
        self._change(_Change("test", game, numbers=(score, out_of)))

    def reset(self) -> None:
        """Forget everything (every row is deleted, in one transaction)."""
        self._pending = []
        self._change(_Change("reset"))

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


def _identity(path: Path) -> tuple[int, int] | None:
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


def _on_browser_drive(path: Path) -> bool:
    """Is ``path`` in a browser kernel's /drive (JupyterLite's browser-storage file system)?"""
    if sys.platform != "emscripten":
        return False
    with contextlib.suppress(OSError, ValueError):
        return Path(os.path.realpath(path)).is_relative_to(BROWSER_DRIVE)
    return False


def _reason(exc: BaseException) -> str:
    if isinstance(exc, OSError):
        return str(exc.strerror or exc)[:100]
    return str(exc)[:100] or type(exc).__name__


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
            return _("{title}: no exercises.").format(title=self.title)
        return ngettext("You have solved {solved} of {total} exercise in this notebook.",
                        "You have solved {solved} of {total} exercises in this notebook.",
                        self.total).format(solved=self.solved, total=self.total)


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
