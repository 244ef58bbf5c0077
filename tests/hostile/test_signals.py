"""Signals while a run makes its samples: Ctrl-C and SIGTERM are honoured within a second or two whatever the
shard size, a second one ends the run at once, and the count the run prints is what its manifest records."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from scenegen.manifest import entry_indices, read_manifest
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
