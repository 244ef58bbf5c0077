"""Any-angle walks on the cell grid: a grid path shortened along lines of sight.

A breadth-first path (:meth:`CellGrid.shortest_path`) is a chain of cell centres.
:func:`shortened` walks it and keeps a corner only where the last kept point
cannot see the next point; :func:`approach` leaves the chain at its earliest
point from which an agent can walk straight to touching its target. "Can see"
means the agent's footprint, swept along the segment, overlaps no blocked cell:
the blocked cells are whole 0.5 m squares, so a diagonal never cuts a wall's
corner and a walk that clears the cells clears whatever stands in them.

Which cells a footprint sweeps between two cell centres depends only on the
grid's size and the footprint, so it is computed once (a numpy slab test of
every pair of cells at once) and kept as bitsets: a line of sight is then one
integer ``&``. Walks to contact end anywhere and are tested directly.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

import numpy as np

from scenegen.mcs.gridworld.grid import Cell
from scenegen.mcs.gridworld.layout import CELL, Layout
from scenegen.mcs.gridworld.motion import DECIMALS, Point

#: Clearance kept between a footprint and a blocked cell, so that positions rounded to 0.1 mm never overlap one.
CLEARANCE = 1e-3
#: Extra reach at contact: the gap left once the contact point is rounded to 0.1 mm (never an overlap).
CONTACT_GAP = 1.5e-4


def centres_of(layout: Layout, cells: Iterable[Cell]) -> np.ndarray:
    """World (x, z) centres of the walls and ``cells``, as an ``(n, 2)`` array.

    The border ring is left out: the interior is a square, so a walk between two
    points whose footprints lie inside it stays inside it.
    """
    extra = [layout.centre(cell) for cell in cells]
    return np.vstack([layout.walls_xz, np.array(extra, dtype=float).reshape(-1, 2)])


def hits(starts: np.ndarray, ends: np.ndarray, half: Point, blocked: np.ndarray) -> np.ndarray:
    """For each segment ``starts[k] -> ends[k]`` (``(m, 2)`` arrays) and blocked cell (``(n, 2)`` centres),
    whether a box of half extents ``half`` swept along the segment enters the cell; an ``(m, n)`` array.

    The slab test: along each axis, the fractions of the segment during which the box overlaps the cell's
    (grown) square; the box hits the cell when the two intervals overlap within [0, 1]. Along an axis the
    segment does not move, the fractions are all (inside) or none, from the signs of infinite products; a
    box that exactly touches a square along it gives NaN, which compares false: touching is not hitting.
    """
    reach = np.array([CELL / 2 + half[0] + CLEARANCE, CELL / 2 + half[1] + CLEARANCE])
    low = blocked[None, :, :] - reach - starts[:, None, :]
    with np.errstate(divide="ignore", invalid="ignore"):
        inverse = (1.0 / (ends - starts))[:, None, :]
        one, two = low * inverse, (low + 2 * reach) * inverse
    near, far = np.minimum(one, two), np.maximum(one, two)
    # The two axes compared slice by slice: reducing over an axis of length 2 (.max(axis=2)) costs numpy ten times
    # as much. NaN stays NaN either way.
    entry = np.maximum(np.maximum(near[..., 0], near[..., 1]), 0.0)
    leave = np.minimum(np.minimum(far[..., 0], far[..., 1]), 1.0)
    return entry < leave


def clear(starts: np.ndarray, ends: np.ndarray, half: Point, blocked: np.ndarray) -> np.ndarray:
    """For each segment ``starts[k] -> ends[k]``, whether the swept box stays out of every blocked cell."""
    return np.logical_not(hits(starts, ends, half, blocked).any(axis=1))


@cache
def sweeps(size: int, half: Point) -> tuple[tuple[int, ...], ...]:
    """``sweeps(size, half)[a][b]``: the cells (a :class:`CellGrid` bitset) that a box of half extents ``half``
    enters on the straight walk from the centre of cell ``a`` to that of cell ``b``, cells numbered
    ``row * size + col``. Built once per grid size and footprint."""
    centres = _centres(size)
    return tuple(_bitsets(size, hits(np.repeat(centres[a:a + 1], len(centres), axis=0), centres, half, centres))
                 for a in range(len(centres)))


@cache
def sweeps_from(size: int, point: Point, half: Point) -> tuple[int, ...]:
    """The cells the box enters walking from ``point`` (anywhere) to each cell centre, as in :func:`sweeps`."""
    centres = _centres(size)
    return _bitsets(size, hits(np.repeat(np.array([point]), len(centres), axis=0), centres, half, centres))


def shortened(rows: Sequence[Sequence[int]], cells: Sequence[int], blocked: int) -> list[int]:
    """Which points of a chain to keep: walking on, a corner is kept only where the last kept point cannot
    see the next one. Point ``k`` of the chain stands on cell number ``cells[k]`` and sweeps ``rows[k][c]``
    walking to cell ``c`` (a row of :func:`sweeps` or :func:`sweeps_from`); ``blocked`` is a bitset.
    Consecutive points must see each other (a grid path's neighbouring cells do)."""
    kept = [0]
    for k in range(2, len(cells)):
        if rows[kept[-1]][cells[k]] & blocked:
            kept.append(k - 1)
    if len(cells) > 1:
        kept.append(len(cells) - 1)
    return kept


def _centres(size: int) -> np.ndarray:
    """World (x, z) of every cell centre, numbered ``row * size + col``."""
    rows, cols = np.divmod(np.arange(size * size), size)
    return (np.stack([cols, rows], axis=1) - (size - 1) / 2) * CELL


def _bitsets(size: int, hit: np.ndarray) -> tuple[int, ...]:
    """Each row of ``hit`` (one column per cell, numbered ``row * size + col``) as a :class:`CellGrid` bitset."""
    width = size + 2
    rows, cols = np.divmod(np.arange(size * size), size)
    full = np.zeros((len(hit), width * width), dtype=bool)
    full[:, (rows + 1) * width + cols + 1] = hit
    packed = np.packbits(full, axis=1, bitorder="little")
    return tuple(int.from_bytes(row.tobytes(), "little") for row in packed)


def contact_points(stands: np.ndarray, target: Point, reach: Point) -> np.ndarray:
    """Where an agent walking straight from each of ``stands`` toward ``target`` first touches it.

    ``reach`` is the sum of the two footprints' half extents along x and z; both
    footprints are axis-aligned boxes, so they touch where the larger of the
    normalised gaps ``|dx| / reach_x`` and ``|dz| / reach_z`` reaches 1.
    """
    delta = np.asarray(target, dtype=float) - stands
    padded = np.asarray(reach, dtype=float) + CONTACT_GAP
    gaps = np.abs(delta) / padded
    scale = np.maximum(gaps[:, 0], gaps[:, 1])
    if np.any(scale <= 1.0):
        raise ValueError("an agent already touches or overlaps its target")
    return np.round(np.asarray(target) - delta / scale[:, None], DECIMALS) + 0.0


def approach(points: Sequence[Point], target: Point, reach: Point, half: Point,
             blocked: np.ndarray) -> tuple[int, Point] | None:
    """The earliest point of the chain ``points`` from which an agent can walk straight to touching
    ``target``, and where it touches it: its footprint swept on the way enters none of the ``blocked`` cells
    (``(n, 2)`` centres, the target's own left out: the walk heads for the target's centre and stops on
    touching it, so it cannot overlap it). None when no point can."""
    stands = np.asarray(points, dtype=float)
    touches = contact_points(stands, target, reach)
    seen = clear(stands, touches, half, blocked)
    if not seen.any():
        return None
    leave = int(np.flatnonzero(seen)[0])
    return leave, (float(touches[leave, 0]), float(touches[leave, 1]))
