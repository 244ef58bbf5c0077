"""Oriented boxes on the floor plane, stored as a struct of arrays.

Conventions (MCS / Unity): the floor is the x/z plane and y is up; a rotation
``t`` degrees about y maps a local vector ``(lx, lz)`` to the world vector
``(lx*cos t + lz*sin t, -lx*sin t + lz*cos t)``, so ``t = 90`` turns local +z
into world +x.

Every array is float64 and treated as read-only once a :class:`Boxes` is built:
derived values (axes, corners) are cached on first use.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Generic, SupportsIndex, TypeVar, cast

import numpy as np
from numpy.typing import ArrayLike

#: Contacts and penetrations shallower than this many metres count as touching,
#: never as overlapping: it absorbs rounding (cos 90 degrees is 6e-17, not 0)
#: so that exactly adjacent boxes are never reported as colliding.
TOLERANCE = 1e-9

_Value = TypeVar("_Value")


class cached(Generic[_Value]):  # lower case: used as a decorator, like functools.cached_property
    """A computed attribute stored on first use, for the frozen dataclasses of the hot path.

    Like :class:`functools.cached_property`, which on Python 3.11 takes a lock on
    every first access: a few microseconds per new set of candidates.
    """

    def __init__(self, compute: Callable[[Any], _Value]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return self
        value = self.compute(instance)
        instance.__dict__[self.name] = value  # found before this descriptor from now on
        return value


# Unit-square corners in counter-clockwise order (seen from +y with x right, z up).
_UNIT_CORNERS = np.array([[-1.0, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]])


def rotate(local_xz: ArrayLike, angle: ArrayLike) -> np.ndarray:
    """Rotate local ``(..., 2)`` x/z vectors by ``angle`` degrees about y (Unity convention)."""
    vectors = np.asarray(local_xz, dtype=float)
    radians = np.radians(np.asarray(angle, dtype=float))[..., None]
    cos, sin = np.cos(radians), np.sin(radians)
    lx, lz = vectors[..., :1], vectors[..., 1:]
    return np.concatenate([lx * cos + lz * sin, -lx * sin + lz * cos], axis=-1)


def _rows(value: ArrayLike, shape: tuple[int, ...]) -> np.ndarray:
    """``value`` as a float array of ``shape``, broadcasting scalars and single rows."""
    array = np.asarray(value, dtype=float)
    if array.shape == shape:
        return array
    rows = np.empty(shape)  # assignment broadcasts, at a fraction of np.broadcast_to's cost
    rows[...] = array
    return rows


@dataclass(frozen=True, eq=False, init=False)
class Boxes:
    """``N`` oriented rectangles on the floor, with an optional vertical extent.

    ``centre`` (N, 2) holds world ``[x, z]``; ``half`` (N, 2) the half-sizes along
    the box's own x and z axes; ``angle`` (N,) the rotation about y in degrees;
    ``y`` (N, 2), when known, ``[bottom, top]``.  Lists and scalars are accepted
    and broadcast to ``N`` rows.
    """

    centre: np.ndarray
    half: np.ndarray
    angle: np.ndarray
    y: np.ndarray | None = None

    # Written out (not generated) because it takes array-likes and stores float arrays.
    def __init__(self, centre: ArrayLike, half: ArrayLike, angle: ArrayLike, y: ArrayLike | None = None) -> None:
        centres = np.asarray(centre, dtype=float).reshape(-1, 2)
        count = len(centres)
        halves = _rows(half, (count, 2))
        if (halves < 0).any():
            raise ValueError("box half-sizes must be non-negative")
        object.__setattr__(self, "centre", centres)
        object.__setattr__(self, "half", halves)
        object.__setattr__(self, "angle", _rows(angle, (count,)))
        object.__setattr__(self, "y", None if y is None else _rows(y, (count, 2)))

    @classmethod
    def from_size(cls, centre: ArrayLike, size: ArrayLike, angle: ArrayLike = 0.0,
                  y: ArrayLike | None = None) -> Boxes:
        """Build boxes from full sizes ``[x, z]`` rather than half-sizes."""
        return cls(centre, np.asarray(size, dtype=float) / 2.0, angle, y)

    @classmethod
    def trusted(cls, centre: np.ndarray, half: np.ndarray, angle: np.ndarray, y: np.ndarray | None = None) -> Boxes:
        """Wrap float arrays already shaped (N, 2), (N, 2), (N,) and (N, 2) or None, without checks.

        For the solver's hot path, where the arrays come from other boxes.
        """
        boxes = object.__new__(cls)
        object.__setattr__(boxes, "centre", centre)
        object.__setattr__(boxes, "half", half)
        object.__setattr__(boxes, "angle", angle)
        object.__setattr__(boxes, "y", y)
        return boxes

    @classmethod
    def empty(cls) -> Boxes:
        """No boxes (the obstacles of an empty room)."""
        return cls(np.zeros((0, 2)), np.zeros((0, 2)), np.zeros(0))

    def __len__(self) -> int:
        return len(self.centre)

    def __getitem__(self, index: SupportsIndex | slice | Sequence[int] | Sequence[bool] | np.ndarray) -> Boxes:
        """Select boxes by position, slice, index array or mask; always returns Boxes."""
        rows = np.arange(len(self))[index]
        rows = np.atleast_1d(rows)
        y = None if self.y is None else self.y[rows]
        return Boxes.trusted(self.centre[rows], self.half[rows], self.angle[rows], y)

    @cached
    def axes(self) -> tuple[np.ndarray, np.ndarray]:
        """``(cos, sin)`` of each angle: local x is world ``(cos, -sin)``, local z is ``(sin, cos)``."""
        radians = np.radians(self.angle)
        return np.cos(radians), np.sin(radians)

    @cached
    def _corners(self) -> np.ndarray:
        cos, sin = self.axes
        local = _UNIT_CORNERS[None, :, :] * self.half[:, None, :]
        lx, lz = local[..., 0], local[..., 1]
        world_x = lx * cos[:, None] + lz * sin[:, None]
        world_z = -lx * sin[:, None] + lz * cos[:, None]
        return np.stack([world_x, world_z], axis=-1) + self.centre[:, None, :]

    def corners(self) -> np.ndarray:
        """World corners of every box, shape (N, 4, 2), counter-clockwise (cached)."""
        return self._corners

    @cached
    def extent(self) -> np.ndarray:
        """Half-sizes (N, 2) of each box's axis-aligned bounding box (cached)."""
        cos, sin = self.axes
        # Row k: |cos| * (hx, hz) + |sin| * (hz, hx).
        return np.abs(cos)[:, None] * self.half + np.abs(sin)[:, None] * self.half[:, ::-1]

    def bounds(self) -> np.ndarray:
        """Axis-aligned bounds of each box, shape (N, 4): ``[xmin, zmin, xmax, zmax]``."""
        return np.concatenate([self.centre - self.extent, self.centre + self.extent], axis=1)

    def total_bounds(self) -> np.ndarray:
        """Axis-aligned bounds of the union of all boxes: ``[xmin, zmin, xmax, zmax]``."""
        if len(self) == 0:
            raise ValueError("an empty set of boxes has no bounds")
        per_box = self.bounds()
        return np.concatenate([per_box[:, :2].min(axis=0), per_box[:, 2:].max(axis=0)])


