"""The run loop: config -> family -> jobs made by an executor -> manifest.

:func:`make` resolves the request into a plan (:mod:`scenegen.factory.plan`: the
config read and checked, the family built, nothing written yet), then
:func:`run_plan` opens the run folder and streams the run's
jobs (:meth:`scenegen.folder.storage.Storage.jobs`) to an executor
(:mod:`scenegen.factory.executors`): the run's own process, a pool of local processes,
or Ray tasks. Workers make and write the files of their jobs; this process
records their manifest lines in index order. Sample ``i`` depends only on
(config, seed, split, ``i``), so the output is the same byte for byte whatever
the executor and the number of workers. A finished run's folder gets its dataset
card (:mod:`scenegen.folder.card`).
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import chain, islice
from pathlib import Path
from typing import Any

import orjson

from scenegen.errors import Interrupted
from scenegen.factory import collector
from scenegen.factory.executors import Executor, open_executor, usable_cores
from scenegen.factory.jobs import JobResult
from scenegen.factory.plan import RunPlan, plan_run
from scenegen.factory.request import RunRequest
from scenegen.factory.window import WorkerDied
from scenegen.folder.card import write_card
from scenegen.folder.output_folder import OutputFolder
from scenegen.folder.summary import Summary
from scenegen.reading.dataset import summary_of


@dataclass(frozen=True)
class RunSummary:
    written: int  # samples
    skipped: int
    seconds: float
    out: Path  # the run folder, its links resolved
    unit: str
    documents: int = 0  # files or records, when a sample holds several (pairs)
    asked: Path | None = None  # the --out given, when it is not ``out`` itself

    def line(self) -> str:
        rate = self.written / self.seconds if self.seconds > 0 else float("inf")
        skipped = f", {self.skipped} already there" if self.skipped else ""
        what, per = f"{self.written} {self.unit}", self.unit
        if self.documents > self.written:
            what, per = f"{self.written} pairs ({self.documents} {self.unit})", "pairs"
        return f"wrote {what} to {self.where()} in {self.seconds:.2f} s ({rate:.0f} {per}/s){skipped}"

    def where(self) -> str:
        """The run folder as the user named it, or, when that name leads there through a link, the real one."""
        if self.asked is None or Path(os.path.abspath(self.asked)) == self.out:
            return str(self.asked or self.out)
        return f"{self.out} (--out {self.asked} leads there)"


def make(request: RunRequest) -> RunSummary:
    """Generate ``request.n`` samples into the output folder; return what was done."""
    return run_plan(plan_run(request))


def run_plan(plan: RunPlan) -> RunSummary:
    """Make the planned run's samples into its folder (fresh, resumed or replacing a run, as asked); write its
    dataset card; return what was done."""
    n = plan.request.n
    started = time.perf_counter()
    with OutputFolder(plan.out, plan.record, resume=plan.request.resume, overwrite=plan.request.overwrite,
                      per_sample=plan.documents_per_sample) as folder:
        pending = n - folder.done.count_below(n)
        # A resumed run's card reads the whole run, which holds the samples below the larger of -n and what
        # earlier runs recorded.
        samples = max(n, folder.done.end)
        try:
            made = _run_jobs(plan, folder, pending)
        except KeyboardInterrupt:
            written = min(n, n - pending + folder.recorded)
            raise Interrupted(f"interrupted: {written} of {n} samples are written and recorded "
                              f"in {folder.destination}; rerun the same command with --resume to continue") from None
        folder.close()
        # A resumed run's summary lacks what earlier runs recorded: its card is made from the files.
        summary = summary_of(folder.root) if folder.done else made.summary
        command = plan.command_line(samples)
        write_card(folder.root, command, summary)
    seconds = time.perf_counter() - started
    return RunSummary(made.samples, n - pending, seconds, folder.destination, plan.family.output.unit,
                      made.documents, plan.out)


@dataclass
class _Made:
    samples: int = 0
    documents: int = 0
    summary: Summary = field(default_factory=Summary)


def _run_jobs(plan: RunPlan, folder: OutputFolder, pending: int) -> _Made:
    """Make the planned run's jobs not yet done with the requested executor, recording each job's entries in
    order; report progress."""
    request = plan.request
    workers = request.workers or usable_cores()
    jobs = plan.storage.jobs(request.n, folder.done)
    first = list(islice(jobs, workers))
    _warn_of_idle_workers(request)
    made = _Made()
    show_progress = request.progress and sys.stderr.isatty()
    # Never more workers than jobs: each is a process, with its memory, whether it has a job or not (and a run of
    # one job gains nothing from starting any).
    spec = plan.spec(folder.root)
    executor = open_executor(request.executor, spec, plan.family, max(1, min(workers, len(first))), request.ray_address,
                             folder.holder)
    # The signal handlers go in once the executor has started: Ray puts its own in for SIGTERM.
    with _stop_requests(executor) as stops:
        try:
            with _progress_bar(pending, plan.sample_word, show_progress) as progress, \
                    collector.tuned_for_runs():
                try:
                    for result in executor.results(chain(first, jobs)):
                        with stops.recording():
                            _record(result, folder, made, progress)
                        if stops.asked or result.stopped:
                            break
                    else:
                        return made
                    # Stopping: the workers abandon their jobs at their next chunk and nothing more is started.
                    # What the jobs under way finished is recorded, in order, up to the first one a stop cut short:
                    # no gap opens among the samples recorded, so the count printed says which they are.
                    executor.stop()
                    if not result.stopped:
                        for result in executor.drain():
                            with stops.recording():
                                _record(result, folder, made, progress)
                            if result.stopped:
                                break
                except WorkerDied:
                    # A signal sent to every process of the run may have ended workers too: what they were making
                    # is lost.
                    if not stops.asked:
                        raise
                raise KeyboardInterrupt
        except BaseException:
            stops.end()
            raise
        finally:
            executor.close()


def _warn_of_idle_workers(request: RunRequest) -> None:
    """Say when ``--workers`` asks for more local workers than there are cores to run them."""
    cores = usable_cores()
    local = request.executor == "processes" or request.ray_address is None
    if request.workers is not None and request.workers > cores and local:
        warnings.warn(f"--workers {request.workers}: more than the {cores} cores this run may use, so no faster; "
                      f"pass --workers {cores} or fewer", stacklevel=1)


class _Stops:
    """Ctrl-C and SIGTERM while a run makes its jobs.

    The first asks the workers to abandon their jobs at their next chunk, so that
    the run stops within moments whatever the size of its jobs, with what they
    finished recorded. A second ends the run at once, and its workers with it
    (later ones find it ending). Neither lands in the middle of recording a job: one
    taken but not recorded would leave a gap in the manifest, and the count the run
    prints would not be the manifest's.
    """

    def __init__(self, executor: Executor) -> None:
        self.executor = executor
        self.signals = 0
        self._recording = False
        self._ending = False  # a second signal came while a job was being recorded

    @property
    def asked(self) -> bool:
        """Whether a stop was asked for."""
        return self.signals > 0

    def on_signal(self, _number: int, _frame: object) -> None:
        self.signals += 1
        if self.signals == 1:
            self.executor.stop()
        elif self.signals == 2:
            if not self._recording:
                raise KeyboardInterrupt
            self._ending = True

    @contextlib.contextmanager
    def recording(self) -> Iterator[None]:
        """Within the block (a job being recorded), a second signal waits for the block's end."""
        self._recording = True
        try:
            yield
        finally:
            self._recording = False
        if self._ending:
            raise KeyboardInterrupt

    def end(self) -> None:
        """For a run ending early (failed or interrupted): its workers abandon their jobs at their next chunk, or
        end at once after a second signal, rather than finish their jobs."""
        if self.signals > 1:
            self.executor.abort()
        else:
            self.executor.stop()


