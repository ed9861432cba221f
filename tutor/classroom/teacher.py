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

from tutor.classroom.pages import app_title, page
from tutor.core.variant import Variant
from tutor.i18n import _, comma, localize
from tutor.practice import LEVELS, TOPICS
from tutor.study.progress import ProgressStore

if TYPE_CHECKING:
    from tutor.classroom.server import ClassroomVoila
    from tutor.exercises.model import Exercise

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

    return str(segno.make(text, error="m").svg_inline(scale=6, omitsize=True,  # sized by CSS
                                                       title=_("The class's address")))


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
    wrong = [list(pair) for pair in results.wrong]
    return {**sent.as_dict(), "describe": localize(sent.describe()),
            "question": localize(item.exercise.prompt) if item else "",
            "hand": (item.exercise.hand or "") if item else "",
            "picture": _picture(item.exercise) if item else "",
            "answer": item.exercise.shown_answer() if item else "",
            "following": following(room), "answered": results.answered,
            "right": results.right, "solved": results.solved,
            "wrong": wrong,
            "wrong_tiles": {str(answer): drawn for answer, _count in wrong
                            if item and (drawn := _answer_tiles(item.exercise, str(answer)))}}


def _picture(exercise: Exercise) -> str:
    """The exercise as the student sees it: its title, question and tiles drawn (the hand,
    and any discards or revealed tile it shows), each picture with its text alternative."""
    from tutor.display.widgets.exercise import question_html as drawn

    return drawn(exercise)


def _answer_tiles(exercise: Exercise, answer: str) -> str:
    """A wrong answer naming tiles, drawn (empty when the exercise does not ask for tiles
    or the answer cannot be read as tiles)."""
    from tutor.core.notation import parse_tiles
    from tutor.display.svg import tiles_svg
    from tutor.errors import TutorError
    from tutor.exercises.model import AnswerKind

    if exercise.kind is not AnswerKind.TILES:
        return ""
    try:
        tiles = parse_tiles(answer, exercise.variant)
    except TutorError:
        return ""
    return tiles_svg(tiles, variant=exercise.variant, size=30) if tiles else ""


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
        return "<p>" + html.escape(_("No exercise sent yet.")) + "</p>"
    sent = time.strftime("%H:%M:%S", time.localtime(current["sent"]))
    sent_at = html.escape(_("Sent at {time}:").format(time=sent))
    answer = html.escape(_("The answer (not shown to the class)"))
    return (f"<p><b>{sent_at}</b> "
            f"{html.escape(current['describe'])}</p>"
            f"<div class='question'>{current['picture']}</div>"  # as the students see it
            f"<details><summary>{answer}"
            "</summary>"
            f"<p class='code'>{html.escape(current['answer'])}</p></details>")


def results_html(current: dict[str, Any] | None) -> str:
    """How the class is answering: how many, how many right, the common wrong answers."""
    if current is None:
        return ""
    pictures = current.get("wrong_tiles", {})
    wrong = "".join(f"<tr><td><span class='code'>{html.escape(answer)}</span>"
                    f"{' ' + pictures[answer] if answer in pictures else ''}</td>"
                    f"<td class='figure'>{count}</td></tr>"
                    for answer, count in current["wrong"])
    first = _("(each student's first answer)")
    common, answer, students = (_("The most common wrong answers"), _("Answer"),
                                _("Students"))
    wrong_table = (f"<p><b>{common}</b> {first}</p>"
                   f"<table><thead><tr><th scope='col'>{answer}</th>"
                   f"<th scope='col'>{students}</th></tr></thead>"
                   f"<tbody>{wrong}</tbody></table>" if wrong else
                   "<p>" + _("No wrong answer yet.") + "</p>")
    figure = "<span class='figure'>{}</span>"
    return ("<p>" + _("{answered} answered (of {following} with the practice app open)").format(
                answered=figure.format(current["answered"]), following=current["following"])
            + " &middot; " + _("{right} right first time").format(
                right=figure.format(current["right"]))
            + " &middot; " + _("{solved} solved in the end (after a hint too)").format(
                solved=figure.format(current["solved"])) + f"</p>{wrong_table}")


