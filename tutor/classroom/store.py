"""The classroom's own record, one SQLite file on the teacher's machine: who joined (the name
each student gave), which kernel serves whom, and where each kernel keeps its progress.

Every kernel the classroom starts is given a progress file of its own (through
``$MAHJONG_TUTOR_PROGRESS``), never the teacher's: a kernel started for a student writes the
student's file; a kernel preheated before anyone asked writes a file of its own, which this
record ties to the student who is given the kernel. A student's progress is what their files
hold. Only the server's event loop uses the database (one connection, one thread).
"""

from __future__ import annotations

import re
import sqlite3
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

from tutor.errors import InputError

__all__ = ["ClassStore", "Student", "check_name"]

MAX_NAME = 40
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_SCHEMA = """
CREATE TABLE IF NOT EXISTS students (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, joined REAL NOT NULL, progress TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS kernels (
    id TEXT PRIMARY KEY, app TEXT NOT NULL, progress TEXT NOT NULL, student TEXT,
    started REAL NOT NULL, given REAL, ended REAL);
CREATE INDEX IF NOT EXISTS kernels_by_student ON kernels (student);
"""


def check_name(text: str) -> str:
    """A student's name as entered: 1 to 40 printable characters, spaces at the ends dropped."""
    name = " ".join(text.split())
    if not name:
        raise InputError("enter your name")
    if len(name) > MAX_NAME:
        raise InputError(f"a name has at most {MAX_NAME} characters")
    if _CONTROL.search(name):
        raise InputError("a name is printable characters only")
    return name


@dataclass(frozen=True)
class Student:
    id: str
    name: str
    joined: float
    progress: Path


class ClassStore:
    """The record kept in ``folder/classroom.sqlite``; progress files go in ``folder/progress``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.progress_dir = folder / "progress"
        self.progress_dir.mkdir(parents=True, exist_ok=True)
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
