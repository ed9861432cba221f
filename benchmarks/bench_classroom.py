"""What each classroom app costs the teacher's machine: a student opens it on a running
``tutor classroom`` (no warm kernel: the kernel is started and runs the app while the student
waits), then the kernel's memory is read. One app at a time, on 127.0.0.1.

``exercise``: the teacher's exercise on a class of one (one warm practice kernel): seconds from
the teacher sending it to the student's app showing it (the app looks every 2 s), and from the
student's answer to the teacher's live state counting it.

    PYTHONPATH=. python benchmarks/bench_classroom.py [exercise]
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
import sys
import tempfile
import time
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
        server = start(Path(folder), warm, "--students", "1", "--spare", "0")
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


def exercise(rounds: int = 10) -> None:
    with tempfile.TemporaryDirectory() as folder:
        server = start(Path(folder), "practice", "--students", "1", "--spare", "0")
        try:
            server.wait_for("Ready for the class: 1 warm", 300)

            async def lesson() -> tuple[list[float], list[float]]:
                teacher = Browser(server.url)
                await teacher.fetch(server.teacher_url)
                await teacher.fetch("/teacher")  # sets the cross-site request cookie
                browser = Browser(server.url)
                await browser.join(server.code, "Bench")
                student = Student(browser, "practice")
                await student.open()
                shown, counted = [], []
                for n in range(rounds):
                    seed = 100 + n
                    await asyncio.sleep(random.uniform(0, 2))  # any moment of the app's look
                    started = time.monotonic()
                    status, _, _ = await teacher.fetch(
                        "/teacher/exercise", "POST",
                        json.dumps({"topic": "shanten", "level": 1, "seed": seed}),
                        headers={"Content-Type": "application/json",
                                 "X-XSRFToken": teacher.xsrf()})
                    assert status == 200, status
                    await student.watch(lambda seed=seed: f"(number {seed}," in str(
                        student.value("tutor-practice-class")), 60)
                    shown.append(time.monotonic() - started)
                    await student.set_value(student.widgets("tutor-answer-input")[-1], "1")
                    started = time.monotonic()
                    await student.click(student.widgets("tutor-check-button")[-1])
                    for _ in range(1200):
                        _, body, _ = await teacher.fetch("/teacher/state.json")
                        if json.loads(body)["exercise"]["answered"] == 1:
                            break
                        await asyncio.sleep(0.05)
                    else:
                        raise TimeoutError("the answer never reached the teacher")
                    counted.append(time.monotonic() - started)
                await student.close()
                return shown, counted

            shown, counted = run(lesson())
            print(f"teacher's exercise, {rounds} rounds: shown in the student's app after "
                  f"median {statistics.median(shown):.2f} s (max {max(shown):.2f} s); an "
                  f"answer on the teacher's state after median {statistics.median(counted):.2f} "
                  f"s (max {max(counted):.2f} s)", flush=True)
        finally:
            server.stop()


def main() -> None:
    if sys.argv[1:] == ["exercise"]:
        exercise()
        return
    names = list(apps())
    print(f"{'app':22} {'start+run s':>11} {'memory MB':>10}")
    measure([n for n in names if n != "practice"], "practice")
    measure(["practice"], "replay")


if __name__ == "__main__":
    main()
