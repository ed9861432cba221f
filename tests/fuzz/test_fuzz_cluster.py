"""Faults in a run end cleanly: a Dask scheduler lost mid-run or a worker killed for good ends
``tutor simulate`` and ``tutor duel`` in one line on stderr and exit status 2, never a
traceback and never a partial result printed as if whole; a worker killed once is replaced and
the run's result is the whole, exact one. The clusters are ``LocalCluster`` s on 127.0.0.1."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tutor.game import duel as duelling
from tutor.game import executors
from tutor.game import simulate as simulation
from tutor.game.simulate import SimulationError, simulate

from .cli import check_line, run

distributed = pytest.importorskip("distributed", reason="dask[distributed] is not installed "
                                  "(the cluster extra: pip install 'mahjong-tutor[cluster]')")

HANDS = 24
ARGV = ["simulate", "--variant", "guiyang", "--hands", str(HANDS), "--seed", "3",
        "--executor", "dask", "--json"]
#: each command: its arguments on a Dask cluster, where the CLI finds the run's function, the
#: module and name to patch, and what its seeds play
COMMANDS = {
    "simulate": (ARGV, (simulation, "simulate"), "tutor.cli.game.simulate", "hands"),
    "duel": (["duel", "--variant", "guiyang", "--deals", "12", "--seed", "3", "--executor",
              "dask", "--json"], (duelling, "duel"), "tutor.game.duel.duel", "deals"),
}


def _cluster(processes: bool) -> Any:
    return distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=processes,
                                    host="127.0.0.1", protocol="tcp", scheduler_port=0,
                                    dashboard_address=None)


def _run_cli_with(monkeypatch: pytest.MonkeyPatch, address: str,
                  fault: Callable[[], None], command: str = "simulate") -> tuple[int, str, str]:
    """``tutor simulate ... --executor dask`` (or ``tutor duel``) in small chunks, ``fault()``
    striking when the first chunk comes back (the CLI's own run, only the chunk size and a
    progress hook added)."""
    argv, (module, name), where, _unit = COMMANDS[command]
    real = getattr(module, name)
    struck: list[int] = []

    def strike(done: int, _total: int) -> None:
        if not struck:
            struck.append(done)
            fault()

    def chunked(*args: Any, **kwargs: Any) -> Any:
        return real(*args, **{**kwargs, "chunk": 2, "progress": strike})

    monkeypatch.setattr(where, chunked)
    monkeypatch.setattr(executors, "DASK_TIMEOUT", 2)
    status, out, err = run([*argv, "--scheduler", address])
    assert struck, "the fault never struck: the run ended before its first chunk came back"
    return status, out, err


def _one_line(status: int, out: str, err: str, command: str = "simulate") -> str:
    argv, _run, _where, unit = COMMANDS[command]
    check_line(argv, status, err)
    assert status == 2 and out == "", (status, out[:200])  # no result, not even a partial one
    line = err.replace("\r", "").strip()
    assert "failed after" in line and f" {unit} (" in line and "no result" in line, line
    return line


@pytest.fixture
def no_retries() -> Iterator[None]:
    """A worker's death is final for the tasks it held (as on a cluster that allows none)."""
    import dask

    with dask.config.set({"distributed.scheduler.allowed-failures": 0}):
        yield


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_lost_scheduler_ends_in_one_line(monkeypatch: pytest.MonkeyPatch, command: str) -> None:
    cluster = _cluster(processes=False)
    try:
        status, out, err = _run_cli_with(monkeypatch, cluster.scheduler_address, cluster.close,
                                         command)
    finally:
        cluster.close()
    line = _one_line(status, out, err, command)
    assert line.startswith(f"tutor {command}: error: the Dask cluster failed after "), line


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_killed_worker_ends_in_one_line(monkeypatch: pytest.MonkeyPatch,
                                        no_retries: None, command: str) -> None:
    with _cluster(processes=True) as cluster:
        nanny = next(iter(cluster.workers.values()))

        def kill() -> None:
            os.kill(nanny.process.pid, signal.SIGKILL)

        status, out, err = _run_cli_with(monkeypatch, cluster.scheduler_address, kill, command)
    line = _one_line(status, out, err, command)
    assert "KilledWorker" in line, line


def test_worker_killed_once_is_replaced_and_the_result_is_whole() -> None:
    """With the default retries, the chunks a killed worker held run again on its replacement:
    the run gives exactly the local result (whole), or fails in one line; never less."""
    local = simulate("guiyang", HANDS, seed=3, workers=1)
    with _cluster(processes=True) as cluster:
        nanny = next(iter(cluster.workers.values()))
        killed: list[int] = []

        def kill(_done: int, _total: int) -> None:
            if not killed:
                killed.append(nanny.process.pid)
                os.kill(nanny.process.pid, signal.SIGKILL)

        try:
            remote = simulate("guiyang", HANDS, seed=3, executor="dask",
                              scheduler=cluster.scheduler_address, chunk=2, progress=kill)
        except SimulationError as exc:  # retries used up: still one clean line
            assert "no result" in str(exc) and "\n" not in str(exc)
            return
    assert killed
    assert json.dumps(remote.as_dict(), sort_keys=True) == json.dumps(local.as_dict(),
                                                                      sort_keys=True)


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_broken_local_pool_ends_in_one_line(monkeypatch: pytest.MonkeyPatch,
                                            command: str) -> None:
    """The local executor's worker process killed: the same one line (BrokenProcessPool)."""
    from concurrent.futures.process import BrokenProcessPool

    def broken(*_args: Any) -> None:
        raise BrokenProcessPool("A process in the process pool was terminated abruptly")

    monkeypatch.setattr(executors, "_pool_run", broken)
    unit = COMMANDS[command][3]
    status, out, err = run([command, "--variant", "guiyang", f"--{unit}", "4", "--workers",
                            "2", "--json"])
    line = _one_line(status, out, err, command)
    assert f"a worker process failed after 0 of 4 {unit} (BrokenProcessPool" in line, line
