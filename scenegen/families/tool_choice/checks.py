"""Semantic checks of a Tool Choice scene, computed from the MCS document alone.

They share nothing with the generator but the object catalogue: they re-derive
each pool's extent from the lava cells, each tool's size from its type name, and
decide from that geometry which ball a tool can push out of the lava.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from scenegen.errors import Problem
from scenegen.mcs.geometry import (
    DEFAULT_RESOLUTION,
    PERFORMER_RADIUS,
    Boxes,
    Footprints,
    Grid,
    concat,
    footprints,
    inflate,
    occupancy_grid,
    overlap_matrix,
)
from scenegen.mcs.geometry.grid import touched_cells
from scenegen.mcs.geometry.reach import flood
from scenegen.mcs.tools.kinds import tool_kind

_TOLERANCE = 1e-6
#: How near a tool the performer must stand to take it: its own radius and a little more.
_REACH = PERFORMER_RADIUS + 0.05
#: The grids walked to find a tool, coarse first (metres per cell; the finer is the geometry's default).
_RESOLUTIONS = (0.25, DEFAULT_RESOLUTION)
#: How far past the room's centre line a side's grid reaches: the whole platform and its far edge's overhang
#: and inflation (at most a cell and the performer's radius) fit in it, so the walk's start stays free.
_PAST_CENTRE = 1.0


def tool_choice_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with a Tool Choice scene: layout, target, and agreement with ``truth``."""
    objects = document["objects"]
    world = footprints([_pose(item) for item in objects])
    problems = _outside_room(objects, world, document["roomDimensions"]) + _overlaps(objects, world)
    balls = [i for i, item in enumerate(objects) if item["type"] == "soccer_ball"]
    target_id = document["goal"]["metadata"]["target"]["id"]
    if len(balls) != 2 or sum(objects[i]["id"] == target_id for i in balls) != 1:
        return [*problems, Problem("$.objects", "a Tool Choice scene has two soccer balls, one of them the target")]
    lava = {(cell["x"], cell["z"]) for cell in document["lava"]}
    floor = floor_of(document, world, lava)
    walls = floor.walls
    for i in balls:
        ball = objects[i]
        lava_span = lava_under(lava, ball)
        pushers = [item["id"] for item in objects
                   if item["type"].startswith("tool_rect_") and can_push_out(item, ball, lava_span, walls, floor)]
        is_target = ball["id"] == target_id
        if is_target and not pushers:
            problems.append(Problem(f"$.objects[{i}]", "no tool can push the target ball out of the lava"))
        if not is_target and pushers:
            problems.append(Problem(f"$.objects[{i}]", f"tool {pushers[0]} can push the non-target ball out too"))
    if truth is not None:
        problems += _truth_problems(document, truth)
    return problems


def lava_under(lava: set[tuple[int, int]], ball: Mapping[str, Any]) -> tuple[float, float] | None:
    """(near, far) z edges of the lava in the ball's column of cells, or None when there is none."""
    column_x = round(ball["shows"][0]["position"]["x"])
    column = [z for x, z in lava if x == column_x]
    return (min(column) - 0.5, max(column) + 0.5) if column else None


def floor_of(document: Mapping[str, Any], world: Footprints | None = None,
             lava: set[tuple[int, int]] | None = None) -> Floor:
    """The :class:`Floor` of a scene (``world``, its objects' footprints, and its ``lava`` cells, if known)."""
    objects = document["objects"]
    world = world if world is not None else footprints([_pose(item) for item in objects])
    lava = lava if lava is not None else {(cell["x"], cell["z"]) for cell in document["lava"]}
    cubes = [i for i, item in enumerate(objects) if item["type"] == "cube"]
    walls = [world.object(i) for i in cubes if not objects[i]["id"].startswith("platform_")]
    return Floor(document, lava, concat([world.object(i) for i in cubes]), walls)


