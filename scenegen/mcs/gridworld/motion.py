"""Constant-speed motion along a polyline, one keyframe per step.

A polyline (a grid path shortened along lines of sight, then a straight approach
to contact; its legs go in any direction) is walked by arc length: keyframe ``k``
is the point ``k * speed`` metres along it, and the last keyframe is the end
point. Positions are rounded to 0.1 mm.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

Point = tuple[float, float]

DECIMALS = 4
_QUANTUM = 10.0**DECIMALS


def rounded(value: float) -> float:
    """``value`` to 0.1 mm, never ``-0.0``."""
    return round(value, DECIMALS) + 0.0


def ceil_distance(value: float) -> float:
    """``value`` rounded up to 0.1 mm: a contact distance that rounding can never turn into an overlap."""
    return math.ceil(value * _QUANTUM - 1e-6) / _QUANTUM


def path_length(points: Sequence[Point]) -> float:
    """The length of the polyline through ``points``, in metres."""
    return sum(math.hypot(bx - ax, bz - az) for (ax, az), (bx, bz) in itertools.pairwise(points))


def walk(points: Sequence[Point], speed: float) -> list[Point]:
    """Positions after each step of walking ``points`` at ``speed`` m/step (empty for a path of no length).

    Keyframe ``k`` lies ``k * speed`` metres along the polyline; the last is its end point.
    """
    positions: list[Point] = []
    ahead = speed  # distance from the current leg's start to the next keyframe
    for (ax, az), (bx, bz) in itertools.pairwise(points):
        length = math.hypot(bx - ax, bz - az)
        if length == 0.0:
            continue
        ux, uz = (bx - ax) / length, (bz - az) / length
        if uz == 0.0:  # along x: z stays put
            z = rounded(az)
            while ahead < length - 1e-9:
                positions.append((round(ax + ux * ahead, DECIMALS) + 0.0, z))
                ahead += speed
        elif ux == 0.0:  # along z
            x = rounded(ax)
            while ahead < length - 1e-9:
                positions.append((x, round(az + uz * ahead, DECIMALS) + 0.0))
                ahead += speed
        else:
            while ahead < length - 1e-9:
                positions.append((round(ax + ux * ahead, DECIMALS) + 0.0, round(az + uz * ahead, DECIMALS) + 0.0))
                ahead += speed
        ahead -= length
    if positions or (len(points) > 1 and points[-1] != points[0]):
        positions.append((rounded(points[-1][0]), rounded(points[-1][1])))
    return positions


def contact_point(stand: Point, target: Point, reach: Point) -> Point:
    """Where an agent standing at ``stand`` stops on its way straight toward ``target``: touching it.

    ``stand`` and ``target`` share an x or a z (a 4-connected approach); ``reach`` is
    the sum of the two objects' half extents along x and along z. The gap left is
    under 0.1 mm, never an overlap.
    """
    dx, dz = target[0] - stand[0], target[1] - stand[1]
    if dx and dz:
        raise ValueError(f"an approach from {stand} to {target} is not along an axis")
    if dx:
        return rounded(target[0] - math.copysign(ceil_distance(reach[0]), dx)), stand[1]
    return stand[0], rounded(target[1] - math.copysign(ceil_distance(reach[1]), dz))
