"""Generated practice and the notebooks' exercises in Chinese: every topic's question, hint,
explanation, title and figure labels, and every exercise of the notebooks, read in Chinese with no
English word left (tile notation aside); and in English exactly as before they were translated
(``golden/practice_and_exercises.en.json``: seed 1 of every topic and level, and every exercise,
as the code printed them before)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tutor.exercises import guiyang, hands, hangzhou, huangyan
from tutor.exercises.catalog import all_exercises
from tutor.exercises.model import Exercise
from tutor.i18n import localize, using_language
from tutor.practice import TOPICS, generate

GOLDEN = Path(__file__).parent / "golden" / "practice_and_exercises.en.json"
#: a word of two letters or more: tile codes (``123m``, ``1z``), seats in an answer typed as
#: ``E+10`` and the ``x`` of a product are single letters
ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")


def _shown(exercise: Exercise) -> dict[str, str]:
    """What the check widget shows of an exercise, in the current language."""
    out = {"prompt": localize(exercise.prompt), "hint": localize(exercise.hint),
           "title": localize(exercise.title), "explanation": localize(exercise.explanation),
           "answer": localize(exercise.shown_answer()),
           "worked": localize(exercise.worked_answer())}
    out.update({f"figure {i}": localize(f.label) for i, f in enumerate(exercise.figures)})
    return out


def _english_words(exercise: Exercise) -> dict[str, list[str]]:
    with using_language("zh"):
        shown = _shown(exercise)
    return {part: words for part, text in shown.items() if (words := ENGLISH_WORD.findall(text))}


@pytest.mark.parametrize("name", sorted(TOPICS))
@pytest.mark.parametrize("level", [1, 2, 3])
def test_every_topic_reads_in_chinese(name: str, level: int) -> None:
    for seed in range(4):
        exercise = generate(name, seed=seed, level=level).exercise
        assert _english_words(exercise) == {}, (name, level, seed)


@pytest.mark.parametrize("exercise", list(all_exercises().values()), ids=lambda e: e.key)
def test_the_notebooks_exercises_read_in_chinese(exercise: Exercise) -> None:
    assert _english_words(exercise) == {}


def test_a_test_of_english_words_can_fail() -> None:
    exercise = generate("huangyan-score", seed=1, level=1).exercise
    assert ENGLISH_WORD.findall(exercise.prompt)  # the English is English
    assert _english_words(exercise) == {}


def _golden() -> dict[str, dict[str, object]]:
    return json.loads(GOLDEN.read_text(encoding="utf-8"))


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_english_is_as_before(lang: str) -> None:
    """The English values (and so ``tutor practice --json``) are the same whichever language the
    exercise is made in."""
    golden = _golden()
    by_key = all_exercises()
    with using_language(lang):
        for key, expected in golden.items():
            if "/" in key:
                name, level, seed = key.split("/")
                item = generate(name, seed=int(seed), level=int(level))
                assert json.loads(json.dumps(item.as_dict(), default=str)) == expected["item"]
                assert item.exercise.worked_answer() == expected["worked"], key
            else:
                ex = by_key[key]
                assert [ex.prompt, ex.hint, ex.title, ex.worked_answer(),
                        [f.label for f in ex.figures]] == [
                    expected["prompt"], expected["hint"], expected["title"], expected["worked"],
                    expected["figures"]], key


def test_the_golden_file_covers_every_topic_and_level() -> None:
    keys = set(_golden())
    assert {f"{name}/{level}/1" for name in TOPICS for level in (1, 2, 3)} <= keys
    assert set(all_exercises()) <= keys


def test_an_answer_check_is_the_same_in_both_languages() -> None:
    """The fingerprint a notebook stores hashes the English worked answer, so both editions store
    the same one (a sheet's lines made in Chinese once leaked into it)."""
    def built() -> dict[str, str]:  # made afresh (the catalog keeps the first ones it made)
        return {ex.key: ex.fingerprint() for module in (hands, huangyan, hangzhou, guiyang)
                for ex in module.exercises()}

    english = built()
    with using_language("zh"):
        assert built() == english
