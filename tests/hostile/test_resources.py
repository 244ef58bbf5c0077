"""Runs that ask for more than they need: more workers than jobs or cores, shards larger than memory should hold.
A run starts no worker it cannot use, says when ``--workers`` exceeds the cores, and a worker's memory stays flat
whatever the shard size."""

from __future__ import annotations

import pytest

from scenegen import run as run_module


@pytest.fixture
def workers_started(monkeypatch) -> list[int]:
    """The worker counts the runs of the test open their executors with, on a machine of two usable cores."""
    counts: list[int] = []
    open_executor = run_module.open_executor

    def counting(name, spec, family, workers, address):
        counts.append(workers)
        return open_executor(name, spec, family, workers, address)

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
