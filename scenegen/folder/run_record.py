"""Read a run folder's run record (``run.json``): what was run, checked before anything of it is trusted.

Every reader of a run (``validate``, ``stats``, ``convert``, :func:`scenegen.read`)
reads the record here: a regular file of the folder, never through a link, at
most :data:`~scenegen.folder.files.MAX_RUN_RECORD_BYTES`, held to
``schema/run_record.schema.json`` (so ``storage: "x"`` is a reported problem,
never a TypeError further on). A folder without a valid record holds no run.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import orjson

from scenegen.errors import ScenegenError
from scenegen.folder.files import MAX_RUN_RECORD_BYTES, UnreadableFile, read_regular
from scenegen.folder.manifest import RUN_RECORD
from scenegen.plugin.config import check_config
from scenegen.plugin.discovery import family_named
from scenegen.plugin.family import Family
from scenegen.plugin.schemas import schema_summary

#: What to do about a run record whose family or config cannot be used.
_FAMILY_ADVICE = "the run is read with the family and config it was made with"


class DamagedRunError(ScenegenError):
    """A run folder that cannot be read whole: a file missing, damaged or torn, or the run unfinished."""


class RunRecordError(DamagedRunError):
    """A folder whose run record is missing or is not one: ``path`` is the record, ``problem`` what is wrong."""

    def __init__(self, path: Path, problem: str, advice: str) -> None:
        super().__init__(f"{path}: {problem}; {advice}")
        self.path = path
        self.problem = problem


def read_run_record(folder: Path) -> dict[str, Any]:
    """The run record of the run folder ``folder``, checked against its schema; :class:`RunRecordError` if there
    is none or it is not one."""
    path = folder / RUN_RECORD
    if not os.path.lexists(path):
        raise RunRecordError(folder, f"no {RUN_RECORD}; not a scenegen run folder",
                             "give the folder `scenegen make --out` wrote")
    advice = "a run folder needs the run.json its run wrote; make the run again if it is lost"
    try:
        record = orjson.loads(read_regular(path, MAX_RUN_RECORD_BYTES, follow_links=False))
    except UnreadableFile as error:
        raise RunRecordError(path, _problem_of(error, path), advice) from None
    except orjson.JSONDecodeError as error:
        raise RunRecordError(path, f"not a scenegen run record (not JSON: {error})", advice) from None
    broken = schema_summary(record, "run_record")
    if broken:
        raise RunRecordError(path, f"not a scenegen run record ({broken})", advice)
    assert isinstance(record, dict)  # the schema's first rule
    return record


def run_family_class(folder: Path, record: Mapping[str, Any]) -> type[Family]:
    """The family of the run whose (checked) ``record`` is in ``folder``; RunRecordError if it is not installed."""
    try:
        return family_named(record["family"])
    except ScenegenError as error:
        raise RunRecordError(folder / RUN_RECORD, str(error), _FAMILY_ADVICE) from None


def run_family(folder: Path, record: Mapping[str, Any]) -> Family:
    """The family of the run whose (checked) ``record`` is in ``folder``, built from its config; RunRecordError
    if the family is not installed or the config is not one of it."""
    family_class = run_family_class(folder, record)
    try:
        return family_class(check_config(record["config"], family_class.config_schema()))
    except ScenegenError as error:
        raise RunRecordError(folder / RUN_RECORD, str(error), _FAMILY_ADVICE) from None


def canonical_json(value: Any) -> bytes:
    """``value`` as canonical JSON (keys sorted; a number as written, so 1 and 1.0 differ): what a resumed run's
    record must match, and what a run's random stream is keyed by."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)


def run_difference(previous: Mapping[str, Any], run: Mapping[str, Any], path: str = "") -> str:
    """The first key whose value differs between two run records, with both values."""
    for key in [*run, *(key for key in previous if key not in run)]:
        where = f"{path}.{key}" if path else str(key)
        old, new = previous.get(key, "(absent)"), run.get(key, "(absent)")
        if canonical_json(old) == canonical_json(new):
            continue
        if isinstance(old, Mapping) and isinstance(new, Mapping):
            return run_difference(old, new, where)
        return f"its {where} is {old!r}, this command's is {new!r}"
    return "the run records differ"


def _problem_of(error: UnreadableFile, path: Path) -> str:
    """An unreadable record's message without its path (a RunRecordError names the path itself)."""
    return str(error).removeprefix(f"{path}: ")
