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
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from jupyter_server.services.kernels.connection.base import (
    deserialize_msg_from_ws_v1,
    serialize_msg_to_ws_v1,
)
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import WebSocketClientConnection, websocket_connect

WAIT = 120.0  # seconds a scripted student waits for one message, at most
MAX_MESSAGES = 5_000  # messages a student reads waiting for one answer, at most


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

    @property
    def code(self) -> str:
        found = re.search(r"Class code +(\w+)", self.output())
        assert found, "tutor classroom printed no class code"
        return found.group(1)

    @property
    def teacher_url(self) -> str:
        found = re.search(r"Teacher's page +(\S+)", self.output())
        assert found, "tutor classroom printed no teacher's address"
        return found.group(1)

    def wait_ready(self, warm: int, timeout: float) -> float:
        """Wait for the server's log line that ``warm`` kernels wait for the class (not the
        banner's hint, printed before the server listens, that names 'Ready for the class'
        too); return the seconds it took."""
        return self.wait_for(f"Ready for the class: {warm} warm kernel(s)", timeout)

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

    def stop(self) -> float:
        """SIGTERM to the server alone; return the seconds until it had ended (SIGKILL to its
        process group after 60 s)."""
        started = time.monotonic()
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=30)
        return time.monotonic() - started


def start(folder: Path, *args: str) -> Server:
    """Start ``tutor classroom`` on loopback, its class folder in ``folder/class``. The
    teacher's own progress file is ``folder/teacher-progress.json``: no student may write it."""
    port = free_port()
    env = {**os.environ, "MAHJONG_TUTOR_PROGRESS": str(folder / "teacher-progress.json")}
    log = folder / f"classroom-{port}.log"
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "tutor", "classroom", *args,
                                    "--port", str(port), "--ip", "127.0.0.1",
                                    "--folder", str(folder / "class")],
                                   stdout=out, stderr=subprocess.STDOUT, cwd=folder, env=env,
                                   start_new_session=True)
    return Server(process, port, log)


def kernel_processes(server: Server) -> list[int]:
    """The kernels still running that this server started (their command line names the
    server's connection folder, which its log gives)."""
    found = re.search(r"Storing connection files in (\S+?)\.?$", server.output(), re.M)
    if not found:
        return []
    folder, pids = found.group(1), []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if folder.encode() in cmdline.read_bytes():
                pids.append(int(cmdline.parent.name))
        except OSError:
            continue
    return pids


@dataclass
class Browser:
    """A client's cookies, kept across requests as a browser keeps them."""

    base: str
    cookies: dict[str, str] = field(default_factory=dict)

    def header(self) -> dict[str, str]:
        return {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}

    async def fetch(self, path: str, method: str = "GET", body: str | None = None,
                    timeout: float = 300, headers: dict[str, str] | None = None
                    ) -> tuple[int, str, str]:
        """(status, body, where a redirect points) of one request, cookies kept."""
        response = await AsyncHTTPClient(max_clients=200).fetch(
            path if path.startswith("http") else f"{self.base}{path}", method=method,
            body=body, headers={**self.header(), **(headers or {})}, follow_redirects=False,
            raise_error=False, request_timeout=timeout)
        for value in response.headers.get_list("Set-Cookie"):
            name, _, rest = value.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return (int(response.code), response.body.decode(errors="replace") if response.body
                else "", response.headers.get("Location", ""))

    async def join(self, code: str, name: str) -> None:
        """Come in with the class code and give a name, as a student does."""
        status, _, where = await self.fetch(f"/?token={code}")
        assert status == 302 and "classroom/join" in where, (status, where)
        status, form, _ = await self.fetch(where)
        assert status == 200, status
        xsrf = re.search(r'name="_xsrf" value="([^"]+)"', form)
        assert xsrf, "the join form has no _xsrf field"
        status, _, where = await self.fetch(
            "/classroom/join", "POST", urlencode({"_xsrf": xsrf.group(1), "name": name,
                                                   "next": "/"}))
        assert status == 302, status

    def xsrf(self) -> str:
        return self.cookies.get("_xsrf", "")


