"""Script the trials of a Multiple Agents scene: where the two agents start and the two objects stand, and the walks.

Agent ``i`` (0 or 1) owns goal object ``i``. Every trial shows both agents and both objects at its places on its
first step ``S``; from ``S + START_DELAY`` one agent walks straight up to its own object, one keyframe a step, and
stops touching it; both objects turn red on that step; the trial ends ``END_DELAY`` steps later (the next trial's
``S``, where the objects take their colours back). The other agent stands still.

The test trial puts one object, the target, on a cell and the two agents on cells mirrored across the target's row
or column, the other object elsewhere; it is scripted twice from that same state: its owner walks up to it, and the
other agent walks up to it along the mirror image of that walk, in as many steps.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

import numpy as np

from scenegen.errors import GenerationError
from scenegen.mcs.gridworld.cast import END_DELAY, START_DELAY, TEST_END_DELAY, Keyframe
from scenegen.mcs.gridworld.layout import CELL, cell_centre
from scenegen.mcs.gridworld.motion import Point, rounded
from scenegen.mcs.gridworld.straight_walks import append_walk, stop_short

#: Which agent walks in the test trial, per file: the target's owner or the other one.
OUTCOMES = (("expected", "owner"), ("unexpected", "other"))
#: How far a walking agent's box keeps from every box it does not walk up to, in metres (clear of touching).
CLEARANCE = 0.05
#: Points along a walk where its clearance is checked (agents cross a cell in at least two).
SAMPLES = 24
TRIES = 200


@dataclass(frozen=True)
class Places:
    """One trial's setting, world (x, z): each agent's start and each agent's goal object's place."""

    homes: tuple[Point, Point]
    goals: tuple[Point, Point]


@dataclass(frozen=True)
class Stage:
    """What the script needs of a scene: the grid, the walks' speeds and the actors' half footprints."""

    size: int
    familiarization: int
    #: The speed of each familiarisation walk, then the test walk's, in metres per step.
    speeds: tuple[float, ...]
    agent_halves: tuple[Point, Point]
    goal_halves: tuple[Point, Point]
    fixed_places: bool
    #: The shortest and the longest distance, centre to centre, from an agent's start to the object it walks to.
    reach: tuple[float, float]


@dataclass
class Script:
    agents: tuple[list[Keyframe], list[Keyframe]] = field(default_factory=lambda: ([], []))
    goals: tuple[list[Keyframe], list[Keyframe]] = field(default_factory=lambda: ([], []))
    #: Steps both objects turn red (contact) and back (the next trial's start).
    red_on: list[int] = field(default_factory=list)
    red_off: list[int] = field(default_factory=list)
    #: (first step, end step, walking agent, places, speed) of every familiarisation trial.
    trials: list[tuple[int, int, int, Places, float]] = field(default_factory=list)
    test_places: Places | None = None
    #: The agent whose object is approached in the test trial.
    target: int = 0
    test_start: int = 0
    #: The test trial's walk per walking agent (0 or 1): its keyframes.
    test: dict[int, list[Keyframe]] = field(default_factory=dict)
    test_speed: float = 0.0
    last_step: int = 0


def script(stage: Stage, rng: np.random.Generator) -> Script:
    """Every keyframe of the familiarisation trials, then both versions of the test trial."""
    out = Script()
    places = draw_places(stage, rng)
    start = 0
    for walker, speed in zip(walking_order(stage.familiarization, rng), stage.speeds, strict=False):
        if out.trials and not stage.fixed_places:
            places = draw_places(stage, rng)
        _show(out, start, places)
        steps = _steps([_stop_length(stage, places, walker, walker)], speed)
        points = straight_walk(places.homes[walker], _stop(stage, places, walker, walker), steps)
        contact = append_walk(out.agents[walker], points, start + START_DELAY)
        if out.trials:
            out.red_off.append(start)
        out.red_on.append(contact)
        end = contact + END_DELAY
        out.trials.append((start, end, walker, places, speed))
        start = end
    _test(out, stage, start, rng)
    return out


def _test(out: Script, stage: Stage, start: int, rng: np.random.Generator) -> None:
    """Both versions of the test trial from ``start``: the target's owner's walk and the other agent's."""
    out.target = int(rng.integers(2))
    places = draw_test_places(stage, out.target, rng)
    _show(out, start, places)
    out.red_off.append(start)
    out.test_start, out.test_places = start, places
    out.test_speed = stage.speeds[-1]
    lengths = [_stop_length(stage, places, walker, out.target) for walker in (0, 1)]
    steps = _steps(lengths, out.test_speed)
    for walker in (0, 1):
        keyframes: list[Keyframe] = []
        contact = append_walk(keyframes, straight_walk(places.homes[walker], _stop(stage, places, walker, out.target),
                                                       steps), start + START_DELAY)
        out.test[walker] = keyframes
    out.red_on.append(contact)
    out.last_step = contact + TEST_END_DELAY


def walking_order(trials: int, rng: np.random.Generator) -> list[int]:
    """Which agent walks in each familiarisation trial: each in half of them (either one more when odd), shuffled."""
    first = int(rng.integers(2))
    order = [first if k % 2 == 0 else 1 - first for k in range(trials)]
    return [order[i] for i in rng.permutation(trials)]


def straight_walk(home: Point, stop: Point, steps: int) -> list[Point]:
    """The positions after each of ``steps`` equal steps from ``home`` to ``stop``."""
    return [(rounded(home[0] + (stop[0] - home[0]) * k / steps), rounded(home[1] + (stop[1] - home[1]) * k / steps))
            for k in range(1, steps + 1)]


