"""What each classroom app costs the teacher's machine: a student opens it on a running
``tutor classroom`` (no warm kernel: the kernel is started and runs the app while the student
waits), then the kernel's memory is read. One app at a time, on 127.0.0.1.

    PYTHONPATH=. python benchmarks/bench_classroom.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.classroom.students import Browser, Student, run, start  # noqa: E402
from tutor.classroom import apps  # noqa: E402


def rss_mb(kernel_id: str) -> float:
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            if kernel_id.encode() in cmdline.read_bytes():
                for line in (cmdline.parent / "status").read_text().splitlines():
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1]) / 1024
        except OSError:
            continue
    return float("nan")


def measure(names: list[str], warm: str) -> None:
    """Open each of ``names`` on a server whose warm kernel is for ``warm`` (not measured)."""
    with tempfile.TemporaryDirectory() as folder:
        server = start(Path(folder), warm, "--students", "1")
        try:
            server.wait_for("Ready for the class: 1 warm", 300)

            async def visit(app: str) -> tuple[float, float]:
                browser = Browser(server.url)
                await browser.join(server.code, f"Bench {app}")
                student = Student(browser, app)
                await student.open()
                memory = rss_mb(student.kernel_id)
                await student.close()
                return student.ready, memory

            for app in names:
                ready, memory = run(visit(app))
                print(f"{app:22} {ready:11.1f} {memory:10.0f}", flush=True)
        finally:
            server.stop()


def main() -> None:
    names = list(apps())
    print(f"{'app':22} {'start+run s':>11} {'memory MB':>10}")
    measure([n for n in names if n != "practice"], "practice")
    measure(["practice"], "replay")


if __name__ == "__main__":
    main()