def _topic(name: str) -> str:
    """A practice topic's title in the current language (its name if unknown)."""
    known = TOPICS.get(name)
    return localize(known.title) if known is not None else name


def students_html(room: ClassroomVoila, rows: list[dict[str, Any]]) -> str:
    lines = []
    yes, no = _("yes"), _("no")
    for row in rows:
        practice = comma().join(f"{_topic(t)} {r['solved']}/{r['tried']}"
                                for t, r in row["practice"].items())
        lines.append(
            f"<tr><td>{html.escape(row['name'])}</td>"
            f"<td>{time.strftime('%H:%M', time.localtime(row['joined']))}</td>"
            f"<td>{html.escape(comma().join(app_title(a) for a in row['apps'])) or '-'}</td>"
            f"<td>{yes if row['connected'] else no}</td>"
            f"<td>{row['exercises_solved']}</td><td>{html.escape(practice) or '-'}</td></tr>")
    heads = "".join(f"<th scope='col'>{html.escape(h)}</th>" for h in (
        _("Name"), _("Joined"), _("Apps open"), _("Connected"), _("Exercises solved"),
        _("Practice (right/tried)")))
    caption = _("Students")
    table = (f"<table><caption>{caption}</caption><thead><tr>{heads}</tr></thead>"
             f"<tbody>{''.join(lines)}</tbody></table>" if lines
             else "<p>" + _("No student yet.") + "</p>")
    kernels = "<p>" + html.escape(_(
        "Apps open: {used} of at most {n} (each app a student opens takes one place).").format(
            used=len(room.classroom_kernels.owners), n=room.max_kernels)) + "</p>"
    return kernels + table


def send_form(room: ClassroomVoila, base_url: str, xsrf_form: str) -> str:
    """The form that sends the class an exercise (the last one sent, one number on, is
    offered; first a random number)."""
    last = room.exercise
    chosen_topic, level, game = (last.topic, last.level, last.game) if last else ("waits", 1, "")
    seed = last.seed + 1 if last else random.randrange(2, 1000)
    topics = "".join(f"<option value='{t.name}'{' selected' if t.name == chosen_topic else ''}>"
                     f"{html.escape(localize(t.title))}</option>" for t in TOPICS.values())
    levels = "".join(f"<option value='{n}'{' selected' if n == level else ''}>{n}</option>"
                     for n in LEVELS)
    games = "".join(f"<option value='{value}'{' selected' if value == game else ''}>"
                    f"{html.escape(title)}</option>" for value, title in
                    [("", _("any game")), *((v.value, localize(v.title)) for v in Variant)])
    t = {key: html.escape(text) for key, text in (
        ("head", _("Send the whole class an exercise")),
        ("intro", _("Every student with the practice app open gets the same exercise within a "
                    "few seconds; their answers appear below.")),
        ("topic", _("Topic")), ("level", _("Level")), ("levels", _("(1 easy, 2 medium, 3 hard)")),
        ("seed", _("Exercise number")), ("seeds", _("(each number is one exercise)")),
        ("game", _("Game")),
        ("games", _("(for the topics any game has: waits, shanten, discard)")),
        ("send", _("Send to the class")))}
    return f"""<h2>{t["head"]}</h2>
<p>{t["intro"]}</p>
<form method="post" action="{base_url}teacher/exercise">{xsrf_form}
<p><label for="topic">{t["topic"]}</label> <select id="topic" name="topic">{topics}</select></p>
<p><label for="level">{t["level"]}</label> <select id="level" name="level">{levels}</select>
{t["levels"]}</p>
<p><label for="seed">{t["seed"]}</label> <input id="seed" name="seed" type="number"
min="0" max="1000000000" value="{seed}" required> {t["seeds"]}</p>
<p><label for="game">{t["game"]}</label> <select id="game" name="game">{games}</select>
{t["games"]}</p>
<p><button type="submit">{t["send"]}</button></p>
</form>"""


