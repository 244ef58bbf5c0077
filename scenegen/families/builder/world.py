"""The builder's voxel world, as the seed's prompts define it, and a numpy grid of it.

Facts from the seed (Madge & Poesio, "Large Language Models as Minecraft Agents",
appendix prompts), stated here once: x and z run from -5 to 5 and y up from 0;
north is -z, south +z, west -x, east +x; the six colours are blue, yellow, green,
orange, purple and red; a block is ``[x, y, z, colour]``. The top of the world is
not in the seed: it is the config's ``height``. Left and right are not in the seed
either: this family reads them as a viewer facing north sees them (left is west,
right is east); see docs/builder.md.

A world is an int8 array indexed ``[x - LOW, y, z - LOW]`` holding 0 for air and
``colour index + 1`` for a block, so replays and checks are whole-array operations.
"""

from __future__ import annotations

import numpy as np

#: The lowest and highest x and z (the seed's "most westerly/northernly point" -5, "most eastern/southern" 5).
LOW, HIGH = -5, 5
#: Cells along x and along z.
SPAN = HIGH - LOW + 1
#: The colours a block may have, as the seed's builder prompt lists them.
COLOURS = ("blue", "yellow", "green", "orange", "purple", "red")
#: Unit steps of the four compass directions on the ground, (dx, dz).
COMPASS = {"north": (0, -1), "south": (0, 1), "west": (-1, 0), "east": (1, 0)}
#: Left and right, read by a viewer facing north (not stated by the seed; see the module docstring).
SIDES = {"left": "west", "right": "east"}

def empty(height: int) -> np.ndarray:
    """An empty world ``height`` blocks high (y from 0 to ``height - 1``)."""
    return np.zeros((SPAN, height, SPAN), dtype=np.int8)


def in_bounds(cells: np.ndarray, height: int) -> bool:
    """Whether every (x, y, z) row of ``cells`` lies inside a world ``height`` blocks high."""
    if not len(cells):
        return True
    low = cells.min(axis=0)
    high = cells.max(axis=0)
    return bool(low[0] >= LOW and low[2] >= LOW and low[1] >= 0
                and high[0] <= HIGH and high[2] <= HIGH and high[1] < height)


def unsupported(world: np.ndarray) -> np.ndarray:
    """The (x, y, z) of every block with air under it (a block on the ground, y = 0, is supported)."""
    filled = world != 0
    floating = filled[:, 1:, :] & ~filled[:, :-1, :]
    found = np.argwhere(floating)
    found[:, 0] += LOW
    found[:, 1] += 1
    found[:, 2] += LOW
    return found


def blocks(world: np.ndarray) -> list[list]:
    """The world's blocks in the seed's format, sorted by x, y, z."""
    cells = np.argwhere(world != 0)
    codes = world[cells[:, 0], cells[:, 1], cells[:, 2]].tolist()
    return [[x + LOW, y, z + LOW, COLOURS[code - 1]]
            for (x, y, z), code in zip(cells.tolist(), codes, strict=True)]


def indices(cells: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Array indices of (x, y, z) rows, for fancy indexing into a world."""
    return cells[:, 0] - LOW, cells[:, 1], cells[:, 2] - LOW


def from_blocks(entries: list, height: int) -> np.ndarray:
    """A world holding ``entries`` (seed-format blocks, assumed in bounds and distinct)."""
    world = empty(height)
    if entries:
        cells = np.array([entry[:3] for entry in entries], dtype=np.int64)
        world[indices(cells)] = [COLOURS.index(entry[3]) + 1 for entry in entries]
    return world
