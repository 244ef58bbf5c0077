"""Validated Helper/Hinderer pairs per second (target: 200 on one core)."""

from __future__ import annotations

from tests.benchmarks.pipeline import measure

#: The factory's runs of this family (tests.benchmarks.cases): over cores, and in every storage format.
SCALING = (("helper_hinderer", 2000),)
FORMATS = (("helper_hinderer", 300),)


def run() -> list[str]:
    return measure("helper_hinderer.yaml", 500)


if __name__ == "__main__":
    print("\n".join(run()))
