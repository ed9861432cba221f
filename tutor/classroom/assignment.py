"""The teacher's exercise for the whole class: what the teacher sends (:class:`Assignment`), the
file the students' practice apps follow, and the answers they report back.

The way round:

1. the teacher sends a topic, a level, an exercise number and a game from the teacher's page;
   the server checks them (:meth:`Assignment.parse`: an :class:`AssignmentError` says what is
   wrong), records the exercise in the class's record and writes it to ``exercise.json`` in the
   class folder, atomically (:func:`write_exercise`: a temporary file renamed over the old one,
   so a reader finds the old exercise or the new one, never half of one);
2. every practice app in a classroom kernel follows that file (:class:`ClassLink`: one ``stat``
   every :data:`POLL_SECONDS` seconds, the file read only when it changed) and shows the exercise;
3. each answer to it is appended, one JSON line, to the kernel's own answers file, which the
   server reads (:func:`read_answers`) and stores in the class's record, for the student the
   kernel is bound to. The server decides whose answer it is from the file it came from, never
   from anything written in it.

Pure Python (no Jupyter server): the practice kernels import it.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Mapping
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from tutor.core.variant import Variant
from tutor.errors import TutorError
from tutor.practice import LEVELS, PracticeError, PracticeItem, generate, topic

__all__ = ["ANSWERS_ENV", "EXERCISE_ENV", "Answer", "Assignment", "AssignmentError", "ClassLink",
           "read_answers", "write_exercise"]

#: The environment of a classroom kernel: the exercise file it follows, the answers file it writes.
EXERCISE_ENV = "MAHJONG_TUTOR_CLASS_EXERCISE"
ANSWERS_ENV = "MAHJONG_TUTOR_CLASS_ANSWERS"
POLL_SECONDS = 2.0
MAX_SEED = 10**9  # the practice app's exercise numbers go this far
MAX_ANSWER = 200  # characters of an answer kept (an answer box holds no more)
MAX_FIELD = 40  # characters of a field the teacher sends
MAX_READ = 1 << 20  # bytes of one answers file read at a time
FIELDS = ("topic", "level", "seed", "game")


class AssignmentError(TutorError, ValueError):
    """An exercise the class cannot be sent: an unknown topic or game, a level or number out of
    range, a field missing or unknown."""


def _whole(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) <= 12:
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, int):
        raise AssignmentError(f"the {what} is a whole number from {low} to {high}")
    if not low <= value <= high:
        raise AssignmentError(f"the {what} is a whole number from {low} to {high}, not {value}")
    return value


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise AssignmentError(f"the {what} is a name")
    if len(value) > MAX_FIELD:
        raise AssignmentError(f"the {what} is at most {MAX_FIELD} characters")
    return value.strip().lower()


@dataclass(frozen=True)
class Assignment:
    """One exercise for the whole class: ``topic``, ``level`` (1 to 3), exercise number
    ``seed`` and ``game`` (a game's name, or ``""`` for any game: only the topics that have
    several games, waits, shanten and discard, take a choice). ``id`` is its number in the
    class's record (0 until sent), ``sent`` when it was sent.

    >>> a = Assignment.parse({"topic": "waits", "level": "2", "seed": "17", "game": ""})
    >>> a.describe()
    'Which tiles complete this hand? (level 2, exercise 17, any game)'
    >>> Assignment.parse({"topic": "live-tile", "level": 1, "seed": 3}).game
    'huangyan'
    """

    topic: str
    level: int
    seed: int
    game: str = ""
    id: int = 0
    sent: float = 0.0

    @classmethod
    def parse(cls, fields: Mapping[str, object]) -> Assignment:
        """The teacher's fields checked (strings from a form, or numbers from JSON)."""
        if not isinstance(fields, Mapping):
            raise AssignmentError("an exercise is sent as fields: topic, level, seed, game")
        if unknown := sorted(str(k)[:MAX_FIELD] for k in fields if k not in FIELDS):
            raise AssignmentError(f"unknown field {unknown[0]!r} (the fields: "
                                  f"{', '.join(FIELDS)})")
        if missing := [k for k in FIELDS[:3] if k not in fields]:
            raise AssignmentError(f"the {missing[0]} is missing")
        try:
            chosen = topic(_text(fields["topic"], "topic"))
        except PracticeError as error:
            raise AssignmentError(str(error)) from None
        level = _whole(fields["level"], "level", min(LEVELS), max(LEVELS))
        seed = _whole(fields["seed"], "exercise number", 0, MAX_SEED)
        game = _text(fields.get("game", ""), "game")
        if game in ("", "any", "any game"):
            game = ""
        else:
            try:
                variant = Variant.parse(game)
            except ValueError:
                raise AssignmentError(f"unknown game {game!r} (the games: "
                                      f"{', '.join(v.value for v in Variant)})") from None
            if variant not in chosen.games:
                raise AssignmentError(f"{chosen.name} is a {chosen.games[0].title} topic: "
                                      f"there is no {variant.title} one")
            game = variant.value
        if len(chosen.games) == 1:
            game = chosen.games[0].value
        return cls(chosen.name, level, seed, game)

    @classmethod
    def from_json(cls, text: str) -> Assignment:
        """An exercise as :func:`write_exercise` wrote it."""
        try:
            data = json.loads(text)
        except ValueError:
            raise AssignmentError("the exercise file is not JSON") from None
        if not isinstance(data, dict):
            raise AssignmentError("the exercise file holds no exercise")
        sent = data.pop("sent", 0.0)
        number = _whole(data.pop("id", None), "exercise's id", 1, 2**62)
        if isinstance(sent, bool) or not isinstance(sent, (int, float)):
            raise AssignmentError("the exercise's time is a number")
        return replace(cls.parse(data), id=number, sent=float(sent))

    def as_dict(self) -> dict[str, object]:
        return asdict(self)

    @property
    def variant(self) -> Variant | None:
        return Variant.parse(self.game) if self.game else None

    def item(self) -> PracticeItem:
        """The exercise itself, as every student's practice app makes it."""
        return generate(self.topic, seed=self.seed, level=self.level, variant=self.variant)

    def describe(self) -> str:
        from tutor.i18n import Message
        from tutor.practice import TOPICS

        title = TOPICS[self.topic].title
        return Message("{topic} (level {level}, exercise {seed}, {game})",
                       topic=title if isinstance(title, Message) else Message(title),
                       level=self.level, seed=self.seed,
                       game=Message(self.variant.title) if self.variant else Message("any game"))


