"""Signals while a run makes its samples: Ctrl-C and SIGTERM are honoured within a second or two whatever the
shard size, a second one ends the run at once, and the count the run prints is what its manifest records. A run
killed outright takes its local Ray with it, and no worker writes into its folder after it is gone."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import settings

from scenegen.factory.executors import run_guarded_jobs
from scenegen.factory.jobs import RunSpec, Worker
from scenegen.folder.lock import FolderLock
from scenegen.folder.manifest import entry_indices, read_manifest
from scenegen.folder.stops import POLL_SECONDS, STOP_MARKER, RunGuard
from scenegen.folder.storage import Storage
from tests.kit.support import load_family
from tests.processes import descendants, wait_until_gone

CLI = (sys.executable, "-m", "scenegen")


@pytest.fixture
def start():
    """Start ``scenegen make --quiet --out OUT OPTIONS...`` in a process of its own; killed if still running when
    the test ends."""
    started: list[subprocess.Popen[str]] = []

    def run(out: Path, *options: str) -> subprocess.Popen[str]:
        started.append(subprocess.Popen([*CLI, "make", "--quiet", "--out", str(out), *options],
                                        stderr=subprocess.PIPE, text=True))
        return started[-1]

    yield run
    for process in started:
        if process.poll() is None:
            process.kill()
            process.communicate()


def wait_for(condition, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def recorded_samples(out: Path) -> set[int]:
    """The sample indices the run folder's manifest records."""
    return {index for entry in read_manifest(out / "manifest.jsonl") for index in entry_indices(entry)}


def printed_count(err: str) -> int:
    """The samples an interrupted run says it wrote and recorded."""
    found = re.search(r"interrupted: (\d+) of \d+ samples", err)
    assert found, err
    return int(found[1])


def test_an_interrupted_pairs_run_counts_pairs_as_its_manifest_records_them(tmp_path, start):
    out = tmp_path / "run"
    process = start(out, "--config", "helper_hinderer", "-n", "100000", "--workers", "1")
    wait_for(lambda: (out / "manifest.jsonl").exists() and (out / "manifest.jsonl").stat().st_size > 0)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=10)
    assert process.returncode == 130, err
    samples = recorded_samples(out)
    assert printed_count(err) == len(samples) > 0
    assert samples == set(range(len(samples)))


#: Shards of a million records: each takes a worker most of a minute.
BIG_SHARDS = ("--config", "caip", "-n", "3000000", "--shard-size", "1000000")


def temporaries(out: Path) -> list[Path]:
    return list(out.glob(".*.scenegen-tmp")) if out.exists() else []


def making(process: subprocess.Popen[str], out: Path, workers: int) -> list[int]:
    """Wait until the run is making its first shards; return its worker processes."""
    wait_for(lambda: (out / "run.json").exists() and len(descendants(process.pid)) >= workers)
    time.sleep(0.3)
    return descendants(process.pid)


@pytest.mark.parametrize("workers", [1, 2], ids=["in the run's process", "in a pool"])
def test_an_interrupt_is_honoured_within_moments_whatever_the_shard_size(tmp_path, start, workers):
    out = tmp_path / "run"
    process = start(out, *BIG_SHARDS, "--workers", str(workers))
    pool = making(process, out, workers if workers > 1 else 0)
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=10)
    assert time.monotonic() - sent < 3, err
    assert process.returncode == 130, err
    assert printed_count(err) == 0 and "Traceback" not in err
    assert not temporaries(out)
    wait_until_gone(pool, timeout=3)
    assert not any(Path(f"/proc/{pid}").exists() for pid in pool)


def test_a_second_signal_ends_the_run_at_once_with_its_workers(tmp_path, start):
    out = tmp_path / "run"
    process = start(out, *BIG_SHARDS, "--workers", "2")
    pool = making(process, out, 2)
    for pid in pool:  # workers that no longer answer: the first signal's stop waits for them
        os.kill(pid, signal.SIGSTOP)
    process.send_signal(signal.SIGINT)
    time.sleep(0.5)
    assert process.poll() is None
    sent = time.monotonic()
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=10)
    assert time.monotonic() - sent < 2, err
    assert process.returncode == 130, err
    assert printed_count(err) == 0 and "Traceback" not in err
    wait_until_gone(pool, timeout=2)
    assert not any(Path(f"/proc/{pid}").exists() for pid in pool)
    assert not temporaries(out)


