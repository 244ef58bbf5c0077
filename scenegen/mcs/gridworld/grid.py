"""Shortest paths on a small cell grid, with cell sets held as Python integers (bitsets).

Cells are ``(col, row)``: ``col`` counts along x, ``row`` along z, both from 0 at
the low corner of the interior. The grid keeps a one-cell border ring that is
never free, so a cell's four neighbours are the bits at offsets ``+-1`` and
``+-width`` and a shift never wraps from one row into the next.

Moves are 4-connected (no diagonals): a breadth-first search gives every
shortest path in moves, each move 0.5 m; :mod:`.sight` then shortens such a path
along lines of sight into an any-angle walk. A breadth-first layer is one
shift-and-mask over the whole grid.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

Cell = tuple[int, int]


class CellGrid:
    """An ``size`` x ``size`` grid of cells with a border ring; ``free`` is the bitset of walkable cells."""

    def __init__(self, size: int, walls: Iterable[Cell] = ()) -> None:
        self.size = size
        self.width = size + 2
        interior = 0
        for row in range(size):
            for col in range(size):
                interior |= self.bit((col, row))
        self.interior = interior
        self.free = interior & ~self.mask(walls)

    def bit(self, cell: Cell) -> int:
        col, row = cell
        return 1 << ((row + 1) * self.width + col + 1)

    def mask(self, cells: Iterable[Cell]) -> int:
        mask = 0
        for cell in cells:
            mask |= self.bit(cell)
        return mask

    def cell_of(self, index: int) -> Cell:
        row, col = divmod(index, self.width)
        return col - 1, row - 1

    def cells(self, mask: int) -> Iterator[Cell]:
        """The cells of ``mask``, lowest bit first (row by row, then column)."""
        while mask:
            low = mask & -mask
            yield self.cell_of(low.bit_length() - 1)
            mask ^= low

    def neighbours(self, mask: int, free: int) -> int:
        """Free cells sharing an edge with a cell of ``mask``."""
        width = self.width
        return ((mask << 1) | (mask >> 1) | (mask << width) | (mask >> width)) & free

    def layers(self, start: int, free: int, targets: int = 0) -> list[int]:
        """Breadth-first layers from ``start`` through ``free`` cells.

        Stops at the first layer holding a cell of ``targets`` (when given), or when
        nothing new is reached. Layer ``k`` is the set of cells ``k`` moves away.
        """
        layers = [start]
        seen = start
        frontier = start
        while not frontier & targets:
            frontier = self.neighbours(frontier, free) & ~seen
            if not frontier:
                break
            seen |= frontier
            layers.append(frontier)
        return layers

    def reachable(self, start: int, free: int) -> int:
        seen = frontier = start
        while frontier:
            frontier = self.neighbours(frontier, free) & ~seen
            seen |= frontier
        return seen

    def shortest_path(self, starts: int, targets: int, free: int, order: Sequence[int]) -> list[Cell] | None:
        """A shortest path from a cell of ``starts`` (a bitset: an agent standing across two cells may
        leave from either) to the nearest cell of ``targets``, both ends included.

        ``free`` must include the target cells. Ties are broken by ``order``, a
        permutation of the four directions (0: -x, 1: +x, 2: -z, 3: +z) tried in
        turn when stepping back from the target; among several nearest targets the
        first or last in grid order is taken, as ``order`` starts with a - or a +
        direction. None when no target can be reached.
        """
        layers = self.layers(starts, free | starts, targets)
        hit = layers[-1] & targets
        if not hit:
            return None
        offsets = (-1, 1, -self.width, self.width)
        steps = [offsets[direction] for direction in order]
        index = _first_index(hit, steps)
        path = [index]
        for layer in reversed(layers[:-1]):
            index = next(index + step for step in steps if layer >> (index + step) & 1)
            path.append(index)
        path.reverse()
        return [self.cell_of(i) for i in path]


def _first_index(mask: int, steps: Sequence[int]) -> int:
    """One set bit of ``mask``: the highest when ``steps`` starts with a + direction, else the lowest."""
    if steps[0] > 0:
        return mask.bit_length() - 1
    return (mask & -mask).bit_length() - 1


#: Every order of the four directions, indexed by a random draw.
DIRECTION_ORDERS: tuple[tuple[int, ...], ...] = tuple(
    (a, b, c, d)
    for a in range(4) for b in range(4) for c in range(4) for d in range(4)
    if len({a, b, c, d}) == 4
)
