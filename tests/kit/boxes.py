"""Where a scene's objects stand as boxes (low and high corners), held to the room and to each other by the
property tests of the families whose scenes settle: a family's test says how its objects come to rest."""

from __future__ import annotations

import itertools
from typing import Any

Box = tuple[tuple[float, ...], tuple[float, ...]]

#: What writing places and sizes to 4 decimals allows two boxes to share, or a box to stand outside the room.
SLACK = 1e-3


def overlap(a: Box, b: Box) -> bool:
    """Whether two boxes share more than :data:`SLACK` along every axis."""
    return all(min(a[1][k], b[1][k]) - max(a[0][k], b[0][k]) > SLACK for k in range(3))


def assert_in_room_and_apart(scene: dict[str, Any], placed: dict[str, Box]) -> None:
    """Every box, by id, on or above the floor and within the room's walls, and no two of them overlapping."""
    half_x, half_z = scene["roomDimensions"]["x"] / 2, scene["roomDimensions"]["z"] / 2
    for key, (low, high) in placed.items():
        assert -half_x - SLACK <= low[0] and high[0] <= half_x + SLACK and -half_z - SLACK <= low[2], key
        assert high[2] <= half_z + SLACK and low[1] >= -SLACK, key
    for a, b in itertools.combinations(placed, 2):
        assert not overlap(placed[a], placed[b]), (a, b)
