"""`make bench`: print the speed figures the issues set targets for.

Each benchmark runs in an interpreter of its own, as each ``scenegen make`` does:
run one after another in one process, the later ones inherited the caches and the
heap of the earlier ones and ran up to 15% slower (the builder family's
generation took 54 us a dialogue there, 46 alone).

The benchmarks are the core's (the modules here) and each family's, in its own
package (``<package>/tests/bench.py``, see :mod:`tests.benchmarks.cases`).
``python -m tests.benchmarks [NAME ...]`` runs the named benchmarks only.
"""

from __future__ import annotations

import importlib
import os
import pkgutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import tests.benchmarks as package
from tests.benchmarks.cases import family_benchmarks
from tests.benchmarks.pipeline import SCRATCH_VARIABLE

#: Modules of this package that other benchmarks use, not benchmarks themselves.
HELPERS = ("cases", "pipeline")

#: Runs one benchmark in this process (the parent runs each so, in a child).
ONE = "--in-process"


def main() -> None:
    if sys.argv[1:2] == [ONE]:
        _run_here(sys.argv[2])
        return
    known = [*_core_benchmarks(), *family_benchmarks()]
    names = sys.argv[1:] or known
    unknown = [name for name in names if name not in known]
    if unknown:
        print(f"error: no benchmark {', '.join(map(repr, unknown))}; there are: {', '.join(known)}", file=sys.stderr)
        sys.exit(2)
    failed = []
    # Stopped (timeout, kill): leave as by an exception, so the scratch folder below goes with the run.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    # One scratch folder for them all, removed at the end: a benchmark's files removed as it ends would slow
    # the next one's file creation (see pipeline._scratch).
    with tempfile.TemporaryDirectory(prefix=".bench-", dir=_output()) as scratch:
        environment = {**os.environ, SCRATCH_VARIABLE: scratch}
        for name in names:
            started = time.perf_counter()
            print(f"== {name}", flush=True)
            done = subprocess.run([sys.executable, "-m", package.__name__, ONE, name], env=environment, check=False)
            if done.returncode:
                failed.append(name)
            print(f"   ({time.perf_counter() - started:.1f} s)", file=sys.stderr, flush=True)
    if failed:
        sys.exit(f"benchmarks that failed: {', '.join(failed)}")


def _core_benchmarks() -> list[str]:
    """The benchmarks of the core: the modules of this package."""
    return [info.name for info in pkgutil.iter_modules(package.__path__)
            if not info.name.startswith("_") and info.name not in HELPERS]


def _output() -> Path:
    """output/, where `make` writes by default (made if missing)."""
    folder = Path("output")
    folder.mkdir(exist_ok=True)
    return folder


def _run_here(name: str) -> None:
    families = family_benchmarks()
    module = families[name] if name in families else importlib.import_module(f"{package.__name__}.{name}")
    for line in module.run():
        print(f"   {line}", flush=True)


if __name__ == "__main__":
    main()
