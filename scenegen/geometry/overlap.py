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

import numpy as np

from .shapes import TOLERANCE, Boxes, Footprints, as_footprints

# Rows of ``a`` handled per block: about this many pairs keep each float64
# temporary at 64 KiB, inside the CPU cache and below glibc's 128 KiB mmap
# threshold (larger temporaries are mapped and unmapped on every operation, which
# measured 3-5x slower); it also bounds memory for huge inputs.
_PAIRS_PER_BLOCK = 1 << 13


def _columns(boxes: Boxes, margin: float) -> tuple[np.ndarray, ...]:
    """Per-box values the kernel needs: cos, sin, grown half-sizes, centre."""
    cos, sin = boxes.axes
    return (cos, sin, boxes.half[:, 0] + margin, boxes.half[:, 1] + margin,
            boxes.centre[:, 0], boxes.centre[:, 1])


def _overlapping(a: tuple[np.ndarray, ...], b: tuple[np.ndarray, ...]) -> np.ndarray:
    """The separating-axis test, pair by pair, on columns of equal shape (see :func:`_columns`)."""
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
    """``(M, N)`` bool: does box ``a[i]`` overlap box ``b[j]``?  (See module docstring.)

    Pairs whose circumscribed circles are apart cannot overlap: a cheap distance
    test rules them out, and the full separating-axis test runs on the rest only.
    """
    if margin < 0:
        raise ValueError(f"margin must be >= 0, got {margin}")
    result = np.zeros((len(a), len(b)), dtype=bool)
    if len(a) == 0 or len(b) == 0:
        return result
    columns_a, columns_b = _columns(a, margin), _columns(b, margin)
    radius_a, radius_b = np.hypot(columns_a[2], columns_a[3]), np.hypot(columns_b[2], columns_b[3])
    x_a, z_a, x_b, z_b = columns_a[4][:, None], columns_a[5][:, None], columns_b[4], columns_b[5]
    step = max(1, _PAIRS_PER_BLOCK // len(b))
    for start in range(0, len(a), step):
        block = slice(start, start + step)
        dx, dz = x_b - x_a[block], z_b - z_a[block]
        reach = radius_a[block, None] + radius_b + TOLERANCE
        rows, cols = np.nonzero(dx * dx + dz * dz < reach * reach)
        rows += start
        result[rows, cols] = _overlapping(tuple(column[rows] for column in columns_a),
                                          tuple(column[cols] for column in columns_b))
    return result


def overlap_pairs(a: Boxes, b: Boxes, margin: float = 0.0) -> np.ndarray:
    """``(N,)`` bool: does box ``a[k]`` overlap box ``b[k]``?  Both sets have ``N`` boxes."""
    if len(a) != len(b):
        raise ValueError(f"overlap_pairs needs sets of equal size, got {len(a)} and {len(b)}")
    if margin < 0:
        raise ValueError(f"margin must be >= 0, got {margin}")
    return _overlapping(_columns(a, margin), _columns(b, margin))


def any_overlap(candidates: Boxes | Footprints, placed: Boxes, margin: float = 0.0) -> np.ndarray:
    """``(M,)`` bool: does candidate object ``i`` overlap any placed box?"""
    objects = as_footprints(candidates)
    if len(placed) == 0:
        return np.zeros(objects.count, dtype=bool)
    return objects.any_of(overlap_matrix(objects.boxes, placed, margin).any(axis=1))


def self_overlap(items: Boxes | Footprints, margin: float = 0.0) -> np.ndarray:
    """``(count,)`` bool: does object ``i`` overlap another object of the same set?

    Boxes of one object never count against each other (an L-shape's arms touch).
    """
    objects = as_footprints(items)
    pairs = overlap_matrix(objects.boxes, objects.boxes, margin)
    pairs &= objects.owner[:, None] != objects.owner[None, :]
    return objects.any_of(pairs.any(axis=1))
