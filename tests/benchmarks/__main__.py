"""`make bench`: print the speed figures the issues set targets for.

Each benchmark runs in an interpreter of its own, as each ``scenegen make`` does:
run one after another in one process, the later ones inherited the caches and the
heap of the earlier ones and ran up to 15% slower (the builder family's
generation took 54 us a dialogue there, 46 alone).

``python -m tests.benchmarks [NAME ...]`` runs the named benchmarks only.
"""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
import time

import tests.benchmarks as package

#: Runs one benchmark in this process (the parent runs each so, in a child).
ONE = "--in-process"


def main() -> None:
    if sys.argv[1:2] == [ONE]:
        _run_here(sys.argv[2])
        return
    names = sys.argv[1:] or [info.name for info in pkgutil.iter_modules(package.__path__)
                             if not info.name.startswith("_")]
    failed = []
    for name in names:
        started = time.perf_counter()
        print(f"== {name}", flush=True)
        if subprocess.run([sys.executable, "-m", package.__name__, ONE, name], check=False).returncode:
            failed.append(name)
        print(f"   ({time.perf_counter() - started:.1f} s)", file=sys.stderr, flush=True)
    if failed:
        sys.exit(f"benchmarks that failed: {', '.join(failed)}")


def _run_here(name: str) -> None:
    module = importlib.import_module(f"{package.__name__}.{name}")
    for line in module.run():
        print(f"   {line}", flush=True)


if __name__ == "__main__":
    main()
