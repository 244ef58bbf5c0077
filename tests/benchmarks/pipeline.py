"""Samples per second of `scenegen make` for a config, against serialising and writing them alone.

"Alone" feeds already-made documents to the same sink `make` uses: it counts
serialising, hashing, writing and the manifest, nothing else.
"""

from __future__ import annotations

import atexit
import os
import resource
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from scenegen.factory import collector
from scenegen.factory.pipeline import CHUNK_SIZE, Pipeline
from scenegen.factory.request import RunRequest
from scenegen.factory.run import RunSummary, make
from scenegen.folder.manifest import entry_indices, manifest_bytes
from scenegen.folder.output_folder import OutputFolder
from scenegen.folder.sinks import open_sink
from scenegen.folder.storage import Storage
from scenegen.plugin.outputs import batched
from tests.kit.support import load_family


def measure(config: str, n: int, repeats: int = 3) -> list[str]:
    """Time `make` (one process; schema-validated as by default, then with --check), the same work without
    the disk, and only the writing of the same documents.

    Times are CPU seconds of this process (user + system: the work done on one
    core, without waits on a shared disk), each the best of ``repeats`` runs;
    wall-clock rates follow in brackets.
    """
    timings: dict[str, list[Timing]] = {"default": [], "checked": [], "writing": [], "in_memory": []}
    scratch = Path(tempfile.mkdtemp(prefix=f"{Path(config).stem}-", dir=_scratch()))
    # Round by round, so that the runs compared in a ratio meet the same spells of a shared disk.
    for k in range(repeats):
        timings["default"].append(_make(config, n, scratch / f"default{k}", False))
        timings["checked"].append(_make(config, n, scratch / f"check{k}", True))
        timings["writing"].append(_writing(config, n, scratch / f"write{k}"))
        timings["in_memory"].append(_in_memory(config, n))
    default, checked, writing, in_memory = (_best(timings[kind]) for kind in timings)
    # Each round's own ratio too: a shared disk's speed can change between rounds.
    by_round = ", ".join(f"{made.cpu / written.cpu:.2f}x"
                         for made, written in zip(timings["default"], timings["writing"], strict=True))
    summary = default.summary
    assert summary is not None  # _make keeps its run's summary
    unit = "pairs" if summary.documents > summary.written else summary.unit
    return [
        (f"{config}: make -n {n}: {n / default.cpu:,.0f} validated {unit}/s ({default.cpu / n * 1e6:,.0f} us each), "
         f"{n / checked.cpu:,.0f} {unit}/s with --check [wall clock: {n / default.wall:,.0f} and "
         f"{n / checked.wall:,.0f}]; without the disk: {n / in_memory.cpu:,.0f} {unit}/s"),
        (f"{config}: serialise+write alone: {writing.cpu / n * 1e6:,.0f} us each; make / (serialise+write) = "
         f"{default.cpu / writing.cpu:.2f}x, {checked.cpu / writing.cpu:.2f}x with --check (by round: {by_round})"),
    ]


#: The compiled build's console script (`make compiled`; see pyproject.toml's mypyc hook).
COMPILED_CLI = Path(__file__).resolve().parents[2] / ".venv-compiled" / "bin" / "scenegen"

#: The scratch folder of a whole `make bench`, which its parent removes when every benchmark has run.
SCRATCH_VARIABLE = "SCENEGEN_BENCH_SCRATCH"


@cache
def _scratch() -> Path:
    """The bench's scratch folder, in output/ where `make` writes by default (not the system temp folder,
    whose speed varies by machine); removed once, when the whole bench ends (see ``__main__``), or when this
    process ends if it runs alone.

    Not between measurements: after thousands of files are deleted, creating a file on this VM's ext4 costs
    500-800 us of CPU instead of 60-100 for a minute or more (``perf``: the kernel's inode allocator skipping
    recently freed inodes), which would slow whatever is measured next.
    """
    shared = os.environ.get(SCRATCH_VARIABLE)
    if shared:
        return Path(shared)
    Path("output").mkdir(exist_ok=True)
    folder = Path(tempfile.mkdtemp(prefix=".bench-", dir="output"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


@dataclass(frozen=True)
class Timing:
    cpu: float
    wall: float
    summary: RunSummary | None = None


def _best(timings: list[Timing]) -> Timing:
    return Timing(min(t.cpu for t in timings), min(t.wall for t in timings), timings[0].summary)


def _clocks() -> tuple[float, float]:
    return time.process_time(), time.perf_counter()


def _since(start: tuple[float, float], summary: RunSummary | None = None) -> Timing:
    cpu, wall = _clocks()
    return Timing(cpu - start[0], wall - start[1], summary)


def _make(config: str, n: int, out: Path, check: bool) -> Timing:
    start = _clocks()
    summary = make(RunRequest(config, n, out=out, progress=False, check=check, workers=1))
    return _since(start, summary)


def _in_memory(config: str, n: int) -> Timing:
    """What make does per sample, less the disk: generate, export, validate."""
    _, family = load_family(config)
    pipeline = Pipeline(family, 0, "bench_")
    start = _clocks()
    with collector.tuned_for_runs():
        for indices in batched(range(n), CHUNK_SIZE):
            pipeline.produce_many(indices)
    return _since(start)


def _writing(config: str, n: int, out: Path) -> Timing:
    """The writing of what make writes, timed chunk by chunk as make makes them: each chunk is made first, untimed,
    so that the writing meets its documents in the CPU's caches, as make's does (made all before, 20,000 records
    were cold by the time they were written, and writing them took longer than making them)."""
    config_path, family = load_family(config)
    pipeline = Pipeline(family, 0, "bench_")
    cpu = wall = 0.0
    with OutputFolder(out, {"bench": config}) as folder, collector.tuned_for_runs():
        sink = open_sink(Storage.of(family.output, None, None, None), folder.root, pipeline, config_path.stem,
                         family.output)
        for indices in batched(range(n), CHUNK_SIZE):
            chunk = pipeline.produce_many(indices)
            start = _clocks()
            sink.add([pipeline.docs(index, one) for index, one in zip(indices, chunk, strict=True)])
            spent = _since(start)
            cpu, wall = cpu + spent.cpu, wall + spent.wall
        start = _clocks()
        sink.finish()
        folder.record_lines(manifest_bytes(sink.entries), [entry_indices(entry) for entry in sink.entries])
        spent = _since(start)
    return Timing(cpu + spent.cpu, wall + spent.wall)


def compiled_rate(config: str, n: int, repeats: int = 3) -> float | None:
    """Validated samples per CPU second of `make` in the compiled build (None if it is not built): a run of ``n``
    less a run of one, so that neither the interpreter's start nor the run's set-up counts; the best of
    ``repeats``."""
    if not COMPILED_CLI.exists():
        return None
    scratch = Path(tempfile.mkdtemp(prefix=f"{Path(config).stem}-compiled-", dir=_scratch()))
    best = float("inf")
    for k in range(repeats):
        best = min(best, _compiled_cpu(config, n, scratch / f"n{k}") - _compiled_cpu(config, 1, scratch / f"one{k}"))
    return (n - 1) / best


def _compiled_cpu(config: str, n: int, out: Path) -> float:
    """CPU seconds (user + system) of one `make` in the compiled build, run from the scratch folder so that the
    build's own modules, not this checkout's, are imported."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([COMPILED_CLI, "make", "--config", config, "-n", str(n), "--out", out.name, "--workers", "1",
                    "--quiet"], cwd=out.parent, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
