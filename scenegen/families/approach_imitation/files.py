"""The pair's files: the cast of three blobs and the goal object at the evaluation's sizes, and the MCS scenes
built from each file's timeline; what the family refuses, in its words."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any

import numpy as np

from scenegen.families.approach_imitation.arena import Arena
from scenegen.families.approach_imitation.stage import Stage
from scenegen.families.approach_imitation.timeline import ROLES, Take
from scenegen.mcs.frame import room_materials
from scenegen.mcs.gridworld.cast import (
    HIGHLIGHT,
    Body,
    Member,
    agent_object,
    distinct,
    goal_shows,
    kinematic_goal,
)
from scenegen.mcs.gridworld.scenery import grid_scene, grid_walls, pillar, watching_goal
from scenegen.mcs.model import MaterialChange, Scene, SceneObject
from scenegen.mcs.objects import object_id

#: The goal object's id prefix.
GOAL_PREFIX = "object_"
#: Which file of a pair an agent should rate higher: expected over the others, no expectation over unexpected.
RANK = {"expected": 2, "no_expectation": 1, "unexpected": 0}


def cast(rng: np.random.Generator, types: Sequence[str], colours: Sequence[str],
         bodies: Mapping[str, Body]) -> dict[str, Member]:
    """Three agents of distinct types and colours, each with its own fixed rotation and id."""
    picked, painted = distinct(types, 3, rng), distinct(colours, 3, rng)
    rotations = [int(r) * 90 for r in rng.integers(4, size=3)]
    prefixes = ("agent_", "other_agents_", "other_agents_")
    return {role: Member(object_id(rng, prefix), bodies[kind], colour, rotation)
            for role, prefix, kind, colour, rotation in zip(ROLES, prefixes, picked, painted, rotations, strict=True)}


def scenes(stage: Stage, takes: Sequence[Take], drawn: Mapping[str, Any], ids: Mapping[str, Any],
           other_first: bool) -> list[Scene]:
    """The pair's files from their timelines. An object the two files show alike is one object in both, so that
    the exporter writes it once."""
    standing = pillar(ids["pillar"], drawn["view"], drawn["materials.pillar"])
    arena = stage.arena
    walls = grid_walls(arena.size, [arena.centre(cell) for cell in arena.walls], ids["walls"])
    materials = room_materials(drawn)
    made: dict[str, tuple[Any, SceneObject]] = {}

    def once(key: str, timeline: Any, build: Callable[[], SceneObject]) -> SceneObject:
        if key not in made or made[key][0] != timeline:
            made[key] = (timeline, build())
        return made[key][1]

    out = []
    for take in takes:
        agents = [once(role, take.tracks[role], partial(agent_object, stage.cast[role], take.tracks[role]))
                  for role in ROLES]
        if other_first:
            agents[1], agents[2] = agents[2], agents[1]
        goal_object = once("goal", (take.goal, take.changes, take.goal_hidden),
                           partial(_goal_object, ids["goal"], stage.goal, drawn["object.colour"], take))
        goal = watching_goal(take.last_step, (end for _, end in take.trials), stage.familiarization)
        out.append(grid_scene([*agents, standing, goal_object, *walls], goal, materials, drawn["view"]))
    return out


def scene_ids(rng: np.random.Generator, arena: Arena) -> dict[str, Any]:
    return {"pillar": object_id(rng, "platform_"), "goal": object_id(rng, GOAL_PREFIX),
            "walls": [object_id(rng, "wall_") for _ in arena.walls]}


def _goal_object(key: str, body: Body, colour: str, take: Take) -> SceneObject:
    changes = [MaterialChange(step, [HIGHLIGHT if red else colour]) for step, red in take.changes]
    hides = [] if take.goal_hidden is None else [take.goal_hidden]
    return kinematic_goal(key, body, colour, goal_shows(body, take.goal), changes, hides)