@dataclass
class Student:
    """One student's page and kernel connection."""

    browser: Browser
    app: str
    kernel_id: str = ""
    states: dict[str, Any] = field(default_factory=dict)
    status: int = 0  # of the page
    body: str = ""
    page: float = 0.0  # seconds from asking for the page to having it
    ready: float = 0.0  # seconds from asking for the page to holding every widget's state
    _socket: WebSocketClientConnection | None = None
    _session: str = field(default_factory=lambda: uuid.uuid4().hex)

    @property
    def base(self) -> str:
        return self.browser.base

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

    async def _receive(self, timeout: float = WAIT) -> dict[str, Any]:
        assert self._socket is not None
        raw = await asyncio.wait_for(self._socket.read_message(), timeout)
        if raw is None:
            raise ConnectionError("the kernel's websocket closed")
        assert isinstance(raw, bytes)
        channel, parts = deserialize_msg_from_ws_v1(raw)
        header, parent, _, content = (json.loads(part) for part in parts[:4])
        return {"channel": channel, "msg_type": header["msg_type"], "parent_header": parent,
                "content": content}

    async def fetch_page(self) -> bool:
        """Ask for the app's page; True if it names a kernel."""
        started = time.monotonic()
        self.status, self.body, _ = await self.browser.fetch(f"/voila/render/{self.app}.ipynb")
        self.page = time.monotonic() - started
        found = re.search(r'"kernelId": "([0-9a-f-]+)"', self.body)
        if found:
            self.kernel_id = found.group(1)
        return found is not None

    async def connect(self) -> None:
        """Open the kernel's websocket (with the student's cookies)."""
        ws_base = self.base.replace("http://", "ws://")
        self._socket = await websocket_connect(HTTPRequest(
            f"{ws_base}/api/kernels/{self.kernel_id}/channels?session_id={self._session}",
            headers=self.browser.header()), subprotocols=["v1.kernel.websocket.jupyter.org"])

    async def open(self) -> None:
        started = time.monotonic()
        assert await self.fetch_page(), f"the page names no kernel ({self.status})"
        await self.connect()
        control = uuid.uuid4().hex
        await self._send("comm_open", {"comm_id": control, "data": {},
                                       "target_name": "jupyter.widget.control"},
                         {"version": "1.0.0"})  # ipywidgets' control protocol
        await self._send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        for _ in range(MAX_MESSAGES):
            message = await self._receive()
            data = message["content"].get("data", {})
            if message["msg_type"] == "comm_msg" and data.get("method") == "update_states":
                self.states = data["states"]
                break
        else:
            raise TimeoutError("no widget state")
        self.ready = time.monotonic() - started

    async def watch(self, until: Callable[[], bool], timeout: float = WAIT) -> None:
        """Read the kernel's messages, keeping the widgets' states as the page would (widgets
        opened, changed and closed), until ``until()`` holds."""
        deadline = time.monotonic() + timeout
        for _ in range(MAX_MESSAGES):
            if until():
                return
            message = await self._receive(max(0.1, deadline - time.monotonic()))
            content, kind = message["content"], message["msg_type"]
            data = content.get("data", {}) if isinstance(content, dict) else {}
            if kind == "comm_open" and "state" in data:
                self.states[content["comm_id"]] = {
                    "model_name": data["state"].get("_model_name", ""), "state": data["state"]}
            elif kind == "comm_msg" and data.get("method") == "update":
                known = self.states.get(content["comm_id"])
                if known is not None:
                    known["state"].update(data.get("state", {}))
            elif kind == "comm_close":
                self.states.pop(content.get("comm_id", ""), None)
        raise TimeoutError("the kernel never came to it")

    def value(self, css_class: str) -> Any:
        """The value of the (last opened) widget with CSS class ``css_class``."""
        found = self.widgets(css_class)
        return self.states[found[-1]]["state"].get("value") if found else None

    def buttons(self, css_prefix: str = "") -> list[str]:
        """The model ids of the page's buttons (those with a CSS class starting ``css_prefix``)."""
        return [model_id for model_id, model in self.states.items()
                if model["model_name"] == "ButtonModel"
                and (not css_prefix or any(c.startswith(css_prefix)
                                           for c in model["state"].get("_dom_classes", [])))]

    def widgets(self, css_class: str) -> list[str]:
        """The model ids of the page's widgets with CSS class ``css_class``."""
        return [model_id for model_id, model in self.states.items()
                if css_class in model["state"].get("_dom_classes", [])]

    def pickers(self) -> list[str]:
        """The model ids of the page's tile pickers (anywidget models whose view is "picker")."""
        return [model_id for model_id, model in self.states.items()
                if model["model_name"] == "AnyModel" and model["state"].get("_view") == "picker"]

    async def set_value(self, model_id: str, value: object) -> None:
        """Change a widget's value as the page does when the student types or chooses."""
        await self._send("comm_msg", {"comm_id": model_id, "data": {
            "method": "update", "state": {"value": value}, "buffer_paths": []}})

    async def click(self, model_id: str, content: dict[str, object] | None = None) -> float:
        """Click a button (or send a widget the message a click sends, such as a tile picker's
        ``{"event": "pick", "tile": "3m"}``); return the seconds until the kernel has answered
        (idle again)."""
        started = time.monotonic()
        msg_id = await self._send("comm_msg", {"comm_id": model_id, "data": {
            "method": "custom", "content": content or {"event": "click"}}})
        for _ in range(MAX_MESSAGES):
            message = await self._receive()
            if (message["parent_header"].get("msg_id") == msg_id
                    and message["msg_type"] == "status"
                    and message["content"]["execution_state"] == "idle"):
                return time.monotonic() - started
        raise TimeoutError("the kernel never answered")

    def drop(self) -> None:
        """Close the websocket without a word, as a lost connection does."""
        if self._socket is not None:
            self._socket.close()
            self._socket = None

    async def close(self) -> int:
        """Close the page as a browser tab does: Voila's shutdown request with the _xsrf
        cookie's value."""
        self.drop()
        status, _, _ = await self.browser.fetch(
            f"/voila/api/shutdown/{self.kernel_id}", "POST",
            urlencode({"_xsrf": self.browser.xsrf()}))
        return status


