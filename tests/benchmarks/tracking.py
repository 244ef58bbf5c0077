"""Speed of the container-tracking families (issue 4): Shell Game, Set Rotation, Hidden Set Rotation.

For each bundled template: validated scenes per second of ``scenegen make`` (target
>= 1,000 on one core), and the time one scene takes in the pipeline without the
disk (generate, export, validate, check), best of five runs, which shows what
the family itself costs whatever the file system's mood.
Run: ``python -m tests.benchmarks.tracking``.
"""

from __future__ import annotations

import time

from scenegen.run import Pipeline, load_family

from .pipeline import measure

CONFIGS = ("shell_game.yaml", "set_rotation.yaml", "hidden_set_rotation.yaml")


def in_memory(config: str, n: int = 400, repeats: int = 5) -> str:
    _, family = load_family(config)
    pipeline = Pipeline(family, 0, "bench_")
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        for index in range(n):
            pipeline.produce(index)
        best = min(best, (time.perf_counter() - started) / n)
    return (f"{config}: generate + export + validate + check, no disk: {best * 1e6:,.0f} us each "
            f"({1 / best:,.0f} scenes/s)")


def run() -> list[str]:
    return [line for config in CONFIGS for line in (*measure(config, 2000), in_memory(config))]


if __name__ == "__main__":
    print("\n".join(run()))
