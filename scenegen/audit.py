"""Validate files on disk: scene files, shards (JSON Lines or Parquet), or whole output folders.

A file's family comes from the ``run.json`` beside it (written by ``scenegen make``);
its ground truth and checksum from the ``manifest.jsonl`` beside it. A scene file
with neither is checked as a plain MCS scene (schema and format-wide checks).

A whole run folder is also checked for completeness: every manifest line is
whole and sound and listed once, every file it lists is there, every document
there is listed, and no temporary file of an interrupted run is left.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson

from .config import check_config
from .errors import Problem, ScenegenError
from .family import Family
from .files import is_temporary, sha256
from .manifest import MANIFEST, RUN_RECORD, SHARD_EXTENSIONS, entry_files, manifest_lines
from .plugins import family_named
from .storage import RECORD_KEYS, Storage, decode_rows
from .validate import document_problems, mcs_problems, schema_problems
from .writer import is_document


@dataclass(frozen=True)
class FileReport:
    path: Path
    problems: list[Problem]
    checked_as: str


@dataclass
class RunFolder:
    """What a folder's ``run.json`` and manifest say, and what is wrong with them."""

    family: Family | None = None
    storage: Storage = field(default_factory=Storage)
    #: File name -> (manifest line number, entry); later lines win, as a resumed run may rewrite a shard.
    listed: dict[str, tuple[int, dict[str, Any]]] = field(default_factory=dict)
    reports: list[FileReport] = field(default_factory=list)
    is_run: bool = False


def audit(paths: list[Path]) -> Iterator[FileReport]:
    """A report for every scene file or shard named by ``paths``; folders are searched and checked whole."""
    folders: dict[Path, RunFolder] = {}
    for path in paths:
        if path.is_dir():
            yield from _audit_folder(path, folders)
        else:
            yield audit_file(path, _run_folder(path.parent, folders))


def audit_file(path: Path, run: RunFolder | None = None) -> FileReport:
    """The report of one scene file or shard, read with the run of its folder."""
    if not path.is_file():
        return FileReport(path, [Problem("$", "no such file")], "nothing")
    run = run if run is not None else read_run_folder(path.parent)
    listed = run.listed.get(path.name)
    try:
        data = path.read_bytes()
    except OSError as error:
        return FileReport(path, [Problem("$", f"cannot read: {error.strerror}")], "nothing")
    problems = []
    if listed is not None:
        line, entry = listed
        if entry.get("sha256") not in (None, sha256(data)):
            problems.append(Problem("$", f"content differs from the sha256 on {MANIFEST} line {line}"))
    family = run.family
    if path.name.endswith(SHARD_EXTENSIONS):
        problems += _shard_problems(data, path.name, family, run.storage)
        return FileReport(path, problems, family.name if family else "unknown")
    try:
        document = orjson.loads(data)
    except orjson.JSONDecodeError as error:
        return FileReport(path, [*problems, Problem("$", f"not JSON: {error}")], "nothing")
    if family is None:
        problems += schema_problems(document, "mcs_scene") or mcs_problems(document)
        return FileReport(path, problems, "MCS scene (no run.json beside it)")
    truth = listed[1].get("label") if listed else None
    problems += _checked(document, family, truth, f"{MANIFEST} line {listed and listed[0]}")
    return FileReport(path, problems, family.name)


def read_run_folder(folder: Path) -> RunFolder:
    """Read a folder's run record and manifest, noting every problem with them."""
    run = RunFolder()
    _read_run_record(folder, run)
    manifest = folder / MANIFEST
    run.is_run = run.is_run or manifest.exists()
    seen: dict[bytes, int] = {}
    problems: list[Problem] = []
    for line in manifest_lines(manifest):
        if line.entry is None:
            problems.append(Problem(f"line {line.number}", line.problem or "unreadable"))
            continue
        key = orjson.dumps(line.entry, option=orjson.OPT_SORT_KEYS)
        if key in seen:
            problems.append(Problem(f"line {line.number}", f"repeats line {seen[key]}"))
            continue
        seen[key] = line.number
        problems += _listing_problems(run, line.number, line.entry)
    if problems:
        run.reports.append(FileReport(manifest, problems, "manifest"))
    return run


