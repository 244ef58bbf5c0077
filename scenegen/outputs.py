"""What a family's samples become on disk, and whether they come in pairs: each family declares both.

The run loop, the validator and ``scenegen validate`` ask a family's :class:`Output`
how to export, check and write its documents, and its :class:`Pairing` what
``--pairs`` means, so none of them names a format, a family or a config key.
"""

from __future__ import annotations

import abc
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from .errors import ConfigError, Problem
from .export import mcs
from .validate import mcs_problems
from .writer import OutputFolder, dump_json

if TYPE_CHECKING:
    from .family import Sample

#: A made sample and its exported documents by suffix ("" for a lone document).
Made = tuple["Sample", dict[str, dict[str, Any]]]


class Entries(Protocol):
    """What a sink needs of the run: the family's name, the seed and a sample's manifest entry."""

    seed: int

    @property
    def family_name(self) -> str: ...

    def entry(self, index: int, sample: Sample) -> dict[str, Any]: ...


class Sink(abc.ABC):
    """Writes made samples into a run folder and records them in its manifest."""

    def __init__(self, folder: OutputFolder, run: Entries) -> None:
        self.folder = folder
        self.run = run
        self.documents = 0

    @abc.abstractmethod
    def pending(self, n: int) -> Sequence[int]:
        """The indices below ``n`` still to be made."""

    @abc.abstractmethod
    def add(self, indices: Sequence[int], made: Sequence[Made]) -> None:
        """Write a chunk of made samples."""

    def finish(self) -> None:  # noqa: B027 - a hook: most sinks buffer nothing
        """Write whatever is still buffered."""


class SceneSink(Sink):
    """One JSON file per document, one manifest line per sample."""

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
            entry = self.run.entry(index, sample)
            if list(names) == [""]:
                entry.update(file=names[""], sha256=hashes[""])
            else:
                entry.update(files=names, sha256=hashes, pair=sample.pair)
            self.folder.record(entry)


class ShardSink(Sink):
    """Records as JSON lines in shards of ``size``, named ``<stem>-00000.jsonl``; one manifest line per shard."""

    def __init__(self, folder: OutputFolder, run: Entries, stem: str, size: int, n: int) -> None:
        super().__init__(folder, run)
        self.stem = stem
        self.size = size
        self.n = n
        self.lines: list[bytes] = []
        self.first_index = 0

    def pending(self, n: int) -> Sequence[int]:
        # A shard is written whole or not at all: redo any shard not entirely done.
        if not self.folder.done:
            return range(n)
        pending: list[int] = []
        for first in range(0, n, self.size):
            indices = range(first, min(n, first + self.size))
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
            if index + 1 == self.n or (index + 1) % self.size == 0:
                self.finish()

    def finish(self) -> None:
        if not self.lines:
            return
        name = f"{self.stem}-{self.first_index // self.size:05d}.jsonl"
        digest = self.folder.write_document(name, b"".join(self.lines))
        self.folder.record({"file": name, "family": self.run.family_name, "seed": self.run.seed,
                            "first_index": self.first_index, "count": len(self.lines), "sha256": digest})
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
    def sink(self, folder: OutputFolder, run: Entries, stem: str, n: int, config: Mapping[str, Any]) -> Sink:
        """The sink writing a run of ``n`` samples whose config stem is ``stem``."""


@dataclass(frozen=True)
class SceneFiles(Output):
    """One MCS scene file per document (a family's documents are :class:`scenegen.model.Scene`)."""

    document_schema: str = "mcs_scene"
    unit: str = "scenes"

    def export(self, document: Any, name: str, shared: dict[int, Any]) -> dict[str, Any]:
        return mcs.to_document(document, name, shared)

    def format_problems(self, document: Mapping[str, Any]) -> list[Problem]:
        return mcs_problems(document)

    def sink(self, folder: OutputFolder, run: Entries, stem: str, n: int, config: Mapping[str, Any]) -> Sink:
        return SceneSink(folder, run)


@dataclass(frozen=True)
class RecordShards(Output):
    """JSON records (a family's documents are JSON-ready dicts, given their ``id``) in shards whose size the
    config's ``size_key`` sets."""

    unit: str = "records"
    size_key: str = "shard_size"

    def export(self, document: Any, name: str, shared: dict[int, Any]) -> dict[str, Any]:
        return {"id": name, **document}

    def sink(self, folder: OutputFolder, run: Entries, stem: str, n: int, config: Mapping[str, Any]) -> Sink:
        return ShardSink(folder, run, stem, int(config[self.size_key]), n)


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


NO_PAIRS = Pairing()
ALWAYS_PAIRS = Pairing(always=True)
OPTIONAL_PAIRS = Pairing("pairs")

#: MCS scene files, the output of most families.
SCENE_FILES = SceneFiles()
