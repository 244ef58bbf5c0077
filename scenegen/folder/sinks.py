"""Sinks: a job's documents written into the run folder, one file each or a shard of records, and their manifest
entries collected.

:class:`ShardSink` turns a shard's records into bytes, streaming them to its
temporary file past :data:`HELD_BYTES`; it imports its codecs (zstandard,
pyarrow) only when used.
"""

from __future__ import annotations

import abc
import contextlib
import gzip
import hashlib
import io
import os
import struct
import zlib
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

import orjson

from scenegen.errors import InvalidSceneError
from scenegen.folder.disk import storage_errors
from scenegen.folder.features import Type
from scenegen.folder.files import create_new, open_regular, sha256, temporary_name, write_atomic
from scenegen.folder.output_folder import dump_json
from scenegen.folder.stops import StopFlag, Stopped, Watch
from scenegen.folder.storage import Storage
from scenegen.folder.summary import Summary
from scenegen.plugin.outputs import Doc, Output

#: zstd's default level: smaller shards than gzip's level 6 for every family but Tool Choice (6% larger there),
#: made 1.2-1.4x faster (`make bench`).
ZSTD_LEVEL = 3
GZIP_LEVEL = 6
#: The bytes of the header gzip.compress writes (no file name, comment or extra field).
_GZIP_HEADER_BYTES = 10

#: A shard's records held in memory, in bytes of their JSON lines. A shard within it is encoded whole when it
#: ends, in the bytes it always had; past it, what is held goes on to the shard's temporary file, so that a
#: worker's memory stays flat whatever ``--shard-size`` (a shard of 10^6 CAIP records held whole took 4.8 GB).
#: Default shards stay within it (10,000 CAIP records are 9 MiB, the builder's 36; 1,000 scenes, 3-17), but for
#: the pairs of agents that move (84-430 MiB).
HELD_BYTES = 64 * 2**20
#: A Parquet shard's records are held as they are: the JSON of one in this many is measured (see ShardSink).
SIZE_SAMPLE = 64
#: The records of a row group of a Parquet shard written from its spilled records, in bytes of their JSON lines:
#: read back as Python objects, 16 MiB of CAIP records take 80 MB.
ROW_GROUP_BYTES = 16 * 2**20


class Entries(Protocol):
    """What a sink needs of the run: the family's name and the split."""

    @property
    def split(self) -> str: ...

    @property
    def family_name(self) -> str: ...


