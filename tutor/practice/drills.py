"""The models behind the practice widgets: an open-ended :class:`PracticeSession` and the
ten-question :class:`Quiz` ("test yourself") over a game's topics.

>>> quiz = Quiz("huangyan", seed=1)
>>> [q.topic for q in quiz.plan][:3], len(quiz.plan)
(['waits', 'shanten', 'discard'], 10)
>>> feedback = quiz.answer(quiz.current.exercise.answer_text())
>>> feedback.right, quiz.score, quiz.position, quiz.worked()[:7]
(True, 1, 0, 'Answer:')
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from tutor.core.variant import Variant
from tutor.exercises.attempt import Attempt
from tutor.exercises.model import Exercise, Feedback
from tutor.i18n import Message
from tutor.practice import LEVELS, PracticeError, PracticeItem, generate, topic

__all__ = ["GAMES", "PracticeSession", "Question", "Quiz"]

H, Z, G = Variant.HUANGYAN, Variant.HANGZHOU, Variant.GUIYANG

#: The topics each game's "test yourself" draws from ("hands": notebook 01, any game).
GAMES: dict[str, tuple[tuple[str, Variant | None], ...]] = {
    "hands": (("waits", None), ("shanten", None), ("discard", None)),
    "huangyan": (("waits", H), ("shanten", H), ("discard", H), ("huangyan-score", H),
                 ("huangyan-reckon", H), ("live-tile", H)),
    "hangzhou": (("waits", Z), ("shanten", Z), ("discard", Z), ("hangzhou-multiplier", Z)),
    "guiyang": (("waits", G), ("shanten", G), ("discard", G), ("guiyang-chickens", G)),
}
GAME_TITLES = {"hands": Message("Tiles, hands and waits"), "huangyan": Message(H.title),
               "hangzhou": Message(Z.title), "guiyang": Message(G.title)}


class PracticeSession:
    """Generated exercises one after another: a topic, a level, a game (for the topics that
    have several) and a running seed. ``on_result(topic, solved)`` hears about every exercise
    the learner tried (answered, or asked for the answer) before moving on;
    ``on_answer(item, answer, right)`` about every answer judged (as the worked answer would
    state it: a classroom reports it), and :meth:`show` brings up a given exercise."""

    def __init__(self, topic_name: str = "waits", level: int = 1, seed: int = 1,
                 variant: Variant | str | None = None,
                 on_result: Callable[[str, bool], None] | None = None,
                 on_answer: Callable[[PracticeItem, str, bool], None] | None = None) -> None:
        self.on_result = on_result
        self.on_answer = on_answer
        self.solved = 0
        self.tried = 0
        self.topic = topic(topic_name).name
        self.level = level
        self.variant = Variant.parse(variant) if variant is not None else None
        self.seed = seed
        self.item = self._make()
        self.attempt = self._attempt()

    def _make(self) -> PracticeItem:
        variant = self.variant if self.variant in topic(self.topic).games else None
        return generate(self.topic, seed=self.seed, level=self.level, variant=variant)

    @property
    def exercise(self) -> Exercise:
        return self.item.exercise

    def _attempt(self) -> Attempt:
        item = self.item
        return Attempt(item.exercise, on_solved=self._solved,
                       on_answer=lambda text, verdict: self._answered(item, text, verdict))

    def _answered(self, item: PracticeItem, text: str, verdict: Feedback) -> None:
        if self.on_answer is not None:
            self.on_answer(item, item.exercise.shown_response(text), verdict.right)

    def _solved(self, _exercise: Exercise) -> None:
        self.tried += 1
        self.solved += 1
        if self.on_result is not None:
            self.on_result(self.item.topic, True)

    def _close(self) -> None:
        """Leaving an exercise tried but not solved counts it as tried (a solved one was
        counted when it was solved)."""
        a = self.attempt
        if (a.tries or a.revealed) and not a.solved:
            self.tried += 1
            if self.on_result is not None:
                self.on_result(self.item.topic, False)  # the topic it was tried on

    def choose(self, *, topic_name: str | None = None, level: int | None = None) -> PracticeItem:
        """Switch topic or level: that topic's exercise of the same number."""
        if topic_name is not None:
            self.topic = topic(topic_name).name
        if level is not None:
            if level not in LEVELS:
                raise PracticeError(f"level {level} is not 1, 2 or 3")
            self.level = level
        return self.goto(self.seed)

    def show(self, topic_name: str, level: int, seed: int,
             variant: Variant | str | None = None) -> PracticeItem:
        """Exactly this exercise: topic, level, number and game (None: any game) at once, as a
        teacher sends a class one. Nothing changes if one of them is not allowed."""
        chosen = topic(topic_name).name
        if level not in LEVELS:
            raise PracticeError(f"level {level} is not 1, 2 or 3")
        game = Variant.parse(variant) if variant else None
        _check_number(seed)
        self._close()
        self.topic, self.level, self.variant = chosen, level, game
        return self._go(seed)

    def set_variant(self, variant: Variant | str | None) -> PracticeItem:
        """Switch the game of the hand topics (None: any game)."""
        self.variant = Variant.parse(variant) if variant else None
        return self.goto(self.seed)

    def next(self) -> PracticeItem:
        """The next exercise (its number moves on by one)."""
        return self.goto(self.seed + 1)

    def goto(self, seed: int) -> PracticeItem:
        """The exercise number ``seed`` of this topic and level (a class can all do the same
        one)."""
        _check_number(seed)
        self._close()
        return self._go(seed)

    def _go(self, seed: int) -> PracticeItem:
        self.seed = seed
        self.item = self._make()
        self.attempt = self._attempt()
        return self.item

    def tally(self) -> str:
        return Message("This session: {solved} solved of {tried} tried.", solved=self.solved,
                       tried=self.tried)

    def __repr__(self) -> str:
        return (f"PracticeSession({self.topic!r}, level={self.level}, seed={self.seed}"
                + (f", variant={self.variant.value!r}" if self.variant else "") + ")")


