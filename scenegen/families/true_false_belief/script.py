"""Script the trials: who moves where, on which steps (docs/mcs_facts.md 12.3-12.4).

A familiarisation trial runs, from its first step ``S``: the primary agent stands
at its place, the object somewhere in its room (the home room), the two occluders
each 0.5 m in front of the object's depth in its room, or out of the way; from
``S + START_DELAY`` the primary agent walks to touching the object (it turns red);
the trial ends 5 or 6 steps after (``END_DELAYS``), and the object takes its colour back.

The test trial, from ``T``: the object stands at its old place behind an
occluder. The agent that goes first waits outside, behind the back wall, and
walks in by the doorway: the primary agent to its place (true belief), or the
secondary agent (false belief), while the other waits outside. The secondary
agent walks up to the object, which it then carries (they share a position) to
touching the new place; there it puts the object down and leaves by the doorway,
stopping outside. Under false belief the primary agent only then walks in. Last,
the primary agent walks to the new place (touching the object, which turns red)
or to the old place (standing on it): one file each. Every walk on the grid is a
grid path shortened along lines of sight, among the walls, the occluders, the
object and the other agent (:mod:`scenegen.mcs.gridworld.box_walks`).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from scenegen.errors import GenerationError
from scenegen.mcs.gridworld.belief_world import EXIT, OCCLUDER_HALF, OUTSIDE_SPEED, BeliefWorld
from scenegen.mcs.gridworld.box_walks import Boxes, Floor, route
from scenegen.mcs.gridworld.cast import START_DELAY, TEST_END_DELAY, Keyframe
from scenegen.mcs.gridworld.grid import DIRECTION_ORDERS
from scenegen.mcs.gridworld.motion import Point, walk
from scenegen.plugin.values import Value

END_DELAYS = (5, 6)  # steps from its contact with the object to the trial's end (the evaluation pair has both)
PAUSE = 2  # idle steps around picking the object up and putting it down
ENTRY_GAP = 3  # steps from the first agent's last keyframe to the second agent's first one
APPROACH_DELAY = 4  # steps from the last keyframe of anyone else to the primary agent's first test-trial step
#: Two places behind the same occluder stand at least this far apart (the object is 0.45 m across).
MIN_SEPARATION = 0.5
#: The gap the secondary agent leaves between itself and the new place where it puts the object down, so
#: that it can walk away without brushing it.
DROP_GAP = 0.01
ATTEMPTS = 50  # draws of a trial's depths before giving up
SEPARATION_DRAWS = 10_000  # draws of two depths for the same occluder before giving up

#: (step, x, z): where an actor is from that step on.
PLACES = ("old", "new")


@dataclass(frozen=True)
class Stage:
    """The world, the footprints and the samplers of one scene."""

    world: BeliefWorld
    floor: Floor
    primary_half: Point
    secondary_half: Point
    object_half: Point
    #: +1: the object's familiarisation room is the upper one; -1 the lower.
    room: int
    believes: bool
    same_occluder: bool
    depth: Value
    speed: Value
    #: Whether the occluders stand, per familiarisation trial.
    occluded: Sequence[bool]


@dataclass(frozen=True)
class TrialRecord:
    """One familiarisation trial, as the sample's params report it."""

    start: int
    end: int
    depth: float
    occluded: bool
    contact_step: int
    speed: float


@dataclass
class Script:
    """Every actor's keyframes, shared by the two files of a pair but for the primary agent's final walk."""

    primary: list[Keyframe] = field(default_factory=list)
    secondary: list[Keyframe] = field(default_factory=list)
    object: list[Keyframe] = field(default_factory=list)
    #: The upper room's occluder, then the lower one's.
    occluders: tuple[list[Keyframe], list[Keyframe]] = field(default_factory=lambda: ([], []))
    red_on: list[int] = field(default_factory=list)
    red_off: list[int] = field(default_factory=list)
    trials: list[TrialRecord] = field(default_factory=list)
    test_start: int = 0
    #: The step the primary agent is hidden from until it walks in (false belief), or None.
    primary_hidden: int | None = None
    test_speed: float = 0.0
    #: The object's old and new places in the test trial, and the steps it is picked up and put down.
    places: dict[str, Point] = field(default_factory=dict)
    carried: tuple[int, int] = (0, 0)
    #: The primary agent's final walk to each place (the old one, the new one).
    approaches: dict[str, list[Keyframe]] = field(default_factory=dict)
    last_step: int = 0


def script(stage: Stage, rng: np.random.Generator) -> Script:
    """Every keyframe of the familiarisation trials, then both versions of the test trial."""
    out = Script()
    start = 0
    for occluded in stage.occluded:
        start = _familiarization(stage, out, start, occluded, rng)
    out.test_start = start
    _test(stage, out, rng)
    return out


