"""The True/False Belief family (MCS eval 7, passive agents): expected/unexpected scene pairs.

A grid world holds a goal object, two white occluders, a primary agent that walks
to the object in every familiarisation trial, and a secondary agent that only
comes in for the test trial, carrying the object from its old place to a new one
while the primary agent watches (true belief) or waits outside (false belief).
The primary agent then walks to the new place or to the old one: under true
belief the new place is expected, under false belief the old one.

The two scenes of a pair are identical up to the test trial's first step ``T``:
drop every ``shows``, ``hides`` and ``changeMaterials`` entry at or after ``T``
from both, set both ``name``s equal, and they serialise to the same bytes. Every
id is drawn once per pair, and ``last_step`` covers the longer of the two final walks.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

import numpy as np

from scenegen.families.true_false_belief.declaration import DECLARATION
from scenegen.families.true_false_belief.script import MIN_SEPARATION, PLACES, Script, Stage, TrialRecord, script
from scenegen.mcs.evidence import with_id_prefix, without
from scenegen.mcs.frame import room_materials
from scenegen.mcs.geometry import object_size
from scenegen.mcs.gridworld.belief_world import OCCLUDER_SCALE, BeliefWorld, belief_world
from scenegen.mcs.gridworld.box_walks import Floor
from scenegen.mcs.gridworld.cast import (
    WALL_HEIGHT,
    ZERO,
    Body,
    Member,
    agent_object,
    blob_body,
    distinct,
    goal_body,
    goal_changes,
    keyframe_shows,
    kinematic_goal,
    with_test,
)
from scenegen.mcs.gridworld.scenery import grid_scene, pillar, wall, watching_goal
from scenegen.mcs.model import SceneObject, Show, Vec3
from scenegen.mcs.objects import object_id, white_occluder
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.plugin.family import Evidence, Sample
from scenegen.plugin.outputs import ALWAYS_PAIRS

#: The view from the front right (pillar at (4, 1.5, 4)); the evaluation mirrors the world in z for the other.
FRONT_RIGHT = "isometric_front_right"
#: The place the primary agent walks to in the expected file, by whether it watched the object move.
EXPECTED_PLACE = {True: "new", False: "old"}
#: The id prefixes of the primary agent and the secondary one.
AGENT_PREFIXES = ("agent_", "other_agent_")
#: A pair's files differ only in where the primary agent walks in the test trial (to touch the object at its new
#: place, which turns red, or to stand on the old one: a walk a few steps longer, as in the evaluation's pair);
#: whether it watched the move is the primary agent's too (hidden outside in false belief).
WHERE_IT_LOOKS = Evidence("the primary agent (whether it watched, where it walks in the test) and every "
                          "`changeMaterials` (the object turning red as it touches it)",
                          without(with_id_prefix(AGENT_PREFIXES[0]), keys=("changeMaterials",)))


class TrueFalseBelief(McsTask):
    name = "true_false_belief"
    description = ("True/False Belief: does the primary agent look for the object where it last saw it? "
                   "(MCS eval 7, pairs).")
    makes = ("True / False Belief",)
    about = ("MCS passive agents, True/False Belief: a grid world of two rooms with a doorway to the outside; over "
             "eight familiarisation trials a primary agent walks to a goal object in one room (behind a white "
             "occluder in some trials); in the test trial a secondary agent comes in and carries the object from "
             "behind one occluder to behind the other (`move: same_occluder`: another place behind the same one, as "
             "the seed's training data) while the primary agent watches (true belief) or waits outside (false "
             "belief); then the primary agent walks to the new place or to the old one. Always pairs")
    label_about = ("per document: the place approached, whether that is expected, the belief, the agents', object's "
                   "and occluder's ids, the old and new places; `pair`: task, category, the file to rate higher, "
                   "belief, move, roles by id")
    declaration = DECLARATION
    pairing = ALWAYS_PAIRS
    answers = ("expected",)
    cues = ("approaches",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"expected": WHERE_IT_LOOKS}

    lays_out = "a True/False Belief scene"
    checks = "scenegen.families.true_false_belief.checks:true_false_belief_problems"

    def __init__(self, config: Mapping[str, Any]) -> None:
        trials = config["trials"]
        self.occluded: tuple[bool, ...] = tuple(bool(flag) for flag in trials["occluded"])
        self.familiarization = int(trials["familiarization"])
        self.agent_types: tuple[str, ...] = tuple(config["agents"]["types"])
        self.agent_colours: tuple[str, ...] = tuple(config["agents"]["colours"])
        super().__init__(config)
        self.worlds = {(name, view): belief_world(name, view == FRONT_RIGHT)
                       for name in self.parameters.support("grid.walls") for view in self.parameters.support("view")}
        self.floors = {key: Floor(world.grid, world.open_cells, world.open_centres)
                       for key, world in self.worlds.items()}
        self.blobs = {name: blob_body(name) for name in self.agent_types}
        self.goal_bodies = {name: goal_body(name) for name in self.parameters.support("object.type")}

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> tuple[dict[str, Member], Stage]:
        """The two agents and the stage the script plays on."""
        cast = self._cast(rng)
        seen = drawn["grid.walls"], drawn["view"]
        stage = Stage(
            world=self.worlds[seen], floor=self.floors[seen],
            primary_half=cast["primary"].half, secondary_half=cast["secondary"].half,
            object_half=self.goal_bodies[drawn["object.type"]].half,
            room=1 if drawn["object.room"] == "upper" else -1, believes=drawn["belief"] == "true",
            same_occluder=drawn["move"] == "same_occluder", depth=self.parameters.values["object.depth"],
            speed=self.parameters.values["speed"], occluded=self.occluded,
        )
        return cast, stage

    def allocate(self, layout: tuple[dict[str, Member], Stage], rng: np.random.Generator) -> dict[str, Any]:
        ids: dict[str, Any] = {"pillar": object_id(rng, "platform_"), "upper": object_id(rng, "occluder_"),
                               "lower": object_id(rng, "occluder_"), "goal": object_id(rng, "object_"),
                               "pair": object_id(rng, "pair_")}
        ids["walls"] = [object_id(rng, "wall_") for _ in layout[1].world.divider]
        return ids

    def compose(self, drawn: dict[str, Any], layout: tuple[dict[str, Member], Stage], ids: dict[str, Any],
                rng: np.random.Generator) -> Sample:
        cast, stage = layout
        world, body, believes = stage.world, self.goal_bodies[drawn["object.type"]], stage.believes
        acted = script(stage, rng)

        secondary = replace(agent_object(cast["secondary"], acted.secondary),
                            hides=[0, *(trial.start for trial in acted.trials[1:]), acted.test_start])
        scenery = [
            pillar(ids["pillar"], drawn["view"], drawn["materials.pillar"]),
            # The lower room's occluder first, as in the evaluation pair.
            *(white_occluder(ids[room], keyframe_shows(track, OCCLUDER_SCALE[1] / 2, ZERO, OCCLUDER_SCALE))
              for room, track in zip(("lower", "upper"), acted.occluders[::-1], strict=True)),
        ]
        walls = _walls(world, ids["walls"])
        goal = watching_goal(acted.last_step, (t.end for t in acted.trials), self.familiarization)
        materials = room_materials(drawn)
        outcomes = _outcomes(believes)
        # Carried, the object rides on the secondary agent's top (docs/mcs_facts.md 12.4).
        carrier = cast["secondary"].body
        lifted = round(object_size(carrier.type)[1] * carrier.scale[1] + body.y, 4)
        primary = agent_object(cast["primary"], acted.primary)
        if acted.primary_hidden is not None:
            primary = replace(primary, hides=[acted.primary_hidden])
        object_shows = _object_shows(acted, body, lifted)
        documents = {}
        for suffix, place in outcomes.items():
            objects = [with_test(primary, acted.approaches[place]), secondary, *scenery,
                       _goal_object(ids["goal"], body, drawn["object.colour"], acted, place, object_shows), *walls]
            documents[suffix] = grid_scene(objects, goal, materials, drawn["view"])
        params = {**drawn, **{role: member.params() for role, member in cast.items()},
                  "test_speed": acted.test_speed, "old_place": list(acted.places["old"]),
                  "new_place": list(acted.places["new"]), "trials": [_trial_params(t) for t in acted.trials]}
        roles = {"primary_id": cast["primary"].id, "secondary_id": cast["secondary"].id, "object_id": ids["goal"]}
        occluder_ids = _occluder_ids(ids, acted)
        return Sample(documents=documents, params=params,
                      truth=_truth(outcomes, believes, drawn["move"], roles, occluder_ids, acted),
                      pair=_pair(ids["pair"], believes, drawn["move"], world, roles, occluder_ids, acted))

    def _cast(self, rng: np.random.Generator) -> dict[str, Member]:
        """Two agents of distinct types and colours, each with its own fixed rotation and id."""
        types = distinct(self.agent_types, 2, rng)
        colours = [self.agent_colours[i] for i in rng.permutation(len(self.agent_colours))[:2]]
        rotations = [int(r) * 90 for r in rng.integers(4, size=2)]
        return {
            role: Member(object_id(rng, prefix), self.blobs[kind], colour, rotation)
            for role, prefix, kind, colour, rotation in zip(("primary", "secondary"), AGENT_PREFIXES, types, colours,
                                                            rotations, strict=True)
        }

    @feasibility
    def _settings_make_scenes(self) -> Iterator[Refusal]:
        """The trials, the depths and the pools can make a scene."""
        if len(self.occluded) != self.familiarization:
            yield "trials.occluded", (f"{len(self.occluded)} entries for {self.familiarization} familiarisation "
                                      "trials; give one entry per trial")
        for path, pool in (("agents.types", self.agent_types), ("agents.colours", self.agent_colours)):
            if len(set(pool)) < 2:
                yield path, f"{len(set(pool))} distinct entries; the two agents each need their own"
        depths = self.parameters.support("object.depth")
        if "same_occluder" in self.parameters.support("move") and max(depths) - min(depths) < MIN_SEPARATION:
            yield "object.depth", (f"depths from {min(depths)} to {max(depths)} m: moving the object behind the "
                                   f"same occluder needs two places at least {MIN_SEPARATION} m apart")


def _outcomes(believes: bool) -> dict[str, str]:
    """The place the primary agent walks to in each file."""
    expected = EXPECTED_PLACE[believes]
    return {"expected": expected, "unexpected": next(place for place in PLACES if place != expected)}


def _goal_object(key: str, body: Body, colour: str, acted: Script, place: str, shows: list[Show]) -> SceneObject:
    """The object; red from each contact with the primary agent to the next trial's start, and at the end of
    the final walk to the new place, where it is."""
    red_on = [*acted.red_on, acted.approaches[place][-1][0]] if place == "new" else acted.red_on
    return kinematic_goal(key, body, colour, shows, goal_changes(colour, red_on, acted.red_off))


def _object_shows(acted: Script, body: Body, lifted: float) -> list[Show]:
    """The object's keyframes: on the floor, or at ``lifted`` while it is carried."""
    picked, dropped = acted.carried
    rotation: Vec3 = (0, body.rotation, 0)
    shows = [Show((x, lifted if picked <= step < dropped else body.y, z), rotation, None, step)
             for step, x, z in acted.object]
    shows[0].scale = body.scale
    return shows


