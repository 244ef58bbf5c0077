"""How a run stores its documents: one file each, or shards of dataset records (JSON Lines or Parquet).

``--format files`` writes one JSON file per document (MCS scenes as the
simulator runs them) and one manifest line per document: the document's record
(see below) with the ``file`` and its ``sha256``, so the manifest is the run's
label table. ``--format jsonl`` and ``--format parquet`` write shards of
``shard_size`` samples each, whole or not at all, and one manifest line per
shard. Either way a document's *record* has the same shape:

``id, index, family, split, [pair_id, role, pair,] label, params, <document fields>``

where the document fields come from the family's :class:`~scenegen.outputs.Output`
(``scene``, a JSON string, for MCS families). :class:`ShardSink` turns a
shard's records into bytes (:mod:`scenegen.shards` reads them back, streaming);
it imports its codecs (zstandard, pyarrow) only when used.
"""

from __future__ import annotations

import abc
import gzip
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import orjson

from .errors import ConfigError
from .files import sha256, write_atomic
from .indices import IndexRuns
from .manifest import JSONL_EXTENSIONS, MANIFEST, PARQUET_EXTENSION
from .outputs import Doc, Output, batched
from .summary import Summary
from .watch import StopFlag, Stopped, Watch
from .writer import dump_json

FORMATS = ("files", "jsonl", "parquet")
#: The keys every record has besides its document's fields (a pair's also have ``pair_id``, ``role`` and ``pair``).
RECORD_KEYS = ("id", "index", "family", "split", "label", "params")
COMPRESSIONS = ("none", "gzip", "zstd")
#: The compression of a shard format that names none.
DEFAULT_COMPRESSION = "zstd"
#: Most samples one shard may hold (``--shard-size``).
MAX_SHARD_SIZE = 1_000_000

#: Scene files a job makes at most: enough to pay for a task's hand-off to a worker many times over.
FILE_JOB = 64
#: zstd's default level: smaller shards than gzip's level 6 for every family but Tool Choice (6% larger there),
#: made 1.2-1.4x faster (`make bench`).
ZSTD_LEVEL = 3
GZIP_LEVEL = 6


class Entries(Protocol):
    """What a sink needs of the run: the family's name and the split."""

    @property
    def split(self) -> str: ...

    @property
    def family_name(self) -> str: ...


@dataclass(frozen=True)
class Storage:
    """A run's storage: its ``format``, and for shards their ``compression`` and size in samples."""

    format: str = "files"
    compression: str = "none"
    shard_size: int = 0

    @classmethod
    def of(cls, output: Output, format: str | None, compression: str | None, shard_size: int | None) -> Storage:
        """The storage a command line asks for, with the family's defaults for what it leaves out; a ConfigError
        for a combination that means nothing, or a format whose library is missing."""
        format = format or output.default_format
        if format == "files":
            for option, value in (("--compression", compression), ("--shard-size", shard_size)):
                if value is not None:
                    raise ConfigError(option, "applies to shards (--format jsonl or parquet), not to --format files")
            return cls("files")
        if format == "parquet":
            require_pyarrow()
        return cls(format, compression or DEFAULT_COMPRESSION, shard_size or output.shard_size)

    @classmethod
    def from_record(cls, record: Mapping[str, Any] | None) -> Storage:
        """The storage a run record names (a run record of a scenegen before formats wrote files)."""
        return cls(**record) if record else cls()

    def record(self) -> dict[str, Any]:
        """The storage as ``run.json`` records it."""
        if not self.shards:
            return {"format": self.format}
        return {"format": self.format, "compression": self.compression, "shard_size": self.shard_size}

    def options(self) -> list[str]:
        """The storage as command-line options (``--format jsonl --compression zstd --shard-size 1000``)."""
        return [word for key, value in self.record().items() for word in (f"--{key.replace('_', '-')}", str(value))]

    @property
    def shards(self) -> bool:
        return self.format != "files"

    @property
    def extension(self) -> str:
        if self.format == "parquet":
            return PARQUET_EXTENSION
        return JSONL_EXTENSIONS[self.compression] if self.shards else ".json"

    @property
    def job_size(self) -> int:
        """The samples of a job: a shard's, or a run of files."""
        return self.shard_size if self.shards else FILE_JOB

    def shard_name(self, stem: str, shard: int) -> str:
        return f"{stem}-{shard:05d}{self.extension}"

    def data_files(self, stem: str) -> str:
        """The glob of the files a dataset loader reads: the shards, or for ``files`` the manifest (the labels)."""
        return f"{stem}-*{self.extension}" if self.shards else MANIFEST

    def jobs(self, n: int, done: IndexRuns) -> Iterator[Sequence[int]]:
        """The indices below ``n`` still to make (not in ``done``), in order, grouped into jobs that a worker
        makes and writes whole. Lazy: nothing is built for indices not yet reached."""
        size = self.job_size
        if self.shards:
            # A shard is written whole or not at all: one job a shard, redone unless every sample is done.
            shards = (range(first, min(n, first + size)) for first in range(0, n, size))
            return (shard for shard in shards if not done.covers(shard))
        if not done:
            return (range(first, min(n, first + size)) for first in range(0, n, size))
        return batched((index for missing in done.missing(n) for index in missing), size)

    def sink(self, root: Path, run: Entries, stem: str, output: Output, watch: Watch | None = None) -> Sink:
        """The sink writing one job into the folder ``root`` of a run whose config stem is ``stem``, while the run
        is there (``watch``; by default it always is)."""
        if self.shards:
            return ShardSink(root, run, self, stem, output, watch)
        return FileSink(root, run, watch)


