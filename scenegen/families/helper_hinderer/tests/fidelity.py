"""Helper/Hinderer's eval7 template against the development half of the evaluation's pairs, feature by feature
(:mod:`tests.kit.fidelity`).

    python -m scenegen.families.helper_hinderer.tests.fidelity [N]

prints the side-by-side table of N generated pairs (10,000 by default) kept in ``docs/fidelity/helper_hinderer.md``.

The development half holds two pairs (0001 and 0003), so a share there moves by a half with one pair: room and
goal shares are held within 0.5 (:data:`tests.kit.pairs.PAIR_SHARE_TOLERANCE`). What the issue measured on all
four pairs, and the two pairs here agree with, is held closer: the primary agent's median step (0.18 m in every
pair; a pair's median within 0.03 of it, the lowest and highest of thousands of pairs included), its steps above
0.2 m (2.5% in both pairs, "few": within 5 points), test trials that mirror each other exactly (every pair) and
last 17 steps (every pair) with 10-step walks, within 5 points; the scene's length (271 to 279 steps in the four
pairs) within 12 steps of the real minimum, median and maximum.
"""

from __future__ import annotations

import statistics
import sys

from tests.kit.fidelity import Feature, Scene
from tests.kit.pairs import (
    fidelity_main,
    first_object,
    of_one_file,
    room_features,
    step_lengths,
    trial_starts,
    written_as_the_evaluation,
)

TASK, TEMPLATE = "helper_hinderer", "eval7_helper_hinderer"
#: Share tolerance of what every real pair shows the same way.
EXACT_SHARE = 0.05
#: How far a test walk's last keyframe may be off the mirror image of the other's (the real ones: 0.2 mm).
MIRROR = 1e-3


def _primary_steps(scene: Scene) -> list[float]:
    """The primary agent's steps in the familiarisation trials."""
    return step_lengths(first_object(scene, "agent_"), 0, trial_starts(scene)[-1])


def _test_walk(scene: Scene) -> list[tuple[int, float, float]]:
    start = trial_starts(scene)[-1]
    return [(show["stepBegin"] - start, show["position"]["x"], show["position"]["z"])
            for show in first_object(scene, "agent_")["shows"] if show["stepBegin"] > start]


def _mirrored(sample: dict[str, Scene]) -> bool:
    one, two = (_test_walk(scene) for scene in sample.values())
    return len(one) == len(two) and all(a[0] == b[0] and abs(a[1] - b[1]) <= MIRROR and abs(a[2] + b[2]) <= MIRROR
                                        for a, b in zip(one, two, strict=True))


def _test_steps(scene: Scene) -> int:
    return int(scene["goal"]["last_step"]) - trial_starts(scene)[-1] + 1


FEATURES = [
    *room_features(),
    Feature("primary agent's median step (m)", of_one_file(lambda s: statistics.median(_primary_steps(s))), 0.03,
            numeric=True),
    Feature("primary agent's steps above 0.2 m (share)",
            of_one_file(lambda s: sum(step > 0.2 + 1e-3 for step in _primary_steps(s)) / len(_primary_steps(s))),
            0.05, numeric=True),
    Feature("test walks mirror each other", _mirrored, EXACT_SHARE),
    Feature("test trial (steps)", of_one_file(_test_steps), EXACT_SHARE),
    Feature("test walk (steps)", of_one_file(lambda s: len(_test_walk(s))), EXACT_SHARE),
    Feature("last_step", of_one_file(lambda s: s["goal"]["last_step"]), 12, numeric=True),
    Feature("hides and changeMaterials as the evaluation writes them", written_as_the_evaluation, 0.0),
]

if __name__ == "__main__":
    fidelity_main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
