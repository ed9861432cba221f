"""The teacher's exercise for the whole class, without a server: the fields checked, the file the
kernels follow, the answers they write back, the class's record of them, and the practice app
following the teacher."""

from __future__ import annotations

import asyncio
import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest

from tutor.classroom.assignment import (
    ANSWERS_ENV,
    EXERCISE_ENV,
    Assignment,
    AssignmentError,
    ClassLink,
    read_answers,
    write_exercise,
)
from tutor.classroom.store import ClassStore
from tutor.display.widgets import practice as practice_widgets
from tutor.display.widgets.practice import PracticeView
from tutor.practice import PracticeItem, generate
from tutor.practice.drills import PracticeSession
from tutor.study.progress import ProgressStore

from .students import run

# -- the teacher's fields -----------------------------------------------------------------------


def test_the_fields_are_read_from_a_form_or_json() -> None:
    form = Assignment.parse({"topic": " Waits ", "level": "2", "seed": "17", "game": "Guiyang"})
    assert form == Assignment("waits", 2, 17, "guiyang")
    assert Assignment.parse({"topic": "waits", "level": 2, "seed": 17, "game": "guiyang"}) == form
    assert Assignment.parse({"topic": "shanten", "level": 3, "seed": 0, "game": "any"}).game == ""
    assert Assignment.parse({"topic": "discard", "level": 1, "seed": 10**9}).game == ""
    # a topic of one game is that game's, whatever was chosen
    assert Assignment.parse({"topic": "guiyang-chickens", "level": 1, "seed": 5,
                             "game": ""}).game == "guiyang"
    sent = Assignment("waits", 2, 17, "guiyang")
    assert sent.item() == generate("waits", seed=17, level=2, variant="guiyang")


@pytest.mark.parametrize(("fields", "message"), [
    ({"topic": "knitting", "level": 1, "seed": 1}, "unknown practice topic"),
    ({"topic": "waits", "level": 0, "seed": 1}, "level is a whole number from 1 to 3, not 0"),
    ({"topic": "waits", "level": "4", "seed": 1}, "from 1 to 3, not 4"),
    ({"topic": "waits", "level": True, "seed": 1}, "level is a whole number"),
    ({"topic": "waits", "level": 1.0, "seed": 1}, "level is a whole number"),
    ({"topic": "waits", "level": 1, "seed": -1}, "exercise number is a whole number"),
    ({"topic": "waits", "level": 1, "seed": "1e3"}, "exercise number is a whole number"),
    ({"topic": "waits", "level": 1, "seed": 10**9 + 1}, "from 0 to 1000000000"),
    ({"topic": "waits", "level": 1, "seed": "9" * 40}, "exercise number is a whole number"),
    ({"topic": "waits", "level": 1, "seed": 1, "game": "poker"}, "unknown game 'poker'"),
    ({"topic": "live-tile", "level": 1, "seed": 1, "game": "hangzhou"}, "no Hangzhou one"),
    ({"topic": "waits", "level": 1}, "the seed is missing"),
    ({"topic": "waits", "level": 1, "seed": 1, "colour": "red"}, "unknown field 'colour'"),
    ({"topic": "w" * 41, "level": 1, "seed": 1}, "at most 40 characters"),
    ({"topic": ["waits"], "level": 1, "seed": 1}, "the topic is a name"),
    (["waits", 1, 1], "sent as fields"),
])
def test_bad_fields_are_refused_with_the_reason(fields: Any, message: str) -> None:
    with pytest.raises(AssignmentError, match=message) as caught:
        Assignment.parse(fields)
    assert len(str(caught.value)) < 200 and isinstance(caught.value, ValueError)


# -- the exercise file and the answers files ----------------------------------------------------


def test_the_exercise_file_is_replaced_whole_and_followed_once(tmp_path: Path) -> None:
    path = tmp_path / "exercise.json"
    link = ClassLink(path)
    assert link.poll() is None  # nothing sent yet
    first = Assignment("waits", 1, 5, "", id=1, sent=1.5)
    write_exercise(path, first)
    assert os.listdir(tmp_path) == ["exercise.json"]  # no temporary file left
    assert Assignment.from_json(path.read_text()) == first
    assert link.poll() == first and link.current == first
    assert link.poll() is None  # seen already
    write_exercise(path, first)  # written again, the same exercise: not shown again
    assert link.poll() is None
    path.write_text("{half")  # a broken file is ignored; the exercise stays
    assert link.poll() is None and link.current == first
    second = Assignment("live-tile", 3, 8, "huangyan", id=2, sent=2.0)
    write_exercise(path, second)
    assert link.poll() == second