def _script_json(value: object) -> str:
    """``value`` as JavaScript inside a <script> element (no "</" to end it early)."""
    return json.dumps(value).replace("</", "<\\/")


def dashboard(room: ClassroomVoila, base_url: str, xsrf_form: str = "",
              error: str = "") -> str:
    door = ""
    if room.student_url:
        link = (f"<a class='code' href='{html.escape(room.student_url)}'>"
                f"{html.escape(room.student_url)}</a>")
        code = f"<span class='code'>{html.escape(room.token or '')}</span>"
        door = ("<p>" + html.escape(_("Students open {address} (class code {code}), or scan:"))
                .format(address=link, code=code) + f"</p>{qr_svg(room.student_url)}")
    problem = f"<p role='alert'>{html.escape(error)}</p>" if error else ""
    current = exercise(room)
    parts = {"class-question": question_html(current), "class-results": results_html(current),
             "class-students": students_html(room, students(room))}
    switch = html.escape(_("Projector mode"))
    projector = (f"<p><button type='button' id='projector' aria-pressed='false'>{switch}"
                 "</button></p>")
    body = (projector + door + problem
            + "<div class='teacher-only'>" + send_form(room, base_url, xsrf_form) + "</div>"
            + "<h2>" + _("The class's exercise") + "</h2><section id='class-question'>"
            + parts["class-question"] + "</section><section id='class-results' "
            "aria-live='polite'>" + parts["class-results"] + "</section>"
            + "<div class='teacher-only'><h2>" + _("Students")
            + "</h2><section id='class-students'>" + parts["class-students"] + "</section>"
            + "<p>" + _("This page updates itself every {seconds} s.").format(
                seconds=POLL_SECONDS) + "</p></div>")
    poll = _POLL % (POLL_SECONDS, _script_json(f"{base_url}teacher/state.json"),
                    _script_json(parts))
    return page(_("The teacher's page"), body, script=_PROJECTOR + poll, style=_STYLE)


#: the projector mode, for the class to read from the back of the room: the class code, the
#: exercise drawn large and how the class answers; the form and the students' names (their
#: progress) are not shown. Kept in the browser across reloads (sending reloads the page).
_PROJECTOR = """
(function () {
  var button = document.getElementById("projector"), key = "mahjong-tutor-teacher-projector";
  function set(on) {
    document.body.classList.toggle("projector", on);
    button.setAttribute("aria-pressed", on ? "true" : "false");
    try { localStorage.setItem(key, on ? "1" : ""); } catch (e) {}
  }
  var kept = false;
  try { kept = localStorage.getItem(key) === "1"; } catch (e) {}
  set(kept);
  button.addEventListener("click", function () {
    set(!document.body.classList.contains("projector"));
  });
})();
"""

_STYLE = """
svg.segno { width: 222px; height: auto; display: block; }
.question div, .question p { font-size: 1em !important; font-family: inherit !important; }
.question svg.mahjong-hand, .question svg.mahjong-tiles { max-width: 100%; height: auto; }
button[aria-pressed="true"] { background: #1a5fb4; color: #fff; }
body.projector { font-size: 34px; max-width: 96vw; }
body.projector .teacher-only { display: none; }
body.projector svg.segno { width: 360px; }  /* the class's QR code, to scan from a seat */
body.projector .question svg.mahjong-hand { width: auto; height: 130px; }
body.projector .question svg.mahjong-tiles { width: auto; height: 95px; }
body.projector td svg.mahjong-tiles { width: auto; height: 70px; }
body.projector #class-results p, body.projector td, body.projector th { font-size: 34px; }
"""
