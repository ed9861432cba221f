"""The course explains a word before it uses it, and teaches every rule-book section.

* Every game word of :data:`GAME_WORDS` is a glossary term (or one of its names).
* The glossary's "taught in" column starts with the notebook that first explains the term; no
  notebook before it may use the term, in its text or its stored outputs. Notebook 00 is the
  course's map: it may name what later notebooks teach (so it is not searched), but a word it
  explains (those its hand builder shows) has 00 as its first notebook. A closing "Next:" line
  names the next lesson's topic and is not searched either.
* Words the course dropped (:data:`DROPPED_WORDS`) appear in no notebook.
* Every section of a rule book is linked from a notebook: the rule book names it ("Taught in
  [...](../NN_....ipynb)") and that notebook links back to the rule book.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from .test_glossary import rows

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("0*.ipynb"))
RULES = sorted((ROOT / "notebooks" / "rules").glob("*.md"))

#: Words a player meets at the table, each of which the glossary must explain.
GAME_WORDS = (
    "chow", "pong", "pung", "kong", "gang", "pair", "set", "meld", "honor", "terminal", "simple",
    "suit", "dealer", "seat wind", "round wind", "prevailing wind", "wall", "dead wall",
    "live wall", "break", "deal", "discard", "claim", "self-draw", "win on a discard", "ready",
    "tenpai", "wait", "dead wait", "shanten", "seven pairs", "exhaustive draw", "replacement",
    "open kong", "concealed kong", "added kong", "robbing the kong", "joker", "Live Tile",
    "Live Tile Stage", "safe tile", "liability", "hot discard", "chicken", "bean",
    "Nine Gates", "red five",
)
#: Words the course does without: no notebook may use them unexplained, so none uses them.
DROPPED_WORDS = ("thirteen orphans", "sitting well")


def lesson_text(path: Path) -> str:
    """What a learner reads in a notebook: its markdown and its stored text outputs."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    parts = []
    for cell in notebook["cells"]:
        if cell["cell_type"] == "markdown":
            parts += [line for line in "".join(cell["source"]).splitlines()
                      if not line.startswith("Next:")]
        for output in cell.get("outputs", []):
            parts.append("".join(output.get("text", "")))
            data = output.get("data", {})
            for kind in ("text/plain", "text/markdown", "text/html"):
                parts.append("".join(data.get(kind, "")))
    return "\n".join(parts)


def taught() -> dict[str, int | None]:
    """Each glossary name (lower case) and the notebook number that first explains it."""
    out: dict[str, int | None] = {}
    for row in rows():
        found = re.search(r"\[(\d\d)\]\(\d\d_", row[5])
        for name in row[0].split(" / "):
            out[name.strip().lower()] = int(found.group(1)) if found else None
    return out


def uses(text: str, word: str) -> bool:
    return re.search(rf"\b{re.escape(word)}(s|es)?\b", text, re.IGNORECASE) is not None


def test_every_game_word_is_in_the_glossary_with_a_notebook() -> None:
    known = taught()
    missing = [w for w in GAME_WORDS if w.lower() not in known]
    assert not missing, f"game words missing from the glossary: {missing}"
    untaught = [w for w in GAME_WORDS if known[w.lower()] is None
                and any(uses(lesson_text(p), w) for p in NOTEBOOKS)]
    assert not untaught, f"used in a notebook, but the glossary names no notebook: {untaught}"


@pytest.mark.parametrize("word", GAME_WORDS)
def test_no_notebook_uses_a_word_before_the_one_that_explains_it(word: str) -> None:
    first = taught().get(word.lower())
    if first is None:
        pytest.skip(f"{word}: not in a notebook")
    early = [p.name for p in NOTEBOOKS
             if 0 < int(p.name[:2]) < first and uses(lesson_text(p), word)]
    assert not early, f"{word!r} is used in {early}, before notebook {first:02d} explains it"
    teacher = next(p for p in NOTEBOOKS if int(p.name[:2]) == first)
    assert uses(lesson_text(teacher), word), f"{teacher.name} never says {word!r}"


def test_no_notebook_uses_a_dropped_word() -> None:
    found = [(p.name, w) for p in NOTEBOOKS for w in DROPPED_WORDS if uses(lesson_text(p), w)]
    assert not found


def _sections(path: Path) -> list[tuple[str, str]]:
    """Each ``## `` section of a rule book with its text."""
    parts = re.split(r"^## (.+)$", path.read_text(encoding="utf-8"), flags=re.MULTILINE)
    return [(parts[i].strip(), parts[i + 1]) for i in range(1, len(parts) - 1, 2)]


@pytest.mark.parametrize("book", RULES, ids=lambda p: p.name)
def test_every_rule_book_section_is_linked_from_the_notebook_that_teaches_it(book: Path) -> None:
    for title, body in _sections(book):
        if title.startswith("Where the original rule text falls short"):
            continue  # the list of the project's decisions, each taught with its rule
        taught_in = re.findall(r"\]\(\.\./(0\d_[a-z_]+\.ipynb)", body)
        assert taught_in, f"{book.name} § {title}: names no notebook that teaches it"
        for name in taught_in:
            text = (ROOT / "notebooks" / name).read_text(encoding="utf-8")
            assert f"rules/{book.name}" in text, (
                f"{book.name} § {title} is taught in {name}, which never links to {book.name}")
