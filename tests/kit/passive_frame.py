"""The frame every passive-agent grid world shares, as features of a fidelity table (:mod:`tests.kit.fidelity`), for
the tasks the development half holds no file of (Object Preference, Efficient Action): their eval7 templates follow
the task list's text, and what can be measured is this frame, against the development half's Helper/Hinderer
pairs (0001 and 0003).

The view, the room and pillar materials (each a share moving by a half with one pair, held within
:data:`tests.kit.pairs.PAIR_SHARE_TOLERANCE`); the grid's border (x 2.25) and the eight familiarisation trials
(exact); the agent's median step (0.18 m in both pairs: within 0.03) and its steps above 0.2 m (2.5%: within 5
points); the length of a trial in which only one agent walks (the real pairs' first four trials: 18 to 23 steps,
within 3 of the real minimum, median and maximum); ``hides`` and ``changeMaterials`` written on every agent and
goal object as every real file writes them.
"""

from __future__ import annotations

import itertools
import statistics
from collections.abc import Callable
from typing import Any

from tests.kit.fidelity import Feature, Scene
from tests.kit.pairs import (
    PAIR_SHARE_TOLERANCE,
    first_object,
    of_one_file,
    step_lengths,
    trial_starts,
    written_as_the_evaluation,
)

#: The real files whose frame is compared.
FRAME_TASK = "helper_hinderer"
EXACT_SHARE = 0.05
#: The real pairs' trials in which only the primary agent walks: the first four (their plan: none x 4).
WALK_ONLY_TRIALS = 4


def _agent_steps(scene: Scene) -> list[float]:
    """The (primary) agent's steps in the familiarisation trials."""
    return step_lengths(first_object(scene, "agent_"), 0, trial_starts(scene)[-1])


def _walk_only_trials(scene: Scene) -> float:
    """The median length, in steps, of the first trials (in which only the primary agent walks)."""
    starts = trial_starts(scene)[:WALK_ONLY_TRIALS + 1]
    return statistics.median(b - a for a, b in itertools.pairwise(starts))


def _above(scene: Scene) -> float:
    steps = _agent_steps(scene)
    return sum(step > 0.2 + 1e-3 for step in steps) / len(steps)


_SHARED: dict[str, Callable[[Scene], Any]] = {
    "isometricFrontRight": lambda scene: scene["isometricFrontRight"],
    "floor": lambda scene: scene["floorMaterial"], "wall": lambda scene: scene["wallMaterial"],
    "pillar": lambda scene: first_object(scene, "platform_")["materials"][0],
}

FRAME_FEATURES = [
    *(Feature(name, of_one_file(measure), PAIR_SHARE_TOLERANCE) for name, measure in _SHARED.items()),
    Feature("grid border (x of wall_grid_right)",
            of_one_file(lambda s: first_object(s, "wall_grid_right")["shows"][0]["position"]["x"]), EXACT_SHARE),
    Feature("familiarisation trials", of_one_file(lambda s: s["goal"]["habituation_total"]), EXACT_SHARE),
    Feature("agent's median step (m)", of_one_file(lambda s: statistics.median(_agent_steps(s))), 0.03,
            numeric=True),
    Feature("agent's steps above 0.2 m (share)", of_one_file(_above), 0.05, numeric=True),
    Feature("trial with one walk (steps)", of_one_file(_walk_only_trials), 3, numeric=True),
    Feature("hides and changeMaterials as the evaluation writes them", written_as_the_evaluation, 0.0),
]
