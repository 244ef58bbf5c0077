"""Find family plugins through the ``scenegen.families`` entry-point group.

Built-in families register exactly like third-party ones (see pyproject.toml).

A run needs one family, so :func:`family_named` imports only that family: the
entry point named like it (every built-in's is), read from the installed
distributions' ``entry_points.txt`` files as importlib.metadata reads them, but
without importing importlib.metadata (10-20 ms, as long as a small run). Anything
else (no entry point of that name, a family named differently, a plugin that
fails to import) goes through :func:`installed_families`, which imports them all.
"""

from __future__ import annotations

import functools
import os
import re
import sys
import warnings
from collections.abc import Callable, Iterable, Iterator
from functools import cache
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING

from scenegen.errors import ConfigError, did_you_mean
from scenegen.plugin.family import Family

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

GROUP = "scenegen.families"


def entry_points(*, group: str) -> Iterable[EntryPoint]:
    """The installed entry points of ``group`` (importlib.metadata's, imported when first asked for)."""
    from importlib import metadata

    return metadata.entry_points(group=group)


_INSTALLED_ENTRY_POINTS = entry_points


@cache
def installed_families() -> dict[str, type[Family]]:
    """Every installed family class, by name.

    A plugin that fails to import is reported as a warning and left out, so one
    broken package does not take every other family down with it.
    """
    families: dict[str, type[Family]] = {}
    for entry_point in entry_points(group=GROUP):
        try:
            family = entry_point.load()
        except Exception as error:  # any import-time failure of third-party code
            warnings.warn(f"family plugin {entry_point.name!r} could not be loaded: {error}", stacklevel=2)
            continue
        if not (isinstance(family, type) and issubclass(family, Family)):
            raise TypeError(f"entry point {entry_point.name!r} in {GROUP} is not a scenegen Family subclass")
        families[family.name] = family
    return dict(sorted(families.items()))


def family_named(name: object) -> type[Family]:
    """The family class called ``name``, or a ConfigError listing the installed ones.

    Imports only the entry point called ``name`` when it holds the family of that
    name; otherwise looks through every installed family, which also gives the
    warnings and errors that listing them gives.
    """
    if isinstance(name, str) and installed_families.cache_info().currsize == 0:
        family = _load_entry_point_named(name)
        if family is not None:
            return family
    families = installed_families()
    if not isinstance(name, str) or name not in families:
        raise ConfigError("family", f"unknown family {name!r}{did_you_mean(name, families)}; "
                                    f"installed: {', '.join(families)}")
    return families[name]


def _load_entry_point_named(name: str) -> type[Family] | None:
    """The family of the entry point called ``name``, if there is one, it imports and it is a family called ``name``."""
    load = _entry_point_named(name)
    if load is None:
        return None
    try:
        family = load()
    except Exception:  # installed_families reports it
        return None
    if isinstance(family, type) and issubclass(family, Family) and family.name == name:
        return family
    return None


def family_packages() -> dict[str, Path]:
    """The package of every installed family, by its import name, with its folder; found without importing
    the families.

    A family is one package: its code, its ``templates/`` (the bundled configs)
    and its ``tests/`` (its tests and benchmark cases) are in this folder. The
    package is the one holding the module its entry point names (two families
    may share one, as ``approach`` and ``imitation`` do), listed once.
    """
    packages: dict[str, Path] = {}
    for _, value in _entry_point_references():
        found = _package_of(value)
        if found is not None:  # else a broken entry point: installed_families reports it
            packages[found[0]] = found[1]
    return dict(sorted(packages.items()))


def _package_of(reference: str) -> tuple[str, Path] | None:
    """The package holding the module an entry point's object ``reference`` names, with its folder; None when
    that module is not found."""
    from importlib.util import find_spec  # for bare template names and the tests: no run by path pays for it

    match = _REFERENCE.match(reference)
    spec = find_spec(match.group("module")) if match else None
    if spec is None or spec.origin is None:
        return None
    package = spec.name if spec.submodule_search_locations is not None else spec.parent
    # absolute, not resolved: resolving follows every link of the path, a few syscalls each, which cost a run
    # by a bundled template's name 10 ms over 40 families
    return package or spec.name, Path(os.path.abspath(spec.origin)).parent


