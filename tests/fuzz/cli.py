"""Run ``tutor`` in-process for the fuzz tests: the exit status, stdout and stderr of
``tutor.cli.main``, under an alarm so that a hang fails the test instead of stalling the suite
(a guard, not a timing assertion: a healthy refusal takes milliseconds)."""

from __future__ import annotations

import contextlib
import io
import signal
from collections.abc import Iterator

from tutor.cli import main

#: the longest stderr line a refusal may print
MAX_LINE = 300
_GUARD = 30  # seconds before a run counts as a hang


@contextlib.contextmanager
def no_hang(seconds: int = _GUARD) -> Iterator[None]:
    def expired(_signum: int, _frame: object) -> None:
        raise TimeoutError(f"tutor ran past {seconds} s on hostile input")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def run(argv: list[str]) -> tuple[int, str, str]:
    """``tutor ARGV`` in this process: (exit status, stdout, stderr)."""
    err, out = io.StringIO(), io.StringIO()
    with no_hang(), contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        try:
            status = main(argv)
        except SystemExit as exc:  # argparse refuses a flag by exiting with status 2
            status = exc.code if isinstance(exc.code, int) else 1
    return status, out.getvalue(), err.getvalue()


def check_line(argv: list[str], status: int, err: str) -> None:
    """A run ended cleanly: status 0 with nothing on stderr, or 2 with one short line."""
    assert "Traceback" not in err, (argv, err[:MAX_LINE])
    if status == 0:
        assert err == "", (argv, err[:MAX_LINE])
        return
    assert status == 2, (argv, status, err[:MAX_LINE])
    assert err.endswith("\n") and err.count("\n") == 1, (argv, err[:MAX_LINE])
    assert len(err) < MAX_LINE, (argv, len(err), err[:MAX_LINE])


def refused(argv: list[str]) -> str:
    """Run ``tutor ARGV``; assert exit status 2 with one short stderr line naming the command
    and nothing on stdout; return the line."""
    status, out, err = run(argv)
    assert status == 2, (argv, status, err[:MAX_LINE], out[:MAX_LINE])
    check_line(argv, status, err)
    assert err.startswith("tutor "), err
    assert out == "", (argv, out[:MAX_LINE])
    return err


def clean(argv: list[str]) -> tuple[int, str]:
    """Run ``tutor ARGV``; assert it either succeeded quietly or was refused in one short line;
    return the status and stderr."""
    status, _, err = run(argv)
    check_line(argv, status, err)
    return status, err
