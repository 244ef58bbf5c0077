"""Platforms and ramps (MCS "Navigation - Ramps"): which surfaces a ramp connects, and a walk over them.

A room holds lipped platforms (``cube``) standing on the floor or on another platform, and ramps (``triangle``)
against a platform's side, rising from the surface below it to the platform's top. Everything stands square to
the room (its rotation a multiple of 90 degrees), so a footprint is an axis-aligned box ``(x0, x1, z0, z1)``.

The walk (:func:`walk`) is a chain of straight legs, each on one surface and clear of its edges (the walls, or a
platform's lips) and of what stands on it by the performer's radius, joined by ramps climbed or descended along
their centre line from a waypoint :data:`STEP_OFF` before their foot to one as far onto their platform. It is the
shortest such chain through the start, the goal, every ramp's two waypoints and waypoints round every footprint's
corners (Dijkstra): a visibility graph whose footprints are grown into squares, not rounded, so the walk is clear
and at most a few centimetres a corner longer than the shortest. Where the surfaces form a tree (each platform
reached by one ramp), as every layout of the ramps family does, its ramps are the only ones any walk can take
(docs/mcs_facts.md 19).
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from scenegen.mcs.geometry.grid import PERFORMER_RADIUS

#: The floor's surface number; a platform's top is its index.
FLOOR = -1
#: Each side of a platform as MCS names its lips, and its outward normal (x, z): the real ramp scenes pair a ramp
#: on a platform's -z side with a gap in its ``front`` lip, although the format's text says ``front`` is +z.
NORMALS = {"front": (0.0, -1.0), "back": (0.0, 1.0), "left": (-1.0, 0.0), "right": (1.0, 0.0)}
#: A ramp's rotation (y) against each side of its platform: it rises toward the platform (at 0, toward +z).
TURNS = {"front": 0.0, "back": 180.0, "left": 90.0, "right": -90.0}
#: How far past a ramp's ends its waypoints lie: the performer's radius and a margin.
STEP_OFF = PERFORMER_RADIUS + 0.05
#: How far past a footprint's corner, along both axes, the walk's waypoints round it lie: the performer's radius
#: and a margin.
ROUND = PERFORMER_RADIUS + 0.02

Bounds = tuple[float, float, float, float]
Point = tuple[float, float]


@dataclass(frozen=True)
class Platform:
    """A platform: its footprint, the surface it stands on, its base and its top (y)."""

    bounds: Bounds
    below: int
    base: float
    top: float


@dataclass(frozen=True)
class Ramp:
    """A ramp against ``side`` of platform ``platform``, rising from surface ``below``: its footprint, base and top
    (y), and its waypoints: ``foot`` before its low edge, ``head`` on its platform past its high edge."""

    platform: int
    below: int
    side: str
    bounds: Bounds
    base: float
    top: float
    foot: Point
    head: Point

    @property
    def width(self) -> float:
        """Across the ramp."""
        x0, x1, z0, z1 = self.bounds
        return x1 - x0 if self.side in ("front", "back") else z1 - z0

    @property
    def length(self) -> float:
        """Along the ramp, from its foot to its platform."""
        x0, x1, z0, z1 = self.bounds
        return z1 - z0 if self.side in ("front", "back") else x1 - x0


def ramp_against(platforms: Sequence[Platform], index: int, side: str, start: float, width: float,
                 length: float) -> Ramp:
    """The ramp against ``side`` of platform ``index``, from ``start`` along that side (x for front and back, z for
    left and right), ``width`` across and ``length`` long, standing on the surface its platform stands on."""
    platform = platforms[index]
    x0, x1, z0, z1 = platform.bounds
    nx, nz = NORMALS[side]
    if nz:
        edge = z0 if nz < 0 else z1
        bounds = (start, start + width, min(edge, edge + nz * length), max(edge, edge + nz * length))
        middle = (start + width / 2, edge)
    else:
        edge = x0 if nx < 0 else x1
        bounds = (min(edge, edge + nx * length), max(edge, edge + nx * length), start, start + width)
        middle = (edge, start + width / 2)
    foot = (middle[0] + nx * (length + STEP_OFF), middle[1] + nz * (length + STEP_OFF))
    head = (middle[0] - nx * STEP_OFF, middle[1] - nz * STEP_OFF)
    return Ramp(index, platform.below, side, bounds, platform.base, platform.top, foot, head)


def ramp_turn(ramp: Ramp) -> float:
    """The ramp's rotation (y)."""
    return TURNS[ramp.side]


