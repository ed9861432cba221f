"""Reading JSON input safely: one place for every command and reader that takes a JSON file.

:func:`read` reads a file of at most :data:`MAX_BYTES` bytes (it never reads more, so
``/dev/zero`` or a huge file is refused at once), :func:`loads` parses text nested at most
:data:`MAX_DEPTH` deep (checked by an iterative scan before parsing, so a file of a thousand
``[`` never reaches the parser's recursion), and refuses ``NaN``, ``Infinity`` and integers of
more than :data:`MAX_DIGITS` digits, non-finite numbers (``1e999``) and an object with the
same key twice (the standard reader would keep the last silently). Every failure is the
caller's error class (a :class:`~tutor.errors.TutorError`) with a one-line message that quotes
at most a few dozen characters of the input.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any, BinaryIO

from tutor.errors import TutorError, shown
from tutor.i18n import Message

__all__ = ["MAX_BYTES", "MAX_DEPTH", "MAX_DIGITS", "check_depth", "loads", "read"]

#: the largest JSON input read (a saved simulation of 100 hands is about 200 kB)
MAX_BYTES = 20_000_000
#: the deepest nesting of lists and objects (the formats nest five deep at most)
MAX_DEPTH = 32
#: the most digits of a number (larger numbers are never meaningful here)
MAX_DIGITS = 30

# a string (its closing quote optional: an unclosed one runs to the end, so nothing is scanned
# twice and the scan stays linear), or a bracket
_TOKENS = re.compile(r'"(?:[^"\\]+|\\.)*"?|[\[\]{}]', re.DOTALL)


def check_depth(text: str, limit: int = MAX_DEPTH) -> int:
    """The deepest nesting of ``text`` (brackets inside strings do not count); raises
    :class:`ValueError` past ``limit``. Iterative: any depth is safe to check."""
    depth = deepest = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > limit:
                raise ValueError(Message("nested more than {n} deep", n=limit))
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


def _constant(name: str) -> Any:
    raise ValueError(Message("{name} is not a JSON number", name=name))


def _integer(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_DIGITS:
        raise ValueError(Message("a number of {n} digits (at most {most})",
                                 n=format(len(digits), ","), most=MAX_DIGITS))
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value) or len(text) > 2 * MAX_DIGITS:
        raise ValueError(Message("the number {value} is out of range", value=shown(text, 40)[1:-1]))
    return value


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out = dict(pairs)
    if len(out) != len(pairs):  # a key twice: name the first one repeated
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(Message("the key {key} appears twice in one object",
                                         key=shown(key, 40)))
            seen.add(key)
    return out


def loads(text: str, what: str, error: type[TutorError], *, max_depth: int = MAX_DEPTH,
          max_bytes: int = MAX_BYTES) -> Any:
    """Parse JSON ``text`` (at most ``max_bytes`` characters); ``what`` names it in the message
    of ``error``."""
    if len(text) > max_bytes:
        raise error(Message("{what}: longer than {n} characters, the most a JSON input may be",
                            what=what, n=format(max_bytes, ",")))
    try:
        check_depth(text, max_depth)
    except ValueError as exc:
        raise error(Message("{what}: not a readable JSON file ({reason})", what=what,
                            reason=exc.args[0])) from None
    try:
        return json.loads(text, parse_constant=_constant, parse_int=_integer,
                          parse_float=_float, object_pairs_hook=_object)
    except json.JSONDecodeError as exc:
        raise error(Message("{what}: not JSON ({reason} at line {line} column {column})",
                            what=what, reason=exc.msg, line=exc.lineno, column=exc.colno)
                    ) from None
    except (ValueError, RecursionError) as exc:
        reason = shown(str(exc), 60)[1:-1]
        if exc.args and isinstance(exc.args[0], Message) and exc.args[0] == reason:
            reason = exc.args[0]  # translated when shown (the English is the same)
        raise error(Message("{what}: not a readable JSON file ({reason})", what=what,
                            reason=reason)) from None


#: how much :func:`read` asks for at a time: ``file.read(n)`` sets aside ``n`` bytes before
#: reading, so one call for the whole limit would cost 20 MB for a file of 20 bytes
_CHUNK = 1 << 20


def _read_at_most(file: BinaryIO, limit: int) -> bytes:
    """At most ``limit`` bytes of ``file``, in chunks: memory follows the file's size."""
    parts: list[bytes] = []
    total = 0
    while total < limit:
        part = file.read(min(_CHUNK, limit - total))
        if not part:
            break
        parts.append(part)
        total += len(part)
    return parts[0] if len(parts) == 1 else b"".join(parts)


def read(path: str | Path, error: type[TutorError], *, max_bytes: int = MAX_BYTES,
         max_depth: int = MAX_DEPTH) -> Any:
    """The JSON value in the file at ``path``, read with the limits above."""
    name = str(path) if len(str(path)) <= 80 else f"...{str(path)[-77:]}"
    try:
        with open(path, "rb") as file:
            raw = _read_at_most(file, max_bytes + 1)
    except OSError as exc:
        raise error(Message("{what}: cannot read it ({reason})", what=name,
                            reason=exc.strerror or type(exc).__name__)) from None
    if len(raw) > max_bytes:
        raise error(Message("{what}: larger than {n} bytes, the most a JSON input may be",
                            what=name, n=format(max_bytes, ",")))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise error(Message("{what}: not UTF-8 text (a JSON file is text)", what=name)
                    ) from None
    return loads(text, name, error, max_depth=max_depth, max_bytes=max_bytes)
