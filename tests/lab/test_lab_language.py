"""``tutor lab --lang zh``: the Chinese edition comes along with the course (zh/, zh/apps/,
zh/rules/), its first lesson opens, and JupyterLab's own interface is Chinese when the zh-CN
language pack is installed (a settings override in the learner's folder), English otherwise."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import tutor.lab
from tutor.cli.lab import jupyterlab_command
from tutor.lab import (
    LAB_SETTINGS,
    QUIET_SERVER,
    QUIET_SETTINGS,
    copy_course,
    course_files,
    first_lesson,
    lab_settings,
)

ROOT = Path(__file__).resolve().parents[2]
PLUGIN = "@jupyterlab/translation-extension:plugin"
NOTIFICATION = "@jupyterlab/apputils-extension:notification"


def _notebook(text: str) -> str:
    return json.dumps({"cells": [{"cell_type": "markdown", "id": "a", "metadata": {},
                                  "source": text}],
                       "metadata": {}, "nbformat": 4, "nbformat_minor": 5})


def _course(tmp_path: Path) -> Path:
    source = tmp_path / "shipped"
    for name in ("00_start.ipynb", "glossary.md", "apps/app.ipynb", "rules/game.md",
                 "zh/00_start.ipynb", "zh/glossary.md", "zh/apps/app.ipynb", "zh/apps/hands.json",
                 "zh/rules/game.md", "zh/.ipynb_checkpoints/00_start-checkpoint.ipynb"):
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_text(_notebook(name), encoding="utf-8")
    return source


def _pack(monkeypatch: pytest.MonkeyPatch, installed: bool) -> None:
    real = tutor.lab.importlib.util.find_spec

    def find_spec(name: str, *args: Any) -> object:
        if name == "jupyterlab_language_pack_zh_CN":
            return object() if installed else None
        return real(name, *args)

    monkeypatch.setattr(tutor.lab.importlib.util, "find_spec", find_spec)


def test_the_chinese_edition_is_copied_at_every_depth(tmp_path: Path) -> None:
    report = copy_course(tmp_path / "mine", source=_course(tmp_path))
    assert report.copied == ("00_start.ipynb", "glossary.md", "apps/app.ipynb", "rules/game.md",
                             "zh/00_start.ipynb", "zh/apps/app.ipynb", "zh/apps/hands.json",
                             "zh/glossary.md", "zh/rules/game.md")
    assert not (tmp_path / "mine" / "zh" / ".ipynb_checkpoints").exists()
    shipped = {name for name, _ in course_files(ROOT / "notebooks")}
    assert {"zh/00_start_here.ipynb", "zh/apps/practice.ipynb", "zh/apps/example_hands.json",
            "zh/rules/huangyan.md", "zh/glossary.md"} <= shipped


def test_tutor_lab_opens_the_edition_of_its_language(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    _pack(monkeypatch, installed=False)
    copy_course(tmp_path, source=_course(tmp_path / "src"))
    assert first_lesson(tmp_path) == "00_start.ipynb"
    assert first_lesson(tmp_path, "zh") == "zh/00_start.ipynb"
    english = jupyterlab_command(tmp_path, 8890, browser=False)
    chinese = jupyterlab_command(tmp_path, 8890, browser=False, lang="zh")
    assert "--LabApp.default_url=/lab/tree/00_start.ipynb" in english
    assert "--LabApp.default_url=/lab/tree/zh/00_start.ipynb" in chinese
    # no language pack here: both editions' JupyterLab in English, announcements off in both
    for command, lang in ((english, "en"), (chinese, "zh")):
        assert f"--LabApp.app_settings_dir={tmp_path / LAB_SETTINGS / lang}" in command
        assert set(QUIET_SERVER) <= set(command)
        overrides = json.loads((tmp_path / LAB_SETTINGS / lang / "overrides.json").read_text())
        assert overrides == QUIET_SETTINGS
    alone = tmp_path / "english-only"
    (alone / "00_a.ipynb").parent.mkdir()
    (alone / "00_a.ipynb").write_text(_notebook("a"), encoding="utf-8")
    assert first_lesson(alone, "zh") == "00_a.ipynb"  # no Chinese edition: the English one
    assert first_lesson(tmp_path / "nothing", "zh") is None


def test_the_language_pack_makes_jupyterlab_chinese(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    _pack(monkeypatch, installed=True)
    installation = tmp_path / "app-settings"
    installation.mkdir()
    (installation / "overrides.json").write_text(json.dumps(
        {"@jupyterlab/apputils-extension:themes": {"theme": "JupyterLab Dark"},
         PLUGIN: {"displayStringsPrefix": False}}), encoding="utf-8")
    settings = lab_settings(tmp_path, "zh", default=installation)
    assert settings == tmp_path / LAB_SETTINGS / "zh"
    overrides = json.loads((settings / "overrides.json").read_text("utf-8"))
    assert overrides[PLUGIN] == {"displayStringsPrefix": False, "locale": "zh_CN"}
    assert overrides["@jupyterlab/apputils-extension:themes"] == {"theme": "JupyterLab Dark"}
    assert not (settings / "page_config.json").exists()
    assert overrides[NOTIFICATION] == {"fetchNews": "false", "checkForUpdates": False}
    english = lab_settings(tmp_path, "en", default=installation)
    overrides = json.loads((english / "overrides.json").read_text("utf-8"))
    assert overrides[PLUGIN] == {"displayStringsPrefix": False}  # the installation's, no locale
    assert overrides[NOTIFICATION]["fetchNews"] == "false"
    assert overrides["@jupyterlab/apputils-extension:themes"] == {"theme": "JupyterLab Dark"}
    command = jupyterlab_command(tmp_path, 8890, browser=False, lang="zh")
    assert any(part.startswith("--LabApp.app_settings_dir=") and
               part.endswith(f"{LAB_SETTINGS}/zh") for part in command)
    assert LAB_SETTINGS.startswith(".")  # hidden: not part of the course, not in the file browser
    assert not any(LAB_SETTINGS in name for name, _ in course_files(tmp_path))


def test_a_link_in_the_way_of_the_settings_is_refused(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    _pack(monkeypatch, installed=True)
    outside = tmp_path / "outside"
    outside.mkdir()
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / LAB_SETTINGS).symlink_to(outside, target_is_directory=True)
    with pytest.raises(tutor.lab.CourseError, match="symbolic link"):
        lab_settings(mine, "zh", default=tmp_path / "none")
    assert not any(outside.iterdir())


def test_the_language_option_reaches_jupyterlab(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """``tutor lab --lang zh`` hands JupyterLab the Chinese first lesson and TUTOR_LANG=zh."""
    calls: list[tuple[list[str], dict[str, str] | None]] = []

    def call(command: list[str], env: dict[str, str] | None = None) -> int:
        calls.append((command, env))
        return 0

    monkeypatch.setattr(subprocess, "call", call)
    monkeypatch.setattr(tutor.lab, "course_root", lambda: _course(tmp_path / "src"))
    from tutor.cli import main

    if __import__("importlib").util.find_spec("jupyterlab") is None:
        pytest.skip("JupyterLab is not installed")
    assert main(["lab", str(tmp_path / "mine"), "--no-browser", "--lang", "zh"]) == 0
    (command, env), = calls
    assert "--LabApp.default_url=/lab/tree/zh/00_start.ipynb" in command
    assert env is not None and env["TUTOR_LANG"] == "zh"
    assert command[0] == sys.executable
