"""The Inaccessible Goal family (MCS passive agents): expected/unexpected scene pairs.

A green wall spans the grid and walls a goal object off from a blob agent. In every familiarisation trial the
agent fetches a red key (which leaves the grid as it is taken), walks to the wall's lock (the wall leaves the
grid) and on to the goal. In the test trial the wall is gone from the start: the agent walks straight to the goal
(the expected file) or fetches the key first although nothing needs unlocking (the unexpected file).

The two files of a pair are identical up to the test walk: drop every ``shows``, ``hides`` and ``changeMaterials``
entry at or after the test trial's first step ``T`` from both, set both ``name``s equal, and they serialise to the
same bytes. Both end as the longer walk ends (the straight one's agent waits at the goal).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

import numpy as np

from scenegen.families.inaccessible_goal.declaration import DECLARATION
from scenegen.families.inaccessible_goal.trials import OUTCOMES, Places, Script, Stage, script, wall_size
from scenegen.mcs.evidence import either, with_id_prefix, without
from scenegen.mcs.frame import room_materials
from scenegen.mcs.gridworld.cast import (
    ZERO,
    Body,
    Keyframe,
    Member,
    agent_object,
    blob_body,
    goal_body,
    goal_object,
    keyframe_shows,
    with_test,
)
from scenegen.mcs.gridworld.scenery import grid_scene, grid_walls, pillar, watching_goal
from scenegen.mcs.gridworld.sizes import grid_size_refusals, range_refusals
from scenegen.mcs.model import SceneObject
from scenegen.mcs.objects import object_id
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.plugin.family import Evidence, Sample
from scenegen.plugin.outputs import ALWAYS_PAIRS

#: The smallest grid with room for the agent and the goal two cells either side of the wall.
MIN_SIZE = 5
WALL_HEIGHT = 0.5
WALL_MATERIAL = "Custom/Materials/Green"
#: The task list's key: a red triangular object.
KEY_TYPE, KEY_MATERIAL = "pyramid", "Custom/Materials/Red"
AGENT_PREFIX, GOAL_PREFIX, KEY_PREFIX, WALL_PREFIX = "agent_", "object_", "key_", "occluder_"
#: Whether the agent fetches the key it no longer needs is what its test walk shows: the agent's keyframes, the
#: key's leaving the grid as it is taken, and the goal's turning red as the walk reaches it (sooner at the end of
#: the straight walk) are the task itself, left out.
THE_WALK = Evidence("the agent's test walk (straight, or by the key), the key's leaving as it is taken and the "
                    "goal's turning red as the agent arrives",
                    without(either(with_id_prefix(AGENT_PREFIX), with_id_prefix(KEY_PREFIX)),
                            keys=("changeMaterials",)))


class InaccessibleGoal(McsTask):
    name = "inaccessible_goal"
    description = "Inaccessible Goal: does the agent fetch a key it no longer needs? (MCS passive, pairs)."
    makes = ("Inaccessible Goal",)
    about = ("MCS passive agents, Inaccessible Goal: a grid world where a green wall walls a goal object off from a "
             "blob agent; over eight familiarisation trials the agent fetches a red key, opens the wall's lock (the "
             "wall goes) and walks to the goal; in the test trial the wall is gone and the agent walks straight to "
             "the goal (`_expected.json`) or fetches the key first (`_unexpected.json`). Both isometric views; goals "
             "of many shapes and colours. Always pairs")
    label_about = ("per document: the test walk (`straight` or `key`) and whether that is expected; `pair`: the "
                   "pair's own id, which document is expected, the key's and the wall's ids, the test's first step")
    declaration = DECLARATION
    pairing = ALWAYS_PAIRS
    answers = ("expected",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"expected": THE_WALK}

    lays_out = "an Inaccessible Goal scene"
    checks = "scenegen.families.inaccessible_goal.checks:inaccessible_goal_problems"

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.familiarization = int(config["trials"]["familiarization"])
        self.speeds = (float(config["speed"]["min"]), float(config["speed"]["max"]))
        super().__init__(config)
        self.blobs = {name: blob_body(name) for name in self.parameters.support("agent.type")}
        self.goals = {name: goal_body(name) for name in self.parameters.support("object.type")}
        self.key = goal_body(KEY_TYPE)

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> tuple[int, bool, Script]:
        """The agent's rotation (its footprint turns with it), the wall's direction and the script of every
        trial."""
        rotation, swap = int(rng.integers(4)) * 90, bool(rng.integers(2))
        more = [int(self.parameters.values["walk_steps"].sample(rng)) for _ in range(self.familiarization - 1)]
        stage = Stage(size=drawn["grid.size"], swap=swap, steps=(drawn["walk_steps"], *more, drawn["test_steps"]),
                      speeds=self.speeds, agent_half=self.blobs[drawn["agent.type"]].turned(rotation),
                      goal_half=self.goals[drawn["object.type"]].half, key_half=self.key.half,
                      fixed_places=drawn["trials.places"] == "fixed")
        return rotation, swap, script(stage, rng)

    def allocate(self, layout: tuple[int, bool, Script], rng: np.random.Generator) -> dict[str, Any]:
        return {"pillar": object_id(rng, "platform_"), "pair": object_id(rng, "pair_"),
                "agent": object_id(rng, AGENT_PREFIX), "goal": object_id(rng, GOAL_PREFIX),
                "key": object_id(rng, KEY_PREFIX), "wall": object_id(rng, WALL_PREFIX)}

    def compose(self, drawn: dict[str, Any], laid: tuple[int, bool, Script], ids: dict[str, Any],
                rng: np.random.Generator) -> Sample:
        rotation, swap, acted = laid
        agent = agent_object(Member(ids["agent"], self.blobs[drawn["agent.type"]], drawn["agent.colour"], rotation),
                             acted.agent)
        body, colour = self.goals[drawn["object.type"]], drawn["object.colour"]
        shared = [_wall(ids["wall"], acted, wall_size(drawn["grid.size"], swap)),
                  pillar(ids["pillar"], drawn["view"], drawn["materials.pillar"]),
                  *grid_walls(drawn["grid.size"], [], [])]
        goal = watching_goal(acted.last_step, (end for _, end, _, _ in acted.trials), self.familiarization)
        materials = room_materials(drawn)
        documents = {
            suffix: grid_scene([with_test(agent, acted.test[walk]),
                                goal_object(ids["goal"], body, colour, acted.goal,
                                            (*acted.red_on, acted.test_contact[walk]), acted.red_off),
                                _key(ids["key"], self.key, [*acted.key, *acted.test_key[walk]]), *shared],
                               goal, materials, drawn["view"])
            for suffix, walk in OUTCOMES
        }
        last = acted.trials[-1][2]
        params = {**drawn, "agent_rotation": rotation, "wall_across_x": swap, "test_speed": acted.test_speed,
                  "trials": [_trial_params(start, end, places, speed) for start, end, places, speed in acted.trials],
                  "test": {"start": acted.test_start, "agent_start": list(last.home), "goal_place": list(last.goal),
                           "key_place": list(last.key), "contacts": dict(acted.test_contact)}}
        return Sample(documents=documents, params=params, truth=_truth(ids, acted),
                      pair={"id": ids["pair"], "expected": "expected", "unexpected": "unexpected",
                            "differs": "the agent's test walk, the wall gone: straight to the goal, or by the key",
                            "key_id": ids["key"], "wall_id": ids["wall"], "test_start": acted.test_start})

    @feasibility
    def _settings_make_scenes(self) -> Iterator[Refusal]:
        """The grid and the speeds can make a scene."""
        yield from grid_size_refusals(self.parameters.support("grid.size"), MIN_SIZE,
                                      "the agent and the goal two cells either side of the wall")
        yield from range_refusals("speed", self.speeds)


def _wall(key: str, acted: Script, size: tuple[float, float]) -> SceneObject:
    """The green wall: a block one cell thick across the grid, off the grid once unlocked and for the test."""
    return SceneObject(id=key, type="cube", materials=[WALL_MATERIAL], kinematic=True, structure=True,
                       physics=True, shows=keyframe_shows(acted.wall, WALL_HEIGHT / 2, ZERO,
                                                          (size[0], WALL_HEIGHT, size[1])))


def _key(key: str, body: Body, keyframes: list[Keyframe]) -> SceneObject:
    """The red key: at its place from each trial's start, off the grid once the agent has taken it."""
    return SceneObject(id=key, type=body.type, materials=[KEY_MATERIAL], kinematic=True, physics=True,
                       shows=keyframe_shows(keyframes, body.y, (0, body.rotation, 0), body.scale),
                       write_empty_hides=True)



def _truth(ids: Mapping[str, Any], acted: Script) -> dict[str, dict[str, Any]]:
    return {suffix: {"walk": walk, "expected": walk == "straight", "agent_id": ids["agent"], "goal_id": ids["goal"],
                     "key_id": ids["key"], "wall_id": ids["wall"], "test_start": acted.test_start,
                     "end_position": list(acted.test[walk][-1][1:])}
            for suffix, walk in OUTCOMES}


def _trial_params(start: int, end: int, places: Places, speed: float) -> dict[str, Any]:
    return {"start": start, "end": end, "agent_start": list(places.home), "goal_place": list(places.goal),
            "key_place": list(places.key), "wall_place": list(places.wall),
            "walk": [list(point) for point in places.by_lock], "speed": speed}