def _familiarization(stage: Stage, out: Script, start: int, occluded: bool, rng: np.random.Generator) -> int:
    """Script one familiarisation trial from ``start``; return the next trial's first step."""
    world, room = stage.world, stage.room
    speed = _draw(stage.speed, rng)
    for _ in range(ATTEMPTS):
        depth = _draw(stage.depth, rng)
        goal = world.object_place(depth, room)
        occluders = _occluders(world, depth, occluded)
        boxes = _walls(world).plus([(place, OCCLUDER_HALF) for place in occluders if occluded])
        points = route(stage.floor, world.home, stage.primary_half, boxes, _order(rng), goal,
                       _plus(stage.primary_half, stage.object_half))
        if points is not None:
            break
    else:
        raise GenerationError(f"familiarisation trial at step {start}: no depth of {ATTEMPTS} let the primary agent "
                              "reach the object")
    out.primary.append((start, *world.home))
    out.object.append((start, *goal))
    for track, place in zip(out.occluders, occluders, strict=True):
        track.append((start, *place))
    contact = _append(out.primary, _walk(points, speed), start + START_DELAY) - 1
    end = contact + END_DELAYS[int(rng.integers(len(END_DELAYS)))]
    out.red_on.append(contact)
    out.red_off.append(end)
    out.trials.append(TrialRecord(start, end, depth, occluded, contact, speed))
    return end


def _test(stage: Stage, out: Script, rng: np.random.Generator) -> None:
    """Script the test trial from ``out.test_start``: both versions of the primary agent's final walk."""
    world, start = stage.world, out.test_start
    out.test_speed = speed = _draw(stage.speed, rng)
    for _ in range(ATTEMPTS):
        plan = _plan_test(stage, speed, rng)
        if plan is not None:
            break
    else:
        raise GenerationError(f"test trial: no places of {ATTEMPTS} let every agent walk its part")
    out.places = {"old": plan.old, "new": plan.new}
    out.object.append((start, *plan.old))
    for track, place in zip(out.occluders, plan.occluders, strict=True):
        track.append((start, *place))
    # The first to come in shows at T and walks from T + 1 (the secondary agent shows a step later: it was
    # hidden at T); the other follows ENTRY_GAP steps after the first one's last keyframe. Under false belief
    # the primary agent is hidden from T, as in the evaluation, and reappears walking in.
    if stage.believes:
        out.primary.append((start, *world.entry(first=True)[0]))
        arrived = _append(out.primary, plan.primary_entry, start + 1) - 1
        step = _secondary(out, plan, arrived + ENTRY_GAP)
    else:
        out.primary_hidden = start
        left = _secondary(out, plan, start + 1)
        step = _append(out.primary, plan.primary_entry, left + ENTRY_GAP) - 1
    first = step + APPROACH_DELAY
    out.approaches = {name: [] for name in PLACES}
    for name in PLACES:
        _append(out.approaches[name], plan.approaches[name], first)
    out.last_step = max(track[-1][0] for track in out.approaches.values()) + TEST_END_DELAY


def _secondary(out: Script, plan: _TestPlan, shown: int) -> int:
    """Put the secondary agent's part on the timeline from step ``shown``; return its last keyframe's step.

    It picks the object up the step after touching it (the object jumps to its position), and puts it down
    ``PAUSE + 1`` steps after carrying it to touching the new place (the object jumps there)."""
    out.secondary.append((shown, *plan.secondary_entry[0]))
    contact = _append(out.secondary, [*plan.secondary_entry[1:], *plan.fetch], shown + 1) - 1
    picked = contact + 1
    out.object.append((picked, *out.secondary[-1][1:]))
    first = len(out.secondary)
    dropped = _append(out.secondary, plan.carry, picked + PAUSE + 1) + PAUSE
    out.object.extend(out.secondary[first:])
    out.object.append((dropped, *plan.new))
    out.carried = (picked, dropped)
    return _append(out.secondary, plan.leave, dropped + 1) - 1


@dataclass(frozen=True)
class _TestPlan:
    """The test trial's places and walks (positions after each step), before they are put on the timeline."""

    old: Point
    new: Point
    occluders: tuple[Point, Point]
    primary_entry: list[Point]
    #: Where the secondary agent waits, then its steps outside to the doorstep.
    secondary_entry: list[Point]
    fetch: list[Point]
    carry: list[Point]
    leave: list[Point]
    approaches: dict[str, list[Point]]


