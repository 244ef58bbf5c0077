"""A local Ray ends with the run that started it, however the run ends (SIGKILL included).

``ray.init`` starts Ray's processes (its control store, the raylet, agents and
workers) below the run's process. A killed run left some behind: its Ray workers
went on writing into the run folder for about a second, and two agents lived on,
adopted by init. So before the run starts Ray it starts this watchdog, in a
session of its own (Ctrl-C is the run's to handle), and marks the environment
Ray starts in with a token that the processes Ray starts inherit. Some rewrite
their environment's memory for their titles (Ray's agents do), so the watchdog
also keeps a list of the marked processes below the run and of every process
below them, looking every :data:`LOOK_SECONDS` (never the run's other children:
a notebook's, say). It waits on a pipe from the run; when the pipe closes (the
run ended Ray, or died and the kernel closed its end), it kills every process it
listed, or that carries the token, and whatever they started.

Linux only: the watchdog reads the processes from ``/proc``.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

#: The environment variable that marks the processes of one run's local Ray.
TOKEN_VARIABLE = "SCENEGEN_RAY_OF_RUN"

#: Seconds between the watchdog's looks at the processes below the run (each costs a few milliseconds).
LOOK_SECONDS = 0.5

#: Rounds of killing once the run is gone: a process may start another as it is killed.
_SWEEPS = 20
_SWEEP_PAUSE_SECONDS = 0.05
#: Seconds the run waits for the watchdog to have killed its Ray.
_WAIT_SECONDS = 10

AVAILABLE = Path("/proc/self/stat").exists()

#: A process as /proc shows it: its parent's pid and its start time (which tells it from a later one of its pid).
Process = tuple[int, int]


class Watchdog:
    """The watchdog of one run's local Ray, as the run holds it."""

    def __init__(self) -> None:
        self.token = secrets.token_hex(16)
        self.process = subprocess.Popen([sys.executable, "-m", "scenegen.factory.watchdog", self.token],
                                        stdin=subprocess.PIPE, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL, start_new_session=True)

    @contextlib.contextmanager
    def marking(self) -> Iterator[None]:
        """Within the block, the processes this one starts (Ray's) carry the token, and so do theirs."""
        os.environ[TOKEN_VARIABLE] = self.token
        try:
            yield
        finally:
            del os.environ[TOKEN_VARIABLE]

    def end_ray(self) -> None:
        """Have the watchdog kill what is left of this run's Ray now, and wait until it has."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(_WAIT_SECONDS)


def main() -> None:
    """The watchdog: list the run's Ray processes until the run closes its pipe, then kill them."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    entry, run = f"{TOKEN_VARIABLE}={sys.argv[1]}".encode(), os.getppid()
    seen: dict[int, int] = {}  # pid -> start time of every process of the run's Ray seen
    while not _closed(sys.stdin.fileno()):
        table = _processes()
        marked = {pid for pid in _below(table, {run}) if _holds(pid, entry)}
        seen.update((pid, table[pid][1]) for pid in marked | _below(table, marked))
    kill_all(seen, entry)


def kill_all(seen: dict[int, int], entry: bytes) -> None:
    """Kill the processes ``seen`` (pid -> start time) that still run, those whose environment holds ``entry``,
    and every process below them, until none is left (or the rounds run out)."""
    for _ in range(_SWEEPS):
        table = _processes()
        doomed = {pid for pid, (_, started) in table.items() if seen.get(pid) == started or _holds(pid, entry)}
        doomed |= _below(table, doomed)
        if not doomed:
            return
        for pid in doomed:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(_SWEEP_PAUSE_SECONDS)


def _closed(fd: int) -> bool:
    """Whether the pipe ``fd`` reached its end, waiting at most LOOK_SECONDS to find out."""
    ready, _, _ = select.select([fd], [], [], LOOK_SECONDS)
    return bool(ready) and not os.read(fd, 4096)


def _processes() -> dict[int, Process]:
    """Every process but this one, by pid: its parent and start time."""
    table: dict[int, Process] = {}
    mine = os.getpid()
    for path in Path("/proc").iterdir():
        if not path.name.isdigit() or int(path.name) == mine:
            continue
        try:
            fields = (path / "stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        table[int(path.name)] = (int(fields[1]), int(fields[19]))  # ppid, starttime (fields 4 and 22 of stat)
    return table


def _below(table: dict[int, Process], roots: set[int]) -> set[int]:
    """The processes of ``table`` descending from ``roots``."""
    children: dict[int, list[int]] = {}
    for pid, (parent, _) in table.items():
        children.setdefault(parent, []).append(pid)
    found: set[int] = set()
    frontier = list(roots)
    while frontier:
        for child in children.get(frontier.pop(), ()):
            if child not in found:
                found.add(child)
                frontier.append(child)
    return found


def _holds(pid: int, entry: bytes) -> bool:
    """Whether the environment of process ``pid`` holds ``entry`` (False for another user's process)."""
    try:
        return entry in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    except OSError:
        return False


if __name__ == "__main__":
    main()
