"""The run loop: config -> family -> exporter -> validator -> writer + manifest.

:class:`Pipeline` turns indices into validated documents and knows nothing of
files; a sink turns them into files and manifest lines and knows nothing of
families. Sample ``i`` depends only on (config, seed, i), so the loop can later be
spread over workers without changing a byte of output.

Samples go through the stages a chunk at a time: every sample of the chunk is
generated, then exported, then validated, then its files are written with the
chunk's others. Each stage's code and data then stay in the processor's caches
across the chunk: a Tool Choice or shell game scene costs 14-16% less CPU than
when samples go through one at a time (``make`` on tmpfs, best of 6).
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm

from . import __version__, collector
from .config import check_config, read_config, resolve_config_path
from .errors import ConfigError, GenerationError, Interrupted, InvalidSceneError, ScenegenError
from .export import mcs
from .family import Family, Sample
from .names import check_prefix
from .plugins import family_named
from .rng import sample_rng
from .validate import document_problems
from .writer import OutputFolder, dump_json

#: (document, name, cache shared by the documents of one sample) -> JSON-ready document.
Exporter = Callable[[Any, str, dict[int, Any]], dict[str, Any]]

#: Most samples one run may make (``-n``): a bound that keeps a typo from running until memory runs out.
MAX_SAMPLES = 100_000_000

#: Largest run seed: a signed 64-bit integer, which every JSON reader of the run record can hold.
MAX_SEED = 2**63 - 1

#: Samples per chunk. 16 gains no more than 8; at 32 the shell game's larger scenes no longer fit the caches.
CHUNK_SIZE = 8

#: A made sample and its exported documents by suffix ("" for a lone scene).
Made = tuple[Sample, dict[str, dict[str, Any]]]

_EXPORTERS: dict[str, Exporter] = {
    "mcs": mcs.to_document,
    "jsonl": lambda record, name, _shared: {"id": name, **record},
}


@dataclass(frozen=True)
class RunRequest:
    """What ``scenegen make`` was asked to do."""

    config: str
    n: int
    seed: int = 0
    out: Path | None = None
    prefix: str | None = None
    resume: bool = False
    overwrite: bool = False
    progress: bool = True
    pairs: bool = False
    check: bool = False


@dataclass(frozen=True)
class RunSummary:
    written: int  # samples
    skipped: int
    seconds: float
    out: Path
    unit: str
    documents: int = 0  # files or records, when a sample holds several (pairs)

    def line(self) -> str:
        rate = self.written / self.seconds if self.seconds > 0 else float("inf")
        skipped = f", {self.skipped} already there" if self.skipped else ""
        what, per = f"{self.written} {self.unit}", self.unit
        if self.documents > self.written:
            what, per = f"{self.written} pairs ({self.documents} {self.unit})", "pairs"
        return f"wrote {what} to {self.out} in {self.seconds:.2f} s ({rate:.0f} {per}/s){skipped}"


def load_family(config_spec: str, *, pairs: bool = False) -> tuple[Path, Family]:
    """Resolve, read and validate a config; build its family. ``pairs`` sets the config's ``pairs: true``."""
    path = resolve_config_path(config_spec)
    raw = read_config(path)
    family_class = family_named(raw["family"])
    schema = family_class.config_schema()
    if pairs:
        if "pairs" not in schema.get("properties", {}):
            raise ConfigError("--pairs", f"family {family_class.name!r} makes no counterfactual pairs")
        raw["pairs"] = True
    return path, family_class(check_config(raw, schema))


