"""One job of a run, made and written by whichever process runs it: the run's parent, a pool worker or a Ray task.

A job is a run of sample indices (for record shards, one shard). The worker
makes its samples, writes their files into the run folder itself (shipping made
documents back to the parent would cost more than making them), leaves their
manifest lines in a part file beside them, and returns a result of a few hundred
bytes naming it. The parent appends the parts to the manifest in index order.

A worker rebuilds the run from a :class:`RunSpec`, plain data that pickles in
microseconds, once per process: families are never shipped.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from functools import cached_property
from pathlib import Path
from typing import Any

import orjson

from scenegen.errors import ScenegenError
from scenegen.factory import collector
from scenegen.factory.pipeline import CHUNK_SIZE, Pipeline, make_chunk
from scenegen.folder.contents import write_manifest_part
from scenegen.folder.manifest import entry_indices, manifest_bytes
from scenegen.folder.sinks import Sink, open_sink
from scenegen.folder.stops import StopFlag, Stopped, Watch
from scenegen.folder.storage import Storage
from scenegen.plugin.discovery import family_named
from scenegen.plugin.family import Family
from scenegen.plugin.outputs import batched


@dataclass(frozen=True)
class RunSpec:
    """A run as a worker rebuilds it: the family's name and validated config, the seed and split, the file
    prefix, whether to run semantic checks, the folder documents are written into, the config's stem and the
    run's storage."""

    family: str
    config: Mapping[str, Any]
    seed: int
    split: str
    prefix: str
    semantic: bool
    root: Path
    stem: str
    storage: Storage

    @cached_property
    def key(self) -> str:
        """A digest of the whole spec: a worker process keeps the run it last rebuilt under it."""
        return hashlib.sha256(pickle.dumps(tuple(getattr(self, item.name) for item in fields(self)))).hexdigest()


@dataclass
class JobResult:
    """What a job made, small enough to reach the parent in one atomic pipe write (under 4 KB: a worker killed
    while sending leaves no half message behind, which would stall the pool's reader for good).

    ``part``: the file in the run folder holding the summary of the records the job wrote (for the dataset
    card) and their manifest lines, in index order, serialised by the worker (None when it wrote nothing);
    ``spans``: the runs of sample indices those lines record, as (start, stop); ``documents``: how many
    documents it wrote; ``samples``: how many samples it was asked for; ``error``: what stopped it, if anything
    (the samples before it are written and listed); ``stopped``: whether the run's stop ended it early (what it
    finished is written and listed).
    """

    part: str | None
    spans: tuple[tuple[int, int], ...]
    documents: int
    samples: int
    error: ScenegenError | None = field(default=None)
    stopped: bool = False

    @property
    def recorded(self) -> int:
        """How many samples its lines record."""
        return sum(stop - start for start, stop in self.spans)


def spans_of(entries: Sequence[Mapping[str, Any]]) -> tuple[tuple[int, int], ...]:
    """The runs of consecutive sample indices that ``entries`` (in index order) record, as (start, stop) pairs:
    a sample whose documents have a line each (a pair's two) is counted once."""
    spans: list[tuple[int, int]] = []
    for entry in entries:
        indices = entry_indices(entry)
        if spans and indices.start <= spans[-1][1]:
            spans[-1] = (spans[-1][0], max(spans[-1][1], indices.stop))
        else:
            spans.append((indices.start, indices.stop))
    return tuple(spans)


class Worker:
    """The run rebuilt in one process: its family and pipeline."""

    def __init__(self, spec: RunSpec, family: Family | None = None) -> None:
        """``family``: the run's family when this process has it already (else it is built from the spec)."""
        self.spec = spec
        self.pipeline = Pipeline(family or family_named(spec.family)(spec.config), spec.seed, spec.prefix,
                                 semantic=spec.semantic, split=spec.split)

    def run(self, job: Sequence[int], watch: Watch | None = None) -> JobResult:
        """Make and write the samples of ``job``; a sample that cannot be made ends the job with its error, and a
        stop the run asks for (``watch``; by default none can be) ends it at the next chunk. Either way what the
        job finished is written and listed (a partly made shard is not: it is written whole or not at all)."""
        watch = watch if watch is not None else StopFlag()
        sink = open_sink(self.spec.storage, self.spec.root, self.pipeline, self.spec.stem, self.pipeline.family.output,
                                      watch)
        try:
            try:
                with collector.tuned_for_runs():  # in every process that makes samples (see scenegen.factory.collector)
                    for indices in batched(job, CHUNK_SIZE):
                        if watch.stop_asked():
                            raise Stopped
                        make_chunk(self.pipeline, sink, indices)
                    sink.finish()
            except BaseException:  # (an interrupt raised in the run's own process included)
                sink.discard()
                raise
        except Stopped:
            return self._result(job, sink, watch, stopped=True)
        except ScenegenError as error:
            return self._result(job, sink, watch, error)
        return self._result(job, sink, watch)

    def _result(self, job: Sequence[int], sink: Sink, watch: Watch, error: ScenegenError | None = None, *,
                stopped: bool = False) -> JobResult:
        part = None
        if sink.entries and not watch.run_gone():
            part = write_manifest_part(self.spec.root, job[0], manifest_bytes(sink.entries),
                                       orjson.dumps(sink.summary.to_json()))
        return JobResult(part, spans_of(sink.entries), sink.documents, len(job), error, stopped)


#: The run this process last rebuilt, by its spec's key.
_current: dict[str, Worker] = {}


def worker_for(spec: RunSpec) -> Worker:
    """This process's worker for ``spec``, rebuilt only when the spec changes."""
    worker = _current.get(spec.key)
    if worker is None:
        _current.clear()
        worker = _current[spec.key] = Worker(spec)
    return worker


def run_job(spec: RunSpec, job: Sequence[int], watch: Watch | None = None) -> JobResult:
    """Make and write one job of the run ``spec`` in this process, until ``watch`` says stop."""
    return worker_for(spec).run(job, watch)


def run_jobs(spec: RunSpec, jobs: Sequence[Sequence[int]], watch: Watch | None = None) -> list[JobResult]:
    """Make and write ``jobs`` of the run ``spec`` in this process, in order, ending with one that fails or is
    stopped (``watch``)."""
    results: list[JobResult] = []
    for job in jobs:
        results.append(run_job(spec, job, watch))
        if results[-1].error is not None or results[-1].stopped:
            break
    return results
