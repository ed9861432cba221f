"""The progress store: where it lives, what it counts, that it survives a restart, and that a
corrupt or hostile file gives a clear message and a fresh start, never a traceback."""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import signal
import sqlite3
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tutor.errors import InputError
from tutor.exercises.catalog import NOTEBOOKS, exercises_of, notebook_of
from tutor.study import progress
from tutor.study.progress import (
    ENV_VAR,
    JSON_MAX_BYTES,
    ProgressStore,
    default_path,
    default_store,
    notebook_count,
    summary_lines,
)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "sub" / "progress.sqlite3"


def _rows(path: Path, sql: str) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as db:
        return db.execute(sql).fetchall()


def test_default_place_env_var_home_and_browser(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "mine.sqlite3"))
    assert default_path() == tmp_path / "mine.sqlite3"
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "mine.json"))  # the old name: the database beside
    assert default_path() == tmp_path / "mine.sqlite3"
    assert not ProgressStore(default_path()).snapshot
    monkeypatch.delenv(ENV_VAR)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_path() == tmp_path / ".mahjong-tutor" / "progress.sqlite3"
    drive = tmp_path / "drive"
    drive.mkdir()
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(progress, "BROWSER_DRIVE", drive)
    assert default_path() == drive / "mahjong-tutor-progress.sqlite3"
    assert ProgressStore(default_path()).snapshot  # /drive cannot hold a live database
    assert not ProgressStore(tmp_path / "elsewhere.sqlite3").snapshot
    monkeypatch.setattr(progress, "BROWSER_DRIVE", tmp_path / "no-drive")
    assert default_path() == tmp_path / ".mahjong-tutor" / "progress.sqlite3"


def test_record_count_and_survive_a_restart(path: Path) -> None:
    store = ProgressStore(path)
    assert notebook_count("03_huangyan_scoring", store).line() == (
        "You have solved 0 of 3 exercises in this notebook.")
    assert store.record("03_huangyan_scoring", "huangyan-doubles")
    assert not store.record("03_huangyan_scoring", "huangyan-doubles")  # once only
    store.record("03_huangyan_scoring", "huangyan-score-total")
    store.record_practice("waits", solved=True)
    store.record_practice("waits", solved=False)
    store.record_test("huangyan", 7, 10)
    store.record_test("huangyan", 5, 10)
    restarted = ProgressStore(path)  # a new kernel: only the file is shared
    count = notebook_count("03_huangyan_scoring", restarted)
    assert (count.solved, count.total) == (2, 3)
    assert count.line() == "You have solved 2 of 3 exercises in this notebook."
    assert _rows(path, "SELECT * FROM practice") == [("waits", 2, 1)]
    assert _rows(path, "SELECT * FROM tests") == [("huangyan", 7, 5, 10, 2)]
    assert restarted.warning is None
    lines = summary_lines(restarted)
    assert lines[0] == f"Exercises solved: 2 of {sum(len(exercises_of(n)) for n in NOTEBOOKS)} " \
                       "across the notebooks."
    assert "03 Huangyan scoring: 2 of 3" in lines
    assert any(line.startswith("Practice: 1 of 2") for line in lines)
    assert "Test yourself, huangyan: best 7 of 10 (2 taken)." in lines


def test_two_stores_on_one_file_both_count(path: Path) -> None:
    a, b = ProgressStore(path), ProgressStore(path)
    a.record("02_tiles_hands_waits", "hands-shanten")
    b.record("02_tiles_hands_waits", "hands-pair-wait")  # reads the file first
    assert ProgressStore(path).solved("02_tiles_hands_waits") == {"hands-shanten",
                                                                  "hands-pair-wait"}


def test_old_keys_are_not_counted(path: Path) -> None:
    store = ProgressStore(path)
    store.record("02_tiles_hands_waits", "an-exercise-no-longer-asked")
    assert notebook_count("02_tiles_hands_waits", store).solved == 0


def test_listeners_hear_every_change(path: Path) -> None:
    store = ProgressStore(path)
    heard: list[int] = []
    listener = lambda: heard.append(1)  # noqa: E731
    store.subscribe(listener)
    store.record("02_tiles_hands_waits", "hands-shanten")
    store.record_practice("waits", solved=True)
    store.unsubscribe(listener)
    store.reset()
    assert len(heard) == 2
    assert store.solved("02_tiles_hands_waits") == frozenset()