class Floor:
    """What the performer can walk to and where a tool can turn: the room, its lava, its structures and walls.

    The performer walks on the floor and on the platform it starts on; the platform
    (1 m high) and the low walls stop a pushed or turned tool, the lava stops both.
    """

    def __init__(self, document: Mapping[str, Any], lava: set[tuple[int, int]], structures: Boxes,
                 walls: Sequence[Boxes]) -> None:
        self.room = (float(document["roomDimensions"]["x"]), float(document["roomDimensions"]["z"]))
        self.start_z = float(document["performerStart"]["position"]["z"])
        self.lava = np.array(sorted(lava), dtype=float).reshape(-1, 2)
        self.structures = structures
        self.walls = walls
        self._walked: dict[tuple[int, float], tuple[Grid, np.ndarray]] = {}

    def reaches(self, tool: Mapping[str, Any]) -> bool:
        """Whether the performer can walk from its start to the tool (free floor next to it, or onto it).

        A walk on a coarse grid proves the tool reachable (its free cells are free on a finer one too, up to
        rounding); only where it finds none is the finer grid walked, so that a gap the coarse grid closes
        is not taken for a wall.
        """
        return any(self._reaches(tool, resolution) for resolution in _RESOLUTIONS)

    def _reaches(self, tool: Mapping[str, Any], resolution: float) -> bool:
        side = 1 if tool["shows"][0]["position"]["x"] > 0 else -1
        grid, walked = self._walk(side, resolution)
        # The tool itself is no obstacle (it is what is walked to): a cell under it, or within the performer's
        # reach of it, must be reached.
        boxes = footprints([_pose(tool)]).boxes
        cells = _touched(grid, Boxes(boxes.centre - self._shift(side), boxes.half + _REACH, boxes.angle))
        return bool(walked[cells[:, 0], cells[:, 1]].any())

    def turns_freely(self, tool: Mapping[str, Any], radius: float) -> bool:
        """Whether the disc of ``radius`` the tool sweeps turning about its centre stays inside the room and off
        the lava and the structures."""
        centre = np.array([tool["shows"][0]["position"]["x"], tool["shows"][0]["position"]["z"]])
        if np.any(np.abs(centre) + radius > np.array(self.room) / 2 + _TOLERANCE):
            return False
        if len(self.lava) and np.any(_square_distance(centre, self.lava, 0.5) < radius - _TOLERANCE):
            return False
        return not np.any(_box_distances(centre, self.structures) < radius - _TOLERANCE)

    def slides_freely(self, tool: Mapping[str, Any], x: float) -> bool:
        """Whether sliding ``tool`` unturned along x to ``x`` keeps it inside the room and off the lava and the
        structures: the box bounding where it lies and where it ends up, a lane at least as wide as the one it
        sweeps, must be clear."""
        corners = footprints([_pose(tool)]).boxes.corners().reshape(-1, 2)
        shift = np.array([x - tool["shows"][0]["position"]["x"], 0.0])
        points = np.concatenate([corners, corners + shift])
        low, high = points.min(axis=0), points.max(axis=0)
        if np.any(np.maximum(np.abs(low), np.abs(high)) > np.array(self.room) / 2 + _TOLERANCE):
            return False
        centre, half = (low + high) / 2, (high - low) / 2
        if len(self.lava) and np.any(np.all(np.abs(self.lava - centre) < half + 0.5 - _TOLERANCE, axis=1)):
            return False
        return not overlap_matrix(Boxes(centre[None], half[None], np.zeros(1)), self.structures).any()

    def _shift(self, side: int) -> np.ndarray:
        """The centre of the part of the room a side's grid covers: from the far side of the platform (by
        _PAST_CENTRE) to the side wall. The other side is left out: no tool crosses the platform."""
        return np.array([side * (self.room[0] / 2 - _PAST_CENTRE) / 2, 0.0])

    def _walk(self, side: int, resolution: float) -> tuple[Grid, np.ndarray]:
        """The grid of one half of the room and the cells the performer walks to there from the platform."""
        if (side, resolution) not in self._walked:
            # The platform is walked on (the performer starts on it and steps down either side): only lava and
            # the walls standing on the floor are obstacles. The tools are not: they can be pushed aside.
            walls = concat([Boxes.empty(), *self.walls])
            shifted = Boxes(walls.centre - self._shift(side), walls.half, walls.angle)
            grid = occupancy_grid((self.room[0] / 2 + _PAST_CENTRE, self.room[1]), shifted, resolution)
            _block_squares(grid, self.lava[self.lava[:, 0] * side > 0] - self._shift(side), 0.5)
            grid = inflate(grid)
            free = ~grid.blocked
            # On the platform's centre line, which the grid's edge (a wall to it) leaves free.
            start = grid.cell_of(np.array([0.0, self.start_z]) - self._shift(side))
            seed = np.zeros_like(free)
            seed[start] = True
            self._walked[side, resolution] = (grid, flood(free, seed))
        return self._walked[side, resolution]


