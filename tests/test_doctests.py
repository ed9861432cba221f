"""Every example written in the engine's docstrings runs and prints what it says."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import tutor

MODULES = sorted(m.name for m in pkgutil.walk_packages(tutor.__path__, "tutor.")
                 if m.name != "tutor.__main__")


@pytest.mark.parametrize("name", ["tutor", *MODULES])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} docstring example(s) of {name} failed"


def test_there_are_examples() -> None:
    found = sum(len(doctest.DocTestFinder().find(importlib.import_module(name)))
                for name in ["tutor", *MODULES])
    assert found >= 5
