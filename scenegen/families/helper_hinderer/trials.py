"""Script the trials: who moves where, on which steps.

A familiarisation trial runs, from its first step ``S``:

1. ``S``: everyone who moved in the previous trial is back at its start; the goal
   object stands in this trial's cell; the occluder (once it has appeared) stands
   in this trial's start slot.
2. From ``S + START_DELAY``, in a help or hinder trial, the mover walks a shortest
   path to the nearer end of the occluder, steps up to touch it, pauses, then
   pushes or pulls it along the track into the other slot, at the same speed.
3. After a pause the primary agent walks a shortest path (given where the
   occluder and the other agents now are) toward the goal: to touch it when it can
   be reached; otherwise to the reachable cell nearest the goal, where it stops.
4. The trial ends ``END_DELAY`` steps after the primary agent's last keyframe:
   that step's action is ``EndHabituation`` and it is the next trial's ``S``.

The occluder's start slot is the one closing the relevant doorway (the goal's
room in the evaluation layout, the primary agent's room in the training layout)
in a help trial, and the other one in a hinder trial or a trial without a mover:
the helper opens the way, the hinderer closes it.

The test trial hides the goal and the occluder; the primary agent walks to the
helper or to the hinderer. Both walks are scripted from the same state, so the
expected and the unexpected scene share everything before the test trial.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from ...errors import GenerationError
from ...mcs.gridworld.grid import DIRECTION_ORDERS, Cell
from ...mcs.gridworld.layout import CELL, Layout
from ...mcs.gridworld.motion import Point, contact_point, walk

HELP, HINDER, NONE = "help", "hinder", "none"
TRIAL_KINDS = (NONE, HELP, HINDER)
ROLES = ("helper", "hinderer")

START_DELAY = 3  # steps from a trial's first step to the first moving keyframe
PAUSE = 2  # idle steps between one motion and the next
END_DELAY = 5  # steps from the primary agent's last keyframe to EndHabituation
TEST_END_DELAY = 4  # steps from the test trial's last keyframe to the scene's last step
GOAL_ATTEMPTS = 50  # goal cells drawn for one trial before giving up
#: Half the occluder's footprint: one cell wide (x), two cells long (z).
OCCLUDER_HALF: Point = (CELL / 2, CELL)

#: (step, x, z): where an actor is from that step on.
Keyframe = tuple[int, float, float]


@dataclass(frozen=True)
class Actor:
    start: Cell
    #: Half its floor footprint along x and z (rotation applied).
    half: Point


@dataclass(frozen=True)
class Stage:
    """The world and the actors of one scene."""

    layout: Layout
    speed: float
    main: Actor
    helper: Actor
    hinderer: Actor
    goal_half: Point
    #: The primary agent's room in the training layout; None in the evaluation layout.
    main_room: int | None


@dataclass(frozen=True)
class TrialRecord:
    kind: str
    start: int
    end: int
    goal: Cell
    room: int
    occluder_from: int | None
    occluder_to: int | None
    reached: bool
    contact_step: int | None


@dataclass
class Script:
    main: list[Keyframe] = field(default_factory=list)
    helper: list[Keyframe] = field(default_factory=list)
    hinderer: list[Keyframe] = field(default_factory=list)
    occluder: list[Keyframe] = field(default_factory=list)
    goal: list[Keyframe] = field(default_factory=list)
    #: Steps the goal turns red (on contact) and back (at the next familiarisation trial's start, if any).
    red_on: list[int] = field(default_factory=list)
    red_off: list[int] = field(default_factory=list)
    trials: list[TrialRecord] = field(default_factory=list)
    test_start: int = 0
    #: The primary agent's test-trial keyframes when it approaches the helper / the hinderer.
    test: dict[str, list[Keyframe]] = field(default_factory=dict)
    test_end_cells: dict[str, Cell] = field(default_factory=dict)
    last_step: int = 0


@dataclass(frozen=True)
class _Move:
    """The mover's part of a help or hinder trial, before it is put on the timeline."""

    role: str
    approach: list[Point]
    push: list[Point]
    occluder: list[Point]
    end_cell: Cell


@dataclass(frozen=True)
class _Plan:
    goal: Cell
    room: int
    slot_from: int | None
    slot_to: int | None
    move: _Move | None
    walk: list[Point]
    reached: bool


