"""``tutor lab`` writes only inside its folder and never leaves a half-copied file: symbolic links
planted in the folder are refused before anything is written, an interrupted copy (a truncated
file, a SIGKILL at a random moment) is whole after the next run, and a damaged notebook is
restored and named."""

from __future__ import annotations

import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.lab import MANIFEST, TEMPORARY, CourseError, copy_course, course_files

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.skipif(os.name != "posix", reason="symbolic links and signals")


def _notebook(text: str, size: int = 1) -> bytes:
    cells = [{"cell_type": "markdown", "source": text * size, "metadata": {}}]
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4,
                       "nbformat_minor": 5}).encode() + b"\n"


def _course(tmp_path: Path, version: str = "v1", size: int = 1) -> Path:
    source = tmp_path / f"shipped-{version}"
    (source / "apps").mkdir(parents=True, exist_ok=True)
    for name in ("00_start.ipynb", "01_next.ipynb", "apps/app.ipynb", "apps/game.json"):
        (source / name).write_bytes(_notebook(f"{name} {version} ", size))
    (source / "glossary.md").write_text(f"glossary {version}\n", encoding="utf-8")
    return source


def _snapshot(place: Path) -> dict[str, bytes | str]:
    """Everything under ``place``: files' bytes, links' targets."""
    found: dict[str, bytes | str] = {}
    for path in sorted(place.rglob("*")):
        key = path.relative_to(place).as_posix()
        if path.is_symlink():
            found[key] = "-> " + os.readlink(path)
        elif path.is_file():
            found[key] = path.read_bytes()
    return found


def _whole_as_shipped(mine: Path, source: Path) -> None:
    for relative, shipped in course_files(source):
        assert (mine / relative).read_bytes() == shipped.read_bytes(), relative
    files = json.loads((mine / MANIFEST).read_text("utf-8"))["files"]
    assert files == {r: hashlib.sha256(s.read_bytes()).hexdigest()
                     for r, s in course_files(source)}
    assert not [p for p in mine.rglob(f"*{TEMPORARY}")]


# -- symbolic links ---------------------------------------------------------------------------

def _plant(mine: Path, outside: Path, kind: str, source: Path) -> Path:
    """A link of ``kind`` in ``mine``; returns the link."""
    if kind == "dangling link to a file outside":
        link, target = mine / "00_start.ipynb", outside / "created-through-the-link.ipynb"
    elif kind == "link to a folder outside":
        link, target = mine / "apps", outside / "a-folder"
        target.mkdir()
    elif kind == "link to a file outside (matching the manifest)":
        link, target = mine / "01_next.ipynb", outside / "precious.ipynb"
        target.write_bytes((source / "01_next.ipynb").read_bytes())
    elif kind == "link to an edited file outside":
        link, target = mine / "01_next.ipynb", outside / "precious.ipynb"
        target.write_bytes(_notebook("mine"))
    elif kind == "dangling manifest link":
        link, target = mine / MANIFEST, outside / "manifest.json"
    elif kind == "link to a file inside":
        link, target = mine / "00_start.ipynb", mine / "glossary.md"
    else:  # a link to the folder itself, as apps/
        link, target = mine / "apps", mine
    if link.is_dir() and not link.is_symlink():
        for child in link.iterdir():
            child.unlink()
        link.rmdir()
    elif link.exists() or link.is_symlink():
        link.unlink()
    link.symlink_to(target)
    return link


KINDS = ["dangling link to a file outside", "link to a folder outside",
         "link to a file outside (matching the manifest)", "link to an edited file outside",
         "dangling manifest link", "link to a file inside", "link to the folder itself"]


@pytest.mark.parametrize("update", [False, True], ids=["copy", "update"])
@pytest.mark.parametrize("kind", KINDS)
def test_a_planted_symlink_is_refused_and_nothing_is_written(tmp_path: Path, kind: str,
                                                            update: bool) -> None:
    mine, outside = tmp_path / "mine", tmp_path / "outside"
    outside.mkdir()
    copy_course(mine, source=_course(tmp_path, "v1"))
    source = _course(tmp_path, "v2")
    link = _plant(mine, outside, kind, source)
    (mine / "glossary.md").unlink()  # a file the run would copy, if it wrote anything
    before_outside, before_mine = _snapshot(outside), _snapshot(mine)
    with pytest.raises(CourseError, match="is a symbolic link") as refused:
        copy_course(mine, update=update, source=source)
    assert str(link) in str(refused.value) and "never writes through links" in str(refused.value)
    assert _snapshot(outside) == before_outside  # nothing written outside
    assert _snapshot(mine) == before_mine  # nor anything inside: refused before writing
    link.unlink()  # the learner removes the link: the next run completes
    copy_course(mine, update=True, source=source)
    assert (mine / "glossary.md").read_text("utf-8") == "glossary v2\n"


def test_the_cli_names_the_link_in_one_line(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "00_start_here.ipynb").symlink_to(tmp_path / "nowhere.ipynb")
    assert main(["lab", str(mine), "--no-browser"]) != 0
    err = capsys.readouterr().err
    assert "00_start_here.ipynb is a symbolic link" in err and err.count("\n") == 1
    assert not (tmp_path / "nowhere.ipynb").exists()


