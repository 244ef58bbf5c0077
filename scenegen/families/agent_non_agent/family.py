"""The Agent / Non-Agent family (MCS eval 7, passive agents): pairs of scenes, agents' and non-agents'.

A grid world holds a blob, a black paddle spinning in place and two goal objects.
In each familiarisation trial the blob goes straight to the same object and stops
touching it; both objects turn red while it does. An agent waits, then walks there
by itself (the paddle never touches it); a non-agent stands still until the
paddle's face reaches it and slides along the push to the object
(:mod:`.paddling`). In the test trial the objects stand where they stood in one
familiarisation trial, swapped, and a white occluder stands in the grid's lower
right; the blob goes to the same object or to the other one: for an agent the
expected and the unexpected scene, for a non-agent two no-expectation scenes.

The two scenes of a pair are identical up to the test trial's first step: every id,
trial and keyframe before it is drawn once per pair, and both test walks take the
same number of steps, so both scenes last as long. The files are ``_a`` and ``_b``
in a drawn order; the pair record names each one's kind.
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
from scenegen.families.agent_non_agent.paddling import (
    BESIDE_REACH,
    BESIDE_SPEED,
    BESIDE_WAIT,
    LATE,
    apart,
    beside,
    late_steps,
)
from scenegen.families.agent_non_agent.stage import (
    GRID_SIZE,
    PASSING_GAP,
    START,
    Boxes,
    clear,
    contact,
    jittered,
    object_places,
    on_lattice,
    straight_walk,
)
from scenegen.mcs.evidence import with_id_prefix, without
from scenegen.mcs.frame import room_materials
from scenegen.mcs.gridworld.cast import (
    HIGHLIGHT,
    Body,
    Member,
    agent_object,
    blob_body,
    goal_body,
    goal_shows,
    kinematic_goal,
)
from scenegen.mcs.gridworld.layout import CELL
from scenegen.mcs.gridworld.motion import Point
from scenegen.mcs.gridworld.paddles import Spin, paddles
from scenegen.mcs.gridworld.scenery import grid_scene, grid_walls, pillar, watching_goal
from scenegen.mcs.model import MaterialChange, SceneObject, Show
from scenegen.mcs.objects import object_id
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.plugin.family import Evidence, Sample
from scenegen.plugin.outputs import RATED_PAIRS

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
#: How many familiarisation trials' places the test trial tries before the sample is drawn afresh.
TEST_SOURCES = 4
#: A test walk's kind, per the blob's kind and whether it goes to the object it went to in familiarisation; the
#: rank orders them as the task list scores them (expected above no expectation above unexpected).
KINDS = {("agent", True): "expected", ("agent", False): "unexpected",
         ("non_agent", True): "no_expectation", ("non_agent", False): "no_expectation"}
RANK = {"unexpected": 0, "no_expectation": 1, "expected": 2}
#: Whether the blob is an agent is told by when it sets off (by itself, or as the paddle's face reaches it); which
#: object it went to in familiarisation and which one it goes to in the test are where it goes: all of it the
#: blob's keyframes, which the probe leaves out. What is left (objects, paddle, occluder, room, lengths) must tell
#: nothing, and is the same in both files of a pair up to the test trial.
MOTION = Evidence("the blob (when it sets off, which object it goes to)", without(with_id_prefix("agent_")))


Keyframe = tuple[int, float, float]
Halves = tuple[tuple[float, float], tuple[float, float]]


@dataclass(frozen=True)
class Trial:
    """One trial: where the blob starts, where the objects stand (preferred first), the blob's walks (one; in the
    test trial one to each object, the preferred first, of equal steps), the paddle's spin with each walk, and its
    steps."""

    start: Point
    places: tuple[Point, Point]
    walks: tuple[list[Keyframe], ...]
    spins: tuple[Spin, ...]
    first: int
    touch: int
    end: int


@dataclass(frozen=True)
class Ground:
    """What every trial of a pair plays on: what the blob is and where its paddle turns (``apart`` or
    ``beside``), its half extents, the objects' (preferred first), the wall cells and their boxes, and the test
    occluder's box."""

    kind: str
    place: str
    half: tuple[float, float]
    halves: Halves
    walls: tuple[Point, ...]
    obstacles: Boxes
    occluder: Boxes


