"""Script the trials of an Object Preference scene: where the agent and the two objects stand, and the agent's walks.

A trial's places are the agent's start cell and two object cells mirrored across the line (a column or a row of
the grid) through the agent's cell, so the walks to the two objects are mirror images of each other: equally long,
equally many steps. That is what lets the test walk of the expected file and of the unexpected file differ in
nothing but which object they end against.

A trial runs from its first step ``S``: the agent stands at its start and the objects at their places; from
``S + START_DELAY`` the agent walks straight toward the object it goes to, one keyframe a step, and stops touching
it; both objects turn red on that step; the trial ends ``END_DELAY`` steps later (the next trial's ``S``, where the
objects take their colours back). The test trial is scripted twice from the same state: the walk to the preferred
object and its mirror image, to the other.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import numpy as np

from scenegen.errors import GenerationError
from scenegen.mcs.gridworld.cast import END_DELAY, START_DELAY, TEST_END_DELAY, Keyframe
from scenegen.mcs.gridworld.layout import CELL, cell_centre
from scenegen.mcs.gridworld.motion import Point, rounded, walk
from scenegen.mcs.gridworld.straight_walks import append_walk, pace, stop_short

#: Which object the agent goes to in the test trial, per file.
OUTCOMES = (("expected", "preferred"), ("unexpected", "other"))


@dataclass(frozen=True)
class Places:
    """One trial's setting: the agent's start and the preferred and other object's places, world (x, z); the
    line the two places mirror each other across (``axis`` 0: x = ``line``; 1: z = ``line``)."""

    home: Point
    preferred: Point
    other: Point
    axis: int
    line: float

    def swapped(self) -> Places:
        return Places(self.home, self.other, self.preferred, self.axis, self.line)

    def mirrored(self, point: Point) -> Point:
        """``point`` mirrored across the places' line."""
        if self.axis == 0:
            return rounded(2 * self.line - point[0]), point[1]
        return point[0], rounded(2 * self.line - point[1])


@dataclass(frozen=True)
class Stage:
    """What the script needs of a scene: the grid, the walks' steps and speeds, the actors' half footprints."""

    size: int
    #: Steps of each familiarisation trial's walk, then the test walk's.
    steps: tuple[int, ...]
    speeds: tuple[float, float]
    agent_half: Point
    #: Half footprint as large as either object's along x and along z: every walk stops where it would touch
    #: that, so that a walk mirrored onto the other object stops as short of it (never in it).
    object_half: Point
    fixed_places: bool
    swapped_test: bool
    #: The shortest and the longest distance, centre to centre, from the agent's start to each object.
    reach: tuple[float, float]


@dataclass
class Script:
    agent: list[Keyframe] = field(default_factory=list)
    preferred: list[Keyframe] = field(default_factory=list)
    other: list[Keyframe] = field(default_factory=list)
    #: Steps both objects turn red (contact) and back (the next trial's start).
    red_on: list[int] = field(default_factory=list)
    red_off: list[int] = field(default_factory=list)
    #: (first step, end step, places, speed) of every familiarisation trial.
    trials: list[tuple[int, int, Places, float]] = field(default_factory=list)
    test_places: Places | None = None
    test_start: int = 0
    #: The agent's test-trial keyframes per object it goes to ("preferred", "other").
    test: dict[str, list[Keyframe]] = field(default_factory=dict)
    test_speed: float = 0.0
    test_contact: int = 0
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
        if out.red_on:
            out.red_off.append(start)
        path = [places.home, stop_short(places.home, places.preferred, stage.agent_half, stage.object_half)]
        speed = pace(path, steps, stage.speeds)
        contact = append_walk(out.agent, walk(path, speed), start + START_DELAY)
        out.red_on.append(contact)
        end = contact + END_DELAY
        out.trials.append((start, end, places, speed))
        start = end
    test = places.swapped() if stage.swapped_test else draw_places(stage, rng)
    _show(out, start, test)
    out.red_off.append(start)
    out.test_start, out.test_places = start, test
    path = [test.home, stop_short(test.home, test.preferred, stage.agent_half, stage.object_half)]
    out.test_speed = pace(path, stage.steps[-1], stage.speeds)
    preferred = walk(path, out.test_speed)
    # The walk to the other object is the mirror image of the walk to the preferred one, keyframe by keyframe;
    # it stops as close to the other object as this one to the preferred (``Stage.object_half``).
    walks = {"preferred": preferred, "other": [test.mirrored(point) for point in preferred]}
    for role, points in walks.items():
        keyframes: list[Keyframe] = []
        out.test_contact = append_walk(keyframes, points, start + START_DELAY)
        out.test[role] = keyframes
    out.red_on.append(out.test_contact)
    out.last_step = out.test_contact + TEST_END_DELAY
    return out


def draw_places(stage: Stage, rng: np.random.Generator) -> Places:
    """The agent's start cell and two object cells mirrored across its column or its row, each within
    ``stage.reach`` of it, drawn uniformly among all such; which of the two the preferred object takes is drawn."""
    table = place_table(stage.size, *stage.reach)
    if not len(table):
        raise GenerationError(f"no places for the agent and two objects {stage.reach} m from it on a "
                              f"{stage.size}-cell grid")
    across, along, apart, ahead = (int(v) for v in table[int(rng.integers(len(table)))])
    axis = int(rng.integers(2))
    cells = [(across - apart, along + ahead), (across + apart, along + ahead), (across, along)]
    if axis == 1:
        cells = [(row, col) for col, row in cells]
    one, two, home = (_centre(stage.size, cell) for cell in cells)
    if rng.integers(2):
        one, two = two, one
    return Places(home, one, two, axis, home[axis])


@functools.cache
def place_table(size: int, nearest: float, farthest: float) -> np.ndarray:
    """Every (across, along, apart, ahead) of a grid ``size`` cells a side: the agent's cell (across the mirror
    line, along it), how many cells each object stands off the line and ahead of the agent along it, the objects
    ``nearest`` to ``farthest`` metres from the agent."""
    across, along, apart, ahead = np.meshgrid(np.arange(size), np.arange(size), np.arange(1, size),
                                              np.arange(-size + 1, size), indexing="ij")
    fits = (across - apart >= 0) & (across + apart < size) & (along + ahead >= 0) & (along + ahead < size)
    reach = np.hypot(apart, ahead) * CELL
    fits &= (reach >= nearest - 1e-9) & (reach <= farthest + 1e-9)
    return np.stack([across[fits], along[fits], apart[fits], ahead[fits]], axis=1)


def _centre(size: int, cell: tuple[int, int]) -> Point:
    x, z = cell_centre(size, cell)
    return rounded(x), rounded(z)


def _show(out: Script, step: int, places: Places) -> None:
    """Everyone at its place on a trial's first step."""
    out.agent.append((step, *places.home))
    out.preferred.append((step, *places.preferred))
    out.other.append((step, *places.other))
