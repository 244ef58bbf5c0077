"""Signals while a run makes its samples: Ctrl-C and SIGTERM are honoured within a second or two whatever the
shard size, a second one ends the run at once, and the count the run prints is what its manifest records."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from pathlib import Path

from scenegen.manifest import entry_indices, read_manifest

CLI = (sys.executable, "-m", "scenegen")


def start(out: Path, *options: str) -> subprocess.Popen[str]:
    """``scenegen make --quiet --out OUT OPTIONS...`` in a process of its own."""
    return subprocess.Popen([*CLI, "make", "--quiet", "--out", str(out), *options], stderr=subprocess.PIPE,
                            text=True)


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
    found = re.search(r"interrupted: (\d+) of \d+ samples are written and recorded", err)
    assert found, err
    return int(found[1])


def test_an_interrupted_pairs_run_counts_pairs_as_its_manifest_records_them(tmp_path):
    out = tmp_path / "run"
    process = start(out, "--config", "helper_hinderer", "-n", "100000", "--workers", "1")
    wait_for(lambda: (out / "manifest.jsonl").exists() and (out / "manifest.jsonl").stat().st_size > 0)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == 130, err
    samples = recorded_samples(out)
    assert printed_count(err) == len(samples) > 0
    assert samples == set(range(len(samples)))
