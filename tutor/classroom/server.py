"""The classroom server: Voila with a door, students kept apart, caps, and a clean stop.

:class:`ClassroomVoila` is Voila's application with its handlers swapped for checked ones:

- every kernel endpoint (the kernels API, the websocket channels, Voila's shutdown request)
  answers only the student the kernel is bound to; to anyone else the kernel does not exist;
- an app's page is given only to a student who has joined (the class code, then a name); it
  refuses, with a page that says why, a student opening pages too fast, a student with too many
  apps open, and anyone once the class is full; reopening an app (a reload) replaces the
  student's previous kernel of that app;
- the teacher's page, behind the teacher's own code, which can send the whole class one
  exercise (``POST /teacher/exercise``: only with the teacher's code, 403 otherwise; fields
  checked, 400 with the reason; a body over :data:`MAX_BODY` bytes, 413) and shows how the class
  answers it; the answers the kernels write are read in every :data:`COLLECT_MS` ms;
- SIGTERM or Ctrl-C stops it within :data:`STOP_DEADLINE` seconds whatever the kernels do.
"""

from __future__ import annotations

import asyncio
import hmac
import html
import json
import os
import shutil
import signal
import threading
import time
from collections import defaultdict, deque
from pathlib import Path
from typing import Any
from urllib.parse import quote

import tornado.ioloop
import tornado.web
from jupyter_server.auth.decorator import allow_unauthenticated
from jupyter_server.base.handlers import JupyterHandler
from jupyter_server.services.kernels.handlers import KernelHandler
from traitlets import Int, List, Unicode
from voila.app import Voila
from voila.request_info_handler import RequestInfoSocketHandler
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler
from voila.tornado.handler import TornadoVoilaHandler
from voila.tornado.kernel_websocket_handler import VoilaKernelWebsocketHandler
from voila.tornado.treehandler import TornadoVoilaTreeHandler

from tutor.classroom.assignment import Assignment, AssignmentError, write_exercise
from tutor.classroom.kernels import APP, STUDENT, ClassroomKernelManager
from tutor.classroom.pages import app_title, page
from tutor.classroom.store import ClassStore
from tutor.errors import InputError, TutorError
from tutor.i18n import _, localize, ngettext, set_language
from tutor.practice import PracticeItem

__all__ = ["ClassroomVoila"]

STOP_DEADLINE = 8.0  # seconds from SIGTERM to the process's end, at most
TEACHER_COOKIE = "mahjong-tutor-teacher"
MAX_BODY = 2_000  # bytes of the teacher's exercise request, at most
COLLECT_MS = 1_000  # how often the kernels' answers are read in


def _children() -> list[int]:
    """This process's child processes (Linux: read from /proc; elsewhere none found)."""
    me, found = os.getpid(), []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == me:
            found.append(int(stat.parent.name))
    return found


def _kill(pids: list[int]) -> None:
    for pid in pids:
        for kill in (os.killpg, os.kill):  # a kernel leads a process group of its own
            try:
                kill(pid, signal.SIGKILL)
            except OSError:
                continue
            break


