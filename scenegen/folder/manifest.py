"""Read a run's ``manifest.jsonl``: one JSON object a line, naming the file and the indices it covers.

A line is either a document's (``--format files``: the document's record, its
``file`` and ``sha256``) or a shard's (``file``, ``first_index``, ``count``,
``documents``, ``sha256``); ``schema/manifest_line.schema.json`` describes both.

A manifest is read back to resume, to overwrite and to validate a run, and it
may have been torn by a crash or edited by hand. Every line is checked against
the schema of a manifest line before it is trusted: an entry names a plain file
of its own folder (see :mod:`scenegen.folder.names`), records its sha256, and its
indices and counts are whole numbers within a run's bounds (a count of 10**12
would have a reader build a range of that size). The manifest itself is read as
a regular file, never through a link, a line at a time (each at most
:data:`MAX_LINE_BYTES`; nothing after a longer one is read). A resumed run also
checks each line's files against the sha256 it records (:mod:`scenegen.folder.output_folder`),
so a line keeps its bytes (:attr:`Line.raw`) to be written back unchanged.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from scenegen.folder.files import MAX_DOCUMENT_BYTES, open_regular
from scenegen.folder.names import is_plain_name
from scenegen.plugin.schemas import schema_summary

MANIFEST = "manifest.jsonl"

#: The run record: the family, seed, split, prefix, storage and full config of the run a folder holds.
RUN_RECORD = "run.json"

#: The run's dataset card.
CARD = "README.md"

#: The extension of each compression of a JSON Lines shard.
JSONL_EXTENSIONS = {"none": ".jsonl", "gzip": ".jsonl.gz", "zstd": ".jsonl.zst"}
PARQUET_EXTENSION = ".parquet"
#: Every extension a shard may have.
SHARD_EXTENSIONS = (*JSONL_EXTENSIONS.values(), PARQUET_EXTENSION)
#: The files a run writes its documents into: JSON files, or shards.
DOCUMENT_EXTENSIONS = (".json", *SHARD_EXTENSIONS)

#: The longest manifest line read: a document's line holds its record without the document, far less than one.
MAX_LINE_BYTES = MAX_DOCUMENT_BYTES


@dataclass(frozen=True)
class Line:
    """One manifest line: its entry, or what is wrong with it."""

    number: int
    entry: dict[str, Any] | None
    problem: str | None = None
    raw: bytes = b""  # the line as written, newline included (when whole)


def manifest_lines(path: Path) -> Iterator[Line]:
    """Every non-blank line of the manifest at ``path``, checked, read as they are taken (nothing if there is no
    manifest); :class:`~scenegen.folder.files.UnreadableFile` if it is a link or not a regular file."""
    if not os.path.lexists(path):
        return
    with open_regular(path, follow_links=False) as handle:
        number = 0
        while raw := handle.readline(MAX_LINE_BYTES + 1):
            number += 1
            if len(raw) > MAX_LINE_BYTES:  # no manifest holds one: what follows is not read
                yield Line(number, None, f"longer than {MAX_LINE_BYTES:,} bytes: not a manifest line; the rest "
                                         "of the manifest is not read")
                return
            if raw.strip():
                yield _parse(number, raw)


def read_manifest(path: Path) -> Iterator[dict[str, Any]]:
    """The manifest's sound entries, in order; lines that are not are left out."""
    return (line.entry for line in manifest_lines(path) if line.entry is not None)


def entry_files(entry: Mapping[str, Any]) -> list[str]:
    """The file names a (checked) manifest entry covers."""
    return [entry["file"]]


def entry_hashes(entry: Mapping[str, Any]) -> list[tuple[str, str | None]]:
    """The file names a (checked) manifest entry covers, each with the sha256 it records (None if none)."""
    return [(entry["file"], entry.get("sha256"))]


def manifest_bytes(entries: Iterable[Mapping[str, Any]]) -> bytes:
    """The manifest lines of ``entries``: one JSON object a line."""
    return b"".join(orjson.dumps(entry) + b"\n" for entry in entries)


def other_storage(entry: Mapping[str, Any], storage: Mapping[str, Any]) -> str | None:
    """What is wrong with a (checked) manifest entry in a run whose ``storage`` (as run.json records it) is not
    the kind it describes, a shard or a document; None when it is."""
    if ("first_index" in entry) == (storage["format"] != "files"):
        return None
    return f"a {'shard' if 'first_index' in entry else 'document'}'s line, in a run whose storage is {storage}"


def entry_indices(entry: Mapping[str, Any]) -> range:
    """The sample indices a (checked) manifest entry covers: one sample, or a shard's run of records."""
    if "first_index" in entry:
        return range(entry["first_index"], entry["first_index"] + entry["count"])
    return range(entry["index"], entry["index"] + 1)


def _parse(number: int, raw: bytes) -> Line:
    if not raw.endswith(b"\n"):
        return Line(number, None, "torn line (the run stopped while writing it: the run is unfinished)", raw)
    try:
        entry = orjson.loads(raw)
    except orjson.JSONDecodeError as error:
        return Line(number, None, f"not JSON: {error}", raw)
    problem = _entry_problem(entry)
    return Line(number, None, problem, raw) if problem else Line(number, entry, None, raw)


def _entry_problem(entry: Any) -> str | None:
    """What makes ``entry`` no manifest line: its schema's first few errors, or a file name that is not plain."""
    broken = schema_summary(entry, "manifest_line")
    if broken:
        return f"breaks the schema of a manifest line: {broken}"
    if not is_plain_name(entry["file"]):
        return f"file name {entry['file']!r} is not a plain name inside the run folder"
    return None
