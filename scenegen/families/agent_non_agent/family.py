"""The Agent / Non-Agent family (MCS eval 7, passive agents): expected/unexpected scene pairs.

A grid world holds a blob, a black paddle spinning in place and two goal objects.
In each familiarisation trial the blob, standing clear of the paddle's reach (so
an agent: nothing pushes it), waits, then walks straight to the object it prefers
and stops touching it; both objects turn red while it does. In the test trial the
objects stand where they stood in one familiarisation trial, swapped, and a white
occluder stands in the grid's lower right; the agent walks to the object it
prefers (the expected scene) or to the other one (the unexpected scene).

The two scenes of a pair are identical up to the test trial's first step: every id,
trial and keyframe before it is drawn once per pair, and both test walks take the
same number of steps, so both scenes last as long.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar

import numpy as np

from scenegen.families.agent_non_agent.declaration import DECLARATION
from scenegen.families.agent_non_agent.stage import (
    PASSING_GAP,
    PIVOT_X,
    PIVOT_Z,
    START,
    Boxes,
    clear,
    contact,
    jittered,
    object_places,
    on_lattice,
    out_of_reach,
    straight_walk,
)
from scenegen.mcs.evidence import with_id_prefix, without
from scenegen.mcs.frame import room_materials
from scenegen.mcs.gridworld.cast import HIGHLIGHT, Body, Member, agent_object, blob_body, goal_body, keyframe_shows
from scenegen.mcs.gridworld.layout import CELL
from scenegen.mcs.gridworld.motion import Point
from scenegen.mcs.gridworld.paddles import REACH, Spin, paddle
from scenegen.mcs.gridworld.scenery import grid_scene, grid_walls, pillar, watching_goal
from scenegen.mcs.model import MaterialChange, SceneObject, Show
from scenegen.mcs.objects import object_id
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.plugin.family import Evidence, Sample
from scenegen.plugin.outputs import ALWAYS_PAIRS

GRID_SIZE = 8
#: The occluder: out of the grid until the test trial, then turned 45 degrees in the grid's lower right.
OCCLUDER_MATERIAL = "Custom/Materials/White"
OCCLUDER_WIDTH, OCCLUDER_LENGTH = 0.25, 1.05
OCCLUDER_AWAY: Point = (-3.3749, -1.9747)
OCCLUDER_X, OCCLUDER_Z = (0.55, 0.6), (-1.425, -1.15)
#: The occluder's footprint at 45 degrees, as an axis-aligned box.
OCCLUDER_HALF = (OCCLUDER_WIDTH + OCCLUDER_LENGTH) / (2 * math.sqrt(2))
#: The cells wall cells may take: the grid's upper left and lower right corners, off every walk.
WALL_CELLS: tuple[Point, ...] = tuple((x, z) for x in (-1.75, -1.25, -0.75) for z in (0.75, 1.25, 1.75)) + tuple(
    (x, z) for x in (0.25, 0.75, 1.25, 1.75) for z in (-1.75, -1.25, -0.75))
#: How many places a trial's objects are drawn from before the sample is drawn afresh.
PLACEMENTS = 24
#: (file suffix, whether the agent walks to the object it prefers in the test trial).
OUTCOMES = (("expected", True), ("unexpected", False))
#: Which object the agent prefers is what its familiarisation walks show, and which one it walks to in the test is
#: the event the pair differs by: both are the blob's keyframes, which the probe leaves out. What is left (objects,
#: paddle, occluder, room, lengths) must tell nothing, and is the same in both files of a pair.
PREFERENCE = Evidence("the blob (which object it walks to)", without(with_id_prefix("agent_")))


Keyframe = tuple[int, float, float]
Halves = tuple[tuple[float, float], tuple[float, float]]


@dataclass(frozen=True)
class Trial:
    """One trial: where the blob starts, where the objects stand (preferred first), the blob's walks (one; in the
    test trial one to each object, the preferred first, of equal steps), the paddle's spin, and its steps."""

    start: Point
    places: tuple[Point, Point]
    walks: tuple[list[Keyframe], ...]
    spin: Spin
    first: int
    touch: int
    end: int


@dataclass(frozen=True)
class Ground:
    """What every trial of a pair plays on: the blob's half extents, the objects' (preferred first), the wall
    cells and their boxes."""

    half: tuple[float, float]
    halves: Halves
    walls: tuple[Point, ...]
    obstacles: Boxes


@dataclass(frozen=True)
class Cast:
    """A pair's stage: the blob, the objects' shapes and colours (preferred first), the wall cells, the test
    occluder's place and height, the trials (the test trial last) and which trial the test swaps."""

    member: Member
    kinds: tuple[str, str]
    colours: tuple[str, str]
    walls: tuple[Point, ...]
    occluder: Point
    trials: tuple[Trial, ...]
    swapped_from: int


