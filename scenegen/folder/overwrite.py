"""Overwrite a run folder without destroying its previous run first.

``--overwrite`` on a folder holding a run locks it, builds the new run in the
sibling ``<out>.incomplete`` (also locked; :attr:`OutputFolder.root` is that
folder meanwhile, :attr:`OutputFolder.destination` the one asked for), and only
when the run ends without an exception swaps the two folders, atomically where the system
can (Linux ``renameat2(RENAME_EXCHANGE)``), else by renaming ``<out>`` to
``<out>.replaced`` and the new one into place, then removes the previous run.
Files in ``<out>`` that are not the previous run's (notes, a config) are carried
over, as hard links where possible. A run that fails, is interrupted (Ctrl-C,
SIGTERM) or is killed during an overwrite leaves ``<out>`` as it was: on an
exception the incomplete folder is removed at once (an interrupted overwrite
cannot be resumed: its message says the previous run is unchanged and that
rerunning the same command replaces it); after a kill, the next run on ``<out>``
removes the stale ``<out>.incomplete`` (and puts back a ``<out>.replaced`` a
kill between the two renames left).

Both folders carry a marker file (:data:`MARKER`) naming the folder they stand
beside for as long as they are an overwrite's: only a folder so marked is ever
removed or renamed by another run. A user's own run that happens to be called
``<out>.incomplete`` (say, a killed ``make --out data.incomplete``) is left alone.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import functools
import os
import shutil
import time
from collections.abc import Callable
from pathlib import Path

from scenegen.errors import ConfigError, Interrupted, ScenegenError, StorageError
from scenegen.folder.disk import storage_errors
from scenegen.folder.files import create_new, is_temporary, read_regular, temporary_name
from scenegen.folder.lock import LOCK_NAME, FolderLock
from scenegen.folder.manifest import MANIFEST, RUN_RECORD, entry_files, read_manifest
from scenegen.folder.names import MAX_NAME_BYTES

#: Suffix of the sibling folder an overwrite builds the new run in.
INCOMPLETE = ".incomplete"

#: Suffix the previous run's folder takes for a moment when the folders cannot be exchanged atomically.
REPLACED = ".replaced"

#: The file that marks a folder as an overwrite's (its new run being built, or its previous run set aside); it holds
#: the name of the folder overwritten.
MARKER = ".scenegen-overwrite"

#: Times a folder is removed again while a dying run's worker may still be writing into it.
_REMOVE_ATTEMPTS = 5


def sibling(folder: Path, suffix: str) -> Path:
    """The folder beside ``folder`` whose name is its name and ``suffix`` (``run`` -> ``run.incomplete``)."""
    absolute = Path(os.path.abspath(folder))
    if not absolute.name:
        raise ConfigError("--out", f"{folder} has no name a run could be built beside; choose another --out")
    return absolute.with_name(absolute.name + suffix)


def siblings(folder: Path, *suffixes: str) -> list[Path]:
    """The folders beside ``folder`` named with each of ``suffixes``; none for a folder with no name (``/``)."""
    return [sibling(folder, suffix) for suffix in suffixes] if Path(os.path.abspath(folder)).name else []


def mark(folder: Path, destination: Path) -> None:
    """Mark ``folder`` as an overwrite's of ``destination``."""
    with create_new(folder / temporary_name(MARKER)) as handle:
        handle.write(os.fsencode(destination.name))
    os.replace(folder / temporary_name(MARKER), folder / MARKER)


def unmark(folder: Path) -> None:
    """Remove the overwrite's mark from ``folder`` (a run in place again)."""
    (folder / MARKER).unlink(missing_ok=True)


def is_overwrites(folder: Path, destination: Path) -> bool:
    """Whether ``folder`` is a real folder an overwrite of ``destination`` left: marked with its name."""
    if folder.is_symlink() or not folder.is_dir():
        return False
    try:
        return read_regular(folder / MARKER, MAX_NAME_BYTES, follow_links=False) == os.fsencode(destination.name)
    except ScenegenError:
        return False


