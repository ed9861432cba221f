"""``tutor classroom``: the settings that let Voila hold a class, the class's record, the
admission rules, and a small class served for real on loopback: the door (class code, name),
students kept apart on every kernel endpoint, the teacher's page, and a clean stop."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import os
import shutil
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any
from urllib.parse import urlencode

import pytest

from tutor.classroom import apps, lan_address, spare_kernels, voila_config
from tutor.classroom.assignment import Assignment
from tutor.classroom.store import ClassStore, check_name
from tutor.cli import main
from tutor.core.notation import parse_tiles
from tutor.display.svg import tiles_svg
from tutor.display.widgets.exercise import question_html
from tutor.errors import InputError
from tutor.lab import CourseError

from .students import (
    Browser,
    Server,
    Student,
    answer,
    follower,
    kernel_exists,
    kernel_processes,
    run,
    send_exercise,
    start,
)
from .students import teacher as teacher_browser

ROOT = Path(__file__).resolve().parents[2]
needs_voila = pytest.mark.skipif(importlib.util.find_spec("voila") is None
                                 or importlib.util.find_spec("segno") is None,
                                 reason="voila is not installed")


def test_the_apps_are_the_course_apps() -> None:
    assert set(apps()) == {p.stem for p in (ROOT / "notebooks" / "apps").glob("*.ipynb")}
    with pytest.raises(CourseError, match="no apps"):
        apps(ROOT / "tests")


def test_settings_that_hold_a_class() -> None:
    config = voila_config(20, 8866, ["hand_builder"], ROOT / "notebooks" / "apps", token="abcd")
    assert config["Voila"]["port_retries"] == 0  # the printed address is the real one
    assert config["Voila"]["token"] == "abcd"  # the class code is the door
    assert config["Voila"]["tornado_settings"]["disable_check_xsrf"] is False
    assert config["KernelManager"]["transport"] == "ipc"  # no TCP port to collide on
    assert len(config["Voila"]["connection_dir_root"]) < 40  # Unix socket paths are short
    assert config["VoilaConfiguration"]["preheat_kernel"] is True
    pools = config["VoilaKernelManager"]["kernel_pools_config"]
    # one warm kernel per student, and a quarter more for late arrivals and reloads
    assert pools == {"default": {"pool_size": 0}, "hand_builder.ipynb": {"pool_size": 25}}
    assert voila_config(20, 8866, ["hand_builder"], ROOT, spare=0)["VoilaKernelManager"][
        "kernel_pools_config"]["hand_builder.ipynb"] == {"pool_size": 20}
    assert [spare_kernels(n) for n in (1, 8, 9, 40)] == [2, 2, 3, 10]
    assert config["VoilaKernelManager"]["fill_delay"] == 0  # refilled at once (one at a time)
    assert config["VoilaExecutor"]["iopub_timeout"] >= 60
    assert 0 < config["MappingKernelManager"]["cull_idle_timeout"] <= 600
    assert config["MappingKernelManager"]["cull_connected"] is False


def test_the_pages_load_the_widget_managers() -> None:
    """Voila's own widget manager is an extension too: left out of the allowlist, every page
    comes up without its widgets ("No provider for jupyterWidgetRegistry")."""
    import json

    config = voila_config(20, 8866, ["hand_builder"], ROOT / "notebooks" / "apps")
    allowed = config["VoilaConfiguration"]["extension_allowlist"]
    assert {"@voila-dashboards/widgets-manager8", "@jupyter-widgets/jupyterlab-manager",
            "anywidget"} <= set(allowed)
    project = json.loads((ROOT / "voila.json").read_text())["VoilaConfiguration"]
    assert project["extension_allowlist"] == allowed  # the plain voila command loads the same


@pytest.mark.parametrize(("students", "port", "message"), [
    (0, 8866, "--students must be between 1 and 200"),
    (10**9, 8866, "--students must be between 1 and 200"),
    (20, 70000, "--port must be between 1 and 65535"),
])
def test_bad_numbers_are_clear_errors(students: int, port: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        voila_config(students, port, [], ROOT)


@pytest.mark.parametrize("args", [["no_such_app"], ["--code", "a b"], ["--keyfile", "nofile"]])
def test_bad_arguments_are_one_line(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    if importlib.util.find_spec("voila") is None:
        pytest.skip("voila is not installed")
    assert main(["classroom", *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert "no app named 'no_such_app'" in err or "--code" in err or "nofile" in err


def test_a_port_in_use_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    if importlib.util.find_spec("voila") is None:
        pytest.skip("voila is not installed")
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        assert main(["classroom", "--ip", "127.0.0.1", "--port", str(port)]) == 2
    assert f"port {port} is in use" in capsys.readouterr().err


def test_the_lan_address_is_an_ipv4_address() -> None:
    parts = lan_address().split(".")
    assert len(parts) == 4 and all(0 <= int(p) < 256 for p in parts)


# -- the class's record ---------------------------------------------------------------------


def test_names_are_checked() -> None:
    assert check_name("  Li   Wei ") == "Li Wei"
    assert check_name("a\nb") == "a b"
    for bad in ("", "   ", "x" * 41, "a\x00b", "a\x1bb"):
        with pytest.raises(InputError):
            check_name(bad)


def test_each_student_has_their_own_record(tmp_path: Path) -> None:
    store = ClassStore(tmp_path)
    ann = store.join("s1", "Ann")
    bob = store.join("s2", "Bob")
    assert ann.progress != bob.progress and ann.progress.parent == tmp_path / "progress"
    store.kernel_started("k1", "practice", store.new_progress_file(), None)  # a warm kernel
    store.kernel_given("k1", "s2")
    store.kernel_started("k2", "replay", ann.progress, "s1")
    assert store.open_kernels("s2") == [("k1", "practice", "s2")]
    assert store.progress_files("s1") == [ann.progress]
    assert len(store.progress_files("s2")) == 2 and store.progress_files("s2")[0] == bob.progress
    assert store.join("s1", "Ann B").name == "Ann B" and store.count_students() == 2
    store.kernel_ended("k1")
    assert store.open_kernels() == [("k2", "replay", "s1")]
    store.close()
    again = ClassStore(tmp_path)  # a new server: the old kernels are gone, the names kept
    assert again.open_kernels() == [] and [s.name for s in again.students()] == ["Ann B", "Bob"]
    again.close()


# -- admission --------------------------------------------------------------------------------


class FakeKernels:
    def __init__(self) -> None:
        self.owners: dict[str, str] = {}
        self.apps: dict[str, str] = {}
        self.shut: list[str] = []

    def kernels_of(self, student: str) -> list[str]:
        return [k for k, s in self.owners.items() if s == student]

    async def shutdown_kernel(self, kid: str) -> None:
        self.shut.append(kid)
        del self.owners[kid], self.apps[kid]


def _room(**caps: int) -> Any:
    from collections import defaultdict, deque

    from tutor.classroom.server import ClassroomVoila

    room = SimpleNamespace(classroom_kernels=FakeKernels(), _opened=defaultdict(deque),
                           _pending=defaultdict(int), pages_per_minute=8, per_student=3,
                           max_kernels=60)
    room.__dict__.update(caps)
    room.admit = lambda s, a: ClassroomVoila.admit(room, s, a)
    room.pending = lambda s, c: ClassroomVoila.pending(room, s, c)
    return room


@needs_voila
def test_a_reload_replaces_the_students_kernel_of_that_app() -> None:
    room = _room()
    km = room.classroom_kernels
    km.owners.update({"k1": "ann", "k2": "ann", "k3": "bob"})
    km.apps.update({"k1": "practice", "k2": "replay", "k3": "practice"})
    assert run(room.admit("ann", "practice")) is None
    assert km.shut == ["k1"]  # Ann's old practice page: Bob's and Ann's replay stay


@needs_voila
def test_the_caps_refuse_with_a_reason() -> None:
    room = _room(per_student=2, max_kernels=3, pages_per_minute=4)
    km = room.classroom_kernels
    km.owners.update({"k1": "ann", "k2": "ann"})
    km.apps.update({"k1": "practice", "k2": "replay"})
    status, title, _ = run(room.admit("ann", "hand_builder"))
    assert (status, title) == (429, "Too many apps open")
    room.pending("bob", +1)  # a page being started counts
    status, title, _ = run(room.admit("cai", "practice"))
    assert (status, title) == (503, "The class is full")
    room.pending("bob", -1)
    assert not room._pending
    for _ in range(4):
        assert run(room.admit("dee", "practice")) is None
    status, title, _ = run(room.admit("dee", "practice"))
    assert (status, title) == (429, "Too many pages at once")


# -- a small class, served --------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_class(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    server = start(tmp_path_factory.mktemp("class"), "practice", "--students", "2", "--spare", "0")
    try:
        server.wait_ready(2, 300)
        yield server
    finally:
        server.stop()


@needs_voila
def test_the_door_is_the_class_code(small_class: Server) -> None:
    output = small_class.output()
    assert f"127.0.0.1:{small_class.port}/?token={small_class.code}" in output
    assert "Teacher's page" in output and "QR code" in output
    assert (small_class.log.parent / "class" / "class-address.svg").read_text().startswith("<")

    async def visit() -> list[tuple[int, str, str]]:
        stranger = Browser(small_class.url)
        return [await stranger.fetch("/voila/render/practice.ipynb"),
                await stranger.fetch("/?token=wrongcode"),
                await stranger.fetch("/api/kernels"),
                await stranger.fetch("/teacher")]

    page, wrong, api, teacher = run(visit())
    assert page[0] == 302 and page[2].startswith("/login")
    assert wrong[0] == 302 and wrong[2].startswith("/login")
    assert api[0] in (403, 404)
    assert teacher[0] == 403


@needs_voila
def test_students_are_kept_apart(small_class: Server) -> None:
    """Another student (joined, with their own cookies) can neither see, reach, connect to nor
    shut down a student's kernel; the owner can."""

    async def lesson() -> dict[str, Any]:
        ann, bob = Browser(small_class.url), Browser(small_class.url)
        await ann.join(small_class.code, "Ann")
        await bob.join(small_class.code, "Bob")
        student = Student(ann, "practice")
        await student.open()
        kid = student.kernel_id
        seen = {"owner sees": await kernel_exists(ann, kid),
                "other sees": await kernel_exists(bob, kid),
                "other list": (await bob.fetch("/api/kernels"))[0],
                "other delete": (await bob.fetch(f"/api/kernels/{kid}?_xsrf={bob.xsrf()}",
                                                 "DELETE"))[0],
                "other shutdown": (await bob.fetch(f"/voila/api/shutdown/{kid}", "POST",
                                                   f"_xsrf={bob.xsrf()}"))[0],
                "no xsrf shutdown": (await ann.fetch(f"/voila/api/shutdown/{kid}", "POST",
                                                     "_xsrf="))[0]}
        thief = Student(bob, "practice", kernel_id=kid)
        try:
            await thief.connect()
            seen["other channels"] = "connected"
        except Exception as error:
            seen["other channels"] = str(error)
        seen["still there"] = await kernel_exists(ann, kid)
        seen["click"] = await student.click(student.widgets("tutor-practice-next")[0])
        seen["close"] = await student.close()
        await asyncio.sleep(0.5)
        seen["after close"] = await kernel_exists(ann, kid)
        return seen

    seen = run(lesson())
    assert seen["owner sees"] and not seen["other sees"]
    assert seen["other list"] == 404  # the kernel list is not served at all
    assert seen["other delete"] == 404 and seen["other shutdown"] == 404
    assert seen["no xsrf shutdown"] == 403  # the cross-site request check is on
    assert "404" in seen["other channels"]
    assert seen["still there"] and seen["click"] < 60
    assert seen["close"] == 204 and not seen["after close"]