class AgentNonAgent(McsTask):
    name = "agent_non_agent"
    description = "Agent / Non-Agent: does the agent keep to the object it preferred? (MCS eval 7, pairs)."
    makes = ("Agent / Non-Agent",)
    about = ("MCS passive agents, Agent / Non-Agent: a grid world with a spinning paddle and two goal objects; over "
             "eight familiarisation trials a blob agent, never touched by the paddle, walks by itself to the object "
             "it prefers; in the test trial the objects swap places and an occluder stands in the grid, and it "
             "walks to the same object (`_expected.json`) or the other (`_unexpected.json`). Always pairs")
    label_about = ("per document: which object the agent approaches in the test trial and whether that is expected; "
                   "`pair`: the pair's id, which document is expected, the preferred object's id, the test's start")
    declaration = DECLARATION
    pairing = ALWAYS_PAIRS
    answers = ("expected",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"expected": PREFERENCE}

    lays_out = "an Agent / Non-Agent scene"
    checks = "scenegen.families.agent_non_agent.checks:agent_non_agent_problems"
    attempts = 20

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.familiarization = int(config["trials"]["familiarization"])
        self.object_types: tuple[str, ...] = tuple(config["objects"]["types"])
        self.object_colours: tuple[str, ...] = tuple(config["objects"]["colours"])
        super().__init__(config)
        self.goals = {name: goal_body(name) for name in self.object_types}

    @cached_property
    def blobs(self) -> dict[str, Body]:
        """The body of every blob type the config allows."""
        return {name: blob_body(name) for name in self.parameters.support("entity.type")}

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> Cast | None:
        kinds = tuple(self.object_types[i] for i in rng.permutation(len(self.object_types))[:2])
        colours = tuple(self.object_colours[i] for i in rng.permutation(len(self.object_colours))[:2])
        member = Member("", self.blobs[drawn["entity.type"]], drawn["entity.colour"], int(rng.integers(4)) * 90)
        occluder = (on_lattice(rng.uniform(*OCCLUDER_X)), on_lattice(rng.uniform(*OCCLUDER_Z)))
        walls = _wall_cells(occluder, int(drawn["walls"]), rng)
        ground = Ground(member.half, (self.goals[kinds[0]].half, self.goals[kinds[1]].half), walls,
                        Boxes.of([(cell, (CELL / 2, CELL / 2)) for cell in walls]))
        trials: list[Trial] = []
        first = 0
        for index in range(self.familiarization):
            trial = self._familiar(drawn, rng, index, first, ground)
            if trial is None:
                return None
            trials.append(trial)
            first = trial.end + 1
        swapped_from = int(rng.integers(self.familiarization))
        places = trials[swapped_from].places[::-1]
        trials.append(self._test(drawn, rng, first, ground, places))
        return Cast(member, (kinds[0], kinds[1]), (colours[0], colours[1]), walls, occluder, tuple(trials),
                    swapped_from)

    def allocate(self, layout: Cast, rng: np.random.Generator) -> dict[str, Any]:
        return {"agent": object_id(rng, "agent_"), "paddle": object_id(rng, "paddle_"),
                "objects": [object_id(rng, "object_") for _ in range(2)], "pillar": object_id(rng, "platform_"),
                "occluder": object_id(rng, "occluder_"), "walls": [object_id(rng, "wall_") for _ in layout.walls],
                "pair": object_id(rng, "pair_")}

    def compose(self, drawn: dict[str, Any], laid: Cast, ids: dict[str, Any], rng: np.random.Generator) -> Sample:
        *familiar, test = laid.trials
        member = Member(ids["agent"], laid.member.body, laid.member.colour, laid.member.rotation)
        objects = [self._goal_object(key, kind, colour, laid.trials, index)
                   for index, (key, kind, colour) in enumerate(zip(ids["objects"], laid.kinds, laid.colours,
                                                                   strict=True))]
        listed = objects if rng.integers(2) else objects[::-1]
        shared = [paddle(ids["paddle"], [trial.spin for trial in laid.trials]), listed[0],
                  pillar(ids["pillar"], drawn["view"], drawn["materials.pillar"]),
                  _occluder(ids["occluder"], drawn["occluder.height"], laid), listed[1],
                  *grid_walls(GRID_SIZE, laid.walls, ids["walls"])]
        goal = watching_goal(test.end, (trial.end + 1 for trial in familiar), self.familiarization)
        materials = room_materials(drawn)
        documents = {}
        for (suffix, _), test_walk in zip(OUTCOMES, test.walks, strict=True):
            keyframes = [*_familiar_keyframes(familiar), (test.first, *test.start), *test_walk]
            agent = agent_object(member, keyframes)
            documents[suffix] = grid_scene([agent, *shared], goal, materials, drawn["view"])
        params = {**drawn, "object_types": list(laid.kinds), "object_colours": list(laid.colours),
                  "entity_rotation": laid.member.rotation, "preferred_listed_first": listed[0] is objects[0],
                  "walls_cells": [list(cell) for cell in laid.walls], "occluder": list(laid.occluder),
                  "swapped_from": laid.swapped_from, "test_places": [list(place) for place in test.places],
                  "trials": [_trial_params(trial) for trial in laid.trials]}
        truth = {suffix: {"entity": "agent", "expected": same, "approaches": ids["objects"][0 if same else 1],
                          "preferred_id": ids["objects"][0], "test_start": test.first}
                 for suffix, same in OUTCOMES}
        pair = {"id": ids["pair"], "expected": "expected", "unexpected": "unexpected", "entity": "agent",
                "differs": "the object the agent walks to in the test trial", "preferred_id": ids["objects"][0],
                "test_start": test.first}
        return Sample(documents=documents, params=params, truth=truth, pair=pair)

    def _familiar(self, drawn: Mapping[str, Any], rng: np.random.Generator, index: int, first: int,
                  ground: Ground) -> Trial | None:
        """Familiarisation trial ``index`` from step ``first``: the objects placed where both walks are clear (the
        test trial walks to either), the blob walking to the first."""
        start = jittered(START, self._fresh(drawn, "entity.jitter", index, rng), rng)
        for places in object_places(rng, ground.halves, PLACEMENTS):
            if _both_walks_clear(start, places, ground):
                stop = contact(start, places[0], _reach(ground.half, ground.halves[0]))
                moves = straight_walk(start, stop, self._fresh(drawn, "speed", index, rng))
                return self._timed(drawn, rng, index, first, (start, places, (moves,)), ground)
        return None

    def _test(self, drawn: Mapping[str, Any], rng: np.random.Generator, first: int, ground: Ground,
              places: tuple[Point, Point]) -> Trial:
        """The test trial from step ``first``: the objects at ``places`` (preferred first), a walk to each, both of
        the steps the longer takes at a drawn speed."""
        index = self.familiarization
        start = jittered(START, self._fresh(drawn, "entity.jitter", index, rng), rng)
        stops = [contact(start, place, _reach(ground.half, body))
                 for place, body in zip(places, ground.halves, strict=True)]
        lengths = [math.dist(start, stop) for stop in stops]
        steps = max(1, math.ceil(max(lengths) / self._fresh(drawn, "speed", index, rng)))
        walks = tuple(straight_walk(start, stop, length / steps) for stop, length in zip(stops, lengths, strict=True))
        return self._timed(drawn, rng, index, first, (start, places, walks), ground)

    def _timed(self, drawn: Mapping[str, Any], rng: np.random.Generator, index: int, first: int,
               moves: tuple[Point, tuple[Point, Point], tuple[list[Point], ...]], ground: Ground) -> Trial:
        """Trial ``index`` from step ``first``: with the objects in their places, the blob waits at its start,
        walks (any of the walks, all of one length) and stays; the paddle spins throughout, from a heading of its
        own, about a pivot out of the blob's way."""
        start, places, walks = moves
        wait = int(self._fresh(drawn, "trials.wait", index, rng))
        after = int(self._fresh(drawn, "trials.after", index, rng))
        touch = first + wait + len(walks[0]) - 1
        pivot = _pivot(start, [path[-1] for path in walks], ground, rng)
        spin = Spin(pivot, int(rng.integers(180)) * 2, first, touch + after)
        keyframes = tuple([(first + wait + k, x, z) for k, (x, z) in enumerate(path)] for path in walks)
        return Trial(start, places, keyframes, spin, first, touch, touch + after)

    def _fresh(self, drawn: Mapping[str, Any], path: str, index: int, rng: np.random.Generator) -> Any:
        """The sample's drawn value of ``path`` for the first trial, a fresh draw of it for every other."""
        return drawn[path] if index == 0 else self.parameters.values[path].sample(rng)

    def _goal_object(self, key: str, kind: str, colour: str, trials: Sequence[Trial], index: int) -> SceneObject:
        """Goal object ``index`` (0: the preferred), at its place in every trial, red while the blob touches one."""
        body = self.goals[kind]
        changes = [change for trial in trials for change in (MaterialChange(trial.touch, [HIGHLIGHT]),
                                                             MaterialChange(trial.end + 1, [colour]))]
        keyframes = [(trial.first, *trial.places[index]) for trial in trials]
        return SceneObject(id=key, type=kind, materials=[colour], kinematic=True, physics=True,
                           shows=keyframe_shows(keyframes, body.y, (0, body.rotation, 0), body.scale),
                           change_materials=changes, write_empty_hides=True)

    @feasibility
    def _pools_suffice(self) -> Iterator[Refusal]:
        """The pools hold two distinct objects, and the wall cells fit their corners."""
        for path, pool in (("objects.types", self.object_types), ("objects.colours", self.object_colours)):
            if len(set(pool)) < 2:
                yield path, f"{len(set(pool))} distinct entries; the two objects each need their own"
        most, room = max(self.parameters.support("walls")), min(len(_free_cells(corner)) for corner in
                                                                 itertools.product(OCCLUDER_X, OCCLUDER_Z))
        if most > room:
            yield "walls", f"{most} wall cells: the corners off the walks hold {room} beside the test occluder"


