"""Building families in tests as the pipeline does: config validated, defaults filled."""

from __future__ import annotations

from typing import Any, TypeVar

from hypothesis import assume

from scenegen.config import check_config
from scenegen.errors import ConfigError
from scenegen.family import Family

F = TypeVar("F", bound=Family)


def configured(family_class: type[F], **config: Any) -> F:
    """The family built from its defaults plus ``config``."""
    return family_class(check_config({"family": family_class.name, **config}, family_class.config_schema()))


def feasible(family_class: type[F], config: dict[str, Any]) -> F:
    """The family of a drawn config; a config refused up front (its error paths are tested apart) is skipped."""
    try:
        return family_class(check_config(config, family_class.config_schema()))
    except ConfigError:
        assume(False)
        raise  # unreachable: assume(False) raises