@dataclass(frozen=True)
class Cast:
    """A pair's stage: the blob and what it is, the objects' shapes and colours (preferred first), the wall cells,
    the test occluder's place and height, the trials (the test trial last) and which trial the test swaps."""

    entity: str
    member: Member
    kinds: tuple[str, str]
    colours: tuple[str, str]
    walls: tuple[Point, ...]
    occluder: Point
    trials: tuple[Trial, ...]
    swapped_from: int


class AgentNonAgent(McsTask):
    name = "agent_non_agent"
    description = ("Agent / Non-Agent: does the blob keep to the object it went to, and is it an agent at all? "
                   "(MCS eval 7, pairs).")
    makes = ("Agent / Non-Agent",)
    about = ("MCS passive agents, Agent / Non-Agent: a grid world with a spinning paddle and two goal objects; over "
             "eight familiarisation trials a blob goes to the same object: an agent walks there by itself, never "
             "touched by the paddle, a non-agent is pushed there by it; in the test trial the objects swap places "
             "and an occluder stands in the grid, and the blob goes to the same object or the other: expected and "
             "unexpected for an agent, two no-expectation scenes for a non-agent. Always pairs (`_a.json`, "
             "`_b.json`, in a drawn order)")
    label_about = ("per document: its kind (expected, unexpected or no_expectation), whether to rate it higher, the "
                   "blob's kind, which object it goes to in the test and which in familiarisation; `pair`: each "
                   "file's kind, the file to rate higher (none for a non-agent), the blob's kind, the test's start")
    declaration = DECLARATION
    pairing = RATED_PAIRS
    answers = ("kind",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"kind": MOTION}

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
        entity = drawn["entity.kind"]
        place = "beside" if entity == "non_agent" else drawn["paddle.agent"]
        walls = _wall_cells(occluder, place, int(drawn["walls"]), rng)
        ground = Ground(entity, place, member.half,
                        (self.goals[kinds[0]].half, self.goals[kinds[1]].half), walls,
                        Boxes.of([(cell, (CELL / 2, CELL / 2)) for cell in walls]),
                        Boxes.of([(occluder, (OCCLUDER_HALF, OCCLUDER_HALF))]))
        trials: list[Trial] = []
        first = 0
        for index in range(self.familiarization):
            trial = self._familiar(drawn, rng, index, first, ground)
            if trial is None:
                return None
            trials.append(trial)
            first = trial.end + 1
        # The test swaps one familiarisation trial's places: another one's, should the paddle find no room there.
        for swapped_from in rng.permutation(self.familiarization)[:TEST_SOURCES].tolist():
            test = self._test(drawn, rng, first, ground, trials[swapped_from].places[::-1])
            if test is not None:
                return Cast(entity, member, (kinds[0], kinds[1]), (colours[0], colours[1]), walls, occluder,
                            (*trials, test), swapped_from)
        return None

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
        shared = [listed[0], pillar(ids["pillar"], drawn["view"], drawn["materials.pillar"]),
                  _occluder(ids["occluder"], drawn["occluder.height"], laid), listed[1],
                  *grid_walls(GRID_SIZE, laid.walls, ids["walls"])]
        goal = watching_goal(test.end, (trial.end + 1 for trial in familiar), self.familiarization)
        materials = room_materials(drawn)
        # Which test walk is file a: drawn, so that a is not always the walk to the object gone to before.
        files = dict(zip(("a", "b"), (1, 0) if rng.integers(2) else (0, 1), strict=True))
        turning = paddles(ids["paddle"], [trial.spins[0] for trial in familiar],
                          [test.spins[walk] for walk in files.values()])
        documents = {}
        for (suffix, walk), spinning in zip(files.items(), turning, strict=True):
            keyframes = [*_familiar_keyframes(familiar), (test.first, *test.start), *test.walks[walk]]
            documents[suffix] = grid_scene([agent_object(member, keyframes), spinning, *shared], goal, materials,
                                           drawn["view"])
        params = {**drawn, "object_types": list(laid.kinds), "object_colours": list(laid.colours),
                  "entity_rotation": laid.member.rotation, "preferred_listed_first": listed[0] is objects[0],
                  "walls_cells": [list(cell) for cell in laid.walls], "occluder": list(laid.occluder),
                  "swapped_from": laid.swapped_from, "test_places": [list(place) for place in test.places],
                  "files": files, "trials": [_trial_params(trial) for trial in laid.trials]}
        truth, pair = _labels(laid.entity, files, ids, test.first)
        return Sample(documents=documents, params=params, truth=truth, pair=pair)

    def _familiar(self, drawn: Mapping[str, Any], rng: np.random.Generator, index: int, first: int,
                  ground: Ground) -> Trial | None:
        """Familiarisation trial ``index`` from step ``first``: the objects placed where both walks are clear (the
        test trial walks to either) and the paddle can turn as the blob's kind asks, the blob going to the
        first."""
        start = jittered(START, self._fresh(drawn, "entity.jitter", index, rng), rng)
        for places in object_places(rng, ground.halves, PLACEMENTS):
            if _both_walks_clear(start, places, ground):
                stop = contact(start, places[0], _reach(ground.half, ground.halves[0]))
                moves = straight_walk(start, stop, self._fresh(drawn, "speed", index, rng))
                trial = self._timed(drawn, rng, index, first, (start, places, (moves,)), ground)
                if trial is not None:
                    return trial
        return None

    def _test(self, drawn: Mapping[str, Any], rng: np.random.Generator, first: int, ground: Ground,
              places: tuple[Point, Point]) -> Trial | None:
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
               moves: tuple[Point, tuple[Point, Point], tuple[list[Point], ...]], ground: Ground) -> Trial | None:
        """Trial ``index`` from step ``first``: with the objects in their places, the blob waits at its start,
        goes (any of the walks, all of one length) and stays; the paddle spins throughout, from a heading of its
        own, about a pivot :mod:`.paddling` places for the blob's kind (None if it finds none)."""
        start, places, walks = moves
        wait = int(self._fresh(drawn, "trials.wait", index, rng))
        after = int(self._fresh(drawn, "trials.after", index, rng))
        late = late_steps(rng, wait) if ground.place == "beside" and ground.kind == "agent" else 0
        if late:
            # An agent beside its paddle sets off before the arm comes and walks as many steps more: it touches its
            # object when a non-agent pushed at the same wait would, so the trial's timing tells the kinds nothing.
            walks = tuple(straight_walk(start, path[-1], math.dist(start, path[-1]) / (len(path) + late))
                          for path in walks)
        sets_off = wait - late
        touch = first + sets_off + len(walks[0]) - 1
        obstacles = Boxes.of(list(zip(places, ground.halves, strict=True))) + ground.obstacles
        if index == self.familiarization:
            obstacles += ground.occluder
        if ground.place == "apart":
            pivot = apart(start, [path[-1] for path in walks], obstacles, ground.half, rng)
            spins = (Spin(pivot, int(rng.integers(180)) * 2, first, touch + after),) * len(walks)
        else:
            turns = [beside(start, path, sets_off, wait - 1, ground.half, obstacles, touch + after - first, rng)
                     for path in walks]
            if any(turn is None for turn in turns):
                return None
            spins = tuple(Spin(pivot, heading, first, touch + after) for pivot, heading in filter(None, turns))
        keyframes = tuple([(first + sets_off + k, x, z) for k, (x, z) in enumerate(path)] for path in walks)
        return Trial(start, places, keyframes, spins, first, touch, touch + after)

    def _fresh(self, drawn: Mapping[str, Any], path: str, index: int, rng: np.random.Generator) -> Any:
        """The sample's drawn value of ``path`` for the first trial, a fresh draw of it for every other."""
        return drawn[path] if index == 0 else self.parameters.values[path].sample(rng)

    def _goal_object(self, key: str, kind: str, colour: str, trials: Sequence[Trial], index: int) -> SceneObject:
        """Goal object ``index`` (0: the preferred), at its place in every trial, red while the blob touches one."""
        body = self.goals[kind]
        changes = [change for trial in trials for change in (MaterialChange(trial.touch, [HIGHLIGHT]),
                                                             MaterialChange(trial.end + 1, [colour]))]
        keyframes = [(trial.first, *trial.places[index]) for trial in trials]
        return kinematic_goal(key, body, colour, goal_shows(body, keyframes), changes)

    @feasibility
    def _pools_suffice(self) -> Iterator[Refusal]:
        """The pools hold two distinct objects, and the wall cells fit their corners (off the paddle's way)."""
        for path, pool in (("objects.types", self.object_types), ("objects.colours", self.object_colours)):
            if len(set(pool)) < 2:
                yield path, f"{len(set(pool))} distinct entries; the two objects each need their own"
        support = self.parameters.support
        places = {"beside" if kind == "non_agent" else place for kind in support("entity.kind")
                  for place in support("paddle.agent")}
        most = max(support("walls"))
        room = min(len(_free_cells(corner, place)) for corner in itertools.product(OCCLUDER_X, OCCLUDER_Z)
                   for place in places)
        if most > room:
            yield "walls", f"{most} wall cells: the corners off the walks hold {room} beside the test occluder"

    @feasibility
    def _blobs_beside_their_paddle_fit(self) -> Iterator[Refusal]:
        """A blob beside its paddle (every non-agent, and agents so placed) sets off before the arm comes round to
        it a second time (it waits at most :data:`.paddling.BESIDE_WAIT` steps), an agent there some steps before
        it comes (:data:`.paddling.LATE`, so it waits more), and each walks faster than the paddle's face moves
        where it meets it (:data:`.paddling.BESIDE_SPEED`)."""
        support = self.parameters.support
        agents_beside, non_agents = "beside" in support("paddle.agent"), "non_agent" in support("entity.kind")
        shortest, longest, slowest = min(support("trials.wait")), max(support("trials.wait")), min(support("speed"))
        if agents_beside and shortest <= LATE[0]:
            yield "trials.wait", (f"{shortest} steps: an agent beside its paddle sets off {LATE[0]} or more steps "
                                  "before the arm comes, after a first step at its start")
        if (non_agents or agents_beside) and longest > BESIDE_WAIT:
            yield "trials.wait", (f"{longest} steps: a paddle turning beside the blob comes round to it every 45 "
                                  f"steps, and its sweep over the blob leaves {BESIDE_WAIT} to wait (a non-agent "
                                  "until it is pushed, an agent until a few steps before the arm would reach it)")
        if (non_agents or agents_beside) and slowest < BESIDE_SPEED:
            yield "speed", (f"{slowest} m a step: the paddle's face moves up to 0.038 m a step where it meets a blob "
                            f"beside it, and would catch one slower than {BESIDE_SPEED} m a step")


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