@pytest.mark.parametrize("text", ['[1]', '{"topic": "waits", "level": 1, "seed": 1}',
                                  '{"topic": "waits", "level": 1, "seed": 1, "id": 0}',
                                  '{"topic": "waits", "level": 1, "seed": 1, "id": 1, '
                                  '"sent": "now"}'])
def test_an_exercise_file_without_an_exercise_is_refused(text: str) -> None:
    with pytest.raises(AssignmentError):
        Assignment.from_json(text)


def test_a_kernel_finds_its_link_in_its_environment(tmp_path: Path) -> None:
    assert ClassLink.from_env({}) is None
    link = ClassLink.from_env({EXERCISE_ENV: str(tmp_path / "e.json"),
                               ANSWERS_ENV: str(tmp_path / "a.jsonl")})
    assert link is not None and link.answers == tmp_path / "a.jsonl"
    assert practice_widgets.CLASS_ENV == EXERCISE_ENV


def test_answers_are_read_up_to_the_last_whole_line(tmp_path: Path) -> None:
    ClassLink(tmp_path / "e.json", tmp_path / "k1.jsonl").report(3, "3s 7s", False)
    with (tmp_path / "k1.jsonl").open("a") as out:
        out.write('not json\n["a list"]\n{"exercise": 3, "answer": 5, "right": true, "at": 1}\n'
                  '{"exercise": 3, "answer": "1m", "ri')  # the last line is being written
    answers, read_to = read_answers(tmp_path, {})
    assert [(a.source, a.exercise, a.answer, a.right) for a in answers] == [
        ("k1", 3, "3s 7s", False)]
    with (tmp_path / "k1.jsonl").open("a") as out:
        out.write('ght": true, "at": 2.5}\n')
    answers, read_to = read_answers(tmp_path, read_to)
    assert [(a.answer, a.right, a.at) for a in answers] == [("1m", True, 2.5)]
    assert read_answers(tmp_path, read_to) == ([], {})


# -- the class's record -------------------------------------------------------------------------


def _report(store: ClassStore, progress: Path, exercise: int, answer: str, right: bool) -> None:
    ClassLink(store.exercise_file, store.answers_file(progress)).report(exercise, answer, right)


def test_answers_are_stored_under_the_student_whose_kernel_wrote_them(tmp_path: Path) -> None:
    store = ClassStore(tmp_path)
    ann, bob, cai = (store.join(s, n) for s, n in (("s1", "Ann"), ("s2", "Bob"), ("s3", "Cai")))
    warm = store.new_progress_file()  # a preheated kernel's, given to Bob
    store.kernel_started("k1", "practice", warm, None)
    store.kernel_given("k1", "s2")
    idle = store.new_progress_file()  # a kernel nobody was given
    store.kernel_started("k2", "practice", idle, None)
    sent = store.send(Assignment("waits", 1, 5))
    later = store.send(Assignment("shanten", 2, 6))
    assert (sent.id, later.id) == (1, 2) and store.exercise(1) == sent
    _report(store, ann.progress, 1, "3s", False)
    _report(store, ann.progress, 1, "3s 7s", True)  # right after a hint
    _report(store, warm, 1, "3s 7s", True)
    _report(store, cai.progress, 1, "4s", False)
    _report(store, idle, 1, "9m", False)  # nobody's: dropped
    _report(store, cai.progress, 99, "9m", False)  # no such exercise: dropped
    _report(store, bob.progress, 2, "1", True)
    assert store.collect_answers() == 5
    assert store.collect_answers() == 0  # read once
    results = store.results(1)
    assert (results.answered, results.right, results.solved) == (3, 1, 2)
    assert results.wrong == (("3s", 1), ("4s", 1))
    assert sorted(results.first) == [("Ann", "3s", False), ("Bob", "3s 7s", True),
                                     ("Cai", "4s", False)]
    assert store.results(2).first == (("Bob", "1", True),)
    store.close()
    again = ClassStore(tmp_path)  # a restarted server reads on where it stopped
    assert again.collect_answers() == 0 and again.results(1).answered == 3
    again.close()


