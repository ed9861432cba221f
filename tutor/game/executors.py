"""Where seeded runs are played: chunks of consecutive seeds sent to this machine's cores or to
a Dask cluster, shared by :func:`tutor.game.simulate.simulate` (single hands) and
:func:`tutor.game.duel.duel` (duplicate deals).

A run is cut into chunks ``(first seed, count)`` made lazily; a *task* plays one chunk,
``task(variant, first, count, bots, overrides)``, and returns one result per seed. The runner
hands each chunk's results back with the chunk's index (``arrive``), in whatever order the
chunks finish: the caller folds them in seed order, so the executor never changes a result.
The arguments are checked before anything is played (:func:`check_executor`), and a run that
fails under way (a worker process killed, a lost scheduler, a Dask worker killed for good)
ends in one :class:`SimulationError` line that says how far it got and gives no result.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from typing import Any

from tutor.errors import TutorError

__all__ = ["DASK_TIMEOUT", "EXECUTORS", "Job", "SimulationError", "check_executor", "chunks",
           "cpu_count", "run_chunks", "whole"]

#: Where the hands are played: ``local`` (this machine) or ``dask`` (a Dask cluster).
EXECUTORS = ("local", "dask")
#: How long to try reaching a Dask scheduler, in seconds.
DASK_TIMEOUT = 10
_IN_FLIGHT = 4  # chunks queued per worker
#: what a task is given besides its chunk: the variant's name, the bots and the rule changes
Job = tuple[str, tuple[str, ...], dict[str, Any]]
#: the index of a chunk and its results
Arrive = Callable[[int, list[Any]], None]


class SimulationError(TutorError, ValueError):
    """Bad arguments for a run (before any hand), or a run that failed under way."""


def cpu_count() -> int:
    """The CPUs this process may use (the most ``workers`` a local run may ask for)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def whole(value: object, name: str, low: int, high: int) -> int:
    """``value`` when it is a whole number from ``low`` to ``high`` (SimulationError
    otherwise, naming it ``name``)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise SimulationError(f"{name} must be a whole number, not {type(value).__name__}")
    if not low <= value <= high:
        shown = str(value) if value.bit_length() <= 64 else f"a {value.bit_length()}-bit number"
        raise SimulationError(f"{name} must be {low:,} to {high:,}, not {shown}")
    return value


def check_executor(executor: object, workers: object, scheduler: object, chunk: object,
                   largest_chunk: int) -> tuple[int | None, str | None, int | None]:
    """The run's ``workers``, ``scheduler`` (stripped) and ``chunk``, checked against the
    executor: a local run takes workers (at most :func:`cpu_count`), a Dask run the scheduler's
    address and no workers."""
    if executor not in EXECUTORS:
        raise SimulationError(f"executor must be {' or '.join(EXECUTORS)}, "
                              f"not {str(executor)[:40]!r}")
    if executor == "dask":
        if workers is not None:
            raise SimulationError("workers applies to the local executor: a Dask cluster has "
                                  "its own workers")
        if not isinstance(scheduler, str) or not scheduler.strip() or len(scheduler) > 200:
            raise SimulationError("the dask executor needs the scheduler's address, for "
                                  "example tcp://10.0.0.5:8786")
        scheduler = scheduler.strip()
    elif scheduler is not None:
        raise SimulationError("a scheduler address applies to the dask executor only")
    return (None if workers is None else whole(workers, "workers", 1, cpu_count()),
            scheduler if isinstance(scheduler, str) else None,
            None if chunk is None else whole(chunk, "chunk", 1, largest_chunk))


def chunks(seed: int, total: int, size: int) -> Iterator[tuple[int, int]]:
    """(first seed, count) of each chunk, made lazily."""
    for offset in range(0, total, size):
        yield seed + offset, min(size, total - offset)


def run_chunks(task: Callable[..., list[Any]], job: Job, seed: int, total: int, size: int,
               arrive: Arrive, *, workers: int = 1, scheduler: str | None = None,
               unit: str = "hands") -> None:
    """Play ``total`` seeds from ``seed`` in chunks of ``size`` with ``task``: on a Dask cluster
    when ``scheduler`` is given, else in ``workers`` processes. ``unit`` names what a seed
    plays, in the one line of a failed run."""
    done = 0

    def counted(index: int, results: list[Any]) -> None:
        nonlocal done
        done += len(results)
        arrive(index, results)

    if scheduler is not None:
        _run_dask(task, job, seed, total, size, scheduler, counted, unit, lambda: done)
        return
    from concurrent.futures.process import BrokenProcessPool

    try:
        _pool_run(task, job, seed, total, size, workers, counted)
    except BrokenProcessPool as exc:  # a worker process killed: no partial result
        raise SimulationError(_fault_line("a worker process", exc, done, total, unit)) from None


def _pool_run(task: Callable[..., list[Any]], job: Job, seed: int, total: int, size: int,
              workers: int, arrive: Arrive) -> None:
    from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

    variant, bots, overrides = job
    todo = enumerate(chunks(seed, total, size))
    with ProcessPoolExecutor(workers) as pool:
        running: dict[Future[list[Any]], int] = {}

        def submit() -> None:
            for index, (start, count) in todo:
                running[pool.submit(task, variant, start, count, bots, overrides)] = index
                if len(running) >= workers * _IN_FLIGHT:
                    return

        submit()
        while running:
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                arrive(running.pop(future), future.result())
            submit()


def _run_dask(task: Callable[..., list[Any]], job: Job, seed: int, total: int, size: int,
              scheduler: str, arrive: Arrive, unit: str, done: Callable[[], int]) -> None:
    import importlib

    try:  # imported by name: an optional dependency, typed loosely
        distributed: Any = importlib.import_module("distributed")
    except ImportError:
        raise SimulationError('the dask executor needs the cluster extra: pip install '
                              '"mahjong-tutor[cluster]"') from None
    variant, bots, overrides = job
    try:
        client = distributed.Client(scheduler, timeout=f"{DASK_TIMEOUT}s",
                                     set_as_default=False)
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        reason = str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__
        raise SimulationError(f"cannot reach the Dask scheduler at {scheduler[:80]!r}: "
                              f"{reason}") from None
    try:
        todo = enumerate(chunks(seed, total, size))
        slots = max(1, len(client.scheduler_info().get("workers", {}))) * _IN_FLIGHT
        pending = distributed.as_completed(loop=client.loop)
        index_of: dict[Any, int] = {}

        def submit(limit: int) -> None:
            for _ in range(limit):
                item = next(todo, None)
                if item is None:
                    return
                index, (start, count) = item
                future = client.submit(task, variant, start, count, bots, overrides, pure=False)
                index_of[future.key] = index
                pending.add(future)

        submit(slots)
        for future in pending:
            try:
                results = future.result()
            except (ImportError, AttributeError) as exc:
                raise SimulationError(f"a Dask worker could not play the {unit} ({exc}): "
                                      "install mahjong-tutor on every worker") from None
            arrive(index_of.pop(future.key), results)
            submit(1)
    except _cluster_faults(distributed) as exc:  # a lost scheduler, a worker killed for good
        raise SimulationError(_fault_line("the Dask cluster", exc, done(), total, unit)
                              ) from None
    finally:
        with contextlib.suppress(Exception):  # closing a client whose scheduler is gone
            client.close(timeout=DASK_TIMEOUT)


def _cluster_faults(distributed: Any) -> tuple[type[BaseException], ...]:
    """What a Dask run raises when the cluster fails under it: a worker killed too often
    (``KilledWorker``), futures cancelled by a lost scheduler, a closed connection or a
    timeout (both ``OSError``)."""
    import asyncio
    from concurrent.futures import CancelledError

    return (distributed.KilledWorker, CancelledError, asyncio.CancelledError, OSError)


def _fault_line(where: str, exc: BaseException, done: int, total: int, unit: str) -> str:
    """One line saying the run stopped and no result is given (never a partial one)."""
    reason = str(exc).splitlines()[0][:100] if str(exc).strip() else ""
    kind = type(exc).__name__ + (f": {reason}" if reason else "")
    return (f"{where} failed after {done:,} of {total:,} {unit} ({kind}); no result is given "
            "for a partial run: run it again")
