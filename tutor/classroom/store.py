"""The classroom's own record, one SQLite file on the teacher's machine: who joined (the name
each student gave), which kernel serves whom, and where each kernel keeps its progress.

Every kernel the classroom starts is given a progress file of its own (through
``$MAHJONG_TUTOR_PROGRESS``), never the teacher's: a kernel started for a student writes the
student's file; a kernel preheated before anyone asked writes a file of its own, which this
record ties to the student who is given the kernel. A student's progress is what their files
hold. Only the server's event loop uses the database (one connection, one thread).

The teacher's exercises for the whole class are kept here too (table ``exercises``), with every
answer to them (table ``answers``, each under the student who gave it). A kernel appends its
answers to an answers file of its own (``answers/``, named as its progress file); the server
reads them in (:meth:`ClassStore.collect_answers`) and stores them with how far each file has
been read, in one transaction: an answer is stored once, even across a restart.
"""

from __future__ import annotations

import re
import sqlite3
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path

from tutor.classroom.assignment import Assignment, read_answers
from tutor.errors import InputError
from tutor.i18n import Message

__all__ = ["ClassStore", "Results", "Student", "check_name"]

MAX_NAME = 40
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_SCHEMA = """
CREATE TABLE IF NOT EXISTS students (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, joined REAL NOT NULL, progress TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS kernels (
    id TEXT PRIMARY KEY, app TEXT NOT NULL, progress TEXT NOT NULL, student TEXT,
    started REAL NOT NULL, given REAL, ended REAL);
CREATE INDEX IF NOT EXISTS kernels_by_student ON kernels (student);
CREATE TABLE IF NOT EXISTS exercises (
    id INTEGER PRIMARY KEY AUTOINCREMENT, topic TEXT NOT NULL, level INTEGER NOT NULL,
    seed INTEGER NOT NULL, game TEXT NOT NULL, sent REAL NOT NULL);
CREATE TABLE IF NOT EXISTS answers (
    exercise INTEGER NOT NULL REFERENCES exercises (id),
    student TEXT NOT NULL REFERENCES students (id),
    answer TEXT NOT NULL, correct INTEGER NOT NULL, at REAL NOT NULL);
CREATE INDEX IF NOT EXISTS answers_by_exercise ON answers (exercise, student);
CREATE TABLE IF NOT EXISTS answer_files (source TEXT PRIMARY KEY, read_to INTEGER NOT NULL);
"""
TOP_WRONG = 5


def check_name(text: str) -> str:
    """A student's name as entered: 1 to 40 printable characters, spaces at the ends dropped."""
    name = " ".join(text.split())
    if not name:
        raise InputError(Message("enter your name"))
    if len(name) > MAX_NAME:
        raise InputError(Message("a name has at most {most} characters", most=MAX_NAME))
    if _CONTROL.search(name):
        raise InputError(Message("a name is printable characters only"))
    return name


@dataclass(frozen=True)
class Student:
    id: str
    name: str
    joined: float
    progress: Path


@dataclass(frozen=True)
class Results:
    """How the class is doing on one exercise, by each student's first answer: how many have
    answered, how many of them right first time, how many have solved it in the end (after a
    hint too), the most common wrong first answers with how many gave each (at most
    :data:`TOP_WRONG`), and each student's first answer by name."""

    answered: int
    right: int
    solved: int
    wrong: tuple[tuple[str, int], ...]
    first: tuple[tuple[str, str, bool], ...]  # (name, answer, right), in the order given


