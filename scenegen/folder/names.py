"""Names of the files in a run folder: plain names, never paths, so nothing lands outside the folder.

A ``--prefix`` is checked before anything is written; the file names a manifest
lists are checked before a file they name is read or removed (a manifest is
just a file, and may have been edited).
"""

from __future__ import annotations

import os
import unicodedata

from scenegen.errors import ConfigError

#: Longest ``--prefix`` in UTF-8 bytes. With an index, a pair suffix, ``.json`` and the
#: temporary name's dot and ``.scenegen-tmp``, a file name stays well below the 255 bytes file systems allow.
MAX_PREFIX_BYTES = 100

#: Longest file name most file systems (ext4, XFS, APFS, NTFS) allow, in bytes.
MAX_NAME_BYTES = 255

_SEPARATORS = ("/", "\\")

#: Characters a name may not hold, by Unicode category: each hides or garbles the name where it is shown (a bidi
#: override such as U+202E shows ``abc<U+202E>nosj.exe`` as ``abcexe.json``; U+200B cannot be seen at all).
_UNSEEN = {
    "Cc": "a control character",
    "Cf": "an invisible format character (bidi control, zero-width space ...)",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
    "Cs": "a byte that is not UTF-8",
}


def check_prefix(prefix: str) -> str:
    """``prefix`` if it can begin the name of a file inside the run folder; else a ConfigError saying why."""
    problem = _name_problem(prefix, MAX_PREFIX_BYTES)
    if problem:
        raise ConfigError("--prefix", f"{prefix!r} {problem}; a prefix begins file names inside the run folder")
    return prefix


def is_plain_name(name: object) -> bool:
    """Whether ``name`` names a file directly inside a folder (no path, no dot file)."""
    return isinstance(name, str) and bool(name) and _name_problem(name, MAX_NAME_BYTES) is None


def output_path_problem(path: str | os.PathLike[str], *, grows_by: int, room: int) -> str | None:
    """Why scenegen cannot write at ``path``, or None: a name in it longer than file systems take, its last name
    too long once scenegen adds ``grows_by`` bytes to it (a temporary's or a sibling folder's affixes), or the
    whole, as an absolute path, longer than the system takes with ``room`` bytes more (the names written below it).
    """
    absolute = os.fsencode(os.path.abspath(path))
    longest = max(len(name) for name in absolute.split(b"/"))
    if longest > MAX_NAME_BYTES:
        return f"holds a name of {longest} bytes; file systems take names of at most {MAX_NAME_BYTES}"
    last = len(os.path.basename(absolute))
    if last + grows_by > MAX_NAME_BYTES:
        return f"its last name is {last} bytes; at most {MAX_NAME_BYTES - grows_by}{_ROOM}"
    longest_path = _path_max() - 1 - room
    if len(absolute) > longest_path:
        return f"is {len(absolute):,} bytes as an absolute path; at most {longest_path:,}{_ROOM}"
    return None


_ROOM = ", to leave room for the names scenegen writes there"


def _path_max() -> int:
    """The most bytes a path may hold on this system, with its closing NUL (PATH_MAX; 4,096 on Linux)."""
    try:
        return os.pathconf("/", "PC_PATH_MAX")
    except (AttributeError, OSError, ValueError):  # a system without pathconf (Windows) or without this limit
        return 4096


def _name_problem(name: str, max_bytes: int) -> str | None:
    if any(separator in name for separator in _SEPARATORS):
        return "holds a path separator"
    if name.startswith("."):
        return "starts with a dot (hidden files, '..' and scenegen's temporary files start so)"
    unseen = next((character for character in name if unicodedata.category(character) in _UNSEEN), None)
    if unseen is not None:
        return f"holds {_UNSEEN[unicodedata.category(unseen)]} ({_code(unseen)})"
    if len(name.encode("utf-8")) > max_bytes:
        return f"is longer than {max_bytes} bytes"
    return None


def _code(character: str) -> str:
    """How a message shows ``character``: its code point, or the byte a lone surrogate stands for (Python decodes
    a file name's bytes that are not UTF-8 to U+DC80-U+DCFF)."""
    if 0xDC80 <= ord(character) <= 0xDCFF:
        return f"byte {ord(character) - 0xDC00:#04x}"
    return f"U+{ord(character):04X}"
