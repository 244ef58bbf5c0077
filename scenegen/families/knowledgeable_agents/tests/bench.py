"""Validated Knowledgeable Agents scenes per second (target: 1,000 on one core)."""

from __future__ import annotations

from tests.benchmarks.pipeline import measure


def run() -> list[str]:
    return measure("knowledgeable_agents.yaml", 2000)


if __name__ == "__main__":
    print("\n".join(run()))
