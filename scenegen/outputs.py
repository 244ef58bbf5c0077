"""What a family's samples become on disk, and whether they come in pairs: each family declares both.

The run loop, the validator and ``scenegen validate`` ask a family's :class:`Output`
how to export, check and write its documents, and its :class:`Pairing` what
``--pairs`` means, so none of them names a format, a family or a config key.
"""

from __future__ import annotations

import abc
from collections.abc import Container, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from .errors import ConfigError, Problem
from .export import mcs
from .validate import mcs_problems
from .writer import dump_json, sha256, write_atomic

if TYPE_CHECKING:
    from .family import Sample

#: A made sample and its exported documents by suffix ("" for a lone document).
Made = tuple["Sample", dict[str, dict[str, Any]]]


T = TypeVar("T")

#: Scene files a job makes at most: enough to pay for a task's hand-off to a worker many times over.
SCENE_JOB = 64


class Entries(Protocol):
    """What a sink needs of the run: the family's name, the seed and split, and a sample's manifest entry."""

    seed: int
    split: str

    @property
    def family_name(self) -> str: ...

    def entry(self, index: int, sample: Sample) -> dict[str, Any]: ...


class Sink(abc.ABC):
    """Writes the made samples of one job into the run folder ``root``; collects their manifest entries.

    A worker writes the files itself (shipping made documents back to a parent
    costs more than making them); the run's parent records the ``entries`` in
    the manifest, in index order.
    """

    def __init__(self, root: Path, run: Entries) -> None:
        self.root = root
        self.run = run
        self.entries: list[dict[str, Any]] = []
        self.documents = 0

    @abc.abstractmethod
    def add(self, indices: Sequence[int], made: Sequence[Made]) -> None:
        """Write a chunk of made samples."""

    def finish(self) -> None:  # noqa: B027 - a hook: most sinks buffer nothing
        """Write whatever is still buffered."""

    def _write(self, name: str, data: bytes) -> str:
        write_atomic(self.root / name, data)
        return sha256(data)


class SceneSink(Sink):
    """One JSON file per document, one manifest entry per sample."""

    def add(self, indices: Sequence[int], made: Sequence[Made]) -> None:
        """Write a chunk: each sample's files, then its entry."""
        for index, (sample, documents) in zip(indices, made, strict=True):
            names = {suffix: f"{document['name']}.json" for suffix, document in documents.items()}
            hashes = {suffix: self._write(names[suffix], dump_json(document)) for suffix, document in documents.items()}
            self.documents += len(documents)
            entry = self.run.entry(index, sample)
            if list(names) == [""]:
                entry.update(file=names[""], sha256=hashes[""])
            else:
                entry.update(files=names, sha256=hashes, pair=sample.pair)
            self.entries.append(entry)


class ShardSink(Sink):
    """The records of one shard as JSON lines in ``<stem>-<shard:05d>.jsonl``, written whole; one entry."""

    def __init__(self, root: Path, run: Entries, stem: str, size: int) -> None:
        super().__init__(root, run)
        self.stem = stem
        self.size = size
        self.lines: list[bytes] = []
        self.first_index = 0

    def add(self, indices: Sequence[int], made: Sequence[Made]) -> None:
        for index, (_, documents) in zip(indices, made, strict=True):
            if not self.lines:
                self.first_index = index
            self.lines.extend(dump_json(document, indent=False) + b"\n" for document in documents.values())
            self.documents += len(documents)

    def finish(self) -> None:
        if not self.lines:
            return
        name = f"{self.stem}-{self.first_index // self.size:05d}.jsonl"
        digest = self._write(name, b"".join(self.lines))
        self.entries.append({"file": name, "family": self.run.family_name, "seed": self.run.seed,
                             "split": self.run.split, "first_index": self.first_index, "count": len(self.lines),
                             "sha256": digest})
        self.lines = []