def script(stage: Stage, plan: Sequence[str], rng: np.random.Generator) -> Script:
    """Every keyframe of the familiarisation trials, then both versions of the test trial."""
    layout = stage.layout
    out = Script()
    for role in ("main", *ROLES):
        actor: Actor = getattr(stage, role)
        getattr(out, role).append((0, *layout.centre(actor.start)))
    start, occluder_slot = 0, None
    moved: set[str] = set()
    for index, kind in enumerate(plan):
        trial = _plan_trial(stage, kind, occluder_slot is not None, rng, index)
        if index > 0:
            _reset(stage, out, start, moved | {"main"})
            out.red_off.extend(start for _ in out.red_on[len(out.red_off):])
        out.goal.append((start, *layout.centre(trial.goal)))
        if trial.slot_from is not None and trial.slot_from != occluder_slot:
            out.occluder.append((start, *_slot_centre(layout, trial.slot_from)))
        step = start + START_DELAY
        moved = set()
        if trial.move is not None:
            move = trial.move
            step = _append(getattr(out, move.role), move.approach, step) + PAUSE
            _append(out.occluder, move.occluder, step)
            step = _append(getattr(out, move.role), move.push, step) + PAUSE
            moved.add(move.role)
        contact = _append(out.main, trial.walk, step) - 1 if trial.walk else step
        if trial.reached:
            out.red_on.append(contact)
        end = contact + END_DELAY
        out.trials.append(TrialRecord(kind, start, end, trial.goal, trial.room, trial.slot_from, trial.slot_to,
                                      trial.reached, contact if trial.reached else None))
        occluder_slot = trial.slot_to
        start = end
    _reset(stage, out, start, moved | {"main"})
    out.test_start = start
    _script_test(stage, out, rng)
    return out


def _plan_trial(stage: Stage, kind: str, occluder_shown: bool, rng: np.random.Generator, index: int) -> _Plan:
    """Draw the goal cell until every walk of the trial exists and does what the trial kind says."""
    layout = stage.layout
    for _ in range(GOAL_ATTEMPTS):
        if stage.main_room is None:
            room = int(rng.integers(2))
            cells = layout.rooms[room]
        else:
            room = stage.main_room
            cells = layout.training_goals
        goal = cells[int(rng.integers(len(cells)))]
        plan = _try_trial(stage, kind, occluder_shown or kind != NONE, goal, room, rng)
        if plan is not None:
            return plan
    raise GenerationError(
        f"familiarisation trial {index + 1} ({kind}): none of {GOAL_ATTEMPTS} goal cells let every agent "
        f"walk its part (grid {layout.size}, walls {layout.walls_name!r})"
    )


def _try_trial(stage: Stage, kind: str, shown: bool, goal: Cell, room: int,
               rng: np.random.Generator) -> _Plan | None:
    layout, grid = stage.layout, stage.layout.grid
    slot_from = slot_to = None
    if shown:
        slot_from = room if kind == HELP else 1 - room
        slot_to = {HELP: 1 - room, HINDER: room, NONE: slot_from}[kind]
    agents = {"main": stage.main.start, "helper": stage.helper.start, "hinderer": stage.hinderer.start}
    occupied = grid.mask((goal, *agents.values()))
    if slot_from is not None:
        occupied |= grid.mask(layout.slots[slot_from])
    move = None
    if kind != NONE:
        role = "helper" if kind == HELP else "hinderer"
        assert slot_from is not None and slot_to is not None
        move = _plan_move(stage, role, slot_from, slot_to, occupied & ~grid.bit(agents[role]), rng)
        if move is None:
            return None
        agents[role] = move.end_cell
    # The primary agent walks with the occluder in its end slot and the mover where it stopped.
    blocked = grid.mask((goal, agents["helper"], agents["hinderer"]))
    if slot_to is not None:
        blocked |= grid.mask(layout.slots[slot_to])
    free = grid.free & ~blocked
    targets = grid.neighbours(grid.bit(goal), free)
    order = DIRECTION_ORDERS[int(rng.integers(len(DIRECTION_ORDERS)))]
    path = grid.shortest_path(stage.main.start, targets, free, order)
    reached = path is not None
    if reached != (kind != HINDER):
        return None
    if kind != NONE and _goal_reachable(stage, goal, slot_from, agents) == reached:
        return None  # the mover must change whether the goal can be reached
    if path is None:
        path = _nearest_approach(stage, goal, free, order)
        points = [layout.centre(cell) for cell in path]
    else:
        points = [layout.centre(cell) for cell in path]
        points.append(contact_point(points[-1], layout.centre(goal), _plus(stage.goal_half, stage.main.half)))
    return _Plan(goal, room, slot_from, slot_to, move, walk(points, stage.speed), reached)