class Pipeline:
    """Make, export and validate the documents of samples."""

    def __init__(self, family: Family, seed: int, prefix: str, *, semantic: bool = False) -> None:
        self.family = family
        self.seed = seed
        self.prefix = prefix
        self.semantic = semantic
        self.export = _EXPORTERS[family.output]

    def stem(self, index: int, suffix: str = "") -> str:
        return f"{self.prefix}{index:06d}" + (f"_{suffix}" if suffix else "")

    def produce(self, index: int) -> Made:
        """Sample ``index`` and its exported documents; raise if any is invalid."""
        return self.produce_many([index])[0]

    def produce_many(self, indices: Sequence[int]) -> list[Made]:
        """Samples ``indices`` and their exported documents, stage by stage; raise if any is invalid.

        Every document is checked against its schema and the format-wide rules;
        with ``semantic`` also against the family's own checks.
        """
        samples = [self._generate(index) for index in indices]
        made = [(sample, self._export(index, sample)) for index, sample in zip(indices, samples, strict=True)]
        for index, (sample, documents) in zip(indices, made, strict=True):
            self._check(index, sample, documents)
        return made

    def _generate(self, index: int) -> Sample:
        try:
            return self.family.generate(index, sample_rng(self.seed, index))
        except GenerationError as error:
            raise GenerationError(f"sample {index} (seed {self.seed}) of {self.family.name!r}: {error}") from error

    def _export(self, index: int, sample: Sample) -> dict[str, dict[str, Any]]:
        shared: dict[int, Any] = {}
        return {suffix: self.export(document, self.stem(index, suffix), shared)
                for suffix, document in sample.documents.items()}

    def _check(self, index: int, sample: Sample, documents: Mapping[str, dict[str, Any]]) -> None:
        for suffix, document in documents.items():
            problems = document_problems(document, self.family, document_truth(sample.truth, suffix),
                                         semantic=self.semantic)
            if problems:
                listing = "\n  ".join(str(p) for p in problems[:20])
                raise InvalidSceneError(
                    f"bug: family {self.family.name!r} made an invalid document {self.stem(index, suffix)!r} "
                    f"(seed {self.seed}, index {index}); nothing was written for it:\n  {listing}"
                )

    def entry(self, index: int, sample: Sample) -> dict[str, Any]:
        return {"family": self.family.name, "seed": self.seed, "index": index,
                "params": sample.params, "truth": sample.truth}


def document_truth(truth: Mapping[str, Any], suffix: str) -> Mapping[str, Any] | None:
    """The ground truth of one document of a sample: a pair's truth is keyed by suffix."""
    return truth.get(suffix) if suffix else truth


class SceneSink:
    """One JSON file per document, one manifest line per sample."""

    unit = "scenes"

    def __init__(self, folder: OutputFolder, pipeline: Pipeline) -> None:
        self.folder = folder
        self.pipeline = pipeline
        self.documents = 0

    def pending(self, n: int) -> Sequence[int]:
        if not self.folder.done:
            return range(n)
        return [index for index in range(n) if index not in self.folder.done]

    def add(self, indices: Sequence[int], made: Sequence[Made]) -> None:
        """Write a chunk: each sample's files, then its manifest line."""
        for index, (sample, documents) in zip(indices, made, strict=True):
            names = {suffix: f"{document['name']}.json" for suffix, document in documents.items()}
            hashes = {suffix: self.folder.write_document(names[suffix], dump_json(document))
                      for suffix, document in documents.items()}
            self.documents += len(documents)
            entry = self.pipeline.entry(index, sample)
            if list(names) == [""]:
                entry.update(file=names[""], sha256=hashes[""])
            else:
                entry.update(files=names, sha256=hashes, pair=sample.pair)
            self.folder.record(entry)

    def finish(self) -> None:
        """Nothing is buffered."""


