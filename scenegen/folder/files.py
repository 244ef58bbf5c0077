"""Files as scenegen opens them: regular files only, never written through a link, never read past a stated size.

Every reader (``validate``, ``stats``, ``convert``, ``preview``, :func:`scenegen.read`)
opens what it reads with :func:`open_regular`: a FIFO would block the reader for
ever and ``/dev/zero`` would fill its memory, so anything that is not a regular
file is refused at once, before a byte is read, and a read stops at a cap
(:func:`read_regular`). Inside a run folder nothing is followed through a link.

Every file scenegen writes is created afresh under a temporary name with
``O_EXCL | O_NOFOLLOW`` (a link planted at that name is never followed) and
renamed into place, which replaces a link at the destination instead of writing
through it.
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import os
import stat
from pathlib import Path
from typing import BinaryIO

from scenegen.errors import ScenegenError, StorageError

#: The most one document (a scene file, one record of a shard) may hold. The largest scenegen writes is a
#: passive-agent pair's scene, 0.85 MB indented; a document of this size is not one of ours.
MAX_DOCUMENT_BYTES = 64 * 2**20

#: How much of a file is hashed at a time.
_HASH_BLOCK = 1 << 20

#: The most a run record (``run.json``: the run's options and its config, itself at most 1 MB) may hold.
MAX_RUN_RECORD_BYTES = 4 * 2**20

#: What ends the name of every temporary file scenegen creates (``.<name>.scenegen-tmp``): a file so named in a
#: run folder is scenegen's, left by a run that was stopped while writing it, and may be removed.
TEMPORARY_SUFFIX = ".scenegen-tmp"

_READ_FLAGS = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
_CREATE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0)

#: The kind of each special file, as a message names it.
_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"), (stat.S_ISLNK, "a link"))


class UnreadableFile(ScenegenError):
    """A file a reader was given that it cannot read: missing, not a regular file, a link inside a run folder,
    or larger than a document may be (exit 1)."""


def temporary_name(name: str) -> str:
    """The name a file ``name`` is written under before it is renamed into place."""
    return f".{name}{TEMPORARY_SUFFIX}"


def is_temporary(name: str) -> bool:
    """Whether ``name`` is the name of one of scenegen's temporary files."""
    return name.startswith(".") and name.endswith(TEMPORARY_SUFFIX)


def kind_of(mode: int) -> str:
    """What a file of ``mode`` is, in words (``a FIFO``); ``a regular file`` for a regular file."""
    return next((kind for test, kind in _KINDS if test(mode)), "not a regular file")


def open_regular(path: Path, *, follow_links: bool = True) -> BinaryIO:
    """``path`` opened for reading if it is a regular file; else :class:`UnreadableFile` saying what it is.

    Opened without blocking (a FIFO with no writer would block ``open`` itself),
    then checked on the descriptor, so the file checked is the file read. With
    ``follow_links`` false, a link at ``path`` is refused (files inside a run
    folder).
    """
    flags = _READ_FLAGS | (0 if follow_links else os.O_NOFOLLOW)
    try:
        fd = os.open(path, flags)
    except OSError as error:
        raise _unreadable(path, error) from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise UnreadableFile(f"{path}: not a regular file ({kind_of(mode)}); give a file scenegen wrote")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_regular(path: Path, limit: int = MAX_DOCUMENT_BYTES, *, follow_links: bool = True) -> bytes:
    """The bytes of the regular file ``path``; :class:`UnreadableFile` if it is larger than ``limit``."""
    with open_regular(path, follow_links=follow_links) as handle:
        try:
            data = handle.read(limit + 1)
        except OSError as error:
            raise _unreadable(path, error) from None
    if len(data) > limit:
        raise UnreadableFile(f"{path}: larger than {limit:,} bytes, more than a file scenegen writes holds")
    return data


def _unreadable(path: Path, error: OSError) -> UnreadableFile:
    if error.errno == errno.ELOOP:
        return UnreadableFile(f"{path}: is a link; scenegen reads no file of a run folder through a link")
    if error.errno == errno.ENOENT:
        return UnreadableFile(f"{path}: no such file")
    return UnreadableFile(f"{path}: cannot read: {(error.strerror or str(error)).lower()}")


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def file_digest(handle: BinaryIO) -> str:
    """The sha256 of the file open as ``handle``, read to its end; the file is then read from its start again."""
    digest = hashlib.sha256()
    while block := handle.read(_HASH_BLOCK):
        digest.update(block)
    handle.seek(0)
    return digest.hexdigest()


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a new temporary file and a rename; on any failure remove the temporary
    file. A link at ``path`` is replaced, never written through; a StorageError names the path if the file system
    refuses."""
    temporary = path.with_name(temporary_name(path.name))
    try:
        with create_new(temporary) as handle:
            handle.write(data)
        os.replace(temporary, path)
    except BaseException as error:
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise StorageError.of(error, path) from None
        raise


def create_new(path: Path) -> BinaryIO:
    """A new file at ``path``, open for writing; a temporary file a stopped run left there is replaced (a link
    there is removed, never followed)."""
    try:
        fd = os.open(path, _CREATE_FLAGS, 0o644)
    except FileExistsError:
        path.unlink()
        fd = os.open(path, _CREATE_FLAGS, 0o644)
    return os.fdopen(fd, "wb")
