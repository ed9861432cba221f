"""The teacher's page: who has joined, which apps each has open (and whether the page is still
connected), and each student's progress, read from their own progress files."""

from __future__ import annotations

import html
import json
import time
from collections import Counter
from typing import TYPE_CHECKING, Any

from tutor.classroom.pages import page
from tutor.study.progress import ProgressStore

if TYPE_CHECKING:
    from tutor.classroom.server import ClassroomVoila

__all__ = ["dashboard", "qr_svg", "state"]


def qr_svg(text: str) -> str:
    """``text`` as a QR code, an inline SVG element (segno, a pure-Python encoder)."""
    import segno

    return str(segno.make(text, error="m").svg_inline(scale=6, title="The class's address"))


def _progress(room: ClassroomVoila, student: str) -> dict[str, Any]:
    tried: Counter[str] = Counter()
    solved: Counter[str] = Counter()
    exercises = 0
    for path in room.class_store.progress_files(student):
        if not path.exists():
            continue
        progress = ProgressStore(path).load()
        exercises += sum(len(keys) for keys in progress.notebooks.values())
        for topic, row in progress.practice.items():
            tried[topic] += row["tried"]
            solved[topic] += row["solved"]
    return {"exercises_solved": exercises,
            "practice": {t: {"tried": tried[t], "solved": solved[t]} for t in sorted(tried)}}


def students(room: ClassroomVoila) -> list[dict[str, Any]]:
    km = room.classroom_kernels
    rows = []
    for student in room.class_store.students():
        kernels = km.kernels_of(student.id)
        rows.append({"name": student.name, "joined": student.joined,
                     "apps": sorted(km.apps.get(k, "") for k in kernels),
                     "connected": sum(km.connected(k) for k in kernels),
                     **_progress(room, student.id)})
    return rows


def state(room: ClassroomVoila) -> str:
    return json.dumps({"students": students(room), "kernels": len(room.classroom_kernels.owners),
                       "max_kernels": room.max_kernels}, sort_keys=True)


def dashboard(room: ClassroomVoila, base_url: str) -> str:
    rows = []
    for row in students(room):
        practice = ", ".join(f"{t} {r['solved']}/{r['tried']}" for t, r in row["practice"].items())
        rows.append(
            f"<tr><td>{html.escape(row['name'])}</td>"
            f"<td>{time.strftime('%H:%M', time.localtime(row['joined']))}</td>"
            f"<td>{html.escape(', '.join(row['apps'])) or '-'}</td>"
            f"<td>{'yes' if row['connected'] else 'no'}</td>"
            f"<td>{row['exercises_solved']}</td><td>{html.escape(practice) or '-'}</td></tr>")
    table = ("<table><caption>Students (this page refreshes every 5 s)</caption><thead><tr>"
             "<th scope='col'>Name</th><th scope='col'>Joined</th><th scope='col'>Apps open</th>"
             "<th scope='col'>Connected</th><th scope='col'>Exercises solved</th>"
             "<th scope='col'>Practice (right/tried)</th></tr></thead>"
             f"<tbody>{''.join(rows)}</tbody></table>" if rows else "<p>No student yet.</p>")
    door = ""
    if room.student_url:
        door = (f"<p>Students open <a class='code' href='{html.escape(room.student_url)}'>"
                f"{html.escape(room.student_url)}</a> (class code "
                f"<span class='code'>{html.escape(room.token or '')}</span>), or scan:</p>"
                f"{qr_svg(room.student_url)}")
    kernels = (f"<p>{len(room.classroom_kernels.owners)} of {room.max_kernels} places in use."
               "</p>")
    return page("The teacher's page", door + kernels + table, refresh=5)
