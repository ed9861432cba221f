"""The catalogs are complete and agree: every text marked in the package (extracted here with
Babel, as ``make catalog`` does) has a Chinese translation, each translation keeps its message's
placeholders, and the committed ``.mo`` is the ``.po`` compiled (run ``make catalog`` after
marking or translating a text)."""

from __future__ import annotations

import gettext
import io
import json
import re
import string
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from tutor.i18n import DOMAIN, KEYWORDS, LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "tutor" / "locale"
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]


def _key(message: Message) -> tuple[str | None, str]:
    text = message.id if isinstance(message.id, str) else message.id[0]
    return message.context, text


def _po(lang: str) -> Catalog:
    with (LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as handle:
        return read_po(handle, locale=lang)


@pytest.fixture(scope="module")
def marked() -> dict[tuple[str | None, str], tuple[str, ...]]:
    """Every text marked in the package and in the notebooks' code cells, with where (extracted
    afresh from the sources, where ``tools/babel.cfg`` tells ``make catalog`` to look)."""
    with (ROOT / "tools" / "babel.cfg").open() as handle:
        methods, options = parse_mapping_cfg(handle)
    out: dict[tuple[str | None, str], tuple[str, ...]] = {}
    for folder in ("tutor", "notebooks"):
        for filename, _line, message, _comments, context in extract_from_dir(
                str(ROOT / folder), methods, options, keywords=KEYWORDS):
            text = message if isinstance(message, str) else message[0]
            out[context, text] = (*out.get((context, text), ()), f"{folder}/{filename}")
    return out


def test_the_notebooks_texts_are_extracted() -> None:
    """A code cell's ``_("...")`` is found (and only the English edition's cells are read)."""
    with (ROOT / "tools" / "babel.cfg").open() as handle:
        methods, _options = parse_mapping_cfg(handle)
    from tutor.i18n_extract import extract
    cell = {"cell_type": "code",
            "source": ["%matplotlib inline\n", 'print(_("a {n} b").format(n=1))']}
    notebook = {"cells": [{"cell_type": "markdown", "source": '_("not code")'}, cell]}
    found = list(extract(io.BytesIO(json.dumps(notebook).encode()), KEYWORDS, [], {}))
    assert [(line, message) for line, _name, message, _comments in found] == [(2, "a {n} b")]
    assert {pattern for pattern, _method in methods} >= {"*.ipynb", "apps/*.ipynb"}


def _fields(text: str) -> list[str]:
    """The placeholders of a text: ``{name}`` and ``{net:+d}`` by name and format, and ``%s``."""
    names = sorted({f"{name}:{spec}" for _, name, spec, _ in string.Formatter().parse(text)
                    if name is not None})  # a translation may name one twice
    return names + sorted(re.findall(r"%[-+ #0]*\d*(?:\.\d+)?[sdifr]", text))


def test_the_package_marks_its_texts(marked: dict[tuple[str | None, str], object]) -> None:
    assert len(marked) >= 250
    assert (None, "Little Four Winds") in marked and (None, "liability chicken") in marked


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_marked_text_is_translated(lang: str,
                                         marked: dict[tuple[str | None, str], object]) -> None:
    catalog = {_key(m): m for m in _po(lang) if m.id}
    missing = sorted(str(k) for k in marked if k not in catalog)
    assert not missing, f"not in the {lang} catalog (run make catalog): {missing[:10]}"
    empty = sorted(str(k) for k, m in catalog.items() if k in marked and not (
        m.string if isinstance(m.string, str) else all(m.string)))
    assert not empty, f"untranslated in {lang}: {empty[:10]}"
    fuzzy = sorted(str(k) for k, m in catalog.items() if m.fuzzy)
    assert not fuzzy, f"fuzzy (to check) in {lang}: {fuzzy[:10]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalog_holds_nothing_else(lang: str,
                                        marked: dict[tuple[str | None, str], object]) -> None:
    stale = sorted(str(_key(m)) for m in _po(lang) if m.id and _key(m) not in marked)
    assert not stale, f"no longer marked in the package (run make catalog): {stale[:10]}"


def test_the_template_is_up_to_date(marked: dict[tuple[str | None, str], object]) -> None:
    with (LOCALE / f"{DOMAIN}.pot").open("rb") as handle:
        template = {_key(m) for m in read_po(handle) if m.id}
    assert template == set(marked), "run make catalog"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_the_placeholders(lang: str) -> None:
    wrong = []
    for m in _po(lang):
        if not m.id:
            continue
        ids = [m.id] if isinstance(m.id, str) else list(m.id)
        strings = [m.string] if isinstance(m.string, str) else list(m.string)
        for text in strings:
            if not any(_fields(text) == _fields(i) for i in ids):
                wrong.append((ids[0], text))
            try:  # and it formats with the message's own arguments
                text.format(**{f.split(":")[0]: 1 for f in _fields(ids[0]) if ":" in f})
            except (KeyError, ValueError, IndexError) as exc:
                wrong.append((ids[0], f"{text} ({exc!r})"))
    assert not wrong, wrong[:5]


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_compiled_catalog_is_the_po_compiled(lang: str) -> None:
    buffer = io.BytesIO()
    write_mo(buffer, _po(lang))
    fresh = gettext.GNUTranslations(io.BytesIO(buffer.getvalue()))
    with (LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as handle:
        shipped = gettext.GNUTranslations(handle)
    assert shipped._catalog == fresh._catalog, "the .mo is stale: run make catalog"  # type: ignore[attr-defined]


def test_the_placeholder_check_can_fail() -> None:
    assert _fields("{seat} pays {amount}") != _fields("{seat}付")
    assert _fields("{net:+d}") != _fields("{net}")
    assert _fields("%s and %d") == _fields("%d 和 %s")
    assert _fields("{first} only") == _fields("{first}（{first}）")
