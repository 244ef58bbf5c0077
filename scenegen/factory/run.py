"""The run loop: config -> family -> jobs made by an executor -> manifest.

:func:`make` validates the request, opens the run folder and streams the run's
jobs (:meth:`scenegen.folder.storage.Storage.jobs`) to an executor
(:mod:`scenegen.factory.executors`): the run's own process, a pool of local processes,
or Ray tasks. Workers make and write the files of their jobs; this process
records their manifest lines in index order. Sample ``i`` depends only on
(config, seed, split, ``i``), so the output is the same byte for byte whatever
the executor and the number of workers. A finished run's folder gets its dataset
card (:mod:`scenegen.reading.card`).
"""

from __future__ import annotations

import contextlib
import os
import shlex
import signal
import sys
import threading
import time
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from itertools import chain, islice
from pathlib import Path
from typing import Any

import orjson

from scenegen import __version__
from scenegen.errors import Interrupted
from scenegen.factory import collector
from scenegen.factory.executors import Executor, open_executor, usable_cores
from scenegen.factory.jobs import JobResult, RunSpec
from scenegen.factory.request import RunRequest
from scenegen.factory.window import WorkerDied
from scenegen.folder.names import check_prefix
from scenegen.folder.output_folder import OutputFolder
from scenegen.folder.storage import Storage
from scenegen.folder.summary import Summary
from scenegen.plugin.config import check_config, read_config, resolve_config_path
from scenegen.plugin.discovery import family_named
from scenegen.plugin.family import Family
from scenegen.reading.card import write_card


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


def load_family(config_spec: str, *, pairs: bool = False) -> tuple[Path, Family]:
    """Resolve, read and validate a config; build its family. ``pairs`` sets the config's ``pairs: true``."""
    path = resolve_config_path(config_spec)
    raw = read_config(path)
    family_class = family_named(raw["family"])
    if pairs:
        raw = family_class.pairing.requested(raw, family_class.name)
    return path, family_class(check_config(raw, family_class.config_schema()))


def make(request: RunRequest) -> RunSummary:
    """Generate ``request.n`` samples into the output folder; return what was done."""
    config_path, family = load_family(request.config, pairs=request.pairs)
    prefix = check_prefix(request.prefix if request.prefix is not None else f"{config_path.stem}_")
    storage = Storage.of(family.output, request.format, request.compression, request.shard_size)
    out = request.out or Path("output") / config_path.stem
    run = {"family": family.name, "seed": request.seed, "split": request.split, "prefix": prefix,
           "stem": config_path.stem, "storage": storage.record(), "config": family.config, "scenegen": __version__}
    workers = request.workers or usable_cores()
    started = time.perf_counter()
    with OutputFolder(out, run, resume=request.resume, overwrite=request.overwrite,
                      per_sample=family.pairing.documents_per_sample(family.config)) as folder:
        spec = RunSpec(family.name, family.config, request.seed, request.split, prefix, request.check, folder.root,
                       config_path.stem, storage)
        jobs = storage.jobs(request.n, folder.done)
        pending = request.n - folder.done.count_below(request.n)
        try:
            made = _run_jobs(request, folder, spec, family, jobs, pending, workers)
        except KeyboardInterrupt:
            written = min(request.n, request.n - pending + folder.recorded)
            raise Interrupted(f"interrupted: {written} of {request.n} samples are written and recorded "
                              f"in {folder.destination}; rerun the same command with --resume to continue") from None
        folder.close()
        # A resumed run's summary lacks what earlier runs recorded: its card reads the whole run, which holds the
        # samples below the larger of -n and what earlier runs recorded.
        samples = max(request.n, folder.done.end)
        write_card(folder.root, command_line(request, storage, samples), None if folder.done else made.summary)
    seconds = time.perf_counter() - started
    return RunSummary(made.samples, request.n - pending, seconds, folder.destination, family.output.unit,
                      made.documents, out)


def command_line(request: RunRequest, storage: Storage, samples: int) -> str:
    """A command that makes this run's output of ``samples`` samples (the options that shape it, not where or how
    fast it runs)."""
    words = ["scenegen", "make", "--config", request.config, "-n", str(samples), "--seed", str(request.seed),
             "--split", request.split]
    if request.prefix is not None:
        words += ["--prefix", request.prefix]
    if request.pairs:
        words.append("--pairs")
    return shlex.join(words + storage.options())


@dataclass
class _Made:
    samples: int = 0
    documents: int = 0
    summary: Summary = field(default_factory=Summary)


def _run_jobs(request: RunRequest, folder: OutputFolder, spec: RunSpec, family: Family,
              jobs: Iterator[Sequence[int]], pending: int, workers: int) -> _Made:
    """Make the jobs with the requested executor, recording each job's entries in order; report progress."""
    first = list(islice(jobs, workers))
    _warn_of_idle_workers(request)
    made = _Made()
    show_progress = request.progress and sys.stderr.isatty()
    # Never more workers than jobs: each is a process, with its memory, whether it has a job or not (and a run of
    # one job gains nothing from starting any).
    executor = open_executor(request.executor, spec, family, max(1, min(workers, len(first))), request.ray_address)
    # The signal handlers go in once the executor has started: Ray puts its own in for SIGTERM.
    with _stop_requests(executor) as stops:
        try:
            with _progress_bar(pending, family.output.unit.rstrip("s"), show_progress) as progress, \
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
