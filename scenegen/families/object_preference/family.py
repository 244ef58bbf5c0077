"""The Object Preference family (MCS passive agents): expected/unexpected scene pairs.

An open grid world holds one blob agent and two goal objects of distinct shapes and colours. In every
familiarisation trial the agent walks straight up to the same one of them, the preferred object. In the test
trial the objects stand at new places (by default each where the other stood) and the agent walks up to the
preferred object (the expected file) or to the other (the unexpected file).

The two files of a pair are identical up to the test walk: drop every ``shows`` and ``changeMaterials`` entry at
or after the test trial's first step ``T`` from both, set both ``name``s equal, and they serialise to the same
bytes. The two test walks mirror each other (:mod:`.trials`), so they take as many steps and the files are as
long.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

import numpy as np

from scenegen.families.object_preference.declaration import DECLARATION
from scenegen.families.object_preference.trials import OUTCOMES, Places, Script, Stage, place_table, script
from scenegen.mcs.evidence import with_id_prefix, without
from scenegen.mcs.frame import room_materials
from scenegen.mcs.gridworld.cast import (
    Member,
    agent_object,
    blob_body,
    distinct,
    goal_body,
    goal_object,
    with_test,
)
from scenegen.mcs.gridworld.scenery import grid_scene, grid_walls, pillar, watching_goal
from scenegen.mcs.gridworld.sizes import LARGEST_GRID, grid_size_refusals, range_refusals
from scenegen.mcs.objects import object_id
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.plugin.family import Evidence, Sample
from scenegen.plugin.outputs import ALWAYS_PAIRS

#: The smallest grid with room for the agent and two objects two cells from it.
MIN_SIZE = 5
AGENT_PREFIX, OBJECT_PREFIX = "agent_", "object_"
#: Which object the agent prefers is what its familiarisation walks show, and which it goes to in the test is
#: which object stands where its test walk ends: both read off the goal objects, which the probe leaves out
#: (without them the two files differ in a test walk and its mirror image, drawn on either side).
WHICH_OBJECT = Evidence("the two goal objects (which one the agent walks up to)",
                        without(with_id_prefix(OBJECT_PREFIX)))


class ObjectPreference(McsTask):
    name = "object_preference"
    description = "Object Preference: does the agent walk up to the object it preferred, moved? (MCS passive, pairs)."
    makes = ("Object Preference",)
    about = ("MCS passive agents, Object Preference: an open grid world where a blob agent walks up to the same one "
             "of two goal objects over eight familiarisation trials; in the test trial the objects swap places and "
             "the agent walks up to the object it preferred (`_expected.json`) or to the other "
             "(`_unexpected.json`), the two walks mirror images of each other. Both isometric views; goals of many "
             "shapes and colours. Always pairs")
    label_about = ("per document: which object the agent approaches in the test and whether that is expected; "
                   "`pair`: the pair's own id, which document is expected, the two objects' ids, the test's first "
                   "step")
    declaration = DECLARATION
    pairing = ALWAYS_PAIRS
    answers = ("expected",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"expected": WHICH_OBJECT}

    lays_out = "an Object Preference scene"
    checks = "scenegen.families.object_preference.checks:object_preference_problems"

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.familiarization = int(config["trials"]["familiarization"])
        self.object_types: tuple[str, ...] = tuple(config["objects"]["types"])
        self.object_colours: tuple[str, ...] = tuple(config["objects"]["colours"])
        self.speeds = (float(config["speed"]["min"]), float(config["speed"]["max"]))
        self.reach = (float(config["places"]["reach"]["min"]), float(config["places"]["reach"]["max"]))
        super().__init__(config)
        self.blobs = {name: blob_body(name) for name in self.parameters.support("agent.type")}
        self.goal_bodies = {name: goal_body(name) for name in self.object_types}
        self.object_half = (max(body.half[0] for body in self.goal_bodies.values()),
                            max(body.half[1] for body in self.goal_bodies.values()))

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> tuple[int, Script]:
        """The agent's rotation (its footprint turns with it) and the script of every trial."""
        rotation = int(rng.integers(4)) * 90
        more = [int(self.parameters.values["walk_steps"].sample(rng)) for _ in range(self.familiarization - 1)]
        stage = Stage(size=drawn["grid.size"], steps=(drawn["walk_steps"], *more, drawn["test_steps"]),
                      speeds=self.speeds, agent_half=self.blobs[drawn["agent.type"]].turned(rotation),
                      object_half=self.object_half, fixed_places=drawn["trials.places"] == "fixed",
                      swapped_test=drawn["test.places"] == "swapped", reach=self.reach)
        return rotation, script(stage, rng)

    def allocate(self, layout: tuple[int, Script], rng: np.random.Generator) -> dict[str, Any]:
        return {"pillar": object_id(rng, "platform_"), "pair": object_id(rng, "pair_"),
                "agent": object_id(rng, AGENT_PREFIX), "preferred": object_id(rng, OBJECT_PREFIX),
                "other": object_id(rng, OBJECT_PREFIX)}

    def compose(self, drawn: dict[str, Any], laid: tuple[int, Script], ids: dict[str, Any],
                rng: np.random.Generator) -> Sample:
        rotation, acted = laid
        types, colours = distinct(self.object_types, 2, rng), distinct(self.object_colours, 2, rng)
        agent = agent_object(Member(ids["agent"], self.blobs[drawn["agent.type"]], drawn["agent.colour"], rotation),
                             acted.agent)
        goals = {role: goal_object(ids[role], self.goal_bodies[kind], colour, getattr(acted, role), acted.red_on,
                                   acted.red_off)
                 for role, kind, colour in zip(("preferred", "other"), types, colours, strict=True)}
        preferred_first = bool(rng.integers(2))
        listed = [goals["preferred"], goals["other"]] if preferred_first else [goals["other"], goals["preferred"]]
        size = drawn["grid.size"]
        shared = [*listed, pillar(ids["pillar"], drawn["view"], drawn["materials.pillar"]), *grid_walls(size, [], [])]
        goal = watching_goal(acted.last_step, (end for _, end, _, _ in acted.trials), self.familiarization)
        materials = room_materials(drawn)
        documents = {suffix: grid_scene([with_test(agent, acted.test[role]), *shared], goal, materials, drawn["view"])
                     for suffix, role in OUTCOMES}
        params = {**drawn, "agent_rotation": rotation, "preferred": {"type": types[0], "colour": colours[0]},
                  "other": {"type": types[1], "colour": colours[1]}, "preferred_listed_first": preferred_first,
                  "trials": [_trial_params(start, end, places, speed) for start, end, places, speed in acted.trials],
                  "test": _trial_params(acted.test_start, acted.last_step + 1, _test_places(acted), acted.test_speed)}
        return Sample(documents=documents, params=params, truth=_truth(ids, acted), pair=_pair(ids, acted))

    @feasibility
    def _settings_make_scenes(self) -> Iterator[Refusal]:
        """The grid, the speeds and the pools can make a scene."""
        sizes = self.parameters.support("grid.size")
        yield from grid_size_refusals(sizes, MIN_SIZE, "the agent and two objects two cells from it, mirrored "
                                                       "across its row or column,")
        yield from range_refusals("places.reach", self.reach)
        for size in sizes:
            if MIN_SIZE <= size <= LARGEST_GRID and not len(place_table(size, *self.reach)):
                yield "places.reach", (f"{self.reach[0]} to {self.reach[1]} m: no two cells of a {size}-cell grid "
                                       "mirrored across the agent's row or column are that far from it")
        yield from range_refusals("speed", self.speeds)
        if math.isclose(self.speeds[0], 0.0):
            yield "speed.min", "an agent that never moves shows no preference"


def _test_places(acted: Script) -> Places:
    assert acted.test_places is not None
    return acted.test_places



def _truth(ids: Mapping[str, Any], acted: Script) -> dict[str, dict[str, Any]]:
    """Per file: which object the agent walks up to in the test trial, and whether that is expected."""
    return {suffix: {"approaches": role, "approached_id": ids[role], "expected": role == "preferred",
                     "preferred_id": ids["preferred"], "other_id": ids["other"], "test_start": acted.test_start,
                     "end_position": list(acted.test[role][-1][1:])}
            for suffix, role in OUTCOMES}


def _pair(ids: Mapping[str, Any], acted: Script) -> dict[str, Any]:
    return {"id": ids["pair"], "expected": "expected", "unexpected": "unexpected",
            "differs": "the object the agent walks up to in the test trial", "preferred_id": ids["preferred"],
            "other_id": ids["other"], "test_start": acted.test_start}


def _trial_params(start: int, end: int, places: Places, speed: float) -> dict[str, Any]:
    return {"start": start, "end": end, "agent_start": list(places.home), "preferred_place": list(places.preferred),
            "other_place": list(places.other), "mirror_axis": "xz"[places.axis], "speed": speed}
