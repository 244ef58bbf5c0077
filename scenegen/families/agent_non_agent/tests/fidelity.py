"""Agent / Non-Agent's eval7 template against the development half of the evaluation's pairs, feature by feature
(:mod:`tests.kit.fidelity`).

    python -m scenegen.families.agent_non_agent.tests.fidelity [N]

prints the side-by-side table of N generated pairs (10,000 by default; the table kept in
``docs/fidelity/agent_non_agent.md`` is of 2,000).

The development half holds two pairs (0001 and 0003), so a share there moves by a half with one pair: room, goal
and occluder shares are held within 0.5 (:data:`tests.kit.pairs.PAIR_SHARE_TOLERANCE`). Timings are held by their
minimum, median and maximum over pairs of each pair's median: the blob's step within 0.01 m, its wait before
setting off within 4 steps, the steps after it touches within 2, its walks within 8 steps (the real trials' walks
take 25 to 43 steps, so a pair's median of 26 is a real figure, though neither real pair's), the scene within 60
steps; what every real pair shows alike (the paddle turning 4 degrees a step, the test objects standing where one
familiarisation trial had them, swapped; the blob an agent, as :mod:`.replay` reads it) within 5 points.
"""

from __future__ import annotations

import itertools
import statistics
import sys
from collections.abc import Callable

from tests.kit.fidelity import Feature, Scene
from tests.kit.pairs import (
    PAIR_SHARE_TOLERANCE,
    fidelity_main,
    first_object,
    of_one_file,
    room_features,
    step_lengths,
    trial_starts,
    written_as_the_evaluation,
)

from .replay import World

TASK, TEMPLATE = "non_agent", "eval7_agent_non_agent"
EXACT_SHARE = 0.05


def _blob_frames(scene: Scene) -> list[list[int]]:
    """The steps of the blob's keyframes in each trial."""
    starts = [*trial_starts(scene), scene["goal"]["last_step"] + 1]
    steps = [show["stepBegin"] for show in first_object(scene, "agent_")["shows"]]
    return [[step for step in steps if first <= step < end] for first, end in itertools.pairwise(starts)]


def _per_trial(measure: Callable[[list[int], int, int], int]) -> Callable[[Scene], float]:
    """The median over a scene's trials of ``measure(frames, first step, last step)``."""
    def median(scene: Scene) -> float:
        starts = [*trial_starts(scene), scene["goal"]["last_step"] + 1]
        return statistics.median(measure(frames, first, end - 1) for frames, first, end
                                 in zip(_blob_frames(scene), starts, starts[1:], strict=False))
    return median


def _steps(scene: Scene) -> list[float]:
    return step_lengths(first_object(scene, "agent_"), 0, trial_starts(scene)[-1])


def _paddle_turns(scene: Scene) -> bool:
    """Whether the paddle turns 4 degrees on most steps (each trial restarts its turn)."""
    shows = first_object(scene, "paddle_")["shows"]
    turns = [(b["rotation"]["y"] - a["rotation"]["y"]) % 360 for a, b in itertools.pairwise(shows)]
    return turns.count(356) / len(turns) > 0.9


def _swapped(scene: Scene) -> bool:
    """Whether the test trial's objects stand where one familiarisation trial had them, swapped."""
    one, two = (item for item in scene["objects"] if item["id"].startswith("object_"))
    places = [[(s["position"]["x"], s["position"]["z"]) for s in item["shows"]] for item in (one, two)]
    return any(places[0][-1] == b and places[1][-1] == a for a, b in zip(places[0][:-1], places[1][:-1],
                                                                         strict=True))


def _walls(scene: Scene) -> int:
    return sum(1 for item in scene["objects"] if item["id"].startswith("wall_") and "grid" not in item["id"])


FEATURES = [
    *room_features(),
    Feature("occluder height", of_one_file(lambda s: first_object(s, "occluder_")["shows"][0]["scale"]["y"]),
            PAIR_SHARE_TOLERANCE),
    Feature("blob's median step (m)", of_one_file(lambda s: statistics.median(_steps(s))), 0.01, numeric=True),
    Feature("steps before the blob sets off", of_one_file(_per_trial(lambda f, first, _: f[1] - first)), 4,
            numeric=True),
    Feature("blob's walk (steps)", of_one_file(_per_trial(lambda f, _, __: f[-1] - f[1] + 1)), 8, numeric=True),
    Feature("steps after the blob touches", of_one_file(_per_trial(lambda f, _, last: last - f[-1])), 2,
            numeric=True),
    Feature("wall cells", of_one_file(_walls), 3, numeric=True),
    Feature("last_step", of_one_file(lambda s: s["goal"]["last_step"]), 60, numeric=True),
    Feature("paddle turns 4 degrees a step", of_one_file(_paddle_turns), EXACT_SHARE),
    Feature("test objects swap a familiarisation trial's places", of_one_file(_swapped), EXACT_SHARE),
    Feature("the blob is an agent (the paddle never touches it)",
            of_one_file(lambda s: World(s).verdict()["entity"] == "agent"), EXACT_SHARE),
    Feature("hides and changeMaterials as the evaluation writes them", written_as_the_evaluation, 0.0),
]

if __name__ == "__main__":
    fidelity_main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
