"""An independent replay of Efficient Action pairs, for the tests.

Everything is re-derived from the two exported documents (:mod:`tests.kit.grid_walks`): the grid from its border,
the trials from the action list, the barrier's box from its scale and place, where everything is at every step.
A familiarisation walk is efficient when it ends touching the goal, never touches the barrier, passes the end of
the barrier whose way round is shorter and is no longer than that way: the taut string round the barrier's box
grown by the agent's half extents and the clearance the model keeps (half the fastest step and a millimetre,
docs/fidelity/efficient_action.md). With the barrier gone, the efficient walk is the straight one: a test file is
expected when every keyframe of its test walk lies on the line from the agent's start to where it stops touching
the goal.
"""

from __future__ import annotations

import itertools
import math

from scenegen.plugin.family import Family
from scenegen.plugin.schemas import compiled_validator
from tests.kit.grid_walks import FASTEST, TOUCH, World, assert_plays_fair, half_extents
from tests.kit.pairs import assert_identical_before_test
from tests.kit.support import checked_sample

#: How far a straight walk's keyframes may stray from its line (rounding to 0.1 mm).
STRAIGHT = 1e-3
CLEARANCE = FASTEST / 2 + 1e-3
Point = tuple[float, float]


def straight(points: list[Point]) -> bool:
    """Whether every point lies on the line from the first to the last."""
    (ax, az), (bx, bz) = points[0], points[-1]
    length = math.hypot(bx - ax, bz - az)
    return all(abs((bx - ax) * (z - az) - (bz - az) * (x - ax)) / length <= STRAIGHT for x, z in points)


def length_of(points: list[Point]) -> float:
    return sum(math.dist(a, b) for a, b in itertools.pairwise(points))


def ways_round(world: World, step: int, start: Point, end: Point) -> dict[int, float]:
    """The length of the taut way from ``start`` to ``end`` round each end (-1, +1 along the barrier's long axis)
    of the barrier's grown box where it stands at ``step``."""
    barrier = world.prefixed("occluder_")[0]
    (bx, bz), (hx, hz), (ax, az) = world.position(barrier, step), half_extents(barrier), half_extents(world.agent)
    long = 0 if hx > hz else 1
    centre, grown = (bx, bz), (hx + ax + CLEARANCE, hz + az + CLEARANCE)
    side = math.copysign(1.0, centre[1 - long] - start[1 - long])
    ways = {}
    for sign in (-1, 1):
        corners = []
        for across in (-side, side):
            corner = [0.0, 0.0]
            corner[long] = centre[long] + sign * grown[long]
            corner[1 - long] = centre[1 - long] + across * grown[1 - long]
            corners.append((corner[0], corner[1]))
        ways[sign] = length_of([start, *corners, end])
    return ways


def assert_efficient_familiarisation(world: World) -> None:
    barrier = world.prefixed("occluder_")[0]
    hx, hz = half_extents(barrier)
    long = 0 if hx > hz else 1
    for first, end in zip([0, *world.ends[:-1]], world.ends, strict=True):
        points, centre = world.walk(first, end), world.position(barrier, first)
        assert world.touched(world.prefixed("object_"), end - 1), "a familiarisation walk ends away from the goal"
        assert not straight(points), "a familiarisation walk goes straight through the barrier"
        ways = ways_round(world, first, points[0], points[-1])
        passed = max((p[long] - centre[long] for p in points), key=abs)
        taken = 1 if passed > 0 else -1
        assert ways[taken] <= ways[-taken] + 1e-6, f"the walk passes the longer way round ({ways})"
        assert length_of(points) <= ways[taken] + TOUCH, f"the walk is longer than the way round ({ways})"


def is_expected(world: World) -> bool:
    """Whether the test walk is straight (the efficient walk once the barrier is gone)."""
    assert not world.visible(world.prefixed("occluder_")[0], world.ends[-1]), "the barrier stays for the test"
    assert world.touched(world.prefixed("object_"), world.last_step), "the test walk ends away from the goal"
    return straight(world.walk(world.ends[-1], world.last_step + 1))


def check_pair(family: Family, seed: int, index: int) -> None:
    """Sample ``index`` validates, plays fair, walks efficiently in familiarisation, its two files are identical
    before the test trial and as long, and the replay names the expected file as the label does."""
    sample, documents, _ = checked_sample(family, seed, "ea_", index)
    assert set(documents) == {"expected", "unexpected"} and sample.pair is not None
    worlds = {}
    for suffix, document in documents.items():
        assert list(compiled_validator("mcs_scene").iter_errors(document)) == []
        world = worlds[suffix] = World(document)
        assert_plays_fair(world, world.prefixed("object_"), world.prefixed("occluder_"))
        assert_efficient_familiarisation(world)
        assert is_expected(world) == sample.truth[suffix]["expected"] == (suffix == sample.pair["expected"])
    test_start = worlds["expected"].ends[-1]
    assert sample.pair["test_start"] == test_start == worlds["unexpected"].ends[-1]
    assert worlds["expected"].last_step == worlds["unexpected"].last_step
    assert_identical_before_test(documents["expected"], documents["unexpected"], test_start)
