"""How a run's workers learn that the run wants them to stop, or has ended.

A worker asks between chunks (:data:`scenegen.factory.pipeline.CHUNK_SIZE` samples, a few
milliseconds) whether its run asked it to stop, so that Ctrl-C is honoured at once
whatever the size of a job (a shard of a million records takes minutes): the job
under way is abandoned (a partly made shard is never recorded, its temporary file
removed) and what it finished is recorded.

The run's own process and its pool workers read a flag that the run's signal
handler sets (:class:`StopFlag`); pool workers die with the run
(:mod:`scenegen.factory.pool`). A Ray task may run in a process, or on a node, that
outlives the run: it stops when the run leaves a marker in its folder, and before
it writes into the folder it checks that the run still holds the folder's lock
(:class:`RunGuard`), so that it never writes after its run is gone.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any, Protocol

from scenegen.folder.files import temporary_name
from scenegen.folder.lock import LOCK_NAME

#: The marker a run stopping leaves in its folder for the workers that read no flag of its (Ray tasks): named as
#: a temporary file, so that one a killed run leaves behind is removed as one.
STOP_MARKER = temporary_name("stop")

#: Seconds between a Ray task's looks for its run's stop marker and lock: a look costs a few file-system calls,
#: too many for every chunk of a fast family.
POLL_SECONDS = 0.1

#: The most of a lock file read for its holder's record (a line of well under a hundred bytes).
_HOLDER_BYTES = 4096


class Stopped(Exception):
    """The job under way is abandoned: its run asked its workers to stop, or has ended."""


class Watch(Protocol):
    """What a worker asks of its run while making a job."""

    def stop_asked(self) -> bool:
        """Whether to abandon the job under way: asked between chunks, so it must cost next to nothing."""
        ...

    def run_gone(self) -> bool:
        """Whether the run has ended, so that nothing more may be written into its folder: asked before the
        documents of a chunk or the bytes of a shard are written."""
        ...


class StopFlag:
    """A stop asked of a run's workers, set by the run's signal handler and read by its workers between chunks:
    ``cell`` is any object with a ``value`` (a byte of shared memory for a pool's workers; a plain one by default,
    for the run's own process). The run's own process and its pool workers end with the run: never gone."""

    def __init__(self, cell: Any = None) -> None:
        self.cell = cell if cell is not None else SimpleNamespace(value=0)

    def set(self) -> None:
        """Ask the workers to stop (safe in a signal handler)."""
        self.cell.value = 1

    def stop_asked(self) -> bool:
        return bool(self.cell.value)

    def run_gone(self) -> bool:
        return False


class RunGuard:
    """The watch of a worker that may outlive its run (a Ray task): it stops when the run leaves
    :data:`STOP_MARKER` in its folder ``root``, or when the run no longer holds the folder's lock, whose file names
    its ``holder`` (the first line of the lock file, written by the run's process as it took the lock)."""

    def __init__(self, root: Path, holder: bytes) -> None:
        self.root = root
        self.holder = holder
        self._stopped = False
        self._next_look = 0.0

    def stop_asked(self) -> bool:
        now = time.monotonic()
        if not self._stopped and now >= self._next_look:
            self._next_look = now + POLL_SECONDS
            self._stopped = os.path.lexists(self.root / STOP_MARKER) or self.run_gone()
        return self._stopped

    def run_gone(self) -> bool:
        return not holds_lock(self.root, self.holder)


def holds_lock(root: Path, holder: bytes) -> bool:
    """Whether the run whose record is ``holder`` still holds the lock of the run folder ``root``: the lock file
    names it, and is locked. (The shared lock this takes for a moment to find out can refuse a run starting on the
    folder in that moment: only once the run is gone, while a worker of it is still going.)"""
    try:
        fd = os.open(root / LOCK_NAME, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return False  # removed as the run ended, or the folder with it
    try:
        if os.pread(fd, _HOLDER_BYTES, 0).split(b"\n", 1)[0] != holder:
            return False  # another run took the folder over
        try:
            fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)
        return False
    except OSError:
        return False
    finally:
        os.close(fd)