def test_the_most_common_wrong_answers_are_five_by_first_answers(tmp_path: Path) -> None:
    store = ClassStore(tmp_path)
    sent = store.send(Assignment("shanten", 1, 1))
    wrong = ["1"] * 4 + ["2"] * 3 + ["3"] * 3 + ["4", "5", "6"]
    for n, answer in enumerate([*wrong, "0", "0"]):
        student = store.join(f"s{n}", f"Student {n}")
        _report(store, student.progress, sent.id, answer, answer == "0")
        _report(store, student.progress, sent.id, "0", True)  # later tries: not first answers
    store.collect_answers()
    results = store.results(sent.id)
    assert (results.answered, results.right, results.solved) == (15, 2, 15)
    assert results.wrong == (("1", 4), ("2", 3), ("3", 3), ("4", 1), ("5", 1))
    store.close()


def test_a_failed_write_stores_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The answers and how far their files were read are one transaction."""
    store = ClassStore(tmp_path)
    ann = store.join("s1", "Ann")
    sent = store.send(Assignment("waits", 1, 1))
    _report(store, ann.progress, sent.id, "1m", False)
    original = store._db

    class Failing:
        def __getattr__(self, name: str) -> Any:
            return getattr(original, name)

        def executemany(self, sql: str, rows: Any) -> Any:
            if sql.startswith("INSERT OR REPLACE INTO answer_files"):
                raise OSError("disk full")
            return original.executemany(sql, rows)

    monkeypatch.setattr(store, "_db", Failing())
    with pytest.raises(OSError):
        store.collect_answers()
    monkeypatch.setattr(store, "_db", original)
    assert store.results(sent.id).answered == 0
    assert store.collect_answers() == 1 and store.results(sent.id).answered == 1
    store.close()


def _reporter(link: ClassLink, exercise_id: int) -> Any:
    return lambda _item, answer, right: link.report(exercise_id, answer, right)


def test_twenty_students_answering_at_the_same_moment(tmp_path: Path) -> None:
    """20 practice sessions, each in its own thread as each kernel is its own process, answer
    the class's exercise at once while the server reads answers in: 20 of 20 stored, each under
    its student's name, right or wrong as that student answered."""
    store = ClassStore(tmp_path)
    chosen = store.send(Assignment("waits", 1, 11))
    write_exercise(store.exercise_file, chosen)
    right_text = chosen.item().exercise.answer_text()
    students = []
    for n in range(20):
        student = store.join(f"session-{n}", f"Student {n}")
        progress = student.progress
        if n % 2:  # half of them on preheated kernels given to them
            progress = store.new_progress_file()
            store.kernel_started(f"k{n}", "practice", progress, None)
            store.kernel_given(f"k{n}", student.id)
        link = ClassLink(store.exercise_file, store.answers_file(progress))
        assert link.poll() == chosen
        session = PracticeSession(on_answer=_reporter(link, chosen.id))
        session.show(chosen.topic, chosen.level, chosen.seed, chosen.game or None)
        students.append((n, session))
    barrier = threading.Barrier(20)

    def answer(n: int, session: PracticeSession) -> None:
        barrier.wait()
        session.attempt.submit(right_text if n % 3 else "1z")

    threads = [threading.Thread(target=answer, args=pair) for pair in students]
    for thread in threads:
        thread.start()
    while any(t.is_alive() for t in threads):
        store.collect_answers()  # the server reads in while they write
    for thread in threads:
        thread.join()
    store.collect_answers()
    results = store.results(chosen.id)
    assert results.answered == 20
    assert sorted(results.first) == sorted(
        (f"Student {n}", right_text if n % 3 else "1z", bool(n % 3)) for n in range(20))
    assert results.wrong == (("1z", 7),)
    store.close()


# -- the practice model's hooks -------------------------------------------------------------------


