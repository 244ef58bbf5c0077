"""Validate files on disk: scene files, shards (JSON Lines or Parquet), or whole run folders (``scenegen validate``).

Nothing read is trusted. A run folder needs its run record (``run.json``, held
to its schema by :mod:`scenegen.folder.run_record`); every manifest line is held to the
schema of a manifest line and to the run: its family, split and file name are
the run's, and a finished run lists its samples in order, ``0`` to ``N - 1``,
each once (for ``files``, each sample's documents with their distinct roles; for
shards, runs of ``shard_size`` samples). Every file is opened as a regular file
of the folder, never through a link, read up to a cap (shards streaming, a
record at a time: :mod:`scenegen.reading.shards`) and checked against its manifest line:
its sha256, and for a shard its records and samples. Every document is checked
as ``make`` checks it before writing it: its schema, the format-wide rules, and
with ``semantic`` the family's own checks against its label (``make --check``).
A whole folder is also checked for completeness: every document there is
listed, no temporary file of an interrupted run is left.

A run of a million scenes is checked in one pass over its manifest, in flat
memory: the names listed so far, and a few counters to check the order.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from scenegen.errors import Problem
from scenegen.folder.files import (
    MAX_DOCUMENT_BYTES,
    UnreadableFile,
    file_digest,
    is_temporary,
    open_regular,
    read_regular,
    sha256,
)
from scenegen.folder.manifest import (
    DOCUMENT_EXTENSIONS,
    MANIFEST,
    RUN_RECORD,
    SHARD_EXTENSIONS,
    manifest_lines,
    other_storage,
)
from scenegen.folder.run_record import RunRecordError, read_run_record, run_family
from scenegen.folder.storage import MAX_SHARD_SIZE, Storage
from scenegen.plugin.family import Family
from scenegen.plugin.outputs import Output
from scenegen.plugin.schemas import document_problems, schema_problems, schema_summary
from scenegen.reading.sample_order import FROM_SHARD, UNFINISHED, SampleOrder, samples_named
from scenegen.reading.shards import decode_rows

#: Problems one report lists; the rest are counted (a manifest of a million bad lines is not printed whole).
MAX_PROBLEMS = 100

#: The most records a shard no manifest line describes may hold: two documents for each of its samples.
_MAX_SHARD_RECORDS = 2 * MAX_SHARD_SIZE


@dataclass(frozen=True)
class FileReport:
    """What is wrong with one file (nothing, if ``problems`` is empty)."""

    path: Path
    problems: list[Problem]


def audit(paths: Iterable[Path], *, semantic: bool = False, loose: Output | None = None) -> Iterator[FileReport]:
    """A report for every scene file or shard named by ``paths``, and for every file of the folders among them,
    checked whole; with ``semantic``, each document also gets its family's own checks. A document of no run
    (without a run.json beside it) is checked as a document of ``loose``, if given."""
    named: dict[Path, list[Path]] = {}  # named files by their folder, each folder's manifest read once
    for path in paths:
        if path.is_dir():
            yield from _Folder(path, semantic, loose).whole()
        else:
            named.setdefault(path.parent.resolve(), []).append(path)
    for folder, files in named.items():
        yield from _Folder(folder, semantic, loose).files(files)


class _Problems:
    """A report's problems as they are found, at most :data:`MAX_PROBLEMS` of them listed."""

    def __init__(self) -> None:
        self.listed: list[Problem] = []
        self.more = 0

    def add(self, where: str, message: str) -> None:
        if len(self.listed) < MAX_PROBLEMS:
            self.listed.append(Problem(where, message))
        else:
            self.more += 1

    def report(self, path: Path) -> FileReport:
        more = [Problem("$", f"and {self.more:,} more problems")] if self.more else []
        return FileReport(path, self.listed + more)