@dataclass(frozen=True)
class Output(abc.ABC):
    """A kind of output: how a document is exported and checked, and the sink that writes it.

    ``document_schema`` names the bundled schema every exported document must pass
    (``schema/<document_schema>.schema.json``); ``unit`` is what a document is called.
    """

    document_schema: str
    unit: str

    @abc.abstractmethod
    def export(self, document: Any, name: str, shared: dict[int, Any]) -> dict[str, Any]:
        """A JSON-ready document named ``name``; ``shared`` is a cache shared by the documents of one sample."""

    def format_problems(self, document: Mapping[str, Any]) -> list[Problem]:
        """Rules of the format beyond its schema (none by default)."""
        return []

    @abc.abstractmethod
    def jobs(self, n: int, done: Container[int], config: Mapping[str, Any]) -> Iterator[Sequence[int]]:
        """The indices below ``n`` still to make (not in ``done``), in order, grouped into jobs that a worker
        makes and writes whole. Lazy: nothing is built for indices not yet reached."""

    @abc.abstractmethod
    def sink(self, root: Path, run: Entries, stem: str, config: Mapping[str, Any]) -> Sink:
        """The sink writing one job into the folder ``root`` of a run whose config stem is ``stem``."""


@dataclass(frozen=True)
class SceneFiles(Output):
    """One MCS scene file per document (a family's documents are :class:`scenegen.model.Scene`)."""

    document_schema: str = "mcs_scene"
    unit: str = "scenes"

    def export(self, document: Any, name: str, shared: dict[int, Any]) -> dict[str, Any]:
        return mcs.to_document(document, name, shared)

    def format_problems(self, document: Mapping[str, Any]) -> list[Problem]:
        return mcs_problems(document)

    def jobs(self, n: int, done: Container[int], config: Mapping[str, Any]) -> Iterator[Sequence[int]]:
        if not done:
            return (range(first, min(n, first + SCENE_JOB)) for first in range(0, n, SCENE_JOB))
        return batched((index for index in range(n) if index not in done), SCENE_JOB)

    def sink(self, root: Path, run: Entries, stem: str, config: Mapping[str, Any]) -> Sink:
        return SceneSink(root, run)


@dataclass(frozen=True)
class RecordShards(Output):
    """JSON records (a family's documents are JSON-ready dicts, given their ``id``) in shards whose size the
    config's ``size_key`` sets."""

    unit: str = "records"
    size_key: str = "shard_size"

    def export(self, document: Any, name: str, shared: dict[int, Any]) -> dict[str, Any]:
        return {"id": name, **document}

    def jobs(self, n: int, done: Container[int], config: Mapping[str, Any]) -> Iterator[Sequence[int]]:
        # A shard is written whole or not at all: one job a shard, redone unless every record is done.
        size = int(config[self.size_key])
        shards = (range(first, min(n, first + size)) for first in range(0, n, size))
        return (shard for shard in shards if not done or not all(index in done for index in shard))

    def sink(self, root: Path, run: Entries, stem: str, config: Mapping[str, Any]) -> Sink:
        return ShardSink(root, run, stem, int(config[self.size_key]))


@dataclass(frozen=True)
class Pairing:
    """Whether a family makes counterfactual pairs: never, when its boolean config ``key`` is set
    (``--pairs`` sets it), or always (``key`` None and ``always``)."""

    key: str | None = None
    always: bool = False

    def requested(self, config: Mapping[str, Any], family: str) -> dict[str, Any]:
        """``config`` with pairs asked for (``--pairs``), or a ConfigError if the family makes none."""
        if self.always:
            return dict(config)
        if self.key is None:
            raise ConfigError("--pairs", f"family {family!r} makes no counterfactual pairs")
        return {**config, self.key: True}


def batched(items: Iterable[T], size: int) -> Iterator[list[T]]:
    """``items`` in consecutive lists of ``size`` (the last may be shorter), drawn lazily."""
    iterator = iter(items)
    while batch := list(islice(iterator, size)):
        yield batch


NO_PAIRS = Pairing()
ALWAYS_PAIRS = Pairing(always=True)
OPTIONAL_PAIRS = Pairing("pairs")

#: MCS scene files, the output of most families.
SCENE_FILES = SceneFiles()
