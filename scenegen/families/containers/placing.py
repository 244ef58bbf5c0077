"""Where Retrieval - Containers' objects go: objects at places a config fixes are tested as their footprints
(oriented boxes, exactly), objects scattered about the room as the discs that hold them at any rotation (fast,
and never closer than their footprints would allow)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from scenegen.mcs.geometry.catalog import footprints, object_size
from scenegen.mcs.geometry.overlap import self_overlap
from scenegen.mcs.geometry.shapes import Footprints

#: How far apart two objects' footprints keep (each box grown by half of it); the evaluation's closest pair, a
#: toolbox and a bowl, are 0.054 m apart.
GAP = 0.04
#: How far a scattered object's disc keeps from another's.
SPACING = 0.1
#: How far every object keeps from the walls.
WALL = 0.1
#: Candidate places drawn at once for a scattered object.
BATCH = 48


@dataclass(frozen=True)
class Item:
    """An object on the floor: its type, centre (x, z), rotation y and scale (x, y, z)."""

    type: str
    centre: tuple[float, float]
    turn: float
    scale: tuple[float, float, float]


def disc(item: Item) -> tuple[float, float, float]:
    """The centre and radius of the smallest disc about an item's centre holding its footprint at any rotation."""
    size_x, _, size_z = object_size(item.type)
    return (*item.centre, math.hypot(size_x * item.scale[0], size_z * item.scale[2]) / 2)


def room_ok(items: Sequence[Item], room: tuple[float, float]) -> bool:
    """Whether every item's footprint lies inside the room, :data:`WALL` from its walls."""
    if not items:
        return True
    bounds = _footprints(items).boxes.bounds()
    half = np.array(room) / 2 - WALL
    return bool((bounds[:, :2] >= -half).all() and (bounds[:, 2:] <= half).all())


def apart(items: Sequence[Item], start: tuple[float, float], clear: float) -> bool:
    """Whether no two items' footprints come within :data:`GAP` and every item's disc keeps ``clear`` from the
    performer's start."""
    if not items:
        return True
    discs = np.array([disc(item) for item in items])
    if (np.hypot(discs[:, 0] - start[0], discs[:, 1] - start[1]) < discs[:, 2] + clear).any():
        return False
    return not self_overlap(_footprints(items), GAP / 2).any()


def scatter(radii: Sequence[float], taken: Sequence[tuple[float, float, float]], room: tuple[float, float],
            rng: np.random.Generator) -> np.ndarray | None:
    """Centres, in turn, for discs of ``radii`` inside the room, each :data:`SPACING` from the discs ``taken``
    (x, z, radius) and from those placed before it; None when one finds no place in a batch of candidates."""
    placed = np.array(taken, dtype=float).reshape(-1, 3)
    centres = np.empty((len(radii), 2))
    half = np.array(room) / 2 - WALL
    for index, radius in enumerate(radii):
        room_left = half - radius
        candidates = (rng.random((BATCH, 2)) * 2 - 1) * room_left
        gaps = np.hypot(candidates[:, None, 0] - placed[:, 0], candidates[:, None, 1] - placed[:, 1]) - placed[:, 2]
        free = (gaps >= radius + SPACING).all(axis=1)
        if not free.any():
            return None
        centres[index] = np.round(candidates[int(np.argmax(free))], 4)
        placed = np.vstack([placed, (*centres[index], radius)])
    return centres


def _footprints(items: Sequence[Item]) -> Footprints:
    return footprints([(item.type, (item.centre[0], 0.0, item.centre[1]), item.turn, item.scale) for item in items])