@needs_voila
def test_each_kernel_writes_progress_in_the_class_folder(small_class: Server) -> None:
    """No kernel of the class is given the teacher's progress file: each has its own, in the
    class's folder, recorded against the student it serves."""

    async def lesson() -> str:
        cai = Browser(small_class.url)
        await cai.join(small_class.code, "Cai")
        student = Student(cai, "practice")
        await student.open()
        return student.kernel_id

    kid = run(lesson())
    folder = small_class.log.parent / "class"
    env_files = []
    for pid in kernel_processes(small_class):
        environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        chosen = [e for e in environ if e.startswith(b"MAHJONG_TUTOR_PROGRESS=")]
        assert chosen, "a kernel without its own progress file"
        env_files.append(Path(chosen[0].split(b"=", 1)[1].decode()))
    assert env_files and all(f.parent == folder / "progress" for f in env_files)
    assert len(set(env_files)) == len(env_files)
    with sqlite3.connect(folder / "classroom.sqlite") as db:
        row = db.execute("SELECT s.name FROM kernels k JOIN students s ON k.student = s.id "
                         "WHERE k.id = ?", (kid,)).fetchone()
    assert row == ("Cai",)


@needs_voila
def test_the_teachers_page(small_class: Server) -> None:
    async def visit() -> tuple[int, str, int, str]:
        teacher = Browser(small_class.url)
        status, _, where = await teacher.fetch(small_class.teacher_url)
        assert status == 302 and "code=" not in where  # the code leaves the address bar
        page = await teacher.fetch("/teacher")
        state = await teacher.fetch("/teacher/state.json")
        return page[0], page[1], state[0], state[1]

    status, page, state_status, state = run(visit())
    assert status == 200 and "Ann" in page and "<svg" in page
    assert small_class.code in page
    assert state_status == 200 and '"name": "Bob"' in state


