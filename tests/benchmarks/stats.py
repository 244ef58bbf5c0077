"""`scenegen stats` over 100,000 Tool Choice scenes on one core (target: under a minute), and its peak memory
against 10,000 (target: flat), for scene files and for zstd shards."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from scenegen.factory.request import RunRequest
from scenegen.factory.run import make

from .factory import IN_MEMORY

SIZES = (10_000, 100_000)
FORMATS = ("files", "jsonl")
#: Seconds `stats` may take over 100,000 scenes.
TARGET_SECONDS = 60.0


#: Run in a process of its own: the report, then the process's own peak memory in MB. (VmHWM, not ru_maxrss:
#: Linux carries ru_maxrss over from the forking parent, however large the bench has grown by then.)
_MEASURE = """
import sys
from scenegen.inspect.stats.report import run_report
run_report(sys.argv[1])
status = open("/proc/self/status").read().split("VmHWM:")[1]
print(int(status.split()[0]) / 1024)
"""


def _stats(out: Path) -> tuple[float, float]:
    """Wall-clock seconds and peak memory (MB) of a stats report in a process of its own."""
    started = time.perf_counter()
    peak = subprocess.run([sys.executable, "-c", _MEASURE, str(out)], check=True, capture_output=True,
                          text=True).stdout
    return time.perf_counter() - started, float(peak)


def run() -> Iterator[str]:
    root = Path(tempfile.mkdtemp(prefix="scenegen-stats-", dir=IN_MEMORY if IN_MEMORY.is_dir() else None))
    try:
        for format in FORMATS:
            peaks = []
            for n in SIZES:
                out = root / f"{format}-{n}"
                make(RunRequest("tool_choice", n, out=out, progress=False, format=format))
                seconds, peak = _stats(out)
                peaks.append(peak)
                verdict = "" if n < SIZES[-1] else \
                    f" (target {TARGET_SECONDS:.0f} s: {'met' if seconds < TARGET_SECONDS else 'missed'})"
                yield f"stats of {n:,} tool_choice scenes ({format}): {seconds:.1f} s{verdict}"
                shutil.rmtree(out)
            yield f"  peak memory: {peaks[0]:.0f} MB at {SIZES[0]:,} scenes, {peaks[1]:.0f} MB at {SIZES[1]:,}"
    finally:
        shutil.rmtree(root, ignore_errors=True)
