"""Long pure computations (rule checks, a rule's figures, a built hypothesis against the table)
in worker processes, so that one of them never holds up the server's other work.

Under gevent every tablet shares one thread: a check that runs two seconds of pure Python in
it freezes every tablet for two seconds. In worker processes it takes another core, and the
server only waits (cooperatively) for its answer. The pool is created at the first use, and
every computation is answered within its time-out: `TooSlow` otherwise, and `Busy` when more
are waiting than the pool may queue, so a flood of requests never grows without end.

With `workers=0` the computations run in the calling thread (tests of use cases, tools).

>>> computing = Computations(workers=0)
>>> computing.run(sorted, [3, 1, 2], timeout_s=1.0)
[1, 2, 3]
"""

from __future__ import annotations

import multiprocessing
import multiprocessing.connection
import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

__all__ = ["Busy", "Computations", "Overrun", "TooSlow", "default_workers"]

R = TypeVar("R")

#: Computations waiting or running at once, per worker process; past this, `Busy`.
WAITING_PER_WORKER = 8


class Overrun(RuntimeError):
    """A computation was not answered: the caller says so in its reader's words."""


class TooSlow(Overrun):
    """The computation did not finish within its time-out (its answer, if any, is dropped)."""


class Busy(Overrun):
    """Too many computations are waiting already; this one was not started."""


def default_workers() -> int:
    """Worker processes for a server: one, or two where the machine has four cores or more
    (the server's own process needs a core too)."""
    return 2 if (os.cpu_count() or 1) >= 4 else 1


def _ready() -> None:
    """Run once in each new worker: follow the server out, and load what the checks use
    before the first one arrives."""
    threading.Thread(target=_end_with_parent, name="parent-watch", daemon=True).start()
    import classroom.core.hypotheses
    import classroom.core.rules.analysis  # noqa: F401


def _end_with_parent() -> None:
    """End this worker when the process that started it ends, however it ends: a server
    stopped by a signal runs no clean-up, and its workers would otherwise wait forever."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        multiprocessing.connection.wait([parent.sentinel])
    os._exit(0)


# The pools of this process, by size: apps in one process (tests) share them rather than
# each starting its own worker processes.
_pools: dict[int, ProcessPoolExecutor] = {}
_pools_lock = threading.Lock()


class Computations:
    """A lazily started pool of worker processes with a bounded queue and time-outs."""

    def __init__(self, *, workers: int = 0, waiting: int | None = None) -> None:
        self.workers = workers
        self._slots = threading.BoundedSemaphore(
            waiting if waiting is not None else WAITING_PER_WORKER * max(1, workers)
        )

    @property
    def in_process(self) -> bool:
        """Whether computations run in the caller's thread."""
        return self.workers <= 0

    def run(
        self, function: Callable[..., R], /, *args: object, timeout_s: float, **kwargs: object
    ) -> R:
        """`function(*args, **kwargs)` in a worker process; its result, or `TooSlow` after
        `timeout_s` seconds, or `Busy` when the queue is full. Its own exceptions are raised
        here (they must pickle)."""
        if self.in_process:
            return function(*args, **kwargs)
        future = self.submit(function, *args, **kwargs)
        try:
            return future.result(timeout=timeout_s)
        except FutureTimeout as error:
            future.cancel()
            raise TooSlow(f"no answer within {timeout_s} s") from error

    def submit(self, function: Callable[..., R], /, *args: object, **kwargs: object) -> Future[R]:
        """Queue `function(*args, **kwargs)` for a worker process (in order of submission);
        `Busy` when the queue is full."""
        if not self._slots.acquire(blocking=False):
            raise Busy("too many computations are waiting")
        try:
            future = self._submit(function, *args, **kwargs)
        except BaseException:
            self._slots.release()
            raise
        # The slot is given back when the worker is done, not when the caller stops waiting:
        # computations past their time-out still count until they end.
        future.add_done_callback(lambda _done: self._slots.release())
        return future

    def _submit(self, function: Callable[..., R], *args: object, **kwargs: object) -> Future[R]:
        with _pools_lock:
            pool = _pools.get(self.workers)
            if pool is None:
                # Spawned, not forked: a fork of a server with hundreds of threads (or gevent's
                # hub) would copy their locks in whatever state they are.
                context = multiprocessing.get_context("spawn")
                pool = ProcessPoolExecutor(self.workers, mp_context=context, initializer=_ready)
                _pools[self.workers] = pool
        try:
            return pool.submit(function, *args, **kwargs)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): the next computation gets a fresh pool.
            with _pools_lock:
                if _pools.get(self.workers) is pool:
                    del _pools[self.workers]
            raise TooSlow("the worker processes stopped") from None

    def close(self) -> None:
        """Stop the worker processes of this size (started again if asked for more)."""
        with _pools_lock:
            pool = _pools.pop(self.workers, None)
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
