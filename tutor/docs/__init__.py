"""The rule book's generated parts: every table and every quoted value comes from the rulesets.

The rule books (``notebooks/rules/huangyan.md``, ``hangzhou.md``, ``guiyang.md``) are written
by hand, except the spans marked ``<!-- generated: NAME -->`` (tables) and
``<!-- value NAME -->`` (a number inside a sentence). ``python -m tutor.docs`` rewrites those
spans from the frozen rulesets and the engine; ``python -m tutor.docs --check`` exits with
status 1 and names each stale span when a file differs from what the rulesets give.

>>> block("huangyan-sets").splitlines()[2].startswith("| Exposed Pong (claimed) | 明刻 | 2 ")
True
>>> value("huangyan.ante")
'20'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

from tutor.core.variant import Variant
from tutor.docs import examples, tables
from tutor.docs.markers import DocsError, hand_typed_numbers, rewrite, spans, stale_spans
from tutor.docs.values import value, value_names

__all__ = ["BLOCKS", "DocsError", "block", "book_paths", "check", "generate",
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


def block(name: str) -> str:
    """The Markdown of the generated block ``name``."""
    try:
        make = BLOCKS[name]
    except KeyError:
        raise DocsError(f"unknown generated block {name!r} (known: "
                        f"{', '.join(sorted(BLOCKS))})") from None
    return make()


def book_paths(root: Path | None = None) -> list[Path]:
    """The rule book files under ``root`` (the project folder, found from the package by
    default)."""
    base = root if root is not None else Path(__file__).resolve().parents[2]
    return [base / "notebooks" / "rules" / f"{v.value}.md" for v in Variant]


def generate(text: str) -> str:
    """``text`` with every generated span rewritten."""
    return rewrite(text, block, value)


def check(paths: Iterable[Path]) -> list[str]:
    """Every stale span of ``paths``, as ``file: line N: ...`` lines (empty: all current)."""
    out = []
    for path in paths:
        text = path.read_text(encoding="utf-8")
        out += [f"{path.name}: {problem}" for problem in stale_spans(text, block, value)]
    return out
