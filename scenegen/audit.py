"""Validate files on disk: scene files, JSONL shards, or whole output folders.

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
from .manifest import MANIFEST, RUN_RECORD, entry_files, manifest_lines
from .pipeline import document_truth
from .plugins import family_named
from .validate import document_problems, mcs_problems, schema_problems
from .writer import sha256


@dataclass(frozen=True)
class FileReport:
    path: Path
    problems: list[Problem]
    checked_as: str


@dataclass
class RunFolder:
    """What a folder's ``run.json`` and manifest say, and what is wrong with them."""

    family: Family | None = None
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
        expected = _expected_hash(entry, path.name)
        if expected is not None and expected != sha256(data):
            problems.append(Problem("$", f"content differs from the sha256 on {MANIFEST} line {line}"))
    family = run.family
    if path.suffix == ".jsonl":
        problems += _shard_problems(data, family)
        return FileReport(path, problems, family.name if family else "unknown")
    try:
        document = orjson.loads(data)
    except orjson.JSONDecodeError as error:
        return FileReport(path, [*problems, Problem("$", f"not JSON: {error}")], "nothing")
    if family is None:
        problems += schema_problems(document, "mcs_scene") or mcs_problems(document)
        return FileReport(path, problems, "MCS scene (no run.json beside it)")
    truth = _document_truth(listed[1], path.name) if listed else None
    try:
        problems += document_problems(document, family, truth)
    except (KeyError, TypeError, ValueError) as error:  # a hand-edited truth the family's checks cannot read
        problems.append(Problem("$", f"cannot be checked against its truth on {MANIFEST} line {listed and listed[0]}: "
                                     f"{type(error).__name__}: {error}"))
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
        for name in sorted(n for n in names if n.startswith(".") and n.endswith(".tmp")):
            yield FileReport(folder / name, [Problem("$", "temporary file of an interrupted run; rerun with --resume")],
                             "nothing")
    for path in sorted(folder / name for name in names):
        if _is_document(path):
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


def _shard_problems(data: bytes, family: Family | None) -> list[Problem]:
    if family is None:
        return [Problem("$", "a JSONL shard needs the run.json of its run beside it")]
    problems: list[Problem] = []
    for number, line in enumerate(data.splitlines(), start=1):
        try:
            record = orjson.loads(line)
        except orjson.JSONDecodeError as error:
            problems.append(Problem(f"line {number}", f"not JSON: {error}"))
            continue
        problems += [Problem(f"line {number} {p.path}", p.message) for p in document_problems(record, family, None)]
    return problems


def _is_document(path: Path) -> bool:
    return path.suffix in (".json", ".jsonl") and path.name not in (RUN_RECORD, MANIFEST) and path.is_file()


def _suffix(entry: dict[str, Any], name: str) -> str:
    return next((suffix for suffix, file in entry.get("files", {}).items() if file == name), "")


def _expected_hash(entry: dict[str, Any], name: str) -> str | None:
    hashes = entry.get("sha256")
    return hashes if isinstance(hashes, str) or hashes is None else hashes.get(_suffix(entry, name))


def _document_truth(entry: dict[str, Any], name: str) -> Any:
    return document_truth(entry.get("truth") or {}, _suffix(entry, name)) if "truth" in entry else None