def _wall_cells(occluder: Point, place: str, count: int, rng: np.random.Generator) -> tuple[Point, ...]:
    """``count`` wall cells among those clear of the test occluder."""
    free = _free_cells(occluder, place)
    return tuple(free[i] for i in sorted(rng.permutation(len(free))[:count]))


def _free_cells(occluder: Point, place: str) -> list[Point]:
    """The cells of :data:`WALL_CELLS` whose walls keep clear of the test occluder at ``occluder`` and, with the
    paddle ``beside`` the blob, of every place it may turn (left of the blob: it pushes up and right)."""
    def near_paddle(cell: Point) -> bool:
        gap = max(abs(cell[0] - START[0]) - CELL / 2, 0.0), max(abs(cell[1] - START[1]) - CELL / 2, 0.0)
        return place == "beside" and cell[0] < 0 and math.hypot(*gap) < BESIDE_REACH

    return [cell for cell in WALL_CELLS if max(abs(cell[0] - occluder[0]), abs(cell[1] - occluder[1]))
            >= CELL / 2 + OCCLUDER_HALF + PASSING_GAP and not near_paddle(cell)]


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
    """A trial's record in the sample's params (the paddle's pivot and first heading with each walk)."""
    return {"first": trial.first, "touch": trial.touch, "end": trial.end, "start": list(trial.start),
            "places": [list(place) for place in trial.places], "pivots": [list(spin.pivot) for spin in trial.spins],
            "headings": [spin.heading for spin in trial.spins], "steps": len(trial.walks[0])}


def _labels(entity: str, files: Mapping[str, int], ids: Mapping[str, Any], test_start: int
            ) -> tuple[dict[str, Any], dict[str, Any]]:
    """Each file's ground truth and the pair record. Walk 0 goes to the object gone to in familiarisation (the
    first of ``ids["objects"]``); a non-agent pair has no file to rate higher."""
    kinds = {suffix: KINDS[entity, walk == 0] for suffix, walk in files.items()}
    ranks = {suffix: RANK[kind] for suffix, kind in kinds.items()}
    higher = max(ranks, key=ranks.__getitem__) if len(set(ranks.values())) > 1 else None
    truth = {suffix: {"kind": kinds[suffix], "rated_higher": suffix == higher, "entity": entity,
                      "approaches": ids["objects"][walk], "preferred_id": ids["objects"][0], "test_start": test_start}
             for suffix, walk in files.items()}
    pair = {"id": ids["pair"], **kinds, "higher": higher, "entity": entity,
            "differs": "the object the blob goes to in the test trial", "preferred_id": ids["objects"][0],
            "test_start": test_start}
    return truth, pair
