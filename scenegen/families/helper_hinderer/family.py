"""The Helper/Hinderer family (MCS eval 7, passive agents): expected/unexpected scene pairs.

A grid world holds an inanimate goal object and three blob agents: the primary
agent, which tries to reach the object, a helper and a hinderer. In the
familiarisation trials the config marks, the helper slides the occluder out of
the primary agent's way, or the hinderer slides it into its way. In the test
trial (no object, no occluder) the primary agent walks up to the helper (the
expected scene) or to the hinderer (the unexpected scene).

The two scenes of a pair are identical up to the test trial's first step ``T``
(the step after the last ``EndHabituation``): drop every ``shows``, ``hides`` and
``changeMaterials`` entry at or after ``T`` from both, set both ``name``s equal,
and they serialise to the same bytes. So every id is drawn once per pair, the
familiarisation keyframes are built once and shared, and ``last_step`` covers
the longer of the two test-trial walks.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

import numpy as np

from scenegen.families.helper_hinderer.declaration import DECLARATION
from scenegen.families.helper_hinderer.routes import Actor, Stage
from scenegen.families.helper_hinderer.trials import (
    HELP,
    HINDER,
    NONE,
    ROLES,
    Script,
    TrialRecord,
    script,
)
from scenegen.mcs.evidence import either, with_id_prefix, without
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
from scenegen.mcs.gridworld.layout import MIN_SIZE, Cell, Layout, build_layout
from scenegen.mcs.gridworld.scenery import grid_scene, grid_walls, pillar, watching_goal
from scenegen.mcs.gridworld.sizes import grid_size_refusals, range_refusals
from scenegen.mcs.model import SceneObject, Vec3
from scenegen.mcs.objects import object_id
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.plugin.family import Evidence, Sample
from scenegen.plugin.outputs import ALWAYS_PAIRS

OCCLUDER_SCALE: Vec3 = (0.5, 0.5, 1.0)
OCCLUDER_MATERIAL = "Custom/Materials/Cyan"


#: (file suffix, the agent the primary agent approaches in the test trial).
OUTCOMES = (("expected", "helper"), ("unexpected", "hinderer"))
#: The id prefixes of the primary agent, then of the helper and the hinderer; the occluder's.
AGENT_PREFIXES = ("agent_", "other_agents_", "other_agents_")
OCCLUDER_PREFIX = "occluder_"
#: The file is expected when the primary agent walks up to the agent that helped it: whom it walks up to is its
#: test walk, which the probe keeps (were the helper always on one side, the walk alone would give the answer
#: away); who helped is what the helper and the hinderer did with the occluder, left out.
WHO_HELPED = Evidence("the helper, the hinderer and the occluder (who helped)",
                      without(either(with_id_prefix(AGENT_PREFIXES[1]), with_id_prefix(OCCLUDER_PREFIX))))


@dataclass(frozen=True)
class Cast:
    """A sample's layout: its agents, the cells the primary agent starts on, the helper's and hinderer's corners
    (in that order), and the stage the script plays on."""

    cast: dict[str, Member]
    main_start: tuple[Cell, ...]
    corners: tuple[Cell, Cell]
    stage: Stage


class HelperHinderer(McsTask):
    name = "helper_hinderer"
    description = "Helper/Hinderer: does the primary agent approach the agent that helped it? (MCS eval 7, pairs)."
    makes = ("Helper / Hinderer",)
    about = ("MCS passive agents, Helper/Hinderer: a grid world where a helper slides an occluder out of a primary "
             "agent's way to its goal and a hinderer slides it into the way, over eight familiarisation trials; in "
             "the test trial the primary agent, starting as far from both, approaches the helper (`_expected.json`) "
             "or the hinderer (`_unexpected.json`). Agents walk any-angle paths at 0.125-0.26 m a step; both "
             "isometric views; goals of many shapes and colours, off their cells' centres. Always pairs")
    label_about = ("per document: whom the agent approaches and whether that is expected; `pair`: the pair's own id, "
                   "which document is expected, the helper's and hinderer's ids, the layout")
    declaration = DECLARATION
    pairing = ALWAYS_PAIRS
    answers = ("expected",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"expected": WHO_HELPED}

    lays_out = "a Helper/Hinderer scene"
    checks = "scenegen.families.helper_hinderer.checks:helper_hinderer_problems"

    def __init__(self, config: Mapping[str, Any]) -> None:
        trials = config["trials"]
        self.plan: tuple[str, ...] = tuple(trials["plan"])
        self.rooms: tuple[str, ...] = tuple(trials["rooms"])
        self.familiarization = int(trials["familiarization"])
        self.agent_types: tuple[str, ...] = tuple(config["agents"]["types"])
        self.agent_colours: tuple[str, ...] = tuple(config["agents"]["colours"])
        self.speeds = (float(config["speed"]["min"]), float(config["speed"]["max"]))
        super().__init__(config)
        self.blobs = {name: blob_body(name) for name in self.agent_types}
        # One footprint as large as any agent's, to the centimetre: every run with these agents shares its
        # table of lines of sight.
        largest = math.ceil(max(max(blob.half) for blob in self.blobs.values()) * 100) / 100
        self.sweep_half = (largest, largest)
        self.goal_bodies = {name: goal_body(name) for name in self.parameters.support("object.type")}

    @cached_property
    def layouts(self) -> dict[tuple[int, str], Layout]:
        """The grid of every size and walls the config allows."""
        return {(size, walls): build_layout(size, walls) for size in self.parameters.support("grid.size")
                for walls in self.parameters.support("grid.walls")}

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> Cast:
        layout = self.layouts[(drawn["grid.size"], drawn["grid.walls"])]
        cast = self._cast(rng)
        main_start = self._main_start(layout, drawn, rng)
        lower, upper = sorted(layout.corners, key=lambda cell: layout.centre(cell)[1])
        corners = (lower, upper) if drawn["agents.helper_corner"] == "lower" else (upper, lower)
        steps = self._steps(drawn, rng)
        stage = Stage(
            layout=layout,
            steps=steps,
            speeds=self.speeds,
            mover_steps=drawn["mover_steps"],
            main=Actor(main_start, layout.spot(main_start), cast["main"].half),
            helper=Actor(corners[:1], layout.centre(corners[0]), cast["helper"].half),
            hinderer=Actor(corners[1:], layout.centre(corners[1]), cast["hinderer"].half),
            goal_half=self.goal_bodies[drawn["object.type"]].half,
            goal_offset=drawn["object.offset"],
            goal_in_front=drawn["object.place"] == "front",
            goal_rooms=tuple(_room_index(layout, room) for room in self.rooms),
            sweep_half=self.sweep_half,
            main_room=layout.room_of(main_start[0]) if drawn["layout"] == "training" else None,
        )
        return Cast(cast, main_start, corners, stage)

    def allocate(self, layout: Cast, rng: np.random.Generator) -> dict[str, Any]:
        ids: dict[str, Any] = {"pillar": object_id(rng, "platform_"), "occluder": object_id(rng, OCCLUDER_PREFIX),
                               "goal": object_id(rng, "object_"), "pair": object_id(rng, "pair_")}
        ids["walls"] = [object_id(rng, "wall_") for _ in layout.stage.layout.walls]
        return ids

    def compose(self, drawn: dict[str, Any], laid: Cast, ids: dict[str, Any], rng: np.random.Generator) -> Sample:
        cast, layout, corners = laid.cast, laid.stage.layout, laid.corners
        helper_first = bool(rng.integers(2))
        plan = self._ordered_plan(drawn["trials.order"], rng)
        acted = script(laid.stage, plan, rng)

        agents = {role: agent_object(member, getattr(acted, role)) for role, member in cast.items()}
        others = [agents[role] for role in (ROLES if helper_first else ROLES[::-1])]
        shared = [
            pillar(ids["pillar"], drawn["view"], drawn["materials.pillar"]),
            _occluder(ids["occluder"], acted),
            goal_object(ids["goal"], self.goal_bodies[drawn["object.type"]], drawn["object.colour"], acted.goal,
                        acted.red_on, acted.red_off, hides=[acted.test_start]),
            *grid_walls(layout.size, [layout.centre(cell) for cell in layout.walls], ids["walls"]),
        ]
        goal = watching_goal(acted.last_step, (t.end for t in acted.trials), self.familiarization)
        materials = room_materials(drawn)
        documents = {
            suffix: grid_scene([with_test(agents["main"], acted.test[role]), *others, *shared], goal, materials,
                               drawn["view"])
            for suffix, role in OUTCOMES
        }
        params = {**drawn, **{role: member.params() for role, member in cast.items()},
                  "main_start": list(layout.spot(laid.main_start)), "test_speed": acted.test_speed,
                  "helper_start": list(corners[0]), "plan": list(plan),
                  "hinderer_start": list(corners[1]), "helper_listed_first": helper_first,
                  "trials": [_trial_params(t) for t in acted.trials]}
        return Sample(documents=documents, params=params, truth=_truth(cast, acted),
                      pair=_pair(ids["pair"], cast, drawn["layout"], layout, acted))

    def _steps(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> tuple[int, ...]:
        """Steps of the primary agent's walk in each familiarisation trial (the sample's drawn ``walk_steps``, then
        fresh draws of it), then the test walk's (``test_steps``)."""
        value = self.parameters.values["walk_steps"]
        more = [int(value.sample(rng)) for _ in range(self.familiarization - 1)]
        return (drawn["walk_steps"], *more, drawn["test_steps"])

    def _ordered_plan(self, order: str, rng: np.random.Generator) -> tuple[str, ...]:
        """The plan as written, or with its help and hinder trials shuffled among their own places."""
        if order == "as_written":
            return self.plan
        acting = [index for index, kind in enumerate(self.plan) if kind != NONE]
        plan = list(self.plan)
        for index, source in zip(acting, rng.permutation(acting).tolist(), strict=True):
            plan[index] = self.plan[source]
        return tuple(plan)

    def _cast(self, rng: np.random.Generator) -> dict[str, Member]:
        """Three agents of distinct types and colours, each with its own fixed rotation and id."""
        types = [self.agent_types[i] for i in rng.permutation(len(self.agent_types))[:3]]
        colours = [self.agent_colours[i] for i in rng.permutation(len(self.agent_colours))[:3]]
        rotations = [int(r) * 90 for r in rng.integers(4, size=3)]
        return {
            role: Member(object_id(rng, prefix), self.blobs[kind], colour, rotation)
            for role, prefix, kind, colour, rotation in zip(("main", *ROLES), AGENT_PREFIXES, types, colours, rotations,
                                                            strict=True)
        }

    @feasibility
    def _settings_make_scenes(self) -> Iterator[Refusal]:
        """The plan, the grid and the pools can make a scene."""
        sizes = self.parameters.support("grid.size")
        yield from grid_size_refusals(sizes, MIN_SIZE, "the two rooms, their doorways and the occluder's track")
        if self.rooms and len(self.rooms) != self.familiarization:
            yield "trials.rooms", (f"{len(self.rooms)} entries for {self.familiarization} familiarisation trials; "
                                   "give one entry per trial, or none")
        if len(self.plan) != self.familiarization:
            yield "trials.plan", (f"{len(self.plan)} entries for {self.familiarization} familiarisation trials; "
                                  "give one entry per trial")
        for kind, who in ((HELP, "helper"), (HINDER, "hinderer")):
            if kind not in self.plan:
                yield "trials.plan", f"no {kind!r} trial: the primary agent must see the {who} act at least once"
        yield from range_refusals("speed", self.speeds)
        for path, pool in (("agents.types", self.agent_types), ("agents.colours", self.agent_colours)):
            if len(set(pool)) < 3:
                yield path, f"{len(set(pool))} distinct entries; the three agents each need their own"

    @feasibility
    def _columns_fit(self) -> Iterator[Refusal]:
        """The primary agent's column lies within every grid's big area."""
        widest = max(self.parameters.support("agents.main_column"))
        for (size, walls), layout in self.layouts.items():
            if widest > len(layout.main_starts["evaluation"]):
                yield "agents.main_column", (f"column {widest}: a {size}-cell grid ({walls}) has "
                                             f"{len(layout.main_starts['evaluation'])} columns beyond the occluder's "
                                             "track")

    @staticmethod
    def _main_start(layout: Layout, drawn: Mapping[str, Any], rng: np.random.Generator) -> tuple[Cell, ...]:
        """The cells the primary agent starts on: the drawn column of the big area (evaluation layout), or any cell
        of a small room (training)."""
        starts = layout.main_starts[drawn["layout"]]
        if drawn["layout"] == "evaluation":
            return starts[drawn["agents.main_column"] - 1]
        return starts[int(rng.integers(len(starts)))]


