"""One run per folder at a time: an OS file lock on ``.scenegen.folder.lock`` inside the run folder.

The lock is a ``flock`` on the lock file, taken without waiting and held for the
run's whole life by the run's parent process (its workers never take it). The
kernel releases it when the process ends however it ends, so a lock is never
stale: a lock file left behind by a killed run is simply taken by the next one.

Whoever holds the lock writes its pid, host name and start time into the file, so
that a second run on the folder can say who holds it. The holder removes the
file when it lets go. Because the file can be removed (or its folder renamed)
between another process opening it and locking it, a lock counts only if the
file locked is still the one at the path afterwards; if not, it is taken again.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import stat
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import orjson

from scenegen.errors import ConfigError, StorageError
from scenegen.folder.files import UnreadableFile, kind_of

LOCK_NAME = ".scenegen.folder.lock"

#: Times a lock is taken again when its file was replaced under it before a lock holds.
_ATTEMPTS = 20

#: Reads of a holder's record that is being written (empty or partial) before it is reported as unknown.
_HOLDER_READS = 10


class FolderLock:
    """The lock of one run folder, held by this process until :meth:`release`."""

    def __init__(self, folder: Path, fd: int) -> None:
        self.folder = folder
        self._fd: int | None = fd
        #: The record this process wrote into the lock file (its first line), by which a worker tells that the run
        #: still holds the folder (:class:`~scenegen.folder.stops.RunGuard`).
        self.holder = b""

    @property
    def path(self) -> Path:
        return self.folder / LOCK_NAME

    @classmethod
    def acquire(cls, folder: Path) -> FolderLock:
        """Lock the existing ``folder``; a ConfigError naming the holder if another run holds it."""
        for _ in range(_ATTEMPTS):
            fd = _open(folder)
            if not _try_lock(fd, folder):
                holder = _read_holder(fd)
                os.close(fd)
                raise ConfigError("--out", in_use(folder, holder))
            if _is_at(fd, folder / LOCK_NAME):
                lock = cls(folder, fd)
                lock._write_holder()
                return lock
            os.close(fd)
        raise ConfigError("--out", in_use(folder, None))

    def moved_to(self, folder: Path) -> None:
        """Note that the locked folder was renamed to ``folder`` (the lock moves with its file)."""
        self.folder = folder

    def release(self) -> None:
        """Remove the lock file if it is still this lock's, then let go (also for processes sharing it)."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            if _is_at(fd, self.path):
                self.path.unlink()
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)

    def _write_holder(self) -> None:
        """Write this process's record into the lock file; a StorageError (and no lock) if it cannot be."""
        assert self._fd is not None
        record = orjson.dumps({"pid": os.getpid(), "host": os.uname().nodename, "started": _now()}) + b"\n"
        try:
            os.pwrite(self._fd, record, 0)
            os.ftruncate(self._fd, len(record))
            self.holder = record.removesuffix(b"\n")
        except OSError as error:
            self.release()
            raise StorageError.of(error, self.folder) from None


def in_use(folder: Path, holder: dict[str, object] | None) -> str:
    """The message for a folder another run holds: who holds it, and what to do."""
    who = f" ({describe(holder)})" if holder else ""
    return f"{folder} is in use by another scenegen run{who}; wait for it to finish or choose another --out"


def describe(holder: dict[str, object]) -> str:
    """A holder's record as words: ``pid 1234 on host h, started 2026-11-25T18:40:00Z``."""
    return f"pid {holder.get('pid', '?')} on host {holder.get('host', '?')}, started {holder.get('started', '?')}"


@contextlib.contextmanager
def held_for_reading(folder: Path) -> Iterator[None]:
    """Hold the run folder ``folder`` while it is read whole (``convert``), with a lock shared with other readers
    that a run writing the folder holds alone: a run still being written is refused (a ConfigError naming its
    holder), and none can start until the reading ends. The lock file is opened read-only, never through a link,
    and never created: where there is none, no run holds the folder (which may be read-only)."""
    path = folder / LOCK_NAME
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        yield
        return
    except OSError as error:
        raise UnreadableFile(f"{path}: cannot open the run's lock: {(error.strerror or str(error)).lower()}; "
                             "it is no lock scenegen made") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise UnreadableFile(f"{path}: not a regular file ({kind_of(mode)}); it is no lock scenegen made")
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _read_holder(fd)
            who = f" ({describe(holder)})" if holder else ""
            raise ConfigError(str(folder), f"is being written by a scenegen run{who}; wait for it to finish") from None
        yield
    finally:
        os.close(fd)


def _open(folder: Path) -> int:
    """The lock file of ``folder``, created if need be (never through a link: a ConfigError names one there); a
    StorageError naming the folder if it cannot be opened."""
    path = folder / LOCK_NAME
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, 0o644)
    except OSError as error:
        if error.errno == errno.ELOOP:
            raise ConfigError("--out", f"{path} is a link, where scenegen keeps its lock; "
                                       "move it away or choose another --out") from None
        raise StorageError.of(error, folder) from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise ConfigError("--out", f"{path} is not a regular file, where scenegen keeps its lock; "
                                   "move it away or choose another --out")
    return fd


def _try_lock(fd: int, folder: Path) -> bool:
    """Lock ``fd`` without waiting: whether the lock was taken (False: another process holds it)."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        if error.errno in (errno.EWOULDBLOCK, errno.EAGAIN):
            return False
        os.close(fd)
        raise StorageError.of(error, folder) from None
    return True


def _is_at(fd: int, path: Path) -> bool:
    """Whether the file open as ``fd`` is still the one at ``path``."""
    try:
        there = os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    mine = os.fstat(fd)
    return (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino)


def _read_holder(fd: int) -> dict[str, object] | None:
    """The holder's record in the lock file open as ``fd``; None while it cannot be read."""
    for attempt in range(_HOLDER_READS):
        if attempt:
            time.sleep(0.01)
        with contextlib.suppress(OSError, orjson.JSONDecodeError):
            record = orjson.loads(os.pread(fd, 4096, 0).split(b"\n", 1)[0])
            if isinstance(record, dict):
                return record
    return None


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
