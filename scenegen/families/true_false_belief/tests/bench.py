"""Validated True/False Belief pairs per second (target: 200 on one core)."""

from __future__ import annotations

from tests.benchmarks.pipeline import measure


def run() -> list[str]:
    return measure("true_false_belief.yaml", 500)


if __name__ == "__main__":
    print("\n".join(run()))
