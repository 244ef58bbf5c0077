"""The True/False Belief grid world: two rooms behind a divider, an open area, a doorway to the outside.

Measured from the evaluation pair (docs/mcs_facts.md 12.1). In the reference frame,
seen from above (x to the right, z up; ``#`` a wall, ``D`` the doorway in the
border, ``O`` where an occluder stands in front of the object ``o``, ``A`` the
primary agent's place)::

    row 7   . . . . . . . #
    row 6   . . O . . . . #        upper room: cols 0-3, rows 5-7
    row 5   o . O . . . . D
    row 4   # # # # . . A D        the divider (rows 3-4) runs from the left border to x = 0
    row 3   # # # # . . A D
    row 2   . . . . . . . D        lower room: cols 0-3, rows 0-2
    row 1   . . . . . . . #
    row 0   . . . . . . . #
            col 0 ... col 7        open area: cols 4-6; col 7 is the border on the doorway's side

Outside the grid, behind the back border wall (1 m tall, so the camera at the
front right does not see over it), agents wait, walk to the outside corner,
up beside the doorway and in. The ``mirror`` layout swaps x for -x. Seen from
the other isometric view (``isometricFrontRight`` false, the pillar at z -4),
the evaluation mirrors the world in z: the tall wall is the front one and the
agents wait and walk outside at z > 0 (docs/mcs_facts.md 12.5); the rooms, the
divider and the doorway are symmetric in z, so only the outside changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from scenegen.mcs.gridworld.grid import Cell, CellGrid
from scenegen.mcs.gridworld.layout import CELL
from scenegen.mcs.gridworld.motion import Point

SIZE = 8
#: (mirror x) per wall layout.
BELIEF_LAYOUTS: dict[str, bool] = {"reference": False, "mirror": True}
DIVIDER: tuple[Cell, ...] = tuple((col, row) for col in range(4) for row in (3, 4))
#: The border column on the doorway's side: its wall cells (the doorway is rows 2-5).
DOOR_COLUMN = 7
DOOR_WALLS: tuple[Cell, ...] = tuple((DOOR_COLUMN, row) for row in (0, 1, 6, 7))
#: Where the primary agent stands at every trial's start, on the line between cells (6, 3) and (6, 4).
HOME: Point = (1.25, 0.0)
HOME_CELLS: tuple[Cell, ...] = ((6, 3), (6, 4))
#: The object's z in a room (upper +, lower -) and the occluders' z.
OBJECT_Z = 0.925
OCCLUDER_Z = 0.9375
#: An occluder stands this far from the object, toward the open area.
OCCLUDER_GAP = 0.5
#: The white occluder's scale (a cube, so its size in metres) and half its footprint.
OCCLUDER_SCALE: tuple[float, float, float] = (0.25, 1.0, 0.85)
OCCLUDER_HALF: Point = (OCCLUDER_SCALE[0] / 2, OCCLUDER_SCALE[2] / 2)
#: x of an occluder put out of the way (beyond the border opposite the doorway).
PARKED_X = -3.225
#: The outside: where the first and the second agent to enter wait, the corner they walk to, the point in
#: front of the doorway, and where the secondary agent stops after leaving.
FIRST_START: Point = (1.175, -2.75)
SECOND_START: Point = (0.55, -2.75)
CORNER: Point = (2.3, -2.75)
DOORSTEP: Point = (2.3, 0.0)
EXIT: Point = (2.3, 1.0)
#: Walking outside: metres per step.
OUTSIDE_SPEED = 0.125
#: Border walls: (name, centre x, centre z, scale x, scale z, height) in the reference frame; the doorway
#: side has two pieces. The back wall is tall: it hides the waiting agents.
BORDER: tuple[tuple[str, float, float, float, float, float], ...] = (
    ("front", 0.0, 2.25, 4.0, 0.5, 0.125),
    ("back", 0.0, -2.25, 4.0, 0.5, 1.0),
    ("left", -2.25, 0.0, 0.5, 5.0, 0.125),
    ("right_1", 1.75, -1.5, 0.5, 1.0, 0.125),
    ("right_2", 1.75, 1.5, 0.5, 1.0, 0.125),
)


@dataclass(frozen=True, eq=False)
class BeliefWorld:
    """One wall layout of the world, in world coordinates (already mirrored)."""

    name: str
    #: +1 in the reference layout, -1 mirrored: multiplies every reference x.
    sign: int
    #: +1 seen from the front right, -1 from the other view: multiplies every reference z outside the grid.
    z_sign: int
    grid: CellGrid
    #: Interior wall cells (the divider), world cells.
    divider: tuple[Cell, ...]
    home_cells: tuple[Cell, ...]
    #: Every free cell and its world centre, ``(n, 2)``, in the same order.
    open_cells: tuple[Cell, ...]
    open_centres: np.ndarray
    #: The walls as boxes (the divider as one block, then the border): centres ``(n, 2)``, half extents ``(n, 2)``.
    wall_centres: np.ndarray
    wall_halves: np.ndarray

    def point(self, reference: Point) -> Point:
        """A reference-frame point in this layout (a point of the grid, whose rooms are symmetric in z)."""
        return (self.sign * reference[0] + 0.0, reference[1])

    def outside(self, reference: Point) -> Point:
        """A reference-frame point of the walks outside the grid, in this layout and view."""
        return (self.sign * reference[0] + 0.0, self.z_sign * reference[1] + 0.0)

    def centre(self, cell: Cell) -> Point:
        offset = (SIZE - 1) / 2
        return (cell[0] - offset) * CELL, (cell[1] - offset) * CELL

    @property
    def home(self) -> Point:
        return self.point(HOME)

    def object_place(self, depth: float, room: int) -> Point:
        """The object ``depth`` metres from the rooms' open side, in room ``room`` (+1 upper, -1 lower)."""
        return self.point((round(-depth, 4), room * OBJECT_Z))

    def occluder_place(self, depth: float, room: int) -> Point:
        """The occluder hiding an object ``depth`` metres in."""
        return self.point((round(-depth + OCCLUDER_GAP, 4), room * OCCLUDER_Z))

    def parked(self, room: int) -> Point:
        return self.point((PARKED_X, room * OCCLUDER_Z))

    def entry(self, first: bool) -> list[Point]:
        """The walk outside from where an agent waits to the doorstep."""
        return [self.outside(FIRST_START if first else SECOND_START), self.outside(CORNER), self.outside(DOORSTEP)]

    def border(self) -> list[tuple[str, float, float, float, float, float]]:
        """The border walls in this layout and view, in the evaluation's order (front, back, the side opposite
        the doorway, then the doorway's two pieces, the one at z < 0 first): a mirrored layout's doorway is on
        the left; the other view's tall wall is the front one."""
        swap = {"left": "right", "right_1": "left_1", "right_2": "left_2"} if self.sign < 0 else {}
        heights = {name: height for name, *_, height in BORDER}
        if self.z_sign < 0:
            heights["front"], heights["back"] = heights["back"], heights["front"]
        return [(swap.get(name, name), self.sign * x + 0.0, z, sx, sz, heights[name])
                for name, x, z, sx, sz, _ in BORDER]


