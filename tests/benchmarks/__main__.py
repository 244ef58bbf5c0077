"""`make bench`: print the speed figures the issues set targets for."""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import tests.benchmarks as package


def main() -> None:
    for module_info in pkgutil.iter_modules(package.__path__):
        if module_info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{package.__name__}.{module_info.name}")
        started = time.perf_counter()
        print(f"== {module_info.name}", flush=True)
        for line in module.run():
            print(f"   {line}", flush=True)
        print(f"   ({time.perf_counter() - started:.1f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