def concat(parts: Sequence[Boxes]) -> Boxes:
    """Join several sets of boxes into one.

    A set without a vertical extent spans every height: when any part has ``y``,
    the others get ``[-inf, inf]`` so that nothing is assumed to be out of the way.
    """
    if not parts:
        return Boxes.empty()
    with_y = any(part.y is not None for part in parts)
    y = None
    if with_y:
        unbounded = np.array([-np.inf, np.inf])
        y = np.concatenate([part.y if part.y is not None else np.tile(unbounded, (len(part), 1))
                            for part in parts])
    return Boxes.trusted(np.concatenate([part.centre for part in parts]),
                         np.concatenate([part.half for part in parts]),
                         np.concatenate([part.angle for part in parts]), y)


def cell_boxes(cells: ArrayLike) -> Boxes:
    """The 1 x 1 m squares of integer floor cells ``(x, z)`` (lava, holes)."""
    centres = np.asarray(cells, dtype=float).reshape(-1, 2)
    return Boxes(centres, 0.5, 0.0)


@dataclass(frozen=True, eq=False)
class Footprints:
    """Several objects, each the union of one or more boxes.

    ``owner[k]`` is the object box ``k`` belongs to (``0 <= owner < count``);
    object ``i`` overlaps something when any of its boxes does.  ``parts > 0``
    declares the regular layout :func:`pose` makes (object-major, ``parts`` boxes
    each), which lets per-object reductions use a reshape instead of a scatter.
    """

    boxes: Boxes
    owner: np.ndarray
    count: int
    parts: int = 0

    @classmethod
    def singletons(cls, boxes: Boxes) -> Footprints:
        """Each box is an object of its own."""
        return cls(boxes, np.arange(len(boxes)), len(boxes), 1)

    def any_of(self, per_box: np.ndarray) -> np.ndarray:
        """Reduce a per-box mask to a per-object mask: true where any box is true."""
        if self.parts == 1:
            return per_box
        if self.parts:  # a 2-D reduction along one axis: an array, never numpy's scalar
            return cast(np.ndarray, per_box.reshape(self.count, self.parts).any(axis=1))
        return np.bincount(self.owner[per_box], minlength=self.count) > 0

    def all_of(self, per_box: np.ndarray) -> np.ndarray:
        """Reduce a per-box mask to a per-object mask: true where every box is true."""
        if self.parts == 1:
            return per_box
        if self.parts:
            return cast(np.ndarray, per_box.reshape(self.count, self.parts).all(axis=1))
        return np.bincount(self.owner[~per_box], minlength=self.count) == 0

    def object(self, index: int) -> Boxes:
        """The boxes of object ``index``."""
        if self.parts:
            return self.boxes[index * self.parts:(index + 1) * self.parts]
        return self.boxes[self.owner == index]


