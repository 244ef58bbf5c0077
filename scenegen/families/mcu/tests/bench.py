"""Speed and shape of the mcu family (issue 32).

Speed: validated task configurations per second of ``scenegen make`` on one core (target: 10,000), with and
without ``--check`` (:func:`tests.benchmarks.pipeline.measure`).

Shape, side by side with the seed (MCU): per level template, the commands a config carries and its unneeded item
kinds (the seed: simple configs carry a median of 3 commands and at most one unneeded item; hard ones a median of
24 commands and 12-22 unneeded item kinds); and the distinct atomic tasks of each kind per version.

Run: ``python -c 'from scenegen.families.mcu.tests import bench; print("\\n".join(bench.run()))'``.
"""

from __future__ import annotations

import statistics
from collections import Counter

from scenegen.families.mcu.facts_table import VERSIONS
from scenegen.families.mcu.goals import KINDS, catalogue
from tests.benchmarks.pipeline import measure

from .support import build, records, template

#: The factory's runs of this family (tests.benchmarks.cases): over cores, and in every storage format.
SCALING = (("mcu.yaml", 60_000),)
FORMATS = (("mcu.yaml", 10_000),)
SPEED_N = 50_000
SHAPE_N = 5_000
LEVELS = ("mcu_simple.yaml", "mcu_medium.yaml", "mcu_hard.yaml", "mcu_composed.yaml", "mcu.yaml")


def run(speed_n: int = SPEED_N, shape_n: int = SHAPE_N) -> list[str]:
    return [*measure("mcu.yaml", speed_n), *shape(shape_n), *tasks()]


def _spread(values: list[int]) -> str:
    return f"median {statistics.median(values):g} (min {min(values)}, max {max(values)})"


def shape(n: int) -> list[str]:
    """Commands and unneeded item kinds per level template, over ``n`` configs each."""
    lines = [f"per template, over {n:,} configs (seed 0):"]
    for name in LEVELS:
        made = records(build(template(name)), n)
        commands = [len(record["custom_init_commands"]) for record in made]
        unneeded = [len(record["distractors"]) for record in made]
        conditions = Counter(condition for record in made for condition in record["conditions"])
        made_first = sum(bool(record["made_first"]) for record in made) / n
        lines.append(f"  {name}: commands {_spread(commands)}; unneeded item kinds {_spread(unneeded)}; "
                     f"something made first in {made_first:.0%}; conditions {dict(conditions.most_common())}")
    return lines


def tasks() -> list[str]:
    """Distinct atomic tasks per kind and version, and how many of them the hard level can set."""
    lines = ["distinct atomic tasks per kind (of which the hard level can set):"]
    for version in VERSIONS:
        tasks = catalogue(version)
        hard = {kind: sum(tasks.admits_hard(kind, target) for target in pool) for kind, pool in tasks.pools.items()}
        counts = ", ".join(f"{kind} {len(tasks.pools[kind])} ({hard[kind]})" for kind in KINDS)
        total = sum(len(pool) for pool in tasks.pools.values())
        lines.append(f"  {version}: {total:,} in all: {counts}")
    return lines


if __name__ == "__main__":
    print("\n".join(run()))