class ClassroomVoila(Voila):  # type: ignore[misc]
    """Voila holding a class (see the module's docstring)."""

    class_folder = Unicode("", config=True, help="where the class's record and progress go")
    teacher_code = Unicode("", config=True, help="the teacher page's code")
    student_url = Unicode("", config=True, help="the address students open (with the code)")
    certfile = Unicode("", config=True, help="an HTTPS certificate (PEM)")
    keyfile = Unicode("", config=True, help="the certificate's private key (PEM)")
    pooled = List(Unicode(), [], config=True, help="the apps with warm kernels waiting")
    per_student = Int(3, config=True, help="apps a student may have open at once")
    max_kernels = Int(60, config=True, help="students' kernels at once, in all")
    max_students = Int(40, config=True, help="students who may join")
    pages_per_minute = Int(8, config=True, help="app pages one student may open per minute")
    language = Unicode("en", config=True, help="the language of the classroom's own pages")

    def initialize(self, argv: Any = None) -> None:
        super().initialize(argv)
        set_language(self.language)  # the server's process holds one class, in one language
        self.class_store = ClassStore(Path(self.class_folder or "classroom"))
        # a new class starts with no exercise sent (the record keeps the earlier ones)
        self.class_store.exercise_file.unlink(missing_ok=True)
        self.exercise: Assignment | None = None
        self.exercise_item: PracticeItem | None = None
        self._opened: dict[str, deque[float]] = defaultdict(deque)
        self._pending: dict[str, int] = defaultdict(int)
        self._stopping = False

    @property
    def classroom_kernels(self) -> ClassroomKernelManager:
        assert isinstance(self.kernel_manager, ClassroomKernelManager)
        return self.kernel_manager

    def app_names(self) -> list[str]:
        return sorted(p.stem for p in Path(self.root_dir).glob("*.ipynb"))

    # -- admission ---------------------------------------------------------------------------

    async def admit(self, student: str, app: str) -> tuple[int, str, str] | None:
        """None if ``student`` may open ``app`` now, else (HTTP status, title, explanation)."""
        km = self.classroom_kernels
        opened = self._opened[student]
        now = time.monotonic()
        while opened and now - opened[0] > 60:
            opened.popleft()
        if len(opened) >= self.pages_per_minute:
            return (429, _("Too many pages at once"),
                    _("You opened many pages in the last minute. Wait a minute, then reload."))
        for kid in km.kernels_of(student):
            if km.apps.get(kid) == app:  # a reload: the previous page of this app is gone
                await km.shutdown_kernel(kid)
        if len(km.kernels_of(student)) + self._pending.get(student, 0) >= self.per_student:
            return (429, _("Too many apps open"),
                    ngettext("You have {n} app open. Close its tab, then reload this page.",
                             "You have {n} apps open. Close one of their tabs, then reload "
                             "this page.", self.per_student).format(n=self.per_student))
        if len(km.owners) + sum(self._pending.values()) >= self.max_kernels:
            return (503, _("The class is full"),
                    _("Every place in the class is taken. Ask your teacher, or try again in a "
                      "few minutes."))
        opened.append(now)
        return None

    # -- the teacher's exercise ----------------------------------------------------------------

    def send_exercise(self, chosen: Assignment) -> Assignment:
        """Send the whole class ``chosen``: made first (so it exists), recorded, then written
        to the file every practice kernel follows."""
        item = chosen.item()
        sent = self.class_store.send(chosen)
        write_exercise(self.class_store.exercise_file, sent)
        self.exercise, self.exercise_item = sent, item
        self.log.info("Sent the class exercise %d: %s", sent.id, sent.describe())
        return sent

    def collect_answers(self) -> None:
        try:
            self.class_store.collect_answers()
        except Exception as error:  # the next round tries again
            self.log.warning("The students' answers could not be read in: %s", error)

    def pending(self, student: str, change: int) -> None:
        self._pending[student] += change
        if self._pending[student] <= 0:
            del self._pending[student]

    # -- the server --------------------------------------------------------------------------

    def init_settings(self) -> dict[str, Any]:
        settings: dict[str, Any] = super().init_settings()
        settings["classroom"] = self
        return settings

    def init_handlers(self) -> list[Any]:
        swap: dict[type, type] = {
            KernelHandler: OwnKernelHandler,
            VoilaKernelWebsocketHandler: OwnChannelsHandler,
            VoilaShutdownKernelHandler: OwnShutdownHandler,
            RequestInfoSocketHandler: LocalRequestInfoHandler,
            TornadoVoilaHandler: ClassPageHandler,
            TornadoVoilaTreeHandler: ClassTreeHandler,
        }
        handlers = [(rule[0], swap.get(rule[1], rule[1]), *rule[2:])
                    for rule in super().init_handlers()]
        base = self.server_url.rstrip("/")
        return [(f"{base}/classroom/join", JoinHandler),
                (f"{base}/teacher", TeacherHandler),
                (f"{base}/teacher/state.json", TeacherStateHandler),
                (f"{base}/teacher/exercise", TeacherExerciseHandler),
                *handlers]

    def listen(self) -> None:
        ssl = ({"certfile": self.certfile, "keyfile": self.keyfile or None}
               if self.certfile else None)
        try:
            self.app.listen(self.port, self.ip, ssl_options=ssl)
        except OSError as error:
            self.log.critical("The classroom cannot listen on port %d: %s", self.port, error)
            self.exit(1)
        self.log.info("Voilà is running at:\n%s", self.display_url)
        self.ioloop = tornado.ioloop.IOLoop.current()
        loop = asyncio.get_event_loop()
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, self._stop_soon, sig)
        tornado.ioloop.PeriodicCallback(self.collect_answers, COLLECT_MS).start()
        try:
            self.ioloop.start()
        finally:
            self.stop()

    def _stop_soon(self, sig: int) -> None:
        if self._stopping:  # asked twice: end now
            self.log.warning("Stopping now")
            _kill(_children())
            os._exit(1)
        self._stopping = True
        self.log.info("Stopping the classroom (signal %d): shutting down every kernel", sig)

        def deadline() -> None:  # whatever hangs, the process ends in time
            time.sleep(STOP_DEADLINE)
            _kill(_children())
            os._exit(1)

        threading.Thread(target=deadline, daemon=True).start()
        self.ioloop.add_callback(self.ioloop.stop)

    def _handle_signal_stop(self, sig: int, frame: Any) -> None:  # Voila's, before listen
        self._stop_soon(sig)

    def stop(self) -> None:
        km = self.classroom_kernels
        km.stop_pools()

        async def close_all() -> None:
            kernels = list(km.list_kernel_ids())
            await asyncio.wait_for(asyncio.gather(
                *(km.shutdown_kernel(kid, now=True) for kid in kernels),
                return_exceptions=True), STOP_DEADLINE / 2)

        try:
            tornado.ioloop.IOLoop.current().run_sync(close_all)
        except Exception as error:
            self.log.warning("Some kernels did not stop cleanly (%s): killed", error)
        _kill(_children())
        shutil.rmtree(self.connection_dir, ignore_errors=True)
        self.collect_answers()  # the last answers written
        self.class_store.close()
        self.log.info("The classroom has stopped")