def as_footprints(items: Boxes | Footprints) -> Footprints:
    """Treat plain boxes as one object each; pass footprints through."""
    return items if isinstance(items, Footprints) else Footprints.singletons(items)


def pose(shape: Boxes, centre: ArrayLike, angle: ArrayLike, base_y: ArrayLike = 0.0) -> Footprints:
    """Place a local shape (boxes relative to the object's pivot) at ``M`` poses.

    ``centre`` (M, 2) and ``angle`` (M,) are object positions and rotations;
    ``base_y`` (M,) is the pivot height added to the shape's vertical extent.
    Returns ``M`` objects of ``len(shape)`` boxes each, object-major.
    """
    if len(shape) == 0:
        raise ValueError("a shape needs at least one box")
    centres = np.asarray(centre, dtype=float).reshape(-1, 2)
    count, parts = len(centres), len(shape)
    angles = _rows(angle, (count,))
    if parts == 1 and not shape.centre.any():  # the common case, kept to a few array operations
        world_centre, world_angle = centres, angles + shape.angle[0]
        half = _rows(shape.half, (count, 2))
    else:
        if shape.centre.any():  # boxes off the pivot (L-shaped tools) swing round it
            offsets = rotate(shape.centre[None, :, :], angles[:, None])
            world_centre = (centres[:, None, :] + offsets).reshape(-1, 2)
        else:
            world_centre = np.repeat(centres, parts, axis=0)
        world_angle = (angles[:, None] + shape.angle[None, :]).reshape(-1)
        half = np.tile(shape.half, (count, 1))
    y = None
    if shape.y is not None:
        lift = _rows(base_y, (count,))
        y = (shape.y[None, :, :] + lift[:, None, None]).reshape(-1, 2)
    owner = np.arange(count) if parts == 1 else np.repeat(np.arange(count), parts)
    return Footprints(Boxes.trusted(world_centre, half, world_angle, y), owner, count, parts)
