"""``tutor lab``'s copy of the course: everything shipped is copied, an update refreshes only the
files the learner never touched, and an edited notebook is never overwritten."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tutor.cli import main
from tutor.cli.lab import jupyterlab_command
from tutor.lab import MANIFEST, CourseError, copy_course, course_files, course_root

ROOT = Path(__file__).resolve().parents[2]


def _notebook(text: str) -> str:
    """A small whole notebook (a damaged one is restored, not kept)."""
    return json.dumps({"cells": [{"cell_type": "markdown", "source": text, "metadata": {}}],
                       "metadata": {}, "nbformat": 4, "nbformat_minor": 5}) + "\n"


def _course(tmp_path: Path, version: str) -> Path:
    source = tmp_path / "shipped"
    (source / "apps").mkdir(parents=True, exist_ok=True)
    (source / ".ipynb_checkpoints").mkdir(exist_ok=True)
    for name in ("00_start.ipynb", "01_next.ipynb", "glossary.md", "apps/app.ipynb"):
        (source / name).write_text(_notebook(f"{name} {version}"), encoding="utf-8")
    (source / "notes.txt").write_text("not course material\n", encoding="utf-8")
    (source / ".ipynb_checkpoints" / "00_start-checkpoint.ipynb").write_text("x", "utf-8")
    return source


def test_the_course_of_a_clone_is_the_notebooks_folder() -> None:
    assert course_root() == ROOT / "notebooks"
    names = [name for name, _ in course_files()]
    assert names == sorted(names, key=lambda n: ("/" in n, n))
    assert {n for n in names if "/" not in n} == {
        p.name for pattern in ("*.ipynb", "*.md") for p in (ROOT / "notebooks").glob(pattern)}
    assert {n.split("/")[1] for n in names if n.startswith("apps/")} == {  # the example records too
        p.name for pattern in ("*.ipynb", "*.json")
        for p in (ROOT / "notebooks" / "apps").glob(pattern)}


def test_first_copy_takes_every_course_file_and_nothing_else(tmp_path: Path) -> None:
    source = _course(tmp_path, "v1")
    report = copy_course(tmp_path / "mine", source=source)
    assert report.copied == ("00_start.ipynb", "01_next.ipynb", "glossary.md", "apps/app.ipynb")
    assert not (tmp_path / "mine" / "notes.txt").exists()
    assert not (tmp_path / "mine" / ".ipynb_checkpoints").exists()
    copied = (tmp_path / "mine" / "apps" / "app.ipynb").read_text("utf-8")
    assert copied == _notebook("apps/app.ipynb v1")
    again = copy_course(tmp_path / "mine", source=source)
    assert again.copied == () and len(again.current) == 4


def test_update_refreshes_untouched_files_and_keeps_edited_ones(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    copy_course(mine, source=_course(tmp_path, "v1"))
    (mine / "01_next.ipynb").write_text(_notebook("my own answers"), encoding="utf-8")
    (mine / "glossary.md").unlink()
    source = _course(tmp_path, "v2")

    plain = copy_course(mine, source=source)  # without --update: only the missing file comes back
    assert plain.copied == ("glossary.md",)
    assert plain.kept == ("01_next.ipynb",)
    assert plain.stale == ("00_start.ipynb", "apps/app.ipynb")
    assert (mine / "00_start.ipynb").read_text("utf-8") == _notebook("00_start.ipynb v1")
    assert "have a newer version" in str(plain)

    update = copy_course(mine, update=True, source=source)
    assert update.refreshed == ("00_start.ipynb", "apps/app.ipynb")
    assert update.kept == ("01_next.ipynb",)
    assert (mine / "00_start.ipynb").read_text("utf-8") == _notebook("00_start.ipynb v2")
    assert (mine / "01_next.ipynb").read_text("utf-8") == _notebook("my own answers")
    assert "kept your edited copy of 01_next.ipynb" in str(update)

    later = copy_course(mine, update=True, source=_course(tmp_path, "v3"))
    assert later.kept == ("01_next.ipynb",)  # still the learner's, whatever the version


def test_a_file_that_was_there_before_the_course_is_never_overwritten(tmp_path: Path) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "00_start.ipynb").write_text(_notebook("someone else's"), encoding="utf-8")
    report = copy_course(mine, update=True, source=_course(tmp_path, "v1"))
    assert report.kept == ("00_start.ipynb",)
    assert (mine / "00_start.ipynb").read_text("utf-8") == _notebook("someone else's")


@pytest.mark.parametrize("manifest", ["not json", "[]", '{"files": {"a": 1}}',
                                      "[" * 100_000 + "]" * 100_000])
def test_a_damaged_manifest_is_a_clear_error(tmp_path: Path, manifest: str) -> None:
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / MANIFEST).write_text(manifest, encoding="utf-8")
    with pytest.raises(CourseError, match="is not a course manifest"):
        copy_course(mine, source=_course(tmp_path, "v1"))


def test_a_file_in_the_way_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "mine").write_text("a file", encoding="utf-8")
    with pytest.raises(CourseError, match="is a file, not a folder"):
        copy_course(tmp_path / "mine", source=_course(tmp_path, "v1"))
    (tmp_path / "other" / "apps" / "app.ipynb").mkdir(parents=True)
    with pytest.raises(CourseError, match="in the way"):
        copy_course(tmp_path / "other", source=_course(tmp_path, "v1"))


def test_the_manifest_records_what_was_copied(tmp_path: Path) -> None:
    copy_course(tmp_path / "mine", source=_course(tmp_path, "v1"))
    files = json.loads((tmp_path / "mine" / MANIFEST).read_text("utf-8"))["files"]
    assert sorted(files) == ["00_start.ipynb", "01_next.ipynb", "apps/app.ipynb", "glossary.md"]


def test_jupyterlab_opens_the_first_lesson_of_the_folder(tmp_path: Path) -> None:
    copy_course(tmp_path, source=_course(tmp_path / "src", "v1"))
    command = jupyterlab_command(tmp_path, 8890, browser=False)
    assert command[1:3] == ["-m", "jupyterlab"]
    assert f"--ServerApp.root_dir={tmp_path}" in command
    assert "--port=8890" in command and "--no-browser" in command
    assert "--LabApp.default_url=/lab/tree/00_start.ipynb" in command


def test_cli_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for port, message in (("0", "--port: must be 1 to 65,535, not 0"),
                          ("x", "--port: expected a whole number, not 'x'")):
        with pytest.raises(SystemExit) as exit_:
            main(["lab", "--port", port])
        assert exit_.value.code == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1


def test_cli_refuses_a_file_as_the_course_folder(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "f").write_text("x", encoding="utf-8")
    assert main(["lab", str(tmp_path / "f"), "--no-browser"]) == 2
    assert "is a file, not a folder" in capsys.readouterr().err


def test_tutor_lab_trusts_the_course_it_copies_but_not_an_edited_notebook(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A trusted notebook shows its stored pictures before a cell runs (JupyterLab hides an
    untrusted notebook's SVG behind its plain text); the learner's own edits are left alone."""
    nbformat = pytest.importorskip("nbformat")
    from nbformat.sign import NotebookNotary

    from tutor.lab import trust_course

    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path / "jupyter"))  # a trust store of its own
    mine = tmp_path / "mine"
    copy_course(mine)
    edited = mine / "01_how_a_hand_is_played.ipynb"
    notebook = nbformat.read(edited, as_version=4)
    notebook.cells[0].source += "\nMy note."
    nbformat.write(notebook, edited)
    report = copy_course(mine)
    assert report.kept == ("01_how_a_hand_is_played.ipynb",)
    signed = trust_course(report)
    assert "00_start_here.ipynb" in signed and "apps/play_a_hand.ipynb" in signed
    assert "01_how_a_hand_is_played.ipynb" not in signed
    notary = NotebookNotary()
    assert notary.check_signature(nbformat.read(mine / "03_huangyan_scoring.ipynb", 4))
    assert not notary.check_signature(nbformat.read(edited, 4))
