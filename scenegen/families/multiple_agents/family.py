"""The Multiple Agents family (MCS passive agents): expected/unexpected scene pairs.

An open grid world holds two blob agents and two goal objects, all of distinct shapes and colours. In every
familiarisation trial one of the agents walks straight up to its own object (the same one each time it walks),
the other stands still. In the test trial one object, the target, is approached: by its owner (the expected file)
or by the other agent, whose preference was shown for the other object (the unexpected file).

The two files of a pair are identical up to the test walk: drop every ``shows`` and ``changeMaterials`` entry at
or after the test trial's first step ``T`` from both, set both ``name``s equal, and they serialise to the same
bytes. The agents start the test mirrored across the target's row or column and the two test walks take as many
steps, so the files are as long and nothing but which agent walks tells them apart.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

import numpy as np

from scenegen.families.multiple_agents.declaration import DECLARATION, POOL_SIZE
from scenegen.families.multiple_agents.trials import (
    OUTCOMES,
    Places,
    Script,
    Stage,
    mirror_table,
    reach_table,
    script,
)
from scenegen.mcs.evidence import with_id_prefix, without
from scenegen.mcs.frame import room_materials
from scenegen.mcs.gridworld.cast import (
    Member,
    agent_object,
    blob_body,
    distinct,
    goal_body,
    goal_object,
)
from scenegen.mcs.gridworld.scenery import grid_scene, grid_walls, pillar, watching_goal
from scenegen.mcs.gridworld.sizes import LARGEST_GRID, grid_size_refusals, range_refusals
from scenegen.mcs.objects import object_id
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.plugin.family import Evidence, Sample
from scenegen.plugin.outputs import ALWAYS_PAIRS

#: The smallest grid with room for two agents and two objects apart.
MIN_SIZE = 5
AGENT_PREFIX, OBJECT_PREFIX = "agent_", "object_"
ROLES = ("first", "second")
#: Which agent prefers which object is what the familiarisation walks show, and whether the test's walker is the
#: target's owner is read off the agents' walks: without the agents the two files are the same.
WHICH_AGENT = Evidence("the two agents (which one walks up to the object)", without(with_id_prefix(AGENT_PREFIX)))


class MultipleAgents(McsTask):
    name = "multiple_agents"
    description = "Multiple Agents: does the agent that walks up to an object prefer it? (MCS passive, pairs)."
    makes = ("Multiple Agents",)
    about = ("MCS passive agents, Multiple Agents: an open grid world where two blob agents each walk up to their "
             "own goal object over eight familiarisation trials, one agent a trial; in the test trial one object is "
             "approached by its owner (`_expected.json`) or by the other agent (`_unexpected.json`), the two "
             "agents starting mirrored across it. Both isometric views; agents and goals of many shapes and "
             "colours. Always pairs")
    label_about = ("per document: which agent walks up to which object in the test and whether that is expected; "
                   "`pair`: the pair's own id, which document is expected, the agents' and the target's ids, the "
                   "test's first step")
    declaration = DECLARATION
    pairing = ALWAYS_PAIRS
    answers = ("expected",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"expected": WHICH_AGENT}

    lays_out = "a Multiple Agents scene"
    checks = "scenegen.families.multiple_agents.checks:multiple_agents_problems"

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.familiarization = int(config["trials"]["familiarization"])
        self.pools = {key: tuple(config[group][kind]) for key, group, kind in (
            ("agent_types", "agents", "types"), ("agent_colours", "agents", "colours"),
            ("object_types", "objects", "types"), ("object_colours", "objects", "colours"))}
        self.reach = (float(config["places"]["reach"]["min"]), float(config["places"]["reach"]["max"]))
        super().__init__(config)

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> tuple[dict[str, Any], Script]:
        """Who is who (each agent's blob, colour and rotation; each object's shape and colour) and the script of
        every trial."""
        cast = {key: distinct(pool, POOL_SIZE, rng) for key, pool in self.pools.items()}
        cast["rotations"] = [int(v) * 90 for v in rng.integers(4, size=POOL_SIZE)]
        blobs = [blob_body(name) for name in cast["agent_types"]]
        goals = [goal_body(name) for name in cast["object_types"]]
        # One speed a walk: the familiarisation walks draw theirs, the test walk has the drawn config's.
        speeds = (*(float(self.parameters.values["speed"].sample(rng)) for _ in range(self.familiarization)),
                  float(drawn["speed"]))
        stage = Stage(size=drawn["grid.size"], familiarization=self.familiarization, speeds=speeds,
                      agent_halves=(blobs[0].turned(cast["rotations"][0]), blobs[1].turned(cast["rotations"][1])),
                      goal_halves=(goals[0].half, goals[1].half), fixed_places=drawn["trials.places"] == "fixed",
                      reach=self.reach)
        return cast, script(stage, rng)

    def allocate(self, layout: tuple[dict[str, Any], Script], rng: np.random.Generator) -> dict[str, Any]:
        return {"pillar": object_id(rng, "platform_"), "pair": object_id(rng, "pair_"),
                "agents": [object_id(rng, AGENT_PREFIX) for _ in ROLES],
                "objects": [object_id(rng, OBJECT_PREFIX) for _ in ROLES]}

    def compose(self, drawn: dict[str, Any], laid: tuple[dict[str, Any], Script], ids: dict[str, Any],
                rng: np.random.Generator) -> Sample:
        cast, acted = laid
        members = [Member(ids["agents"][i], blob_body(cast["agent_types"][i]), cast["agent_colours"][i],
                          cast["rotations"][i]) for i in range(POOL_SIZE)]
        goals = [goal_object(ids["objects"][i], goal_body(cast["object_types"][i]), cast["object_colours"][i],
                             acted.goals[i], acted.red_on, acted.red_off) for i in range(POOL_SIZE)]
        goal_order, agent_order = rng.permutation(POOL_SIZE), rng.permutation(POOL_SIZE)
        shared = [*(goals[i] for i in goal_order), pillar(ids["pillar"], drawn["view"], drawn["materials.pillar"]),
                  *grid_walls(drawn["grid.size"], [], [])]
        goal = watching_goal(acted.last_step, (trial[1] for trial in acted.trials), self.familiarization)
        materials = room_materials(drawn)
        documents = {}
        for suffix, role in OUTCOMES:
            walker = _walker(acted, role)
            agents = [agent_object(members[i], [*acted.agents[i], *(acted.test[i] if i == walker else [])])
                      for i in agent_order]
            documents[suffix] = grid_scene([*agents, *shared], goal, materials, drawn["view"])
        params = {**drawn, "agents": [member.params() for member in members],
                  "objects": [{"type": t, "colour": c} for t, c in zip(cast["object_types"], cast["object_colours"],
                                                                       strict=True)],
                  "agents_listed": [int(i) for i in agent_order], "objects_listed": [int(i) for i in goal_order],
                  "trials": [_trial_params(start, end, walker, places, speed)
                             for start, end, walker, places, speed in acted.trials],
                  "test": {**_trial_params(acted.test_start, acted.last_step + 1, acted.target, _test_places(acted),
                                           acted.test_speed), "target": acted.target}}
        return Sample(documents=documents, params=params, truth=_truth(ids, acted), pair=_pair(ids, acted))

    @feasibility
    def _settings_make_scenes(self) -> Iterator[Refusal]:
        """The grid, the reach and the speeds can make a scene."""
        sizes = self.parameters.support("grid.size")
        yield from grid_size_refusals(sizes, MIN_SIZE, "two agents and two objects with room to walk")
        yield from range_refusals("places.reach", self.reach)
        for size in sizes:
            if MIN_SIZE <= size <= LARGEST_GRID and self.reach[0] <= self.reach[1] and not (
                    len(reach_table(size, *self.reach)) and len(mirror_table(size, *self.reach))):
                yield "places.reach", (f"{self.reach[0]} to {self.reach[1]} m: no two cells of a {size}-cell grid "
                                       "mirrored across a third's row or column are that far from it")


def _walker(acted: Script, role: str) -> int:
    """The agent that walks in the test of the file where ``role`` (the target's owner or the other) walks."""
    return acted.target if role == "owner" else 1 - acted.target


def _test_places(acted: Script) -> Places:
    assert acted.test_places is not None
    return acted.test_places



def _truth(ids: Mapping[str, Any], acted: Script) -> dict[str, dict[str, Any]]:
    """Per file: which agent walks up to which object in the test trial, and whether that is expected."""
    target = ids["objects"][acted.target]
    return {suffix: {"walker": role, "walker_id": ids["agents"][_walker(acted, role)], "approached_id": target,
                     "owner_id": ids["agents"][acted.target], "expected": role == "owner",
                     "test_start": acted.test_start,
                     "end_position": list(acted.test[_walker(acted, role)][-1][1:])}
            for suffix, role in OUTCOMES}


def _pair(ids: Mapping[str, Any], acted: Script) -> dict[str, Any]:
    return {"id": ids["pair"], "expected": "expected", "unexpected": "unexpected",
            "differs": "which agent walks up to the object in the test trial (its owner or the other agent)",
            "approached_id": ids["objects"][acted.target], "owner_id": ids["agents"][acted.target],
            "other_agent_id": ids["agents"][1 - acted.target], "test_start": acted.test_start}


def _trial_params(start: int, end: int, walker: int, places: Places, speed: float) -> dict[str, Any]:
    return {"start": start, "end": end, "walker": walker, "agent_starts": [list(p) for p in places.homes],
            "object_places": [list(p) for p in places.goals], "speed": speed}
