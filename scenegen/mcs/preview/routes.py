"""Where things went across the floor: the polylines of each object's stretches of motion, kept to the points
that bend them, and the marks of the steps its motions start and end on."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

Point = tuple[float, float]
#: A polygon (a footprint) or a polyline (a route), as its points in order.
Points = tuple[Point, ...]
#: Steps ``(first, last)`` of the motions a route shows; None: all of them.
Window = tuple[int, int] | None
#: Marks closer than this (metres) are one mark: the end of one motion is often the start of the next.
_MARK_MERGE = 0.01


@dataclass(frozen=True)
class Route:
    """Where objects went across the floor: one polyline per stretch of motion, shared by the objects that went
    alike (a container, its lid and the ball inside)."""

    ids: tuple[str, ...]
    lines: tuple[Points, ...]


@dataclass(frozen=True)
class Mark:
    """The steps on which motions start or end at one point."""

    point: Point
    steps: tuple[int, ...]


def route_of(position: Callable[[int], Point], ranges: Iterable[tuple[int, int]], window: Window,
           tolerance: float) -> tuple[list[Points], list[tuple[Point, int]]]:
    """The polylines of an object's stretches of motion within ``window``, and its marks: each stretch's first step
    (where it stood before it) and each motion's last step (where it got to)."""
    lines, marks = [], []
    for first, last, ends in _stretches(ranges):
        begin, end = (first - 1, last) if window is None else (max(first - 1, window[0]), min(last, window[1]))
        if begin >= end:
            continue
        line = _simplified([position(step) for step in range(begin, end + 1)], tolerance)
        if len(line) > 1:
            lines.append(line)
        moments = [(position(first - 1), first), *((position(step), step) for step in ends)]
        marks += [(point, step) for point, step in moments if window is None or window[0] <= step <= window[1]]
    return lines, marks


def _stretches(ranges: Iterable[tuple[int, int]]) -> list[tuple[int, int, tuple[int, ...]]]:
    """Motions that overlap or follow one another step after step, joined: ``(first, last, every motion's last
    step)`` of each stretch, in order."""
    stretches: list[tuple[int, int, tuple[int, ...]]] = []
    for begin, end in sorted(ranges):
        if stretches and begin <= stretches[-1][1] + 1:
            first, last, ends = stretches[-1]
            stretches[-1] = (first, max(last, end), tuple(sorted({*ends, end})))
        else:
            stretches.append((begin, end, (end,)))
    return stretches


def _simplified(points: Sequence[Point], tolerance: float) -> Points:
    """``points`` less those within ``tolerance`` of the line from the last point kept to the next point."""
    kept = [points[0]]
    for i in range(1, len(points) - 1):
        if _off_line(points[i], kept[-1], points[i + 1]) > tolerance:
            kept.append(points[i])
    if _off_line(points[-1], kept[-1], kept[-1]) > tolerance:
        kept.append(points[-1])
    return tuple(kept)


def _off_line(point: Point, start: Point, end: Point) -> float:
    """Distance from ``point`` to the line through ``start`` and ``end`` (to ``start`` if they are one point)."""
    (px, pz), (ax, az), (bx, bz) = point, start, end
    length = float(np.hypot(bx - ax, bz - az))
    if length == 0.0:
        return float(np.hypot(px - ax, pz - az))
    return abs((bx - ax) * (pz - az) - (bz - az) * (px - ax)) / length


def merged(marks: Iterable[tuple[Point, int]]) -> tuple[Mark, ...]:
    """One mark per point, holding every step marked there."""
    steps_at: dict[Point, set[int]] = {}
    for point, step in marks:
        near = next((kept for kept in steps_at if np.hypot(kept[0] - point[0], kept[1] - point[1]) < _MARK_MERGE),
                    point)
        steps_at.setdefault(near, set()).add(step)
    return tuple(Mark(point, tuple(sorted(steps))) for point, steps in steps_at.items())
