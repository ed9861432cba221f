"""``tutor classroom``: serve the course's apps to a room with Voila (needs the classroom extra)."""

from __future__ import annotations

import argparse
import importlib.util
import secrets
from pathlib import Path

from tutor.cli import Commands, count
from tutor.i18n import N_, Message, _, columns, padded
from tutor.lab import CourseError

_CODE_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789"  # no 0/o, 1/l/i to misread


def register(commands: Commands) -> None:
    p = commands.command("classroom", N_("serve the apps to a class on the local network (Voila), "
                         "behind a class code, with a teacher's page"))
    p.add_argument("app", nargs="*", help=_("the apps with a warm kernel waiting for every student "
                   "(default: practice); the other apps start when a student opens them"))
    p.add_argument("--students", type=count(1, 200), default=20,
                   help=_("how many students (default 20): a warm kernel for each, per app"))
    p.add_argument("--spare", type=count(0, 200), default=None,
                   help=_("warm kernels per app beyond one per student, for late arrivals and "
                   "reloads (default: a quarter of --students, at least 2)"))
    p.add_argument("--port", type=count(1, 65535), default=None,
                   help=_("the port (default 8866, or a free one if 8866 is taken)"))
    p.add_argument("--ip", default="0.0.0.0",
                   help=_("the address to listen on (default: every interface)"))
    p.add_argument("--folder", type=Path, default=Path.home() / ".mahjong-tutor" / "classroom",
                   help=_("where the class's record (names, progress) is kept "
                   "(default ~/.mahjong-tutor/classroom)"))
    p.add_argument("--code", default=None,
                   help=_("the class code students enter (default: a new random one)"))
    p.add_argument("--certfile", type=Path, default=None, help=_("serve HTTPS with this "
                   "certificate (PEM); with --keyfile"))
    p.add_argument("--keyfile", type=Path, default=None, help=_("the certificate's private key"))
    p.set_defaults(func=_classroom)


def _classroom(args: argparse.Namespace) -> int:
    if importlib.util.find_spec("voila") is None or importlib.util.find_spec("segno") is None:
        raise CourseError(Message("Voila is not installed: {command}",
                                  command="pip install 'mahjong-tutor[classroom]'"))
    import segno
    from traitlets.config import Config

    from tutor.classroom import KERNEL_MB, apps, lan_address, port_is_free, voila_config
    from tutor.classroom.config import free_port, spare_kernels
    from tutor.classroom.server import ClassroomVoila
    from tutor.i18n import language

    lang = language()  # ``--lang zh`` or TUTOR_LANG=zh: the Chinese edition's apps
    found = apps(lang=lang)
    pooled = args.app or ["practice"]
    if unknown := [name for name in pooled if name not in found]:
        raise CourseError(Message("no app named {name}; the apps are {apps}",
                                  name=repr(unknown[0]), apps=", ".join(found)))
    for given in (args.certfile, args.keyfile):
        if given is not None and not given.is_file():
            raise CourseError(Message("no file {file}", file=str(given)))
    if args.keyfile is not None and args.certfile is None:
        raise CourseError(Message("--keyfile needs --certfile"))
    code = args.code or "".join(secrets.choice(_CODE_LETTERS) for _ in range(8))
    if not (4 <= len(code) <= 64 and code.isascii() and code.isalnum()):
        raise CourseError(Message("--code must be 4 to 64 letters and digits"))
    if args.port is None:
        port = 8866 if port_is_free(8866, args.ip) else free_port(args.ip)
    elif not port_is_free(args.port, args.ip):
        raise CourseError(Message("port {port} is in use: choose another --port",
                                  port=args.port))
    else:
        port = args.port
    folder = next(iter(found.values())).parent
    spare = spare_kernels(args.students) if args.spare is None else args.spare
    config = voila_config(args.students, port, pooled, folder, token=code, ip=args.ip,
                          lang=lang, spare=spare)
    scheme = "https" if args.certfile else "http"
    host = lan_address() if args.ip == "0.0.0.0" else args.ip
    student_url = f"{scheme}://{host}:{port}/?token={code}"
    teacher = secrets.token_urlsafe(18)
    config["ClassroomVoila"] = {
        "class_folder": str(args.folder), "teacher_code": teacher, "student_url": student_url,
        "pooled": pooled, "max_students": args.students + max(5, args.students // 4),
        "max_kernels": 2 * args.students + 5,
        "certfile": str(args.certfile or ""), "keyfile": str(args.keyfile or ""),
        "language": lang}
    kernels = (args.students + spare) * len(pooled)
    qr = segno.make(student_url, error="m")
    args.folder.mkdir(parents=True, exist_ok=True)
    qr.save(str(args.folder / "class-address.svg"), scale=8, title=_("The class's address"))
    print(_("Warming {kernels} kernel(s) ({students} students and {spare} spare for {apps}; "
            "about {mb} MB of memory); the other apps start when opened.").format(
                kernels=kernels, students=args.students, spare=spare, apps=", ".join(pooled),
                mb=kernels * KERNEL_MB), flush=True)
    rows = ((_("Class code"), code), (_("Students open"), student_url),
            (_("On this machine"), f"{scheme}://127.0.0.1:{port}/?token={code}"),
            (_("Teacher's page"), f"{scheme}://127.0.0.1:{port}/teacher?code={teacher}  "
             + _("(keep this one to yourself)")),
            (_("Class record"), str(args.folder / "classroom.sqlite")))
    width = max(columns(label) for label, _value in rows) + 2
    for label, value in rows:
        print(padded(label, width) + value, flush=True)
    print(_("QR code (also {file} and on the teacher's page):").format(
        file=args.folder / "class-address.svg"), flush=True)
    qr.terminal(compact=True)
    print(_("Students can come in once the server says 'Ready for the class'. Ctrl-C stops it."),
          flush=True)
    ClassroomVoila.launch_instance(argv=[str(folder)], config=Config(config))
    return 0
