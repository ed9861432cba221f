"""The teacher's page: who has joined, which apps each has open (and whether the page is still
connected), and each student's progress, read from their own progress files; a form that sends
the whole class one exercise in the practice app, and how the class is answering it: how many
have answered, how many right, the most common wrong answers. The page asks for
``/teacher/state.json`` every :data:`POLL_SECONDS` seconds and redraws those parts from it."""

from __future__ import annotations

import html
import json
import random
import time
from collections import Counter
from typing import TYPE_CHECKING, Any

from tutor.classroom.pages import page
from tutor.core.variant import Variant
from tutor.practice import LEVELS, TOPICS
from tutor.study.progress import ProgressStore

if TYPE_CHECKING:
    from tutor.classroom.server import ClassroomVoila

__all__ = ["dashboard", "qr_svg", "state"]

POLL_SECONDS = 3
PRACTICE = "practice"  # the app that follows the teacher's exercise

_POLL = """
(function () {
  var every = %d * 1000, url = %s, shown = %s;  /* the parts as drawn */
  function redraw() {
    fetch(url, {credentials: "same-origin", cache: "no-store"})
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (state) {
        if (!state) { return; }
        for (var part in state.html) {
          var el = document.getElementById(part);
          if (el && shown[part] !== state.html[part]) {  /* changed: redrawn */
            el.innerHTML = state.html[part];
            shown[part] = state.html[part];
          }
        }
      })
      .catch(function () {})
      .then(function () { setTimeout(redraw, every); });
  }
  setTimeout(redraw, every);
})();
"""


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


def following(room: ClassroomVoila) -> int:
    """How many students have the practice app open (they get the teacher's exercise)."""
    km = room.classroom_kernels
    return len({who for kid, who in km.owners.items() if km.apps.get(kid) == PRACTICE})


def exercise(room: ClassroomVoila) -> dict[str, Any] | None:
    """The exercise sent to the class, and how the class is answering it (None: none sent)."""
    sent = room.exercise
    if sent is None:
        return None
    results = room.class_store.results(sent.id)
    item = room.exercise_item
    return {**sent.as_dict(), "describe": sent.describe(),
            "question": item.exercise.prompt if item else "",
            "hand": (item.exercise.hand or "") if item else "",
            "answer": item.exercise.shown_answer() if item else "",
            "following": following(room), "answered": results.answered,
            "right": results.right, "solved": results.solved,
            "wrong": [list(pair) for pair in results.wrong]}


def state(room: ClassroomVoila) -> str:
    rows = students(room)
    current = exercise(room)
    return json.dumps({"students": rows, "kernels": len(room.classroom_kernels.owners),
                       "max_kernels": room.max_kernels, "exercise": current,
                       "html": {"class-question": question_html(current),
                                "class-results": results_html(current),
                                "class-students": students_html(room, rows)}},
                      sort_keys=True)


def question_html(current: dict[str, Any] | None) -> str:
    """The exercise sent (redrawn only when another is sent: the answer stays open)."""
    if current is None:
        return "<p>No exercise sent yet.</p>"
    sent = time.strftime("%H:%M:%S", time.localtime(current["sent"]))
    hand = (f"<p>The hand: <span class='code'>{html.escape(current['hand'])}</span></p>"
            if current["hand"] else "")
    return (f"<p><b>Sent at {sent}:</b> {html.escape(current['describe'])}</p>"
            f"<p>{html.escape(current['question'])}</p>{hand}"
            f"<details><summary>The answer (not shown to the class)</summary>"
            f"<p class='code'>{html.escape(current['answer'])}</p></details>")


def results_html(current: dict[str, Any] | None) -> str:
    """How the class is answering: how many, how many right, the common wrong answers."""
    if current is None:
        return ""
    wrong = "".join(f"<tr><td class='code'>{html.escape(answer)}</td><td>{count}</td></tr>"
                    for answer, count in current["wrong"])
    wrong_table = ("<p><b>The most common wrong answers</b> (each student's first answer)</p>"
                   "<table><thead><tr><th scope='col'>Answer</th>"
                   "<th scope='col'>Students</th></tr></thead>"
                   f"<tbody>{wrong}</tbody></table>" if wrong else
                   "<p>No wrong answer yet.</p>")
    return (f"<p><span class='figure'>{current['answered']}</span> answered (of "
            f"{current['following']} with the practice app open) &middot; "
            f"<span class='figure'>{current['right']}</span> right first time &middot; "
            f"<span class='figure'>{current['solved']}</span> solved in the end (after a hint "
            f"too)</p>{wrong_table}")


