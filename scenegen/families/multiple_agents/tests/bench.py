"""Validated Multiple Agents pairs per second (target: 200 on one core)."""

from __future__ import annotations

from tests.benchmarks.pipeline import measure

#: The factory's runs of this family (tests.benchmarks.cases): over cores, and in every storage format.
SCALING = (("multiple_agents", 2000),)
FORMATS = (("multiple_agents", 300),)


def run() -> list[str]:
    return measure("multiple_agents.yaml", 500)


if __name__ == "__main__":
    print("\n".join(run()))