# --- a worker that may outlive its run (a Ray task) ---------------------------------------------------------

def test_a_worker_that_outlives_its_run_writes_nothing_once_the_run_is_gone(tmp_path):
    _, family = load_family("tool_choice")
    spec = RunSpec(family.name, family.config, 0, "train", "x_", False, tmp_path, "x", Storage())
    lock = FolderLock.acquire(tmp_path)
    guard = RunGuard(tmp_path, lock.holder)
    assert not guard.run_gone() and not guard.stop_asked()
    assert Worker(spec).run(range(8), guard).spans == ((0, 8),)
    lock.release()  # as the kernel does when the run is killed
    written = sorted(tmp_path.iterdir())
    result = Worker(spec).run(range(8, 16), RunGuard(tmp_path, guard.holder))
    assert result.stopped and result.part is None and sorted(tmp_path.iterdir()) == written


def test_a_worker_stops_when_another_run_holds_its_folder_or_its_run_leaves_the_stop_marker(tmp_path):
    lock = FolderLock.acquire(tmp_path)  # this process's run, resuming the folder of a run that was killed:
    killed = b'{"pid":1,"host":"elsewhere","started":"2026-01-01T00:00:00Z"}'
    assert RunGuard(tmp_path, killed).run_gone()
    guard = RunGuard(tmp_path, lock.holder)
    assert not guard.stop_asked()
    (tmp_path / STOP_MARKER).touch()
    time.sleep(POLL_SECONDS)
    assert guard.stop_asked() and not guard.run_gone()


LONG = settings().max_examples > 100  # the long profile (make test-long)
ray_runs = pytest.mark.skipif(not LONG, reason="a local Ray takes 4 s to start: make test-long runs these")


def ray_tasks_running(process: subprocess.Popen[str]) -> list[int]:
    """Wait until the run's Ray tasks are making jobs; return every process of the run but the run's."""
    def tasks() -> bool:
        return any(f"ray::{run_guarded_jobs.__name__}".encode() in _command_line(pid)
                   for pid in descendants(process.pid))

    wait_for(tasks, timeout=60)
    return descendants(process.pid)


def _command_line(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def folder_state(out: Path) -> dict[str, tuple[int, int]]:
    return {path.name: (path.stat().st_size, path.stat().st_mtime_ns) for path in out.iterdir()}


@ray_runs
def test_a_killed_ray_run_takes_its_local_ray_with_it_and_nothing_writes_after_it(tmp_path, start):
    out = tmp_path / "run"
    process = start(out, "--config", "caip", "-n", "1000000", "--shard-size", "2000", "--executor", "ray",
                    "--workers", "2")
    ray_processes = ray_tasks_running(process)
    wait_for(lambda: len(recorded_samples(out)) >= 4000)
    process.kill()
    killed = time.time()
    process.communicate()
    time.sleep(0.5)
    after_kill = folder_state(out)
    assert max(mtime for _, mtime in after_kill.values()) / 1e9 < killed + 0.1
    time.sleep(2.5)
    assert folder_state(out) == after_kill
    assert not [pid for pid in ray_processes if Path(f"/proc/{pid}").exists()]


@ray_runs
@pytest.mark.parametrize("signal_number", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_an_interrupted_ray_run_stops_within_moments_and_leaves_no_ray_process(tmp_path, start, signal_number):
    out = tmp_path / "run"
    process = start(out, *BIG_SHARDS, "--executor", "ray", "--workers", "2")
    ray_processes = ray_tasks_running(process)
    sent = time.monotonic()
    process.send_signal(signal_number)  # Ray puts in a SIGTERM handler of its own, which must not stay
    _, err = process.communicate(timeout=30)
    assert time.monotonic() - sent < 4, err
    assert process.returncode == 130 and printed_count(err) == 0, err
    wait_until_gone(ray_processes, timeout=3)
    assert not [pid for pid in ray_processes if Path(f"/proc/{pid}").exists()]
    assert not temporaries(out)
