"""Validated Instrumental Action pairs per second (target: 200 on one core)."""

from __future__ import annotations

from tests.benchmarks.pipeline import measure

#: The factory's runs of this family (tests.benchmarks.cases): over cores, and in every storage format.
SCALING = (("instrumental_action", 2000),)
FORMATS = (("instrumental_action", 300),)


def run() -> list[str]:
    return measure("instrumental_action.yaml", 500)


if __name__ == "__main__":
    print("\n".join(run()))
