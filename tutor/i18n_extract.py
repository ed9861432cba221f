"""Babel's extractor for the course's notebooks: the texts their code cells mark with ``_``.

A code cell is the same in both editions (the twin test), so a text a cell prints or shows (a
table's title, a line it prints) is written once, in English, marked
``_("Wave one: the winner collects")`` (``from tutor.i18n import _``) and shown in the language of
the kernel. ``make catalog`` and the catalog test extract them with this function from the English
edition's notebooks (``notebooks/*.ipynb`` and ``notebooks/apps/*.ipynb``); Babel is needed only
there, never at run time.
"""

from __future__ import annotations

import io
import json
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any


def extract(fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str],
            options: Any) -> Iterator[tuple[Any, ...]]:
    """Babel's extraction method for a notebook: each code cell read as Python.

    Line numbers count the code cells' lines in order, as if they were one file.
    """
    from babel.messages.extract import extract_python

    cells = json.load(fileobj).get("cells", [])
    offset = 0
    for cell in cells:
        if cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        text = "".join(source) if isinstance(source, list) else str(source)
        text = "\n".join("" if line.lstrip().startswith(("%", "!")) else line
                         for line in text.splitlines())  # IPython's magics are not Python
        found: Iterator[tuple[Any, ...]] = extract_python(  # (line, name, message, comments)
            io.BytesIO(text.encode("utf-8")), keywords, comment_tags, options)
        for line, *rest in found:
            yield (offset + line, *rest)
        offset += text.count("\n") + 1
