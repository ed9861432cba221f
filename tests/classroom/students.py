"""Scripted students for the classroom server (no browsers): each fetches an app's page, opens
its kernel's websocket (in the binary protocol JupyterLab's front end speaks), asks for the
widgets' state as Voila's page does, and clicks buttons.

Also starts and stops ``tutor classroom`` for the tests.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from jupyter_server.services.kernels.connection.base import (
    deserialize_msg_from_ws_v1,
    serialize_msg_to_ws_v1,
)
from tornado.httpclient import AsyncHTTPClient
from tornado.websocket import WebSocketClientConnection, websocket_connect

TUTOR = Path(sys.executable).with_name("tutor")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Server:
    """``tutor classroom`` running in a subprocess, its output in a file."""

    process: subprocess.Popen[bytes]
    port: int
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def output(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")

    def wait_for(self, text: str, timeout: float) -> float:
        """Wait until the server's output shows ``text``; return the seconds it took."""
        started = time.monotonic()
        while text not in self.output():
            if self.process.poll() is not None:
                raise RuntimeError(f"tutor classroom exited:\n{self.output()[-3000:]}")
            if time.monotonic() - started > timeout:
                raise TimeoutError(f"no {text!r} after {timeout} s:\n{self.output()[-3000:]}")
            time.sleep(0.2)
        return time.monotonic() - started

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=30)


def start(folder: Path, *args: str) -> Server:
    port = free_port()
    log = folder / f"classroom-{port}.log"
    with log.open("wb") as out:
        process = subprocess.Popen([str(TUTOR), "classroom", *args, "--port", str(port)],
                                   stdout=out, stderr=subprocess.STDOUT, cwd=folder,
                                   start_new_session=True)
    return Server(process, port, log)


@dataclass
class Student:
    """One student's page and kernel connection."""

    base: str
    app: str
    kernel_id: str = ""
    states: dict[str, Any] = field(default_factory=dict)
    page: float = 0.0  # seconds from asking for the page to having it
    ready: float = 0.0  # seconds from asking for the page to holding every widget's state
    _socket: WebSocketClientConnection | None = None
    _session: str = field(default_factory=lambda: uuid.uuid4().hex)

    async def _send(self, msg_type: str, content: dict[str, Any],
                    metadata: dict[str, Any] | None = None) -> str:
        assert self._socket is not None
        msg_id = uuid.uuid4().hex
        header = {"msg_id": msg_id, "msg_type": msg_type, "username": "student",
                  "session": self._session, "date": datetime.now(UTC).isoformat(),
                  "version": "5.3"}
        parts = [json.dumps(part).encode() for part in (header, {}, metadata or {}, content)]
        await self._socket.write_message(serialize_msg_to_ws_v1(parts, "shell"), binary=True)
        return msg_id

    async def _receive(self) -> dict[str, Any]:
        assert self._socket is not None
        raw = await self._socket.read_message()
        if raw is None:
            raise ConnectionError("the kernel's websocket closed")
        assert isinstance(raw, bytes)
        channel, parts = deserialize_msg_from_ws_v1(raw)
        header, parent, _, content = (json.loads(part) for part in parts[:4])
        return {"channel": channel, "msg_type": header["msg_type"], "parent_header": parent,
                "content": content}

    async def open(self) -> None:
        started = time.monotonic()
        page = await AsyncHTTPClient(max_clients=200).fetch(
            f"{self.base}/voila/render/{self.app}.ipynb", request_timeout=300)
        self.page = time.monotonic() - started
        found = re.search(r'"kernelId": "([0-9a-f-]+)"', page.body.decode())
        assert found, "the page names no kernel"
        self.kernel_id = found.group(1)
        ws_base = self.base.replace("http://", "ws://")
        self._socket = await websocket_connect(
            f"{ws_base}/api/kernels/{self.kernel_id}/channels?session_id={self._session}",
            subprotocols=["v1.kernel.websocket.jupyter.org"])
        control = uuid.uuid4().hex
        await self._send("comm_open", {"comm_id": control, "data": {},
                                       "target_name": "jupyter.widget.control"},
                         {"version": "1.0.0"})  # ipywidgets' control protocol
        await self._send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        while True:
            message = await self._receive()
            data = message["content"].get("data", {})
            if message["msg_type"] == "comm_msg" and data.get("method") == "update_states":
                self.states = data["states"]
                break
        self.ready = time.monotonic() - started

    def buttons(self, css_prefix: str = "") -> list[str]:
        """The model ids of the page's buttons (those with a CSS class starting ``css_prefix``)."""
        return [model_id for model_id, model in self.states.items()
                if model["model_name"] == "ButtonModel"
                and (not css_prefix or any(c.startswith(css_prefix)
                                           for c in model["state"].get("_dom_classes", [])))]

    def pickers(self) -> list[str]:
        """The model ids of the page's tile pickers (anywidget models whose view is "picker")."""
        return [model_id for model_id, model in self.states.items()
                if model["model_name"] == "AnyModel" and model["state"].get("_view") == "picker"]

    async def click(self, model_id: str, content: dict[str, object] | None = None) -> float:
        """Click a button (or send a widget the message a click sends, such as a tile picker's
        ``{"event": "pick", "tile": "3m"}``); return the seconds until the kernel has answered
        (idle again)."""
        started = time.monotonic()
        msg_id = await self._send("comm_msg", {"comm_id": model_id, "data": {
            "method": "custom", "content": content or {"event": "click"}}})
        while True:
            message = await self._receive()
            if (message["parent_header"].get("msg_id") == msg_id
                    and message["msg_type"] == "status"
                    and message["content"]["execution_state"] == "idle"):
                return time.monotonic() - started

    async def close(self) -> int:
        """Close the page as a browser tab does: Voila's shutdown request, without a cookie."""
        if self._socket is not None:
            self._socket.close()
        response = await AsyncHTTPClient().fetch(
            f"{self.base}/voila/api/shutdown/{self.kernel_id}", method="POST", body="_xsrf=",
            raise_error=False)
        return int(response.code)


async def kernel_exists(base: str, kernel_id: str) -> bool:
    response = await AsyncHTTPClient().fetch(f"{base}/api/kernels/{kernel_id}", raise_error=False)
    return response.code == 200


def run(coroutine: Any) -> Any:
    """Run ``coroutine`` in a thread of its own: this thread may hold a running event loop (a
    session's Playwright does)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
