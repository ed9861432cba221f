"""``tutor classroom``: serve the course's apps to a room with Voila (needs the classroom extra)."""

from __future__ import annotations

import argparse
import importlib.util

from tutor.cli import Commands, count
from tutor.lab import CourseError


def register(commands: Commands) -> None:
    p = commands.command("classroom", "serve the apps to a class on the local network (Voila), "
                         "with a warm kernel waiting for every student")
    p.add_argument("app", nargs="*", help="the apps the class will open, each with a kernel per "
                   "student waiting (default: every app)")
    p.add_argument("--students", type=count(1, 10_000), default=20,
                   help="how many students (default 20)")
    p.add_argument("--port", type=count(1, 65535), default=8866, help="the port (default 8866)")
    p.set_defaults(func=_classroom)


def _classroom(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("voila") is None:
        raise CourseError("Voila is not installed: pip install 'mahjong-tutor[classroom]'")
    from traitlets.config import Config
    from voila.app import Voila

    from tutor.classroom import KERNEL_MB, apps, lan_address, voila_config

    found = apps()
    pooled = args.app or list(found)
    if unknown := [name for name in pooled if name not in found]:
        raise CourseError(f"no app named {unknown[0]!r}; the apps are {', '.join(found)}")
    folder = next(iter(found.values())).parent
    config = voila_config(args.students, args.port, pooled, folder)
    kernels = args.students * len(pooled)
    print(f"Warming {kernels} kernel(s) ({args.students} for each of {', '.join(pooled)}; about "
          f"{kernels * KERNEL_MB} MB of memory).\n"
          f"Students open   http://{lan_address()}:{args.port}/\n"
          f"On this machine http://127.0.0.1:{args.port}/\n"
          "Students can come in once the server says 'Ready for the class'. Ctrl-C stops it.",
          flush=True)
    Voila.launch_instance(argv=[str(folder)], config=Config(config))
    return 0
