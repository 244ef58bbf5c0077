"""Validated Lava scenes per second on one core (target: 1,000)."""

from __future__ import annotations

from tests.benchmarks.pipeline import measure


def run() -> list[str]:
    return measure("lava.yaml", 1000)


if __name__ == "__main__":
    print("\n".join(run()))
