"""Write a run's output folder: documents atomically, then one manifest line each.

An output folder holds ``run.json`` (what was run), the documents, and
``manifest.jsonl``. A document is written to a temporary file and renamed into
place, and its manifest line is appended only after the rename, so a crash never
leaves a truncated document nor a manifest line naming a missing one; ``--resume``
then trusts the manifest. The writer knows files and bytes, never families.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, BinaryIO

import orjson

from .errors import ConfigError

MANIFEST = "manifest.jsonl"
RUN_RECORD = "run.json"


def dump_json(document: Any, *, indent: bool = True) -> bytes:
    """Serialise a JSON-ready document (indented, as the MCS scenes are)."""
    return orjson.dumps(document, option=orjson.OPT_INDENT_2 if indent else 0)


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` via a temporary file and a rename."""
    temporary = path.with_name(f".{path.name}.tmp")
    with temporary.open("wb") as handle:
        handle.write(data)
    os.replace(temporary, path)


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class OutputFolder:
    """A run's output folder, opened fresh, for resuming, or to overwrite."""

    def __init__(self, root: Path, run: Mapping[str, Any], *, resume: bool = False, overwrite: bool = False) -> None:
        self.root = root
        self.manifest_path = root / MANIFEST
        root.mkdir(parents=True, exist_ok=True)
        previous = self._previous_run()
        if previous is not None and overwrite:
            self._remove_previous()
        elif previous is not None and not resume:
            raise ConfigError("--out", f"{root} already holds a run; pass --resume to continue it or --overwrite")
        elif previous is not None and previous != run:
            raise ConfigError("--resume", f"{root} holds a different run (config, seed or prefix differ); use --overwrite")
        self.done = self._completed_indices() if resume else set()
        write_atomic(root / RUN_RECORD, dump_json(run))
        self._manifest: BinaryIO = self.manifest_path.open("ab")

    def write_document(self, name: str, data: bytes) -> str:
        """Write one document file; return its sha256."""
        write_atomic(self.root / name, data)
        return sha256(data)

    def record(self, entry: Mapping[str, Any]) -> None:
        """Append one manifest line (after the documents it names are in place)."""
        self._manifest.write(orjson.dumps(entry) + b"\n")

    def close(self) -> None:
        self._manifest.close()

    def __enter__(self) -> OutputFolder:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def _previous_run(self) -> dict[str, Any] | None:
        path = self.root / RUN_RECORD
        if not path.exists():
            return None
        return orjson.loads(path.read_bytes())

    def _remove_previous(self) -> None:
        for entry in read_manifest(self.manifest_path):
            for name in entry_files(entry):
                (self.root / name).unlink(missing_ok=True)
        self.manifest_path.unlink(missing_ok=True)

    def _completed_indices(self) -> set[int]:
        """Indices whose manifest line is complete; a torn last line is cut off first."""
        if not self.manifest_path.exists():
            return set()
        data = self.manifest_path.read_bytes()
        complete = data[: data.rfind(b"\n") + 1]
        if len(complete) != len(data):
            with self.manifest_path.open("r+b") as handle:
                handle.truncate(len(complete))
        done: set[int] = set()
        for entry in read_manifest(self.manifest_path):
            done.update(entry_indices(entry))
        return done


def read_manifest(path: Path) -> Iterator[dict[str, Any]]:
    """The manifest's entries, in order (nothing if it does not exist)."""
    if not path.exists():
        return
    with path.open("rb") as handle:
        for line in handle:
            if line.strip():
                yield orjson.loads(line)


def entry_files(entry: Mapping[str, Any]) -> list[str]:
    """The file names a manifest entry covers."""
    if "file" in entry:
        return [entry["file"]]
    return list(entry.get("files", {}).values())


def entry_indices(entry: Mapping[str, Any]) -> range:
    """The sample indices a manifest entry covers: one scene, or a shard's run of records."""
    if "first_index" in entry:
        return range(entry["first_index"], entry["first_index"] + entry["count"])
    return range(entry["index"], entry["index"] + 1)
