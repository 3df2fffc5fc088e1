"""Parallel task backends: local worker processes or a Ray cluster.

The one place in the project that fans work out over processes.  :func:`run_tasks` calls a
top-level (picklable) function once per argument tuple and returns the results in task order,
whatever order they finished in, so a caller that folds them in order gets the same answer for
any worker count or backend::

    from paisho_core.compare.backends import run_tasks
    results = run_tasks(play_games, [(seed, 10) for seed in range(8)], workers=2)
"""
from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any, Callable, Optional, Sequence

from .errors import CompareError

BACKENDS = ("process", "ray", "inline")
"""``process``: local worker processes; ``ray``: a Ray cluster (the ``ray`` extra), local or at an
address; ``inline``: this process, one task after another (for debugging and tiny runs)."""


def run_tasks(fn: Callable, tasks: Sequence[tuple], workers: int = 1, backend: str = "process",
              on_done: Optional[Callable[[int, Any], None]] = None,
              ray_address: Optional[str] = None) -> list:
    """``[fn(*task) for task in tasks]``, computed on ``workers`` workers of ``backend``.

    ``fn`` must be a module-level function (workers import it by name) and the tasks and results
    picklable.  ``on_done(n, result)`` is called in this process as task ``n`` finishes, in
    completion order (for progress bars); the returned list is in task order.  Worker processes
    run with ``PYTHONHASHSEED=0``.  Raises :class:`CompareError` for an unknown backend or a
    missing Ray; an exception raised by ``fn`` propagates.
    """
    if backend not in BACKENDS:
        raise CompareError(f"unknown backend {backend!r} (known: {', '.join(BACKENDS)})")
    if workers < 1:
        raise CompareError("workers must be at least 1")
    done = on_done or (lambda n, result: None)
    if backend == "ray":
        return _run_ray(fn, tasks, workers, done, ray_address)
    if backend == "inline":
        results = []
        for n, task in enumerate(tasks):
            results.append(fn(*task))
            done(n, results[-1])
        return results
    return _run_process(fn, tasks, workers, done)


class _HashSeed:
    """Worker processes start with a fixed PYTHONHASHSEED, so no set or dict order of strings can
    differ between workers (spawned children read it at start-up)."""

    def __enter__(self):
        self.old = os.environ.get("PYTHONHASHSEED")
        os.environ["PYTHONHASHSEED"] = "0"

    def __exit__(self, *exc):
        if self.old is None:
            os.environ.pop("PYTHONHASHSEED", None)
        else:
            os.environ["PYTHONHASHSEED"] = self.old


class _Terminated(BaseException):
    """Raised in the main thread by the SIGTERM handler that :func:`_run_process` installs."""


class _TermAsException:
    """While active (main thread only), SIGTERM raises :class:`_Terminated` instead of ending the
    process on the spot, so the pool's workers can be stopped first; the old handler comes back
    on exit, and the process then ends as SIGTERM would have ended it."""

    def __enter__(self):
        import signal
        import threading

        self.old = None
        if (threading.current_thread() is threading.main_thread()
                and signal.getsignal(signal.SIGTERM) is not signal.SIG_IGN):
            self.old = signal.signal(signal.SIGTERM, self._raise)
        return self

    @staticmethod
    def _raise(signum, frame):
        raise _Terminated()

    def __exit__(self, kind, exc, tb):
        import signal

        if self.old is not None:
            signal.signal(signal.SIGTERM, self.old)
        if kind is _Terminated:
            os.kill(os.getpid(), signal.SIGTERM)  # the old handler (by default: exit at once)
        return False


def _stop_workers(pool: ProcessPoolExecutor) -> None:
    """Cancel what has not started and end the worker processes now: a stopped run (Ctrl-C, a
    supervisor's SIGTERM) leaves no worker playing on for minutes with nobody to read its result."""
    procs = list((getattr(pool, "_processes", None) or {}).values())  # shutdown forgets them
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        if proc.is_alive():
            proc.terminate()
    for proc in procs:
        proc.join(5)


def _run_process(fn: Callable, tasks: Sequence[tuple], workers: int, on_done: Callable) -> list:
    import multiprocessing

    results = [None] * len(tasks)
    ctx = multiprocessing.get_context("spawn")
    with _TermAsException(), _HashSeed():
        pool = ProcessPoolExecutor(max_workers=workers, mp_context=ctx)
        try:
            futures = {pool.submit(fn, *task): n for n, task in enumerate(tasks)}
            for fut in as_completed(futures):
                n = futures[fut]
                results[n] = fut.result()
                on_done(n, results[n])
        except BaseException:
            _stop_workers(pool)
            raise
        pool.shutdown(wait=True)
    return results


def _run_ray(fn: Callable, tasks: Sequence[tuple], workers: int, on_done: Callable,
             address: Optional[str]) -> list:
    try:
        import ray
    except ImportError:
        raise CompareError("the ray backend needs Ray: pip install 'paisho[ray]'") from None
    started = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"runtime_env": {"env_vars": {"PYTHONHASHSEED": "0"}}, "log_to_driver": False,
                  "include_dashboard": False}
        if address:
            ray.init(address=address, **kwargs)
        else:
            ray.init(num_cpus=max(1, workers), **kwargs)
        started = True
    try:
        remote = ray.remote(fn)
        refs = [remote.remote(*task) for task in tasks]
        index = {ref: n for n, ref in enumerate(refs)}
        results = [None] * len(tasks)
        pending = list(refs)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                n = index[ref]
                results[n] = ray.get(ref)
                on_done(n, results[n])
        return results
    finally:
        if started:
            ray.shutdown()