def _audit_folder(folder: Path, folders: dict[Path, RunFolder]) -> Iterator[FileReport]:
    run = _run_folder(folder, folders)
    yield from run.reports
    names = {path.name for path in folder.iterdir()}
    if run.is_run:
        for name, (number, _) in sorted(run.listed.items()):
            if name not in names:
                yield FileReport(folder / name, [Problem(f"{MANIFEST} line {number}", "listed but missing")], "nothing")
        for name in sorted(n for n in names if is_temporary(n)):
            yield FileReport(folder / name, [Problem("$", "temporary file of an interrupted run; rerun with --resume")],
                             "nothing")
    for path in sorted(folder / name for name in names):
        if is_document(path):
            report = audit_file(path, run)
            if run.is_run and path.name not in run.listed:
                report.problems.insert(0, Problem("$", f"not listed in {MANIFEST}"))
            yield report


def _run_folder(folder: Path, folders: dict[Path, RunFolder]) -> RunFolder:
    key = folder.resolve()
    if key not in folders:
        folders[key] = read_run_folder(key)
    return folders[key]


def _read_run_record(folder: Path, run: RunFolder) -> None:
    path = folder / RUN_RECORD
    if not path.is_file():
        return
    run.is_run = True
    try:
        record = orjson.loads(path.read_bytes())
        family_class = family_named(record["family"])
        run.family = family_class(check_config(record["config"], family_class.config_schema()))
        run.storage = Storage.from_record(record.get("storage"))
    except (orjson.JSONDecodeError, TypeError, KeyError) as error:
        run.reports.append(FileReport(path, [Problem("$", f"not a scenegen run record ({error})")], "run record"))
    except ScenegenError as error:
        run.reports.append(FileReport(path, [Problem("$", str(error))], "run record"))


def _listing_problems(run: RunFolder, number: int, entry: dict[str, Any]) -> list[Problem]:
    """List the entry's files; a file already listed is a problem unless both lines are shards (a resume)."""
    problems = []
    for name in entry_files(entry):
        earlier = run.listed.get(name)
        if earlier is not None and not ("first_index" in entry and "first_index" in earlier[1]):
            problems.append(Problem(f"line {number}", f"lists {name} again (first on line {earlier[0]})"))
        run.listed[name] = (number, entry)
    return problems


def _shard_problems(data: bytes, name: str, family: Family | None, storage: Storage) -> list[Problem]:
    """Every record of a shard checked as a document of ``family``, with its label as the truth."""
    if family is None:
        return [Problem("$", "a shard needs the run.json of its run beside it")]
    if not storage.shards or not name.endswith(storage.extension):
        return [Problem("$", f"not a shard of this run, whose storage is {storage.record()}")]
    try:
        rows = decode_rows(data, storage)
    except ValueError as error:
        return [Problem("$", str(error))]
    problems: list[Problem] = []
    output = family.output
    for number, row in enumerate(rows, start=1):
        missing = [key for key in (*RECORD_KEYS, *output.record_keys) if key not in row]
        if missing:
            problems.append(Problem(f"record {number}", f"lacks {', '.join(missing)}"))
            continue
        try:
            document = output.document(row)
        except (orjson.JSONDecodeError, TypeError) as error:
            problems.append(Problem(f"record {number}", f"its document cannot be read: {error}"))
            continue
        problems += [Problem(f"record {number} {p.path}", p.message)
                     for p in _checked(document, family, row["label"], f"record {number}")]
    return problems


def _checked(document: Any, family: Family, truth: Any, where: str) -> list[Problem]:
    """``document``'s problems; a hand-edited truth that the family's checks cannot read is one too."""
    try:
        return document_problems(document, family, truth)
    except (KeyError, TypeError, ValueError) as error:
        return [Problem("$", f"cannot be checked against its label on {where}: {type(error).__name__}: {error}")]
