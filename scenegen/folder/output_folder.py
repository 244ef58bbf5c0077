"""Write a run's output folder: documents atomically, then one manifest line each; never leave it corrupt.

An output folder holds ``run.json`` (what was run), the documents, and
``manifest.jsonl``. A document is written to a temporary file and renamed into
place, and its manifest line is appended only after the rename, so a crash never
leaves a truncated document nor a manifest line naming a missing one.

**One run at a time.** The run's parent process holds a lock on the folder
(:mod:`scenegen.folder.lock`) from opening to closing; a second run on it is refused
(:class:`~scenegen.errors.ConfigError`, exit 2) naming the holder, and writes
nothing. Workers write documents with :func:`write_atomic` and never lock. The
lock file ``.scenegen.folder.lock`` is removed when the folder is closed, however the
run ends; a killed run leaves it behind, harmless (it is neither a document nor
a temporary file, and the next run takes it over).

**Resuming verifies.** ``--resume`` re-reads every file the manifest names and
keeps only the lines whose files are all there with the recorded sha256; the
manifest is rewritten (atomically) without the others, whose samples are made
again. Documents no kept line names (written by a worker killed before its
entry was recorded, or damaged) and temporary files are removed. On a clean
close a manifest whose lines are out of index order (a resumed run appends what
it redid) is rewritten in order, so a resumed run ends byte for byte as an
uninterrupted one.

**Overwriting never destroys the previous run first** (:mod:`scenegen.folder.overwrite`).

**What is the user's stays.** A run starts only in a new or empty folder; in a
run folder scenegen owns its run files (``run.json``, ``manifest.jsonl``, the
card ``README.md``, the lock), its temporary files and the documents named as
the run names them (:func:`run_documents`). Nothing else in the folder is ever
removed or written over, whatever way the run ends. ``--out`` is resolved once
(a link to a folder is followed there, and the run swapped in the real parent);
inside the folder no file is written through a link.

When the file system refuses (full, read-only, permissions), the temporary file
is removed and a :class:`~scenegen.errors.StorageError` names the path: what was
recorded stays recorded, so the run can be resumed. A fresh run that fails
before recording anything removes the folder it created.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, BinaryIO

import orjson

from scenegen.errors import OUT_OF_MEMORY, ConfigError, ScenegenError, StorageError
from scenegen.folder.contents import (
    intact_lines,
    is_scenegens,
    line_entry,
    remove_unlisted_documents,
    run_documents,
    sort_manifest,
    whole_samples,
)
from scenegen.folder.disk import storage_errors
from scenegen.folder.files import (
    kind_of,
    read_regular,
    sha256,
    temporary_name,
    write_atomic,
)
from scenegen.folder.indices import IndexRuns
from scenegen.folder.lock import FolderLock
from scenegen.folder.manifest import (
    CARD,
    MANIFEST,
    RUN_RECORD,
    entry_files,
    entry_indices,
    manifest_bytes,
    manifest_lines,
)
from scenegen.folder.overwrite import (
    INCOMPLETE,
    advised,
    carry_over,
    mark,
    overwrite_abandoned,
    remove_stale_siblings,
    remove_tree,
    restore_interrupted_swap,
    sibling,
    swap,
    unmark,
)
from scenegen.folder.run_record import RunRecordError, canonical_json, read_run_record, run_difference


def dump_json(document: Any, *, indent: bool = False) -> bytes:
    """Serialise a JSON-ready document: compact, or ``indent``-ed two spaces a level for a file people read.

    Documents are written compact. The evaluation's scene files are indented, but
    a program reads them: indentation makes a passive-agent pair (thousands of
    keyframes) 2.8 times larger (0.85 MB instead of 0.31) and costs its run a
    tenth of its time in serialising, hashing and writing the spaces.
    """
    return orjson.dumps(document, option=orjson.OPT_INDENT_2 if indent else 0)


class OutputFolder:
    """A run's output folder, opened fresh, for resuming, or to overwrite; locked until the ``with`` block ends.

    ``root`` is the folder documents are written into (while overwriting, the
    sibling the new run is built in); ``destination`` is the folder asked for,
    its links resolved once; ``per_sample`` is how many documents a sample holds
    (a pair's two, or one), which a resumed run's manifest must list for the
    sample to count as done. ``done`` holds the indices the manifest recorded
    when the folder was opened for resuming; ``recorded`` counts the samples
    recorded since (a count, not a set: a run of a billion samples must not grow
    with them). ``resumable``: whether the command can be rerun with ``--resume``
    (``make``; not ``convert``), which the advice of an error that ends the run
    says.
    """

    def __init__(self, root: Path, run: Mapping[str, Any], *, resume: bool = False, overwrite: bool = False,
                 per_sample: int = 1, resumable: bool = True) -> None:
        self.asked = root
        self.destination = self.root = real_folder(root)
        self.per_sample = per_sample
        self.resumable = resumable
        self.manifest_path = self.root / MANIFEST
        self.done = IndexRuns()
        self.recorded = 0
        self._owns = run_documents(run)
        self._locks: list[FolderLock] = []
        self._manifest: BinaryIO | None = None
        self._fresh = self._building = self._unsorted = False
        self._last_first = -1
        restore_interrupted_swap(self.destination)
        with storage_errors(self.destination):
            self._created = not os.path.lexists(self.destination)
            self.destination.mkdir(parents=True, exist_ok=True)
        try:
            self._locks.append(FolderLock.acquire(self.destination))
            refuse_special_files(self.destination)
            remove_stale_siblings(self.destination)
            self._fresh = self._open(run, resume=resume, overwrite=overwrite)
            self.manifest_path = self.root / MANIFEST
            if resume and not self._fresh:
                self._verify_recorded()
            write_atomic(self.root / RUN_RECORD, dump_json(run, indent=True))
            self._manifest = open_for_appending(self.manifest_path)
        except BaseException as error:
            building = self._building
            self._abandon()
            clearer = self._advised(error, building)
            if clearer is not None:
                raise clearer from None
            raise

    @property
    def holder(self) -> bytes:
        """This run's record in the lock of :attr:`root`: a worker that may outlive the run stops writing once the
        lock no longer holds it (:class:`~scenegen.folder.stops.RunGuard`)."""
        return self._locks[-1].holder

    def write_document(self, name: str, data: bytes) -> str:
        """Write one document file; return its sha256."""
        write_atomic(self.root / name, data)
        return sha256(data)

    def record(self, entry: Mapping[str, Any]) -> None:
        """Append one manifest line (after the documents it names are in place)."""
        self.record_lines(manifest_bytes([entry]), [entry_indices(entry)])

    def record_lines(self, lines: bytes, covers: Sequence[range]) -> None:
        """Append manifest ``lines`` in one write, straight to the file (after the documents they name are in
        place); ``covers``: the samples each line records, or each run of consecutive lines."""
        assert self._manifest is not None, "record_lines() on a closed OutputFolder"
        with storage_errors(self.manifest_path):
            self._manifest.write(lines)
        for indices in covers:
            self.recorded += len(indices)
            self._note_order(indices.start)

    def record_part(self, name: str, covers: Sequence[range]) -> bytes:
        """Append the manifest lines a worker left in the part file ``name`` (see :func:`write_manifest_part`),
        then remove it; return the part's note."""
        path = self.root / name
        note, lines = read_regular(path, follow_links=False).split(b"\n", 1)
        self.record_lines(lines, covers)
        with storage_errors(path):
            path.unlink()
        return note

    def close(self) -> None:
        """Close the manifest, its lines in index order; the ``with`` block's end also finishes an overwrite and
        unlocks."""
        if self._manifest is not None and not self._manifest.closed:
            with storage_errors(self.manifest_path):
                self._manifest.close()
            if self._unsorted:
                sort_manifest(self.manifest_path)
                self._unsorted = False

    def __enter__(self) -> OutputFolder:
        return self

    def __exit__(self, exc_type: object, error: BaseException | None, traceback: object) -> None:
        if error is None:
            self._finish()
            return
        building = self._building
        self._abandon()
        clearer = self._advised(error, building)
        if clearer is not None:
            raise clearer from None

    def _advised(self, error: BaseException, building: bool) -> ScenegenError | None:
        """The error that ended the run (after :meth:`_abandon`), with what to do next: None to report ``error``
        as it is. What to do depends on whether the folder still holds a run."""
        if isinstance(error, MemoryError):  # the machine, not the run: what was recorded stays
            error = ScenegenError(OUT_OF_MEMORY)
        if building:
            return overwrite_abandoned(error, self.destination)
        if not isinstance(error, ScenegenError) or error.exit_code != 1:
            return None
        if not (self.destination / RUN_RECORD).is_file():
            return advised(error, "nothing was recorded; then rerun the same command")
        if self.resumable:
            return advised(error, "then rerun the same command with --resume to continue")
        return advised(error, f"{self.destination} holds part of the output; then rerun with --overwrite")

    # Opening

    def _open(self, run: Mapping[str, Any], *, resume: bool, overwrite: bool) -> bool:
        """Check the run already in the folder against ``run``; return whether the folder written into held none."""
        if overwrite and (self.root / RUN_RECORD).is_file():
            self._build_beside()
            return True
        previous = self._previous_run()
        if previous is None:
            self._refuse_unless_empty(resume=resume, overwrite=overwrite)
            self._remove_stale_temporaries()
            return True
        if not resume:
            raise ConfigError("--out", f"{self.root} already holds a run; pass --resume to continue it, "
                                       "choose another --out, or pass --overwrite to replace it")
        if canonical_json(previous) != canonical_json(run):
            raise ConfigError("--resume", f"{self.root} holds a different run: {run_difference(previous, run)}; "
                                          "rerun with its values to continue it, choose another --out, "
                                          "or pass --overwrite to replace it")
        self._remove_stale_temporaries()
        return False

    def _previous_run(self) -> dict[str, Any] | None:
        """The run record the folder holds (None if none), held to its schema like every reader's."""
        if not os.path.lexists(self.root / RUN_RECORD):
            return None
        try:
            return read_run_record(self.root)
        except RunRecordError as error:
            raise ConfigError("--out", f"{error.path}: {error.problem}; choose another --out, "
                                       "or pass --overwrite to replace the run") from None

    def _refuse_unless_empty(self, *, resume: bool, overwrite: bool) -> None:
        """Refuse a folder that holds no run but holds something: what is there is the user's, and a run there
        could neither tell its files from the user's nor be resumed."""
        theirs = sorted(name for name in os.listdir(self.root) if not is_scenegens(name))
        if not theirs:
            return
        shown = ", ".join(theirs[:3]) + (f" and {len(theirs) - 3} more" if len(theirs) > 3 else "")
        if resume:
            raise ConfigError("--resume", f"{self.root} holds no scenegen run (no {RUN_RECORD}) to continue, "
                                          f"but holds {shown}; choose another --out")
        option = "--overwrite" if overwrite else "--out"
        raise ConfigError(option, f"{self.root} holds {shown} and no scenegen run (no {RUN_RECORD}); scenegen "
                                  "writes a run into a new or empty folder: choose another --out")

    def _build_beside(self) -> None:
        """Make, mark and lock the sibling folder the new run is built in; write into it from now on."""
        if os.path.ismount(self.destination):
            raise ConfigError("--overwrite", f"{self.destination} is a mount point, which cannot be replaced; "
                                             "choose another --out")
        building = sibling(self.destination, INCOMPLETE)
        try:
            building.mkdir()
        except FileExistsError:
            raise ConfigError("--overwrite", f"{building} is in the way (an overwrite builds the new run there); "
                                             "move it away or choose another --out") from None
        except OSError as error:
            raise StorageError.of(error, building) from None
        try:
            self._locks.append(FolderLock.acquire(building))
            with storage_errors(building):
                mark(building, self.destination)
        except BaseException:
            remove_tree(building)
            raise
        self.root, self._building = building, True

    def _remove_stale_temporaries(self) -> None:
        """Temporary files of a run that was stopped mid-write (the folder is locked: no live run writes them)."""
        for stale in self.root.glob(temporary_name("*")):
            stale.unlink(missing_ok=True)

    # Resuming

    def _verify_recorded(self) -> None:
        """Note the samples whose manifest lines are all there with intact files in :attr:`done`. The manifest is
        rewritten without the other lines, and the run's documents no kept line names are removed."""
        with storage_errors(self.root):
            lines = list(manifest_lines(self.manifest_path))
            kept = whole_samples(intact_lines(self.root, lines), self.per_sample)
            if sum(len(line.raw) for line in kept) != _size(self.manifest_path):
                write_atomic(self.manifest_path, b"".join(line.raw for line in kept))
            listed = {name for line in kept for name in entry_files(line_entry(line))}
            remove_unlisted_documents(self.root, listed, self._owns)
        # A resumed run may rewrite a shard (a longer run extends the last one): its manifest is tidied on closing.
        self._unsorted = bool(kept)
        for line in kept:
            indices = entry_indices(line_entry(line))
            self.done.add(indices)
            self._note_order(indices.start)

    def _note_order(self, first_index: int) -> None:
        """Note whether the manifest's lines are still in order of their first index."""
        if first_index < self._last_first:
            self._unsorted = True
        self._last_first = max(self._last_first, first_index)

    # Closing

    def _finish(self) -> None:
        """After a successful run: order the manifest, put an overwrite's new run in place, unlock."""
        try:
            self.close()
            if self._building:
                self._replace_destination()
        except BaseException:
            self._abandon()
            raise
        self._release()

    def _replace_destination(self) -> None:
        """Swap the finished new run in for the previous one, then remove the previous one."""
        building, destination = self.root, self.destination
        with storage_errors(destination):
            carry_over(destination, building)
            previous = swap(building, destination)
            unmark(destination)
        self._building = False
        self.root, self.manifest_path = destination, destination / MANIFEST
        self._locks[0].moved_to(previous)
        self._locks[-1].moved_to(destination)
        with contextlib.suppress(ScenegenError):  # the next run on the folder removes what is left
            remove_tree(previous)

    def _abandon(self) -> None:
        """After a failure: drop an overwrite's new run, or a fresh run that recorded nothing, and temporary
        files; unlock. A run refused the folder's lock touches nothing: the folder is another run's."""
        if self._manifest is not None:
            with contextlib.suppress(OSError):
                self._manifest.close()
        if not self._locks:
            self._remove_created()
            return
        empty = self._fresh and not self.recorded
        if self._building:
            with contextlib.suppress(ScenegenError):
                remove_tree(self.root)
        else:
            with contextlib.suppress(OSError):
                # The run's workers have stopped: a temporary file is one they were writing when stopped.
                self._remove_stale_temporaries()
                if empty:  # documents written by jobs that were never recorded, then the run's own files
                    remove_unlisted_documents(self.root, set(), self._owns)
                    self.manifest_path.unlink(missing_ok=True)
                    (self.root / RUN_RECORD).unlink(missing_ok=True)
        self._release()
        if empty:
            self._remove_created()

    def _remove_created(self) -> None:
        """Remove the run folder if this run created it and it is empty."""
        if self._created:
            with contextlib.suppress(OSError):
                self.destination.rmdir()

    def _release(self) -> None:
        """Let go of the locks, the folder written into first."""
        for lock in reversed(self._locks):
            lock.release()


def real_folder(out: Path) -> Path:
    """The folder ``out`` names, its links resolved once: a run writes, and an overwrite swaps, inside the real
    parent. A link to nothing is refused (where it points is no folder of the user's to write into)."""
    if os.path.islink(out) and not os.path.exists(out):
        raise ConfigError("--out", f"{out} is a link to {os.readlink(out)}, which does not exist; "
                                   "choose another --out")
    return Path(os.path.realpath(out))


def refuse_special_files(folder: Path) -> None:
    """Refuse a run folder holding a link, or anything but a regular file, where scenegen writes its run files:
    they are written in place, and a link there would carry the write outside the folder."""
    for name in (RUN_RECORD, MANIFEST, CARD):
        path = folder / name
        try:
            mode = os.lstat(path).st_mode
        except FileNotFoundError:
            continue
        except OSError as error:
            raise StorageError.of(error, path) from None
        if not stat.S_ISREG(mode):
            raise ConfigError("--out", f"{path} is {kind_of(mode)}, where scenegen writes a file of its own; "
                                       "move it away or choose another --out")


def open_for_appending(path: Path) -> BinaryIO:
    """The manifest at ``path`` open for appending, unbuffered (a line is on disk once written: a kill loses
    nothing recorded), never through a link."""
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
    with storage_errors(path):
        fd = os.open(path, flags, 0o644)
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            os.close(fd)
            raise ConfigError("--out", f"{path} is {kind_of(mode)}, where scenegen writes its manifest; "
                                       "move it away or choose another --out")
        os.set_blocking(fd, True)
        return open(fd, "ab", buffering=0)


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0

