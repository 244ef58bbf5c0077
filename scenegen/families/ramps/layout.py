"""Where the platforms and ramps of a Navigation - Ramps room stand, from the drawn parameters.

The first platform stands against the back wall (the front wall when the layout is flipped), or across the room's
whole width (a bridge, a ramp on each face); the second stands on the first, flush with its back edge (stacked), or
against the opposite wall (pair). A ramp rises from the surface its platform stands on; ``inward`` puts it on the
face toward the room's middle. A layout whose ramps leave the room, overlap, or miss the surface they land on is
not laid out (the sample is drawn again).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping
from typing import Any

from scenegen.mcs.ramps import FLOOR, STEP_OFF, Bounds, Platform, Ramp, ramp_against

#: A ramp's draw of a ramp parameter (``ramp.angle``, ``ramp.width``, ``ramp.place``): the ramp's number, the path.
Draw = Callable[[int, str], float]


def platforms(drawn: Mapping[str, Any]) -> tuple[Platform, ...] | None:
    """The layout's platforms, first then second; None when the second does not fit on the first."""
    width, depth = float(drawn["room.width"]), float(drawn["room.depth"])
    flip = -1.0 if drawn["layout.flip"] else 1.0
    kind = drawn["layout.kind"]
    first_depth = min(float(drawn["first.depth"]), depth)
    if kind == "bridge":
        z = -depth / 2 + first_depth / 2 + drawn["first.place"] * (depth - first_depth)
        first = _platform((-width / 2, width / 2, z - first_depth / 2, z + first_depth / 2), flip, FLOOR, 0.0,
                          drawn["first.height"])
        return (first,)
    first_width = min(float(drawn["first.width"]), width)
    x0 = -width / 2 + drawn["first.place"] * (width - first_width)
    first = _platform((x0, x0 + first_width, depth / 2 - first_depth, depth / 2), flip, FLOOR, 0.0,
                      drawn["first.height"])
    second_width, second_depth = float(drawn["second.width"]), float(drawn["second.depth"])
    if kind == "stacked":
        if second_width > first_width or second_depth >= first_depth:
            return None
        x0 += drawn["second.place"] * (first_width - second_width)
        bounds = (x0, x0 + second_width, depth / 2 - second_depth, depth / 2)
        return first, _platform(bounds, flip, 0, first.top, drawn["second.height"])
    second_width = min(second_width, width)
    x0 = -width / 2 + drawn["second.place"] * (width - second_width)
    bounds = (x0, x0 + second_width, -depth / 2, -depth / 2 + second_depth)
    return first, _platform(bounds, flip, FLOOR, 0.0, drawn["second.height"])


def _platform(bounds: Bounds, flip: float, below: int, base: float, height: float) -> Platform:
    x0, x1, z0, z1 = bounds
    z0, z1 = sorted((z0 * flip, z1 * flip))
    return Platform((round(x0, 4), round(x1, 4), round(z0, 4), round(z1, 4)), below, base, round(base + height, 4))


def ramps(drawn: Mapping[str, Any], stands: tuple[Platform, ...], draw: Draw,
          room: tuple[float, float]) -> tuple[Ramp, ...] | None:
    """Each platform's ramps (a bridge's on both faces), in turn, their angle, width and place from ``draw``; None
    when one does not fit."""
    if drawn["layout.kind"] == "bridge":
        sides = [(0, "front"), (0, "back")]
    else:
        sides = [(k, _side(drawn[f"{section}.ramp_side"], stands[k]))
                 for k, section in enumerate(("first", "second"))]
    made = [_ramp(stands, index, side, functools.partial(draw, k)) for k, (index, side) in enumerate(sides)]
    if any(ramp is None for ramp in made):
        return None
    placed = tuple(ramp for ramp in made if ramp is not None)
    return placed if _fit(placed, stands, room) else None


def _side(side: str, platform: Platform) -> str:
    """The lip side of ``side`` (inward: the face toward the room's middle along z)."""
    if side != "inward":
        return side
    return "front" if platform.bounds[2] + platform.bounds[3] > 0 else "back"


def _ramp(stands: tuple[Platform, ...], index: int, side: str, draw: Callable[[str], float]) -> Ramp | None:
    platform = stands[index]
    x0, x1, z0, z1 = platform.bounds
    along = (x0, x1) if side in ("front", "back") else (z0, z1)
    width = draw("ramp.width")
    if width > along[1] - along[0]:
        return None
    length = (platform.top - platform.base) / math.tan(math.radians(draw("ramp.angle")))
    start = along[0] + draw("ramp.place") * (along[1] - along[0] - width)
    return ramp_against(stands, index, side, round(start, 4), round(width, 4), round(length, 4))


def _fit(placed: tuple[Ramp, ...], stands: tuple[Platform, ...], room: tuple[float, float]) -> bool:
    """Every ramp, and its foot's waypoint, stands on its surface, and nothing on a surface overlaps."""
    for ramp in placed:
        x0, x1, z0, z1 = (-room[0] / 2, room[0] / 2, -room[1] / 2, room[1] / 2) if ramp.below == FLOOR \
            else stands[ramp.below].bounds
        fx, fz = ramp.foot
        if not (x0 <= ramp.bounds[0] and ramp.bounds[1] <= x1 and z0 <= ramp.bounds[2] and ramp.bounds[3] <= z1
                and x0 + STEP_OFF <= fx <= x1 - STEP_OFF and z0 + STEP_OFF <= fz <= z1 - STEP_OFF):
            return False
    for surface in {FLOOR, *range(len(stands))}:
        boxes = [p.bounds for p in stands if p.below == surface] + [r.bounds for r in placed if r.below == surface]
        if any(_overlap(a, b) for k, a in enumerate(boxes) for b in boxes[k + 1:]):
            return False
    return True


def _overlap(a: Bounds, b: Bounds) -> bool:
    return a[0] < b[1] - 1e-6 and b[0] < a[1] - 1e-6 and a[2] < b[3] - 1e-6 and b[2] < a[3] - 1e-6