# -- many writers at once ---------------------------------------------------------------------

EARLIER = [(nb, ex.key) for nb in NOTEBOOKS for ex in exercises_of(nb)]  # the 27 of the course
FORK = multiprocessing.get_context("fork")


def _save_earlier(path: Path) -> None:
    store = ProgressStore(path)
    for notebook, key in EARLIER:
        store.record(notebook, key)
    store.record_test("huangyan", 7, 10)
    store.close()


def _writer(path: str, name: str, count: int, start: Any) -> None:
    start.wait()
    store = ProgressStore(path)
    for i in range(count):
        store.record("zz_writers", f"{name}-{i}")
        if i % 10 == 0:
            store.record_practice("waits", solved=i % 20 == 0)
    if store.warning:
        raise SystemExit(store.warning)


def test_two_writers_at_once_keep_every_record_20_times(tmp_path: Path) -> None:
    for run in range(20):
        path = tmp_path / f"run{run}" / "progress.sqlite3"
        _save_earlier(path)
        start = FORK.Barrier(2)
        writers = [FORK.Process(target=_writer, args=(str(path), name, 300, start))
                   for name in "ab"]
        for w in writers:
            w.start()
        for w in writers:
            w.join(120)
        assert [w.exitcode for w in writers] == [0, 0]
        reader = ProgressStore(path)
        got = reader.load()
        assert reader.warning is None
        assert sum(len(keys) for keys in got.notebooks.values()) == 627, f"run {run}"
        assert all(key in got.notebooks[nb] for nb, key in EARLIER)
        assert got.tests["huangyan"] == {"best": 7, "last": 7, "out_of": 10, "taken": 1}
        assert got.practice["waits"] == {"tried": 60, "solved": 30}  # no lost update either


def _killed_writer(path: str, snapshot: bool, sent: Any) -> None:
    store = ProgressStore(path, snapshot=snapshot)
    for i in range(100_000):
        store.record("zz_writers", f"k-{i}")
        sent.send(i)  # only after the record is saved


@pytest.mark.parametrize("snapshot", [False, True], ids=["sqlite", "snapshot"])
def test_a_writer_killed_at_any_moment_loses_no_earlier_record(tmp_path: Path,
                                                              snapshot: bool) -> None:
    rng = random.Random(22)
    for run in range(12):
        path = tmp_path / f"run{run}" / "progress.sqlite3"
        _save_earlier(path) if not snapshot else None
        if snapshot:
            store = ProgressStore(path, snapshot=True)
            for notebook, key in EARLIER:
                store.record(notebook, key)
        receive, sent = FORK.Pipe(duplex=False)
        writer = FORK.Process(target=_killed_writer, args=(str(path), snapshot, sent))
        writer.start()
        time.sleep(rng.uniform(0.0, 0.3))
        os.kill(writer.pid or 0, signal.SIGKILL)
        writer.join(30)
        saved = []
        while receive.poll():
            saved.append(receive.recv())
        reader = ProgressStore(path, snapshot=snapshot)
        got = reader.load()
        assert reader.warning is None, reader.warning
        assert all(key in got.notebooks[nb] for nb, key in EARLIER)
        assert {f"k-{i}" for i in saved} <= got.notebooks.get("zz_writers", set())
        left = [p.name for p in path.parent.iterdir() if p.name != "progress.sqlite3"]
        assert not [n for n in left if ".bad" in n]  # nothing was found unreadable
        assert all(n.endswith((".tmp", "-wal", "-shm")) for n in left)  # a temporary's leftovers


# -- values checked on write as on read -------------------------------------------------------

BAD_WRITES: dict[str, Callable[[ProgressStore], object]] = {
    "score 7.5": lambda s: s.record_test("huangyan", 7.5, 10),  # type: ignore[arg-type]
    "score True": lambda s: s.record_test("huangyan", True, 10),
    "out_of 10.0": lambda s: s.record_test("huangyan", 7, 10.0),  # type: ignore[arg-type]
    "score above out_of": lambda s: s.record_test("huangyan", 11, 10),
    "negative score": lambda s: s.record_test("huangyan", -1, 10),
    "huge out_of": lambda s: s.record_test("huangyan", 1, 10**10),
    "solved 0.5": lambda s: s.record_practice("waits", solved=0.5),  # type: ignore[arg-type]
    "solved 1": lambda s: s.record_practice("waits", solved=1),  # type: ignore[arg-type]
    "topic not text": lambda s: s.record_practice(7, solved=True),  # type: ignore[arg-type]
    "topic too long": lambda s: s.record_practice("w" * 81, solved=True),
    "game a path": lambda s: s.record_test("../huangyan", 1, 2),
    "notebook not text": lambda s: s.record(None, "x"),  # type: ignore[arg-type]
    "exercise with a space": lambda s: s.record("02_tiles_hands_waits", "a b"),
    "exercise empty": lambda s: s.record("02_tiles_hands_waits", ""),
}