# -- handlers ----------------------------------------------------------------------------------


def _room(handler: tornado.web.RequestHandler) -> ClassroomVoila:
    room = handler.settings["classroom"]
    assert isinstance(room, ClassroomVoila)
    return room


class _OwnKernel:
    """Answers only the student the kernel in the address is bound to (anyone else: 404)."""

    async def prepare(self, *args: Any, **kwargs: Any) -> None:
        await super().prepare(*args, **kwargs)  # type: ignore[misc]
        handler: Any = self
        if handler._finished:  # redirected to the login page
            return
        kernel_id = handler.path_kwargs.get("kernel_id") or (handler.path_args or [""])[0]
        owner = _room(handler).classroom_kernels.owner(kernel_id)
        user = handler.current_user
        if user is None or owner is None or not hmac.compare_digest(owner, user.username):
            raise tornado.web.HTTPError(404)


class OwnKernelHandler(_OwnKernel, KernelHandler):
    pass


class OwnChannelsHandler(_OwnKernel, VoilaKernelWebsocketHandler):  # type: ignore[misc]
    pass


class OwnShutdownHandler(_OwnKernel, VoilaShutdownKernelHandler):  # type: ignore[misc]
    pass


class LocalRequestInfoHandler(RequestInfoSocketHandler):  # type: ignore[misc]
    """Voila's request details for a preheated kernel: asked by the kernel, on this machine."""

    def prepare(self) -> None:
        if self.request.remote_ip not in ("127.0.0.1", "::1"):
            raise tornado.web.HTTPError(404)


