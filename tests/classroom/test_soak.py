"""The classroom server under a class's load (``make soak``): 20 scripted students on loopback
open the hand builder at once, then 10 of them click at the same moment.

Held to what a class needs: every student ready (page, kernel connection, widget state) within
3 s of asking, server-side (no browser drawing), and every click answered within 0.5 s. The
numbers are printed. Not in ``make test``: it warms 20 kernels and measures a shared machine.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import time
from pathlib import Path

import pytest

from .students import Student, run, start

pytestmark = pytest.mark.soak
STUDENTS, CLICKERS = 20, 10


def test_a_class_of_twenty(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    server = start(tmp_path, "hand_builder", "--students", str(STUDENTS))
    try:
        warm = server.wait_for(f"Ready for the class: {STUDENTS} warm kernel(s)", 900)

        async def lesson() -> tuple[float, list[float], list[float], list[float], list[float]]:
            students = [Student(server.url, "hand_builder") for _ in range(STUDENTS)]
            started = time.monotonic()
            await asyncio.gather(*(s.open() for s in students))
            everyone = time.monotonic() - started
            clickers = students[:CLICKERS]
            clicks = await asyncio.gather(*(s.click(s.pickers()[0], {"event": "pick", "tile": "1m"})
                                            for s in clickers))
            again = await asyncio.gather(*(s.click(s.pickers()[0], {"event": "pick", "tile": "2m"})
                                           for s in clickers))
            await asyncio.gather(*(s.close() for s in students))
            return (everyone, [s.page for s in students], [s.ready for s in students],
                    list(clicks), list(again))

        everyone, pages, ready, clicks, again = run(lesson())
    finally:
        server.stop()
    with capsys.disabled():
        print(f"\nclassroom: {STUDENTS} kernels warmed in {warm:.1f} s; {STUDENTS} students "
              f"ready in {everyone:.2f} s (each: median {statistics.median(ready):.2f} s, "
              f"max {max(ready):.2f} s; the page alone: median {statistics.median(pages):.2f} s, "
              f"max {max(pages):.2f} s); {CLICKERS} simultaneous first clicks answered in median "
              f"{statistics.median(clicks):.3f} s, max {max(clicks):.3f} s; second clicks median "
              f"{statistics.median(again):.3f} s, max {max(again):.3f} s; load average "
              f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
    assert everyone <= 3.0
    assert max(clicks) <= 0.5
