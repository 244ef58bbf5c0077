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


def fixed_ok(items: Sequence[Item], room: tuple[float, float], start: tuple[float, float], clear: float) -> bool:
    """Whether every item's footprint lies inside the room, :data:`WALL` from its walls, no two come within
    :data:`GAP`, and every item's disc keeps ``clear`` from the performer's start."""
    if not items:
        return True
    discs = np.array([disc(item) for item in items])
    if (np.hypot(discs[:, 0] - start[0], discs[:, 1] - start[1]) < discs[:, 2] + clear).any():
        return False
    half = np.array(room) / 2 - WALL
    if len(items) == 1:  # alone, its disc inside the room will do (a scattering config's ball on the floor)
        return bool((np.abs(discs[0, :2]) + discs[0, 2] <= half).all())
    placed = _footprints(items)
    bounds = placed.boxes.bounds()
    if (bounds[:, :2] < -half).any() or (bounds[:, 2:] > half).any():
        return False
    return not self_overlap(placed, GAP / 2).any()


def scatter(radii: Sequence[float], taken: Sequence[tuple[float, float, float]], room: tuple[float, float],
            rng: np.random.Generator) -> np.ndarray | None:
    """Centres, in turn, for discs of ``radii`` inside the room, each :data:`SPACING` from the discs ``taken``
    (x, z, radius) and from those placed before it; None when one finds no place in a batch of candidates."""
    sizes = np.asarray(radii, dtype=float)
    fixed = np.array(taken, dtype=float).reshape(-1, 3)
    reach = np.array(room) / 2 - WALL - sizes[:, None]
    candidates = (rng.random((len(sizes), BATCH, 2)) * 2 - 1) * reach[:, None, :]
    # Clear of what was there before, for every object's every candidate at once; of one another, in turn.
    gaps = np.hypot(candidates[..., None, 0] - fixed[:, 0], candidates[..., None, 1] - fixed[:, 1]) - fixed[:, 2]
    free = (gaps >= sizes[:, None, None] + SPACING).all(axis=2)
    centres = np.empty((len(sizes), 2))
    for index, radius in enumerate(sizes):
        near = np.hypot(candidates[index, :, None, 0] - centres[:index, 0],
                        candidates[index, :, None, 1] - centres[:index, 1]) - sizes[:index]
        usable = free[index] & (near >= radius + SPACING).all(axis=1)
        if not usable.any():
            return None
        centres[index] = candidates[index, int(np.argmax(usable))]
    # The file writes places to 1e-4 m; SPACING leaves room for the rounding.
    return np.round(centres, 4)


def _footprints(items: Sequence[Item]) -> Footprints:
    return footprints([(item.type, (item.centre[0], 0.0, item.centre[1]), item.turn, item.scale) for item in items])
