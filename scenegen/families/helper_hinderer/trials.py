"""Script the trials: who moves where, on which steps.

A familiarisation trial runs, from its first step ``S``:

1. ``S``: everyone who moved in the previous trial is back at its start; the goal
   object stands in this trial's cell; the occluder (once it has appeared) stands
   in this trial's start slot.
2. From ``S + START_DELAY``, in a help or hinder trial, the mover walks to the
   nearer end of the occluder, steps up to touch it, pauses, then pushes or pulls
   it along the track into the other slot.
3. After a pause the primary agent walks (given where the occluder and the other
   agents now are) toward the goal: to touch it when it can be reached; otherwise
   to the reachable cell nearest the goal, where it stops.

Every walk follows a shortest 4-connected grid path shortened along lines of
sight (:mod:`scenegen.mcs.gridworld.sight`), so agents move in any direction and
a walk is never longer than its grid path. The primary agent walks at the speed at
which its walk takes the trial's drawn number of steps, within the allowed speeds;
the mover at the pace at which the longer of its walk up to the occluder and its
push takes the scene's mover steps. As in the evaluation, a trial lasts about as
long whatever its walks measure, and the mover is slower than the primary agent.
When the hinderer has plugged the goal's doorway, the primary agent stops against
the occluder if it can walk straight up to it.
4. The trial ends ``END_DELAY`` steps after the primary agent's last keyframe:
   that step's action is ``EndHabituation`` and it is the next trial's ``S``.

The occluder's start slot is the one closing the relevant doorway (the goal's
room in the evaluation layout, the primary agent's room in the training layout)
in a help trial, and the other one in a hinder trial or a trial without a mover:
the helper opens the way, the hinderer closes it.

The test trial hides the goal and the occluder; the primary agent walks to the
helper or to the hinderer. Both walks are scripted from the same state, so the
expected and the unexpected scene share everything before the test trial; in
the evaluation layout the primary agent starts on the line of symmetry between
the two, so the two walks mirror each other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from scenegen.errors import GenerationError
from scenegen.families.helper_hinderer.routes import (
    OCCLUDER_HALF,
    Actor,
    Stage,
    even_pace,
    nearest_approach,
    pace,
    plus,
    route,
    route_to,
    slot_centre,
    stopped_short,
)
from scenegen.mcs.gridworld.cast import END_DELAY, START_DELAY, TEST_END_DELAY, Keyframe
from scenegen.mcs.gridworld.grid import DIRECTION_ORDERS, Cell
from scenegen.mcs.gridworld.layout import CELL
from scenegen.mcs.gridworld.motion import Point, contact_point, rounded, walk

HELP, HINDER, NONE = "help", "hinder", "none"
TRIAL_KINDS = (NONE, HELP, HINDER)
ROLES = ("helper", "hinderer")

# The evaluation scenes' pauses (docs/mcs_facts.md 7.4); with walks at their speeds they give trials of
# 18-55 steps, a 17-step test trial and scenes of about 271-279 steps.
PAUSE = 2  # idle steps between one motion and the next
GOAL_ATTEMPTS = 50  # goal cells drawn for one trial before giving up




@dataclass(frozen=True)
class TrialRecord:
    kind: str
    start: int
    end: int
    goal: Goal
    room: int
    occluder_from: int | None
    occluder_to: int | None
    reached: bool
    contact_step: int | None
    #: Metres per step of the primary agent's walk and of the mover's (0 in a trial without one).
    speed: float
    mover_speed: float


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
    #: Where the primary agent ends the test trial, world (x, z), per role it approaches.
    test_ends: dict[str, Point] = field(default_factory=dict)
    #: Metres per step of both test-trial walks.
    test_speed: float = 0.0
    last_step: int = 0


@dataclass(frozen=True)
class _Move:
    """The mover's part of a help or hinder trial, as polylines: its walk up to the occluder, then the
    occluder's slide along the track (the mover slides with it, ``offset`` from its centre)."""

    role: str
    approach: list[Point]
    slide: tuple[Point, Point]
    offset: Point
    end_cell: Cell

    def walked(self, speed: float) -> tuple[list[Point], list[Point], list[Point]]:
        """The mover's approach and push keyframes and the occluder's, at ``speed``."""
        occluder = walk(self.slide, speed)
        push = [(round(x + self.offset[0], 4) + 0.0, round(z + self.offset[1], 4) + 0.0) for x, z in occluder]
        return walk(self.approach, speed), push, occluder


