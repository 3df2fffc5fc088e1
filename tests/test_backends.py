"""The process backend stops its workers when the run is stopped (SIGTERM from a supervisor or
`timeout`, or an error in a task), instead of leaving them to play on with nobody to read them."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from paisho_core.compare.backends import run_tasks

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (ended, not yet reaped by its parent) is not running
        return Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0] != "Z"
    except OSError:
        return True


def _wait(predicate, seconds: float = 30.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.05)
    return False


SCRIPT = textwrap.dedent("""
    import os, sys, time
    from paisho_core.compare.backends import run_tasks

    def task(folder, n):
        open(os.path.join(folder, f"{n}.pid"), "w").write(str(os.getpid()))
        time.sleep(120)
        return n

    if __name__ == "__main__":
        run_tasks(task, [(sys.argv[1], n) for n in range(4)], workers=2)
""")


def test_sigterm_stops_the_workers_and_ends_the_run(tmp_path):
    script = tmp_path / "run.py"
    script.write_text(SCRIPT)
    folder = tmp_path / "pids"
    folder.mkdir()
    proc = subprocess.Popen([sys.executable, str(script), str(folder)], cwd=tmp_path)
    try:
        assert _wait(lambda: len(list(folder.glob("*.pid"))) == 2), "the two workers never started"
        workers = [int(p.read_text()) for p in folder.glob("*.pid")]
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == -signal.SIGTERM  # ends as SIGTERM ends a process
        assert _wait(lambda: not any(_alive(pid) for pid in workers)), "a worker outlived the run"
        assert len(list(folder.glob("*.pid"))) == 2  # the waiting tasks never started
    finally:
        if proc.poll() is None:
            proc.kill()


def _fail(n):
    if n == 0:
        raise ValueError("task 0 failed")
    time.sleep(120)
    return n


def test_an_error_in_a_task_propagates_without_waiting_for_the_others():
    started = time.monotonic()
    with pytest.raises(ValueError, match="task 0 failed"):
        run_tasks(_fail, [(n,) for n in range(3)], workers=2)
    assert time.monotonic() - started < 60  # not the 120 s the other task would take


def test_results_come_back_in_task_order():
    assert run_tasks(pow, [(2, n) for n in range(6)], workers=2) == [2 ** n for n in range(6)]
    assert run_tasks(pow, [(2, n) for n in range(6)], backend="inline") == [2 ** n for n in range(6)]