def _pivot(start: Point, stops: Sequence[Point], ground: Ground, rng: np.random.Generator) -> Point:
    """Where the paddle turns in a trial: a place of the pivots' range out of the blob's way and clear of the wall
    cells (the range's lower left corner, far from both, should no draw be)."""
    for _ in range(PLACEMENTS):
        pivot = on_lattice(rng.uniform(*PIVOT_X)), on_lattice(rng.uniform(*PIVOT_Z))
        if out_of_reach(pivot, start, stops, ground.half, REACH) and all(
                math.hypot(max(abs(pivot[0] - x) - CELL / 2, 0.0), max(abs(pivot[1] - z) - CELL / 2, 0.0))
                >= REACH + PASSING_GAP for x, z in ground.walls):
            return pivot
    return PIVOT_X[0], PIVOT_Z[0]


def _reach(half: tuple[float, float], other: tuple[float, float]) -> tuple[float, float]:
    return half[0] + other[0], half[1] + other[1]


def _both_walks_clear(start: Point, places: tuple[Point, Point], ground: Ground) -> bool:
    """Whether the blob could walk from ``start`` to either object clear of the walls and of the other object."""
    stops = [contact(start, place, _reach(ground.half, extent))
             for place, extent in zip(places, ground.halves, strict=True)]
    boxes = Boxes.of(list(zip(places, ground.halves, strict=True))) + ground.obstacles
    allowed = np.zeros((2, len(boxes.centres)), dtype=bool)
    allowed[0, 0] = allowed[1, 1] = True  # each walk ends touching its own object
    return clear(start, stops, ground.half, boxes, allowed)