def _room_index(layout: Layout, side: str) -> int:
    """The index of the small room on ``side`` (lower: z < 0) of a layout."""
    lower = 0 if layout.centre(layout.rooms[0][0])[1] < 0 else 1
    return lower if side == "lower" else 1 - lower


def _truth(cast: Mapping[str, Member], acted: Script) -> dict[str, dict[str, Any]]:
    """Per file: whom the primary agent approaches in the test trial, and whether that is expected."""
    return {
        suffix: {"approaches": role, "approached_id": cast[role].id, "expected": role == "helper",
                 "helper_id": cast["helper"].id, "hinderer_id": cast["hinderer"].id, "primary_id": cast["main"].id,
                 "test_start": acted.test_start, "end_position": list(acted.test_ends[role])}
        for suffix, role in OUTCOMES
    }


def _pair(pair_id: str, cast: Mapping[str, Member], kind: str, layout: Layout, acted: Script) -> dict[str, Any]:
    return {"id": pair_id, "expected": "expected", "unexpected": "unexpected",
            "helper_id": cast["helper"].id, "hinderer_id": cast["hinderer"].id, "layout": kind,
            "walls": layout.walls_name, "grid_size": layout.size, "test_start": acted.test_start}


def _occluder(key: str, acted: Script) -> SceneObject:
    return SceneObject(id=key, type="cube", materials=[OCCLUDER_MATERIAL], kinematic=True, structure=True,
                       physics=True, shows=keyframe_shows(acted.occluder, OCCLUDER_SCALE[1] / 2, ZERO, OCCLUDER_SCALE),
                       hides=[acted.test_start])



def _trial_params(trial: TrialRecord) -> dict[str, Any]:
    return {"kind": trial.kind, "start": trial.start, "end": trial.end, "goal_cell": list(trial.goal.cell),
            "goal_position": list(trial.goal.position), "goal_cells": [list(cell) for cell in trial.goal.cells],
            "room": trial.room, "occluder_from": trial.occluder_from, "occluder_to": trial.occluder_to,
            "reached": trial.reached, "contact_step": trial.contact_step, "speed": trial.speed,
            "mover_speed": trial.mover_speed}

