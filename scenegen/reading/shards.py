"""Read a shard back a record at a time: never more of it in memory than one record, nor more records than its
manifest line says.

A shard comes from a run folder, which is not trusted: 65 KB of zstd may
decompress to gigabytes, a line may never end, a line may be blank, the records
may go on past the count the manifest records. So a shard is decompressed a
little at a time and read a line at a time, each line at most
:data:`~scenegen.folder.files.MAX_DOCUMENT_BYTES`, and :func:`decode_rows` stops with a
ValueError at the first sign that it is not a whole shard of its format holding
the records expected, before reading further. A Parquet shard's row count is
checked in its metadata before any row is read, then it is read batch by batch.
"""

from __future__ import annotations

import gzip
import io
from collections.abc import Iterator
from typing import Any, BinaryIO, Protocol

import orjson

from scenegen.folder.files import MAX_DOCUMENT_BYTES
from scenegen.folder.storage import Storage

#: Compressed bytes decompressed at once: zstd turns 4 bytes into at most 128 KiB (a run-length block), so a
#: chunk gives at most 32 MiB, however the stream was made.
_ZSTD_CHUNK = 1024
#: Decompressed bytes buffered for the line reader.
_LINE_BUFFER = 1 << 16
#: Rows of a Parquet shard decoded at once.
_PARQUET_BATCH = 256


def decode_rows(handle: BinaryIO, storage: Storage, expected: int) -> Iterator[dict[str, Any]]:
    """The records of the shard open as ``handle``, decoded as they are taken; ValueError as soon as it shows it
    is not a whole shard of ``storage``'s format holding ``expected`` records."""
    if storage.format == "parquet":
        return _parquet_rows(handle, expected)
    return _jsonl_rows(_decompressed(handle, storage.compression), storage.compression, expected)


class _Lines(Protocol):
    """A stream read a line at a time."""

    def readline(self, size: int = -1, /) -> bytes: ...


def _jsonl_rows(lines: _Lines, compression: str, expected: int) -> Iterator[dict[str, Any]]:
    number = 0
    while line := _next_line(lines, compression):
        number += 1
        if number > expected:
            raise ValueError(f"holds more records than the {expected} its manifest line says")
        if len(line) > MAX_DOCUMENT_BYTES:
            raise ValueError(f"record {number} is larger than {MAX_DOCUMENT_BYTES:,} bytes, more than a document "
                             "may hold")
        if not line.endswith(b"\n"):
            raise ValueError("the last line is torn")
        yield _record(line, number)
    if number < expected:
        raise ValueError(f"holds {number} records, its manifest line says {expected}")


def _next_line(lines: _Lines, compression: str) -> bytes:
    """The next line (at most one byte over the cap, to tell it is over); empty at the end."""
    try:
        return lines.readline(MAX_DOCUMENT_BYTES + 1)
    except (OSError, EOFError) as error:  # gzip: BadGzipFile, EOFError; zstd: see _ZstdReader
        raise ValueError(f"not a whole {compression} stream: {error}") from None


def _record(line: bytes, number: int) -> dict[str, Any]:
    if not line.strip():
        raise ValueError(f"line {number} is blank")
    try:
        record = orjson.loads(line)
    except orjson.JSONDecodeError as error:
        raise ValueError(f"line {number} is not JSON: {error}") from None
    if not isinstance(record, dict):
        raise ValueError(f"line {number} is not a JSON object")
    return record


def _decompressed(handle: BinaryIO, compression: str) -> _Lines:
    """``handle``'s bytes decompressed as they are read (each read bounded, whatever the stream)."""
    if compression == "zstd":
        return io.BufferedReader(_ZstdReader(handle), _LINE_BUFFER)
    if compression == "gzip":
        return gzip.GzipFile(fileobj=handle, mode="rb")
    return handle


class _ZstdReader(io.RawIOBase):
    """A zstd stream (one frame or several) decompressed a chunk at a time.

    zstandard's own stream reader ends silently where a truncated stream ends;
    this one raises OSError when the stream ends inside a frame.
    """

    def __init__(self, source: BinaryIO) -> None:
        import zstandard

        self._source = source
        self._decompressor = zstandard.ZstdDecompressor()
        self._frame = self._decompressor.decompressobj()
        self._pending = memoryview(b"")
        self._error = zstandard.ZstdError

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        while not self._pending:
            if not self._decompress_more():
                return 0
        size = min(len(buffer), len(self._pending))
        buffer[:size] = self._pending[:size]
        self._pending = self._pending[size:]
        return size

    def _decompress_more(self) -> bool:
        """Decompress the next chunk (or what followed the last frame); False at the stream's end."""
        if self._frame.eof:  # a frame ended: the stream ends here, or another frame follows
            chunk = self._frame.unused_data or self._source.read(_ZSTD_CHUNK)
            if not chunk:
                return False
            self._frame = self._decompressor.decompressobj()
        else:
            chunk = self._source.read(_ZSTD_CHUNK)
            if not chunk:
                raise OSError("it ends inside a frame (truncated)")
        try:
            self._pending = memoryview(self._frame.decompress(chunk))
        except self._error as error:
            raise OSError(str(error)) from None
        return True


def _parquet_rows(handle: BinaryIO, expected: int) -> Iterator[dict[str, Any]]:
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        parquet = pq.ParquetFile(handle)
        rows = parquet.metadata.num_rows
        batches = parquet.iter_batches(batch_size=_PARQUET_BATCH)
    except (pa.ArrowException, OSError) as error:
        raise ValueError(f"not a whole Parquet file: {error}") from None
    if rows != expected:
        raise ValueError(f"holds {rows} records, its manifest line says {expected}")
    while batch := _next_batch(batches, pa.ArrowException):
        yield from batch


def _next_batch(batches: Iterator[Any], arrow_error: type[Exception]) -> list[dict[str, Any]]:
    """The rows of the next batch; empty at the end."""
    try:
        rows: list[dict[str, Any]] = next(batches).to_pylist()
    except StopIteration:
        return []
    except (arrow_error, OSError) as error:
        raise ValueError(f"not a whole Parquet file: {error}") from None
    return rows