def _wall_cells(occluder: Point, count: int, rng: np.random.Generator) -> tuple[Point, ...]:
    """``count`` wall cells among those clear of the test occluder."""
    free = _free_cells(occluder)
    return tuple(free[i] for i in sorted(rng.permutation(len(free))[:count]))


def _free_cells(occluder: Point) -> list[Point]:
    """The cells of :data:`WALL_CELLS` whose walls keep clear of the test occluder at ``occluder``."""
    return [cell for cell in WALL_CELLS if max(abs(cell[0] - occluder[0]), abs(cell[1] - occluder[1]))
            >= CELL / 2 + OCCLUDER_HALF + PASSING_GAP]


def _familiar_keyframes(trials: Sequence[Trial]) -> list[Keyframe]:
    return [frame for trial in trials for frame in ((trial.first, *trial.start), *trial.walks[0])]


def _occluder(key: str, height: float, laid: Cast) -> SceneObject:
    """Out of the grid at every familiarisation trial's start, in its lower right (turned 45 degrees) for the test."""
    shows = [Show((OCCLUDER_AWAY[0], height / 2, OCCLUDER_AWAY[1]), (0, 0, 0),
                  (OCCLUDER_WIDTH, height, OCCLUDER_LENGTH) if trial.first == 0 else None, trial.first)
             for trial in laid.trials[:-1]]
    shows.append(Show((laid.occluder[0], height / 2, laid.occluder[1]), (0, 45, 0), None, laid.trials[-1].first))
    return SceneObject(id=key, type="cube", materials=[OCCLUDER_MATERIAL], kinematic=True, structure=True,
                       physics=True, shows=shows)


def _trial_params(trial: Trial) -> dict[str, Any]:
    return {"first": trial.first, "touch": trial.touch, "end": trial.end, "start": list(trial.start),
            "places": [list(place) for place in trial.places], "pivot": list(trial.spin.pivot),
            "heading": trial.spin.heading, "steps": len(trial.walks[0])}