@contextlib.contextmanager
def _stop_requests(executor: Executor) -> Iterator[_Stops]:
    """Within the block, Ctrl-C and SIGTERM stop the run and its ``executor`` as :class:`_Stops` says. (Signal
    handlers belong to the main thread: a run in another thread keeps the handlers it has.)"""
    stops = _Stops(executor)
    if threading.current_thread() is not threading.main_thread():
        yield stops
        return
    previous = {number: signal.signal(number, stops.on_signal) for number in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield stops
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


class _NoProgress:
    """The progress bar of a run that shows none."""

    def update(self, _count: int) -> None:
        """Nothing to show."""

    def __enter__(self) -> _NoProgress:
        return self

    def __exit__(self, *_exc_info: object) -> None:
        return None


def _progress_bar(total: int, unit: str, shown: bool) -> Any:
    """A tqdm bar on stderr, or, for a run that shows none, a stand-in (tqdm is imported only when needed:
    every process of a run pays for its imports)."""
    if not shown:
        return _NoProgress()
    from tqdm import tqdm

    return tqdm(total=total, unit=unit, file=sys.stderr)


def _record(result: JobResult, folder: OutputFolder, made: _Made, progress: Any) -> None:
    """Record a job's manifest entries and count what it made; raise the error that stopped it, if any."""
    if result.part is not None:
        note = folder.record_part(result.part, [range(start, stop) for start, stop in result.spans])
        made.summary.merge(Summary.from_json(orjson.loads(note)))
    made.samples += result.samples if result.error is None else result.recorded
    made.documents += result.documents
    progress.update(result.samples)
    if result.error is not None:
        raise result.error
