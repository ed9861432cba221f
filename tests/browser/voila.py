"""Serving a notebook with Voila on loopback for the browser tests."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def serve(notebook: Path, timeout: float = 180.0,
          language: str | None = None) -> tuple[subprocess.Popen[bytes], str]:
    """Start Voila on ``notebook`` (loopback only) and wait until it answers; ``language``:
    the tutor's language in its kernels (``TUTOR_LANG``), else the environment's."""
    port = _free_port()
    # Voila's "mahjong-tutor" template (chosen in voila.json) is found here even when the install
    # step has not copied it into the environment
    env = dict(os.environ)
    if language is not None:
        env["TUTOR_LANG"] = language
    env["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(ROOT / "share" / "jupyter"), env.get("JUPYTER_PATH", "")) if p)
    process = subprocess.Popen(
        [sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={port}",
         "--Voila.ip=127.0.0.1", "--show_tracebacks=True"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"voila exited with status {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return process, url
        except OSError:
            time.sleep(0.5)
    process.terminate()
    raise RuntimeError(f"voila did not answer on {url} within {timeout:.0f} s")
