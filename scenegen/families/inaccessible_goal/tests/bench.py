"""Validated Inaccessible Goal pairs per second (target: 200 on one core)."""

from __future__ import annotations

from tests.benchmarks.pipeline import measure

#: The factory's runs of this family (tests.benchmarks.cases): over cores, and in every storage format.
SCALING = (("inaccessible_goal", 2000),)
FORMATS = (("inaccessible_goal", 300),)


def run() -> list[str]:
    return measure("inaccessible_goal.yaml", 500)


if __name__ == "__main__":
    print("\n".join(run()))
