"""One job of a run, made and written by whichever process runs it: the run's parent, a pool worker or a Ray task.

A job is a run of sample indices (for record shards, one shard). The worker
makes its samples, writes their files into the run folder itself, and returns
only their manifest entries: shipping made documents back to the parent would
cost more than making them. The parent records the entries in index order.

A worker rebuilds the run from a :class:`RunSpec`, plain data that pickles in
microseconds, once per process: families are never shipped.
"""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from . import collector
from .errors import ScenegenError
from .family import Family
from .manifest import entry_indices, manifest_bytes
from .pipeline import CHUNK_SIZE, Pipeline, chunks, make_chunk
from .plugins import family_named


@dataclass(frozen=True)
class RunSpec:
    """A run as a worker rebuilds it: the family's name and validated config, the seed and split, the file
    prefix, whether to run semantic checks, the folder documents are written into and the config's stem."""

    family: str
    config: Mapping[str, Any]
    seed: int
    split: str
    prefix: str
    semantic: bool
    root: Path
    stem: str

    @cached_property
    def key(self) -> str:
        """A digest of the whole spec: a worker process keeps the run it last rebuilt under it."""
        return hashlib.sha256(pickle.dumps(tuple(vars(self)[name] for name in _FIELDS))).hexdigest()


_FIELDS = ("family", "config", "seed", "split", "prefix", "semantic", "root", "stem")


@dataclass
class JobResult:
    """What a job made: the manifest lines of what it wrote, in index order, serialised by the worker (the
    parent only appends them); the samples each line covers; how many documents; how many samples the job
    asked for; and the error that stopped it, if any (the samples before it are written and listed)."""

    lines: bytes
    covers: list[range]
    documents: int
    samples: int
    error: ScenegenError | None = field(default=None)

    @classmethod
    def of(cls, entries: Sequence[Mapping[str, Any]], documents: int, samples: int,
           error: ScenegenError | None = None) -> JobResult:
        """The result of a job that wrote the files of ``entries``."""
        return cls(manifest_bytes(entries), [entry_indices(entry) for entry in entries], documents, samples, error)

    @property
    def recorded(self) -> int:
        """How many samples its lines record."""
        return sum(len(indices) for indices in self.covers)


class Worker:
    """The run rebuilt in one process: its family and pipeline."""

    def __init__(self, spec: RunSpec, family: Family | None = None) -> None:
        """``family``: the run's family when this process has it already (else it is built from the spec)."""
        self.spec = spec
        family = family if family is not None else family_named(spec.family)(spec.config)
        self.pipeline = Pipeline(family, spec.seed, spec.prefix, semantic=spec.semantic, split=spec.split)

    def run(self, job: Sequence[int]) -> JobResult:
        """Make and write the samples of ``job``; a sample that cannot be made ends the job with its error."""
        family = self.pipeline.family
        sink = family.output.sink(self.spec.root, self.pipeline, self.spec.stem, family.config)
        try:
            with collector.tuned_for_runs():  # in every process that makes samples (see scenegen.collector)
                for indices in chunks(job, CHUNK_SIZE):
                    make_chunk(self.pipeline, sink, indices)
                sink.finish()
        except ScenegenError as error:
            return JobResult.of(sink.entries, sink.documents, len(job), error)
        return JobResult.of(sink.entries, sink.documents, len(job))


#: The run this process last rebuilt, by its spec's key.
_current: dict[str, Worker] = {}


def worker_for(spec: RunSpec) -> Worker:
    """This process's worker for ``spec``, rebuilt only when the spec changes."""
    worker = _current.get(spec.key)
    if worker is None:
        _current.clear()
        worker = _current[spec.key] = Worker(spec)
    return worker


def run_job(spec: RunSpec, job: Sequence[int]) -> JobResult:
    """Make and write one job of the run ``spec`` in this process."""
    return worker_for(spec).run(job)


def run_jobs(spec: RunSpec, jobs: Sequence[Sequence[int]]) -> list[JobResult]:
    """Make and write ``jobs`` of the run ``spec`` in this process, in order, stopping after one that fails."""
    results: list[JobResult] = []
    for job in jobs:
        results.append(run_job(spec, job))
        if results[-1].error is not None:
            break
    return results
