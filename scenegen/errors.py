"""Errors a user can act on: each carries the message the CLI prints."""

from __future__ import annotations

import errno
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


class ScenegenError(Exception):
    """Base of the errors the CLI reports without a traceback."""

    exit_code = 1

    def __reduce__(self) -> tuple[Any, ...]:
        # Subclasses take arguments of their own: rebuild without calling __init__, so that an error
        # raised in a worker process reaches the run's parent whole.
        return _restored, (type(self), self.args, self.__dict__)


def _restored(kind: type[ScenegenError], args: tuple[Any, ...], state: dict[str, Any]) -> ScenegenError:
    error = kind.__new__(kind, *args)
    error.args = args
    error.__dict__.update(state)
    return error


class ConfigError(ScenegenError):
    """A config (or a command-line value) that cannot be used; nothing has been written."""

    exit_code = 2

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path


def did_you_mean(word: object, choices: Iterable[str]) -> str:
    """``" (did you mean 'x'?)"`` for the choice closest to a misspelt ``word``, or nothing when none is close."""
    if not isinstance(word, str):
        return ""
    from difflib import get_close_matches  # on error paths only: no run pays for the import

    close = get_close_matches(word, list(choices), n=1, cutoff=0.75)
    return f" (did you mean {close[0]!r}?)" if close else ""


class GenerationError(ScenegenError):
    """A sample could not be made (e.g. no feasible placement within the attempt bound)."""


class InvalidSceneError(ScenegenError):
    """A generated document failed validation: a bug in a family, never written."""

    exit_code = 3


@dataclass(frozen=True)
class Problem:
    """One validation finding: where in the document (a JSON path) and what is wrong."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}"


class StorageError(ScenegenError):
    """The file system refused a read or write (full, read-only, permissions): exit 1, what was recorded stays."""

    @classmethod
    def of(cls, error: OSError, path: object = None) -> StorageError:
        """One line naming the path, what went wrong and what to do about it."""
        where = path if path is not None else (error.filename or "output")
        return cls(f"{where}: {_advice(error)}")


class ClusterError(ScenegenError):
    """The Ray cluster asked for cannot be reached or joined: exit 1, nothing of the run is lost."""


#: What the command says when memory runs out: the machine's limit, a failing environment (exit 1), not a bug.
OUT_OF_MEMORY = "out of memory; close other programs to free memory"


class Interrupted(ScenegenError):
    """Ctrl-C or SIGTERM: what was written before it is complete and recorded."""

    exit_code = 130


# What to do when the file system says no, by errno; the rest get their strerror alone. The advice fits every
# command: only `make` can continue what it wrote, and it adds how (`--resume`) itself when the folder can be resumed.
_ADVICE = {
    errno.ENOSPC: "no space left on device; free space",
    errno.EDQUOT: "disk quota exceeded; free space",
    errno.EROFS: "read-only file system; make it writable or write elsewhere",
    errno.EACCES: "permission denied; make it writable or write elsewhere",
    errno.EPERM: "operation not permitted (an immutable or protected file?); fix it or write elsewhere",
    errno.ENOTDIR: "a part of this path is a file, not a folder; write elsewhere",
    errno.EEXIST: "a part of this path is a file, not a folder; write elsewhere",
    errno.ENAMETOOLONG: "file name too long for this file system; choose a shorter path",
    errno.EFBIG: "file too large for this file system or the process's file-size limit",
}


def _advice(error: OSError) -> str:
    return _ADVICE.get(error.errno or 0) or (error.strerror or str(error)).lower()
