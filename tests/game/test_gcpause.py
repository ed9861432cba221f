"""Play-outs run with automatic garbage collection paused: the pause is undone exactly (nested,
in threads, after an error), and it is safe because a play-out leaves no reference cycle for
the collector to find."""

from __future__ import annotations

import gc
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import tutor.game.evaluate as evaluate_module
from tutor.core.variant import Variant
from tutor.game.bots import SensibleBot
from tutor.game.evaluate import evaluate
from tutor.game.gcpause import paused_gc
from tutor.game.state import HandState
from tutor.game.variants import hooks_for

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _collector_on() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    if was:
        gc.enable()
    else:
        gc.disable()


def test_the_pause_is_undone_after_the_block_nested_blocks_and_an_error() -> None:
    with paused_gc():
        assert not gc.isenabled()
        with paused_gc():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the inner block does not end the outer one's pause
    assert gc.isenabled()
    with pytest.raises(ZeroDivisionError), paused_gc():
        1 / 0  # noqa: B018
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off() -> None:
    gc.disable()
    with paused_gc():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_the_collector_comes_back_when_the_last_thread_ends_its_block() -> None:
    entered = threading.Event()
    release = threading.Event()

    def other() -> None:
        with paused_gc():
            entered.set()
            release.wait(10)

    thread = threading.Thread(target=other)
    thread.start()
    assert entered.wait(10)
    with paused_gc():
        pass
    assert not gc.isenabled()  # the other thread's block is still running
    release.set()
    thread.join(10)
    assert gc.isenabled()


def _position(variant: Variant, seed: int, moves: int) -> HandState:
    state = HandState.new(hooks_for(variant), seed=seed)
    bot = SensibleBot()
    for _ in range(moves):
        actor = state.current_actor()
        assert actor is not None
        state.apply(bot.choose(state.view(actor)))
    return state


def test_evaluate_plays_out_with_the_collector_paused(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    play = evaluate_module._play

    def spy(*args: object) -> int:
        seen.append(gc.isenabled())
        return play(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(evaluate_module, "_play", spy)
    evaluate(_position(Variant.HUANGYAN, 3, 6), playouts=2)
    assert seen and not any(seen)
    assert gc.isenabled()


_NO_CYCLE = """
import gc
from tutor.core.variant import Variant
from tutor.game.bots import SensibleBot
from tutor.game.evaluate import evaluate
from tutor.game.state import HandState
from tutor.game.variants import hooks_for

for variant in Variant:
    state = HandState.new(hooks_for(variant), seed=11)
    bot = SensibleBot()
    for _ in range(9):
        state.apply(bot.choose(state.view(state.current_actor())))
    evaluate(state, playouts=2, seed=1)  # first calls may build module-level tables
    gc.collect()
    gc.disable()
    evaluate(state, playouts=6, seed=2)
    print(variant.value, gc.collect())
    gc.enable()
"""


def test_play_outs_leave_no_reference_cycle() -> None:
    """What makes the pause safe: with the collector off, play-outs from a position (the
    caches they fill included) leave nothing that only the collector could free. In a fresh
    interpreter: in the test run's own, other threads (a browser test's, an event loop's) may
    leave their garbage meanwhile."""
    done = subprocess.run([sys.executable, "-c", _NO_CYCLE], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == [x for v in Variant for x in (v.value, "0")], done.stdout