def test_a_session_reports_answers_and_shows_a_given_exercise() -> None:
    heard: list[tuple[PracticeItem, str, bool]] = []
    results: list[tuple[str, bool]] = []
    session = PracticeSession("waits", on_result=lambda t, s: results.append((t, s)),
                              on_answer=lambda *a: heard.append(a))
    session.attempt.submit("  9p   1m ")  # the answer is 3s 7s
    session.attempt.submit("9p   1m")  # judged once: the same answer
    assert [(h[1], h[2]) for h in heard] == [("1m 9p", False)]
    session.attempt.submit("hello")  # unreadable: not an answer
    assert len(heard) == 1
    item = session.show("live-tile", 2, 40, "huangyan")
    assert item == generate("live-tile", seed=40, level=2, variant="huangyan")
    assert results == [("waits", False)]  # the waits exercise, counted under waits
    with pytest.raises(ValueError, match="level 4"):
        session.show("waits", 4, 1)
    with pytest.raises(ValueError, match="exercise number"):
        session.show("waits", 1, -1)
    assert session.item == item  # nothing changed
    session.attempt.submit(item.exercise.answer_text())
    assert heard[-1] == (item, item.exercise.shown_response(item.exercise.answer_text()), True)


# -- the practice app following the teacher ----------------------------------------------------


def test_the_practice_app_follows_the_teacher(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path / "progress.json")
    exercise, answers = tmp_path / "exercise.json", tmp_path / "k.jsonl"
    view = PracticeView(store=store, classroom=ClassLink(exercise, answers))
    assert view.from_teacher.value == "" and not view.follow()
    sent = Assignment("waits", 2, 33, "hangzhou", id=7, sent=1.0)
    write_exercise(exercise, sent)
    assert view.follow()
    assert (view.topic.value, view.level.value, view.number.value, view.game.value) == (
        "waits", 2, 33, "hangzhou")
    assert view.check is not None and view.check.exercise == sent.item().exercise
    assert "From your teacher" in view.from_teacher.value and "(number 33, level 2)" in \
        view.from_teacher.value
    assert not view.follow()  # the same exercise: nothing changes
    assert not view.answer("1z").right
    right = sent.item().exercise.answer_text()
    assert view.answer(right).right
    view.next()  # the student moves on: answers are theirs alone
    assert view.from_teacher.value == ""
    view.answer("1z")
    view.number.value = 33  # and comes back to the class's exercise
    assert "From your teacher" in view.from_teacher.value
    view.answer("2z")
    lines = [json.loads(line) for line in answers.read_text().splitlines()]
    assert [(x["exercise"], x["answer"], x["right"]) for x in lines] == [
        (7, "1z", False), (7, sent.item().exercise.shown_response(right), True),
        (7, "2z", False)]
    write_exercise(exercise, Assignment("guiyang-chickens", 1, 2, "guiyang", id=8, sent=2.0))
    assert view.follow() and view.game.disabled and view.session.topic == "guiyang-chickens"


def test_outside_a_classroom_the_practice_app_follows_nobody(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(EXERCISE_ENV, raising=False)
    view = PracticeView(store=ProgressStore(tmp_path / "p.json"))
    assert view.link is None and not view.follow()
    monkeypatch.setenv(EXERCISE_ENV, str(tmp_path / "exercise.json"))
    monkeypatch.setenv(ANSWERS_ENV, str(tmp_path / "a.jsonl"))
    write_exercise(tmp_path / "exercise.json", Assignment("shanten", 1, 9, id=1))
    view = PracticeView(store=ProgressStore(tmp_path / "p.json"))
    assert view.link is not None and view.session.topic == "shanten"  # shown at once


def test_in_a_kernel_a_timer_looks_for_the_teachers_exercise(tmp_path: Path) -> None:
    """With an event loop running (as in a kernel), the view looks by itself every ``every``
    seconds: an exercise sent later is shown without anyone asking."""
    exercise = tmp_path / "exercise.json"

    async def lesson() -> tuple[str, int]:
        link = ClassLink(exercise, tmp_path / "k.jsonl")
        link.every = 0.05
        view = PracticeView(store=ProgressStore(tmp_path / "p.json"), classroom=link)
        await asyncio.sleep(0.2)
        write_exercise(exercise, Assignment("discard", 3, 77, id=1))
        for _ in range(100):
            if view.session.seed == 77:
                break
            await asyncio.sleep(0.05)
        return view.session.topic, view.session.seed

    assert run(lesson()) == ("discard", 77)