@dataclass(frozen=True)
class Goal:
    """Where the goal stands in one trial: the cell drawn, its position off that cell's centre, and every
    cell its footprint overlaps (those of its room, or of the big area in the training layout)."""

    cell: Cell
    position: Point
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class _Plan:
    goal: Goal
    room: int
    slot_from: int | None
    slot_to: int | None
    move: _Move | None
    walk: list[Point]
    reached: bool
    #: Metres per step of the primary agent's walk and of the mover's (its approach and its push or pull).
    speed: float
    mover_speed: float


def script(stage: Stage, plan: Sequence[str], rng: np.random.Generator) -> Script:
    """Every keyframe of the familiarisation trials, then both versions of the test trial."""
    layout = stage.layout
    out = Script()
    for role in ("main", *ROLES):
        actor: Actor = getattr(stage, role)
        getattr(out, role).append((0, *actor.home))
    start, occluder_slot = 0, None
    moved: set[str] = set()
    for index, kind in enumerate(plan):
        trial = _plan_trial(stage, kind, occluder_slot is not None, stage.steps[index], rng, index)
        if index > 0:
            _reset(stage, out, start, moved | {"main"})
            out.red_off.extend(start for _ in out.red_on[len(out.red_off):])
        out.goal.append((start, *trial.goal.position))
        if trial.slot_from is not None and trial.slot_from != occluder_slot:
            out.occluder.append((start, *slot_centre(layout, trial.slot_from)))
        step = start + START_DELAY
        moved = set()
        if trial.move is not None:
            role, (approach, push, occluder) = trial.move.role, trial.move.walked(trial.mover_speed)
            step = _append(getattr(out, role), approach, step) + PAUSE
            _append(out.occluder, occluder, step)
            step = _append(getattr(out, role), push, step) + PAUSE
            moved.add(role)
        contact = _append(out.main, trial.walk, step) - 1 if trial.walk else step
        if trial.reached:
            out.red_on.append(contact)
        end = contact + END_DELAY
        out.trials.append(TrialRecord(kind, start, end, trial.goal, trial.room, trial.slot_from, trial.slot_to,
                                      trial.reached, contact if trial.reached else None, trial.speed,
                                      trial.mover_speed))
        occluder_slot = trial.slot_to
        start = end
    _reset(stage, out, start, moved | {"main"})
    out.test_start = start
    _script_test(stage, out, rng)
    return out


def _plan_trial(stage: Stage, kind: str, occluder_shown: bool, steps: int, rng: np.random.Generator,
                index: int) -> _Plan:
    """Draw the goal's cell and place until every walk of the trial exists and does what the trial kind says."""
    layout = stage.layout
    for _ in range(GOAL_ATTEMPTS):
        if stage.main_room is None:
            room = stage.goal_rooms[index] if stage.goal_rooms else int(rng.integers(2))
            cells = layout.fronts[room] if stage.goal_in_front else layout.rooms[room]
        else:
            room = stage.main_room
            cells = layout.training_goals
        goal = _place_goal(stage, cells[int(rng.integers(len(cells)))], frozenset(cells), rng)
        plan = _try_trial(stage, kind, occluder_shown or kind != NONE, goal, room, steps, rng)
        if plan is not None:
            return plan
    raise GenerationError(
        f"familiarisation trial {index + 1} ({kind}): none of {GOAL_ATTEMPTS} goal cells let every agent "
        f"walk its part (grid {layout.size}, walls {layout.walls_name!r})"
    )


def _place_goal(stage: Stage, cell: Cell, allowed: frozenset[Cell], rng: np.random.Generator) -> Goal:
    """The goal in ``cell``, off its centre by up to ``stage.goal_offset`` along each axis, overlapping
    only ``allowed`` cells: an offset that would reach into another cell is cut back to keep it out."""
    offset, side = [], []
    for axis, unit in enumerate(rng.random(2).tolist()):
        inside = CELL / 2 - stage.goal_half[axis] - 1e-4  # the offsets that keep the goal in its cell
        # Beyond this it overlaps the next cell by 1e-4 m or more, whatever the position's rounding does: between
        # the two it is kept inside, never said to overlap a cell it only grazes.
        over = inside + 2e-4
        shift = (2 * unit - 1) * stage.goal_offset
        step = 1 if shift > over else -1 if shift < -over else 0
        if step == 0 or _beside(cell, axis, step) not in allowed:
            shift, step = max(-inside, min(inside, shift)), 0
        offset.append(shift)
        side.append(step)
    if side[0] and side[1] and (cell[0] + side[0], cell[1] + side[1]) not in allowed:
        axis = 0 if abs(offset[0]) < abs(offset[1]) else 1
        inside = CELL / 2 - stage.goal_half[axis] - 1e-4
        offset[axis], side[axis] = max(-inside, min(inside, offset[axis])), 0
    cols, rows = sorted({cell[0], cell[0] + side[0]}), sorted({cell[1], cell[1] + side[1]})
    x, z = stage.layout.centre(cell)
    position = (round(x + offset[0], 4) + 0.0, round(z + offset[1], 4) + 0.0)
    return Goal(cell, position, tuple((col, row) for col in cols for row in rows))