class _Page(JupyterHandler):
    def refuse(self, status: int, title: str, text: str) -> None:
        self.set_status(status)
        self.set_header("Cache-Control", "no-store")
        back = html.escape(_("The class's apps"))
        self.finish(page(title, f"<p>{html.escape(text)}</p>"
                                f'<p><a href="{self.base_url}">{back}</a></p>'))

    def joined_or_redirect(self) -> Any:
        student = _room(self).class_store.student(self.current_user.username)
        if student is None:
            self.redirect(f"{self.base_url}classroom/join?next={quote(self.request.uri or '/')}")
        return student


class ClassPageHandler(TornadoVoilaHandler):  # type: ignore[misc]
    """An app's page, for a student who has joined, within the caps."""

    @tornado.web.authenticated
    async def get(self, path: str | None = None) -> None:
        room = _room(self)
        app = Path(path or "").stem
        if app not in room.app_names():
            raise tornado.web.HTTPError(404)
        student = _Page.joined_or_redirect(self)
        if student is None:
            return
        refusal = await room.admit(student.id, app)
        if refusal is not None:
            _Page.refuse(self, *refusal)
            return
        self.xsrf_token  # noqa: B018 - sets the _xsrf cookie the page's closing request sends
        STUDENT.set(student.id)
        APP.set(app)
        room.pending(student.id, +1)
        try:
            await super().get(path)
        finally:
            room.pending(student.id, -1)


class ClassTreeHandler(TornadoVoilaTreeHandler):  # type: ignore[misc]
    """The class's front page: the apps, the warm one first."""

    @tornado.web.authenticated
    async def get(self, path: str = "") -> None:
        student = _Page.joined_or_redirect(self)
        if student is None:
            return
        room = _room(self)
        names = room.app_names()
        ordered = [n for n in room.pooled if n in names] + [n for n in names
                                                              if n not in room.pooled]
        ready, later = _(" (ready)"), _(" (starts when opened: a few seconds)")
        items = "".join(
            f'<li><a href="{self.base_url}voila/render/{quote(n)}.ipynb">'
            f"{html.escape(app_title(n))}</a>"
            f"{html.escape(ready if n in room.pooled else later)}</li>"
            for n in ordered)
        hello = _("Hello, {name}.").format(name=student.name)
        rename = html.escape(_("Change my name"))
        self.finish(page(_("Mahjong Tutor: the class's apps"),
                         f"<p>{html.escape(hello)}</p><ul>{items}</ul>"
                         f'<p><a href="{self.base_url}classroom/join?rename=1">'
                         f"{rename}</a></p>"))



class JoinHandler(_Page):
    """The name a student gives on joining (the class code got them here)."""

    def form(self, error: str = "") -> str:
        next_url = self.get_argument("next", self.base_url)
        message = f'<p role="alert">{html.escape(error)}</p>' if error else ""
        label, join = html.escape(_("Your name")), html.escape(_("Join"))
        why = html.escape(_("Mahjong Tutor: the class's apps. Give your name as your teacher "
                            "knows it: what you solve is kept under it, on your teacher's "
                            "machine, and your teacher sees it."))
        return page(_("Join the class"), f"""{message}<p>{why}</p>
<form method="post" action="{self.base_url}classroom/join">
{self.xsrf_form_html()}
<input type="hidden" name="next" value="{html.escape(next_url)}">
<p><label for="name">{label}</label>
<input id="name" name="name" maxlength="40" required autofocus></p>
<p><button type="submit">{join}</button></p>
</form>""")

    @tornado.web.authenticated
    def get(self) -> None:
        room = _room(self)
        known = room.class_store.student(self.current_user.username)
        if known is not None and not self.get_argument("rename", ""):
            self.redirect(self._next())
            return
        self.finish(self.form())

    def _next(self) -> str:
        target = self.get_argument("next", self.base_url)
        if not target.startswith(self.base_url) or target.startswith("//"):
            target = self.base_url
        return str(target)

    @tornado.web.authenticated
    def post(self) -> None:
        room = _room(self)
        store = room.class_store
        new = store.student(self.current_user.username) is None
        if new and store.count_students() >= room.max_students:
            self.refuse(503, _("The class is full"),
                        ngettext("{n} student has joined: no place is left.",
                                 "{n} students have joined: no place is left.",
                                 room.max_students).format(n=room.max_students))
            return
        try:
            store.join(self.current_user.username, self.get_body_argument("name", ""))
        except InputError as error:
            self.set_status(400)
            self.finish(self.form(localize(error.args[0]) if error.args else str(error)))
            return
        self.redirect(self._next())


