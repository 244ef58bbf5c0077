"""Runs that ask for more than they need: more workers than jobs or cores, shards larger than memory should hold.
A run starts no worker it cannot use, says when ``--workers`` exceeds the cores, and a worker's memory stays flat
whatever the shard size."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import settings

from scenegen import records
from scenegen.factory import run as run_module
from scenegen.factory.jobs import RunSpec, Worker
from scenegen.factory.request import RunRequest
from scenegen.factory.run import make
from scenegen.folder import sinks
from scenegen.folder.storage import Storage
from tests.kit.support import load_family


@pytest.fixture
def workers_started(monkeypatch) -> list[int]:
    """The worker counts the runs of the test open their executors with, on a machine of two usable cores."""
    counts: list[int] = []
    open_executor = run_module.open_executor

    def counting(name, spec, family, workers, *rest):
        counts.append(workers)
        return open_executor(name, spec, family, workers, *rest)

    monkeypatch.setattr(run_module, "open_executor", counting)
    monkeypatch.setattr(run_module, "usable_cores", lambda: 2)
    return counts


def test_a_run_starts_no_more_workers_than_it_has_jobs_and_says_they_exceed_the_cores(attempt, workers_started):
    done = attempt("make", "--config", "tool_choice", "-n", "300", "--workers", "128", "--out", "run")
    assert done.code == 0, done.err
    assert workers_started == [5]  # 300 scenes are 5 jobs of 64
    assert done.err.count("\n") == 1
    warning = "warning: --workers 128: more than the 2 cores this run may use, so no faster; pass --workers 2 or fewer"
    assert warning in done.err


def test_workers_within_the_cores_start_silently(attempt, workers_started):
    done = attempt("make", "--config", "tool_choice", "-n", "300", "--workers", "2", "--out", "run")
    assert done.code == 0 and not done.err, done.err
    assert workers_started == [2]


# --- shards larger than a worker should hold ------------------------------------------------------------------

#: Bytes of records a shard sink holds in these tests before it streams them to the shard's file: a few records.
SMALL_HOLD = 4096

SHARD_FORMATS = [("jsonl", "zstd"), ("jsonl", "gzip"), ("jsonl", "none"), ("parquet", "zstd"), ("parquet", "none")]


def shard_run(out: Path, storage_format: str, compression: str) -> dict[str, bytes]:
    make(RunRequest("caip", 500, out=out, progress=False, workers=1, format=storage_format, compression=compression,
                    shard_size=200))
    return {path.name: path.read_bytes() for path in sorted(out.iterdir()) if path.name.startswith("caip-")}


@pytest.mark.parametrize(("storage_format", "compression"), SHARD_FORMATS, ids="-".join)
def test_a_shard_streamed_to_its_file_holds_what_a_shard_held_whole_does(run_cli, tmp_path, monkeypatch,
                                                                         storage_format, compression):
    held = shard_run(tmp_path / "held", storage_format, compression)
    monkeypatch.setattr(sinks, "HELD_BYTES", SMALL_HOLD)
    streamed = shard_run(tmp_path / "streamed", storage_format, compression)
    assert streamed.keys() == held.keys() and len(held) == 3
    assert list(records(tmp_path / "streamed")) == list(records(tmp_path / "held"))
    if compression != "zstd" and storage_format == "jsonl":  # gzip's stream is gzip.compress's bytes
        assert streamed == held
    assert run_cli("validate", str(tmp_path / "streamed")).code == 0
    assert not list((tmp_path / "streamed").glob(".*"))


class StopAfter:
    """A run that asks its workers to stop after ``chunks`` chunks."""

    def __init__(self, chunks: int) -> None:
        self.chunks = chunks

    def stop_asked(self) -> bool:
        self.chunks -= 1
        return self.chunks < 0

    def run_gone(self) -> bool:
        return False


@pytest.mark.parametrize("storage_format", ["jsonl", "parquet"])
def test_a_stopped_job_removes_its_streamed_shard_and_records_nothing(tmp_path, monkeypatch, storage_format):
    monkeypatch.setattr(sinks, "HELD_BYTES", SMALL_HOLD)
    _, family = load_family("caip")
    spec = RunSpec(family.name, family.config, 0, "train", "caip_", False, tmp_path, "caip",
                   Storage(storage_format, "zstd", 1000))
    watch = StopAfter(chunks=20)
    written: list[str] = []
    real_put = sinks._Stream._put

    def put(stream, data):
        written.append(stream.path.name)
        real_put(stream, data)

    monkeypatch.setattr(sinks._Stream, "_put", put)
    result = Worker(spec).run(range(1000), watch)
    assert result.stopped and result.part is None and result.spans == () and written
    assert not list(tmp_path.iterdir())


LONG = settings().max_examples > 100  # the long profile (make test-long)


@pytest.mark.skipif(not LONG, reason="a run of 300,000 records (10 s): make test-long runs it")
def test_a_worker_making_a_huge_shard_stays_in_flat_memory(tmp_path):
    measure = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True); "
               "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    done = subprocess.run([sys.executable, "-c", measure, sys.executable, "-m", "scenegen", "make", "--config",
                           "caip", "-n", "300000", "--shard-size", "300000", "--workers", "1", "--quiet", "--out",
                           str(tmp_path / "run")], capture_output=True, text=True, check=True)
    assert int(done.stdout) < 400_000, done.stdout  # KB: held whole, the shard took 1.5 GB