def students_html(room: ClassroomVoila, rows: list[dict[str, Any]]) -> str:
    lines = []
    for row in rows:
        practice = ", ".join(f"{t} {r['solved']}/{r['tried']}" for t, r in row["practice"].items())
        lines.append(
            f"<tr><td>{html.escape(row['name'])}</td>"
            f"<td>{time.strftime('%H:%M', time.localtime(row['joined']))}</td>"
            f"<td>{html.escape(', '.join(row['apps'])) or '-'}</td>"
            f"<td>{'yes' if row['connected'] else 'no'}</td>"
            f"<td>{row['exercises_solved']}</td><td>{html.escape(practice) or '-'}</td></tr>")
    table = ("<table><caption>Students</caption><thead><tr>"
             "<th scope='col'>Name</th><th scope='col'>Joined</th><th scope='col'>Apps open</th>"
             "<th scope='col'>Connected</th><th scope='col'>Exercises solved</th>"
             "<th scope='col'>Practice (right/tried)</th></tr></thead>"
             f"<tbody>{''.join(lines)}</tbody></table>" if lines else "<p>No student yet.</p>")
    kernels = (f"<p>{len(room.classroom_kernels.owners)} of {room.max_kernels} places in use."
               "</p>")
    return kernels + table


def send_form(room: ClassroomVoila, base_url: str, xsrf_form: str) -> str:
    """The form that sends the class an exercise (the last one sent, one number on, is
    offered; first a random number)."""
    last = room.exercise
    chosen_topic, level, game = (last.topic, last.level, last.game) if last else ("waits", 1, "")
    seed = last.seed + 1 if last else random.randrange(2, 1000)
    topics = "".join(f"<option value='{t.name}'{' selected' if t.name == chosen_topic else ''}>"
                     f"{html.escape(t.title)}</option>" for t in TOPICS.values())
    levels = "".join(f"<option value='{n}'{' selected' if n == level else ''}>{n}</option>"
                     for n in LEVELS)
    games = "".join(f"<option value='{value}'{' selected' if value == game else ''}>"
                    f"{html.escape(title)}</option>" for value, title in
                    [("", "any game"), *((v.value, v.title) for v in Variant)])
    return f"""<h2>Send the whole class an exercise</h2>
<p>Every student with the practice app open gets the same exercise within a few seconds; their
answers appear below.</p>
<form method="post" action="{base_url}teacher/exercise">{xsrf_form}
<p><label for="topic">Topic</label> <select id="topic" name="topic">{topics}</select></p>
<p><label for="level">Level</label> <select id="level" name="level">{levels}</select>
(1 easy, 2 medium, 3 hard)</p>
<p><label for="seed">Exercise number</label> <input id="seed" name="seed" type="number"
min="0" max="1000000000" value="{seed}" required> (each number is one exercise)</p>
<p><label for="game">Game</label> <select id="game" name="game">{games}</select>
(for the topics any game has: waits, shanten, discard)</p>
<p><button type="submit">Send to the class</button></p>
</form>"""


def _script_json(value: object) -> str:
    """``value`` as JavaScript inside a <script> element (no "</" to end it early)."""
    return json.dumps(value).replace("</", "<\\/")


def dashboard(room: ClassroomVoila, base_url: str, xsrf_form: str = "",
              error: str = "") -> str:
    door = ""
    if room.student_url:
        door = (f"<p>Students open <a class='code' href='{html.escape(room.student_url)}'>"
                f"{html.escape(room.student_url)}</a> (class code "
                f"<span class='code'>{html.escape(room.token or '')}</span>), or scan:</p>"
                f"{qr_svg(room.student_url)}")
    problem = f"<p role='alert'>{html.escape(error)}</p>" if error else ""
    current = exercise(room)
    parts = {"class-question": question_html(current), "class-results": results_html(current),
             "class-students": students_html(room, students(room))}
    body = (door + problem + send_form(room, base_url, xsrf_form)
            + "<h2>The class's exercise</h2><section id='class-question'>"
            + parts["class-question"] + "</section><section id='class-results' "
            "aria-live='polite'>" + parts["class-results"] + "</section>"
            + "<h2>Students</h2><section id='class-students'>"
            + parts["class-students"] + "</section>"
            + f"<p>This page updates itself every {POLL_SECONDS} s.</p>")
    poll = _POLL % (POLL_SECONDS, _script_json(f"{base_url}teacher/state.json"),
                    _script_json(parts))
    return page("The teacher's page", body, script=poll)
