"""A pool of local worker processes that make a run's jobs.

Pool workers end with the run's process, however it ends (even SIGKILL), so
that no orphan goes on writing into a folder that a resumed run is using, or
holds the folder's lock. On Linux they are forked (a worker starts in a few
milliseconds with the run's modules loaded, where a spawned one spends 0.2-0.3 s
of CPU importing them: more than a 1,000-scene run takes) and the kernel kills
them when the run's process dies (``PR_SET_PDEATHSIG``). Elsewhere, where fork
is unsafe or absent, they are spawned and a thread watches the parent's sentinel.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import multiprocessing.connection
import os
import signal
import sys
import threading
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from scenegen.factory.jobs import JobResult, RunSpec, run_job
from scenegen.factory.window import IN_FLIGHT_PER_WORKER, Window, WorkerDied
from scenegen.folder.stops import StopFlag


class Processes:
    """Jobs made by a pool of ``workers`` local processes."""

    def __init__(self, spec: RunSpec, workers: int) -> None:
        context = multiprocessing.get_context("fork" if _LINUX else "spawn")
        # A byte of shared memory, made before the workers, that they read between chunks.
        self.flag = StopFlag(context.RawValue("b", 0))
        self.pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_start_worker,
                                        initargs=(spec, os.getpid(), self.flag))
        # Start the workers now, before the run opens anything else (a progress bar's thread, say).
        self.pool.submit(os.getpid).result()
        self.window = Window(lambda job: self.pool.submit(_run_started_job, job), _result,
                             workers * IN_FLIGHT_PER_WORKER)

    def results(self, jobs: Iterable[Sequence[int]]) -> Iterator[JobResult]:
        return _reporting_deaths(self.window.results(jobs))

    def stop(self) -> None:
        self.flag.set()

    def drain(self) -> Iterator[JobResult]:
        return _reporting_deaths(self.window.drain())

    def abort(self) -> None:
        self.flag.set()
        # The pool has no public way to end its workers before Python 3.14 (kill_workers).
        for process in list(getattr(self.pool, "_processes", {}).values()):
            process.kill()

    def close(self) -> None:
        self.pool.shutdown(wait=True, cancel_futures=True)


def _result(future: Future[JobResult]) -> JobResult:
    return future.result()


def _reporting_deaths(results: Iterator[JobResult]) -> Iterator[JobResult]:
    try:
        yield from results
    except BrokenProcessPool:
        raise WorkerDied("a worker process died (killed, or out of memory?); what it was making is not "
                         "recorded") from None


_LINUX = sys.platform.startswith("linux")

#: prctl(2) option: the signal a process gets when the thread that created it ends (Linux).
_PR_SET_PDEATHSIG = 1


def _start_worker(spec: RunSpec, run_pid: int, flag: StopFlag) -> None:
    # Ctrl-C reaches the whole process group: the run's parent stops the pool (through ``flag``), workers must not
    # die mid-file.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A forked worker inherits the command's SIGTERM handler; the pool stops workers with SIGTERM.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    _die_with_run(run_pid)
    _WORKER_RUN.append((spec, flag))


def _die_with_run(run_pid: int) -> None:
    """End this worker when the run's process ``run_pid`` ends."""
    if _LINUX:  # a forked worker: its parent is the run's process, whose main thread started the pool
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != run_pid:  # the run died before the request took effect
            os._exit(1)
        return
    parent = multiprocessing.parent_process()  # a spawned worker: EOF on the sentinel when the parent dies
    if parent is not None:
        threading.Thread(target=_exit_when_ready, args=(parent.sentinel,), name="watch-run", daemon=True).start()


def _exit_when_ready(sentinel: int) -> None:
    multiprocessing.connection.wait([sentinel])
    os._exit(1)


#: The spec of the run this pool worker serves and the run's stop flag (set once by the pool's initializer).
_WORKER_RUN: list[tuple[RunSpec, StopFlag]] = []


def _run_started_job(job: Sequence[int]) -> JobResult:
    spec, flag = _WORKER_RUN[-1]
    return run_job(spec, job, flag)
