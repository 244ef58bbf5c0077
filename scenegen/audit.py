"""Validate files on disk: scene files, JSONL shards, or whole output folders.

A file's family comes from the ``run.json`` beside it (written by ``scenegen make``);
its ground truth and checksum from the ``manifest.jsonl`` beside it. A scene file
with neither is checked as a plain MCS scene (schema and format-wide checks).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import orjson

from .config import check_config
from .errors import Problem
from .family import Family
from .plugins import family_named
from .run import document_truth
from .validate import document_problems, mcs_problems, schema_problems
from .writer import MANIFEST, RUN_RECORD, entry_files, read_manifest, sha256


@dataclass(frozen=True)
class FileReport:
    path: Path
    problems: list[Problem]
    checked_as: str


def audit(paths: list[Path]) -> Iterator[FileReport]:
    """A report for every scene file or shard named by ``paths`` (folders are searched)."""
    for path in paths:
        if path.is_dir():
            yield from (audit_file(p) for p in sorted(path.iterdir()) if _is_document(p))
        else:
            yield audit_file(path)


def audit_file(path: Path) -> FileReport:
    if not path.is_file():
        return FileReport(path, [Problem("$", "no such file")], "nothing")
    family = _family_of(path.parent.resolve())
    entry = _manifest_entries(path.parent.resolve()).get(path.name)
    data = path.read_bytes()
    problems = []
    if entry is not None and entry.get("sha256") and _expected_hash(entry, path.name) != sha256(data):
        problems.append(Problem("$", "content differs from the sha256 in the manifest"))
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
    truth = _document_truth(entry, path.name) if entry else None
    return FileReport(path, problems + document_problems(document, family, truth), family.name)


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


def _expected_hash(entry: dict[str, Any], name: str) -> str:
    hashes = entry["sha256"]
    return hashes if isinstance(hashes, str) else hashes[_suffix(entry, name)]


def _document_truth(entry: dict[str, Any], name: str) -> Any:
    return document_truth(entry.get("truth") or {}, _suffix(entry, name)) if "truth" in entry else None


@cache
def _family_of(folder: Path) -> Family | None:
    record = folder / RUN_RECORD
    if not record.is_file():
        return None
    run = orjson.loads(record.read_bytes())
    family_class = family_named(run["family"])
    return family_class(check_config(run["config"], family_class.config_schema()))


@cache
def _manifest_entries(folder: Path) -> dict[str, dict[str, Any]]:
    # Later entries win: a resumed run may rewrite a shard.
    return {name: entry for entry in read_manifest(folder / MANIFEST) for name in entry_files(entry)}
