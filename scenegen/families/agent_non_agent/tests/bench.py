"""Validated Agent / Non-Agent pairs per second (target: 200 on one core)."""

from __future__ import annotations

from tests.benchmarks.pipeline import measure


def run() -> list[str]:
    return measure("agent_non_agent.yaml", 500)


if __name__ == "__main__":
    print("\n".join(run()))