def lips(platform: Platform, ramps: Sequence[Ramp], room: tuple[float, float]) -> dict[str, object]:
    """A platform's ``lips``: on every side not against a side wall (x), with a gap where each ramp meets it (its
    extent as shares of the side, from -x for front and back, from -z for left and right)."""
    x0, x1, z0, z1 = platform.bounds
    half_width = room[0] / 2
    sides: dict[str, object] = {"front": True, "back": True, "left": x0 > -half_width + 1e-6,
                                "right": x1 < half_width - 1e-6}
    gaps: dict[str, list[dict[str, float]]] = {}
    for ramp in ramps:
        low, high, size = ((ramp.bounds[0] - x0, ramp.bounds[1] - x0, x1 - x0) if ramp.side in ("front", "back")
                           else (ramp.bounds[2] - z0, ramp.bounds[3] - z0, z1 - z0))
        gaps.setdefault(ramp.side, []).append({"low": round(low / size, 4), "high": round(high / size, 4)})
    return {**sides, "gaps": gaps}


@dataclass(frozen=True)
class Storeys:
    """A room's surfaces: the floor (``room``: width, depth), its platforms and its ramps, and the other things that
    stand on a surface (``things``: the surface and footprint of each)."""

    room: tuple[float, float]
    platforms: tuple[Platform, ...]
    ramps: tuple[Ramp, ...]
    things: tuple[tuple[int, Bounds], ...] = ()

    def height(self, surface: int) -> float:
        """The surface's y."""
        return 0.0 if surface == FLOOR else self.platforms[surface].top

    def area(self, surface: int) -> Bounds:
        """The surface's extent: the room's floor, or a platform's top."""
        if surface == FLOOR:
            return (-self.room[0] / 2, self.room[0] / 2, -self.room[1] / 2, self.room[1] / 2)
        return self.platforms[surface].bounds

    def obstacles(self, surface: int, ignore: Bounds | None = None) -> np.ndarray:
        """The footprints standing on ``surface`` (platforms, ramps, things; not ``ignore``), an (n, 4) array."""
        boxes = [p.bounds for p in self.platforms if p.below == surface]
        boxes += [r.bounds for r in self.ramps if r.below == surface]
        boxes += [bounds for on, bounds in self.things if on == surface and bounds != ignore]
        return np.array(boxes, dtype=float).reshape(-1, 4)

    def free(self, points: np.ndarray, surface: int, keep: float, ignore: Bounds | None = None) -> np.ndarray:
        """Which ``points`` (n, 2) on ``surface`` are ``keep`` inside its edges and ``keep`` clear of what stands on
        it (but ``ignore``)."""
        x0, x1, z0, z1 = self.area(surface)
        inside = ((points[:, 0] >= x0 + keep) & (points[:, 0] <= x1 - keep)
                  & (points[:, 1] >= z0 + keep) & (points[:, 1] <= z1 - keep))
        boxes = self.obstacles(surface, ignore)
        if not len(boxes):
            return inside
        dx = np.maximum(np.maximum(boxes[:, 0] - points[:, :1], points[:, :1] - boxes[:, 1]), 0.0)
        dz = np.maximum(np.maximum(boxes[:, 2] - points[:, 1:], points[:, 1:] - boxes[:, 3]), 0.0)
        return inside & (np.hypot(dx, dz) >= keep).all(axis=1)

    def spot(self, surface: int, keep: float, rng: np.random.Generator, tries: int = 32) -> Point | None:
        """A point drawn on ``surface`` where a disc of radius ``keep`` fits; None if no try found one."""
        x0, x1, z0, z1 = self.area(surface)
        if x1 - x0 <= 2 * keep or z1 - z0 <= 2 * keep:
            return None
        points = np.column_stack([rng.uniform(x0 + keep, x1 - keep, tries), rng.uniform(z0 + keep, z1 - keep, tries)])
        ok = self.free(points, surface, keep)
        return (round(float(points[ok][0, 0]), 4), round(float(points[ok][0, 1]), 4)) if ok.any() else None


@dataclass(frozen=True)
class Walk:
    """A walk: its points (x, y, z), the ramps it takes in order and whether it goes up each, and its length."""

    points: list[tuple[float, float, float]]
    ramps: list[int]
    up: list[bool]
    length: float