class _Teacher(_Page):
    def is_teacher(self) -> bool:
        cookie = self.get_signed_cookie(TEACHER_COOKIE)
        return cookie == b"yes"


class TeacherHandler(_Teacher):
    """The teacher's page: who is here, how far each has got."""

    @allow_unauthenticated
    def get(self) -> None:
        room = _room(self)
        code = self.get_argument("code", "")
        if code and hmac.compare_digest(code, room.teacher_code):
            self.set_signed_cookie(TEACHER_COOKIE, "yes", expires_days=1, httponly=True,
                                   samesite="Strict")
            self.redirect(f"{self.base_url}teacher")
            return
        if not self.is_teacher():
            self.refuse(403, _("The teacher's page"),
                        _("Open the teacher's address that tutor classroom printed."))
            return
        self.set_header("Cache-Control", "no-store")
        from tutor.classroom.teacher import dashboard

        self.finish(dashboard(room, self.base_url, self.xsrf_form_html()))


class TeacherStateHandler(_Teacher):
    @allow_unauthenticated
    def get(self) -> None:
        if not self.is_teacher():
            raise tornado.web.HTTPError(403)
        from tutor.classroom.teacher import state

        room = _room(self)
        room.collect_answers()
        self.set_header("Content-Type", "application/json")
        self.set_header("Cache-Control", "no-store")
        self.finish(state(room))


class TeacherExerciseHandler(_Teacher):
    """``POST /teacher/exercise``: send the whole class an exercise (topic, level, seed, game),
    from the teacher's form or as JSON (then answered with the exercise sent, as JSON)."""

    @allow_unauthenticated
    def post(self) -> None:
        if not self.is_teacher():
            raise tornado.web.HTTPError(403)
        if len(self.request.body) > MAX_BODY:
            raise tornado.web.HTTPError(413)
        as_json = self.request.headers.get("Content-Type", "").startswith("application/json")
        room = _room(self)
        try:
            sent = room.send_exercise(Assignment.parse(self._fields(as_json)))
        except TutorError as error:
            self.set_status(400)
            self.set_header("Cache-Control", "no-store")
            if as_json:
                self.set_header("Content-Type", "application/json")
                self.finish(json.dumps({"error": str(error)}))
            else:
                from tutor.classroom.teacher import dashboard

                self.finish(dashboard(room, self.base_url, self.xsrf_form_html(), str(error)))
            return
        if as_json:
            self.set_header("Content-Type", "application/json")
            self.finish(json.dumps(sent.as_dict(), sort_keys=True))
        else:
            self.redirect(f"{self.base_url}teacher", status=303)

    def _fields(self, as_json: bool) -> Any:
        if as_json:
            try:
                fields = json.loads(self.request.body or b"null")
            except ValueError:
                raise AssignmentError("the request is not JSON") from None
            return fields
        return {name: self.get_body_argument(name) for name in self.request.body_arguments
                if name != "_xsrf"}

