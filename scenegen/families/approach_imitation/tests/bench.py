"""Validated Approach and Imitation pairs per second (target: 200 of each on one core)."""

from __future__ import annotations

from tests.benchmarks.pipeline import measure


def run() -> list[str]:
    return [*measure("approach.yaml", 500), *measure("imitation.yaml", 500)]


if __name__ == "__main__":
    print("\n".join(run()))