def bundled_templates() -> dict[str, Path]:
    """Every bundled config by file name (``tool_choice.yaml``, ``eval7_tool_choice.yaml``): the YAML files in
    the ``templates/`` folder of each installed family's package; of two of one name, the first family's
    (in package order)."""
    templates: dict[str, Path] = {}
    for folder in family_packages().values():
        for path in sorted((folder / "templates").glob("*.yaml")):
            templates.setdefault(path.name, path)
    return templates


def bundled_template(file_name: str) -> Path | None:
    """The bundled config called ``file_name``, or None. Looked for first in the package of the family it is
    named after (``tool_choice.yaml`` and ``eval7_tool_choice.yaml`` in tool_choice's), as a run by a template's
    name asks, before every family's: finding every package costs a run 4 ms over 45 families. The same answer
    as :func:`bundled_templates`', since no two packages bundle a template of one name (a test holds them to it)."""
    family = file_name.removesuffix(".yaml").removeprefix("eval7_")
    for name, reference in _entry_point_references():
        found = _package_of(reference) if name == family else None
        if found is not None and (found[1] / "templates" / file_name).is_file():
            return found[1] / "templates" / file_name
    return bundled_templates().get(file_name)


def _entry_point_references() -> Iterable[tuple[str, str]]:
    """(name, object reference) of every entry point in GROUP, from the replacement of ``entry_points`` where
    one is set (the tests register families so), else as importlib.metadata would read them."""
    if entry_points is not _INSTALLED_ENTRY_POINTS:
        return [(entry_point.name, entry_point.value) for entry_point in entry_points(group=GROUP)]
    return _declared_entry_points()


def _entry_point_named(name: str) -> Callable[[], object] | None:
    """What loads the entry point called ``name`` in GROUP (the last of that name, as a later family of one
    name replaces an earlier one in installed_families), or None."""
    if entry_points is not _INSTALLED_ENTRY_POINTS:  # replaced (the tests register families so): ask it
        matching = [entry_point for entry_point in entry_points(group=GROUP) if entry_point.name == name]
        return matching[-1].load if matching else None
    references = [value for entry_point, value in _declared_entry_points() if entry_point == name]
    return functools.partial(_load_reference, references[-1]) if references else None


@cache
def _declared_entry_points() -> tuple[tuple[str, str], ...]:
    """(name, object reference) of every entry point in GROUP, read as importlib.metadata reads them, once a
    process (a run asks twice: for its template's folder, then for its family).

    The distributions are the ``*.dist-info`` and ``*.egg-info`` folders of each
    folder on ``sys.path``, each distribution name once (its first); their
    ``entry_points.txt`` is an INI-like file of ``[group]`` headers and ``name = value`` lines.
    """
    return tuple(_scan_distributions())


def _scan_distributions() -> Iterator[tuple[str, str]]:
    seen: set[str] = set()
    for folder in sys.path:
        try:
            children = os.listdir(folder or ".")
        except OSError:  # a missing folder, a zip file: importlib.metadata finds what is there
            continue
        for child in children:
            stem, _, suffix = child.lower().rpartition(".")
            if suffix not in ("dist-info", "egg-info"):
                continue
            distribution = re.sub(r"[-_.]+", "-", stem.partition("-")[0]).replace("-", "_")
            if distribution in seen:
                continue
            seen.add(distribution)
            yield from _group_entries(os.path.join(folder or ".", child, "entry_points.txt"))


def _group_entries(path: str) -> Iterable[tuple[str, str]]:
    try:
        with open(path, encoding="utf-8") as handle:
            text = handle.read()
    except OSError:  # no entry points
        return
    section = None
    for line in map(str.strip, text.splitlines()):
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line.strip("[]")
        elif section == GROUP and "=" in line:
            name, value = line.split("=", 1)
            yield name.strip(), value.strip()


#: An entry point's object reference, ``module[:attribute.path][ [extras]]`` (importlib.metadata.EntryPoint.pattern).
_REFERENCE = re.compile(r"(?P<module>[\w.]+)\s*(:\s*(?P<attr>[\w.]+)\s*)?((?P<extras>\[.*\])\s*)?$")


def _load_reference(value: str) -> object:
    match = _REFERENCE.match(value)
    if match is None:
        raise ValueError(f"not an object reference: {value!r}")
    attributes = (match.group("attr") or "").split(".")
    return functools.reduce(getattr, filter(None, attributes), import_module(match.group("module")))