# -- the teacher's exercise, served -----------------------------------------------------------


@needs_voila
def test_only_the_teacher_sends_checked_exercises(small_class: Server) -> None:
    """POST /teacher/exercise: 403 without the teacher's code (or without the cross-site
    request token), 413 for a body too large, 400 with the reason for bad fields; a good one is
    recorded and written to the file the kernels follow."""
    folder = small_class.log.parent / "class"

    async def visit() -> dict[str, tuple[int, str, str]]:
        teacher = await teacher_browser(small_class)
        dee = Browser(small_class.url)
        await dee.join(small_class.code, "Dee")
        await dee.fetch("/classroom/join?rename=1")  # a page that sets the _xsrf cookie
        good = urlencode({"topic": "waits", "level": "1", "seed": "5", "game": ""})
        as_json = {"Content-Type": "application/json", "X-XSRFToken": teacher.xsrf()}
        return {
            "student": await dee.fetch("/teacher/exercise", "POST",
                                       f"{good}&_xsrf={dee.xsrf()}"),
            "stranger": await Browser(small_class.url).fetch("/teacher/exercise", "POST", good),
            "no xsrf": await teacher.fetch("/teacher/exercise", "POST", good),
            "too large": await teacher.fetch(
                "/teacher/exercise", "POST", f"{good}&_xsrf={teacher.xsrf()}&x={'9' * 3000}"),
            "bad topic": await teacher.fetch(
                "/teacher/exercise", "POST", urlencode({"_xsrf": teacher.xsrf(),
                                                        "topic": "<knitting>", "level": "1",
                                                        "seed": "5"})),
            "bad level": await teacher.fetch(
                "/teacher/exercise", "POST", json.dumps({"topic": "waits", "level": 9,
                                                         "seed": 5}), headers=as_json),
            "not json": await teacher.fetch("/teacher/exercise", "POST", "{", headers=as_json),
            "good": await teacher.fetch(
                "/teacher/exercise", "POST", json.dumps({"topic": "live-tile", "level": 2,
                                                         "seed": 40}), headers=as_json),
            "form": await teacher.fetch("/teacher/exercise", "POST",
                                        f"{good}&_xsrf={teacher.xsrf()}"),
            "state": await teacher.fetch("/teacher/state.json"),
        }

    def joined() -> int:
        with sqlite3.connect(folder / "classroom.sqlite") as db:
            return int(db.execute("SELECT count(*) FROM students").fetchone()[0])

    before = joined()
    answers = run(visit())
    assert answers["student"][0] == 403 and answers["stranger"][0] == 403
    assert answers["no xsrf"][0] == 403
    assert answers["too large"][0] == 413
    assert answers["bad topic"][0] == 400
    assert "unknown practice topic" in answers["bad topic"][1]
    assert "&lt;knitting&gt;" in answers["bad topic"][1]  # escaped on the page
    assert answers["bad level"][0] == 400
    assert json.loads(answers["bad level"][1]) == {
        "error": "the level is a whole number from 1 to 3, not 9"}
    assert answers["not json"][0] == 400
    status, body, _ = answers["good"]
    assert status == 200
    sent = json.loads(body)
    assert {k: sent[k] for k in ("topic", "level", "seed", "game")} == {
        "topic": "live-tile", "level": 2, "seed": 40, "game": "huangyan"}
    assert answers["form"][0] == 303 and answers["form"][2] == "/teacher"
    on_file = json.loads((folder / "exercise.json").read_text())
    assert on_file["id"] == sent["id"] + 1 and on_file["seed"] == 5  # the form's, sent last
    state = json.loads(answers["state"][1])["exercise"]
    assert state["id"] == on_file["id"] and state["answered"] == 0
    with sqlite3.connect(folder / "classroom.sqlite") as db:
        rows = db.execute("SELECT topic, level, seed, game FROM exercises ORDER BY id").fetchall()
    assert rows[-2:] == [("live-tile", 2, 40, "huangyan"), ("waits", 1, 5, "")]
    assert joined() == before + 1  # only Dee joined


