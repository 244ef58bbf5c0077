"""The composable parts a target is built from, as cell offsets from their anchor.

A part is a kind, its size (the numbers an instruction says: a column's height,
a wall's length and height...) and its direction; its cells are offsets (dx, dy, dz)
from its anchor cell, listed from the bottom up so that placing them in order
never leaves a block in the air, but a rising line's, which stands in the air by
design (the seed's Figure 2). Which cell is the anchor is part of what an
instruction means ("its north west corner at ..."), so it is stated per kind here
and in the instruction templates: the first block of a line, the base of a
column, the north west corner of a floor, ring or pyramid, the centre of a cross.
Offsets depend only on (kind, size, direction) and are cached.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, cached_property

from scenegen.families.builder.world import COMPASS, DIAGONALS

Cell = tuple[int, int, int]

#: For each compass direction, the two directions at a right angle to it.
TURNS = {"north": ("east", "west"), "south": ("east", "west"), "east": ("north", "south"),
         "west": ("north", "south")}
#: The directions a part of each orientation may run in: none, one of the compass, a diagonal, or a compass
#: direction and then one at a right angle to it.
DIRECTIONS: dict[str, tuple[tuple[str, ...], ...]] = {
    "none": ((),),
    "compass": tuple((direction,) for direction in COMPASS),
    "diagonal": tuple((direction,) for direction in DIAGONALS),
    "any": tuple((direction,) for direction in (*COMPASS, *DIAGONALS)),
    "turn": tuple((direction, turn) for direction in COMPASS for turn in TURNS[direction]),
}


@dataclass(frozen=True)
class Kind:
    """A kind of part: the names of its size numbers, their ranges, how it is oriented and whether one
    block column holds it all (only such parts are built on top of, or beside, another by reference)."""

    name: str
    sizes: tuple[tuple[str, int, int], ...]
    orientation: str  # "none", "compass", "diagonal", "any" (compass or diagonal) or "turn" (then a right angle)
    offsets: Callable[..., list[Cell]]
    single_column: bool = False
    #: "count" when the size says how many blocks or steps, "extent" when it says dimensions
    size_kind: str = "extent"
    multicolour: bool = False
    #: the size a correction takes back by one ("remove the top block"), by index; None: no correction
    grows: int | None = None
    #: whether its blocks above the first stand in the air (a line going up diagonally, as the seed's Figure 2
    #: builds one: each block one up and one across from the last)
    floats: bool = False

    @cached_property
    def size_choices(self) -> tuple[tuple[int, ...], ...]:
        """Every size of the kind (one empty size for a block): one uniform pick among them draws each number
        uniformly in its range, with one draw however many numbers the size has."""
        return tuple(itertools.product(*(range(low, high + 1) for _, low, high in self.sizes)))

    @property
    def directions(self) -> tuple[tuple[str, ...], ...]:
        """Every direction of the kind: one uniform pick draws a compass direction and then either turn alike."""
        return DIRECTIONS[self.orientation]


def _line(n: int, step: tuple[int, int]) -> list[Cell]:
    return [(i * step[0], 0, i * step[1]) for i in range(n)]


def _rising(n: int, step: tuple[int, int]) -> list[Cell]:
    return [(i * step[0], i, i * step[1]) for i in range(n)]


def _block() -> list[Cell]:
    return [(0, 0, 0)]


def _column(height: int) -> list[Cell]:
    return [(0, y, 0) for y in range(height)]


def _wall(length: int, height: int, step: tuple[int, int]) -> list[Cell]:
    return [(i * step[0], y, i * step[1]) for y in range(height) for i in range(length)]


def _floor(width: int, depth: int) -> list[Cell]:
    return [(x, 0, z) for z in range(depth) for x in range(width)]


def _ring(side: int) -> list[Cell]:
    return [(x, 0, z) for z in range(side) for x in range(side) if x in (0, side - 1) or z in (0, side - 1)]


def _cross(arm: int) -> list[Cell]:
    arms = [(i * dx, 0, i * dz) for dx, dz in COMPASS.values() for i in range(1, arm + 1)]
    return [(0, 0, 0), *arms]


def _l_shape(first: int, second: int, step: tuple[int, int], turn: tuple[int, int]) -> list[Cell]:
    corner = ((first - 1) * step[0], (first - 1) * step[1])
    return [*_line(first, step), *((corner[0] + j * turn[0], 0, corner[1] + j * turn[1]) for j in range(1, second + 1))]


def _staircase(steps: int, step: tuple[int, int]) -> list[Cell]:
    return sorted(((i * step[0], y, i * step[1]) for i in range(steps) for y in range(i + 1)), key=lambda c: c[1])


def _pyramid(base: int) -> list[Cell]:
    return [(x, y, z) for y in range((base + 1) // 2) for z in range(y, base - y) for x in range(y, base - y)]


KINDS: dict[str, Kind] = {kind.name: kind for kind in (
    Kind("block", (), "none", _block, single_column=True),
    Kind("column", (("height", 2, 4),), "none", _column, single_column=True, size_kind="count", grows=0),
    Kind("stack", (("height", 2, 4),), "none", _column, single_column=True, size_kind="count", multicolour=True,
         grows=0),
    Kind("row", (("length", 2, 5),), "compass", _line, size_kind="count", grows=0),
    Kind("diagonal", (("length", 2, 4),), "diagonal", _line, size_kind="count", grows=0),
    Kind("wall", (("length", 2, 4), ("height", 2, 3)), "compass", _wall, grows=1),
    Kind("floor", (("width", 2, 4), ("depth", 2, 3)), "none", _floor),
    Kind("ring", (("side", 3, 4),), "none", _ring),
    Kind("cross", (("arm", 1, 2),), "none", _cross),
    Kind("l_shape", (("length", 2, 4), ("turn", 1, 3)), "turn", _l_shape),
    Kind("rising", (("length", 2, 5),), "any", _rising, size_kind="count", floats=True),
    Kind("staircase", (("steps", 2, 4),), "compass", _staircase, size_kind="count"),
    Kind("pyramid", (("base", 3, 4),), "none", _pyramid),
)}


def unit(direction: str) -> tuple[int, int]:
    """The (dx, dz) step of a compass or diagonal direction."""
    return COMPASS[direction] if direction in COMPASS else DIAGONALS[direction]


@cache
def offsets(kind: str, size: tuple[int, ...], direction: tuple[str, ...]) -> tuple[Cell, ...]:
    """The cells of a part relative to its anchor, bottom up (cached: parts repeat)."""
    return tuple(KINDS[kind].offsets(*size, *(unit(name) for name in direction)))


@cache
def extent(kind: str, size: tuple[int, ...], direction: tuple[str, ...]) -> tuple[int, int, int, int, int]:
    """(min dx, max dx, min dz, max dz, max dy) of a part's offsets: where its anchor may go."""
    cells = offsets(kind, size, direction)
    xs = [c[0] for c in cells]
    zs = [c[2] for c in cells]
    return min(xs), max(xs), min(zs), max(zs), max(c[1] for c in cells)
