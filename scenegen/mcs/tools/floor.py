"""Where the performer can walk in a tool scene, read from the document alone: a flood fill over the floor grid.

Lava and structures (guide rails, walls) block the performer; tools and balls do
not (a tool can be pushed aside, and it is what the performer walks up to).
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from scenegen.mcs.geometry import PERFORMER_RADIUS, Boxes, Grid, concat, footprint, inflate, occupancy_grid
from scenegen.mcs.geometry.grid import touched_cells
from scenegen.mcs.geometry.reach import flood
from scenegen.mcs.tools.lanes import World
from scenegen.mcs.tools.lava import cell_bounds

#: How near a tool the performer must stand to take hold of it: its own radius and a little more.
TOOL_REACH = PERFORMER_RADIUS + 0.05
#: The grids walked, coarse first (metres per cell): a coarse walk that gets there is enough; only where it
#: does not is the finer one walked, so that a gap the coarse grid closes is not taken for a wall.
RESOLUTIONS = (0.25, 0.1)


def pose_of(item: Mapping[str, Any]) -> tuple[str, Mapping[str, float], float, Mapping[str, float]]:
    """(type, position, rotation y, scale) of an exported object's first ``shows`` entry."""
    show = item["shows"][0]
    return item["type"], show["position"], show["rotation"]["y"], show.get("scale", {"x": 1, "y": 1, "z": 1})


def object_boxes(item: Mapping[str, Any]) -> Boxes:
    """The footprint of an exported object as it first shows."""
    object_type, position, rotation, scale = pose_of(item)
    return footprint(object_type, position, rotation, scale)


class ToolFloor:
    """A tool scene's room, lava and structures, and what the performer walks to from its start."""

    def __init__(self, document: Mapping[str, Any]) -> None:
        room = document["roomDimensions"]
        self.room = (float(room["x"]), float(room["z"]))
        self.lava_cells = np.array([(cell["x"], cell["z"]) for cell in document["lava"]], dtype=float).reshape(-1, 2)
        structures: Sequence[Boxes] = [object_boxes(item) for item in document["objects"] if item.get("structure")]
        self.structures = concat([Boxes.empty(), *structures])
        self.world = World(np.array(self.room) / 2, cell_bounds(self.lava_cells), self.structures.bounds())
        start = document["performerStart"]["position"]
        self.start = np.array([start["x"], start["z"]], dtype=float)
        self._walked: dict[float, tuple[Grid, np.ndarray]] = {}

    def reaches(self, boxes: Boxes, reach: float = TOOL_REACH) -> bool:
        """Whether the performer can walk from its start to within ``reach`` of ``boxes`` (an object's footprint)."""
        for resolution in RESOLUTIONS:
            grid, walked = self.walked(resolution)
            cells = touched_cells(Boxes(boxes.centre, boxes.half + reach, boxes.angle), grid.origin, resolution)
            inside = np.all((cells >= 0) & (cells < grid.blocked.shape), axis=1)
            cells = cells[inside]
            if walked[cells[:, 0], cells[:, 1]].any():
                return True
        return False

    def nearest_walk(self, point: np.ndarray) -> float:
        """Distance from ``point`` (x, z) to the nearest cell centre the performer walks to (fine grid)."""
        grid, walked = self.walked(RESOLUTIONS[-1])
        cells = np.argwhere(walked)
        if not len(cells):
            return float("inf")
        centres = np.asarray(grid.origin) + (cells + 0.5) * grid.resolution
        return float(np.hypot(*(centres - point).T).min())

    def start_is_free(self) -> bool:
        """Whether the performer's start is a free cell of the fine grid (off the lava, clear of structures)."""
        grid, _ = self.walked(RESOLUTIONS[-1])
        try:
            return not bool(grid.blocked[grid.cell_of(self.start)])
        except ValueError:
            return False

    def walked(self, resolution: float) -> tuple[Grid, np.ndarray]:
        """The inflated grid at ``resolution`` and the cells the performer walks to from its start."""
        if resolution not in self._walked:
            obstacles = concat([Boxes(self.lava_cells, 0.5, 0.0), self.structures])
            grid = inflate(occupancy_grid(self.room, obstacles, resolution))
            seed = np.zeros_like(grid.blocked)
            with contextlib.suppress(ValueError):  # a start outside the room walks nowhere
                seed[grid.cell_of(self.start)] = True
            self._walked[resolution] = (grid, flood(~grid.blocked, seed))
        return self._walked[resolution]
