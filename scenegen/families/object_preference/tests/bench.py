"""Validated Object Preference pairs per second (target: 200 on one core)."""

from __future__ import annotations

from tests.benchmarks.pipeline import measure

#: The factory's runs of this family (tests.benchmarks.cases): over cores, and in every storage format.
SCALING = (("object_preference", 2000),)
FORMATS = (("object_preference", 300),)


def run() -> list[str]:
    return measure("object_preference.yaml", 500)


if __name__ == "__main__":
    print("\n".join(run()))