def write_exercise(path: Path, assignment: Assignment) -> None:
    """Write ``assignment`` to ``path`` atomically (a temporary file beside it, then renamed)."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with temporary.open("w", encoding="utf-8") as out:
        out.write(json.dumps(assignment.as_dict(), sort_keys=True))
        out.flush()
        os.fsync(out.fileno())
    os.replace(temporary, path)


class ClassLink:
    """A classroom kernel's link to the class: the exercise file it follows and the answers
    file it writes (both given by the server in the kernel's environment). ``every``: how
    often a practice app looks at the exercise file, in seconds."""

    every = POLL_SECONDS

    def __init__(self, exercise: Path, answers: Path | None = None) -> None:
        self.exercise = exercise
        self.answers = answers
        self.current: Assignment | None = None
        self._seen: tuple[int, int, int] | None = None

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> ClassLink | None:
        """The link a classroom kernel was started with (None outside a classroom)."""
        environ = os.environ if environ is None else environ
        exercise = environ.get(EXERCISE_ENV)
        if not exercise:
            return None
        answers = environ.get(ANSWERS_ENV)
        return cls(Path(exercise), Path(answers) if answers else None)

    def poll(self) -> Assignment | None:
        """A newly sent exercise (once), or None: unchanged, absent or unreadable."""
        try:
            stat = os.stat(self.exercise)
        except OSError:
            return None
        seen = (stat.st_ino, stat.st_mtime_ns, stat.st_size)
        if seen == self._seen:
            return None
        self._seen = seen
        try:
            found = Assignment.from_json(self.exercise.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, AssignmentError):
            return None
        if self.current is not None and found.id == self.current.id:
            return None
        self.current = found
        return found

    def report(self, exercise_id: int, answer: str, right: bool) -> None:
        """Append one answer to the kernel's answers file (one write: lines never mix)."""
        if self.answers is None:
            return
        line = json.dumps({"exercise": exercise_id, "answer": answer[:MAX_ANSWER],
                           "right": bool(right), "at": round(time.time(), 3)}) + "\n"
        with contextlib.suppress(OSError):  # a lost report must not break the student's page
            descriptor = os.open(self.answers, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
            try:
                os.write(descriptor, line.encode("utf-8"))
            finally:
                os.close(descriptor)


@dataclass(frozen=True)
class Answer:
    """One answer read back: the answers file it came from (``source``, its name without
    ``.jsonl``), the exercise's id, the answer as shown, right or not, and when."""

    source: str
    exercise: int
    answer: str
    right: bool
    at: float


def _answer(source: str, line: bytes) -> Answer | None:
    try:
        data = json.loads(line)
    except ValueError:
        return None
    if not isinstance(data, dict):
        return None
    exercise, answer, right, at = (data.get(k) for k in ("exercise", "answer", "right", "at"))
    if (isinstance(exercise, bool) or not isinstance(exercise, int) or exercise < 1
            or not isinstance(answer, str) or not isinstance(right, bool)
            or isinstance(at, bool) or not isinstance(at, (int, float))):
        return None
    return Answer(source, exercise, " ".join(answer.split())[:MAX_ANSWER], right, float(at))


def read_answers(folder: Path, read_to: Mapping[str, int]
                 ) -> tuple[list[Answer], dict[str, int]]:
    """The answers written to ``folder``'s answers files past ``read_to`` (bytes already read,
    by source), and how far each file has now been read: up to its last whole line (a line
    being written is read next time). Lines that are not answers are skipped."""
    answers: list[Answer] = []
    now_at: dict[str, int] = {}
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return answers, now_at
    for entry in entries:
        if not entry.name.endswith(".jsonl") or not entry.is_file():
            continue
        source = entry.name[:-len(".jsonl")]
        start = read_to.get(source, 0)
        try:
            if entry.stat().st_size <= start:
                continue
            with open(entry.path, "rb") as answers_file:
                answers_file.seek(start)
                chunk = answers_file.read(MAX_READ)
        except OSError:
            continue
        whole = chunk.rfind(b"\n") + 1
        if whole == 0:
            if len(chunk) < MAX_READ:
                continue  # a line still being written
            whole = len(chunk)  # a line longer than any answer: skipped
        for line in chunk[:whole].splitlines():
            if (found := _answer(source, line)) is not None:
                answers.append(found)
        now_at[source] = start + whole
    return answers, now_at
