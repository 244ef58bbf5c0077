"""Validated Set Rotation and Hidden Set Rotation scenes per second of ``scenegen make`` (target: 1,000 on one
core), with and without the disk (see :func:`tests.benchmarks.pipeline.measure`)."""

from __future__ import annotations

from tests.benchmarks.pipeline import measure

#: The factory's runs of this family (tests.benchmarks.cases): in every storage format.
FORMATS = (("set_rotation", 4000),)


def run() -> list[str]:
    return [*measure("set_rotation.yaml", 2000), *measure("hidden_set_rotation.yaml", 2000)]


if __name__ == "__main__":
    print("\n".join(run()))
