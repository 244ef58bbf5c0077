"""The Instrumental Action family (MCS passive agents): expected/unexpected scene pairs.

A grid world holds one blob agent, two goal objects of distinct shapes and colours and (but in ``none`` scenes)
a few black wall cells. In every familiarisation trial the agent walks up to the same object, its preferred one,
round the wall cells. In the test trial the wall cells are moved (:mod:`.places`): when a way to the preferred
object stays open, the agent walks up to it (the expected file) or to the other object (the unexpected file);
when the walls close every way to it, the agent walks to the other object (expected) or straight through the
walls to its preferred one (unexpected).

The two files of a pair are identical up to the test walk: drop every ``shows`` and ``changeMaterials`` entry at
or after the test trial's first step ``T`` from both, set both ``name``s equal, and they serialise to the same
bytes. Both end as the longer walk ends (the agent of the shorter waits at its object).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

import numpy as np

from scenegen.families.instrumental_action.declaration import DECLARATION
from scenegen.families.instrumental_action.places import Places, draw_places, place_table
from scenegen.families.instrumental_action.trials import OUTCOMES, Script, Stage, script
from scenegen.mcs.evidence import either, with_id_prefix, without
from scenegen.mcs.frame import room_materials
from scenegen.mcs.gridworld.cast import (
    WALL_HEIGHT,
    WALL_MATERIAL,
    ZERO,
    Body,
    Member,
    agent_object,
    blob_body,
    distinct,
    goal_body,
    goal_object,
    keyframe_shows,
    with_test,
)
from scenegen.mcs.gridworld.layout import CELL, cell_centre
from scenegen.mcs.gridworld.scenery import grid_scene, grid_walls, pillar, watching_goal
from scenegen.mcs.gridworld.sizes import LARGEST_GRID, grid_size_refusals, range_refusals
from scenegen.mcs.model import SceneObject
from scenegen.mcs.objects import object_id
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.plugin.family import Evidence, Sample
from scenegen.plugin.outputs import ALWAYS_PAIRS

#: The smallest grid with room for the agent, two objects and the walls round one.
MIN_SIZE = 5
AGENT_PREFIX, OBJECT_PREFIX, WALL_PREFIX = "agent_", "object_", "wall_"
#: Which object the agent prefers is what its familiarisation walks show, and which it reaches in the test (and
#: whether through the walls) is its test walk and the objects' turning red as it arrives: the task itself.
THE_WALK = Evidence("the agent's test walk and the two goal objects (which one it walks up to, which turns red "
                    "when)", without(either(with_id_prefix(AGENT_PREFIX), with_id_prefix(OBJECT_PREFIX))))
ROLES = ("preferred", "other")
#: What a scene's layout holds: the agent's rotation, the places, the script and each object's body and colour.
Laid = tuple[int, Places, Script, dict[str, tuple[Body, str]]]
#: How many places a scene draws before it is drawn again from the start.
PLACE_DRAWS = 20


class InstrumentalAction(McsTask):
    name = "instrumental_action"
    description = ("Instrumental Action: does the agent reach its preferred object when it can, and only then? "
                   "(MCS passive, pairs).")
    makes = ("Instrumental Action",)
    about = ("MCS passive agents, Instrumental Action: a grid world where a blob agent walks up to the same one of "
             "two goal objects round black wall cells over eight familiarisation trials; in the test trial the "
             "walls are moved to close every way to that object (blocking), next to it leaving one open "
             "(inconsequential), or there are none; the agent reaches its object if it can, else the other "
             "(`_expected.json`), or the other although it could reach its own, or its own through the walls "
             "(`_unexpected.json`). Both isometric views; goals of many shapes and colours. Always pairs")
    label_about = ("per document: the test walk (`preferred`, `other` or `through`), the barrier kind, whether the "
                   "preferred object is reachable and whether the walk is expected; `pair`: the pair's own id, which "
                   "document is expected, the two objects' ids, the test's first step")
    declaration = DECLARATION
    pairing = ALWAYS_PAIRS
    answers = ("expected",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"expected": THE_WALK}
    attempts = 5

    lays_out = "an Instrumental Action scene"
    checks = "scenegen.families.instrumental_action.checks:instrumental_action_problems"

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.familiarization = int(config["trials"]["familiarization"])
        self.object_types: tuple[str, ...] = tuple(config["objects"]["types"])
        self.object_colours: tuple[str, ...] = tuple(config["objects"]["colours"])
        self.speeds = (float(config["speed"]["min"]), float(config["speed"]["max"]))
        self.reach = (float(config["places"]["reach"]["min"]), float(config["places"]["reach"]["max"]))
        self.detour = float(config["places"]["detour"])
        super().__init__(config)
        self.blobs = {name: blob_body(name) for name in self.parameters.support("agent.type")}
        self.goal_bodies = {name: goal_body(name) for name in self.object_types}

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> Laid | None:
        """The agent's rotation, the two objects' looks, the places and the script of every trial. Places that leave
        no walk are drawn again here, not by the base, which would draw the barrier kind again too and make the
        kind that fails more often (blocking) rarer than the config says."""
        rotation = int(rng.integers(4)) * 90
        types, colours = distinct(self.object_types, 2, rng), distinct(self.object_colours, 2, rng)
        looks = {role: (self.goal_bodies[kind], colour) for role, kind, colour in zip(ROLES, types, colours,
                                                                                      strict=True)}
        more = [int(self.parameters.values["walk_steps"].sample(rng)) for _ in range(self.familiarization - 1)]
        stage = Stage(size=drawn["grid.size"], steps=(drawn["walk_steps"], *more, drawn["test_steps"]),
                      speeds=self.speeds, agent_half=self.blobs[drawn["agent.type"]].turned(rotation),
                      halves=(looks["preferred"][0].half, looks["other"][0].half), detour=self.detour)
        for _ in range(PLACE_DRAWS):
            places = draw_places(drawn["grid.size"], self.reach, drawn["barriers"], rng)
            acted = None if places is None else script(stage, places, rng)
            if places is not None and acted is not None:
                return rotation, places, acted, looks
        return None

    def allocate(self, layout: Laid, rng: np.random.Generator) -> dict[str, Any]:
        walls = [object_id(rng, WALL_PREFIX) for _ in layout[1].before]
        return {"pillar": object_id(rng, "platform_"), "pair": object_id(rng, "pair_"),
                "agent": object_id(rng, AGENT_PREFIX), "preferred": object_id(rng, OBJECT_PREFIX),
                "other": object_id(rng, OBJECT_PREFIX), "walls": walls}

    def compose(self, drawn: dict[str, Any], laid: Laid, ids: dict[str, Any],
                rng: np.random.Generator) -> Sample:
        rotation, places, acted, looks = laid
        size = drawn["grid.size"]
        agent = agent_object(Member(ids["agent"], self.blobs[drawn["agent.type"]], drawn["agent.colour"], rotation),
                             acted.agent)
        preferred_first = bool(rng.integers(2))
        roles = ROLES if preferred_first else ROLES[::-1]
        walls = [_wall(key, cell_centre(size, before), cell_centre(size, after), acted.test_start)
                 for key, before, after in zip(ids["walls"], places.before, places.after, strict=True)]
        shared = [*walls, pillar(ids["pillar"], drawn["view"], drawn["materials.pillar"]), *grid_walls(size, [], [])]
        goal = watching_goal(acted.last_step, (end for _, end, _ in acted.trials), self.familiarization)
        materials = room_materials(drawn)
        outcomes = OUTCOMES[places.walled_off]
        documents = {}
        for suffix, walk in outcomes:
            red_on = (*acted.red_on, acted.test_contact[walk])
            objects = [goal_object(ids[role], *looks[role], [(0, *cell_centre(size, getattr(places, role)))], red_on,
                                   acted.red_off) for role in roles]
            documents[suffix] = grid_scene([with_test(agent, acted.test[walk]), *objects, *shared], goal, materials,
                                           drawn["view"])
        params = {**drawn, "agent_rotation": rotation, "preferred_listed_first": preferred_first,
                  **{role: {"type": looks[role][0].type, "colour": looks[role][1], "cell": list(getattr(places, role))}
                     for role in ROLES},
                  "agent_cell": list(places.home), "walls_before": [list(c) for c in places.before],
                  "walls_after": [list(c) for c in places.after],
                  "familiarisation_walk": [list(point) for point in acted.fam_walk],
                  "trials": [{"start": start, "end": end, "speed": speed} for start, end, speed in acted.trials],
                  "test": {"start": acted.test_start, "speed": acted.test_speed, "contacts": dict(acted.test_contact)}}
        return Sample(documents=documents, params=params, truth=_truth(ids, drawn["barriers"], places, acted),
                      pair={"id": ids["pair"], "expected": "expected", "unexpected": "unexpected",
                            "differs": "the agent's test walk: which object it walks up to, and how",
                            "preferred_id": ids["preferred"], "other_id": ids["other"],
                            "test_start": acted.test_start})

    @feasibility
    def _settings_make_scenes(self) -> Iterator[Refusal]:
        """The grid, the reach and the speeds can make a scene."""
        sizes = self.parameters.support("grid.size")
        yield from grid_size_refusals(sizes, MIN_SIZE, "the agent, two objects apart and the walls round one")
        yield from range_refusals("places.reach", self.reach)
        for size in sizes:
            if MIN_SIZE <= size <= LARGEST_GRID and not len(place_table(size, *self.reach)):
                yield "places.reach", (f"{self.reach[0]} to {self.reach[1]} m: no two cells of a {size}-cell grid "
                                       "that far from the agent's stand apart from it and from each other")
        yield from range_refusals("speed", self.speeds)
        if math.isclose(self.speeds[0], 0.0):
            yield "speed.min", "an agent that never moves shows no preference"


def _wall(key: str, before: tuple[float, float], after: tuple[float, float], test_start: int) -> SceneObject:
    """A black wall cell, as the passive-agent files write theirs, moved to its test place as the test begins."""
    return SceneObject(id=key, type="cube", materials=[WALL_MATERIAL], kinematic=True, structure=True,
                       shows=keyframe_shows([(0, *before), (test_start, *after)], WALL_HEIGHT / 2, ZERO,
                                            (CELL, WALL_HEIGHT, CELL)))



def _truth(ids: Mapping[str, Any], kind: str, places: Places, acted: Script) -> dict[str, dict[str, Any]]:
    """Per file: the test walk, the barrier kind, whether the preferred object is reachable, whether expected."""
    return {suffix: {"walk": walk, "approached_id": ids["other" if walk == "other" else "preferred"],
                     "barriers": kind, "reachable": not places.walled_off, "expected": suffix == "expected",
                     "preferred_id": ids["preferred"], "other_id": ids["other"], "test_start": acted.test_start,
                     "end_position": list(acted.test[walk][-1][1:])}
            for suffix, walk in OUTCOMES[places.walled_off]}