class _Folder:
    """One folder checked: its run record read first, then its manifest streamed line by line."""

    def __init__(self, folder: Path, semantic: bool, loose: Output | None) -> None:
        self.folder = folder
        self.semantic = semantic
        self.loose = loose
        self.record: dict[str, Any] | None = None
        self.family: Family | None = None
        self.storage = Storage()
        self.per_sample = 1
        self.roles: tuple[str, ...] = ()
        self.record_problem: RunRecordError | None = None
        try:
            record = read_run_record(folder)
            self.family = run_family(folder, record)
        except RunRecordError as error:
            self.record_problem = error
            return
        self.record = record
        self.storage = Storage.from_record(self.record["storage"])
        self.per_sample = self.family.pairing.documents_per_sample(self.family.config)
        self.roles = self.family.pairing.roles if self.per_sample > 1 else ()

    # The whole folder

    def whole(self) -> Iterator[FileReport]:
        """Reports on the run record, every file the manifest lists, the manifest, and every other file there."""
        has_manifest = os.path.lexists(self.folder / MANIFEST)
        names = sorted(os.listdir(self.folder))
        is_run = has_manifest or os.path.lexists(self.folder / RUN_RECORD) or any(map(_is_document_name, names))
        if is_run and self.record_problem is not None:
            yield self._record_report()
        listed: set[str] = set()
        if self.record is not None:
            yield from self._listed_files(listed)
        for name in names:
            if is_temporary(name) and is_run:
                yield FileReport(self.folder / name, [Problem("$", "temporary file of an interrupted run: the run "
                                                                    "is unfinished")])
            elif _is_document_name(name) and name not in listed:
                yield self._unlisted(self.folder / name, whole=True)

    def _listed_files(self, listed: set[str]) -> Iterator[FileReport]:
        """A report on every file the manifest lists, in its order; then the manifest's own, if it has problems."""
        problems = _Problems()
        order = _ManifestOrder(self)
        try:
            for line in manifest_lines(self.folder / MANIFEST):
                where = f"line {line.number}"
                if line.entry is None:
                    problems.add(where, line.problem or "unreadable")
                    continue
                name = line.entry["file"]
                if name in listed:
                    problems.add(where, f"lists {name} again")
                    continue
                listed.add(name)
                for problem in order.line_problems(line.number, line.entry):
                    problems.add(where, problem)
                yield self._listed(self.folder / name, line.entry, line.number)
        except UnreadableFile as error:
            problems.add("$", _without_path(error, self.folder / MANIFEST))
        for problem in order.finish():
            problems.add("end", problem)
        if problems.listed:
            yield problems.report(self.folder / MANIFEST)

    # Files named one by one

    def files(self, paths: list[Path]) -> Iterator[FileReport]:
        """Reports on the files ``paths`` of this folder, each checked against its manifest line, if any (a folder
        with a manifest or a run record holds a run, which must have a valid record)."""
        has_run = any(os.path.lexists(self.folder / name) for name in (RUN_RECORD, MANIFEST))
        if self.record_problem is not None and has_run:
            yield self._record_report()
        wanted = {path.name: path for path in paths}
        if self.record is not None:
            try:
                for line in manifest_lines(self.folder / MANIFEST):
                    if line.entry is not None and line.entry["file"] in wanted:
                        yield self._listed(wanted.pop(line.entry["file"]), line.entry, line.number)
            except UnreadableFile as error:
                yield FileReport(self.folder / MANIFEST, [Problem("$", _without_path(error, self.folder / MANIFEST))])
        for path in wanted.values():
            yield self._unlisted(path, whole=False)

    # One file

    def _listed(self, path: Path, entry: Mapping[str, Any], number: int) -> FileReport:
        """The report on the file of the manifest line ``number``."""
        if not os.path.lexists(path):
            return FileReport(path, [Problem(f"{MANIFEST} line {number}", "listed but missing")])
        if "first_index" in entry:
            return self._shard(path, entry, number)
        return self._document(path, entry, number)

    def _unlisted(self, path: Path, *, whole: bool) -> FileReport:
        """The report on a file no manifest line lists: in a run, that is its problem; a scene file of no run is
        checked as a plain MCS scene (through a link only if it was named as one)."""
        if self.record is not None and whole:
            return FileReport(path, [Problem("$", f"not listed in {MANIFEST}")])
        if path.name.endswith(SHARD_EXTENSIONS):
            report = self._shard(path, None, 0)
        else:
            report = self._document(path, None, 0, follow_links=not whole and self.record is None)
        if self.record is not None:
            report.problems.insert(0, Problem("$", f"not listed in {MANIFEST}"))
        return report

    def _document(self, path: Path, entry: Mapping[str, Any] | None, number: int, *,
                  follow_links: bool = False) -> FileReport:
        problems = _Problems()
        try:
            data = read_regular(path, MAX_DOCUMENT_BYTES, follow_links=follow_links)
        except UnreadableFile as error:
            return FileReport(path, [Problem("$", _without_path(error, path))])
        if entry is not None and sha256(data) != entry["sha256"]:
            problems.add("$", f"content differs from the sha256 on {MANIFEST} line {number}")
        try:
            document = orjson.loads(data)
        except orjson.JSONDecodeError as error:
            problems.add("$", f"not JSON: {error}")
            return problems.report(path)
        if self.family is None:
            for problem in self._loose_problems(document):
                problems.add(problem.path, problem.message)
        else:
            truth = entry["label"] if entry is not None else None
            for problem in self.checked(document, truth, f"{MANIFEST} line {number}"):
                problems.add(problem.path, problem.message)
        return problems.report(path)

    def _loose_problems(self, document: Any) -> list[Problem]:
        """What is wrong with a document of no run, checked as one of the output asked for."""
        if self.loose is None:
            return [Problem("$", "a document is checked with its run's run.json, and there is none beside it")]
        return schema_problems(document, self.loose.document_schema) or self.loose.format_problems(document)

    def _shard(self, path: Path, entry: Mapping[str, Any] | None, number: int) -> FileReport:
        if self.family is None:
            return FileReport(path, [Problem("$", "a shard is read with its run's run.json, and there is no valid "
                                                  "one beside it")])
        if not self.storage.shards or not path.name.endswith(self.storage.extension):
            return FileReport(path, [Problem("$", f"not a shard of this run, whose storage is "
                                                  f"{self.storage.record()}")])
        problems = _Problems()
        try:
            handle = open_regular(path, follow_links=False)
        except UnreadableFile as error:
            return FileReport(path, [Problem("$", _without_path(error, path))])
        with handle:
            if entry is not None and file_digest(handle) != entry["sha256"]:
                problems.add("$", f"content differs from the sha256 on {MANIFEST} line {number}")
            records = _ShardRecords(self, entry)
            try:
                for position, row in enumerate(decode_rows(handle, self.storage, records.expected), start=1):
                    for where, message in records.problems(position, row):
                        problems.add(where, message)
            except ValueError as error:
                problems.add("$", str(error))
            for message in records.finish():
                problems.add("$", message)
        return problems.report(path)

    def checked(self, document: Any, truth: Any, where: str) -> list[Problem]:
        """``document``'s problems, as ``make`` finds them; a hand-edited truth that the family's checks cannot
        read is one too."""
        assert self.family is not None
        try:
            return document_problems(document, self.family, truth, semantic=self.semantic)
        except (KeyError, TypeError, ValueError) as error:
            return [Problem("$", f"cannot be checked against its label on {where}: {type(error).__name__}: {error}")]

    def _record_report(self) -> FileReport:
        assert self.record_problem is not None
        error = self.record_problem
        if error.path == self.folder:  # no run record at all
            advice = ("a run folder needs the run.json its run wrote" if os.path.lexists(self.folder / MANIFEST)
                      else "name scene files one by one to check them as plain MCS scenes")
            return FileReport(self.folder / RUN_RECORD, [Problem("$", f"missing, so the folder holds no scenegen "
                                                                      f"run; {advice}")])
        return FileReport(error.path, [Problem("$", error.problem)])

    # What the run's records say

    def identity_problems(self, record: Mapping[str, Any]) -> list[str]:
        """What is wrong with a (schema-checked) record's family, split, id and pair fields for this run."""
        assert self.record is not None
        problems = [f"{key} {record[key]!r} is not the run's ({self.record[key]!r})"
                    for key in ("family", "split") if record[key] != self.record[key]]
        stem = f"{self.record['prefix']}{record['index']:06d}"
        role = record.get("role")
        if self.roles and role not in self.roles:
            problems.append(f"role {role!r} is not one of the run's ({', '.join(self.roles)})")
        elif not self.roles and role is not None:
            problems.append(f"has role {role!r}, but the run makes no pairs")
        if role is not None and record.get("pair_id") != stem:
            problems.append(f"pair_id {record.get('pair_id')!r} is not the sample's ({stem!r})")
        expected_id = f"{stem}_{role}" if role is not None else stem
        if record["id"] != expected_id:
            problems.append(f"id {record['id']!r} is not the one of its index ({expected_id!r})")
        return problems


