"""What a run folder holds, and which of it is the run's: its documents by name, the manifest lines a resumed run
can trust (their files all there with the sha256 they record), the part files workers leave, the manifest's order.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping
from operator import itemgetter
from pathlib import Path
from typing import Any

from scenegen.folder.disk import storage_errors
from scenegen.folder.files import (
    UnreadableFile,
    create_new,
    file_digest,
    is_temporary,
    open_regular,
    temporary_name,
    write_atomic,
)
from scenegen.folder.lock import LOCK_NAME
from scenegen.folder.manifest import (
    DOCUMENT_EXTENSIONS,
    MANIFEST,
    RUN_RECORD,
    SHARD_EXTENSIONS,
    Line,
    entry_hashes,
    entry_indices,
    manifest_lines,
)
from scenegen.folder.overwrite import MARKER


def file_sha256(path: Path) -> str | None:
    """The sha256 of the regular file at ``path`` (never through a link), read once; None if there is none."""
    try:
        with open_regular(path, follow_links=False) as handle:
            return file_digest(handle)
    except UnreadableFile:
        return None


def run_documents(run: Mapping[str, Any]) -> Callable[[str], bool]:
    """Whether a file name is one the run ``run`` names its documents by: ``<prefix><index>[_<role>].json``, or
    ``<stem>-<shard><extension>`` for shards. Files so named in its folder are the run's; others, the user's."""
    storage_record = run.get("storage") or {}
    if storage_record.get("format", "files") == "files":
        pattern = re.escape(str(run.get("prefix", ""))) + r"\d{6,}(_[A-Za-z0-9]+)?\.json"
    else:
        pattern = re.escape(str(run.get("stem", ""))) + r"-\d{5,}(" + "|".join(map(re.escape, SHARD_EXTENSIONS)) + ")"
    matcher = re.compile(pattern)
    return lambda name: matcher.fullmatch(name) is not None


def is_scenegens(name: str) -> bool:
    """Whether a file of a folder that holds no run record is scenegen's own: a lock or temporary file a
    stopped run left, or an overwrite's mark."""
    return name in (LOCK_NAME, MARKER) or is_temporary(name)


def line_entry(line: Line) -> dict[str, Any]:
    """The entry of a manifest line already found sound."""
    assert line.entry is not None
    return line.entry


def intact_lines(root: Path, lines: list[Line]) -> list[Line]:
    """The sound manifest lines, each kept once, whose files are all in ``root`` with the sha256 they record."""
    digests: dict[str, str | None] = {}
    seen: set[bytes] = set()
    kept = []
    for line in lines:
        if line.entry is None or line.raw in seen:
            continue
        if all(_digest(root, name, digests) == expected for name, expected in entry_hashes(line.entry)):
            kept.append(line)
            seen.add(line.raw)
    return kept


def whole_samples(lines: list[Line], per_sample: int) -> list[Line]:
    """``lines`` without those of a sample missing some of its ``per_sample`` document lines (a line per
    document; a shard's line is whole by itself)."""
    if per_sample == 1:
        return lines
    counts = Counter(line_entry(line)["index"] for line in lines if "index" in line_entry(line))
    return [line for line in lines if counts.get(line_entry(line).get("index"), per_sample) == per_sample]


def _digest(root: Path, name: str, digests: dict[str, str | None]) -> str | None:
    """The sha256 of the file ``name`` in ``root``, hashed once whatever the number of lines naming it."""
    if name not in digests:
        digests[name] = file_sha256(root / name)
    return digests[name]


def write_manifest_part(root: Path, first_index: int, lines: bytes, note: bytes) -> str:
    """Leave the manifest ``lines`` of a job that began at ``first_index`` in a part file of the run folder
    ``root`` for the run's parent to append, after a one-line ``note`` for the parent; return its name. Named
    like a temporary file: one a killed run leaves is removed as one."""
    name = temporary_name(f"manifest-{first_index:012d}.part")
    with storage_errors(root / name), create_new(root / name) as handle:
        handle.write(note + b"\n" + lines)
    return name


def is_document(path: Path) -> bool:
    """Whether ``path`` is a document a run may have written: a JSON file or a shard besides its run record
    and manifest (and no hidden file)."""
    return (path.name.endswith(DOCUMENT_EXTENSIONS) and path.name not in (RUN_RECORD, MANIFEST)
            and not path.name.startswith(".") and path.is_file() and not path.is_symlink())


def remove_unlisted_documents(root: Path, listed: set[str], owns: Callable[[str], bool]) -> None:
    """Remove the run's documents in ``root`` (those ``owns`` names) that no manifest line names: a killed
    worker's, or damaged ones. Files the run would not name so are the user's, and stay."""
    for path in root.iterdir():
        if path.name not in listed and owns(path.name) and is_document(path):
            path.unlink(missing_ok=True)


def sort_manifest(path: Path) -> None:
    """Rewrite the manifest at ``path`` (atomically) with its lines in order of their first index, keeping
    only the last line naming each file (a shard rewritten by a resumed run)."""
    with storage_errors(path):
        latest = {line.entry["file"]: (entry_indices(line.entry).start, line.number, line.raw)
                  for line in manifest_lines(path) if line.entry}
    write_atomic(path, b"".join(raw for _, _, raw in sorted(latest.values(), key=itemgetter(0, 1))))
