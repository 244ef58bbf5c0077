"""Shared helpers of the mcu tests: the family built from a config as the pipeline builds it, and its records."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from scenegen.families.mcu import Mcu
from scenegen.plugin.config import check_config
from scenegen.plugin.resources import load_yaml

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def template(name: str = "mcu.yaml") -> dict[str, Any]:
    """A bundled template's config."""
    return dict(load_yaml((TEMPLATES / name).read_text(encoding="utf-8")))


def build(config: dict[str, Any]) -> Mcu:
    """The family as the pipeline builds it: config validated, defaults filled."""
    return Mcu(check_config({"family": "mcu", **config}, Mcu.config_schema()))


def records(family: Mcu, n: int, seed: int = 0) -> list[dict[str, Any]]:
    """The family's first ``n`` records from generators seeded by (seed, index)."""
    return [dict(family.generate(index, np.random.default_rng([seed, index])).documents[""]) for index in range(n)]
