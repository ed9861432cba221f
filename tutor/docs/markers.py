"""The marked spans of the rule book that the generator owns, and the check on the prose.

Two kinds of span, both invisible once the Markdown is rendered:

* a block, on lines of its own::

      <!-- generated: huangyan-sets -->

      | set | ... |

      <!-- end generated -->

* an inline value inside a sentence: ``<!-- value huangyan.ante -->20<!-- end -->``.

:func:`rewrite` puts the current text into every span; :func:`stale_spans` lists the spans whose
text differs. :func:`hand_typed_numbers` finds digits in the prose outside the spans, code spans
and link targets, so a number can only reach the rule book through the generator.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from tutor.errors import TutorError

__all__ = ["BLOCK", "VALUE", "DocsError", "Span", "hand_typed_numbers", "rewrite", "spans",
           "stale_spans"]

BLOCK = re.compile(r"<!-- generated: ([a-z0-9_.-]+) -->\n(.*?)<!-- end generated -->",
                   re.DOTALL)
VALUE = re.compile(r"<!-- value ([a-z0-9_.-]+) -->(.*?)<!-- end -->")
_CODE = re.compile(r"(`+)(?:(?!\1).)+?\1", re.DOTALL)
_FENCE = re.compile(r"^```.*?^```", re.DOTALL | re.MULTILINE)
_LINK_TARGET = re.compile(r"\]\(([^)\s]+)\)")
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)


class DocsError(TutorError, ValueError):
    """A rule book that cannot be generated: an unknown span name, a misplaced marker."""


@dataclass(frozen=True)
class Span:
    """One generated span of a file: its name, whether it is a block, its text now."""

    name: str
    block: bool
    text: str
    line: int


def spans(text: str) -> list[Span]:
    """Every generated span of ``text``, in order."""
    out = []
    for pattern, block in ((BLOCK, True), (VALUE, False)):
        for m in pattern.finditer(text):
            out.append(Span(m.group(1), block, m.group(2), text.count("\n", 0, m.start()) + 1))
    return sorted(out, key=lambda s: s.line)


def _block_text(body: str) -> str:
    return f"\n{body.strip()}\n\n"


def rewrite(text: str, block: Callable[[str], str], value: Callable[[str], str]) -> str:
    """``text`` with every span holding what ``block(name)`` / ``value(name)`` gives now."""
    _check_placement(text)
    text = BLOCK.sub(lambda m: (f"<!-- generated: {m.group(1)} -->\n"
                                f"{_block_text(block(m.group(1)))}<!-- end generated -->"), text)
    return VALUE.sub(lambda m: f"<!-- value {m.group(1)} -->{value(m.group(1))}<!-- end -->",
                     text)


def stale_spans(text: str, block: Callable[[str], str], value: Callable[[str], str]
                ) -> list[str]:
    """Where ``text`` differs from what the generator writes: one line per stale span."""
    out = []
    for span in spans(text):
        want = _block_text(block(span.name)) if span.block else value(span.name)
        if span.text != want:
            shown = span.text.strip().splitlines()[0][:60] if span.text.strip() else "(empty)"
            out.append(f"line {span.line}: {span.name} holds {shown!r}, the rulesets give "
                       f"{want.strip().splitlines()[0][:60]!r}")
    return out


def _check_placement(text: str) -> None:
    """An inline value must not start a line: Markdown would read it as an HTML block."""
    for m in VALUE.finditer(text):
        start = text.rfind("\n", 0, m.start()) + 1
        if not text[start:m.start()].strip():
            line = text.count("\n", 0, m.start()) + 1
            raise DocsError(f"line {line}: the value {m.group(1)} starts a line; Markdown would "
                            "hide the rest of the paragraph (move a word before it)")
    opened = len(re.findall(r"<!-- generated: ", text))
    if opened != len(BLOCK.findall(text)):
        raise DocsError("a '<!-- generated: NAME -->' marker has no '<!-- end generated -->' "
                        "on a later line")


def hand_typed_numbers(text: str) -> list[str]:
    """Lines of prose holding a digit outside the generated spans, code and link targets."""
    stripped = BLOCK.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    stripped = VALUE.sub("", stripped)
    stripped = _FENCE.sub(lambda m: "\n" * m.group(0).count("\n"), stripped)
    stripped = _CODE.sub(lambda m: "\n" * m.group(0).count("\n"), stripped)
    stripped = _LINK_TARGET.sub("]()", stripped)
    stripped = _COMMENT.sub("", stripped)
    out = []
    for number, line in enumerate(stripped.splitlines(), 1):
        if re.search(r"\d", line):
            out.append(f"line {number}: {line.strip()[:80]}")
    return out