@pytest.mark.parametrize("write", BAD_WRITES.values(), ids=list(BAD_WRITES))
def test_every_invalid_value_is_refused_on_write(path: Path,
                                                 write: Callable[[ProgressStore], object]) -> None:
    store = ProgressStore(path)
    store.record("02_tiles_hands_waits", "hands-shanten")
    with pytest.raises(InputError):
        write(store)
    again = ProgressStore(path)
    assert again.load() == progress.Progress(notebooks={"02_tiles_hands_waits":
                                                        {"hands-shanten"}})
    assert again.warning is None


def test_too_many_keys_are_refused_on_write_and_on_read(path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(progress, "_MAX_ITEMS", 5)
    store = ProgressStore(path)
    for i in range(5):
        store.record("02_tiles_hands_waits", f"k{i}")
        store.record_practice(f"topic{i}", solved=True)
        store.record_test(f"game{i}", 1, 2)
    assert not store.record("02_tiles_hands_waits", "k0")  # not new: no room needed
    for write in (lambda: store.record("02_tiles_hands_waits", "k5"),
                  lambda: store.record_practice("topic5", solved=True),
                  lambda: store.record_test("game5", 1, 2)):
        with pytest.raises(InputError, match="at most 5"):
            write()
    store.record_practice("topic0", solved=False)  # an existing row still counts
    assert store.load().practice["topic0"] == {"tried": 2, "solved": 1}
    assert store.warning is None
    with sqlite3.connect(path) as db:  # a sixth row written behind the store's back
        db.execute("INSERT INTO solved VALUES ('02_tiles_hands_waits', 'k5')")
    reader = ProgressStore(path)
    assert reader.load() == progress.Progress()
    assert reader.warning is not None and "more than 5" in reader.warning


READ_BACK_BAD = {
    "score 7.5": "INSERT INTO tests VALUES ('huangyan', 7.5, 7, 10, 1)",
    "score above out_of": "INSERT INTO tests VALUES ('huangyan', 11, 7, 10, 1)",
    "solved above tried": "INSERT INTO practice VALUES ('waits', 1, 2)",
    "tried 0.5": "INSERT INTO practice VALUES ('waits', 0.5, 0)",
    "a bad name": "INSERT INTO solved VALUES ('../etc', 'x')",
    "a name too long": "INSERT INTO solved VALUES ('n', '" + "x" * 81 + "')",
}


@pytest.mark.parametrize("sql", READ_BACK_BAD.values(), ids=list(READ_BACK_BAD))
def test_a_value_the_store_refuses_to_write_it_refuses_to_read(path: Path, sql: str) -> None:
    ProgressStore(path).record("02_tiles_hands_waits", "hands-shanten")
    with sqlite3.connect(path) as db:
        with pytest.raises(sqlite3.IntegrityError):  # the tables' CHECKs refuse it too
            db.execute(sql)
        db.execute("PRAGMA ignore_check_constraints = ON")
        db.execute(sql)
    store = ProgressStore(path)
    assert store.load() == progress.Progress()
    assert store.warning is not None and "could not be read" in store.warning
    assert (path.parent / "progress.sqlite3.bad-1").exists()


# -- files that cannot be read --------------------------------------------------------------

UNREADABLE = {
    "not SQLite": b"{this is not a database",
    "binary": bytes(range(256)) * 40,
    "a damaged database": None,  # made in the test
    "another program's database": b"other",
    "a future version": b"future",
}


def _unreadable(path: Path, kind: bytes | None) -> None:
    if kind in (None, b"other", b"future"):
        writer = ProgressStore(path)
        writer.record("02_tiles_hands_waits", "hands-shanten")
        writer.close()
        db = sqlite3.connect(path)
        if kind == b"other":
            db.execute("DROP TABLE meta")
        elif kind == b"future":
            db.execute("UPDATE meta SET value = '9' WHERE key = 'version'")
        db.commit()
        db.close()  # the change is in the file itself, not only in its write-ahead log
        if kind is None:
            data = bytearray(path.read_bytes())
            data[100:4096] = b"\xff" * (4096 - 100)  # the first page's b-tree, overwritten
            path.write_bytes(bytes(data))
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(kind)


@pytest.mark.parametrize("snapshot", [False, True], ids=["sqlite", "snapshot"])
@pytest.mark.parametrize("kind", UNREADABLE.values(), ids=list(UNREADABLE))
def test_an_unreadable_database_is_kept_under_a_new_name(path: Path, kind: bytes | None,
                                                         snapshot: bool) -> None:
    contents = []
    for n in (1, 2, 3):
        _unreadable(path, kind)
        contents.append(path.read_bytes())
        store = ProgressStore(path, snapshot=snapshot)
        assert store.solved("02_tiles_hands_waits") == frozenset()
        assert store.warning is not None and "could not be read" in store.warning
        assert f"kept as progress.sqlite3.bad-{n}" in store.warning
        assert "Traceback" not in store.warning and len(store.warning) < 300
        assert store.record("02_tiles_hands_waits", "hands-pair-wait")  # works again
        again = ProgressStore(path, snapshot=snapshot)
        assert again.solved("02_tiles_hands_waits") == {"hands-pair-wait"}
        store.close()
        again.close()  # the last connection gone, its write-ahead log with it
        path.unlink()
    for n, content in enumerate(contents, 1):  # never one backup over another
        assert (path.parent / f"progress.sqlite3.bad-{n}").read_bytes() == content


def test_a_database_too_large_is_set_aside(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    ProgressStore(path).record("02_tiles_hands_waits", "hands-shanten")
    monkeypatch.setattr(progress, "MAX_BYTES", 100)
    store = ProgressStore(path)
    assert store.load() == progress.Progress()
    assert store.warning is not None and "larger than" in store.warning


# -- the old JSON file ------------------------------------------------------------------------

OLD = {"format": "mahjong-tutor-progress", "version": 1,
       "notebooks": {"02_tiles_hands_waits": ["hands-shanten", "hands-pair-wait"]},
       "practice": {"waits": {"tried": 4, "solved": 3}},
       "tests": {"huangyan": {"best": 7, "last": 6, "out_of": 10, "taken": 2}}}


def test_the_old_json_file_is_imported_once(tmp_path: Path) -> None:
    old = tmp_path / "progress.json"
    old.write_text(json.dumps(OLD))
    store = ProgressStore(old)  # the old name: the database beside it
    assert store.path == tmp_path / "progress.sqlite3"
    got = store.load()
    assert got.notebooks == {"02_tiles_hands_waits": {"hands-shanten", "hands-pair-wait"}}
    assert got.practice == {"waits": {"tried": 4, "solved": 3}}
    assert got.tests == {"huangyan": {"best": 7, "last": 6, "out_of": 10, "taken": 2}}
    assert store.warning is None
    store.record_practice("waits", solved=True)
    store.reset()
    store.record("03_huangyan_scoring", "huangyan-doubles")
    assert json.loads(old.read_text()) == OLD  # left as it was
    for again in (ProgressStore(old), ProgressStore(tmp_path / "progress.sqlite3")):
        assert again.load() == progress.Progress(notebooks={"03_huangyan_scoring":
                                                            {"huangyan-doubles"}})


HOSTILE_JSON = {
    "not JSON": b"{this is not json",
    "binary": bytes(range(256)),
    "a list": b"[1, 2, 3]",
    "another program's file": b'{"format": "something else", "version": 1}',
    "a future version": b'{"format": "mahjong-tutor-progress", "version": 99}',
    "deep nesting": b"[" * 100_000 + b"]" * 100_000,
    "a huge number": b'{"format": "mahjong-tutor-progress", "version": 1, "practice": '
                     b'{"waits": {"tried": ' + b"9" * 5000 + b', "solved": 1}}}',
    "a negative count": b'{"format": "mahjong-tutor-progress", "version": 1, "practice": '
                        b'{"waits": {"tried": -3, "solved": 0}}}',
    "more solved than tried": b'{"format": "mahjong-tutor-progress", "version": 1, '
                              b'"practice": {"waits": {"tried": 1, "solved": 3}}}',
    "a bad name": b'{"format": "mahjong-tutor-progress", "version": 1, "notebooks": '
                  b'{"../../etc": ["x"]}}',
    "keys not a list": b'{"format": "mahjong-tutor-progress", "version": 1, "notebooks": '
                       b'{"02_tiles_hands_waits": "hands-shanten"}}',
    "an unknown entry": b'{"format": "mahjong-tutor-progress", "version": 1, "extra": 1}',
    "too big": b" " * (JSON_MAX_BYTES + 10),
}


@pytest.mark.parametrize("content", HOSTILE_JSON.values(), ids=list(HOSTILE_JSON))
def test_a_bad_old_file_means_a_message_and_a_fresh_start(tmp_path: Path,
                                                          content: bytes) -> None:
    old = tmp_path / "progress.json"
    old.write_bytes(content)
    store = ProgressStore(old)
    assert store.solved("02_tiles_hands_waits") == frozenset()
    assert store.warning is not None and "could not be read" in store.warning
    assert "starts afresh" in store.warning and len(store.warning) < 300
    assert old.read_bytes() == content  # left as it was
    assert store.record("02_tiles_hands_waits", "hands-shanten")
    assert ProgressStore(old).solved("02_tiles_hands_waits") == {"hands-shanten"}


# -- writes that fail, odd files --------------------------------------------------------------

def test_after_a_failed_write_nothing_is_overwritten_from_memory(
        path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    a, b = ProgressStore(path), ProgressStore(path)
    a.record("02_tiles_hands_waits", "hands-shanten")
    real = progress._Change.to_database

    def full(*args: Any, **kwargs: Any) -> bool:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(progress._Change, "to_database", full)
    assert a.record("02_tiles_hands_waits", "hands-pair-wait")  # new, kept for the session
    a.record_practice("waits", solved=True)
    assert a.warning is not None and "disk is full" in a.warning and "session" in a.warning
    assert a.solved("02_tiles_hands_waits") == {"hands-shanten", "hands-pair-wait"}
    monkeypatch.setattr(progress._Change, "to_database", real)
    b.record("03_huangyan_scoring", "huangyan-doubles")  # another notebook, meanwhile
    b.record_practice("waits", solved=False)
    a.record_practice("waits", solved=True)  # writes the kept changes, over what is there now
    assert a.warning is None
    final = ProgressStore(path).load()
    assert final.notebooks == {"02_tiles_hands_waits": {"hands-shanten", "hands-pair-wait"},
                               "03_huangyan_scoring": {"huangyan-doubles"}}
    assert final.practice == {"waits": {"tried": 3, "solved": 2}}
    a.record_practice("waits", solved=False)  # the kept changes were written once, not again
    assert ProgressStore(path).load().practice == {"waits": {"tried": 4, "solved": 2}}


def _in_time(work: Callable[[], object], seconds: float = 10.0) -> None:
    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), "it hung"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_at_once(path: Path) -> None:
    path.parent.mkdir(parents=True)
    os.mkfifo(path)
    store = ProgressStore(path)
    _in_time(lambda: store.record("02_tiles_hands_waits", "hands-shanten"))
    assert store.warning is not None and "a FIFO" in store.warning
    assert "session only" in store.warning
    assert store.solved("02_tiles_hands_waits") == {"hands-shanten"}
    _in_time(lambda: ProgressStore(path).load())


def test_a_symlink_to_a_regular_file_is_followed_and_stays_a_link(tmp_path: Path) -> None:
    real = tmp_path / "elsewhere" / "real.sqlite3"
    ProgressStore(real).record("02_tiles_hands_waits", "hands-shanten")
    link = tmp_path / "progress.sqlite3"
    link.symlink_to(real)
    store = ProgressStore(link)
    store.record("03_huangyan_scoring", "huangyan-doubles")
    assert link.is_symlink() and store.warning is None
    assert ProgressStore(real).solved("03_huangyan_scoring") == {"huangyan-doubles"}
    assert {p.name for p in tmp_path.iterdir()} == {"elsewhere", "progress.sqlite3"}


@pytest.mark.parametrize("snapshot", [False, True], ids=["sqlite", "snapshot"])
def test_a_dangling_symlink_or_a_link_to_a_fifo_is_refused(tmp_path: Path,
                                                           snapshot: bool) -> None:
    link = tmp_path / "progress.sqlite3"
    link.symlink_to(tmp_path / "nowhere" / "target.sqlite3")
    store = ProgressStore(link, snapshot=snapshot)
    store.record("02_tiles_hands_waits", "hands-shanten")
    assert store.warning is not None and "symbolic link to nothing" in store.warning
    assert not (tmp_path / "nowhere").exists() and link.is_symlink()
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "fifo"
        os.mkfifo(fifo)
        other = tmp_path / "other.sqlite3"
        other.symlink_to(fifo)
        store = ProgressStore(other, snapshot=snapshot)
        _in_time(lambda: store.record("02_tiles_hands_waits", "hands-shanten"))
        assert store.warning is not None and "a FIFO (through a symbolic link)" in store.warning


def test_the_snapshot_store_shares_with_another_and_survives_a_restart(path: Path) -> None:
    a, b = ProgressStore(path, snapshot=True), ProgressStore(path, snapshot=True)
    a.record("02_tiles_hands_waits", "hands-shanten")
    b.record("02_tiles_hands_waits", "hands-pair-wait")
    a.record_test("huangyan", 6, 10)
    live = ProgressStore(path)  # the same file, read as a live database
    assert live.solved("02_tiles_hands_waits") == {"hands-shanten", "hands-pair-wait"}
    live.close()
    assert ProgressStore(path, snapshot=True).load().tests["huangyan"]["best"] == 6
    assert sorted(p.name for p in path.parent.iterdir()) == ["progress.sqlite3"]


def test_a_directory_in_the_way_keeps_progress_for_the_session(tmp_path: Path) -> None:
    blocked = tmp_path / "progress.sqlite3"
    (blocked / "inside").mkdir(parents=True)  # the file's place is a directory
    store = ProgressStore(blocked)
    assert store.solved("02_tiles_hands_waits") == frozenset()
    store.record("02_tiles_hands_waits", "hands-shanten")
    assert store.warning is not None and "a folder" in store.warning
    assert store.solved("02_tiles_hands_waits") == {"hands-shanten"}


def test_names_are_checked(path: Path) -> None:
    store = ProgressStore(path)
    with pytest.raises(ValueError):
        store.record("../escape", "x")
    with pytest.raises(ValueError):
        store.record_test("huangyan", 11, 10)
    assert not path.exists()


def test_default_store_is_shared_per_place(monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "a.json"))
    assert default_store() is default_store()
    first = default_store()
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "b.json"))
    assert default_store() is not first and default_store().path == tmp_path / "b.sqlite3"


