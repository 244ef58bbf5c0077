"""The benchmarks each family declares in its own package, ``<package>/tests/bench.py``.

Such a module has ``run() -> list[str]`` (its figures; ``make bench`` runs it
under the package's last name, e.g. ``tool_choice``) and may declare the runs
the factory's benchmarks make of it: ``SCALING`` ((config, n) pairs that take
six to eight seconds in one process) and ``FORMATS`` ((config, n) pairs of a few
seconds, made in every storage format).
"""

from __future__ import annotations

from importlib import import_module
from types import ModuleType

from scenegen.plugin.discovery import family_packages

#: The README's main job (``make run``): the config the factory's benchmarks of memory and start-up use.
MAIN_JOB = "tool_choice"


def family_benchmarks() -> dict[str, ModuleType]:
    """Every installed family package's benchmark module, by the package's last name."""
    modules = {}
    for package in family_packages():
        name = f"{package}.tests.bench"
        try:
            modules[package.rpartition(".")[2]] = import_module(name)
        except ModuleNotFoundError as error:
            if error.name is None or not name.startswith(error.name):  # the module exists, one it imports does not
                raise
    return modules


def declared(attribute: str) -> list[tuple[str, int]]:
    """The (config, n) cases the families declare under ``attribute`` (``SCALING`` or ``FORMATS``)."""
    return [case for module in family_benchmarks().values() for case in getattr(module, attribute, ())]
