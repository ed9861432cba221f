"""The rule book's generated parts: every table and every quoted value comes from the rulesets.

The rule books (``notebooks/rules/huangyan.md``, ``hangzhou.md``, ``guiyang.md``) are written
by hand, except the spans marked ``<!-- generated: NAME -->`` (tables) and
``<!-- value NAME -->`` (a number inside a sentence). ``python -m tutor.docs`` rewrites those
spans from the frozen rulesets and the engine; ``python -m tutor.docs --check`` exits with
status 1 and names each stale span when a file differs from what the rulesets give.

The Chinese edition's books (``notebooks/zh/rules/*.md``) have the same spans, written in
Chinese: a book's language is its edition's (:func:`book_language`), and every block and value
is made in it (the words through the catalog of :mod:`tutor.i18n`; numbers, tiles and ruleset
field names are the same in both).

>>> block("huangyan-sets").splitlines()[2].startswith("| Exposed Pong (claimed) | 明刻 | 2 ")
True
>>> value("huangyan.ante")
'20'
>>> block("huangyan-sets", "zh").splitlines()[0]
'| 面子 | 英文 | 中张（2 到 8） | 幺九（1、9）和字牌 |'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

from tutor.core.variant import Variant
from tutor.docs import examples, tables
from tutor.docs.markers import DocsError, hand_typed_numbers, rewrite, spans, stale_spans
from tutor.docs.values import value, value_names
from tutor.i18n import LANGUAGES, using_language

__all__ = ["BLOCKS", "DocsError", "block", "book_language", "book_paths", "check", "generate",
           "hand_typed_numbers", "spans", "value", "value_names"]


def _blocks() -> dict[str, Callable[[], str]]:
    out: dict[str, Callable[[], str]] = {
        "huangyan-sets": tables.huangyan_sets,
        "guiyang-patterns": tables.guiyang_patterns,
        "play-switches": tables.play_switches,
        "comparison": tables.comparison,
        "huangyan-example-1": partial(examples.huangyan_example, 1),
        "huangyan-example-2": partial(examples.huangyan_example, 2),
        "huangyan-nets": examples.huangyan_nets,
        "huangyan-stage-kongs": examples.huangyan_stage_with_kongs,
        "hangzhou-examples": examples.hangzhou_examples,
        "hangzhou-waits": examples.hangzhou_waits,
    }
    for variant in Variant:
        out[f"{variant.value}-equipment"] = partial(tables.equipment, variant)
    for group in tables.GROUPS:
        variant = Variant(group.split("-")[0])
        maker = tables.options_table if group in tables.OPTION_GROUPS else tables.field_table
        out[group] = partial(maker, variant, group)
    return out


BLOCKS = _blocks()


def block(name: str, lang: str | None = None) -> str:
    """The Markdown of the generated block ``name``, in ``lang`` (``"en"``, ``"zh"``; the
    language of the moment by default, so a notebook shows it in its own)."""
    try:
        make = BLOCKS[name]
    except KeyError:
        raise DocsError(f"unknown generated block {name!r} (known: "
                        f"{', '.join(sorted(BLOCKS))})") from None
    if lang is None:
        return make()
    with using_language(lang):
        return make()


def book_paths(root: Path | None = None, lang: str = "en") -> list[Path]:
    """The rule book files of the edition ``lang`` under ``root`` (the project folder, found
    from the package by default): ``notebooks/rules/`` or ``notebooks/<lang>/rules/``."""
    base = root if root is not None else Path(__file__).resolve().parents[2]
    folder = base / "notebooks" if lang == "en" else base / "notebooks" / lang
    return [folder / "rules" / f"{v.value}.md" for v in Variant]


def book_language(path: Path) -> str:
    """The language a rule book is written in: its edition's, ``zh`` for
    ``notebooks/zh/rules/*.md``, English otherwise."""
    edition = path.resolve().parent.parent.name
    return edition if edition in LANGUAGES and edition != "en" else "en"


def generate(text: str, lang: str = "en") -> str:
    """``text`` with every generated span rewritten in ``lang``."""
    return rewrite(text, partial(block, lang=lang), partial(value, lang=lang))


def check(paths: Iterable[Path]) -> list[str]:
    """Every stale span of ``paths``, each book in its own language (:func:`book_language`), as
    ``file: line N: ...`` lines (empty: all current)."""
    out = []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        lang = book_language(path)
        shown = path.name if lang == "en" else f"{lang}/{path.name}"
        out += [f"{shown}: {problem}" for problem in stale_spans(
            text, partial(block, lang=lang), partial(value, lang=lang))]
    return out
