"""Convert a finished run to another storage format, with identical records (``scenegen convert``)."""

from __future__ import annotations

import shlex
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import groupby
from pathlib import Path

from scenegen.errors import ConfigError
from scenegen.folder.card import write_card
from scenegen.folder.lock import held_for_reading
from scenegen.folder.manifest import entry_indices, manifest_bytes
from scenegen.folder.output_folder import OutputFolder
from scenegen.folder.run_record import run_family
from scenegen.folder.sinks import Sink, open_sink
from scenegen.folder.storage import Storage
from scenegen.folder.summary import Summary
from scenegen.plugin.outputs import Doc
from scenegen.reading.dataset import Run, open_run


@dataclass(frozen=True)
class _RunName:
    """What a sink needs of the run it writes."""

    family_name: str
    split: str


def convert(source: Path, out: Path, format: str, compression: str | None = None, shard_size: int | None = None,
            *, overwrite: bool = False) -> int:
    """Write the run in ``source`` into ``out`` in ``format``; return the number of documents written. A run still
    being written is refused (its folder's lock), and none can start on ``source`` while it is read."""
    with held_for_reading(source):
        return _convert(source, out, format, compression, shard_size, overwrite=overwrite)


def _convert(source: Path, out: Path, format: str, compression: str | None, shard_size: int | None, *,
             overwrite: bool) -> int:
    run = open_run(source)
    run_family(source, run.record)  # the run's config must be its family's: the new run records it as its own
    storage = Storage.of(run.output, format, compression, shard_size)
    if out.resolve() == source.resolve():
        raise ConfigError("--out", "must be another folder than the run converted")
    record = {**run.record, "storage": storage.record()}
    name = _RunName(run.record["family"], run.record["split"])
    stem = run.record.get("stem", run.record["family"])
    summary = Summary()
    with OutputFolder(out, record, overwrite=overwrite, resumable=False) as folder:
        sink: Sink | None = None
        job = -1
        for index, docs in _samples(run):
            if sink is None or index // storage.job_size != job:  # a shard, or a job's worth of files
                _flush(sink, folder, summary)
                sink, job = open_sink(storage, folder.root, name, stem, run.output), index // storage.job_size
            sink.add([docs])
        _flush(sink, folder, summary)
        folder.close()
        write_card(folder.root, shlex.join(["scenegen", "convert", str(source), *storage.options()]), summary)
    return summary.documents


def _samples(run: Run) -> Iterator[tuple[int, Sequence[Doc]]]:
    """The run's samples in order, each with its documents."""
    docs = (doc for entry in run.stream() for doc in run.unit_docs(entry))
    for index, group in groupby(docs, key=lambda doc: doc[0]["index"]):
        yield index, list(group)


def _flush(sink: Sink | None, folder: OutputFolder, summary: Summary) -> None:
    """Write what ``sink`` holds, record its manifest lines and add its records to ``summary``."""
    if sink is None:
        return
    sink.finish()
    if sink.entries:
        folder.record_lines(manifest_bytes(sink.entries), [entry_indices(entry) for entry in sink.entries])
    summary.merge(sink.summary)