@needs_voila
def test_the_class_gets_the_exercise_and_the_teacher_sees_the_answers(
        small_class: Server) -> None:
    """The teacher sends an exercise; a student's practice app shows it by itself (no click);
    the student answers wrong, then right; the teacher's page counts one answer, none right
    first time, one solved, and the wrong answer, stored under the student's name."""
    chosen = Assignment("waits", 1, 23, "hangzhou")
    exercise = chosen.item().exercise
    right = exercise.answer_text()
    wrong = next(t for t in ("1z", "2z", "9m", "1p") if t not in right.split())
    record = small_class.log.parent / "class" / "classroom.sqlite"

    async def lesson() -> dict[str, Any]:
        teacher = await send_exercise(small_class, {"topic": "waits", "level": 1, "seed": 23,
                                                    "game": "hangzhou"})
        started = time.monotonic()
        student = await follower(small_class, "Eve", 23, 1)
        shown = time.monotonic() - started
        await answer(student, wrong)
        await answer(student, right)
        for _ in range(120):  # read in by the server every second, nobody asking
            with sqlite3.connect(record) as db:
                if db.execute("SELECT count(*) FROM answers a JOIN students s ON s.id = "
                              "a.student WHERE s.name = 'Eve'").fetchone()[0] == 2:
                    break
            await asyncio.sleep(0.25)
        state = json.loads((await teacher.fetch("/teacher/state.json"))[1])["exercise"]
        page = (await teacher.fetch("/teacher"))[1]
        await student.close()
        return {"shown": shown, "state": state, "page": page}

    seen = run(lesson())
    assert seen["shown"] < 60
    state = seen["state"]
    assert (state["answered"], state["right"], state["solved"]) == (1, 0, 1)
    assert state["wrong"] == [[exercise.shown_response(wrong), 1]]
    assert state["answer"] == exercise.shown_answer() and state["following"] >= 1
    # the exercise drawn as the students see it (tiles with their text), the wrong answer's
    # tiles beside its code, and the projector mode's switch
    assert state["picture"] == question_html(exercise) and state["picture"] in seen["page"]
    assert 'class="mahjong-hand"' in state["picture"] and 'aria-label="Hand: ' in state["picture"]
    drawn = tiles_svg(parse_tiles(wrong, "hangzhou"), variant="hangzhou", size=30)
    assert state["wrong_tiles"] == {exercise.shown_response(wrong): drawn}
    assert (f"<td><span class='code'>{exercise.shown_response(wrong)}</span> {drawn}</td>"
            "<td class='figure'>1</td>") in seen["page"]
    assert "<button type='button' id='projector' aria-pressed='false'>" in seen["page"]
    with sqlite3.connect(record) as db:
        rows = db.execute("SELECT s.name, a.answer, a.correct FROM answers a JOIN students s "
                          "ON s.id = a.student WHERE a.exercise = ? ORDER BY a.rowid",
                          (state["id"],)).fetchall()
    assert rows == [("Eve", exercise.shown_response(wrong), 0),
                    ("Eve", exercise.shown_response(right), 1)]