def _plan_move(stage: Stage, role: str, slot_from: int, slot_to: int, occupied: int,
               rng: np.random.Generator) -> _Move | None:
    """The mover's walk to the nearer end of the occluder, its contact, and the push or pull to the other slot."""
    layout, grid = stage.layout, stage.layout.grid
    actor: Actor = getattr(stage, role)
    free = grid.free & ~occupied
    order = DIRECTION_ORDERS[int(rng.integers(len(DIRECTION_ORDERS)))]
    path = grid.shortest_path(actor.start, grid.mask(layout.ends[slot_from]) & free, free, order)
    if path is None:
        return None
    block_from, block_to = _slot_centre(layout, slot_from), _slot_centre(layout, slot_to)
    stand = layout.centre(path[-1])
    touch = contact_point(stand, block_from, _plus(OCCLUDER_HALF, actor.half))
    occluder = walk([block_from, block_to], stage.speed)
    offset = (touch[0] - block_from[0], touch[1] - block_from[1])
    push = [(round(x + offset[0], 4) + 0.0, round(z + offset[1], 4) + 0.0) for x, z in occluder]
    rows = layout.slots[slot_to][0][1] - layout.slots[slot_from][0][1]
    end_cell = (path[-1][0], path[-1][1] + rows)
    approach = [layout.centre(cell) for cell in path]
    approach.append(touch)
    return _Move(role, walk(approach, stage.speed), push, occluder, end_cell)


def _goal_reachable(stage: Stage, goal: Cell, slot: int | None, agents: dict[str, Cell]) -> bool:
    """Whether the primary agent could reach the goal with the occluder in ``slot`` and everyone at their start."""
    layout, grid = stage.layout, stage.layout.grid
    blocked = grid.mask((goal, stage.helper.start, stage.hinderer.start))
    if slot is not None:
        blocked |= grid.mask(layout.slots[slot])
    free = grid.free & ~blocked
    targets = grid.neighbours(grid.bit(goal), free)
    return bool(grid.reachable(grid.bit(agents["main"]), free | grid.bit(agents["main"])) & targets)


def _nearest_approach(stage: Stage, goal: Cell, free: int, order: tuple[int, ...]) -> list[Cell]:
    """A shortest walk to the reachable cell nearest the goal, counting moves through walls-only floor."""
    grid = stage.layout.grid
    reachable = grid.reachable(grid.bit(stage.main.start), free | grid.bit(stage.main.start))
    for layer in grid.layers(grid.bit(goal), grid.free):
        if layer & reachable:
            path = grid.shortest_path(stage.main.start, layer & reachable, free, order)
            assert path is not None
            return path
    raise AssertionError("the primary agent's own cell is always reachable")


def _script_test(stage: Stage, out: Script, rng: np.random.Generator) -> None:
    layout, grid = stage.layout, stage.layout.grid
    free = grid.free & ~grid.mask((stage.helper.start, stage.hinderer.start))
    first = out.test_start + START_DELAY
    longest = 0
    for role in ROLES:
        target: Actor = getattr(stage, role)
        order = DIRECTION_ORDERS[int(rng.integers(len(DIRECTION_ORDERS)))]
        path = grid.shortest_path(stage.main.start, grid.neighbours(grid.bit(target.start), free), free, order)
        if path is None:
            raise GenerationError(f"test trial: the primary agent cannot reach the {role}")
        points = [layout.centre(cell) for cell in path]
        points.append(contact_point(points[-1], layout.centre(target.start), _plus(stage.main.half, target.half)))
        keyframes: list[Keyframe] = []
        _append(keyframes, walk(points, stage.speed), first)
        out.test[role] = keyframes
        out.test_end_cells[role] = path[-1]
        longest = max(longest, len(keyframes))
    out.last_step = first + longest - 1 + TEST_END_DELAY


def _reset(stage: Stage, out: Script, step: int, roles: set[str]) -> None:
    for role in ("main", *ROLES):
        if role in roles:
            actor: Actor = getattr(stage, role)
            getattr(out, role).append((step, *stage.layout.centre(actor.start)))


def _append(keyframes: list[Keyframe], positions: Sequence[Point], first: int) -> int:
    """Add one keyframe per position from step ``first``; return the step after the last."""
    keyframes.extend((first + k, x, z) for k, (x, z) in enumerate(positions))
    return first + len(positions)


def _plus(a: Point, b: Point) -> Point:
    return a[0] + b[0], a[1] + b[1]


def _slot_centre(layout: Layout, slot: int) -> Point:
    (ax, az), (bx, bz) = (layout.centre(cell) for cell in layout.slots[slot])
    return (ax + bx) / 2, (az + bz) / 2
