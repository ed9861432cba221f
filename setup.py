"""The course travels with the package: the repository's notebooks/ folder (the lessons, apps/,
the rule book) is shipped as the package data ``tutor/course/`` (``tutor lab`` copies it out).
Everything else about the package is in pyproject.toml."""

import shutil
from pathlib import Path

from setuptools import find_packages, setup

HERE = Path(__file__).resolve().parent
# setuptools reuses build/lib between builds, so a file deleted or renamed since (a renumbered
# notebook) would still be shipped: start every build from an empty one.
shutil.rmtree(HERE / "build" / "lib", ignore_errors=True)
COURSE_FILES = ["*.ipynb", "*.md", "*.json"]  # the same patterns as tutor.lab.COURSE_FILES
# every folder of the course at any depth (apps/, rules/, and the Chinese edition zh/ with zh/apps/
# and zh/rules/), as tutor.lab.course_files finds them: not the hidden ones (checkpoints, caches)
NOTEBOOKS = HERE / "notebooks"
course = ["tutor.course", *(
    "tutor.course." + ".".join(d.relative_to(NOTEBOOKS).parts) for d in sorted(NOTEBOOKS.rglob("*"))
    if d.is_dir() and not any(part.startswith((".", "_")) for part in d.relative_to(NOTEBOOKS).parts))]
# the shipped suit tables, the tile glyphs' font and the widgets' ES modules sit in folders
# without __init__.py: they are named here as packages of data, so setuptools ships them without
# a warning
# (and the translations: tutor/locale/<language>/LC_MESSAGES)
LOCALE = HERE / "tutor" / "locale"
data = ["tutor.core.data", "tutor.display.fonts", "tutor.display.widgets.static", "tutor.locale",
        *(f"tutor.locale.{d.name}.LC_MESSAGES" for d in sorted(LOCALE.iterdir()) if d.is_dir())]
setup(packages=[*find_packages(include=["tutor*"]), *data, *course],
      package_dir={"tutor.course": "notebooks"},
      package_data={"tutor": ["py.typed"], "tutor.core.data": ["*.bin"],
                    # the translations: the catalog template, and per language the .po and
                    # the compiled .mo that tutor.i18n reads
                    "tutor.locale": ["*.pot"],
                    **{p: ["*.po", "*.mo"] for p in data if p.endswith("LC_MESSAGES")},
                    "tutor.display.widgets.static": ["*.js", "*.css"],
                    # the tile glyphs' font and its licence (tutor.display.glyphs)
                    "tutor.display.fonts": ["*.woff", "OFL.txt"],
                    **dict.fromkeys(course, COURSE_FILES)})
