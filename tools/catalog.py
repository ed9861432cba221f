"""``make catalog``: the translation catalogs, with Babel.

Extracts every marked text of the package and of the notebooks' code cells (the keywords of
:data:`tutor.i18n.KEYWORDS`; where: ``tools/babel.cfg``) into
``tutor/locale/tutor.pot``, brings each language's ``tutor.po`` up to date with it (new texts
untranslated, texts gone dropped) and compiles the ``tutor.mo`` the package reads. Run it after
marking or translating a text, and commit all three files (the catalog test checks them).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from babel.messages.frontend import CommandLineInterface

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tutor.i18n import DOMAIN, KEYWORDS, LANGUAGES  # noqa: E402

LOCALE = ROOT / "tutor" / "locale"
POT = LOCALE / f"{DOMAIN}.pot"


def _spec(name: str, spec: object) -> str:
    """Babel's command-line form of a keyword: ``pgettext:1c,2``."""
    if spec is None:
        return name
    parts = spec if isinstance(spec, tuple) else (spec,)
    return name + ":" + ",".join(f"{p[0]}{p[1]}" if isinstance(p, tuple) else str(p)
                                 for p in parts)


def run(*args: str) -> None:
    CommandLineInterface().run(["pybabel", "-q", *args])


def main() -> int:
    os.chdir(ROOT)  # the catalog names files relative to the repository
    keywords = [arg for name, spec in KEYWORDS.items() for arg in ("-k", _spec(name, spec))]
    run("extract", "--no-default-keywords", *keywords, "--add-location=file", "--sort-output",
        "--project=mahjong-tutor", "--copyright-holder=the Mahjong Tutor authors",
        "--msgid-bugs-address=https://github.com/", "--no-wrap", "-o", "tutor/locale/tutor.pot",
        "-F", "tools/babel.cfg", "tutor", "notebooks")
    for lang in LANGUAGES:
        if lang == "en":
            continue
        po = LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
        if po.exists():
            run("update", "-i", str(POT), "-d", str(LOCALE), "-D", DOMAIN, "-l", lang,
                "--no-fuzzy-matching", "--no-wrap", "--ignore-obsolete")
        else:
            run("init", "-i", str(POT), "-d", str(LOCALE), "-D", DOMAIN, "-l", lang,
                "--no-wrap")
    run("compile", "-d", str(LOCALE), "-D", DOMAIN, "--statistics")
    return 0


if __name__ == "__main__":
    sys.exit(main())