class Sink(abc.ABC):
    """Writes the made samples of one job into the run folder ``root``; collects their manifest entries.

    A worker writes the files itself (shipping made documents back to a parent
    costs more than making them); the run's parent records the ``entries`` in
    the manifest, in index order.
    """

    def __init__(self, root: Path, run: Entries, watch: Watch | None = None) -> None:
        self.root = root
        self.run = run
        self.watch = watch if watch is not None else StopFlag()
        self.entries: list[dict[str, Any]] = []
        self.documents = 0
        self.summary = Summary()  # of the records written, as a dataset loader reads them

    @abc.abstractmethod
    def add(self, samples: Sequence[Sequence[Doc]]) -> None:
        """Write a chunk of samples, each a list of its documents."""

    def finish(self) -> None:  # noqa: B027 - a hook: most sinks buffer nothing
        """Write whatever is still buffered."""

    def discard(self) -> None:  # noqa: B027 - a hook: most sinks write each file whole
        """Drop what is not written whole (the job was stopped, or failed)."""

    def _write(self, name: str, data: bytes) -> str:
        write_atomic(self.root / name, data)
        return sha256(data)


class FileSink(Sink):
    """One JSON file per document, named by its id; one manifest line per document: its record, file and hash."""

    def add(self, samples: Sequence[Sequence[Doc]]) -> None:
        if self.watch.run_gone():
            raise Stopped
        for docs in samples:
            for meta, document in docs:
                name = f"{meta['id']}.json"
                entry = {**meta, "file": name, "sha256": self._write(name, dump_json(document))}
                self.entries.append(entry)
                self.summary.add(entry)  # the manifest is the label table a loader reads
            self.documents += len(docs)


class ShardSink(Sink):
    """The records of one job as one shard, written whole; one manifest line.

    Each record is encoded (a JSON line; kept whole for Parquet) and folded into
    the shard's summary as it is added, while it is still in the CPU's caches:
    done for a whole shard at its end, when they had left them, the builder
    family's make took 104 us a dialogue instead of 100.
    """

    def __init__(self, root: Path, run: Entries, storage: Storage, stem: str, output: Output,
                 watch: Watch | None = None) -> None:
        super().__init__(root, run, watch)
        self.storage = storage
        self.stem = stem
        self.output = output
        self.rows: list[Any] = []  # JSON lines, or the records themselves for Parquet
        self.pending = Summary()  # of the records not yet written
        self.first_index = -1
        self.samples = 0

    def add(self, samples: Sequence[Sequence[Doc]]) -> None:
        keep_records = self.storage.format == "parquet"
        for docs in samples:
            if self.first_index < 0:
                self.first_index = docs[0][0]["index"]
            for meta, document in docs:
                row = {**meta, **self.output.record_fields(document)}
                self.pending.add(row)
                self.rows.append(row if keep_records else orjson.dumps(row, option=orjson.OPT_APPEND_NEWLINE))
            self.samples += 1

    def finish(self) -> None:
        if not self.rows:
            return
        name = self.storage.shard_name(self.stem, self.first_index // self.storage.shard_size)
        if self.storage.format == "parquet":
            data = _parquet_bytes(self.rows, self.storage.compression)
        else:
            data = _compressed(b"".join(self.rows), self.storage.compression)
        if self.watch.run_gone():
            raise Stopped
        digest = self._write(name, data)
        self.summary.merge(self.pending)
        self.entries.append({"file": name, "family": self.run.family_name, "split": self.run.split,
                             "first_index": self.first_index, "count": self.samples, "documents": len(self.rows),
                             "sha256": digest})
        self.documents += len(self.rows)
        self.rows, self.pending, self.first_index, self.samples = [], Summary(), -1, 0


def _compressed(lines: bytes, compression: str) -> bytes:
    if compression == "zstd":
        import zstandard

        return zstandard.ZstdCompressor(level=ZSTD_LEVEL).compress(lines)
    if compression == "gzip":
        # zlib's default level (gzip's own, 9, is 3x slower for 1% less); no time stamp: a shard's bytes depend
        # only on its records.
        return gzip.compress(lines, compresslevel=GZIP_LEVEL, mtime=0)
    return lines


def require_pyarrow() -> None:
    """Refuse a Parquet run or conversion where pyarrow is missing, before anything is written."""
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise ConfigError("--format", "parquet needs pyarrow; pip install 'scenegen[parquet]'") from None


#: Parquet's codec for each compression.
_PARQUET_CODECS = {"none": "NONE", "gzip": "GZIP", "zstd": "ZSTD"}


def _parquet_bytes(rows: Sequence[Mapping[str, Any]], compression: str) -> bytes:
    import pyarrow as pa
    import pyarrow.parquet as pq

    buffer = pa.BufferOutputStream()
    pq.write_table(pa.Table.from_pylist(list(rows)), buffer, compression=_PARQUET_CODECS[compression])
    data: bytes = buffer.getvalue().to_pybytes()
    return data
