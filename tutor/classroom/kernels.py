"""The classroom's kernels: started so they cannot collide, one or two at a time, each bound to
the student it serves and given a progress file of its own.

:class:`ClassroomKernelManager` is the base Voila builds its pooling manager on
(``multi_kernel_manager_class``); what Voila 0.5.8 keeps in that subclass (its pools, its
``_initialize`` and ``get_rendered_notebook``) is wrapped per instance, read as Voila 0.5 keeps it.

- The kernels talk to the server over Unix sockets (jupyter_client's IPC transport, set in
  :mod:`tutor.classroom.config`): no TCP port is picked, so no two kernels can pick the same one.
- Starts pass a gate: at most two at once (each of the pool's holds its place until its kernel
  has run the app); once the class has come in, the pool is refilled one kernel at a time, so
  a refill never takes the machine from the class.
- Every kernel is also told (in its environment) the file the teacher's exercise is written to
  and an answers file of its own, named as its progress file (:mod:`tutor.classroom.assignment`).
- Every kernel is bound to a student: the one whose page started it, or the one a preheated
  kernel was given to. :meth:`ClassroomKernelManager.owner` answers for the server's checks.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Awaitable, Callable
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Unicode

from tutor.classroom.assignment import ANSWERS_ENV, EXERCISE_ENV
from tutor.classroom.store import ClassStore

__all__ = ["APP", "LANGUAGE_ENV", "STUDENT", "ClassroomKernelManager", "kernel_environment"]

#: Who the current request is for (set by the page handler; read where the kernel is started or
#: taken from the pool, which runs in the request's task).
STUDENT: ContextVar[str | None] = ContextVar("classroom_student", default=None)
APP: ContextVar[str] = ContextVar("classroom_app", default="")
_FILLING: ContextVar[bool] = ContextVar("classroom_filling", default=False)

PROGRESS_ENV = "MAHJONG_TUTOR_PROGRESS"
STARTS_AT_ONCE = 2
APP_RUN_WAIT = 90.0  # seconds a refill holds its place while its kernel runs the app, at most


#: the variable that gives a kernel its language (:mod:`tutor.i18n`)
LANGUAGE_ENV = "TUTOR_LANG"


def kernel_environment(base: dict[str, str], language: str) -> dict[str, str]:
    """A kernel's environment: ``base`` with the class's language (``TUTOR_LANG``), so the
    apps' widgets speak the edition the class was served (``tutor classroom --lang zh``)."""
    return {**base, LANGUAGE_ENV: language}