def _beside(cell: Cell, axis: int, step: int) -> Cell:
    return (cell[0] + step, cell[1]) if axis == 0 else (cell[0], cell[1] + step)


def _try_trial(stage: Stage, kind: str, shown: bool, goal: Goal, room: int, steps: int,
               rng: np.random.Generator) -> _Plan | None:
    layout, grid = stage.layout, stage.layout.grid
    slot_from = slot_to = None
    if shown:
        slot_from = room if kind == HELP else 1 - room
        slot_to = {HELP: 1 - room, HINDER: room, NONE: slot_from}[kind]
    agents = {role: getattr(stage, role).cells for role in ("main", *ROLES)}
    occupied = grid.mask((*goal.cells, *(cell for cells in agents.values() for cell in cells)))
    if slot_from is not None:
        occupied |= grid.mask(layout.slots[slot_from])
    move = None
    if kind != NONE:
        role = "helper" if kind == HELP else "hinderer"
        assert slot_from is not None and slot_to is not None
        move = _plan_move(stage, role, slot_from, slot_to, occupied & ~grid.mask(agents[role]), rng)
        if move is None:
            return None
        agents[role] = (move.end_cell,)
    # The primary agent walks with the occluder in its end slot and the mover where it stopped.
    blocked = grid.mask((*agents["helper"], *agents["hinderer"]))
    if slot_to is not None:
        blocked |= grid.mask(layout.slots[slot_to])
    under = grid.mask(goal.cells)
    free = grid.free & ~blocked & ~under
    targets = grid.neighbours(under, free)
    order = DIRECTION_ORDERS[int(rng.integers(len(DIRECTION_ORDERS)))]
    path = grid.shortest_path(grid.mask(stage.main.cells), targets, free, order)
    reached = path is not None
    if reached != (kind != HINDER):
        return None
    if kind != NONE and _goal_reachable(stage, goal, slot_from) == reached:
        return None  # the mover must change whether the goal can be reached
    if path is None:
        assert slot_to is not None  # only a hinderer's trial leaves the goal out of reach
        points = stopped_short(stage, nearest_approach(stage, under, free, order), free, slot_to, blocked)
    else:
        walked = route_to(stage, stage.main, path, free, goal.position, stage.goal_half, blocked)
        if walked is None:
            return None
        points = walked
    speed = pace(stage, steps, [points])
    mover_speed = 0.0 if move is None else even_pace(stage.mover_steps, [move.approach, list(move.slide)])
    return _Plan(goal, room, slot_from, slot_to, move, walk(points, speed), reached, speed, mover_speed)


def _plan_move(stage: Stage, role: str, slot_from: int, slot_to: int, occupied: int,
               rng: np.random.Generator) -> _Move | None:
    """The mover's walk to the nearer end of the occluder, its contact, and the push or pull to the other slot."""
    layout, grid = stage.layout, stage.layout.grid
    actor: Actor = getattr(stage, role)
    free = grid.free & ~occupied
    order = DIRECTION_ORDERS[int(rng.integers(len(DIRECTION_ORDERS)))]
    path = grid.shortest_path(grid.mask(actor.cells), grid.mask(layout.ends[slot_from]) & free, free, order)
    if path is None:
        return None
    block_from, block_to = slot_centre(layout, slot_from), slot_centre(layout, slot_to)
    stand = layout.centre(path[-1])
    # The last step is straight along the track: the mover pushes or pulls the occluder along it.
    touch = contact_point(stand, block_from, plus(OCCLUDER_HALF, actor.half))
    offset = (touch[0] - block_from[0], touch[1] - block_from[1])
    rows = layout.slots[slot_to][0][1] - layout.slots[slot_from][0][1]
    end_cell = (path[-1][0], path[-1][1] + rows)
    return _Move(role, [*route(stage, actor, path, free), touch], (block_from, block_to), offset, end_cell)


