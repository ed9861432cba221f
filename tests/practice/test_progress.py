"""The progress store: where it lives, what it counts, that it survives a restart, and that a
corrupt or hostile file gives a clear message and a fresh start, never a traceback."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from tutor.exercises.catalog import NOTEBOOKS, exercises_of, notebook_of
from tutor.study import progress
from tutor.study.progress import (
    ENV_VAR,
    MAX_BYTES,
    ProgressStore,
    default_path,
    default_store,
    notebook_count,
    summary_lines,
)


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "sub" / "progress.json"


def test_default_place_env_var_home_and_browser(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "mine.json"))
    assert default_path() == tmp_path / "mine.json"
    monkeypatch.delenv(ENV_VAR)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_path() == tmp_path / ".mahjong-tutor" / "progress.json"
    drive = tmp_path / "drive"
    drive.mkdir()
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(progress, "BROWSER_DRIVE", drive)
    assert default_path() == drive / "mahjong-tutor-progress.json"
    monkeypatch.setattr(progress, "BROWSER_DRIVE", tmp_path / "no-drive")
    assert default_path() == tmp_path / ".mahjong-tutor" / "progress.json"


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
    data = json.loads(path.read_text())
    assert data["practice"] == {"waits": {"tried": 2, "solved": 1}}
    assert data["tests"]["huangyan"] == {"best": 7, "last": 5, "out_of": 10, "taken": 2}
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


HOSTILE = {
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
    "a bad name": b'{"format": "mahjong-tutor-progress", "version": 1, "notebooks": '
                  b'{"../../etc": ["x"]}}',
    "keys not a list": b'{"format": "mahjong-tutor-progress", "version": 1, "notebooks": '
                       b'{"02_tiles_hands_waits": "hands-shanten"}}',
    "an unknown entry": b'{"format": "mahjong-tutor-progress", "version": 1, "extra": 1}',
    "too big": b" " * (MAX_BYTES + 10),
}


@pytest.mark.parametrize("content", HOSTILE.values(), ids=list(HOSTILE))
def test_a_bad_file_means_a_message_and_a_fresh_start(path: Path, content: bytes) -> None:
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    store = ProgressStore(path)
    assert store.solved("02_tiles_hands_waits") == frozenset()
    assert store.warning is not None and "could not be read" in store.warning
    assert "Starting afresh" in store.warning and "Traceback" not in store.warning
    assert len(store.warning) < 300
    assert path.with_name("progress.json.bad").read_bytes() == content  # kept, not lost
    assert store.record("02_tiles_hands_waits", "hands-shanten")  # and it works again
    assert ProgressStore(path).solved("02_tiles_hands_waits") == {"hands-shanten"}


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="needs a file system that refuses writes to a normal user")
def test_an_unwritable_place_keeps_progress_for_the_session(tmp_path: Path) -> None:
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        store = ProgressStore(locked / "progress.json")
        store.record("02_tiles_hands_waits", "hands-shanten")
        assert store.warning is not None and "kept for this session only" in store.warning
        assert store.solved("02_tiles_hands_waits") == {"hands-shanten"}
    finally:
        locked.chmod(0o700)


def test_a_directory_in_the_way_keeps_progress_for_the_session(tmp_path: Path) -> None:
    blocked = tmp_path / "progress.json"
    (blocked / "inside").mkdir(parents=True)  # the file's place is a directory
    store = ProgressStore(blocked)
    assert store.solved("02_tiles_hands_waits") == frozenset()
    store.record("02_tiles_hands_waits", "hands-shanten")
    assert store.warning is not None
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
    assert default_store() is not first and default_store().path == tmp_path / "b.json"


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


def test_deep_nesting_is_refused_before_parsing(path: Path) -> None:
    # Pyodide's JSON reader kills the browser kernel on deep nesting instead of raising, so
    # the store counts brackets first (brackets inside strings do not count)
    path.parent.mkdir(parents=True)
    path.write_text("[" * 20 + "]" * 20)
    store = ProgressStore(path)
    store.load()
    assert store.warning is not None and "nested too deeply" in store.warning
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