def app_name(notebook: str) -> str:
    return Path(notebook).stem


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Kernels for a class (see the module's docstring)."""

    language = Unicode("en", config=True, help="the language the kernels speak (TUTOR_LANG)")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        self._starts = asyncio.Semaphore(STARTS_AT_ONCE)
        self._one_refill = asyncio.Lock()
        self.class_started = False  # set when the first student is given a kernel
        self._filling: set[asyncio.Task[Any]] = set()
        self.owners: dict[str, str] = {}  # kernel id: student
        self.apps: dict[str, str] = {}  # kernel id: app, for the students' kernels
        self.closing = False
        for name, wrap in (("_initialize", self._wrap_initialize),
                           ("get_rendered_notebook", self._wrap_get_rendered),
                           ("get_pool_size", self._wrap_pool_size)):
            if hasattr(self, name):  # Voila's pooling subclass
                setattr(self, name, wrap(getattr(self, name)))
        asyncio.get_event_loop().create_task(self._announce_when_warm())

    @property
    def store(self) -> ClassStore | None:
        found = getattr(self.parent, "class_store", None)
        return found if isinstance(found, ClassStore) else None

    def owner(self, kernel_id: str) -> str | None:
        """The student the kernel serves (None: a kernel waiting in the pool, or no kernel)."""
        return self.owners.get(kernel_id)

    def connected(self, kernel_id: str) -> bool:
        """Whether a page holds the kernel's websocket open."""
        return bool(self._kernel_connections.get(kernel_id, 0))

    def kernels_of(self, student: str) -> list[str]:
        return [kid for kid, who in self.owners.items() if who == student]

    # -- starting ------------------------------------------------------------------------------

    async def start_kernel(  # type: ignore[override]
            self, *, kernel_id: str | None = None, path: Any = None, **kwargs: Any) -> str:
        if self.closing:
            raise RuntimeError("the classroom is closing")
        student, store = STUDENT.get(), self.store
        env = kernel_environment(dict(kwargs.pop("env", None) or os.environ), self.language)
        progress: Path | None = None
        if store is not None:
            known = store.student(student) if student else None
            progress = known.progress if known is not None else store.new_progress_file()
            env[PROGRESS_ENV] = str(progress)
            env[EXERCISE_ENV] = str(store.exercise_file)
            env[ANSWERS_ENV] = str(store.answers_file(progress))
        kwargs["env"] = env
        if _FILLING.get():  # the refill already holds its place at the gate
            started = await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        else:
            async with self._starts:
                started = await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        kid = str(started)
        if student:
            self.class_started = True
            self.owners[kid] = student
            self.apps[kid] = APP.get()
        if store is not None and progress is not None:
            store.kernel_started(kid, APP.get(), progress, student)
        return kid

    def _wrap_initialize(self, initialize: Callable[..., Awaitable[dict[str, Any]]]
                         ) -> Callable[..., Awaitable[dict[str, Any]]]:
        async def fill(notebook_path: str, kernel_id: str | None = None,
                       **kwargs: Any) -> dict[str, Any]:
            if kernel_id is not None:  # a restart: not a refill
                return await initialize(notebook_path, kernel_id, **kwargs)
            STUDENT.set(None)  # this task was created in a student's request: not theirs
            APP.set(app_name(notebook_path))
            async with contextlib.AsyncExitStack() as places:
                if self.class_started:  # refills one at a time; warming uses both places
                    await places.enter_async_context(self._one_refill)
                await places.enter_async_context(self._starts)
                if self.closing:
                    raise RuntimeError("the classroom is closing")
                task = asyncio.current_task()
                if task is not None:
                    self._filling.add(task)
                _FILLING.set(True)
                try:
                    content = await initialize(notebook_path, None, **kwargs)
                    await asyncio.wait({content["task"]}, timeout=APP_RUN_WAIT)
                finally:
                    _FILLING.set(False)
                    if task is not None:
                        self._filling.discard(task)
                return content
        return fill

    def _wrap_get_rendered(self, get_rendered: Callable[..., Awaitable[tuple[Any, Any, str]]]
                           ) -> Callable[..., Awaitable[tuple[Any, Any, str]]]:
        async def take(notebook_name: str, *args: Any, **kwargs: Any) -> tuple[Any, Any, str]:
            result = await get_rendered(notebook_name, *args, **kwargs)
            student, store = STUDENT.get(), self.store
            if student:
                self.class_started = True
                self.owners[result[2]] = student
                self.apps[result[2]] = app_name(notebook_name)
                if store is not None:
                    store.kernel_given(result[2], student)
            return result
        return take

    def _wrap_pool_size(self, pool_size: Callable[[str], int]) -> Callable[[str], int]:
        def ready(notebook_name: str) -> int:
            """The pool's kernels a student can have now: started (or being started) and
            alive. A pool kernel that failed is dropped and replaced."""
            pools: dict[str, list[asyncio.Task[Any]]] = getattr(self, "_pools", {})
            pool = pools.get(notebook_name, [])
            failed = [t for t in pool if t.done() and (t.cancelled() or t.exception())]
            for task in failed:
                pool.remove(task)
            if failed and not self.closing:
                self.fill_if_needed(  # type: ignore[attr-defined]
                    delay=0, notebook_name=notebook_name)
            return sum(1 for t in pool if t.done() or t in self._filling)
        return ready

    # -- ending --------------------------------------------------------------------------------

    async def shutdown_kernel(  # type: ignore[override]
            self, kernel_id: str, now: bool = False, restart: bool = False) -> None:
        try:
            await super().shutdown_kernel(  # type: ignore[no-untyped-call]
                kernel_id, now=now, restart=restart)
        finally:
            if not restart:
                self.owners.pop(kernel_id, None)
                self.apps.pop(kernel_id, None)
                if self.store is not None:
                    self.store.kernel_ended(kernel_id)

    def stop_pools(self) -> None:
        """Stop refilling and drop the pools' unfinished starts (the server is stopping)."""
        self.closing = True
        pools: dict[str, list[asyncio.Task[Any]]] = getattr(self, "_pools", {})
        for pool in pools.values():
            for task in pool:
                if not task.done():
                    task.cancel()

    def kernel_pids(self) -> list[int]:
        pids = []
        for kid in list(self._kernels):
            provisioner = getattr(self._kernels[kid], "provisioner", None)
            pid = getattr(provisioner, "pid", None)
            if isinstance(pid, int):
                pids.append(pid)
        return pids

    # -- the class can come in ---------------------------------------------------------------

    def _warm(self) -> int | None:
        """How many pooled kernels have run their app, or None while some are still running."""
        pools: dict[str, list[asyncio.Task[dict[str, Any]]]] = getattr(self, "_pools", {})
        tasks = [task for pool in pools.values() for task in pool]
        if not all(task.done() for task in tasks):
            return None
        good = [t for t in tasks if not t.cancelled() and t.exception() is None]
        if not all(task.result()["task"].done() for task in good):
            return None
        return len(good)

    async def _announce_when_warm(self) -> None:
        await asyncio.sleep(1)
        while (warm := self._warm()) is None:
            await asyncio.sleep(0.5)
        self.log.info("Ready for the class: %d warm kernel(s) waiting for students", warm)
