"""Separating-axis overlap tests between oriented boxes, all pairs at once.

Two rectangles are disjoint exactly when one of their four edge normals separates
them.  Along a normal ``u`` the boxes are apart when the distance between their
centres, projected on ``u``, reaches the sum of their projected half-widths
(``hx*|cos| + hz*|sin|`` of the angle between ``u`` and the box's own axes).

Semantics: boxes overlap when their interiors intersect after every half-size is
grown by ``margin`` (each box inflated by ``margin`` on every side, so the boxes
are kept ``2 * margin`` apart).  Touching edges or corners are not an overlap,
and neither is a penetration shallower than :data:`~.shapes.TOLERANCE`.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from scenegen.mcs.geometry.shapes import TOLERANCE, Boxes, Footprints, as_footprints

# Rows of ``a`` handled per block: about this many pairs (256 KiB per float64
# temporary) measured fastest on 1000 x 1000 boxes: smaller blocks pay each
# operation's fixed cost more often, larger ones leave the CPU cache.  It also
# bounds memory for huge inputs.
_PAIRS_PER_BLOCK = 1 << 15


@dataclass(frozen=True, eq=False)
class Columns:
    """A set of boxes as the separating-axis kernel reads them, grown by a margin once.

    ``sat`` (6, N) holds the rows cos, sin, grown half-sizes x and z, centre x and z
    (one array, so a subset of pairs is gathered in one indexing); ``radius`` the
    circumscribed radius used to rule out far pairs cheaply.
    """

    sat: np.ndarray
    radius: np.ndarray

    @classmethod
    def of(cls, boxes: Boxes, margin: float = 0.0) -> Columns:
        if margin < 0:
            raise ValueError(f"margin must be >= 0, got {margin}")
        cos, sin = boxes.axes
        half_x, half_z = boxes.half[:, 0] + margin, boxes.half[:, 1] + margin
        sat = np.array([cos, sin, half_x, half_z, boxes.centre[:, 0], boxes.centre[:, 1]]).reshape(6, -1)
        return cls(sat, np.hypot(half_x, half_z))

    def __len__(self) -> int:
        return len(self.radius)

    @classmethod
    def concat(cls, parts: Sequence[Columns]) -> Columns:
        """The boxes of ``parts``, in order."""
        if len(parts) == 1:
            return parts[0]
        if not parts:
            return cls(np.zeros((6, 0)), np.zeros(0))
        return cls(np.concatenate([part.sat for part in parts], axis=1),
                   np.concatenate([part.radius for part in parts]))

    def between(self, start: int, stop: int) -> Columns:
        """Boxes ``start`` to ``stop - 1``."""
        return Columns(self.sat[:, start:stop], self.radius[start:stop])


def hits(a: Columns, b: Columns) -> tuple[np.ndarray, np.ndarray]:
    """Indices ``(i, j)`` of every overlapping pair of box ``a[i]`` and box ``b[j]``.

    Pairs whose circumscribed circles are apart cannot overlap: a cheap distance
    test rules them out, and the full separating-axis test runs on the rest only.
    """
    found_rows, found_cols = [np.zeros(0, dtype=np.intp)], [np.zeros(0, dtype=np.intp)]
    for start, block, squared in _distances(a, b):
        reach = a.radius[block, None] + b.radius + TOLERANCE
        rows, cols = np.nonzero(squared < reach * reach)
        if len(rows):  # a sparse batch needs no exact test at all
            rows += start
            overlapping = _overlapping(a.sat[:, rows], b.sat[:, cols])
            found_rows.append(rows[overlapping])
            found_cols.append(cols[overlapping])
    if len(found_rows) == 2:  # one block: nothing to join
        return found_rows[1], found_cols[1]
    return np.concatenate(found_rows), np.concatenate(found_cols)


def boxes_hit(boxes: Columns, obstacles: Columns) -> np.ndarray:
    """``(len(boxes),)`` bool: does box ``i`` overlap any obstacle?

    Besides the far pairs :func:`hits` rules out, a pair whose inscribed circles
    overlap (by more than the tolerance, with room for rounding) overlaps for
    sure: its box needs no exact test, on any pair.  In a crowded room most
    rejected candidates are found that way.
    """
    hit = np.zeros(len(boxes), dtype=bool)
    inner_a = np.minimum(boxes.sat[2], boxes.sat[3])[:, None] - TOLERANCE
    inner_b = np.minimum(obstacles.sat[2], obstacles.sat[3]) - TOLERANCE
    for start, block, squared in _distances(boxes, obstacles):
        deep = inner_a[block] + inner_b
        deep = (squared < deep * deep) & (deep > 0)
        known = deep.any(axis=1)
        hit[block] = known
        reach = boxes.radius[block, None] + obstacles.radius + TOLERANCE
        rows, cols = np.nonzero((squared < reach * reach) & ~known[:, None])
        if len(rows):
            rows += start
            hit[rows[_overlapping(boxes.sat[:, rows], obstacles.sat[:, cols])]] = True
    return hit


def _distances(a: Columns, b: Columns) -> Iterator[tuple[int, slice, np.ndarray]]:
    """Blocks of ``a``'s rows, each with the squared centre distances of its boxes to every box of ``b``."""
    if not len(a) or not len(b):
        return
    x_a, z_a, x_b, z_b = a.sat[4][:, None], a.sat[5][:, None], b.sat[4], b.sat[5]
    step = max(1, _PAIRS_PER_BLOCK // len(b))
    for start in range(0, len(a), step):
        block = slice(start, start + step)
        dx, dz = x_b - x_a[block], z_b - z_a[block]
        yield start, block, dx * dx + dz * dz


def pair_hits(boxes: Columns) -> tuple[np.ndarray, np.ndarray]:
    """Indices ``(i, j)``, ``i < j``, of every overlapping pair of boxes within one set.

    Half the pairs of :func:`hits` of the set with itself, and no box against itself.
    """
    if len(boxes) * (len(boxes) - 1) // 2 > _PAIRS_PER_BLOCK:  # large sets: all pairs, in bounded blocks
        rows, cols = hits(boxes, boxes)
        upper = rows < cols
        return rows[upper], cols[upper]
    rows, cols = _upper_pairs(len(boxes))
    dx, dz = boxes.sat[4, cols] - boxes.sat[4, rows], boxes.sat[5, cols] - boxes.sat[5, rows]
    reach = boxes.radius[rows] + boxes.radius[cols] + TOLERANCE
    near = np.flatnonzero(dx * dx + dz * dz < reach * reach)
    rows, cols = rows[near], cols[near]
    overlapping = _overlapping(boxes.sat[:, rows], boxes.sat[:, cols])
    return rows[overlapping], cols[overlapping]


def object_hits(boxes: Columns, owner: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Objects ``(owner[i], owner[j])`` of every overlapping pair of boxes ``i < j`` of different objects
    (``owner`` holds the object of each box; boxes of one object, like an L-shape's arms, never count)."""
    rows, cols = pair_hits(boxes)
    first, second = owner[rows], owner[cols]
    apart = first != second
    return first[apart], second[apart]


@lru_cache(maxsize=64)
def _upper_pairs(count: int) -> tuple[np.ndarray, np.ndarray]:
    return np.triu_indices(count, 1)


def _overlapping(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The separating-axis test, pair by pair, on :class:`Columns` rows of equal shape."""
    ca, sa, hax, haz, xa, za = a
    cb, sb, hbx, hbz, xb, zb = b
    # |cos| and |sin| of the angle between the two boxes' frames.
    cos_d = np.abs(ca * cb + sa * sb)
    sin_d = np.abs(sa * cb - ca * sb)
    dx = xb - xa
    dz = za - zb  # negated: every projection below needs -dz
    threshold = -TOLERANCE
    # Each line: |centre offset on an axis| - (half-width of a + half-width of b) on it.
    overlapping = np.abs(dx * ca + dz * sa) - hax - hbx * cos_d - hbz * sin_d < threshold
    overlapping &= np.abs(dx * sa - dz * ca) - haz - hbx * sin_d - hbz * cos_d < threshold
    overlapping &= np.abs(dx * cb + dz * sb) - hbx - hax * cos_d - haz * sin_d < threshold
    overlapping &= np.abs(dx * sb - dz * cb) - hbz - hax * sin_d - haz * cos_d < threshold
    return overlapping


def overlap_matrix(a: Boxes, b: Boxes, margin: float = 0.0) -> np.ndarray:
    """``(M, N)`` bool: does box ``a[i]`` overlap box ``b[j]``?  (See module docstring.)"""
    result = np.zeros((len(a), len(b)), dtype=bool)
    result[hits(Columns.of(a, margin), Columns.of(b, margin))] = True
    return result


def overlap_pairs(a: Boxes, b: Boxes, margin: float = 0.0) -> np.ndarray:
    """``(N,)`` bool: does box ``a[k]`` overlap box ``b[k]``?  Both sets have ``N`` boxes."""
    if len(a) != len(b):
        raise ValueError(f"overlap_pairs needs sets of equal size, got {len(a)} and {len(b)}")
    return _overlapping(Columns.of(a, margin).sat, Columns.of(b, margin).sat)


def any_overlap(candidates: Boxes | Footprints, placed: Boxes | Columns, margin: float = 0.0) -> np.ndarray:
    """``(M,)`` bool: does candidate object ``i`` overlap any placed box?

    ``placed`` may be given as :class:`Columns` already grown by ``margin`` (so
    repeated tests against the same obstacles prepare them once).
    """
    objects = as_footprints(candidates)
    obstacles = placed if isinstance(placed, Columns) else Columns.of(placed, margin)
    return objects.any_of(boxes_hit(Columns.of(objects.boxes, margin), obstacles))


def self_overlap(items: Boxes | Footprints, margin: float = 0.0) -> np.ndarray:
    """``(count,)`` bool: does object ``i`` overlap another object of the same set?

    Boxes of one object never count against each other (an L-shape's arms touch).
    """
    objects = as_footprints(items)
    first, second = object_hits(Columns.of(objects.boxes, margin), objects.owner)
    overlapping = np.zeros(objects.count, dtype=bool)
    overlapping[first] = overlapping[second] = True
    return overlapping