def _goal_reachable(stage: Stage, goal: Goal, slot: int | None) -> bool:
    """Whether the primary agent could reach the goal with the occluder in ``slot`` and everyone at their start."""
    layout, grid = stage.layout, stage.layout.grid
    blocked = grid.mask((*goal.cells, *stage.helper.cells, *stage.hinderer.cells))
    if slot is not None:
        blocked |= grid.mask(layout.slots[slot])
    free = grid.free & ~blocked
    targets = grid.neighbours(grid.mask(goal.cells), free)
    starts = grid.mask(stage.main.cells)
    return bool(grid.reachable(starts, free | starts) & targets)


def _script_test(stage: Stage, out: Script, rng: np.random.Generator) -> None:
    """Both test walks, at one speed: the two scenes differ in where the agent goes, not in how it moves. Each
    stops where it would touch the larger of the two agents, so that when the primary agent starts on the line
    of symmetry between them, the walk to the hinderer is the mirror image of the walk to the helper, to its
    last keyframe (as in every evaluation scene): it stops short of a smaller hinderer by the difference."""
    grid = stage.layout.grid
    free = grid.free & ~grid.mask((*stage.helper.cells, *stage.hinderer.cells))
    reach = (max(stage.helper.half[0], stage.hinderer.half[0]), max(stage.helper.half[1], stage.hinderer.half[1]))
    routes: dict[str, list[Point]] = {}
    for role, other in zip(ROLES, ROLES[::-1], strict=True):
        target: Actor = getattr(stage, role)
        order = DIRECTION_ORDERS[int(rng.integers(len(DIRECTION_ORDERS)))]
        targets = grid.neighbours(grid.mask(target.cells), free)
        path = grid.shortest_path(grid.mask(stage.main.cells), targets, free, order)
        if path is None:
            raise GenerationError(f"test trial: the primary agent cannot reach the {role}")
        points = route_to(stage, stage.main, path, free, target.home, reach, grid.mask(getattr(stage, other).cells))
        if points is None:
            raise GenerationError(f"test trial: the primary agent cannot walk up to the {role}")
        routes[role] = points
        if _mirrors(stage, path, free):
            routes["hinderer"] = [(x, rounded(2 * stage.main.home[1] - z)) for x, z in points]
            break
    out.test_speed = pace(stage, stage.steps[-1], list(routes.values()))
    first = out.test_start + START_DELAY
    for role, points in routes.items():
        keyframes: list[Keyframe] = []
        _append(keyframes, walk(points, out.test_speed), first)
        out.test[role] = keyframes
        out.test_ends[role] = keyframes[-1][1:]
    out.last_step = first + max(map(len, out.test.values())) - 1 + TEST_END_DELAY


def _mirrors(stage: Stage, path: Sequence[Cell], free: int) -> bool:
    """Whether the primary agent's walk to the helper along ``path``, mirrored across the line the primary agent
    starts on, is its walk to the hinderer: the two stand mirrored across that line, and so does every blocked
    cell in the columns the walk crosses (a walk sweeps no other column: an agent is narrower than a cell)."""
    (helper_col, helper_row), (hinderer_col, hinderer_row) = stage.helper.cells[0], stage.hinderer.cells[0]
    line = stage.layout.centre(stage.helper.cells[0])[1] + stage.layout.centre(stage.hinderer.cells[0])[1]
    if helper_col != hinderer_col or abs(2 * stage.main.home[1] - line) > 1e-9:
        return False
    columns = {col for col, _ in path} | {helper_col}
    blocked = {cell for cell in stage.layout.grid.cells(stage.layout.grid.interior & ~free) if cell[0] in columns}
    return {(col, helper_row + hinderer_row - row) for col, row in blocked} == blocked


def _reset(stage: Stage, out: Script, step: int, roles: set[str]) -> None:
    for role in ("main", *ROLES):
        if role in roles:
            actor: Actor = getattr(stage, role)
            getattr(out, role).append((step, *actor.home))


def _append(keyframes: list[Keyframe], positions: Sequence[Point], first: int) -> int:
    """Add one keyframe per position from step ``first``; return the step after the last."""
    keyframes.extend((first + k, x, z) for k, (x, z) in enumerate(positions))
    return first + len(positions)
