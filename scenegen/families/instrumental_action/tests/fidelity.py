"""Instrumental Action's eval7 template against the frame it shares with the real passive-agent files
(:mod:`tests.kit.passive_frame`, which says what is measured and held to which tolerance), and the task list's
three kinds of training data (blocking, inconsequential and no barriers), replayed from the JSON and held to a
third each, as the task list offers one training set of each.

    python -m scenegen.families.instrumental_action.tests.fidelity [N]

prints the side-by-side table of N generated pairs (10,000 by default) kept in
``docs/fidelity/instrumental_action.md``.
"""

from __future__ import annotations

import sys

from tests.kit.fidelity import Feature, Scene
from tests.kit.grid_walks import World
from tests.kit.pairs import fidelity_main, one_file
from tests.kit.passive_frame import FRAME_FEATURES, FRAME_TASK

from .replay import reach, wall_cells

KIND_SHARE = 1 / 3
KIND_TOLERANCE = 0.05


def barrier_kind(sample: dict[str, Scene]) -> str | None:
    """The test trial's barriers as the replay reads them: none, walled off (blocking) or not (inconsequential);
    None for a scene not of this task (the real files this frame is compared with)."""
    scene = one_file(sample)
    if sum(item["id"].startswith("object_") for item in scene["objects"]) != 2:
        return None
    world = World(scene)
    if not wall_cells(world):
        return "none"
    return "inconsequential" if reach(world)[0] else "blocking"


TASK, TEMPLATE = FRAME_TASK, "eval7_instrumental_action"
FEATURES = [*FRAME_FEATURES,
            Feature("barriers (replayed)", barrier_kind, KIND_TOLERANCE,
                    stated=dict.fromkeys(("blocking", "inconsequential", "none"), KIND_SHARE))]

if __name__ == "__main__":
    fidelity_main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
