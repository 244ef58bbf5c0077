"""Validated Approach pairs per second (target: 200 on one core)."""

from __future__ import annotations

from .pipeline import measure


def run() -> list[str]:
    return measure("approach.yaml", 500)


if __name__ == "__main__":
    print("\n".join(run()))
