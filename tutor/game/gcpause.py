"""Automatic garbage collection paused for a bounded piece of work: :func:`paused_gc`.

Play-outs make and drop hundreds of thousands of short-lived objects, none of them in a
reference cycle (reference counting frees every one; ``tests/game/test_gcpause.py`` checks
that a play-out leaves nothing for the collector). Python's automatic collections still run
every few hundred allocations, and each full one walks every live container, the engine's
caches of shapes and costs included, which grow as a session goes on: over the 187 seat's
hands of ``benchmarks/bench_coach.py --tail`` in Huangyan, a quarter of the reviews' CPU time.
:func:`tutor.game.evaluate.evaluate` plays its options out inside :func:`paused_gc`, as
:mod:`timeit` times code with the collector off.
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["paused_gc"]

_lock = threading.Lock()
_depth = 0
_was_enabled = False


@contextmanager
def paused_gc() -> Iterator[None]:
    """Automatic collection off inside the block, and back as it was after it (an error
    included). Blocks may nest and run in several threads at once: the collector comes back
    when the last one ends, if it was on when the first began."""
    global _depth, _was_enabled
    with _lock:
        if _depth == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _was_enabled:
                gc.enable()
