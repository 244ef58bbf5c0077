"""Validated Spatio-Temporal Continuity scenes per second (target: 1,000 on one core; a pair is two scenes)."""

from __future__ import annotations

from tests.benchmarks.pipeline import measure


def run() -> list[str]:
    return measure("spatio_temporal_continuity.yaml", 1000)


if __name__ == "__main__":
    print("\n".join(run()))