class ShardSink:
    """Records as JSON lines in shards of ``shard_size``; one manifest line per shard."""

    unit = "records"

    def __init__(self, folder: OutputFolder, pipeline: Pipeline, shard_name: str, shard_size: int, n: int) -> None:
        self.folder = folder
        self.pipeline = pipeline
        self.shard_name = shard_name
        self.shard_size = shard_size
        self.n = n
        self.lines: list[bytes] = []
        self.first_index = 0
        self.documents = 0

    def pending(self, n: int) -> Sequence[int]:
        # A shard is written whole or not at all: redo any shard not entirely done.
        if not self.folder.done:
            return range(n)
        pending: list[int] = []
        for first in range(0, n, self.shard_size):
            indices = range(first, min(n, first + self.shard_size))
            if not all(index in self.folder.done for index in indices):
                pending.extend(indices)
        return pending

    def add(self, indices: Sequence[int], made: Sequence[Made]) -> None:
        """Add a chunk's records; write each shard the chunk completes."""
        for index, (_, documents) in zip(indices, made, strict=True):
            if not self.lines:
                self.first_index = index
            self.lines.extend(dump_json(document, indent=False) + b"\n" for document in documents.values())
            self.documents += len(documents)
            if index + 1 == self.n or (index + 1) % self.shard_size == 0:
                self.finish()

    def finish(self) -> None:
        if not self.lines:
            return
        name = f"{self.shard_name}-{self.first_index // self.shard_size:05d}.jsonl"
        digest = self.folder.write_document(name, b"".join(self.lines))
        count = len(self.lines)
        self.folder.record({"file": name, "family": self.pipeline.family.name, "seed": self.pipeline.seed,
                            "first_index": self.first_index, "count": count, "sha256": digest})
        self.lines = []


def open_sink(folder: OutputFolder, pipeline: Pipeline, stem: str, n: int) -> SceneSink | ShardSink:
    """The sink for the family's output: scene files, or JSONL shards named after the config's stem."""
    if pipeline.family.output == "jsonl":
        return ShardSink(folder, pipeline, stem, int(pipeline.family.config.get("shard_size", 10_000)), n)
    return SceneSink(folder, pipeline)


def make(request: RunRequest) -> RunSummary:
    """Generate ``request.n`` samples into the output folder; return what was done."""
    config_path, family = load_family(request.config, pairs=request.pairs)
    prefix = check_prefix(request.prefix if request.prefix is not None else f"{config_path.stem}_")
    out = request.out or Path("output") / config_path.stem
    run = {"family": family.name, "seed": request.seed, "prefix": prefix,
           "config": family.config, "scenegen": __version__}
    started = time.perf_counter()
    with OutputFolder(out, run, resume=request.resume, overwrite=request.overwrite) as folder:
        pipeline = Pipeline(family, request.seed, prefix, semantic=request.check)
        sink = open_sink(folder, pipeline, config_path.stem, request.n)
        pending = sink.pending(request.n)
        show_progress = request.progress and sys.stderr.isatty()
        try:
            with tqdm(total=len(pending), unit=sink.unit.rstrip("s"), disable=not show_progress,
                      file=sys.stderr) as progress, collector.tuned_for_runs():
                for indices in chunks(pending, CHUNK_SIZE):
                    make_chunk(pipeline, sink, indices)
                    progress.update(len(indices))
            sink.finish()
        except KeyboardInterrupt:
            raise Interrupted(f"interrupted: {len(folder.done)} of {request.n} samples are written and recorded "
                              f"in {out}; rerun the same command with --resume to continue") from None
    seconds = time.perf_counter() - started
    return RunSummary(len(pending), request.n - len(pending), seconds, out, sink.unit, sink.documents)


def make_chunk(pipeline: Pipeline, sink: SceneSink | ShardSink, indices: Sequence[int]) -> None:
    """Make and write the samples ``indices``. When one fails, the samples before it are written, as a
    run making them one at a time would, before its error is raised."""
    try:
        made = pipeline.produce_many(indices)
    except ScenegenError:
        # A sample depends only on its index: made again one by one, they come out the same up to the failing one.
        for index in indices:
            sink.add([index], [pipeline.produce(index)])
    else:
        sink.add(indices, made)


def chunks(indices: Sequence[int], size: int) -> Iterator[Sequence[int]]:
    """``indices`` in consecutive runs of ``size`` (the last may be shorter)."""
    for start in range(0, len(indices), size):
        yield indices[start:start + size]
