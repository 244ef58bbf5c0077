"""The Efficient Action family (MCS passive agents): expected/unexpected scene pairs.

An open grid world holds one blob agent, a goal object and a barrier across the straight way between them. In
every familiarisation trial the agent walks to the goal by the shorter way round the barrier. In the test trial
the barrier is gone: the agent walks straight to the goal (the expected file) or round where the barrier stood,
as before (the unexpected file).

The two files of a pair are identical up to the test walk: drop every ``shows``, ``hides`` and ``changeMaterials``
entry at or after the test trial's first step ``T`` from both, set both ``name``s equal, and they serialise to the
same bytes. Both end as the longer walk ends (the straight one's agent waits at the goal).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

import numpy as np

from scenegen.families.efficient_action.declaration import DECLARATION
from scenegen.families.efficient_action.trials import CLEAR_CELLS, OUTCOMES, Places, Script, Stage, place_table, script
from scenegen.mcs.evidence import with_id_prefix, without
from scenegen.mcs.frame import room_materials
from scenegen.mcs.gridworld.cast import (
    ZERO,
    Member,
    agent_object,
    blob_body,
    goal_body,
    goal_object,
    keyframe_shows,
    with_test,
)
from scenegen.mcs.gridworld.scenery import grid_scene, grid_walls, pillar, watching_goal
from scenegen.mcs.gridworld.sizes import LARGEST_GRID, grid_size_refusals, range_refusals
from scenegen.mcs.model import SceneObject
from scenegen.mcs.objects import object_id
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.plugin.family import Evidence, Sample
from scenegen.plugin.outputs import ALWAYS_PAIRS

#: The smallest grid with room for the agent, the barrier and the goal apart.
MIN_SIZE = 5
BARRIER_HEIGHT = 0.5
BARRIER_MATERIAL = "Custom/Materials/Cyan"
AGENT_PREFIX, GOAL_PREFIX, BARRIER_PREFIX = "agent_", "object_", "occluder_"
#: Whether a walk is efficient is what the agent's test walk shows against the grid without the barrier: the
#: straight walk is shorter, so the agent's keyframes (their count, where they go) are the task itself, left out,
#: and so is the goal's turning red when the walk reaches it (sooner at the end of the shorter walk).
THE_WALK = Evidence("the agent (its test walk, straight or round) and the goal's turning red as it arrives",
                    without(with_id_prefix(AGENT_PREFIX), keys=("changeMaterials",)))


class EfficientAction(McsTask):
    name = "efficient_action"
    description = "Efficient Action: does the agent walk straight once the barrier is gone? (MCS passive, pairs)."
    makes = ("Efficient Action",)
    about = ("MCS passive agents, Efficient Action: an open grid world where a blob agent walks to a goal object by "
             "the shorter way round a barrier across the straight way, over eight familiarisation trials; in the "
             "test trial the barrier is gone and the agent walks straight to the goal (`_expected.json`) or round "
             "where the barrier stood (`_unexpected.json`). Both isometric views; goals of many shapes and colours. "
             "Always pairs")
    label_about = ("per document: the test walk (`straight` or `round`) and whether that is expected; `pair`: the "
                   "pair's own id, which document is expected, the barrier's id, the test's first step")
    declaration = DECLARATION
    pairing = ALWAYS_PAIRS
    answers = ("expected",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"expected": THE_WALK}

    lays_out = "an Efficient Action scene"
    checks = "scenegen.families.efficient_action.checks:efficient_action_problems"

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.familiarization = int(config["trials"]["familiarization"])
        self.speeds = (float(config["speed"]["min"]), float(config["speed"]["max"]))
        self.apart = (int(config["places"]["apart"]["min"]), int(config["places"]["apart"]["max"]))
        super().__init__(config)
        self.blobs = {name: blob_body(name) for name in self.parameters.support("agent.type")}
        self.goals = {name: goal_body(name) for name in self.parameters.support("object.type")}

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> tuple[int, Script]:
        """The agent's rotation (its footprint turns with it) and the script of every trial."""
        rotation = int(rng.integers(4)) * 90
        more = [int(self.parameters.values["walk_steps"].sample(rng)) for _ in range(self.familiarization - 1)]
        stage = Stage(size=drawn["grid.size"], length=drawn["barrier.length"], swap=bool(rng.integers(2)),
                      steps=(drawn["walk_steps"], *more, drawn["test_steps"]), speeds=self.speeds,
                      agent_half=self.blobs[drawn["agent.type"]].turned(rotation),
                      goal_half=self.goals[drawn["object.type"]].half, fixed_places=drawn["trials.places"] == "fixed",
                      apart=self.apart)
        return rotation, script(stage, rng)

    def allocate(self, layout: tuple[int, Script], rng: np.random.Generator) -> dict[str, Any]:
        return {"pillar": object_id(rng, "platform_"), "pair": object_id(rng, "pair_"),
                "agent": object_id(rng, AGENT_PREFIX), "goal": object_id(rng, GOAL_PREFIX),
                "barrier": object_id(rng, BARRIER_PREFIX)}

    def compose(self, drawn: dict[str, Any], laid: tuple[int, Script], ids: dict[str, Any],
                rng: np.random.Generator) -> Sample:
        rotation, acted = laid
        agent = agent_object(Member(ids["agent"], self.blobs[drawn["agent.type"]], drawn["agent.colour"], rotation),
                             acted.agent)
        body, colour = self.goals[drawn["object.type"]], drawn["object.colour"]
        shared = [_barrier(ids["barrier"], acted), pillar(ids["pillar"], drawn["view"], drawn["materials.pillar"]),
                  *grid_walls(drawn["grid.size"], [], [])]
        goal = watching_goal(acted.last_step, (end for _, end, _, _ in acted.trials), self.familiarization)
        materials = room_materials(drawn)
        documents = {
            suffix: grid_scene([with_test(agent, acted.test[walk]),
                                goal_object(ids["goal"], body, colour, acted.goal,
                                            (*acted.red_on, acted.test_contact[walk]), acted.red_off), *shared],
                               goal, materials, drawn["view"])
            for suffix, walk in OUTCOMES
        }
        last = acted.trials[-1][2]
        params = {**drawn, "agent_rotation": rotation, "test_speed": acted.test_speed,
                  "trials": [_trial_params(start, end, places, speed) for start, end, places, speed in acted.trials],
                  "test": {"start": acted.test_start, "agent_start": list(last.home), "goal_place": list(last.goal),
                           "contacts": dict(acted.test_contact)}}
        return Sample(documents=documents, params=params, truth=_truth(ids, acted),
                      pair={"id": ids["pair"], "expected": "expected", "unexpected": "unexpected",
                            "differs": "the agent's test walk: straight, or round where the barrier stood",
                            "barrier_id": ids["barrier"], "test_start": acted.test_start})

    @feasibility
    def _settings_make_scenes(self) -> Iterator[Refusal]:
        """The grid, the barrier and the speeds can make a scene."""
        sizes = self.parameters.support("grid.size")
        yield from grid_size_refusals(sizes, MIN_SIZE, f"the agent, the barrier and the goal {CLEAR_CELLS} cells apart")
        yield from range_refusals("places.apart", self.apart)
        for size in sizes:
            for length in self.parameters.support("barrier.length"):
                if MIN_SIZE <= size <= LARGEST_GRID and not len(place_table(size, length, *self.apart)):
                    yield "barrier.length", (f"{length} cells: a {size}-cell grid leaves no free row beyond both "
                                             f"ends of the barrier with the goal {self.apart[0]} to "
                                             f"{self.apart[1]} cells from the agent")
        yield from range_refusals("speed", self.speeds)


