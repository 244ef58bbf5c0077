"""The run folder's file-system failures, reported as what they are: a :class:`~scenegen.errors.StorageError`
naming the path (exit 1; what the run recorded stays)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

from scenegen.errors import StorageError


@contextlib.contextmanager
def storage_errors(path: Path) -> Iterator[None]:
    """Report a file-system failure while working on ``path`` as a StorageError naming it (or the file the
    failure names, where it names one)."""
    try:
        yield
    except OSError as error:
        raise StorageError.of(error, error.filename or path) from None
