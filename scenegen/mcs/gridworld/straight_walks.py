"""Straight walks of a grid-world agent up to an object, and their pace (Object Preference, Efficient Action).

Footprints are boxes along x and z. An agent heading straight for an object's centre first touches it where the
later of the two slabs of their summed half extents begins; it stops :data:`CONTACT_GAP` short of that, so that
rounding positions to 0.1 mm never makes the two overlap.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from scenegen.mcs.gridworld.cast import Keyframe
from scenegen.mcs.gridworld.motion import Point, path_length

#: How far short of touching a walk stops, in metres.
CONTACT_GAP = 2e-4


def stop_short(start: Point, target: Point, half: Point, target_half: Point) -> Point:
    """Where an agent of half extents ``half`` walking straight from ``start`` toward ``target``'s centre stops,
    :data:`CONTACT_GAP` short of touching it on the axis where they would touch."""
    dx, dz = target[0] - start[0], target[1] - start[1]
    length = math.hypot(dx, dz)
    ux, uz = dx / length, dz / length
    reach = (half[0] + target_half[0], half[1] + target_half[1])
    # the axis whose gap closes last is where the boxes would first touch; stopping CONTACT_GAP short along that axis
    # (not along the walk, which on a slant leaves that axis a fraction of it, less than a position's rounding)
    enter, axis_share = max(((abs(d) - r) / abs(u), abs(u)) for d, r, u in ((dx, reach[0], ux), (dz, reach[1], uz))
                            if u)
    along = enter - CONTACT_GAP / axis_share
    return start[0] + ux * along, start[1] + uz * along


def pace(points: Sequence[Point], steps: int, speeds: tuple[float, float]) -> float:
    """The speed, within ``speeds`` (slowest, fastest), at which the polyline ``points`` takes ``steps`` steps;
    rounded up to 0.1 mm (rounded down, the walk would take a step more)."""
    return min(max(math.ceil(path_length(points) / steps * 1e4) / 1e4, speeds[0]), speeds[1])


def append_walk(keyframes: list[Keyframe], positions: Sequence[Point], first: int) -> int:
    """Add one keyframe per position from step ``first``; return the step of the last (where the walk ends)."""
    keyframes.extend((first + k, x, z) for k, (x, z) in enumerate(positions))
    return first + len(positions) - 1