def test_the_folder_itself_may_be_a_link_but_not_a_dangling_one(tmp_path: Path) -> None:
    real = tmp_path / "real"
    real.mkdir()
    (tmp_path / "mine").symlink_to(real)
    source = _course(tmp_path)
    copy_course(tmp_path / "mine", source=source)
    _whole_as_shipped(real, source)
    (tmp_path / "gone").symlink_to(tmp_path / "nowhere")
    with pytest.raises(CourseError, match="symbolic link to nothing"):
        copy_course(tmp_path / "gone", source=source)
    assert not (tmp_path / "nowhere").exists()


@pytest.mark.parametrize("update", [False, True], ids=["copy", "update"])
@pytest.mark.parametrize("kind", ["folder", "fifo", "a folder where apps/ has a file"])
def test_something_not_a_file_in_a_course_files_place_is_refused(tmp_path: Path, kind: str,
                                                               update: bool) -> None:
    """A folder or a FIFO where a course file goes is named and left alone (never read: a
    FIFO would hang the copy; never replaced)."""
    mine = tmp_path / "mine"
    source = _course(tmp_path)
    copy_course(mine, source=source)
    place = mine / ("apps/game.json" if kind.startswith("a folder") else "01_next.ipynb")
    place.unlink()
    if kind == "fifo":
        os.mkfifo(place)
    else:
        place.mkdir()
        (place / "inside.txt").write_text("the learner's", encoding="utf-8")
    (mine / "glossary.md").unlink()
    before = _snapshot(mine)
    with pytest.raises(CourseError, match=r"is in the way \(not a file\)") as refused:
        copy_course(mine, update=update, source=source)
    assert str(place) in str(refused.value)
    assert _snapshot(mine) == before  # refused before anything was written


# -- interrupted copies -----------------------------------------------------------------------

@pytest.mark.parametrize("update", [False, True], ids=["copy", "update"])
def test_a_truncated_copy_is_restored_and_named(tmp_path: Path, update: bool) -> None:
    mine, source = tmp_path / "mine", _course(tmp_path)
    copy_course(mine, source=source)
    for relative in ("01_next.ipynb", "apps/game.json"):
        whole = (mine / relative).read_bytes()
        (mine / relative).write_bytes(whole[: len(whole) // 2])  # as a killed copy left it
    (mine / "01_next.ipynb.damaged-1").write_bytes(b"an earlier one")
    report = copy_course(mine, update=update, source=source)
    assert report.restored == ("01_next.ipynb", "apps/game.json")
    assert report.set_aside == ("01_next.ipynb.damaged-2", "apps/game.json.damaged-1")
    assert report.kept == ()
    assert ("restored 01_next.ipynb: it was not a whole notebook or record (the damaged file "
            "is kept as 01_next.ipynb.damaged-2)") in str(report)
    _whole_as_shipped(mine, source)
    assert (mine / "01_next.ipynb.damaged-1").read_bytes() == b"an earlier one"  # never over
    assert (mine / "01_next.ipynb.damaged-2").read_bytes().startswith(b'{"cells"')


def test_an_edited_whole_notebook_is_still_kept(tmp_path: Path) -> None:
    mine, source = tmp_path / "mine", _course(tmp_path)
    copy_course(mine, source=source)
    (mine / "01_next.ipynb").write_bytes(_notebook("my answers"))
    (mine / "glossary.md").write_text("half a glos", encoding="utf-8")  # text: can't judge
    report = copy_course(mine, update=True, source=_course(tmp_path, "v2"))
    assert report.kept == ("01_next.ipynb", "glossary.md") and report.restored == ()


_KILLED = """
import sys
from pathlib import Path
from tutor.lab import copy_course
print("started", flush=True)
copy_course(Path(sys.argv[1]), update=True, source=Path(sys.argv[2]))
print("done", flush=True)
"""


def test_a_copy_killed_at_a_random_moment_is_whole_after_the_next_run(tmp_path: Path) -> None:
    rng = random.Random(22)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    sources = [_course(tmp_path, f"v{n}", size=20_000) for n in (1, 2)]  # about 400 kB each
    interrupted = 0
    for run in range(16):
        mine = tmp_path / f"mine{run}"
        if run % 2:
            copy_course(mine, source=sources[0])  # an update interrupted, not only a first copy
        source = sources[run % 2]
        writer = subprocess.Popen([sys.executable, "-c", _KILLED, str(mine), str(source)],
                                  env=env, stdout=subprocess.PIPE, text=True)
        assert writer.stdout is not None
        assert writer.stdout.readline().strip() == "started"
        time.sleep(rng.uniform(0.0, 0.05))
        writer.send_signal(signal.SIGKILL)
        rest = writer.communicate(timeout=60)[0]
        interrupted += "done" not in rest
        report = copy_course(mine, update=True, source=source)
        assert report.kept == () and report.stale == () and report.restored == ()
        _whole_as_shipped(mine, source)
        assert not list(mine.rglob("*.damaged-*"))  # no copy was ever left half-written
    assert interrupted >= 1  # some kills landed mid-copy (how many depends on the machine's speed)
