"""Validated Occluded Trajectory and Collision scenes per second (target: 1,000 on one core)."""

from __future__ import annotations

from tests.benchmarks.pipeline import measure


def run() -> list[str]:
    return measure("occluded_trajectory.yaml", 2000) + measure("collision.yaml", 2000)


if __name__ == "__main__":
    print("\n".join(run()))
