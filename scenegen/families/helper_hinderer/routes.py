"""How the actors of a Helper/Hinderer scene walk: the stage they stand on, their walks along shortest grid paths
shortened along lines of sight (:mod:`scenegen.mcs.gridworld.sight`), to touching what they walk up to, and the
paces that make a walk take a trial's drawn number of steps."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from scenegen.mcs.gridworld.grid import Cell
from scenegen.mcs.gridworld.layout import CELL, Layout
from scenegen.mcs.gridworld.motion import Point, path_length
from scenegen.mcs.gridworld.sight import approach, centres_of, shortened, sweeps, sweeps_from

#: Half the occluder's footprint: one cell wide (x), two cells long (z).
OCCLUDER_HALF: Point = (CELL / 2, CELL)


@dataclass(frozen=True)
class Actor:
    #: The cells it stands on at the start of every trial (two when it stands on the line between them).
    cells: tuple[Cell, ...]
    #: Where it stands then, world (x, z).
    home: Point
    #: Half its floor footprint along x and z (rotation applied).
    half: Point


@dataclass(frozen=True)
class Stage:
    """The world and the actors of one scene."""

    layout: Layout
    #: Steps the primary agent's walk of each familiarisation trial takes, then the test trial's (within ``speeds``).
    steps: tuple[int, ...]
    #: The slowest and the fastest the primary agent may walk, metres per step.
    speeds: tuple[float, float]
    #: Steps the mover's longer walk takes (up to the occluder, or its push or pull); the other goes at its pace.
    mover_steps: int
    main: Actor
    helper: Actor
    hinderer: Actor
    goal_half: Point
    #: How far the goal may stand off its cell's centre along x and along z, in metres.
    goal_offset: float
    #: Evaluation layout: whether the goal stands level with its room's doorway (every evaluation scene) or
    #: anywhere in the room.
    goal_in_front: bool
    #: Evaluation layout: the room the goal stands in, per familiarisation trial (empty: drawn per trial).
    goal_rooms: tuple[int, ...]
    #: Half extents of a footprint as large as any agent's: the lines of sight every walk is shortened along.
    sweep_half: Point
    #: The primary agent's room in the training layout; None in the evaluation layout.
    main_room: int | None


def pace(stage: Stage, steps: int, walks: Sequence[Sequence[Point]]) -> float:
    """The speed at which the longest of ``walks`` takes ``steps`` steps, within the allowed speeds."""
    slowest, fastest = stage.speeds
    return min(max(even_pace(steps, walks), slowest), fastest)


def even_pace(steps: int, walks: Sequence[Sequence[Point]]) -> float:
    """The speed at which the longest of ``walks`` takes ``steps`` steps."""
    # Rounded up to 0.1 mm: rounded down, the longest walk would take a step more.
    return math.ceil(max(map(path_length, walks)) / steps * 1e4) / 1e4


def stopped_short(stage: Stage, path: Sequence[Cell], free: int, slot: int, blocked: int) -> list[Point]:
    """The primary agent's walk toward a goal out of reach along ``path``: as in the evaluation, it stops where it
    touches the occluder that plugs the doorway (in ``slot``) when it can walk straight up to it, else at the
    path's end."""
    layout = stage.layout
    plug = layout.grid.mask(layout.slots[slot])
    touching = route_to(stage, stage.main, path, free, slot_centre(layout, slot), OCCLUDER_HALF, blocked & ~plug)
    return touching or route(stage, stage.main, path, free)


def nearest_approach(stage: Stage, goal: int, free: int, order: tuple[int, ...]) -> list[Cell]:
    """A shortest walk to the reachable cell nearest the goal, counting moves through walls-only floor."""
    grid = stage.layout.grid
    starts = grid.mask(stage.main.cells)
    reachable = grid.reachable(starts, free | starts)
    for layer in grid.layers(goal, grid.free):
        if layer & reachable:
            path = grid.shortest_path(starts, layer & reachable, free, order)
            assert path is not None
            return path
    raise AssertionError("the primary agent's own cell is always reachable")


def _chain(stage: Stage, actor: Actor, path: Sequence[Cell]) -> tuple[list[Point], list[Sequence[int]], list[int]]:
    """The actor's walk from where it stands through the centres of a grid path's cells: its points, what
    each point sweeps walking to every cell (:func:`sweeps`) and each point's cell number."""
    size = stage.layout.size
    table = sweeps(size, stage.sweep_half)
    cells = [row * size + col for col, row in path]
    points = [stage.layout.centre(cell) for cell in path]
    rows: list[Sequence[int]] = [table[cell] for cell in cells]
    if points[0] != actor.home:  # it stands on the line between two cells
        return [actor.home, *points], [sweeps_from(size, actor.home, stage.sweep_half), *rows], [-1, *cells]
    return points, rows, cells


def route(stage: Stage, actor: Actor, path: Sequence[Cell], free: int) -> list[Point]:
    """The grid path from where the actor stands, shortened along lines of sight through ``free`` cells."""
    points, rows, cells = _chain(stage, actor, path)
    return [points[k] for k in shortened(rows, cells, stage.layout.grid.interior & ~free)]


def route_to(stage: Stage, actor: Actor, path: Sequence[Cell], free: int, target: Point, target_half: Point,
              obstacles: int) -> list[Point] | None:
    """The actor's walk along the grid path, through ``free`` cells, that leaves it where it can go straight to
    touching ``target`` (which stands on cells outside ``free``, ``obstacles`` the other cells it may not
    enter), and does so; None when it cannot."""
    points, rows, cells = _chain(stage, actor, path)
    reach = plus(actor.half, target_half)
    found = approach(points, target, reach, actor.half, centres_of(stage.layout, stage.layout.grid.cells(obstacles)))
    if found is None:
        return None
    leave, contact = found
    kept = shortened(rows[:leave + 1], cells[:leave + 1], stage.layout.grid.interior & ~free)
    return [*(points[k] for k in kept), contact]


def plus(a: Point, b: Point) -> Point:
    """The sum of two (x, z) extents: how far apart two boxes' centres are when they touch."""
    return a[0] + b[0], a[1] + b[1]


def slot_centre(layout: Layout, slot: int) -> Point:
    (ax, az), (bx, bz) = (layout.centre(cell) for cell in layout.slots[slot])
    return (ax + bx) / 2, (az + bz) / 2
