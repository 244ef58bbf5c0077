"""Read a finished run as a dataset, in any storage format: records, (document, label) pairs, or an iterable
dataset for data loaders.

A run folder is not trusted: its run record is checked
(:mod:`scenegen.folder.run_record`), every file in it is opened as a regular file and
never through a link, a scene file is read up to a document's cap, and a shard
is read streaming (:mod:`scenegen.reading.shards`), a capped record at a time and never
more records than its manifest line says. Every file is checked against the
sha256 its manifest line records, read through once, before any of its records
is given out, so a damaged shard is reported (:class:`DamagedRunError`, which
names it and says to run ``scenegen validate``), never half read. Nothing here
imports torch, pyarrow or zstandard until a run needs them.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np
import orjson

from scenegen.folder.files import MAX_DOCUMENT_BYTES, file_digest, open_regular, read_regular, sha256
from scenegen.folder.manifest import MANIFEST, manifest_lines, other_storage
from scenegen.folder.run_record import DamagedRunError, read_run_record, run_family_class
from scenegen.folder.storage import Storage
from scenegen.folder.summary import Summary
from scenegen.plugin.family import Family
from scenegen.plugin.outputs import Doc, Output
from scenegen.reading.shards import decode_rows

#: What a document's manifest line holds besides its record's metadata.
_FILE_KEYS = ("file", "sha256")

__all__ = ["DamagedRunError", "Pair", "Run", "RunReaders", "document", "open_run", "read", "read_pairs", "records"]


@dataclass(frozen=True)
class Run:
    """A finished run folder: its record (``run.json``), storage, and manifest entries in order."""

    root: Path
    record: Mapping[str, Any]

    @cached_property
    def entries(self) -> Sequence[Mapping[str, Any]]:
        """The manifest's entries, all in memory (read on first use; :meth:`stream` reads them as it goes)."""
        return list(self.stream())

    def stream(self) -> Iterator[Mapping[str, Any]]:
        """The manifest's entries in order, read as they are taken: a run of a million scene files is a million
        entries. DamagedRunError for a torn or unsound line (an interrupted run), or one of another storage."""
        for line in manifest_lines(self.root / MANIFEST):
            problem = line.problem if line.entry is None else other_storage(line.entry, self.storage.record())
            if problem is not None or line.entry is None:
                raise DamagedRunError(f"{self.root / MANIFEST}: line {line.number}: {problem}; "
                                      f"`scenegen validate {self.root}` lists every problem")
            yield line.entry

    @cached_property
    def family(self) -> type[Family]:
        return run_family_class(self.root, self.record)

    @property
    def output(self) -> Output:
        return self.family.output

    @cached_property
    def storage(self) -> Storage:
        return Storage.from_record(self.record.get("storage"))

    def unit_docs(self, entry: Mapping[str, Any], order: Sequence[int] | None = None) -> Iterator[Doc]:
        """The documents of one manifest entry's file (one document, or a shard's), with their metadata, in
        ``order`` (positions in the file) or as written. The file is checked against its sha256 first; a shard's
        documents are then decoded one at a time as they are taken (a shard's thousand parsed scenes at once would
        keep the garbage collector busy with their millions of objects), or, for an ``order``, its records are
        kept (each capped) and their documents parsed in that order."""
        if not self.storage.shards:
            return iter([self.file_doc(entry)])
        rows = self.unit_rows(entry)
        if order is None:
            return (self.split_record(row) for row in rows)
        kept = list(rows)
        return (self.split_record(kept[position]) for position in order)

    def unit_rows(self, entry: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
        """The records a dataset loader reads from one manifest entry, read as they are taken: a shard's rows
        (its sha256 checked first), or a document's line."""
        if not self.storage.shards:
            return iter([dict(entry)])
        return self._shard_rows(entry)

    def split_record(self, row: Mapping[str, Any]) -> Doc:
        """A record as (metadata, document)."""
        fields = self.output.record_keys
        return {key: value for key, value in row.items() if key not in fields}, self.output.document(row)

    def _shard_rows(self, entry: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
        with open_regular(self._listed(entry["file"]), follow_links=False) as handle:
            if file_digest(handle) != entry["sha256"]:
                raise self._damaged(entry["file"], "its content differs from the sha256 in the manifest "
                                                   "(damaged or truncated)")
            try:
                yield from decode_rows(handle, self.storage, entry["documents"])
            except ValueError as error:
                raise self._damaged(entry["file"], str(error)) from None

    def file_doc(self, entry: Mapping[str, Any]) -> Doc:
        """The document of a files run's manifest entry (its ``file`` and ``sha256``), with its metadata; the file
        is read as a regular file, capped, and checked against the sha256 first."""
        data = read_regular(self._listed(entry["file"]), MAX_DOCUMENT_BYTES, follow_links=False)
        if sha256(data) != entry["sha256"]:
            raise self._damaged(entry["file"], "its content differs from the sha256 in the manifest "
                                               "(damaged or truncated)")
        try:
            document = orjson.loads(data)
        except orjson.JSONDecodeError as error:
            raise self._damaged(entry["file"], f"not JSON: {error}") from None
        return {key: value for key, value in entry.items() if key not in _FILE_KEYS}, document

    def _listed(self, name: str) -> Path:
        """The path of the listed file ``name``; DamagedRunError if there is nothing there (what is there is
        opened as a regular file, never through a link: UnreadableFile says what else it is)."""
        path = self.root / name
        if not os.path.lexists(path):
            raise self._damaged(name, "listed in the manifest but missing")
        return path

    def _damaged(self, name: str, problem: str) -> DamagedRunError:
        return DamagedRunError(f"{self.root / name}: {problem}; `scenegen validate {self.root}` lists every problem")


def open_run(path: str | os.PathLike[str]) -> Run:
    """The finished run in the folder ``path``; DamagedRunError if it has no valid run record."""
    root = Path(path)
    return Run(root, read_run_record(root))


def records(path: str | os.PathLike[str]) -> Iterator[dict[str, Any]]:
    """Every record of the run in ``path``, in order, in the shape the shards hold (for ``files``, the
    document's manifest line with the document's record fields)."""
    run = open_run(path)
    output = run.output
    for entry in run.stream():
        if run.storage.shards:
            yield from run.unit_rows(entry)
        else:
            meta, document = next(run.unit_docs(entry))
            yield {**meta, **output.record_fields(document)}


def summary_of(path: str | os.PathLike[str]) -> Summary:
    """What every record of the run in ``path`` adds up to (its columns' types, its label counts): what its card
    says of a run resumed, whose own summary lacks what earlier runs recorded."""
    run = open_run(path)
    summary = Summary()
    for entry in run.stream():
        for row in run.unit_rows(entry):
            summary.add(row)
    return summary


def read(path: str | os.PathLike[str]) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
    """Every ``(document, label)`` of the run in ``path``, in order: a document as its file would hold it
    (an MCS scene, a CAIP record) and its ground truth."""
    run = open_run(path)
    for entry in run.stream():
        for meta, document in run.unit_docs(entry):
            yield document, meta["label"]


@dataclass(frozen=True)
class Pair:
    """The documents of one sample of a pair run, by role (e.g. ``expected`` and ``unexpected``), with their
    labels and the pair's own record (what differs, which is expected...)."""

    pair_id: str
    record: dict[str, Any]
    documents: dict[str, dict[str, Any]]
    labels: dict[str, Any]


def read_pairs(path: str | os.PathLike[str]) -> Iterator[Pair]:
    """Every sample of the pair run in ``path``, in order, its documents grouped; a ValueError for a run whose
    samples are single documents."""
    run = open_run(path)
    current: Pair | None = None
    for entry in run.stream():
        for meta, document in run.unit_docs(entry):
            if "pair_id" not in meta:
                raise ValueError(f"{run.root}: a run of single documents, not of pairs; use scenegen.read")
            if current is None or current.pair_id != meta["pair_id"]:
                if current is not None:
                    yield current
                current = Pair(meta["pair_id"], orjson.loads(meta["pair"]), {}, {})
            current.documents[meta["role"]] = document
            current.labels[meta["role"]] = meta["label"]
    if current is not None:
        yield current


def document(path: str | os.PathLike[str], record: Mapping[str, Any]) -> dict[str, Any]:
    """The document of one dataset record of the run in ``path`` (a row as ``datasets.load_dataset`` gives it):
    for a run of files, the file its ``file`` column names, read and checked against its ``sha256``; for
    shards, the document the record holds."""
    run = open_run(path)
    if run.storage.shards:
        return run.output.document(record)
    return run.file_doc(record)[1]


class RunReaders:
    """A run's ``(document, label)`` pairs dealt out to ``readers`` readers (data-loader workers of distributed
    ranks), each record to exactly one reader per epoch; torch-free (:mod:`scenegen.reading.torch_dataset` serves
    it to PyTorch).

    The run's files (shards, or scene files) are dealt out to the readers in
    turn; when there are fewer files than readers, every reader reads every file
    and keeps every ``readers``-th record. With ``shuffle_seed``, the files' order
    and the records within a file are shuffled anew each epoch, alike in every
    reader.
    """

    def __init__(self, path: str | os.PathLike[str], *, shuffle_seed: int | None = None) -> None:
        self.run = open_run(path)
        self.run.entries  # noqa: B018 - read now: a damaged manifest is refused here, not in a loader's worker
        self.shuffle_seed = shuffle_seed

    def reader(self, reader: int, readers: int, epoch: int = 0) -> Iterator[tuple[dict[str, Any], dict[str, Any]]]:
        """The records of reader ``reader`` of ``readers`` (``rank * workers + worker`` of
        ``world_size * workers``), in ``epoch``'s order."""
        entries = self.run.entries
        files: Sequence[int] = range(len(entries))
        if self.shuffle_seed is not None:
            files = np.random.default_rng([self.shuffle_seed, epoch]).permutation(len(entries)).tolist()
        whole_files = len(entries) >= readers
        position = 0  # of the file's first document among every document read so far (striding readers)
        for turn, number in enumerate(files):
            if whole_files and turn % readers != reader:
                continue
            size = entries[number].get("documents", 1)
            within: Sequence[int] = range(size)
            if self.shuffle_seed is not None:  # each file's own order, the same in every reader
                within = np.random.default_rng([self.shuffle_seed, epoch, number]).permutation(size).tolist()
            if not whole_files:  # every reader reads every file, and keeps every readers-th document
                within, position = within[(reader - position) % readers::readers], position + size
                if not within:
                    continue
            for meta, document in self.run.unit_docs(entries[number], within):
                yield document, meta["label"]
