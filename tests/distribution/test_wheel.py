"""The course travels with the package: the built wheel holds every notebook, app and rule book
page, installs into a fresh environment with its notebook extra, and ``tutor lab`` there copies
the course and serves it with JupyterLab (checked over HTTP on loopback).

It needs the package index (or pip's cache) for JupyterLab; about a minute with a warm cache.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import venv
import zipfile
from pathlib import Path

import pytest

from tutor.lab import course_files

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "mahjong-tutor-test"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w", str(out),
                           str(ROOT)], capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    for warning in ("BuildBackendWarning", "SetuptoolsDeprecationWarning", "is deprecated"):
        assert warning not in done.stdout + done.stderr, f"the build warns: {warning}"
    (found,) = out.glob("mahjong_tutor-*.whl")
    return found


def test_the_wheel_ships_the_course(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {n.removeprefix("tutor/course/") for n in names if n.startswith("tutor/course/")}
    assert shipped == {name for name, _ in course_files(ROOT / "notebooks")}
    assert "tutor/py.typed" in names
    # the translations tutor.i18n reads, with their sources
    assert {"tutor/locale/zh/LC_MESSAGES/tutor.mo", "tutor/locale/zh/LC_MESSAGES/tutor.po",
            "tutor/locale/tutor.pot"} <= names
    # the tile glyphs' font (tutor.display.glyphs) with its licence
    assert {"tutor/display/fonts/mahjong-tiles.woff", "tutor/display/fonts/OFL.txt"} <= names
    assert not any(n.startswith(("notebooks/", "tests/")) for n in names)


def test_tutor_lab_from_the_installed_wheel_serves_the_course(wheel: Path, tmp_path: Path) -> None:
    venv.create(tmp_path / "venv", with_pip=True)
    python = tmp_path / "venv" / "bin" / "python"
    done = subprocess.run([str(python), "-m", "pip", "install", "--quiet", "--no-compile",
                           f"{wheel}[notebook]"], capture_output=True, text=True, timeout=900,
                          check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    port = _free_port()
    env = {**os.environ, "JUPYTER_TOKEN": TOKEN, "JUPYTER_CONFIG_DIR": str(tmp_path / "config"),
           "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime")}
    process = subprocess.Popen([str(tmp_path / "venv" / "bin" / "tutor"), "lab", "--no-browser",
                                "--port", str(port)], cwd=tmp_path, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               start_new_session=True)
    try:
        listing = _get_json(f"http://127.0.0.1:{port}/api/contents/?token={TOKEN}", process)
        served = {item["name"] for item in listing["content"]}
        assert {"00_start_here.ipynb", "apps"} <= served
        assert served >= {p.name for p in (ROOT / "notebooks").glob("*.ipynb")}
        notebook = _get_json(f"http://127.0.0.1:{port}/api/contents/00_start_here.ipynb"
                             f"?token={TOKEN}", process)
        assert notebook["content"]["cells"]
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/lab?token={TOKEN}") as page:
            assert b"JupyterLab" in page.read()
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        output = process.communicate(timeout=60)[0].decode(errors="replace")
    assert "copied 00_start_here.ipynb" in output
    assert (tmp_path / "mahjong-tutor" / "apps" / "play_a_hand.ipynb").is_file()


def _get_json(url: str, process: subprocess.Popen[bytes], timeout: float = 240) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        if process.poll() is not None:
            raise AssertionError(f"tutor lab exited with status {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                data: dict = json.load(response)
                return data
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)
