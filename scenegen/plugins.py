"""Find family plugins through the ``scenegen.families`` entry-point group.

Built-in families register exactly like third-party ones (see pyproject.toml).
"""

from __future__ import annotations

import warnings
from functools import cache
from importlib.metadata import entry_points

from .errors import ConfigError
from .family import Family

GROUP = "scenegen.families"


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
    """The family class called ``name``, or a ConfigError listing the installed ones."""
    families = installed_families()
    if not isinstance(name, str) or name not in families:
        raise ConfigError("family", f"unknown family {name!r}; installed: {', '.join(families)}")
    return families[name]