def _plan_test(stage: Stage, speed: float, rng: np.random.Generator) -> _TestPlan | None:
    """Draw the old and new places and plan every test-trial walk; None when one of them cannot be walked."""
    world, room = stage.world, stage.room
    if stage.same_occluder:
        near, far = _separated_depths(stage, rng)
        depths = (near, far) if rng.integers(2) else (far, near)
        old, new = world.object_place(depths[0], room), world.object_place(depths[1], room)
        occluder_depth = near
    else:
        occluder_depth = _draw(stage.depth, rng)
        old, new = world.object_place(occluder_depth, room), world.object_place(occluder_depth, -room)
    occluders = _occluders(world, occluder_depth, True)
    walls = _walls(world).plus([(place, OCCLUDER_HALF) for place in occluders])
    home_box = [(world.home, stage.primary_half)] if stage.believes else []
    sec, obj = stage.secondary_half, stage.object_half
    reach = _plus(sec, obj)
    outside = world.entry(first=not stage.believes)
    carrying = (max(sec[0], obj[0]), max(sec[1], obj[1]))
    # The secondary agent walks up to the object keeping the room it will need once the object rides on it.
    fetch = route(stage.floor, outside[-1], carrying, walls.plus(home_box), _order(rng), old, reach)
    if fetch is None:
        return None
    carry = route(stage.floor, fetch[-1], carrying, walls.plus(home_box), _order(rng), new,
                  (reach[0] + DROP_GAP, reach[1] + DROP_GAP))
    if carry is None:
        return None
    leave = route(stage.floor, carry[-1], sec, walls.plus([*home_box, (new, obj)]), _order(rng), outside[-1])
    if leave is None:
        return None
    at_exit = [(world.outside(EXIT), sec)]
    routes = {
        "new": route(stage.floor, world.home, stage.primary_half, walls.plus(at_exit), _order(rng), new,
                     _plus(stage.primary_half, obj)),
        "old": route(stage.floor, world.home, stage.primary_half, walls.plus([*at_exit, (new, obj)]), _order(rng),
                     old),
    }
    approaches = {place: _walk(points, speed) for place, points in routes.items() if points is not None}
    if len(approaches) < len(routes):
        return None
    return _TestPlan(
        old=old, new=new, occluders=occluders,
        primary_entry=list(_outside_walk(world, stage.believes, True)),
        secondary_entry=[outside[0], *_outside_walk(world, not stage.believes, False)],
        fetch=_walk(fetch, speed),
        carry=_walk(carry, speed),
        leave=[*_walk(leave, speed), *_walk([leave[-1], world.outside(EXIT)], OUTSIDE_SPEED)],
        approaches=approaches,
    )


def _walk(points: Sequence[Point], speed: float) -> list[Point]:
    """Positions after each step along ``points``, with a keyframe on every corner: obstacles here may stand
    within millimetres of a walk, so the straight line between two keyframes must not cut a corner."""
    return [position for leg in itertools.pairwise(points) for position in walk(leg, speed)]


@cache
def _outside_walk(world: BeliefWorld, first: bool, home: bool) -> tuple[Point, ...]:
    """The steps in from where the first (or second) agent waits outside to the doorstep, and on to the primary
    agent's place when ``home``: the same in every scene of a world."""
    return tuple(_walk([*world.entry(first), *([world.home] if home else [])], OUTSIDE_SPEED))


def _separated_depths(stage: Stage, rng: np.random.Generator) -> tuple[float, float]:
    """Two depths at least ``MIN_SEPARATION`` apart, nearer first: pairs drawn until one is (cheap draws; the
    config is refused up front when its depths cannot be that far apart)."""
    for _ in range(SEPARATION_DRAWS):
        near, far = sorted((_draw(stage.depth, rng), _draw(stage.depth, rng)))
        if far - near >= MIN_SEPARATION:
            return near, far
    raise GenerationError(f"no two of {SEPARATION_DRAWS} depth draws stood {MIN_SEPARATION} m apart")


def _occluders(world: BeliefWorld, depth: float, standing: bool) -> tuple[Point, Point]:
    """Where the upper and the lower room's occluders stand: in front of ``depth``, or out of the way."""
    if standing:
        return world.occluder_place(depth, 1), world.occluder_place(depth, -1)
    return world.parked(1), world.parked(-1)


def _walls(world: BeliefWorld) -> Boxes:
    return Boxes(world.wall_centres, world.wall_halves)


def _append(keyframes: list[Keyframe], positions: Sequence[Point], first: int) -> int:
    """Add one keyframe per position from step ``first``; return the step after the last."""
    keyframes.extend((first + k, x, z) for k, (x, z) in enumerate(positions))
    return first + len(positions)


def _draw(value: Value, rng: np.random.Generator) -> float:
    return round(float(value.sample(rng)), 4)


def _order(rng: np.random.Generator) -> tuple[int, ...]:
    return DIRECTION_ORDERS[int(rng.integers(len(DIRECTION_ORDERS)))]


def _plus(a: Point, b: Point) -> Point:
    return a[0] + b[0], a[1] + b[1]
