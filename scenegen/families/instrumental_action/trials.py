"""Script the trials of an Instrumental Action scene: the agent's walks to its preferred object, and the test walks.

Every walk but one is a route among boxes (:func:`scenegen.mcs.gridworld.box_walks.route`): a shortest grid path
round the wall cells and the object the agent does not go to, shortened along lines of sight, ending 0.2 mm short
of touching the object it goes to. The one that is not is the walk through the walls: straight from the agent's
start to touching its walled-off preferred object, over the wall cells between (never over the other object).

A trial runs from its first step ``S``: the agent stands at its start, the objects and the wall cells at their
places; from ``S + START_DELAY`` the agent walks; both objects turn red on its contact; the trial ends
``END_DELAY`` steps later. In the test trial the wall cells stand at their test places and the agent walks one of
two walks, per file, at one speed (the longer walk's over ``test_steps``); both files end when the longer has.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import numpy as np

from scenegen.families.instrumental_action.places import Places, grid_of
from scenegen.mcs.gridworld.box_walks import Boxes, Floor, clear, route
from scenegen.mcs.gridworld.cast import END_DELAY, START_DELAY, TEST_END_DELAY, Keyframe
from scenegen.mcs.gridworld.grid import DIRECTION_ORDERS, Cell
from scenegen.mcs.gridworld.layout import CELL, cell_centre
from scenegen.mcs.gridworld.motion import Point, path_length, walk
from scenegen.mcs.gridworld.straight_walks import append_walk, pace, stop_short

#: Which walk each file's test trial shows, by whether the preferred object is walled off.
OUTCOMES = {
    False: (("expected", "preferred"), ("unexpected", "other")),
    True: (("expected", "other"), ("unexpected", "through")),
}
WALL_HALF = (CELL / 2, CELL / 2)


@dataclass(frozen=True)
class Stage:
    size: int
    steps: tuple[int, ...]
    speeds: tuple[float, float]
    agent_half: Point
    #: The preferred object's and the other's half extents.
    halves: tuple[Point, Point]
    #: The longest a familiarisation walk may be, over the straight walk to touching the preferred object.
    detour: float


@dataclass
class Script:
    agent: list[Keyframe] = field(default_factory=list)
    red_on: list[int] = field(default_factory=list)
    red_off: list[int] = field(default_factory=list)
    trials: list[tuple[int, int, float]] = field(default_factory=list)
    fam_walk: tuple[Point, ...] = ()
    test_start: int = 0
    walks: dict[str, tuple[Point, ...]] = field(default_factory=dict)
    test: dict[str, list[Keyframe]] = field(default_factory=dict)
    test_contact: dict[str, int] = field(default_factory=dict)
    test_speed: float = 0.0
    last_step: int = 0


def script(stage: Stage, places: Places, rng: np.random.Generator) -> Script | None:
    """Every keyframe of the familiarisation trials, then both versions of the test trial; None when a walk the
    places need cannot be made."""
    order = DIRECTION_ORDERS[int(rng.integers(len(DIRECTION_ORDERS)))]
    fam = _route(stage, places, places.before, "preferred", order)
    walks = {role: _test_walk(stage, places, role, order) for _, role in OUTCOMES[places.walled_off]}
    if fam is None or any(points is None for points in walks.values()) or _roundabout(stage, places, fam):
        return None
    out = Script(fam_walk=fam, walks={role: points for role, points in walks.items() if points is not None})
    start = 0
    for steps in stage.steps[:-1]:
        out.agent.append((start, *fam[0]))
        if out.red_on:
            out.red_off.append(start)
        speed = pace(fam, steps, stage.speeds)
        contact = append_walk(out.agent, walk(fam, speed), start + START_DELAY)
        out.red_on.append(contact)
        out.trials.append((start, contact + END_DELAY, speed))
        start = contact + END_DELAY
    out.agent.append((start, *fam[0]))
    out.red_off.append(start)
    out.test_start = start
    out.test_speed = pace(max(out.walks.values(), key=path_length), stage.steps[-1], stage.speeds)
    for role, points in out.walks.items():
        keyframes: list[Keyframe] = []
        out.test_contact[role] = append_walk(keyframes, walk(points, out.test_speed), start + START_DELAY)
        out.test[role] = keyframes
    out.last_step = max(out.test_contact.values()) + TEST_END_DELAY
    return out


def _roundabout(stage: Stage, places: Places, fam: tuple[Point, ...]) -> bool:
    """Whether the familiarisation walk is longer than ``detour`` times the straight one."""
    home, target = cell_centre(stage.size, places.home), cell_centre(stage.size, places.preferred)
    straight = path_length((home, stop_short(home, target, stage.agent_half, stage.halves[0])))
    return path_length(fam) > stage.detour * straight + 1e-9


def _test_walk(stage: Stage, places: Places, role: str, order: tuple[int, ...]) -> tuple[Point, ...] | None:
    """The test trial's walk to the ``role`` object round the test's wall cells, or (``through``) straight to the
    walled-off preferred object over them; None when the straight walk would cross the other object."""
    if role != "through":
        return _route(stage, places, places.after, role, order)
    home, target = cell_centre(stage.size, places.home), cell_centre(stage.size, places.preferred)
    end = stop_short(home, target, stage.agent_half, stage.halves[0])
    other = Boxes(np.array([cell_centre(stage.size, places.other)]), np.array([stage.halves[1]]))
    if not clear(np.array([home]), np.array([end]), stage.agent_half, other)[0]:
        return None
    return home, end


def _route(stage: Stage, places: Places, walls: tuple[Cell, ...], role: str,
           order: tuple[int, ...]) -> tuple[Point, ...] | None:
    """The walk from the agent's start to touching the ``role`` object round ``walls`` and the other object."""
    size = stage.size
    goal, avoided = (places.preferred, places.other) if role == "preferred" else (places.other, places.preferred)
    goal_half, avoided_half = stage.halves if role == "preferred" else stage.halves[::-1]
    boxes = Boxes(np.array([cell_centre(size, cell) for cell in (*walls, avoided)]),
                  np.array([WALL_HALF] * len(walls) + [avoided_half]))
    target = cell_centre(size, goal)
    reach = (stage.agent_half[0] + goal_half[0], stage.agent_half[1] + goal_half[1])
    points = route(floor_of(size), cell_centre(size, places.home), stage.agent_half, boxes, order, target, reach)
    return None if points is None else tuple(points)


@functools.cache
def floor_of(size: int) -> Floor:
    """The open grid every walk runs on (the wall cells are boxes of the walk)."""
    cells = tuple((col, row) for row in range(size) for col in range(size))
    return Floor(grid_of(size), cells, np.array([cell_centre(size, cell) for cell in cells], dtype=float))