def _steps(lengths: list[float], speed: float) -> int:
    """The fewest steps in which each walk of ``lengths`` keeps to ``speed`` metres a step."""
    return max(1, math.ceil(max(lengths) / speed - 1e-9))


def _stop(stage: Stage, places: Places, walker: int, goal: int) -> Point:
    return stop_short(places.homes[walker], places.goals[goal], stage.agent_halves[walker], stage.goal_halves[goal])


def _stop_length(stage: Stage, places: Places, walker: int, goal: int) -> float:
    return math.dist(places.homes[walker], _stop(stage, places, walker, goal))


def draw_places(stage: Stage, rng: np.random.Generator) -> Places:
    """Each agent's start and its object's place within ``stage.reach`` of it, four distinct cells, each walk
    clear of the other agent and the other object; drawn uniformly among the pairs of start and goal cells."""
    table = reach_table(stage.size, *stage.reach)
    for _ in range(TRIES):
        one, two = table[rng.integers(len(table), size=2)]
        if len({*one.tolist(), *two.tolist()}) < 4:
            continue
        places = Places((_centre(stage.size, one[0]), _centre(stage.size, two[0])),
                        (_centre(stage.size, one[1]), _centre(stage.size, two[1])))
        if all(_walk_clear(stage, places, walker, walker) for walker in (0, 1)):
            return places
    raise GenerationError(f"no clear places for two agents and their objects {stage.reach} m apart on a "
                          f"{stage.size}-cell grid")


def draw_test_places(stage: Stage, target: int, rng: np.random.Generator) -> Places:
    """The target object on a cell, the two agents mirrored across its row or column within ``stage.reach`` of
    it (which on which side drawn), the other object on another cell clear of both walks."""
    table = mirror_table(stage.size, *stage.reach)
    for _ in range(TRIES):
        column, row, apart, ahead = (int(v) for v in table[int(rng.integers(len(table)))])
        cells = [(column, row), (column - apart, row + ahead), (column + apart, row + ahead)]
        if rng.integers(2):
            cells = [(r, c) for c, r in cells]
        goal, left, right = (_centre(stage.size, stage.size * c + r) for c, r in cells)
        homes = (left, right) if rng.integers(2) else (right, left)
        spare = int(rng.integers(stage.size * stage.size))
        other = _centre(stage.size, spare)
        if other in (goal, left, right):
            continue
        goals = (goal, other) if target == 0 else (other, goal)
        places = Places(homes, goals)
        if all(_walk_clear(stage, places, walker, target) for walker in (0, 1)):
            return places
    raise GenerationError(f"no clear test places {stage.reach} m apart on a {stage.size}-cell grid")


def _walk_clear(stage: Stage, places: Places, walker: int, goal: int) -> bool:
    """Whether ``walker``'s walk up to object ``goal`` keeps :data:`CLEARANCE` from the other agent and object."""
    home, stop = np.array(places.homes[walker]), np.array(_stop(stage, places, walker, goal))
    path = home + np.linspace(0.0, 1.0, SAMPLES)[:, None] * (stop - home)
    half = np.array(stage.agent_halves[walker])
    boxes = [(places.homes[1 - walker], stage.agent_halves[1 - walker]),
             (places.goals[1 - goal], stage.goal_halves[1 - goal])]
    return all(float(np.min(np.max(np.abs(path - np.array(centre)) - half - np.array(extent), axis=1))) > CLEARANCE
               for centre, extent in boxes)


@functools.cache
def reach_table(size: int, nearest: float, farthest: float) -> np.ndarray:
    """Every (start cell, goal cell) of a grid ``size`` cells a side (cells numbered column * size + row) whose
    centres are ``nearest`` to ``farthest`` metres apart."""
    cells = np.arange(size * size)
    start, goal = np.meshgrid(cells, cells, indexing="ij")
    apart = np.hypot(start // size - goal // size, start % size - goal % size) * CELL
    fits = (apart >= nearest - 1e-9) & (apart <= farthest + 1e-9)
    return np.stack([start[fits], goal[fits]], axis=1)


@functools.cache
def mirror_table(size: int, nearest: float, farthest: float) -> np.ndarray:
    """Every (column, row, apart, ahead) of a grid ``size`` cells a side: the target's cell, and how many cells the
    two agents stand off its column on either side and ahead of it along it, ``nearest`` to ``farthest`` metres
    from it."""
    column, row, apart, ahead = np.meshgrid(np.arange(size), np.arange(size), np.arange(1, size),
                                            np.arange(-size + 1, size), indexing="ij")
    fits = (column - apart >= 0) & (column + apart < size) & (row + ahead >= 0) & (row + ahead < size)
    reach = np.hypot(apart, ahead) * CELL
    fits &= (reach >= nearest - 1e-9) & (reach <= farthest + 1e-9)
    return np.stack([column[fits], row[fits], apart[fits], ahead[fits]], axis=1)


def _centre(size: int, cell: int) -> Point:
    """The centre of the cell numbered ``column * size + row``, rounded as positions are."""
    x, z = cell_centre(size, divmod(int(cell), size))
    return rounded(x), rounded(z)


def _show(out: Script, step: int, places: Places) -> None:
    """Everyone at its place on a trial's first step."""
    for keyframes, (x, z) in zip((*out.agents, *out.goals), (*places.homes, *places.goals), strict=True):
        keyframes.append((step, x, z))
