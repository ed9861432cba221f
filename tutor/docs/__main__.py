"""``python -m tutor.docs [--check] [--list] [FILE ...]``: regenerate the rule book's spans.

Without ``--check`` each file's generated spans are rewritten in place (files already current
are left untouched). With ``--check`` nothing is written: each stale span is named on stderr and
the exit status is 1. ``--list`` prints the block and value names. The files default to the
rule books of both editions, ``notebooks/rules/`` and ``notebooks/zh/rules/``; each is written in
its edition's language.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from tutor.docs import BLOCKS, book_language, book_paths, check, generate, value_names
from tutor.errors import TutorError
from tutor.i18n import LANGUAGES


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tutor.docs",
                                     description="Regenerate the rule book's tables and "
                                                 "quoted values from the rulesets.")
    parser.add_argument("files", nargs="*", type=Path, help="rule book files (default: the "
                        "three of each edition, notebooks/rules/ and notebooks/zh/rules/)")
    parser.add_argument("--check", action="store_true",
                        help="change nothing; exit 1 if a generated span is stale")
    parser.add_argument("--list", action="store_true", help="print the block and value names")
    args = parser.parse_args(argv)
    if args.list:
        print("blocks: " + ", ".join(sorted(BLOCKS)))
        print("values: " + ", ".join(value_names()))
        return 0
    paths = args.files or [path for lang in LANGUAGES for path in book_paths(lang=lang)
                           if lang == "en" or path.parent.is_dir()]
    try:
        for path in paths:
            if not path.is_file():
                raise TutorError(f"{path}: no such rule book file")
        if args.check:
            stale = check(paths)
            for line in stale:
                print(line, file=sys.stderr)
            if stale:
                print("the rule book is stale: run python -m tutor.docs", file=sys.stderr)
            return 1 if stale else 0
        for path in paths:
            text = path.read_text(encoding="utf-8")
            new = generate(text, book_language(path))
            if new != text:
                path.write_text(new, encoding="utf-8")
                print(f"rewrote {path}")
    except TutorError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