@needs_voila
def test_sigterm_ends_the_class_without_leaving_kernels(tmp_path: Path) -> None:
    server = start(tmp_path, "hand_builder", "--students", "2", "--spare", "0")
    try:
        server.wait_ready(2, 300)
        assert len(kernel_processes(server)) == 2
    finally:
        took = server.stop()
    assert took < 10
    assert kernel_processes(server) == []
    assert "The classroom has stopped" in server.output()
    assert os.path.exists(tmp_path / "class" / "classroom.sqlite")


@needs_voila
@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl is not installed")
def test_https_with_a_given_certificate_and_ctrl_c(tmp_path: Path) -> None:
    """--certfile/--keyfile serve HTTPS (the printed addresses say so); Ctrl-C (SIGINT) ends
    the server with no kernel left."""
    import signal
    import ssl
    import subprocess
    import urllib.request

    cert, key = tmp_path / "class.pem", tmp_path / "class.key"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=127.0.0.1", "-keyout", str(key), "-out", str(cert)],
                   check=True, capture_output=True, timeout=60)
    server = start(tmp_path, "hand_builder", "--students", "1", "--spare", "0",
                   "--certfile", str(cert), "--keyfile", str(key))
    try:
        server.wait_ready(1, 300)
        assert f"https://127.0.0.1:{server.port}/?token=" in server.output()
        trusting = ssl.create_default_context(cafile=str(cert))
        trusting.check_hostname = False
        with urllib.request.urlopen(f"https://127.0.0.1:{server.port}/login",
                                    context=trusting, timeout=60) as page:
            assert page.status == 200
        server.process.send_signal(signal.SIGINT)
        server.process.wait(timeout=30)
        assert kernel_processes(server) == []
    finally:
        server.stop()
