"""Speed of the container-tracking families (issue 4): Shell Game, Set Rotation, Hidden Set Rotation.

For each bundled template: validated scenes per second of ``scenegen make`` (target
>= 1,000 on one core), with and without the disk (see :func:`.pipeline.measure`).
Run: ``python -m tests.benchmarks.tracking``.
"""

from __future__ import annotations

from .pipeline import measure

CONFIGS = ("shell_game.yaml", "set_rotation.yaml", "hidden_set_rotation.yaml")


def run() -> list[str]:
    return [line for config in CONFIGS for line in measure(config, 2000)]


if __name__ == "__main__":
    print("\n".join(run()))