def can_push_out(tool: Mapping[str, Any], ball: Mapping[str, Any], lava_span: tuple[float, float] | None,
                 walls: Sequence[Boxes], floor: Floor) -> bool:
    """Whether the performer can reach ``tool`` and push ``ball`` out of its lava with it: as it lies, or once
    moved into the pushing line (a tool lying along z slid sideways to the ball's x; another turned about its
    centre where it lies, or slid unturned to the ball's x and turned there), then pushed."""
    size = rect_tool_size(tool["type"])
    if size is None or lava_span is None or not _same_side(tool, ball):
        return False
    # Reaching is asked last: it walks a grid, the slowest of the tests.
    if pushes_out(tool, ball, lava_span, walls):
        return floor.reaches(tool)
    width, length = size
    radius = float(np.hypot(width, length)) / 2
    ball_x = ball["shows"][0]["position"]["x"]
    slides = floor.slides_freely(tool, ball_x)
    if tool["shows"][0]["rotation"]["y"] % 180 > _TOLERANCE:  # it must be turned to lie along z
        if not (floor.turns_freely(tool, radius) or (slides and floor.turns_freely(_slid(tool, ball_x), radius))):
            return False
    elif not slides:
        return False
    return pushes_out(aligned_copy(tool, ball, lava_span[0], length), ball, lava_span, walls) and floor.reaches(tool)


def aligned_copy(tool: Mapping[str, Any], ball: Mapping[str, Any], near_edge: float,
                 length: float) -> dict[str, Any]:
    """``tool`` moved into its ball's pushing line: rotation 0, centred on the ball's x, far end at the lava."""
    show = tool["shows"][0]
    position = {**show["position"], "x": ball["shows"][0]["position"]["x"], "z": near_edge - length / 2}
    return {**tool, "shows": [{**show, "position": position, "rotation": {**show["rotation"], "y": 0}}]}


def _slid(tool: Mapping[str, Any], x: float) -> dict[str, Any]:
    """``tool`` moved along x to ``x``, unturned."""
    show = tool["shows"][0]
    return {**tool, "shows": [{**show, "position": {**show["position"], "x": x}}]}


def _same_side(tool: Mapping[str, Any], ball: Mapping[str, Any]) -> bool:
    # The platform runs the room's whole depth and stands 1 m high: no tool crosses it.
    return tool["shows"][0]["position"]["x"] * ball["shows"][0]["position"]["x"] > 0


def _touched(grid: Grid, boxes: Boxes) -> np.ndarray:
    cells = touched_cells(boxes, grid.origin, grid.resolution)
    inside = np.all((cells >= 0) & (cells < grid.blocked.shape), axis=1)
    return cells[inside]


def _block_squares(grid: Grid, centres: np.ndarray, half: float) -> None:
    """Block the grid cells whose square the interior of an axis-aligned square (a lava cell) overlaps."""
    # Slices rather than the general oriented-box rasteriser: lava is dozens of squares, each a plain block.
    low = np.floor((centres - half - grid.origin) / grid.resolution + 1e-9).astype(int).clip(0)
    high = np.ceil((centres + half - grid.origin) / grid.resolution - 1e-9).astype(int)
    for (i0, j0), (i1, j1) in zip(low.tolist(), high.tolist(), strict=True):
        grid.blocked[i0:i1, j0:j1] = True


def _square_distance(point: np.ndarray, centres: np.ndarray, half: float) -> np.ndarray:
    """Distance from ``point`` to each axis-aligned square of ``half`` side around ``centres`` (0 inside)."""
    gap = np.maximum(np.abs(centres - point) - half, 0.0)
    return np.hypot(gap[:, 0], gap[:, 1])


