"""Validated Shell Game scenes per second of ``scenegen make`` (target: 1,000 on one core), with and without
the disk (see :func:`tests.benchmarks.pipeline.measure`)."""

from __future__ import annotations

from tests.benchmarks.pipeline import measure

#: The factory's runs of this family (tests.benchmarks.cases): over cores, and in every storage format.
SCALING = (("shell_game", 20_000),)
FORMATS = (("shell_game", 4000),)


def run() -> list[str]:
    return measure("shell_game.yaml", 2000)


if __name__ == "__main__":
    print("\n".join(run()))