def open_sink(storage: Storage, root: Path, run: Entries, stem: str, output: Output,
              watch: Watch | None = None) -> Sink:
    """The sink writing one job of a run stored as ``storage`` into the folder ``root``, for a run whose config
    stem is ``stem``, while the run is there (``watch``; by default it always is)."""
    if storage.shards:
        return ShardSink(root, run, storage, stem, output, watch)
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
    """The records of one job as one shard, written whole or not at all; one manifest line.

    Each record is encoded (a JSON line; kept whole for Parquet) and folded into
    the shard's summary as it is added, while it is still in the CPU's caches:
    done for a whole shard at its end, when they had left them, the builder
    family's make took 104 us a dialogue instead of 100.

    A shard's records are held in memory up to :data:`HELD_BYTES` and written in
    one go when the shard ends. Past that they go on to the shard's temporary file
    as they come (:class:`_Stream`), so that a worker's memory stays flat whatever
    the shard size: JSON Lines through the shard's compressor. A Parquet file
    cannot be streamed so: its row groups must share one schema, which only the
    last record settles (a field null so far may take a type, an integer column
    become a float one). Its records are spilled, as zstd JSON lines, to a
    temporary file, and written from it a row group at a time once the shard is
    complete, with the schema its summary's column types give (:func:`_arrow_schema`).
    A shard is renamed into place when whole; a stopped job removes its temporary
    files.
    """

    def __init__(self, root: Path, run: Entries, storage: Storage, stem: str, output: Output,
                 watch: Watch | None = None) -> None:
        super().__init__(root, run, watch)
        self.storage = storage
        self.stem = stem
        self.output = output
        self.parquet = storage.format == "parquet"
        self._start()

    def _start(self) -> None:
        """Begin a shard."""
        self.lines = bytearray()  # the JSON lines held (JSON Lines)
        self.rows: list[dict[str, Any]] = []  # the records held (Parquet)
        self.sampled = self.sampled_bytes = 0  # Parquet records encoded to estimate their size, and their bytes
        self.stream: _Stream | None = None  # where the records past HELD_BYTES went
        self.pending = Summary()  # of the records not yet written
        self.first_index = -1
        self.samples = self.records = 0

    def add(self, samples: Sequence[Sequence[Doc]]) -> None:
        for docs in samples:
            if self.first_index < 0:
                self.first_index = docs[0][0]["index"]
            for meta, document in docs:
                row = {**meta, **self.output.record_fields(document)}
                self.pending.add(row)
                if not self.parquet:
                    self.lines += orjson.dumps(row, option=orjson.OPT_APPEND_NEWLINE)
                else:
                    if self.records % SIZE_SAMPLE == 0:
                        self.sampled += 1
                        self.sampled_bytes += len(orjson.dumps(row))
                    self.rows.append(row)
                self.records += 1
            self.samples += 1
        if self._held_bytes() > HELD_BYTES:
            self._spill()

    def _held_bytes(self) -> int:
        """The bytes of the records held, as JSON lines. A Parquet shard's are estimated, their mean size times
        their number, measured on one record in :data:`SIZE_SAMPLE` (encoding each would cost a shell game shard
        5% of its making)."""
        if not self.parquet:
            return len(self.lines)
        return self.sampled_bytes * len(self.rows) // max(1, self.sampled)

    def _spill(self) -> None:
        """Send the records held on to the shard's stream (opened at the first spill), and hold none."""
        if self.stream is None:
            # A Parquet shard's records wait, compressed, in a temporary file of their own.
            shard = self._name()
            name = f"{shard}.records" if self.parquet else shard
            self.stream = _Stream(self.root / temporary_name(name), self.root / shard,
                                  "zstd" if self.parquet else self.storage.compression, self.watch)
        if self.parquet:
            self.stream.write(b"".join(orjson.dumps(row, option=orjson.OPT_APPEND_NEWLINE) for row in self.rows))
            self.rows = []
        else:
            self.stream.write(self.lines)
            self.lines = bytearray()

    def _name(self) -> str:
        return self.storage.shard_name(self.stem, self.first_index // self.storage.shard_size)

    def finish(self) -> None:
        if not self.records:
            return
        name = self._name()
        if self.stream is None:
            if self.parquet:
                data = _parquet_bytes(self.rows, self.storage.compression)
            else:
                data = _compressed(self.lines, self.storage.compression)
            if self.watch.run_gone():
                raise Stopped
            digest = self._write(name, data)
        else:
            self._spill()
            digest = self._parquet_from_spill(name) if self.parquet else self.stream.publish(self.root / name)
        self.summary.merge(self.pending)
        self.entries.append({"file": name, "family": self.run.family_name, "split": self.run.split,
                             "first_index": self.first_index, "count": self.samples, "documents": self.records,
                             "sha256": digest})
        self.documents += self.records
        self._start()

    def _parquet_from_spill(self, name: str) -> str:
        """Write the Parquet shard ``name`` from its spilled records, a row group at a time; return its sha256."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        assert self.stream is not None
        spill = self.stream
        spill.close()
        if self.pending.columns is None:
            raise InvalidSceneError(f"bug: the records of {name} cannot share one Parquet schema: "
                                    f"{self.pending.conflict}")
        schema = _arrow_schema(self.pending.columns)
        shard = _Stream(self.root / temporary_name(name), self.root / name, "none", self.watch)
        try:
            with pq.ParquetWriter(shard, schema, compression=_PARQUET_CODECS[self.storage.compression]) as writer:
                for rows in _spilled_records(spill.path):
                    writer.write_table(pa.Table.from_pylist(rows, schema=schema))
            digest = shard.publish(self.root / name)
        except BaseException:
            shard.discard()
            raise
        spill.discard()
        return digest

    def discard(self) -> None:
        if self.stream is not None:
            self.stream.discard()
        self._start()


class _Compressor(Protocol):
    """A compressor taking its input a piece at a time."""

    def compress(self, data: bytes | bytearray) -> bytes: ...

    def flush(self) -> bytes: ...


class _Stream:
    """A new temporary file ``path`` of a run folder (never written through a link), written as bytes come,
    through a compressor, and hashed on the way: the records of a shard too large to hold, or the shard itself.
    Nothing more is written once the run is gone (``watch``); a file-system failure names ``shard``."""

    def __init__(self, path: Path, shard: Path, compression: str, watch: Watch) -> None:
        self.path = path
        self.shard = shard
        self.watch = watch
        self.compressor = _stream_compressor(compression)
        self.digest = hashlib.sha256()
        self.written = 0
        with storage_errors(shard):
            self.handle = create_new(path)

    @property
    def closed(self) -> bool:
        return self.handle.closed

    def write(self, data: bytes | bytearray) -> int:
        """Compress and write ``data``."""
        self._put(self.compressor.compress(data))
        return len(data)

    def tell(self) -> int:
        """The bytes written so far (pyarrow asks, writing Parquet into the stream)."""
        return self.written

    def flush(self) -> None:
        """Nothing to do: the file is flushed as it is closed."""

    def close(self) -> str:
        """Write what the compressor holds and close the file; return the sha256 of its bytes."""
        if not self.handle.closed:
            self._put(self.compressor.flush())
            with storage_errors(self.shard):
                self.handle.close()
        return self.digest.hexdigest()

    def publish(self, destination: Path) -> str:
        """Close the file and rename it to ``destination`` (unless the run is gone); return its sha256."""
        digest = self.close()
        if self.watch.run_gone():
            raise Stopped
        with storage_errors(destination):
            os.replace(self.path, destination)
        return digest

    def discard(self) -> None:
        """Close the file and remove it, unless the run is gone: its folder is then another run's to tidy (a run
        resuming it may be writing a file of this name)."""
        with contextlib.suppress(OSError):
            self.handle.close()
        if not self.watch.run_gone():
            with contextlib.suppress(OSError):
                self.path.unlink()

    def _put(self, data: bytes) -> None:
        if not data:
            return
        if self.watch.run_gone():
            raise Stopped
        self.digest.update(data)
        with storage_errors(self.shard):
            self.handle.write(data)
        self.written += len(data)


def _stream_compressor(compression: str) -> _Compressor:
    if compression == "zstd":
        import zstandard

        return zstandard.ZstdCompressor(level=ZSTD_LEVEL).compressobj()
    if compression == "gzip":
        return _GzipStream()
    return _Uncompressed()


class _GzipStream:
    """gzip's format a piece at a time, in the bytes :func:`_compressed` writes whole: the header gzip.compress
    writes (no time stamp), the data deflated raw, then its CRC-32 and length."""

    def __init__(self) -> None:
        self.header = gzip.compress(b"", compresslevel=GZIP_LEVEL, mtime=0)[:_GZIP_HEADER_BYTES]
        self.deflate = zlib.compressobj(GZIP_LEVEL, zlib.DEFLATED, -zlib.MAX_WBITS)
        self.crc = self.size = 0

    def compress(self, data: bytes | bytearray) -> bytes:
        self.crc, self.size = zlib.crc32(data, self.crc), self.size + len(data)
        header, self.header = self.header, b""
        return header + self.deflate.compress(data)

    def flush(self) -> bytes:
        header, self.header = self.header, b""
        return header + self.deflate.flush() + struct.pack("<II", self.crc, self.size & 0xFFFFFFFF)


class _Uncompressed:
    def compress(self, data: bytes | bytearray) -> bytes:
        return bytes(data)

    def flush(self) -> bytes:
        return b""


def _compressed(lines: bytes | bytearray, compression: str) -> bytes:
    if compression == "zstd":
        import zstandard

        return zstandard.ZstdCompressor(level=ZSTD_LEVEL).compress(lines)
    if compression == "gzip":
        # zlib's default level (gzip's own, 9, is 3x slower for 1% less); no time stamp: a shard's bytes depend
        # only on its records.
        return gzip.compress(lines, compresslevel=GZIP_LEVEL, mtime=0)
    return bytes(lines)


#: Parquet's codec for each compression.
_PARQUET_CODECS = {"none": "NONE", "gzip": "GZIP", "zstd": "ZSTD"}


def _parquet_bytes(rows: Sequence[Mapping[str, Any]], compression: str) -> bytes:
    import pyarrow as pa
    import pyarrow.parquet as pq

    buffer = pa.BufferOutputStream()
    pq.write_table(pa.Table.from_pylist(list(rows)), buffer, compression=_PARQUET_CODECS[compression])
    data: bytes = buffer.getvalue().to_pybytes()
    return data


def _arrow_schema(columns: Type) -> Any:
    """The Arrow schema of records whose column types (a summary's, :mod:`scenegen.folder.features`) are ``columns``."""
    import pyarrow as pa

    leaves = {"null": pa.null(), "bool": pa.bool_(), "int64": pa.int64(), "float64": pa.float64(),
              "string": pa.string()}

    def arrow(kind: Type) -> Any:
        if type(kind) is str:
            return leaves[kind]
        if kind[0] == "list":
            return pa.list_(arrow(kind[1]))
        return pa.struct([(key, arrow(item)) for key, item in kind[1].items()])

    return pa.schema(list(arrow(columns)))


def _spilled_records(path: Path) -> Iterator[list[dict[str, Any]]]:
    """The records spilled to ``path`` (zstd JSON lines), in batches of about :data:`ROW_GROUP_BYTES` of them."""
    import zstandard

    with open_regular(path, follow_links=False) as handle:
        lines = io.BufferedReader(zstandard.ZstdDecompressor().stream_reader(handle))
        batch: list[dict[str, Any]] = []
        size = 0
        for line in lines:
            batch.append(orjson.loads(line))
            size += len(line)
            if size >= ROW_GROUP_BYTES:
                yield batch
                batch, size = [], 0
        if batch:
            yield batch
