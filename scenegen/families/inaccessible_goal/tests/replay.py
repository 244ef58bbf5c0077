"""An independent replay of Inaccessible Goal pairs, for the tests.

Everything is re-derived from the two exported documents (:mod:`tests.kit.grid_walks`): the grid from its border,
the trials from the action list, the wall's and the key's boxes from their scales and places, where everything is
at every step. An object is on the grid when its box lies inside the border. In every familiarisation trial the
wall spans the grid between the agent and the goal (the goal is walled off), the agent touches the key, which then
leaves the grid, then touches the wall, which then leaves the grid, and ends touching the goal; nothing the agent
meets overlaps it while on the grid. In the test trial the wall is off the grid from the first step, so the goal
is open: a test file is expected when the agent reaches the goal without touching the key (fetching a key that
opens nothing is the surprise).
"""

from __future__ import annotations

from scenegen.plugin.family import Family
from scenegen.plugin.schemas import compiled_validator
from tests.kit.grid_walks import BETWEEN, OVERLAP, TOUCH, World, assert_plays_fair, half_extents
from tests.kit.pairs import assert_identical_before_test
from tests.kit.support import checked_sample


def on_grid(world: World, item: dict, step: float) -> bool:
    (x, z), (hx, hz) = world.position(item, step), half_extents(item)
    return abs(x) + hx <= world.inner + OVERLAP and abs(z) + hz <= world.inner + OVERLAP


def last_touch(world: World, item: dict, first: int, end: int) -> int | None:
    """The last step from ``first`` to before ``end`` on which the agent touches ``item`` while it is on the grid
    (a walk's last step may be a fraction of a millimetre, so the step before may touch too); the agent never
    overlaps it there."""
    touch = None
    for tenth in range(first * BETWEEN, end * BETWEEN):
        step = tenth / BETWEEN
        if on_grid(world, item, step):
            gap = world.gap(world.agent, item, step)
            assert gap >= -OVERLAP, (item["id"], step)
            if gap <= TOUCH and tenth % BETWEEN == 0:
                touch = tenth // BETWEEN
    return touch


def walled_off(world: World, wall: dict, goal: dict, step: int) -> bool:
    """Whether the wall spans the grid across the line from the agent to the goal at ``step``."""
    (wx, wz), (hx, hz) = world.position(wall, step), half_extents(wall)
    long = 1 if hz > hx else 0
    across = 1 - long
    spans = abs([wx, wz][long]) < OVERLAP and [hx, hz][long] >= world.inner - OVERLAP
    sides = [world.position(item, step)[across] - [wx, wz][across] for item in (world.agent, goal)]
    return spans and sides[0] * sides[1] < 0


def assert_familiarisation(world: World) -> None:
    goal, key, wall = (world.prefixed(prefix)[0] for prefix in ("object_", "key_", "occluder_"))
    for first, end in zip([0, *world.ends[:-1]], world.ends, strict=True):
        assert walled_off(world, wall, goal, first), "the goal is not walled off"
        took = last_touch(world, key, first, end)
        assert took is not None and not on_grid(world, key, took + 1), "the agent does not take the key"
        opened = last_touch(world, wall, took + 1, end)
        assert opened is not None and not on_grid(world, wall, opened + 1), "the agent does not open the wall"
        assert world.touched([goal], end - 1), "a familiarisation walk ends away from the goal"


def is_expected(world: World) -> bool:
    """Whether the agent reaches the open goal without fetching the key."""
    goal, key, wall = (world.prefixed(prefix)[0] for prefix in ("object_", "key_", "occluder_"))
    test_start = world.ends[-1]
    assert not on_grid(world, wall, test_start), "the wall stays for the test"
    assert world.touched([goal], world.last_step), "the test walk ends away from the goal"
    return last_touch(world, key, test_start, world.last_step + 1) is None


def check_pair(family: Family, seed: int, index: int) -> None:
    """Sample ``index`` validates, plays fair, unlocks the goal in every familiarisation trial, its two files are
    identical before the test trial and as long, and the replay names the expected file as the label does."""
    sample, documents, _ = checked_sample(family, seed, "ig_", index)
    assert set(documents) == {"expected", "unexpected"} and sample.pair is not None
    worlds = {}
    for suffix, document in documents.items():
        assert list(compiled_validator("mcs_scene").iter_errors(document)) == []
        world = worlds[suffix] = World(document)
        assert_plays_fair(world, world.prefixed("object_"))
        assert_familiarisation(world)
        assert is_expected(world) == sample.truth[suffix]["expected"] == (suffix == sample.pair["expected"])
    test_start = worlds["expected"].ends[-1]
    assert sample.pair["test_start"] == test_start == worlds["unexpected"].ends[-1]
    assert worlds["expected"].last_step == worlds["unexpected"].last_step
    assert_identical_before_test(documents["expected"], documents["unexpected"], test_start)
