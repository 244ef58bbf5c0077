"""Approach's and Imitation's eval7 templates against the development half of the evaluation's pairs, feature by
feature (:mod:`tests.kit.fidelity`).

    python -m scenegen.families.approach_imitation.tests.fidelity approach|imitation [N]

prints the side-by-side table of N generated pairs (10,000 by default) kept in ``docs/fidelity/approach.md`` and
``docs/fidelity/imitation.md``.

The development half holds two pairs of each task (0001 and 0003), so a share there moves by a half with one
pair: view, room, goal, wall-count and pattern shares are held within 0.5
(:data:`tests.kit.pairs.PAIR_SHARE_TOLERANCE`). How every real file writes ``hides`` (on every agent and the goal)
and ``changeMaterials`` (on the goal) is held exactly. The scenes' lengths are not compared: the evaluation
seems to make every pattern last about as long (56 to 76 steps out and back, a short one walked twice), which the
templates do not (see ``docs/fidelity/approach.md``).
"""

from __future__ import annotations

import sys
from typing import Any

from tests.kit.fidelity import Feature, Scene
from tests.kit.pairs import (
    PAIR_SHARE_TOLERANCE,
    fidelity_main,
    of_one_file,
    room_features,
    step_lengths,
    written_as_the_evaluation,
)

#: A pattern step moves this far along each axis it moves along (docs/mcs_facts.md 13.3).
PATTERN_STEP = 0.05
#: The diagonal pattern step's length.
DIAGONAL = (2 * PATTERN_STEP**2) ** 0.5


def _wall_cells(scene: Scene) -> int:
    return sum(item["id"].startswith("wall_") and not item["id"].startswith("wall_grid") for item in scene["objects"])


def _models_step_diagonally(sample: dict[str, Scene]) -> bool:
    """Whether a model (an ``other_agents_`` blob, which only ever walks patterns) takes a diagonal pattern step
    (0.05 m along x and along z) in either file."""
    return any(abs(length - DIAGONAL) < 1e-3
               for scene in sample.values() for item in scene["objects"] if item["id"].startswith("other_agents_")
               for length in step_lengths(item, 0, int(scene["goal"]["last_step"]) + 1))


FEATURES: list[Feature] = [
    *room_features(),
    Feature("interior wall cells", of_one_file(_wall_cells), PAIR_SHARE_TOLERANCE),
    Feature("a model's pattern steps diagonally", _models_step_diagonally, PAIR_SHARE_TOLERANCE),
    Feature("hides and changeMaterials as the evaluation writes them", written_as_the_evaluation, 0.0),
]


def template(task: str) -> str:
    return f"eval7_{task}"


def main(argv: list[Any]) -> None:
    task, rest = argv[0], argv[1:]
    fidelity_main(task, template(task), FEATURES, rest)


if __name__ == "__main__":
    main(sys.argv[1:])
