"""Validated Tool Choice scenes per second of ``scenegen make`` (target: 1,000 on one core), with and without
the disk (see :func:`tests.benchmarks.pipeline.measure`)."""

from __future__ import annotations

from tests.benchmarks.pipeline import measure

#: The factory's runs of this family (tests.benchmarks.cases): over cores, and in every storage format.
SCALING = (("tool_choice", 30_000),)
FORMATS = (("tool_choice", 5000),)


def run() -> list[str]:
    return measure("tool_choice.yaml", 2000)


if __name__ == "__main__":
    print("\n".join(run()))