@cache
def belief_world(name: str, front_right: bool = True) -> BeliefWorld:
    """The world of a wall layout (``reference`` or ``mirror``) seen from the front right or not, built once."""
    mirrored = BELIEF_LAYOUTS[name]

    def world(cell: Cell) -> Cell:
        return (SIZE - 1 - cell[0], cell[1]) if mirrored else cell

    sign = -1 if mirrored else 1
    divider = tuple(sorted(world(cell) for cell in DIVIDER))
    grid = CellGrid(SIZE, (*divider, *(world(cell) for cell in DOOR_WALLS)))
    offset = (SIZE - 1) / 2
    open_cells = tuple(grid.cells(grid.free))
    open_centres = (np.array(open_cells, dtype=float) - offset) * CELL
    # The divider's cells make one solid block: one box rather than eight keeps every sight test short.
    cols, rows = [col for col, _ in divider], [row for _, row in divider]
    centres = [(((min(cols) + max(cols)) / 2 - offset) * CELL, ((min(rows) + max(rows)) / 2 - offset) * CELL)]
    halves = [((max(cols) - min(cols) + 1) * CELL / 2, (max(rows) - min(rows) + 1) * CELL / 2)]
    for _, x, z, sx, sz, _ in BORDER:
        centres.append((sign * x, z))
        halves.append((sx / 2, sz / 2))
    return BeliefWorld(name=name, sign=sign, z_sign=1 if front_right else -1, grid=grid, divider=divider,
                       home_cells=tuple(sorted(world(cell) for cell in HOME_CELLS)), open_cells=open_cells,
                       open_centres=open_centres, wall_centres=np.array(centres), wall_halves=np.array(halves))