def _walls(world: BeliefWorld, wall_ids: Sequence[str]) -> list[SceneObject]:
    """The divider's cells, then the border (ids as in the evaluation pair)."""
    cube = (0.5, WALL_HEIGHT, 0.5)
    walls = [wall(key, *world.centre(cell), cube) for key, cell in zip(wall_ids, world.divider, strict=True)]
    walls += [wall(f"wall_grid_{name}", x, z, (sx, height, sz), height)
              for name, x, z, sx, sz, height in world.border()]
    return walls


def _occluder_ids(ids: Mapping[str, str], acted: Script) -> dict[str, str]:
    """The id of the occluder each place stands behind (the one of its room)."""
    return {place: ids["upper" if point[1] > 0 else "lower"] for place, point in acted.places.items()}


def _truth(outcomes: Mapping[str, str], believes: bool, move: str, roles: Mapping[str, str],
           occluder_ids: Mapping[str, str], acted: Script) -> dict[str, dict[str, Any]]:
    """Per file: the place the primary agent walks to in the test trial, and whether that is expected."""
    return {
        suffix: {"approaches": place, "expected": suffix == "expected", "belief": "true" if believes else "false",
                 "move": move, **roles, "occluder_id": occluder_ids[place], "old_place": list(acted.places["old"]),
                 "new_place": list(acted.places["new"]), "test_start": acted.test_start,
                 "carried": list(acted.carried), "end_position": list(acted.approaches[place][-1][1:])}
        for suffix, place in outcomes.items()
    }


def _pair(pair_id: str, believes: bool, move: str, world: BeliefWorld, roles: Mapping[str, str],
          occluder_ids: Mapping[str, str], acted: Script) -> dict[str, Any]:
    return {"id": pair_id, "task": "true_false_belief", "category": "agents", "kind": "expected_unexpected",
            "rate_higher": "expected", "expected": "expected", "unexpected": "unexpected",
            "belief": "true" if believes else "false", "move": move, **roles,
            "old_occluder_id": occluder_ids["old"], "new_occluder_id": occluder_ids["new"],
            "walls": world.name, "test_start": acted.test_start}


def _trial_params(trial: TrialRecord) -> dict[str, Any]:
    return {"start": trial.start, "end": trial.end, "depth": trial.depth, "occluded": trial.occluded,
            "contact_step": trial.contact_step, "speed": trial.speed}