def remove_stale_siblings(destination: Path) -> None:
    """Remove what a killed overwrite of ``destination`` left beside it, unless a live run holds it."""
    for stale in siblings(destination, INCOMPLETE, REPLACED):
        if is_overwrites(stale, destination):
            with contextlib.suppress(ScenegenError):  # in use, or not removable: an overwrite will say so
                lock = FolderLock.acquire(stale)
                try:
                    remove_tree(stale)
                finally:
                    lock.release()


def restore_interrupted_swap(destination: Path) -> None:
    """Put back the previous run an overwrite killed between its two renames left at ``<out>.replaced``."""
    replaced = next(iter(siblings(destination, REPLACED)), None)
    if replaced is None or os.path.lexists(destination) or not is_overwrites(replaced, destination):
        return
    lock = FolderLock.acquire(replaced)
    try:
        with storage_errors(destination):
            os.rename(replaced, destination)
            unmark(destination)
        lock.moved_to(destination)
    finally:
        lock.release()


def remove_tree(folder: Path) -> None:
    """Remove ``folder`` and all it holds, trying again while a killed run's worker may still write into it."""
    for attempt in range(1, _REMOVE_ATTEMPTS + 1):
        try:
            shutil.rmtree(folder)
            return
        except OSError as error:
            if not os.path.lexists(folder):
                return
            if attempt == _REMOVE_ATTEMPTS:
                raise StorageError.of(error, folder) from None
            time.sleep(0.05 * attempt)


def carry_over(previous: Path, new: Path) -> None:
    """Link (or copy) into ``new`` what ``previous`` holds besides its run: files a user put there."""
    runs = {RUN_RECORD, MANIFEST, LOCK_NAME, MARKER}
    runs.update(name for entry in read_manifest(previous / MANIFEST) for name in entry_files(entry))
    for path in previous.iterdir():
        target = new / path.name
        if path.name in runs or is_temporary(path.name) or os.path.lexists(target):
            continue
        if path.is_dir() and not path.is_symlink():
            shutil.copytree(path, target, symlinks=True, copy_function=link_or_copy)
        else:
            link_or_copy(path, target)


def link_or_copy(source: str | Path, target: str | Path) -> None:
    """A hard link to ``source`` at ``target``; a copy where the file system makes no links."""
    try:
        os.link(source, target, follow_symlinks=False)
    except OSError:
        shutil.copy2(source, target, follow_symlinks=False)


def swap(new: Path, destination: Path) -> Path:
    """Put the folder ``new`` at ``destination``; return where the folder that was there is now."""
    if exchange(new, destination):
        return new
    replaced = sibling(destination, REPLACED)
    mark(destination, destination)
    os.rename(destination, replaced)
    try:
        os.rename(new, destination)
    except OSError:
        os.rename(replaced, destination)
        unmark(destination)
        raise
    return replaced


def exchange(first: Path, second: Path) -> bool:
    """Exchange two paths atomically (Linux ``renameat2`` with ``RENAME_EXCHANGE``); False where the system or
    the file system cannot."""
    renameat2 = _renameat2()
    if renameat2 is None:
        return False
    at_cwd, rename_exchange = -100, 2
    if renameat2(at_cwd, os.fsencode(first), at_cwd, os.fsencode(second), rename_exchange) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(second))


@functools.cache
def _renameat2() -> Callable[..., int] | None:
    """The C library's ``renameat2``, if it has one."""
    try:
        function = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError):
        return None
    function.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    function.restype = ctypes.c_int
    return function


def overwrite_abandoned(error: BaseException, destination: Path) -> ScenegenError | None:
    """The error to report instead of ``error``, which ended an overwrite of ``destination``: the previous run is
    still there, unchanged, and the same command replaces it. None to report ``error`` as it is (a bug)."""
    unchanged = f"{destination} still holds its previous run, unchanged"
    if isinstance(error, Interrupted):
        return Interrupted(f"interrupted: the new run was discarded and {unchanged}; "
                           "rerun the same command to replace it")
    if not isinstance(error, ScenegenError) or error.exit_code != 1:
        return None
    return advised(error, f"then rerun the same command; {unchanged}")


def advised(error: ScenegenError, advice: str) -> ScenegenError:
    """``error`` with ``advice`` added to its message, as the same kind of error."""
    clearer = type(error).__new__(type(error))
    clearer.__dict__.update(error.__dict__)
    clearer.args = (f"{error}; {advice}",)
    return clearer
