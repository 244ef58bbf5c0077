"""An independent replay of Instrumental Action pairs, for the tests.

Everything is re-derived from the two exported documents (:mod:`tests.kit.grid_walks`): the grid from its border,
the trials from the action list, where everything is at every step. The preferred object is the one the agent
touches at the end of every familiarisation trial. Whether it is reachable in the test trial is a breadth-first
search over the grid's cells, written here afresh: four-connected moves from the agent's cell, the cells of the
wall cells (where they stand as the test begins) and of the other object closed. The object the test walk ends at
is the one the agent touches on the last step. A file is expected when the agent reaches its preferred object
exactly when that object is reachable. The agent crosses a wall cell only to reach a walled-off object, and
nothing else ever overlaps.
"""

from __future__ import annotations

from collections import deque

import numpy as np

from scenegen.plugin.family import Family
from scenegen.plugin.schemas import compiled_validator
from tests.kit.grid_walks import BETWEEN, World, assert_plays_fair
from tests.kit.pairs import assert_identical_before_test
from tests.kit.support import checked_sample

CELL = 0.5
Cell = tuple[int, int]


def grid_size(world: World) -> int:
    return round(2 * world.inner / CELL)


def cell_at(world: World, item: dict, step: int) -> Cell:
    """The cell ``item`` stands on at ``step``; it must stand on a cell's centre."""
    offset = (grid_size(world) - 1) / 2
    x, z = world.position(item, step)
    col, row = x / CELL + offset, z / CELL + offset
    assert abs(col - round(col)) < 1e-6 and abs(row - round(row)) < 1e-6, (item["id"], x, z)
    assert 0 <= round(col) < grid_size(world) and 0 <= round(row) < grid_size(world), (item["id"], x, z)
    return round(col), round(row)


def wall_cells(world: World) -> list[dict]:
    return [item for item in world.prefixed("wall_") if not item["id"].startswith("wall_grid")]


def reachable(size: int, start: Cell, target: Cell, closed: set[Cell]) -> bool:
    """Whether four-connected moves over open cells lead from ``start`` to ``target``."""
    seen, frontier = {start}, deque([start])
    while frontier:
        col, row = frontier.popleft()
        if (col, row) == target:
            return True
        for cell in ((col + 1, row), (col - 1, row), (col, row + 1), (col, row - 1)):
            if 0 <= cell[0] < size and 0 <= cell[1] < size and cell not in closed and cell not in seen:
                seen.add(cell)
                frontier.append(cell)
    return False


def preferred_of(world: World) -> str:
    """The object the agent touches at the end of every familiarisation trial."""
    goals = world.prefixed("object_")
    reached = {tuple(world.touched(goals, end - 1)) for end in world.ends}
    assert len(reached) == 1 and len(next(iter(reached))) == 1, f"familiarisation walks end at {reached}"
    return next(iter(reached))[0]


def crossings(world: World) -> list[float]:
    """The tenths of a step at which the agent overlaps a wall cell."""
    steps = np.arange(0, world.last_step + 1 / BETWEEN, 1 / BETWEEN).tolist()
    return [step for step in steps for wall in wall_cells(world) if world.gap(world.agent, wall, step) <= 0]


def reach(world: World) -> tuple[bool, bool]:
    """Whether the preferred object is reachable in the test, and whether the test walk ends at it."""
    test = world.ends[-1]
    preferred = preferred_of(world)
    other = next(item for item in world.prefixed("object_") if item["id"] != preferred)
    closed = {cell_at(world, wall, test) for wall in wall_cells(world)} | {cell_at(world, other, test)}
    can = reachable(grid_size(world), cell_at(world, world.agent, test),
                    cell_at(world, world.objects[preferred], test), closed)
    reached = world.touched(world.prefixed("object_"), world.last_step)
    assert len(reached) == 1, f"the test walk ends at {reached}"
    return can, reached[0] == preferred


def outcome(world: World) -> tuple[bool, bool, bool]:
    """:func:`reach`, and whether the agent crosses a wall cell."""
    return (*reach(world), bool(crossings(world)))


def is_expected(world: World) -> bool:
    """Whether the agent reaches its preferred object exactly when it can."""
    can, to_preferred, crosses = outcome(world)
    assert not crosses or (to_preferred and not can), "the agent crosses a wall cell it could walk round"
    return to_preferred == can


def assert_nothing_shares_a_cell(world: World) -> None:
    """In every trial the wall cells, the objects and the agent's start stand on distinct cells."""
    for first in (0, *world.ends):
        cells = [cell_at(world, item, first) for item in (*wall_cells(world), *world.prefixed("object_"),
                                                          world.agent)]
        assert len(set(cells)) == len(cells), (first, cells)


def check_pair(family: Family, seed: int, index: int) -> None:
    """Sample ``index`` validates, plays fair, its two files are identical before the test trial and as long, and
    the replay names the expected file as the label does."""
    sample, documents, _ = checked_sample(family, seed, "ia_", index)
    assert set(documents) == {"expected", "unexpected"} and sample.pair is not None
    worlds = {}
    for suffix, document in documents.items():
        assert list(compiled_validator("mcs_scene").iter_errors(document)) == []
        world = worlds[suffix] = World(document)
        assert_plays_fair(world, world.prefixed("object_"))
        assert_nothing_shares_a_cell(world)
        assert all(step >= world.ends[-1] for step in crossings(world)), "a familiarisation walk crosses a wall"
        assert preferred_of(world) == sample.truth[suffix]["preferred_id"]
        assert is_expected(world) == sample.truth[suffix]["expected"] == (suffix == sample.pair["expected"])
        assert outcome(world)[0] == sample.truth[suffix]["reachable"]
    test_start = worlds["expected"].ends[-1]
    assert sample.pair["test_start"] == test_start == worlds["unexpected"].ends[-1]
    assert worlds["expected"].last_step == worlds["unexpected"].last_step
    assert_identical_before_test(documents["expected"], documents["unexpected"], test_start)