async def teacher(server: Server) -> Browser:
    """The teacher, in by the address the server printed (its code set as a cookie)."""
    browser = Browser(server.url)
    await browser.fetch(server.teacher_url)
    status, page, _ = await browser.fetch("/teacher")
    assert status == 200 and "Send the whole class an exercise" in page and browser.xsrf()
    return browser


async def send_exercise(server: Server, fields: dict[str, Any]) -> Browser:
    """The teacher sends the class an exercise (as JSON); the teacher's browser."""
    browser = await teacher(server)
    status, body, _ = await browser.fetch(
        "/teacher/exercise", "POST", json.dumps(fields),
        headers={"Content-Type": "application/json", "X-XSRFToken": browser.xsrf()})
    assert status == 200, body
    return browser


async def follower(server: Server, name: str, seed: int, level: int) -> Student:
    """A student who joins as ``name`` and opens the practice app, once it shows the teacher's
    exercise (number ``seed``, level ``level``)."""
    browser = Browser(server.url)
    await browser.join(server.code, name)
    student = Student(browser, "practice")
    await student.open()
    await student.watch(lambda: f"(number {seed}, level {level})" in str(
        student.value("tutor-practice-class")), 60)  # set last: the exercise is in place
    return student


async def answer(student: Student, text: str) -> None:
    """Type ``text`` in the practice app's answer box and press Check."""
    await student.set_value(student.widgets("tutor-answer-input")[-1], text)
    await student.click(student.widgets("tutor-check-button")[-1])


async def kernel_exists(browser: Browser, kernel_id: str) -> bool:
    """Whether ``browser`` can see the kernel (its owner can, nobody else)."""
    status, _, _ = await browser.fetch(f"/api/kernels/{kernel_id}")
    return status == 200


def run(coroutine: Any) -> Any:
    """Run ``coroutine`` in a thread of its own: this thread may hold a running event loop (a
    session's Playwright does)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()
