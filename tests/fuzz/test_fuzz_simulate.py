"""Hostile flag values for ``tutor simulate``: every one ends with exit status 2 and one short
line on stderr, never a traceback, never a long run (``tutor.cli.main`` runs in-process)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor.game.simulate import MAX_HANDS, MAX_SEED, cpu_count

from .cli import refused

MAX_SESSIONS = 10_000
BOT = st.sampled_from(["random", "sensible"])


def _refused(argv: list[str]) -> str:
    """Run ``tutor simulate ARGV``; assert exit 2 with one short stderr line; return it."""
    text = refused(["simulate", "--no-progress", *argv])
    assert text.startswith("tutor simulate: error: ")
    return text


@pytest.mark.parametrize("argv", [
    ["--hands", "1", "--bots", ""],
    ["--hands", "1", "--bots", ","],
    ["--hands", "1", "--bots", " , ,"],
    ["--hands", "1000000000000"],
    ["--hands", "0"],
    ["--sessions", "-1"],
    ["--sessions", "0"],
    ["--workers", "-1"],
    ["--workers", "0"],
    ["--workers", "5000"],
    ["--hands", "1", "--bots", "sensible,clever"],
    ["--hands", "1", "--bots", "random,random,random,random,random"],
    ["--hands", "1", "--variant", "riichi"],
    ["--hands", "1", "--executor", "spark"],
    ["--hands", "1", "--executor", "dask"],
    ["--hands", "1", "--scheduler", "tcp://127.0.0.1:8786"],
    ["--hands", "1", "--sessions", "1"],
    ["--sessions", "1", "--workers", "1"],
    ["--hands", "101", "--save", "/tmp/never-written.json"],
    ["--hands", "1", "--rule", "no_such_rule=1"],
    ["--hands", "1", "--rule", "threshold 30"],
    ["--hands", "9" * 5000],
    ["--seed", "1" * 100],
    ["--hands", "1", "--seed", str(2**63)],
])
def test_listed_cases_are_refused(argv: list[str]) -> None:
    _refused(argv)


def _junk_number() -> st.SearchStrategy[str]:
    """Text that is not a whole number: decimals, words, blanks, huge digit strings."""
    return st.one_of(
        st.floats(allow_nan=True, allow_infinity=True).map(lambda x: f"{x}e0"),
        st.text(st.characters(blacklist_categories=("Cs", "Nd")), min_size=1, max_size=40),
        st.integers(min_value=41, max_value=6000).map(lambda n: "7" * n),
        st.just(""), st.just(" "), st.just("0x10"), st.just("1_0.5"))


@given(st.one_of(st.integers(max_value=0), st.integers(min_value=MAX_HANDS + 1),
                 st.integers(min_value=MAX_HANDS + 1).map(str), _junk_number()))
def test_hostile_hands(value: int | str) -> None:
    _refused([f"--hands={value}"])


@given(st.one_of(st.integers(max_value=0), st.integers(min_value=MAX_SESSIONS + 1),
                 _junk_number()))
def test_hostile_sessions(value: int | str) -> None:
    _refused([f"--sessions={value}"])


@given(st.one_of(st.integers(max_value=0), st.integers(min_value=cpu_count() + 1),
                 _junk_number()))
def test_hostile_workers(value: int | str) -> None:
    _refused(["--hands=1", f"--workers={value}"])


@given(st.one_of(st.integers(min_value=MAX_SEED + 1), st.integers(max_value=-MAX_SEED - 1),
                 _junk_number()))
def test_hostile_seed(value: int | str) -> None:
    _refused(["--hands=1", "--workers=1", f"--seed={value}"])


_NAME = st.one_of(BOT, st.text(st.characters(blacklist_categories=("Cs",)), max_size=30))


@given(st.lists(_NAME, max_size=8), st.sampled_from([",", " , ", ",,"]))
def test_hostile_bots(names: list[str], sep: str) -> None:
    cleaned = [n.strip() for n in sep.join(names).split(",")]
    if 1 <= len(cleaned) <= 4 and all(n in ("random", "sensible") for n in cleaned):
        names = [*names, "clever"]  # make it hostile: an unknown bot
    _refused(["--hands=1", "--workers=1", f"--bots={sep.join(names)}"])


@given(st.text(st.characters(blacklist_categories=("Cs",)), max_size=60)
       .filter(lambda t: t.strip().lower() not in ("huangyan", "hangzhou", "guiyang")))
def test_hostile_variant(value: str) -> None:
    _refused(["--hands=1", f"--variant={value}"])


@given(st.text(st.characters(blacklist_categories=("Cs",)), max_size=60)
       .filter(lambda t: t.strip().lower() not in ("local", "dask")))
def test_hostile_executor(value: str) -> None:
    _refused(["--hands=1", f"--executor={value}"])


@given(st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=400))
def test_hostile_rules(value: str) -> None:
    _refused(["--hands=1", "--workers=1", f"--rule={value}x=1" if "=" not in value
              else f"--rule=no such {value}"])
