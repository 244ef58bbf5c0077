"""Start-up: the wall time of a one-scene `scenegen make`, nearly all of it interpreter start and imports.

Every process of a run pays it: the command itself, each parallel worker and each Ray task.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

#: Seconds a one-scene Tool Choice `make` may take, start to exit.
TARGET = 0.15
RUNS = 10


def command(out: Path) -> list[str]:
    """``scenegen make --config tool_choice -n 1 --out OUT --overwrite --quiet``, through the console script
    installed beside this interpreter when there is one (as a user runs it)."""
    script = Path(sys.executable).with_name("scenegen")
    launcher = [str(script)] if script.is_file() else [sys.executable, "-m", "scenegen"]
    return [*launcher, "make", "--config", "tool_choice", "-n", "1", "--out", str(out), "--overwrite", "--quiet"]


#: The environment, but writing and reading compiled bytecode as an installed scenegen does (a sandbox may forbid
#: it: compiling every module at every start costs 20-30 ms more).
_WITH_BYTECODE = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}


def measure(runs: int = RUNS) -> tuple[list[float], list[float]]:
    """Wall and CPU (user + system) seconds of ``runs`` runs of :func:`command`, in run order."""
    walls: list[float] = []
    cpus: list[float] = []
    scratch = Path(tempfile.mkdtemp(prefix="scenegen-startup-"))
    try:
        argv = command(scratch / "out")
        for _ in range(runs):
            started = time.perf_counter()
            process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=_WITH_BYTECODE)
            _, status, usage = os.wait4(process.pid, 0)
            walls.append(time.perf_counter() - started)
            cpus.append(usage.ru_utime + usage.ru_stime)
            error = process.stderr.read().decode(errors="replace") if process.stderr else ""
            if process.stderr:
                process.stderr.close()
            if os.waitstatus_to_exitcode(status) != 0:
                raise RuntimeError(f"{' '.join(argv)} failed: {error.strip()}")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return walls, cpus


def run() -> Iterator[str]:
    walls, cpus = measure()
    best = min(walls)
    verdict = "met" if best < TARGET else "missed"
    yield (f"make --config tool_choice -n 1: {best:.3f} s wall, best of {len(walls)} "
           f"(median {statistics.median(walls):.3f} s; CPU {min(cpus):.3f} s); target < {TARGET:.2f} s: {verdict}")