class ClassStore:
    """The record kept in ``folder/classroom.sqlite``; progress files go in ``folder/progress``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.progress_dir = folder / "progress"
        self.progress_dir.mkdir(parents=True, exist_ok=True)
        self.answers_dir = folder / "answers"
        self.answers_dir.mkdir(exist_ok=True)
        self.exercise_file = folder / "exercise.json"
        self.path = folder / "classroom.sqlite"
        self._db = sqlite3.connect(self.path, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.executescript(_SCHEMA)
        # kernels of an earlier run of the server are gone
        self._db.execute("UPDATE kernels SET ended = ? WHERE ended IS NULL", (time.time(),))

    def __repr__(self) -> str:
        return f"ClassStore({str(self.folder)!r})"

    def close(self) -> None:
        self._db.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield self._db
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def new_progress_file(self) -> Path:
        return self.progress_dir / f"{uuid.uuid4().hex}.progress"

    def join(self, student_id: str, name: str) -> Student:
        """Record (or rename) the student behind session ``student_id``."""
        name = check_name(name)
        known = self.student(student_id)
        if known is not None:
            self._db.execute("UPDATE students SET name = ? WHERE id = ?", (name, student_id))
            return Student(known.id, name, known.joined, known.progress)
        student = Student(student_id, name, time.time(), self.new_progress_file())
        self._db.execute("INSERT INTO students VALUES (?, ?, ?, ?)",
                         (student.id, student.name, student.joined, str(student.progress)))
        return student

    def student(self, student_id: str) -> Student | None:
        row = self._db.execute("SELECT id, name, joined, progress FROM students WHERE id = ?",
                               (student_id,)).fetchone()
        return None if row is None else Student(row[0], row[1], row[2], Path(row[3]))

    def students(self) -> list[Student]:
        rows = self._db.execute("SELECT id, name, joined, progress FROM students "
                                "ORDER BY joined").fetchall()
        return [Student(r[0], r[1], r[2], Path(r[3])) for r in rows]

    def count_students(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM students").fetchone()[0])

    def kernel_started(self, kernel_id: str, app: str, progress: Path,
                       student: str | None) -> None:
        now = time.time()
        self._db.execute("INSERT OR REPLACE INTO kernels VALUES (?, ?, ?, ?, ?, ?, NULL)",
                         (kernel_id, app, str(progress), student, now,
                          now if student else None))

    def kernel_given(self, kernel_id: str, student: str) -> None:
        self._db.execute("UPDATE kernels SET student = ?, given = ? WHERE id = ?",
                         (student, time.time(), kernel_id))

    def kernel_ended(self, kernel_id: str) -> None:
        self._db.execute("UPDATE kernels SET ended = ? WHERE id = ? AND ended IS NULL",
                         (time.time(), kernel_id))

    def progress_files(self, student_id: str) -> list[Path]:
        """Every file that holds the student's progress (their own, their kernels')."""
        rows = self._db.execute("SELECT DISTINCT progress FROM kernels WHERE student = ? "
                                "ORDER BY started", (student_id,)).fetchall()
        student = self.student(student_id)
        files = [] if student is None else [student.progress]
        return files + [Path(r[0]) for r in rows if Path(r[0]) not in files]

    def open_kernels(self, student_id: str | None = None) -> list[tuple[str, str, str | None]]:
        """(kernel id, app, student) of the kernels still running, oldest first."""
        if student_id is None:
            rows = self._db.execute("SELECT id, app, student FROM kernels WHERE ended IS NULL "
                                    "ORDER BY started").fetchall()
        else:
            rows = self._db.execute("SELECT id, app, student FROM kernels WHERE ended IS NULL "
                                    "AND student = ? ORDER BY started", (student_id,)).fetchall()
        return [(r[0], r[1], r[2]) for r in rows]

    # -- the teacher's exercises -----------------------------------------------------------------

    def answers_file(self, progress: Path) -> Path:
        """Where the kernel writing ``progress`` appends its answers."""
        return self.answers_dir / f"{progress.stem}.jsonl"

    def send(self, assignment: Assignment) -> Assignment:
        """Record ``assignment`` as sent now: it comes back with its id."""
        sent = time.time()
        with self._transaction() as db:
            cursor = db.execute("INSERT INTO exercises (topic, level, seed, game, sent) "
                                "VALUES (?, ?, ?, ?, ?)", (assignment.topic, assignment.level,
                                                           assignment.seed, assignment.game, sent))
        assert cursor.lastrowid is not None
        return replace(assignment, id=cursor.lastrowid, sent=sent)

    def exercise(self, exercise_id: int) -> Assignment | None:
        row = self._db.execute("SELECT topic, level, seed, game, id, sent FROM exercises "
                               "WHERE id = ?", (exercise_id,)).fetchone()
        return None if row is None else Assignment(*row)

    def _owner_of(self, source: str) -> str | None:
        """The student whose kernel writes answers file ``source`` (named as its progress
        file: the student's own, or a preheated kernel's, given to them)."""
        progress = str(self.progress_dir / f"{source}.progress")
        row = self._db.execute(
            "SELECT id FROM students WHERE progress = ? UNION ALL "
            "SELECT student FROM kernels WHERE progress = ? AND student IS NOT NULL "
            "LIMIT 1", (progress, progress)).fetchone()
        return None if row is None else str(row[0])

    def collect_answers(self) -> int:
        """Store the answers the kernels have written since the last call (each under the
        student the answers file belongs to; answers to no exercise sent, or from a kernel
        nobody was given, are dropped), with how far each file is read, in one transaction.
        Returns how many were stored."""
        read_to = dict(self._db.execute("SELECT source, read_to FROM answer_files").fetchall())
        answers, now_at = read_answers(self.answers_dir, read_to)
        if not now_at:
            return 0
        sent = {row[0] for row in self._db.execute("SELECT id FROM exercises")}
        owners = {source: self._owner_of(source) for source in now_at}
        rows = [(a.exercise, owners[a.source], a.answer, int(a.right), a.at) for a in answers
                if owners[a.source] is not None and a.exercise in sent]
        with self._transaction() as db:
            db.executemany("INSERT INTO answers VALUES (?, ?, ?, ?, ?)", rows)
            db.executemany("INSERT OR REPLACE INTO answer_files VALUES (?, ?)",
                           sorted(now_at.items()))
        return len(rows)

    def results(self, exercise_id: int) -> Results:
        """How the class is doing on exercise ``exercise_id`` (see :class:`Results`)."""
        rows = self._db.execute(
            "SELECT a.student, s.name, a.answer, a.correct FROM answers a "
            "JOIN students s ON s.id = a.student WHERE a.exercise = ? ORDER BY a.at, a.rowid",
            (exercise_id,)).fetchall()
        first: dict[str, tuple[str, str, bool]] = {}
        solved: set[str] = set()
        for student, name, answer, correct in rows:
            first.setdefault(student, (name, answer, bool(correct)))
            if correct:
                solved.add(student)
        wrong = Counter(answer for _, answer, right in first.values() if not right)
        top = sorted(wrong.items(), key=lambda pair: (-pair[1], pair[0]))[:TOP_WRONG]
        return Results(answered=len(first), right=sum(1 for *_, r in first.values() if r),
                       solved=len(solved), wrong=tuple(top), first=tuple(first.values()))
