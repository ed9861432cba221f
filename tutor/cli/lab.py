"""``tutor lab [DIR]``: copy the course into a folder the learner owns and open it in JupyterLab."""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
from pathlib import Path

from tutor.cli import Commands, count
from tutor.errors import InputError
from tutor.i18n import N_, Message, _, language
from tutor.lab import (
    QUIET_SERVER,
    CopyReport,
    CourseError,
    copy_course,
    first_lesson,
    lab_settings,
    trust_course,
)


def register(commands: Commands) -> None:
    p = commands.command("lab", N_("copy the course notebooks into a folder and open them in "
                         "JupyterLab (never overwrites a notebook you edited)"))
    p.add_argument("dir", nargs="?", default="mahjong-tutor",
                   help=_("the folder for your copy of the course (default ./mahjong-tutor)"))
    p.add_argument("--update", action="store_true",
                   help=_("refresh the files you have not edited with this version's (a damaged "
                   "notebook is restored on every run; links in DIR are refused)"))
    p.add_argument("--port", type=count(1, 65535), default=8888,
                   help=_("JupyterLab's port (default 8888)"))
    p.add_argument("--no-browser", action="store_true", help=_("do not open a browser"))
    p.set_defaults(func=_lab)


def jupyterlab_command(folder: Path, port: int, browser: bool, lang: str = "en") -> list[str]:
    """The JupyterLab command line for ``folder``, opening the first lesson of the edition in
    ``lang`` (``zh/`` for Chinese), with JupyterLab's interface in that language when its
    language pack is installed, and its announcements off (no news, no update check)."""
    first = first_lesson(folder, lang)
    command = [sys.executable, "-m", "jupyterlab", f"--ServerApp.root_dir={folder}",
               f"--port={port}"]
    if first:
        command.append(f"--LabApp.default_url=/lab/tree/{first}")
    command += [f"--LabApp.app_settings_dir={lab_settings(folder, lang)}", *QUIET_SERVER]
    if not browser:
        command.append("--no-browser")
    if hasattr(os, "getuid") and os.getuid() == 0:
        command.append("--allow-root")
    return command


def report_text(report: CopyReport) -> str:
    """``str(report)`` in the current language (the English is the report's own)."""
    if language() == "en":
        return str(report)
    lines = [_("course folder: {folder}").format(folder=report.folder)]
    for label, paths in ((_("copied {path}"), report.copied),
                         (_("refreshed {path}"), report.refreshed),
                         (_("kept your edited copy of {path}"), report.kept)):
        lines += ["  " + label.format(path=path) for path in paths]
    lines += ["  " + _("restored {path}: it was not a whole notebook or record (the damaged file "
                       "is kept as {aside})").format(path=path, aside=aside)
              for path, aside in zip(report.restored, report.set_aside, strict=False)]
    if report.current:
        lines.append("  " + _("{n} file(s) already up to date").format(n=len(report.current)))
    if report.stale:
        lines.append("  " + _("{n} file(s) have a newer version: {command} refreshes them (never "
                              "a file you edited)").format(n=len(report.stale),
                                                           command="'tutor lab --update'"))
    return "\n".join(lines)


def _lab(args: argparse.Namespace) -> int:
    if not 0 < args.port < 65536:
        raise InputError(Message("--port must be between 1 and 65535, not {port}",
                                 port=args.port))
    if importlib.util.find_spec("jupyterlab") is None:
        raise CourseError(Message("JupyterLab is not installed: {command}",
                                  command="pip install 'mahjong-tutor[notebook]'"))
    report = copy_course(Path(args.dir), update=args.update)
    print(report_text(report), flush=True)
    trust_course(report)  # stored pictures show before any cell runs
    try:
        # ``tutor lab --lang zh``: the course's kernels speak the language chosen
        env = dict(os.environ, TUTOR_LANG=args.lang) if args.lang else None
        return subprocess.call(jupyterlab_command(report.folder.resolve(), args.port,
                                                  not args.no_browser, language()), env=env)
    except KeyboardInterrupt:
        return 0
