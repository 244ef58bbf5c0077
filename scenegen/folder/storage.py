"""How a run stores its documents: one file each, or shards of dataset records (JSON Lines or Parquet).

``--format files`` writes one JSON file per document (MCS scenes as the
simulator runs them) and one manifest line per document: the document's record
(see below) with the ``file`` and its ``sha256``, so the manifest is the run's
label table. ``--format jsonl`` and ``--format parquet`` write shards of
``shard_size`` samples each, whole or not at all, and one manifest line per
shard. Either way a document's *record* has the same shape:

``id, index, family, split, [pair_id, role, pair,] label, params, <document fields>``

where the document fields come from the family's :class:`~scenegen.plugin.outputs.Output`
(``scene``, a JSON string, for MCS families). :mod:`scenegen.folder.sinks`
writes them (:mod:`scenegen.reading.shards` reads them back, streaming).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scenegen.errors import ConfigError
from scenegen.folder.indices import IndexRuns
from scenegen.folder.manifest import JSONL_EXTENSIONS, MANIFEST, PARQUET_EXTENSION
from scenegen.plugin.outputs import Output, batched

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



def require_pyarrow() -> None:
    """Refuse a Parquet run or conversion where pyarrow is missing, before anything is written."""
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        raise ConfigError("--format", "parquet needs pyarrow; pip install 'scenegen[parquet]'") from None
