"""Script the trials of an Inaccessible Goal scene: the places, the agent's walk by the key and the lock, the test
walks.

Places are drawn in a canonical frame, then turned into the scene's (a quarter turn or not, mirrored in x and z or
not). The green wall is one cell thick and spans a whole column of the grid, so the goal beyond it is walled off:
the agent and the key stand on the near side (the agent at least two cells from the wall, the key on another row
than the agent's), the goal at least two cells beyond it on the agent's row.

A familiarisation trial from its first step ``S``: from ``S + START_DELAY`` the agent walks straight to the key
and stops touching it; the key leaves the grid on the next step (picked up); a step later the agent walks
straight toward the lock (the wall's point on the goal's row) until it touches the wall; the wall leaves the grid
on the next step (unlocked); a step later the agent walks straight to the goal, which turns red on contact. In
the test trial the wall is gone from its first step: the agent walks straight to the goal (expected) or fetches
the key first, as it had to before (unexpected). Both test walks go at one speed, and both files end when the
longer has ended. Objects leave and come back by keyframes off and on the grid, as the real passive-agent files
move what a trial does not use.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from scenegen.mcs.gridworld.cast import END_DELAY, START_DELAY, TEST_END_DELAY, Keyframe
from scenegen.mcs.gridworld.frames import Frame
from scenegen.mcs.gridworld.layout import CELL, axis_centre
from scenegen.mcs.gridworld.motion import Point, walk
from scenegen.mcs.gridworld.straight_walks import append_walk, pace, stop_short

#: Cells between the agent's (or the goal's) column and the wall's, at least.
CLEAR_CELLS = 2
#: Which walk each file's test trial shows.
OUTCOMES = (("expected", "straight"), ("unexpected", "key"))
#: How far beyond the grid's border (from its inner edge to the parked object's centre) what leaves is parked.
PARK_BEYOND = 1.0


@dataclass(frozen=True)
class Places:
    """One trial's setting in the scene's frame, and the points of the agent's walks."""

    home: Point
    goal: Point
    key: Point
    wall: Point
    #: Where the key and the wall stand once they have left the grid.
    key_parked: Point
    wall_parked: Point
    #: The familiarisation walk: home, touching the key, touching the wall, touching the goal.
    by_lock: tuple[Point, ...]
    straight: tuple[Point, ...]
    #: The test's unexpected walk: home, touching the key, touching the goal.
    by_key: tuple[Point, ...]


@dataclass(frozen=True)
class Stage:
    size: int
    swap: bool
    steps: tuple[int, ...]
    speeds: tuple[float, float]
    agent_half: Point
    goal_half: Point
    key_half: Point
    fixed_places: bool


@dataclass
class Script:
    agent: list[Keyframe] = field(default_factory=list)
    goal: list[Keyframe] = field(default_factory=list)
    key: list[Keyframe] = field(default_factory=list)
    wall: list[Keyframe] = field(default_factory=list)
    red_on: list[int] = field(default_factory=list)
    red_off: list[int] = field(default_factory=list)
    trials: list[tuple[int, int, Places, float]] = field(default_factory=list)
    test_start: int = 0
    test: dict[str, list[Keyframe]] = field(default_factory=dict)
    test_key: dict[str, list[Keyframe]] = field(default_factory=dict)
    test_contact: dict[str, int] = field(default_factory=dict)
    test_speed: float = 0.0
    last_step: int = 0