def _check_number(seed: object) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
        raise PracticeError(f"an exercise number is a whole number from 0, not {seed!r}")


@dataclass(frozen=True)
class Question:
    """One planned question of a quiz: which topic, game, level and seed make it."""

    topic: str
    variant: Variant | None
    level: int
    seed: int

    def make(self) -> PracticeItem:
        return generate(self.topic, seed=self.seed, level=self.level, variant=self.variant)


class Quiz:
    """Ten questions over ``game``'s topics, easier first, one answer each; the score counts
    the right ones. ``on_finish(game, score, out_of)`` is called once at the end."""

    def __init__(self, game: str = "huangyan", seed: int = 1, length: int = 10,
                 on_finish: Callable[[str, int, int], None] | None = None) -> None:
        if game not in GAMES:
            raise PracticeError(f"no test for {game[:40]!r} (games: {', '.join(GAMES)})")
        if not 1 <= length <= 50:
            raise PracticeError(f"a test has 1 to 50 questions, not {length}")
        self.game = game
        self.seed = seed
        self.on_finish = on_finish
        rng = random.Random(f"quiz/{game}/{seed}")
        topics = GAMES[game]
        levels = sorted(rng.choice(LEVELS) for _ in range(length))
        self.plan = tuple(Question(topics[i % len(topics)][0], topics[i % len(topics)][1],
                                   levels[i], rng.randrange(2**31)) for i in range(length))
        self.position = 0
        self.results: list[bool | None] = [None] * length
        self._items: dict[int, PracticeItem] = {}

    @property
    def title(self) -> str:
        return GAME_TITLES[self.game]

    @property
    def current(self) -> PracticeItem:
        if self.position not in self._items:
            self._items[self.position] = self.plan[self.position].make()
        return self._items[self.position]

    @property
    def answered(self) -> bool:
        return self.results[self.position] is not None

    @property
    def score(self) -> int:
        return sum(1 for r in self.results if r)

    @property
    def finished(self) -> bool:
        return all(r is not None for r in self.results)

    def answer(self, response: str) -> Feedback:
        """Answer the current question (once: a second answer is not judged again). The
        worked answer is :meth:`worked`, shown after every question."""
        exercise = self.current.exercise
        if self.answered:
            return Feedback(bool(self.results[self.position]),
                            Message("Already answered: go on to the next question."))
        verdict = exercise.check(response)
        if not verdict.readable:
            return verdict
        self.results[self.position] = verdict.right
        if self.finished and self.on_finish is not None:
            self.on_finish(self.game, self.score, len(self.plan))
        return verdict

    def skip(self) -> Feedback:
        """Give up on the current question: it counts as wrong (then see :meth:`worked`)."""
        if not self.answered:
            self.results[self.position] = False
            if self.finished and self.on_finish is not None:
                self.on_finish(self.game, self.score, len(self.plan))
        return Feedback(False, Message("Skipped: this one counts as wrong."))

    def worked(self) -> str | None:
        """The current question's worked answer, once it is answered (None before)."""
        return self.current.exercise.worked_answer() if self.answered else None

    def next(self) -> bool:
        """Move to the next question; False at the end."""
        if self.position + 1 >= len(self.plan):
            return False
        self.position += 1
        return True

    def summary(self) -> str:
        if self.finished:
            return Message("You scored {score} of {n}.", score=self.score, n=len(self.plan))
        return Message("Question {number} of {n}; score so far {score}.",
                       number=self.position + 1, n=len(self.plan), score=self.score)

    def __repr__(self) -> str:
        return f"Quiz({self.game!r}, seed={self.seed})"

