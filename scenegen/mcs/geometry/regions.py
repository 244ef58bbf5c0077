"""Constraints on candidate footprints, each evaluated for all candidates at once.

A constraint is called with ``M`` candidate objects (:class:`~.shapes.Footprints`,
or plain :class:`~.shapes.Boxes` = one object per box) and returns an ``(M,)``
bool mask of the candidates it accepts.  Its ``name`` appears in placement errors.
Boundary contact is allowed everywhere: a box may touch a wall, a region's edge
or a keep-out cell (within :data:`~.shapes.TOLERANCE`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

import numpy as np
from numpy.typing import ArrayLike

from scenegen.mcs.geometry.overlap import any_overlap
from scenegen.mcs.geometry.shapes import TOLERANCE, Boxes, Footprints, as_footprints, cell_boxes


class Constraint(Protocol):
    """Anything with a ``name`` that maps candidates to an acceptance mask."""

    @property
    def name(self) -> str: ...  # read-only, so that frozen dataclasses qualify

    def __call__(self, candidates: Boxes | Footprints) -> np.ndarray: ...


def _to_local(points: np.ndarray, frames: Boxes) -> tuple[np.ndarray, np.ndarray]:
    """Local x and z of world points ``(..., F, 2)`` in each of ``F`` box frames."""
    cos, sin = frames.axes
    offset_x, offset_z = points[..., 0] - frames.centre[:, 0], points[..., 1] - frames.centre[:, 1]
    # The inverse of the Unity rotation: project onto the box's world axes.
    return offset_x * cos - offset_z * sin, offset_x * sin + offset_z * cos


@dataclass(frozen=True)
class InsideRoom:
    """Every corner lies within the room (centred on the origin), ``wall_margin`` from the walls."""

    size: tuple[float, float]
    wall_margin: float = 0.0
    name: str = "inside room"
    _limit: np.ndarray = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_limit", np.asarray(self.size, dtype=float) / 2 - self.wall_margin + TOLERANCE)

    def __call__(self, candidates: Boxes | Footprints) -> np.ndarray:
        objects = as_footprints(candidates)
        # The farthest corner along each world axis is the bounding box's edge.
        boxes = objects.boxes
        within = np.abs(boxes.centre) + boxes.extent <= self._limit
        return objects.all_of(within[:, 0] & within[:, 1])


@dataclass(frozen=True)
class InsideBoxes:
    """Each candidate box lies wholly within one box of ``region``.

    A box straddling two region boxes is rejected even if their union covers it:
    containment in a single convex box is what four corners can prove.
    """

    region: Boxes
    name: str = "inside region"
    _limit: np.ndarray = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_limit", self.region.half + TOLERANCE)

    def __call__(self, candidates: Boxes | Footprints) -> np.ndarray:
        objects = as_footprints(candidates)
        boxes = objects.boxes
        # In each region box's frame a candidate reaches |centre| + its extent along that frame's axes
        # (the bounding box of its corners there): inside exactly when that is within the half-sizes.
        local_x, local_z = _to_local(boxes.centre[:, None, :], self.region)  # (N, R) each
        turn = np.radians(boxes.angle[:, None] - self.region.angle)
        cos, sin = np.abs(np.cos(turn)), np.abs(np.sin(turn))
        half_x, half_z = boxes.half[:, :1], boxes.half[:, 1:]
        within = np.abs(local_x) + half_x * cos + half_z * sin <= self._limit[:, 0]
        within &= np.abs(local_z) + half_x * sin + half_z * cos <= self._limit[:, 1]
        return objects.all_of(within[:, 0] if within.shape[1] == 1 else within.any(axis=1))


@dataclass(frozen=True)
class OutsideBoxes:
    """No candidate box overlaps a box of ``region`` (overlap semantics of :mod:`.overlap`)."""

    region: Boxes
    margin: float = 0.0
    name: str = "outside region"

    def __call__(self, candidates: Boxes | Footprints) -> np.ndarray:
        return ~any_overlap(candidates, self.region, self.margin)


def away_from_cells(cells: ArrayLike, margin: float = 0.0, name: str = "away from keep-out cells") -> OutsideBoxes:
    """Keep footprints off integer floor cells ``(x, z)`` (lava, holes: 1 x 1 m squares)."""
    return OutsideBoxes(cell_boxes(cells), margin, name)


@dataclass(frozen=True)
class InsideDisc:
    """Every corner lies within ``radius`` of ``centre`` (e.g. on a turntable's top)."""

    centre: tuple[float, float]
    radius: float
    name: str = "inside disc"

    def __call__(self, candidates: Boxes | Footprints) -> np.ndarray:
        objects = as_footprints(candidates)
        distance = np.linalg.norm(objects.boxes.corners() - np.asarray(self.centre, dtype=float), axis=-1)
        return objects.all_of((distance <= self.radius + TOLERANCE).all(axis=1))


@dataclass(frozen=True)
class OutsideDisc:
    """No candidate box reaches into the disc (its closest point is ``radius`` or more away)."""

    centre: tuple[float, float]
    radius: float
    name: str = "outside disc"

    def __call__(self, candidates: Boxes | Footprints) -> np.ndarray:
        objects = as_footprints(candidates)
        boxes = objects.boxes
        local_x, local_z = _to_local(np.asarray(self.centre, dtype=float), boxes)  # (N,) each
        beyond_x = np.maximum(np.abs(local_x) - boxes.half[:, 0], 0.0)
        beyond_z = np.maximum(np.abs(local_z) - boxes.half[:, 1], 0.0)
        return objects.all_of(np.hypot(beyond_x, beyond_z) >= self.radius - TOLERANCE)