class _ManifestOrder:
    """What a finished run's manifest lines must say beyond their schema, checked line by line in flat memory:
    the run's family, split and file names; the samples 0, 1, 2... in order, each listed once, whole."""

    def __init__(self, folder: _Folder) -> None:
        self.folder = folder
        self.storage = folder.storage
        self.samples = SampleOrder(0, folder.per_sample, UNFINISHED)
        self.short_shard = 0  # the line before, if its shard has fewer samples than shard_size (only the last may)

    def line_problems(self, number: int, entry: Mapping[str, Any]) -> list[str]:
        """What is wrong with the (schema-checked) manifest line ``number`` here, after the lines before it."""
        mismatch = other_storage(entry, self.storage.record())
        if mismatch is not None:
            return [mismatch]
        if self.storage.shards:
            return self._shard_problems(number, entry)
        problems = self.folder.identity_problems(entry)
        if entry["file"] != f"{entry['id']}.json":
            problems.append(f"file {entry['file']!r} is not its id's ({entry['id']}.json)")
        return problems + self.samples.add(entry["index"], entry.get("role"))

    def finish(self) -> list[str]:
        return self.samples.finish()

    def _shard_problems(self, number: int, entry: Mapping[str, Any]) -> list[str]:
        assert self.folder.record is not None
        first, count, size = entry["first_index"], entry["count"], self.storage.shard_size
        problems = [f"{key} {entry[key]!r} is not the run's ({self.folder.record[key]!r})"
                    for key in ("family", "split") if entry[key] != self.folder.record[key]]
        if self.short_shard:
            problems.append(f"follows line {self.short_shard}, whose shard holds fewer samples than the run's "
                            f"shard_size ({size}): only the last shard may")
        if first % size:
            problems.append(f"first_index {first} is not a multiple of the run's shard_size ({size})")
        if count > size:
            problems.append(f"count {count} is more than the run's shard_size ({size})")
        if entry["documents"] != count * self.folder.per_sample:
            problems.append(f"documents {entry['documents']} is not count x {self.folder.per_sample} "
                            f"({count * self.folder.per_sample})")
        name = self.storage.shard_name(self.folder.record["stem"], first // size)
        if entry["file"] != name:
            problems.append(f"file {entry['file']!r} is not the run's name for its shard ({name!r})")
        if first < self.samples.next:
            problems.append(f"first_index {first} out of order or overlapping (samples 0 to {self.samples.next - 1} "
                            f"are listed above): a finished run lists its shards in order")
        elif first > self.samples.next:
            problems.append(f"{samples_named(self.samples.next, first - 1)} missing{UNFINISHED}")
        self.samples.next = max(self.samples.next, first + count)
        self.short_shard = number if count < size else 0
        return problems


class _ShardRecords:
    """A shard's records checked one at a time against its manifest line and the run: their shape, identity and
    order, and their documents as ``make`` checks them."""

    def __init__(self, folder: _Folder, entry: Mapping[str, Any] | None) -> None:
        assert folder.family is not None
        self.folder = folder
        self.family = folder.family
        self.entry = entry
        self.expected = entry["documents"] if entry is not None else _MAX_SHARD_RECORDS
        self.samples: SampleOrder | None = None  # made at the first record for a shard no line describes
        if entry is not None:
            self.samples = SampleOrder(entry["first_index"], folder.per_sample, FROM_SHARD)

    def problems(self, position: int, row: dict[str, Any]) -> Iterator[tuple[str, str]]:
        where = f"record {position}"
        broken = schema_summary(row, "dataset_record")
        missing = [key for key in self.family.output.record_keys if key not in row]
        if broken or missing:
            yield where, broken or f"lacks {', '.join(missing)}"
            return
        if self.samples is None:  # a shard no line describes: its samples start where its first record's does
            self.samples = SampleOrder(row["index"], self.folder.per_sample, FROM_SHARD)
        for problem in (*self.folder.identity_problems(row), *self.samples.add(row["index"], row.get("role"))):
            yield where, problem
        try:
            document = self.family.output.document(row)
        except (orjson.JSONDecodeError, TypeError, KeyError) as error:
            yield where, f"its document cannot be read: {error}"
            return
        for found in self.folder.checked(document, row["label"], where):
            yield f"{where} {found.path}", found.message

    def finish(self) -> list[str]:
        """What is wrong with the shard's samples as a whole: the last one's, and their count against its line's."""
        if self.samples is None:
            return []
        problems = self.samples.finish()
        if self.entry is not None:
            last = self.entry["first_index"] + self.entry["count"] - 1
            if self.samples.next - 1 != last:
                problems.append(f"its last sample is {self.samples.next - 1}, its manifest line's is {last}")
        return problems


def _is_document_name(name: str) -> bool:
    """Whether ``name`` is named as a document of a run (a JSON file or a shard, not the run's own files)."""
    return name.endswith(DOCUMENT_EXTENSIONS) and name not in (RUN_RECORD, MANIFEST) and not name.startswith(".")


def _without_path(error: UnreadableFile, path: Path) -> str:
    """An unreadable file's message without its path (a report names the path itself)."""
    return str(error).removeprefix(f"{path}: ")