def _barrier(key: str, acted: Script) -> SceneObject:
    """The barrier: a block one cell thick at its place in every trial, hidden for the test trial."""
    size = acted.trials[0][2].barrier_size
    return SceneObject(id=key, type="cube", materials=[BARRIER_MATERIAL], kinematic=True, structure=True,
                       physics=True, shows=keyframe_shows(acted.barrier, BARRIER_HEIGHT / 2, ZERO,
                                                          (size[0], BARRIER_HEIGHT, size[1])),
                       hides=[acted.test_start])



def _truth(ids: Mapping[str, Any], acted: Script) -> dict[str, dict[str, Any]]:
    return {suffix: {"walk": walk, "expected": walk == "straight", "agent_id": ids["agent"], "goal_id": ids["goal"],
                     "barrier_id": ids["barrier"], "test_start": acted.test_start,
                     "end_position": list(acted.test[walk][-1][1:])}
            for suffix, walk in OUTCOMES}


def _trial_params(start: int, end: int, places: Places, speed: float) -> dict[str, Any]:
    return {"start": start, "end": end, "agent_start": list(places.home), "goal_place": list(places.goal),
            "barrier_place": list(places.barrier), "barrier_size": list(places.barrier_size), "end_round": places.end,
            "way_round": [list(point) for point in places.way_round], "speed": speed}
