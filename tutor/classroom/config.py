"""Voila's settings for a class (:func:`voila_config`), the course's apps and the addresses.

Plain ``voila`` is tuned for one user on localhost. For a room of students the settings are:

- kernels on jupyter_client's IPC transport (Unix sockets in a short private folder): no TCP
  port is chosen per kernel, so two kernels starting at once cannot collide;
- one app preheated by default (a kernel per student that has already run it, so opening the
  page costs the server almost nothing, and a quarter more for late arrivals and reloads), the
  other apps started on demand; the pool refills at once, one kernel at a time
  (:mod:`tutor.classroom.kernels`);
- a long ``iopub_timeout`` (Voila's 4 s default expires when the CPU is saturated);
- the class code (the server's token) and the cross-site request check on;
- a kernel whose page is gone (no connection) is culled after :data:`CULL_IDLE` seconds idle;
  a dead connection is found by websocket pings within a minute.

Memory and time per kernel, measured on the project's 2-CPU machine, are in README's classroom
section (:data:`KERNEL_MB` is the figure printed before warming).
"""

from __future__ import annotations

import socket
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from tutor.errors import InputError
from tutor.lab import CourseError, course_root

__all__ = ["DEFAULT_APP", "EXTENSIONS", "apps", "apps_folder", "lan_address", "port_is_free",
           "spare_kernels", "voila_config"]

IOPUB_TIMEOUT = 120  # seconds a page may wait for a busy kernel's output
CULL_IDLE = 300  # seconds a kernel with no open page may stay idle
CULL_INTERVAL = 30
PING_INTERVAL = 20  # seconds between websocket pings; a connection silent for 3 pings is closed
KERNEL_MB = 65  # a kernel that has run an app: 60-63 MB resident
MAX_STUDENTS = 200
DEFAULT_APP = "practice"

#: The JupyterLab extensions the apps' pages load: the widgets, Voila's own widget manager (the
#: page has no widgets without it), anywidget's front end and the code highlighter.
EXTENSIONS = ["@jupyter-widgets/jupyterlab-manager", "@voila-dashboards/widgets-manager8",
              "anywidget", "jupyterlab_pygments"]


def apps_folder(lang: str = "en") -> Path:
    """The folder of the course's apps in ``lang``: ``apps/``, or the Chinese edition's
    ``zh/apps/``."""
    return course_root() / "apps" if lang == "en" else course_root() / lang / "apps"


def apps(folder: Path | None = None, lang: str = "en") -> dict[str, Path]:
    """The course's apps by name (``hand_builder``: its notebook), of the edition in ``lang``
    unless ``folder`` is given."""
    folder = apps_folder(lang) if folder is None else folder
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


def port_is_free(port: int, ip: str = "0.0.0.0") -> bool:
    with socket.socket() as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((ip, port))
        except OSError:
            return False
    return True


def free_port(ip: str = "0.0.0.0") -> int:
    with socket.socket() as sock:
        sock.bind((ip, 0))
        return int(sock.getsockname()[1])


def spare_kernels(students: int) -> int:
    """Warm kernels kept beyond one per student, by default: a quarter of the class (at least
    2), for the students who arrive late or reload their page (a reload takes a new kernel)."""
    return max(2, -(-students // 4))


def voila_config(students: int, port: int, pooled: Sequence[str], folder: Path, *,
                 token: str = "", ip: str = "0.0.0.0", lang: str = "en",
                 spare: int | None = None) -> dict[str, dict[str, Any]]:
    """Voila's settings for a class of ``students`` on ``port``: a pool of preheated kernels for
    each app named in ``pooled``, one per student and ``spare`` more (default
    :func:`spare_kernels`); the other apps start kernels on demand. The kernels speak ``lang``
    (``TUTOR_LANG`` in their environment)."""
    if not 1 <= students <= MAX_STUDENTS:
        raise InputError(f"--students must be between 1 and {MAX_STUDENTS}, not {students}")
    spare = spare_kernels(students) if spare is None else spare
    if not 0 <= spare <= MAX_STUDENTS:
        raise InputError(f"--spare must be between 0 and {MAX_STUDENTS}, not {spare}")
    if not 0 < port < 65536:
        raise InputError(f"--port must be between 1 and 65535, not {port}")
    pools: dict[str, dict[str, int]] = {"default": {"pool_size": 0}}
    pools.update({f"{name}.ipynb": {"pool_size": students + spare} for name in pooled})
    return {
        "Voila": {"ip": ip, "port": port, "port_retries": 0, "open_browser": False,
                  "root_dir": str(folder), "token": token,
                  # Unix socket paths are short (108 bytes): kernels' sockets go in /tmp
                  "connection_dir_root": tempfile.gettempdir(),
                  "tornado_settings": {"disable_check_xsrf": False,
                                       "websocket_ping_interval": PING_INTERVAL,
                                       "websocket_ping_timeout": 3 * PING_INTERVAL}},
        "VoilaConfiguration": {
            "preheat_kernel": True, "default_pool_size": 0, "show_tracebacks": False,
            "multi_kernel_manager_class": "tutor.classroom.kernels.ClassroomKernelManager",
            # the project's template (no CDN) and only the front ends the apps use: another
            # JupyterLab extension installed beside them may want newer JupyterLab packages
            # than Voila's page has, and fill the students' consoles with warnings
            "template": "mahjong-tutor", "extension_allowlist": EXTENSIONS},
        "VoilaKernelManager": {"kernel_pools_config": pools, "fill_delay": 0},
        "ClassroomKernelManager": {"language": lang},
        "KernelManager": {"transport": "ipc"},
        "VoilaExecutor": {"iopub_timeout": IOPUB_TIMEOUT},
        "MappingKernelManager": {"cull_idle_timeout": CULL_IDLE, "cull_interval": CULL_INTERVAL,
                                 "cull_connected": False},
    }
