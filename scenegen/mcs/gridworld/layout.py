"""The grid world: walls, the two small rooms and the big area, doorways, occluder slots, start cells.

Built once per (grid size, wall layout) in a canonical frame, then mirrored.
In the canonical frame (``size`` 8 is the evaluation scenes' world exactly;
``#`` a wall, ``D`` a doorway, ``o`` an occluder slot, ``e`` a push end,
``h`` the helper's or hinderer's start)::

    row 7   . . . # e h . .      room 1 (upper left), doorway rows 5-6
    row 6   . . . D o . . .
    row 5   . . . D o . . .
    row 4   . # # # e . . .
    row 3   # # # # e . . .
    row 2   . . . D o . . .      room 0 (lower left), doorway rows 1-2
    row 1   . . . D o . . .
    row 0   . . . # e h . .
            col 0 ...   col 7    big area: col 4 (the occluder's track) and right of it

For another size the same topology is stretched: the divider column (walled but
at the doorways) is ``(size - 2) // 2``, the wall between the rooms sits on rows ``size // 2 - 1``
(full) and ``size // 2`` (all but the outer column), doorways are always two
cells, at rows 1-2 and ``size - 3``-``size - 2``. The occluder (two cells) fills the
big-area cells in front of one doorway, which cuts that room off from the big
area; it slides along the track column between the two slots.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from scenegen.mcs.gridworld.grid import Cell, CellGrid

CELL = 0.5  # metres
#: Smallest grid whose rooms, doorways and slots fit the topology above.
MIN_SIZE = 8

#: Wall layout families: (mirror x, mirror z) applied to the canonical frame.
WALL_LAYOUTS: dict[str, tuple[bool, bool]] = {
    "reference": (False, False),
    "mirror": (True, False),
    "flip": (False, True),
    "rotate": (True, True),
}


def axis_centre(size: int, index: int) -> float:
    """World x (or z) of the centre of column (or row) ``index`` of a ``size``-cell grid centred on the room."""
    return (index - (size - 1) / 2) * CELL


def cell_centre(size: int, cell: Cell) -> tuple[float, float]:
    """World (x, z) of the centre of ``cell`` (column, row) of a ``size``-cell grid centred on the room."""
    return axis_centre(size, cell[0]), axis_centre(size, cell[1])


@dataclass(frozen=True, eq=False)
class Layout:
    """Every cell set a scene needs, in world cells (already mirrored)."""

    size: int
    walls_name: str
    grid: CellGrid
    walls: tuple[Cell, ...]
    #: The small rooms' cells, doorways excluded; index 0 and 1.
    rooms: tuple[tuple[Cell, ...], ...]
    #: Each room's cells level with its doorway in the two columns nearest it, where every evaluation scene's
    #: goal stands (docs/mcs_facts.md 7.2).
    fronts: tuple[tuple[Cell, ...], ...]
    #: The two cells the occluder fills to close room k's doorway.
    slots: tuple[tuple[Cell, Cell], ...]
    #: The track cells just beyond either end of slot k, where an agent stands to push or pull it.
    ends: tuple[tuple[Cell, Cell], ...]
    #: Start cells of the helper and the hinderer (which is which is drawn per scene).
    corners: tuple[Cell, Cell]
    #: Where the primary agent may start, each start as the cells it stands on (two when it stands on the
    #: line between them): in the big area on the line of symmetry between the helper's and the hinderer's
    #: starts (evaluation), or on a cell of a small room (training).
    main_starts: dict[str, tuple[tuple[Cell, ...], ...]]
    #: Where the goal may stand in the training layout (the big area off the track).
    training_goals: tuple[Cell, ...]
    #: World (x, z) centres of the wall cells, ``(n, 2)``.
    walls_xz: np.ndarray

    def centre(self, cell: Cell) -> tuple[float, float]:
        """World (x, z) of a cell's centre."""
        return cell_centre(self.size, cell)

    def spot(self, cells: tuple[Cell, ...]) -> tuple[float, float]:
        """World (x, z) of an agent standing on ``cells``: the mean of their centres."""
        centres = [self.centre(cell) for cell in cells]
        return (sum(x for x, _ in centres) / len(centres), sum(z for _, z in centres) / len(centres))

    def room_of(self, cell: Cell) -> int | None:
        for index, room in enumerate(self.rooms):
            if cell in room:
                return index
        return None


def build_layout(size: int, walls_name: str) -> Layout:
    """The world for a grid of ``size`` cells a side and a wall layout family."""
    if size < MIN_SIZE:
        raise ValueError(f"a grid needs at least {MIN_SIZE} cells a side, not {size}")
    mirror_x, mirror_z = WALL_LAYOUTS[walls_name]

    def world(cell: Cell) -> Cell:
        col, row = cell
        return (size - 1 - col if mirror_x else col, size - 1 - row if mirror_z else row)

    def cells(items: list[Cell]) -> tuple[Cell, ...]:
        return tuple(sorted(world(c) for c in items))

    divider = (size - 2) // 2
    middle = size // 2 - 1
    track = divider + 1
    doorway_rows = ((1, 2), (size - 3, size - 2))
    open_rows = {row for pair in doorway_rows for row in pair}
    walls = {(col, middle) for col in range(divider + 1)}
    walls |= {(col, middle + 1) for col in range(1, divider + 1)}
    walls |= {(divider, row) for row in range(size) if row not in open_rows}
    rooms = (
        [(c, r) for c in range(divider) for r in range(middle) if (c, r) not in walls],
        [(c, r) for c in range(divider) for r in range(middle + 1, size) if (c, r) not in walls],
    )
    corners = ((track + 1, 0), (track + 1, size - 1))
    near_corners = {(c + dc, r + dr) for c, r in corners for dc, dr in ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1))}
    off_track = [(c, r) for c in range(track + 1, size) for r in range(size) if (c, r) not in near_corners]
    # The corners mirror each other across the middle row (or the line between the two middle rows).
    middle_rows = sorted({(size - 1) // 2, size // 2})
    return Layout(
        size=size,
        walls_name=walls_name,
        grid=CellGrid(size, (world(c) for c in walls)),
        walls=cells(sorted(walls)),
        rooms=(cells(rooms[0]), cells(rooms[1])),
        fronts=tuple(cells([(col, row) for col in (divider - 2, divider - 1) for row in rows])
                     for rows in doorway_rows),
        slots=tuple((world((track, a)), world((track, b))) for a, b in doorway_rows),
        ends=tuple((world((track, a - 1)), world((track, b + 1))) for a, b in doorway_rows),
        corners=(world(corners[0]), world(corners[1])),
        main_starts={
            "evaluation": tuple(tuple(sorted(world((col, row)) for row in middle_rows))
                                for col in range(track + 1, size)),
            "training": tuple((cell,) for cell in cells(rooms[0] + rooms[1])),
        },
        training_goals=cells(off_track),
        walls_xz=(np.array([world(c) for c in sorted(walls)], dtype=float) - (size - 1) / 2) * CELL,
    )