def walk(storeys: Storeys, start: tuple[int, Point], goal: tuple[int, Point],
         goal_footprint: Bounds | None = None) -> Walk | None:
    """The shortest walk of straight legs and ramps from ``start`` to ``goal`` (each a surface and a point), or
    None; ``goal_footprint``: the goal's own footprint among the things, not in the way of its last leg."""
    nodes = [start, goal]
    for ramp in storeys.ramps:
        nodes += [(ramp.below, ramp.foot), (ramp.platform, ramp.head)]
    surfaces = {node[0] for node in nodes}
    nodes += [corner for surface in surfaces for corner in _corners(storeys, surface, goal_footprint)]
    legs: dict[int, list[tuple[int, float]]] = {k: [] for k in range(len(nodes))}
    for surface in surfaces:
        on = [k for k, node in enumerate(nodes) if node[0] == surface]
        pairs = [(a, b) for i, a in enumerate(on) for b in on[i + 1:]]
        clear = _clear(storeys, surface, [(nodes[a][1], nodes[b][1]) for a, b in pairs], goal_footprint)
        for (a, b), ok in zip(pairs, clear, strict=True):
            if ok:
                legs[a].append((b, math.dist(nodes[a][1], nodes[b][1])))
                legs[b].append((a, math.dist(nodes[a][1], nodes[b][1])))
    for k, ramp in enumerate(storeys.ramps):
        climb = math.hypot(math.dist(ramp.foot, ramp.head), ramp.top - ramp.base)
        legs[2 + 2 * k].append((3 + 2 * k, climb))
        legs[3 + 2 * k].append((2 + 2 * k, climb))
    route = _shortest(legs, 0, 1)
    if route is None:
        return None
    points = [(round(x, 4), round(storeys.height(surface), 4), round(z, 4))
              for surface, (x, z) in (nodes[k] for k in route)]
    # A ramp's waypoints are nodes 2k + 2 and 2k + 3: a step between the two of one ramp climbs it.
    ramp_nodes = range(2, 2 + 2 * len(storeys.ramps))
    climbs = [(a, b) for a, b in itertools.pairwise(route) if a in ramp_nodes and b in ramp_nodes and a // 2 == b // 2]
    length = sum(math.dist(a, b) for a, b in itertools.pairwise(points))
    return Walk(points, [a // 2 - 1 for a, _ in climbs], [a < b for a, b in climbs], length)


def _corners(storeys: Storeys, surface: int, ignore: Bounds | None) -> list[tuple[int, Point]]:
    """Waypoints round what stands on ``surface``: each footprint's corners, :data:`ROUND` out along both axes
    (a leg between two of them along a side keeps that far from it), where the performer fits."""
    boxes = storeys.obstacles(surface, ignore)
    points = np.stack([boxes[:, [0, 0, 1, 1]] + [-ROUND, -ROUND, ROUND, ROUND],
                       boxes[:, [2, 3, 2, 3]] + [-ROUND, ROUND, -ROUND, ROUND]], axis=-1).reshape(-1, 2)
    points = np.round(points[storeys.free(points, surface, PERFORMER_RADIUS, ignore)], 4)
    return [(surface, (x, z)) for x, z in points.tolist()]


def _clear(storeys: Storeys, surface: int, segments: Sequence[tuple[Point, Point]],
           ignore: Bounds | None) -> np.ndarray:
    """Which straight legs on ``surface`` keep the performer's radius from its edges and from what stands on it:
    both ends inside its edges by the radius (the surface is a rectangle, so the whole leg is), and the leg missing
    every footprint grown by the radius into a larger rectangle (a little more than the disc needs at the corners)."""
    if not segments:
        return np.zeros(0, dtype=bool)
    ends = np.array(segments, dtype=float)
    inside = storeys.free(ends[:, 0], surface, PERFORMER_RADIUS, ignore) & \
        storeys.free(ends[:, 1], surface, PERFORMER_RADIUS, ignore)
    boxes = storeys.obstacles(surface, ignore) + np.array([-1.0, 1.0, -1.0, 1.0]) * PERFORMER_RADIUS
    if not len(boxes):
        return inside
    start, step = ends[:, None, 0], ends[:, None, 1] - ends[:, None, 0]
    enter, leave = np.zeros((len(ends), len(boxes))), np.ones((len(ends), len(boxes)))
    for axis in (0, 1):
        low, high = boxes[None, :, 2 * axis], boxes[None, :, 2 * axis + 1]
        moving = np.abs(step[..., axis]) > 1e-12
        with np.errstate(divide="ignore", invalid="ignore"):
            t_low, t_high = (low - start[..., axis]) / step[..., axis], (high - start[..., axis]) / step[..., axis]
        between = (start[..., axis] > low) & (start[..., axis] < high)
        enter = np.maximum(enter, np.where(moving, np.minimum(t_low, t_high), np.where(between, -np.inf, np.inf)))
        leave = np.minimum(leave, np.where(moving, np.maximum(t_low, t_high), np.where(between, np.inf, -np.inf)))
    return inside & ~(enter < leave - 1e-9).any(axis=1)


def _shortest(legs: dict[int, list[tuple[int, float]]], source: int, target: int) -> list[int] | None:
    best, before, queue = {source: 0.0}, {source: source}, [(0.0, source)]
    while queue:
        cost, node = heapq.heappop(queue)
        if node == target:
            route = [node]
            while route[-1] != source:
                route.append(before[route[-1]])
            return route[::-1]
        if cost > best[node]:
            continue
        for near, step in legs[node]:
            if cost + step < best.get(near, math.inf):
                best[near], before[near] = cost + step, node
                heapq.heappush(queue, (cost + step, near))
    return None



#: A ramp's side of its platform by its rotation (y, whole degrees mod 360).
SIDE_OF_TURN = {round(turn) % 360: side for side, turn in TURNS.items()}
#: How far a read size or height may be off (the real scenes write four decimals).
TOLERANCE = 0.01


def read_storeys(document: Mapping[str, Any]) -> tuple[Storeys, dict[str, int], dict[str, int], list[str]]:
    """The storeys of an MCS document (platforms: its lipped cubes; ramps: its triangles, each against the side of
    the platform it rises to), the index of each platform's and ramp's id, and what is wrong with them (a ramp that
    meets no platform's side, or whose platform's lip has no gap for it)."""
    room = (float(document["roomDimensions"]["x"]), float(document["roomDimensions"]["z"]))
    cubes = [item for item in document["objects"] if item["type"] == "cube" and "lips" in item]
    boxes = [_box(item) for item in cubes]
    stands = tuple(Platform(bounds, _under(boxes, bounds, base), base, top) for bounds, base, top in boxes)
    made: list[Ramp] = []
    ramp_ids: dict[str, int] = {}
    wrong = []
    for item in (item for item in document["objects"] if item["type"] == "triangle"):
        bounds, _, top = _box(item)
        side = SIDE_OF_TURN.get(round(item["shows"][0]["rotation"]["y"]) % 360, "")
        index = next((k for k, p in enumerate(stands) if side and abs(p.top - top) < TOLERANCE
                      and _touches(p.bounds, bounds, side)), None)
        if index is None:
            wrong.append(f"{item['id']} rises to no platform's side")
            continue
        across, along = ((bounds[0], bounds[1]), bounds[3] - bounds[2]) if side in ("front", "back") else \
            ((bounds[2], bounds[3]), bounds[1] - bounds[0])
        ramp = ramp_against(stands, index, side, across[0], across[1] - across[0], along)
        ramp_ids[item["id"]] = len(made)
        made.append(ramp)
        needed = lips(stands[index], [ramp], room)["gaps"][side][0]  # type: ignore[index]
        if not any(gap["low"] <= needed["low"] + TOLERANCE and gap["high"] >= needed["high"] - TOLERANCE
                   for gap in cubes[index]["lips"].get("gaps", {}).get(side, [])):
            wrong.append(f"the lip of {cubes[index]['id']} has no gap for {item['id']}")
    platform_ids = {item["id"]: k for k, item in enumerate(cubes)}
    return Storeys(room, stands, tuple(made)), platform_ids, ramp_ids, wrong


def _box(item: Mapping[str, Any]) -> tuple[Bounds, float, float]:
    """An object's footprint, base and top from its first show (square to the room; a unit cube or triangle)."""
    show = item["shows"][0]
    scale, position = show["scale"], show["position"]
    sx, sz = (scale["z"], scale["x"]) if round(show["rotation"]["y"]) % 180 else (scale["x"], scale["z"])
    bounds = (position["x"] - sx / 2, position["x"] + sx / 2, position["z"] - sz / 2, position["z"] + sz / 2)
    return bounds, position["y"] - scale["y"] / 2, position["y"] + scale["y"] / 2


def _under(boxes: Sequence[tuple[Bounds, float, float]], bounds: Bounds, base: float) -> int:
    """The platform a footprint at ``base`` stands on (the floor if none)."""
    middle = ((bounds[0] + bounds[1]) / 2, (bounds[2] + bounds[3]) / 2)
    return next((k for k, (under, _, top) in enumerate(boxes) if base > TOLERANCE and abs(top - base) < TOLERANCE
                 and _inside(middle, under)), FLOOR)


def _inside(point: Point, bounds: Bounds) -> bool:
    return bounds[0] <= point[0] <= bounds[1] and bounds[2] <= point[1] <= bounds[3]


def _touches(platform: Bounds, ramp: Bounds, side: str) -> bool:
    """Whether the ramp's high edge lies on the platform's ``side``, within its extent."""
    x0, x1, z0, z1 = platform
    edge = {"front": (ramp[3], z0), "back": (ramp[2], z1), "left": (ramp[1], x0), "right": (ramp[0], x1)}[side]
    within = (x0 - TOLERANCE <= ramp[0] and ramp[1] <= x1 + TOLERANCE) if side in ("front", "back") else \
        (z0 - TOLERANCE <= ramp[2] and ramp[3] <= z1 + TOLERANCE)
    return abs(edge[0] - edge[1]) < TOLERANCE and within