def script(stage: Stage, rng: np.random.Generator) -> Script:
    """Every keyframe of the familiarisation trials, then both versions of the test trial."""
    out = Script()
    places = draw_places(stage, rng)
    start = 0
    for steps in stage.steps[:-1]:
        if out.trials and not stage.fixed_places:
            places = draw_places(stage, rng)
        _show(out, start, places)
        speed = pace(places.by_lock, steps - 2, stage.speeds)
        took_key, at_lock, contact = _legs(out.agent, places.by_lock, speed, start)
        out.key.append((took_key + 1, *places.key_parked))
        out.wall.append((at_lock + 1, *places.wall_parked))
        out.red_on.append(contact)
        end = contact + END_DELAY
        out.trials.append((start, end, places, speed))
        start = end
    _show(out, start, places)
    out.wall[-1] = (start, *places.wall_parked)
    out.test_start = start
    out.test_speed = pace(places.by_key, stage.steps[-1] - 1, stage.speeds)
    for role, points in (("straight", places.straight), ("key", places.by_key)):
        keyframes: list[Keyframe] = []
        stops = _legs(keyframes, points, out.test_speed, start)
        out.test[role], out.test_contact[role] = keyframes, stops[-1]
        out.test_key[role] = [(stops[0] + 1, *places.key_parked)] if role == "key" else []
    out.last_step = max(out.test_contact.values()) + TEST_END_DELAY
    return out


def _legs(keyframes: list[Keyframe], points: tuple[Point, ...], speed: float, start: int) -> list[int]:
    """Walk each leg of ``points`` at ``speed`` from ``start + START_DELAY``, pausing a step between legs (for the
    key or the wall to leave); return the step each leg ends on."""
    first, stops = start + START_DELAY, []
    for leg in range(len(points) - 1):
        stops.append(append_walk(keyframes, walk(points[leg:leg + 2], speed), first))
        first = stops[-1] + 2
    return stops


def draw_places(stage: Stage, rng: np.random.Generator) -> Places:
    """A trial's places, drawn uniformly column by column in the canonical frame, turned into the scene's frame
    mirrored in x and in z or not (drawn)."""
    size = stage.size
    wall = int(rng.integers(CLEAR_CELLS, size - CLEAR_CELLS))
    agent, goal = int(rng.integers(0, wall - CLEAR_CELLS + 1)), int(rng.integers(wall + CLEAR_CELLS, size))
    row, key = int(rng.integers(size)), int(rng.integers(0, wall))
    key_row = (row + 1 + int(rng.integers(size - 1))) % size
    frame = Frame(stage.swap, (1 - 2 * int(rng.integers(2)), 1 - 2 * int(rng.integers(2))))
    half, goal_half, key_half = (frame.half(h) for h in (stage.agent_half, stage.goal_half, stage.key_half))
    home, target = (axis_centre(size, agent), axis_centre(size, row)), (axis_centre(size, goal), axis_centre(size, row))
    key_at = (axis_centre(size, key), axis_centre(size, key_row))
    wall_at = (axis_centre(size, wall), 0.0)
    at_key = stop_short(home, key_at, half, key_half)
    # The wall spans every row: heading for the lock, the agent touches it where it reaches the wall's column.
    at_lock = stop_short(at_key, (wall_at[0], target[1]), half, (CELL / 2, math.inf))
    by_lock = (home, at_key, at_lock, stop_short(at_lock, target, half, goal_half))
    by_key = (home, at_key, stop_short(at_key, target, half, goal_half))
    parked = size * CELL / 2 + PARK_BEYOND
    turn = frame.point
    straight = (home, stop_short(home, target, half, goal_half))
    return Places(turn(home), turn(target), turn(key_at), turn(wall_at), turn((-parked, key_at[1])),
                  turn((parked, 0.0)), *(tuple(map(turn, points)) for points in (by_lock, straight, by_key)))


def wall_size(size: int, swap: bool) -> Point:
    """The wall's full extents along the scene's x and z: one cell thick across the whole grid."""
    return Frame(swap, (1, 1)).half((CELL, size * CELL))


def _show(out: Script, step: int, places: Places) -> None:
    out.agent.append((step, *places.home))
    out.goal.append((step, *places.goal))
    out.key.append((step, *places.key))
    out.wall.append((step, *places.wall))
    if out.red_on:
        out.red_off.append(step)
