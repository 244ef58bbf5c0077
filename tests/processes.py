"""The processes of a run under test: its workers, and waiting for them to end after the run is killed."""

from __future__ import annotations

import time
from collections.abc import Iterable
from pathlib import Path


def descendants(pid: int) -> list[int]:
    """Every process descending from ``pid`` (a run's pool workers), read from /proc."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(stat.parent.name)] = int(fields[1])
    found, frontier = [], [pid]
    while frontier:
        current = frontier.pop()
        kids = [child for child, parent in parents.items() if parent == current]
        found += kids
        frontier += kids
    return found


def wait_until_gone(pids: Iterable[int], timeout: float = 30) -> None:
    """Wait for the processes ``pids`` to end: a killed run's workers die a moment after it, holding its lock
    until they do."""
    deadline = time.monotonic() + timeout
    for pid in pids:
        while Path(f"/proc/{pid}").exists() and time.monotonic() < deadline:
            time.sleep(0.01)