def test_the_catalog_maps_every_exercise_to_its_notebook() -> None:
    seen = set()
    for notebook in NOTEBOOKS:
        for ex in exercises_of(notebook):
            assert notebook_of(ex.key) == notebook
            assert ex.key not in seen
            seen.add(ex.key)
    assert len(seen) == 27
    assert notebook_of("practice-waits-1-3") is None


def test_the_catalog_names_the_notebooks_of_the_sequence() -> None:
    lessons = Path(__file__).resolve().parents[2] / "notebooks"
    assert list(NOTEBOOKS) == sorted(p.stem for p in lessons.glob("*.ipynb"))


def test_deep_nesting_is_refused_before_parsing(tmp_path: Path) -> None:
    # Pyodide's JSON reader kills the browser kernel on deep nesting instead of raising, so
    # the import counts brackets first (brackets inside strings do not count)
    path = tmp_path / "a.json"
    path.write_text("[" * 20 + "]" * 20)
    store = ProgressStore(path)
    store.load()
    assert store.warning is not None and "nested more than 16 deep" in store.warning
    path = tmp_path / "b.json"
    path.write_text('{"format": "' + "[" * 100 + '", "version": 1}')
    store = ProgressStore(path)
    store.load()
    assert store.warning is not None and "not a mahjong-tutor-progress file" in store.warning


def test_a_view_that_is_gone_stops_listening(path: Path) -> None:
    import gc

    class View:
        def __init__(self) -> None:
            self.heard = 0

        def refresh(self) -> None:
            self.heard += 1

    store = ProgressStore(path)
    kept, dropped = View(), View()
    store.subscribe(kept.refresh)
    store.subscribe(dropped.refresh)
    del dropped
    gc.collect()
    store.record("02_tiles_hands_waits", "hands-shanten")
    assert kept.heard == 1 and len(store._listeners) == 1
