"""Scattering objects of one shape over an empty rectangle of floor, none touching another.

The rectangle is cut into a grid of cells, each at least as wide as the
circumscribed circle of the shape grown by the margin; each object gets a cell
of its own and a centre far enough inside it that no two circles meet, so the
objects are apart at any rotation by construction and no pair needs testing.  That costs a handful
of array operations where rejection sampling tests a batch pair by pair.  When the
rectangle has fewer cells than objects, :func:`~.place.place_many` packs them by
rejection instead (or raises :class:`~.place.PlacementError`).
"""

from __future__ import annotations

import math

import numpy as np

from scenegen.mcs.geometry.place import place_many
from scenegen.mcs.geometry.samplers import InRect, Poses, Rotation, draw_rotations
from scenegen.mcs.geometry.shapes import Boxes


def scatter(count: int, shape: Boxes, low: tuple[float, float], high: tuple[float, float],
            rng: np.random.Generator, *, rotation: Rotation = None, margin: float = 0.0, name: str = "object") -> Poses:
    """Poses for ``count`` objects of ``shape`` with centres in the rectangle ``low`` = (xmin, zmin) ..
    ``high``, rotated by the rotation spec (default: uniform), kept ``2 * margin`` apart.

    The rectangle must be empty floor on which the shape fits at every centre and
    rotation it may take (keep it :func:`circumradius` inside its region): only
    the objects' clearance from one another is ensured here.  Cells are drawn
    uniformly without replacement and centres uniformly within what each cell leaves.
    ``name`` names the objects in the :class:`~.place.PlacementError` of a rectangle too small.
    """
    spacing = 2 * circumradius(shape, margin)
    low_corner = np.asarray(low, dtype=float)
    # Cells tile the rectangle grown by half a spacing on every side; a centre keeps half a spacing
    # from its cell's edges, so it stays inside the rectangle and a spacing from any other cell's centre.
    tiled = np.asarray(high, dtype=float) - low_corner + spacing
    columns, rows = (max(int(cells), 0) for cells in (tiled // spacing).tolist())
    if columns * rows < count:
        placed = place_many(name, count, shape, InRect(low, high, rotation), (), Boxes.empty(), rng, margin=margin)
        return Poses(np.array([p.centre for p in placed]).reshape(-1, 2), np.array([p.angle for p in placed]))
    size = tiled / (columns, rows)
    rows_taken, columns_taken = np.divmod(rng.permutation(columns * rows)[:count], columns)
    cells = np.empty((count, 2))
    cells[:, 0], cells[:, 1] = columns_taken, rows_taken
    centres = low_corner + cells * size + rng.random((count, 2)) * (size - spacing)
    return Poses(centres, draw_rotations(rng, count, rotation))


def circumradius(shape: Boxes, margin: float = 0.0) -> float:
    """The radius of a circle about the pivot that holds ``shape``, each box grown by ``margin`` on every
    side (as the overlap test grows them), at every rotation."""
    return max(math.hypot(*centre) + math.hypot(half_x + margin, half_z + margin)
               for centre, (half_x, half_z) in zip(shape.centre.tolist(), shape.half.tolist(), strict=True))
