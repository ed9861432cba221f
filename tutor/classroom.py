"""A Voila server that holds a class: the course's apps served to the room from one machine.

Plain ``voila`` is tuned for one user on localhost. For a room of students :func:`voila_config`
sets what holds under load:

- it listens on every interface, so students reach it at the machine's LAN address;
- each app keeps a pool of kernels that have already run it (``preheat_kernel``), one per
  student, so opening a page costs the server almost nothing; the pool is refilled late
  (``fill_delay``), once the rush is over, so refilling never competes with the students;
- a long ``iopub_timeout`` (Voila's 4 s default expires when the CPU is saturated and leaves
  blank pages);
- the kernel of a closed tab is shut down: Voila's page sends that request without the
  ``_xsrf`` cookie unless the student came through the app list, so the check is off (students
  have no login to protect); kernels idle and unconnected for half an hour are culled as well
  (Voila never culls the ones still waiting in the pool);
- the server says when every warm kernel has run its app: the class can come in.

Memory is not the limit (about 60 MB per kernel); CPU is (about 1.5 CPU-seconds to start a
kernel and run an app, less than 0.1 for a click).
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

from tutor.errors import InputError
from tutor.lab import CourseError, course_root

__all__ = ["ClassroomKernelManager", "apps", "lan_address", "voila_config"]

IOPUB_TIMEOUT = 120  # seconds a page may wait for a busy kernel's output
FILL_DELAY = 120  # seconds before a used pool kernel is replaced
CULL_IDLE = 1800  # seconds a kernel with no open page may stay idle
KERNEL_MB = 60
MAX_STUDENTS = 200


class ClassroomKernelManager(AsyncMappingKernelManager):
    """Says when the class can come in: every preheated kernel has run its app.

    Voila reports its pools "filled" as soon as the kernels have started, while they are still
    running the app; a student arriving then waits for that. Voila builds its pooling manager on
    top of this class (``multi_kernel_manager_class``); its pools are read as Voila 0.5 keeps them.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]
        asyncio.get_event_loop().create_task(self._announce_when_warm())

    def _warm(self) -> int | None:
        """How many pooled kernels have run their app, or None while some are still running."""
        pools: dict[str, list[asyncio.Task[dict[str, Any]]]] = getattr(self, "_pools", {})
        tasks = [task for pool in pools.values() for task in pool]
        if not all(task.done() for task in tasks):
            return None
        if not all(task.result()["task"].done() for task in tasks if task.exception() is None):
            return None
        return len(tasks)

    async def _announce_when_warm(self) -> None:
        await asyncio.sleep(1)
        while (warm := self._warm()) is None:
            await asyncio.sleep(0.5)
        self.log.info("Ready for the class: %d warm kernel(s) waiting for students", warm)


def apps(folder: Path | None = None) -> dict[str, Path]:
    """The course's apps by name (``hand_builder``: its notebook)."""
    folder = course_root() / "apps" if folder is None else folder
    found = {path.stem: path for path in sorted(folder.glob("*.ipynb"))}
    if not found:
        raise CourseError(f"no apps in {folder}")
    return found


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent to find it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))  # a route lookup only: UDP sends nothing here
            address = str(probe.getsockname()[0])
        except OSError:
            address = "127.0.0.1"
    return address


#: The JupyterLab extensions the apps' pages load: the widgets, Voila's own widget manager (the
#: page has no widgets without it), anywidget's front end and the code highlighter.
EXTENSIONS = ["@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/widgets-manager8",
              "anywidget", "jupyterlab_pygments"]


def voila_config(students: int, port: int, pooled: Sequence[str],
                 folder: Path) -> dict[str, dict[str, Any]]:
    """Voila's settings for a class of ``students`` on ``port``: a pool of one preheated kernel
    per student for each app named in ``pooled`` (the other apps start kernels on demand)."""
    if not 1 <= students <= MAX_STUDENTS:
        raise InputError(f"--students must be between 1 and {MAX_STUDENTS}, not {students}")
    if not 0 < port < 65536:
        raise InputError(f"--port must be between 1 and 65535, not {port}")
    pools: dict[str, dict[str, int]] = {"default": {"pool_size": 0}}
    pools.update({f"{name}.ipynb": {"pool_size": students} for name in pooled})
    return {
        "Voila": {"ip": "0.0.0.0", "port": port, "port_retries": 0, "open_browser": False,
                  "root_dir": str(folder), "tornado_settings": {"disable_check_xsrf": True}},
        "VoilaConfiguration": {
            "preheat_kernel": True, "default_pool_size": students, "show_tracebacks": False,
            "multi_kernel_manager_class": f"{__name__}.ClassroomKernelManager",
            # the project's template (no CDN) and only the front ends the apps use: another
            # JupyterLab extension installed beside them may want newer JupyterLab packages
            # than Voila's page has, and fill the students' consoles with warnings
            "template": "mahjong-tutor", "extension_allowlist": EXTENSIONS},
        "VoilaKernelManager": {"kernel_pools_config": pools, "fill_delay": FILL_DELAY},
        "VoilaExecutor": {"iopub_timeout": IOPUB_TIMEOUT},
        "MappingKernelManager": {"cull_idle_timeout": CULL_IDLE, "cull_interval": 60,
                                 "cull_connected": False},
    }