def _box_distances(point: np.ndarray, boxes: Boxes) -> np.ndarray:
    """Distance from ``point`` to each oriented box (0 inside)."""
    radians = np.radians(boxes.angle)
    offset = point - boxes.centre
    # Into each box's own axes: the inverse of the Unity rotation (see shapes.rotate).
    local_x = offset[:, 0] * np.cos(radians) - offset[:, 1] * np.sin(radians)
    local_z = offset[:, 0] * np.sin(radians) + offset[:, 1] * np.cos(radians)
    gap = np.maximum(np.abs(np.stack([local_x, local_z], axis=1)) - boxes.half, 0.0)
    return np.hypot(gap[:, 0], gap[:, 1])


def pushes_out(tool: Mapping[str, Any], ball: Mapping[str, Any], lava_span: tuple[float, float] | None,
               walls: Sequence[Boxes]) -> bool:
    """Whether pushing ``tool`` straight along +z drives ``ball`` out over the far edge of its lava.

    The tool must be a rectangular tool lying along z in front of the pool, off the
    lava, with the ball's centre inside its width, at least as long as the lava and
    island it spans (``lava_span``: see :func:`lava_under`), with no wall in the lane it sweeps.
    """
    size = rect_tool_size(tool["type"])
    if size is None:
        return False
    width, length = size
    show = tool["shows"][0]
    tool_x, tool_z = show["position"]["x"], show["position"]["z"]
    ball_x, ball_z = ball["shows"][0]["position"]["x"], ball["shows"][0]["position"]["z"]
    if lava_span is None or show["rotation"]["y"] % 180 > _TOLERANCE or abs(tool_x - ball_x) >= width / 2:
        return False
    near, far = lava_span
    tool_far_end = tool_z + length / 2
    if not (tool_far_end <= near + _TOLERANCE and near < ball_z < far and length >= far - near - _TOLERANCE):
        return False
    lane = Boxes.from_size([(tool_x, (tool_z - length / 2 + far) / 2)], [width, far - (tool_z - length / 2)])
    return not any(overlap_matrix(lane, wall).any() for wall in walls)


def rect_tool_size(object_type: str) -> tuple[float, float] | None:
    """(width, length) of a ``tool_rect_W_x_L`` type, read from its name; None for other types."""
    kind = tool_kind(object_type)
    return (kind.width, kind.length) if kind is not None and kind.shape == "rect" else None


def _pose(item: Mapping[str, Any]) -> tuple[str, Mapping[str, float], float, Mapping[str, float]]:
    show = item["shows"][0]
    return item["type"], show["position"], show["rotation"]["y"], show.get("scale", {"x": 1, "y": 1, "z": 1})


def _outside_room(objects: Sequence[Mapping[str, Any]], world: Footprints,
                  room: Mapping[str, float]) -> list[Problem]:
    half = np.array([room["x"], room["z"]]) / 2 + _TOLERANCE
    outside = world.any_of(np.any(np.abs(world.boxes.corners()) > half, axis=(1, 2)))
    return [Problem(f"$.objects[{i}]", f"{objects[i]['id']} reaches outside the room")
            for i in np.flatnonzero(outside).tolist()]


def _overlaps(objects: Sequence[Mapping[str, Any]], world: Footprints) -> list[Problem]:
    rows, columns = np.nonzero(overlap_matrix(world.boxes, world.boxes))
    owners = zip(world.owner[rows].tolist(), world.owner[columns].tolist(), strict=True)
    pairs = sorted({(a, b) for a, b in owners if a < b})
    return [Problem(f"$.objects[{a}]", f"{objects[a]['id']} overlaps {objects[b]['id']}") for a, b in pairs]


def _truth_problems(document: Mapping[str, Any], truth: Mapping[str, Any]) -> list[Problem]:
    target_id = document["goal"]["metadata"]["target"]["id"]
    target = next(item for item in document["objects"] if item["id"] == target_id)
    side = "left" if target["shows"][0]["position"]["x"] < 0 else "right"
    problems = []
    if truth.get("target_id") != target_id:
        problems.append(Problem("$.goal.metadata.target.id", "differs from the manifest's target_id"))
    if truth.get("correct_side") != side:
        problems.append(Problem("$.goal.metadata.target.id", f"target is on the {side}; the manifest says otherwise"))
    return problems
