"""Script the trials of an Efficient Action scene: the places, the agent's way round the barrier, the test walks.

Places are drawn in a canonical frame, the straight way from the agent to the goal running along +x on one row of
the grid, then turned into the scene's frame (a quarter turn or not, mirrored in x and z or not). The barrier is
one cell thick across that row, spanning ``barrier.length`` cells with at least a free row beyond each end, at
least two cells from the agent's and the goal's cells.

The way round is the taut string around the barrier's box grown by the agent's half extents and a margin: the
agent walks to the grown box's near corner at the chosen end, along its side to the far corner, then straight
toward the goal until it stops touching it. The margin is half the fastest step: two keyframes either side of a
corner are joined by a chord that cuts into the turn by at most half a step, never into the barrier. The chosen
end is the one whose way round is shorter (either, drawn, when they are as short).

A trial runs from its first step ``S``: the agent stands at its start, the goal and the barrier at their places;
from ``S + START_DELAY`` the agent walks; the goal turns red on contact; the trial ends ``END_DELAY`` steps later.
The test trial keeps the last trial's places without the barrier; the agent walks straight to the goal (expected)
or round where the barrier was (unexpected), at one speed, and both files end when the longer walk has ended.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

import numpy as np

from scenegen.errors import GenerationError
from scenegen.mcs.gridworld.cast import END_DELAY, START_DELAY, TEST_END_DELAY, Keyframe
from scenegen.mcs.gridworld.frames import Frame
from scenegen.mcs.gridworld.layout import CELL, axis_centre
from scenegen.mcs.gridworld.motion import Point, path_length, walk
from scenegen.mcs.gridworld.straight_walks import append_walk, pace, stop_short

#: Cells between the agent's (or the goal's) cell and the barrier's column, at least.
CLEAR_CELLS = 2
#: Which walk each file's test trial shows.
OUTCOMES = (("expected", "straight"), ("unexpected", "round"))


@dataclass(frozen=True)
class Places:
    """One trial's setting in the scene's frame, and the agent's way round the barrier."""

    home: Point
    goal: Point
    barrier: Point
    #: The barrier's full extents along the scene's x and z.
    barrier_size: Point
    way_round: tuple[Point, ...]
    straight: tuple[Point, Point]
    #: The barrier's end the way round passes: "low" (its end of lower canonical z) or "high".
    end: str


@dataclass(frozen=True)
class Stage:
    size: int
    #: The barrier's length in cells, and whether the canonical frame is turned a quarter: one per scene, as the
    #: barrier is one block of one size.
    length: int
    swap: bool
    steps: tuple[int, ...]
    speeds: tuple[float, float]
    agent_half: Point
    goal_half: Point
    fixed_places: bool
    #: The fewest and the most cells from the agent's cell to the goal's.
    apart: tuple[int, int]


@dataclass
class Script:
    agent: list[Keyframe] = field(default_factory=list)
    goal: list[Keyframe] = field(default_factory=list)
    barrier: list[Keyframe] = field(default_factory=list)
    red_on: list[int] = field(default_factory=list)
    red_off: list[int] = field(default_factory=list)
    trials: list[tuple[int, int, Places, float]] = field(default_factory=list)
    test_start: int = 0
    test: dict[str, list[Keyframe]] = field(default_factory=dict)
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
        speed = pace(places.way_round, steps, stage.speeds)
        contact = append_walk(out.agent, walk(places.way_round, speed), start + START_DELAY)
        out.red_on.append(contact)
        end = contact + END_DELAY
        out.trials.append((start, end, places, speed))
        start = end
    out.agent.append((start, *places.home))
    out.red_off.append(start)
    out.test_start = start
    out.test_speed = pace(places.way_round, stage.steps[-1], stage.speeds)
    for role, points in (("straight", places.straight), ("round", places.way_round)):
        keyframes: list[Keyframe] = []
        out.test_contact[role] = append_walk(keyframes, walk(points, out.test_speed), start + START_DELAY)
        out.test[role] = keyframes
    out.last_step = max(out.test_contact.values()) + TEST_END_DELAY
    return out


def draw_places(stage: Stage, rng: np.random.Generator) -> Places:
    """A trial's places, drawn uniformly among the canonical settings of the scene's barrier, turned into the
    scene's frame mirrored in x and in z or not (drawn)."""
    length = stage.length
    table = place_table(stage.size, length, *stage.apart)
    if not len(table):
        raise GenerationError(f"no places for a {length}-cell barrier on a {stage.size}-cell grid")
    row, agent, column, goal, low = (int(v) for v in table[int(rng.integers(len(table)))])
    frame = Frame(stage.swap, (1 - 2 * int(rng.integers(2)), 1 - 2 * int(rng.integers(2))))
    centre = functools.partial(axis_centre, stage.size)
    home, target = (centre(agent), centre(row)), (centre(goal), centre(row))
    barrier = (centre(column), (centre(low) + centre(low + length - 1)) / 2)
    half = frame.half(stage.agent_half)
    ways = {end: _way_round(home, target, barrier, length, end, half, frame.half(stage.goal_half), stage.speeds[1])
            for end in ("low", "high")}
    lengths = {end: path_length(way) for end, way in ways.items()}
    ends = [end for end in ways if math.isclose(lengths[end], min(lengths.values()), abs_tol=1e-9)]
    end = ends[int(rng.integers(len(ends)))]
    straight = (home, stop_short(home, target, half, frame.half(stage.goal_half)))
    size = frame.half((CELL, length * CELL))
    return Places(frame.point(home), frame.point(target), frame.point(barrier), size,
                  tuple(frame.point(p) for p in ways[end]), (frame.point(straight[0]), frame.point(straight[1])), end)


@functools.cache
def place_table(size: int, length: int, fewest: int, most: int) -> np.ndarray:
    """Every canonical (row, agent's column, barrier's column, goal's column, barrier's lowest row) of a grid
    ``size`` cells a side and a barrier ``length`` cells long: the barrier crosses the row, leaves a free row
    beyond each end, and stands :data:`CLEAR_CELLS` from the agent and from the goal, which stands ``fewest`` to
    ``most`` cells from the agent."""
    row, agent, column, goal, low = np.meshgrid(*(np.arange(size),) * 5, indexing="ij")
    high = low + length - 1
    fits = (column - agent >= CLEAR_CELLS) & (goal - column >= CLEAR_CELLS)
    fits &= (goal - agent >= fewest) & (goal - agent <= most)
    fits &= (low >= 1) & (high <= size - 2) & (low <= row) & (row <= high)
    return np.stack([a[fits] for a in (row, agent, column, goal, low)], axis=1)


def _way_round(home: Point, target: Point, barrier: Point, length: int, end: str, half: Point, goal_half: Point,
               fastest: float) -> list[Point]:
    """The taut way from ``home`` round the barrier's ``end`` to touching the goal (canonical frame)."""
    margin = fastest / 2 + 1e-3
    grown = (CELL / 2 + half[0] + margin, length * CELL / 2 + half[1] + margin)
    z = barrier[1] + (grown[1] if end == "high" else -grown[1])
    near, far = (barrier[0] - grown[0], z), (barrier[0] + grown[0], z)
    return [home, near, far, stop_short(far, target, half, goal_half)]


def _show(out: Script, step: int, places: Places) -> None:
    out.agent.append((step, *places.home))
    out.goal.append((step, *places.goal))
    out.barrier.append((step, *places.barrier))
    if out.red_on:
        out.red_off.append(step)
