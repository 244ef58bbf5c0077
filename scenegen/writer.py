"""Write a run's output folder: documents atomically, then one manifest line each.

An output folder holds ``run.json`` (what was run), the documents, and
``manifest.jsonl``. A document is written to a temporary file and renamed into
place, and its manifest line is appended only after the rename, so a crash never
leaves a truncated document nor a manifest line naming a missing one; ``--resume``
then trusts the manifest. The writer knows files and bytes, never families.

When the file system refuses (full, read-only, permissions), the temporary file
is removed and a :class:`~scenegen.errors.StorageError` names the path: what was
recorded stays recorded, so the run can be resumed.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, BinaryIO

import orjson

from .errors import ConfigError, StorageError
from .manifest import MANIFEST, entry_files, entry_indices, read_manifest

RUN_RECORD = "run.json"


def dump_json(document: Any, *, indent: bool = True) -> bytes:
    """Serialise a JSON-ready document (indented, as the MCS scenes are)."""
    return orjson.dumps(document, option=orjson.OPT_INDENT_2 if indent else 0)


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` via a temporary file and a rename; on any failure remove the temporary file."""
    temporary = path.with_name(f".{path.name}.tmp")
    try:
        with temporary.open("wb") as handle:
            handle.write(data)
        os.replace(temporary, path)
    except BaseException as error:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise StorageError.of(error, path) from None
        raise


@contextlib.contextmanager
def storage(path: Path) -> Iterator[None]:
    """Report a file-system failure while working on ``path`` as a StorageError naming it."""
    try:
        yield
    except OSError as error:
        raise StorageError.of(error, error.filename or path) from None


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class OutputFolder:
    """A run's output folder, opened fresh, for resuming, or to overwrite.

    ``done`` holds the indices the manifest records, including those recorded
    since the folder was opened. A run that fails before recording anything in
    a folder that held no run leaves nothing behind.
    """

    def __init__(self, root: Path, run: Mapping[str, Any], *, resume: bool = False, overwrite: bool = False) -> None:
        self.root = root
        self.manifest_path = root / MANIFEST
        self._recorded = False
        with storage(root):
            self._created = not root.exists()
            root.mkdir(parents=True, exist_ok=True)
            self._fresh = self._open(run, resume=resume, overwrite=overwrite)
            self.done = self._completed_indices() if resume else set()
        try:
            write_atomic(root / RUN_RECORD, dump_json(run))
            with storage(self.manifest_path):
                self._manifest: BinaryIO = self.manifest_path.open("ab")
        except BaseException:
            if self._fresh:
                self._remove_empty_run()
            raise

    def write_document(self, name: str, data: bytes) -> str:
        """Write one document file; return its sha256."""
        write_atomic(self.root / name, data)
        return sha256(data)

    def record(self, entry: Mapping[str, Any]) -> None:
        """Append one manifest line (after the documents it names are in place)."""
        with storage(self.manifest_path):
            self._manifest.write(orjson.dumps(entry) + b"\n")
        self.done.update(entry_indices(entry))
        self._recorded = True

    def close(self) -> None:
        with storage(self.manifest_path):
            self._manifest.close()

    def __enter__(self) -> OutputFolder:
        return self

    def __exit__(self, exc_type: object, *exc_info: object) -> None:
        try:
            self.close()
        finally:
            if exc_type is not None and self._fresh and not self._recorded:
                self._remove_empty_run()

    def _open(self, run: Mapping[str, Any], *, resume: bool, overwrite: bool) -> bool:
        """Check the run already in the folder against ``run``; return whether the folder held none."""
        previous = self._previous_run()
        if previous is None:
            self._remove_stale_temporaries()
            return True
        if overwrite:
            self._remove_previous()
        elif not resume:
            raise ConfigError("--out", f"{self.root} already holds a run; pass --resume to continue it, "
                                       "choose another --out, or pass --overwrite to replace it")
        elif previous != run:
            raise ConfigError("--resume", f"{self.root} holds a different run: {run_difference(previous, run)}; "
                                          "rerun with its values to continue it, choose another --out, "
                                          "or pass --overwrite to replace it")
        self._remove_stale_temporaries()
        return False

    def _previous_run(self) -> dict[str, Any] | None:
        path = self.root / RUN_RECORD
        if not path.exists():
            return None
        try:
            previous = orjson.loads(path.read_bytes())
        except orjson.JSONDecodeError:
            previous = None
        if not isinstance(previous, dict):
            raise ConfigError("--out", f"{path} is not a scenegen run record; choose another --out, "
                                       "or pass --overwrite to replace the run")
        return previous

    def _remove_previous(self) -> None:
        for entry in read_manifest(self.manifest_path):
            for name in entry_files(entry):
                (self.root / name).unlink(missing_ok=True)
        self.manifest_path.unlink(missing_ok=True)

    def _remove_stale_temporaries(self) -> None:
        """Temporary files of a run that was killed mid-write."""
        for stale in self.root.glob(".*.tmp"):
            stale.unlink(missing_ok=True)

    def _remove_empty_run(self) -> None:
        with contextlib.suppress(OSError):
            self.manifest_path.unlink(missing_ok=True)
            (self.root / RUN_RECORD).unlink(missing_ok=True)
            if self._created:
                self.root.rmdir()

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


def run_difference(previous: Mapping[str, Any], run: Mapping[str, Any], path: str = "") -> str:
    """The first key whose value differs between two run records, with both values."""
    for key in [*run, *(key for key in previous if key not in run)]:
        where = f"{path}.{key}" if path else str(key)
        old, new = previous.get(key, "(absent)"), run.get(key, "(absent)")
        if isinstance(old, Mapping) and isinstance(new, Mapping):
            if old != new:
                return run_difference(old, new, where)
        elif old != new:
            return f"its {where} is {old!r}, this command's is {new!r}"
    return "the run records differ"
