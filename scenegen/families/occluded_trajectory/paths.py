"""The model Occluded Trajectory and Collisions labels by (``docs/fidelity/occluded_trajectory.md`` states it): which
side of the lava a rolling ball ends on, and whether a ball launched at a resting one strikes it head-on or misses.

A ball rolls straight along its heading, toward the performer's end of the room (-z), until it meets a wall. The
side is sure when the ball either surely clears the lava strip before it can meet the occluder (within the
distance it surely rolls, :func:`scenegen.mcs.launch.sure_reach`), or cannot touch the strip before it meets the
front wall (it may pass under an occluder still coming down), or rolls away from the strip. What follows a rebound
off a wall never carries the ball back over the lava: the evaluation states this of its launches (never so hard
nor so angled), and the family keeps to their envelope (no impulse above 28, the strongest; a turn toward the lava
of 0 to 35 degrees, the widest).

A strike is head-on when the line of the launched ball's centre passes within :data:`HEAD_ON` of the resting
ball's centre: the struck ball leaves along the line of centres (within the small angle that offset allows) at
no less than half the striker's speed at contact (equal masses; an inelastic strike shares the momentum, an
elastic one passes it all on), and no more than all of it. A miss passes the resting ball by :data:`MISS_CLEAR`
at least beyond touching; a striker that has turned off a side wall moves on away from the resting ball (-z), so
it must pass it before meeting one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from scenegen.mcs.launch import slowest_speed, sure_reach

Point = tuple[float, float]

#: The lava strip: the floor cells at x 0, from x -0.5 to 0.5, the room's whole depth.
LAVA_HALF = 0.5
#: How far clear of an edge (the lava's, a wall's, the occluder's) along the path a sure outcome keeps.
MARGIN = 0.05
#: The farthest the line of the launched ball's centre passes from the resting ball's centre in a head-on strike.
HEAD_ON = 0.01
#: How much farther apart than touching the two balls' centres stay in a miss.
MISS_CLEAR = 0.5


@dataclass(frozen=True)
class Room:
    """Where a ball's centre meets the walls: the occluder's far face and the front wall (z), a side wall (x, less
    :data:`MARGIN`)."""

    occluder_z: float
    front_z: float
    half_width: float


def side_of(x: float) -> str:
    return "left" if x < 0 else "right"


def rolled_side(start: Point, heading: Point, reach: float, room: Room, radius: float) -> tuple[str, bool] | None:
    """The side a ball rolling from ``start`` along the unit ``heading`` ends on and whether it crosses the lava,
    or None when the model is not sure (it may stop on the lava); ``reach``: how far it surely rolls."""
    x, z = start
    hx, hz = heading
    clear = LAVA_HALF + radius
    if hz >= 0 or abs(x) < clear:
        return None
    to_occluder, to_front = (z - room.occluder_z) / -hz, (z - room.front_z) / -hz
    if hx * x >= 0:
        return side_of(x), False
    near, far = (abs(x) - clear) / abs(hx), (abs(x) + clear) / abs(hx)
    if near >= to_front + MARGIN:
        return side_of(x), False
    if far + MARGIN <= min(to_occluder, reach):
        return side_of(-x), True
    return None


@dataclass(frozen=True)
class Strike:
    """Where the launched ball's centre is when the balls touch (None: a miss) and the headings the struck ball
    may leave along."""

    contact: Point | None
    headings: tuple[Point, ...] = ()


def strike(launch: Point, heading: Point, speed: float, target: Point, radii: float, room: Room
           ) -> tuple[Strike, float] | None:
    """Whether a ball launched from ``launch`` at ``speed`` strikes the resting ball at ``target`` head-on or
    misses it (``radii``: the sum of their radii), and the least speed the struck ball leaves at; None when
    neither is sure."""
    dx, dz = target[0] - launch[0], target[1] - launch[1]
    along, off = dx * heading[0] + dz * heading[1], abs(dx * heading[1] - dz * heading[0])
    wall = _side_wall(launch, heading, room)
    if off >= radii + MISS_CLEAR or along <= 0:
        passed = wall is None or target[1] >= launch[1] + heading[1] * wall + radii + MARGIN
        return (Strike(None), 0.0) if passed else None
    if off > HEAD_ON:
        return None
    travel = along - math.sqrt(radii * radii - off * off)
    to_occluder = (launch[1] - room.occluder_z) / -heading[1]
    if travel + MARGIN > min(to_occluder, sure_reach(speed)) or (wall is not None and travel + MARGIN > wall):
        return None
    contact = (launch[0] + heading[0] * travel, launch[1] + heading[1] * travel)
    spread = math.asin(off / radii)
    angle = math.atan2(heading[1], heading[0])
    headings = tuple((math.cos(angle + turn), math.sin(angle + turn)) for turn in (-spread, spread))
    return Strike(contact, headings), slowest_speed(speed, travel) / 2


def _side_wall(start: Point, heading: Point, room: Room) -> float | None:
    """How far a ball rolls from ``start`` before it meets a side wall, None if it meets the front wall first."""
    if heading[1] >= 0:
        return None
    to_front = (start[1] - room.front_z) / -heading[1]
    if abs(start[0] + heading[0] * to_front) <= room.half_width:
        return None
    return (math.copysign(room.half_width, heading[0]) - start[0]) / heading[0]


def struck_side(start: Point, found: Strike, speed: float, room: Room, radius: float) -> tuple[str, bool] | None:
    """The side a struck ball ends on (and whether it crosses the lava): the same whichever heading of ``found`` it
    leaves along, at ``speed`` or faster; a missed ball stays where it rests."""
    if found.contact is None:
        return (side_of(start[0]), False) if abs(start[0]) >= LAVA_HALF + radius else None
    sides = {rolled_side(start, heading, sure_reach(speed), room, radius) for heading in found.headings}
    return sides.pop() if len(sides) == 1 else None
