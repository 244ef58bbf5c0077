"""An independent replay of Object Preference pairs, for the tests.

Everything is re-derived from the two exported documents, independently of the generator: the grid from its
border walls, the trials from the action list, where each object is at every step (and every centimetre between
steps) from its ``shows``, footprints as boxes along x and z from the catalogue sizes. Which object the agent
prefers is the one it ends every familiarisation trial touching; a file is expected when the agent ends its test
trial touching that object, wherever it now stands.
"""

from __future__ import annotations

import bisect
import itertools
import math

import numpy as np

from scenegen.mcs.geometry import object_size
from scenegen.plugin.family import Family
from scenegen.plugin.schemas import reference_validator
from tests.kit.pairs import assert_identical_before_test
from tests.kit.support import checked_sample

#: How far apart two footprints may be and still touch: the agent stops 0.2 mm short, rounded to 0.1 mm.
TOUCH = 1e-3
OVERLAP = 1e-6
#: Points checked between two keyframes of a step.
BETWEEN = 10
FASTEST = 0.3
#: What rounding positions to 0.1 mm may add to a step: half of it at each end, along x and along z.
ROUNDING = 1.5e-4


class World:
    """One document replayed: the grid's inner half width, every object's place at any step."""

    def __init__(self, document: dict) -> None:
        self.document = document
        objects = {item["id"]: item for item in document["objects"]}
        self.inner = objects["wall_grid_right"]["shows"][0]["position"]["x"] - 0.25
        self.agent = next(item for key, item in objects.items() if key.startswith("agent_"))
        self.goals = [item for key, item in objects.items() if key.startswith("object_")]
        actions = document["goal"]["action_list"]
        self.ends = [i + 1 for i, action in enumerate(actions) if action == ["EndHabituation"]]
        self.last_step = document["goal"]["last_step"]
        self._steps: dict[str, list[int]] = {}

    def position(self, item: dict, step: float) -> tuple[float, float]:
        """Where ``item`` is at ``step``, between keyframes of consecutive steps on the line joining them."""
        shows = item["shows"]
        steps = self._steps.setdefault(item["id"], [show["stepBegin"] for show in shows])
        k = bisect.bisect_right(steps, step) - 1
        here = shows[k]["position"]
        if k + 1 < len(shows) and steps[k + 1] == steps[k] + 1:
            there, t = shows[k + 1]["position"], step - steps[k]
            return here["x"] + t * (there["x"] - here["x"]), here["z"] + t * (there["z"] - here["z"])
        return here["x"], here["z"]

    def gap(self, one: dict, two: dict, step: float) -> float:
        """The distance between the two footprints' boxes at ``step`` (negative: they overlap)."""
        (ax, az), (bx, bz) = self.position(one, step), self.position(two, step)
        (ahx, ahz), (bhx, bhz) = half_extents(one), half_extents(two)
        return max(abs(ax - bx) - ahx - bhx, abs(az - bz) - ahz - bhz)

    def touched(self, step: int) -> list[str]:
        """The goal objects the agent touches at ``step``."""
        return [goal["id"] for goal in self.goals if -OVERLAP <= self.gap(self.agent, goal, step) <= TOUCH]


def half_extents(item: dict) -> tuple[float, float]:
    """Half sizes along x and z of the object's box, turned as its first keyframe turns it."""
    show = item["shows"][0]
    size_x, _, size_z = object_size(item["type"])
    w, d = size_x * show["scale"]["x"], size_z * show["scale"]["z"]
    angle = math.radians(show["rotation"]["y"])
    return ((abs(math.cos(angle)) * w + abs(math.sin(angle)) * d) / 2,
            (abs(math.sin(angle)) * w + abs(math.cos(angle)) * d) / 2)


def preferred(world: World) -> str:
    """The object the agent ends every familiarisation trial touching (one and the same)."""
    touched = {tuple(world.touched(end - 1)) for end in world.ends}
    assert len(touched) == 1 and len(next(iter(touched))) == 1, f"familiarisation trials end touching {touched}"
    return next(iter(touched))[0]


def is_expected(world: World) -> bool:
    """Whether the agent ends the test trial touching the object it preferred."""
    test = world.touched(world.last_step)
    assert len(test) == 1, f"the test trial ends touching {test}"
    return test[0] == preferred(world)


def assert_plays_fair(world: World) -> None:
    """Nothing overlaps or leaves the grid at any step or between the keyframes of one; the agent walks at most
    :data:`FASTEST` a step, and touches an object only at a trial's end."""
    steps = np.arange(0, world.last_step + 1 / BETWEEN, 1 / BETWEEN)
    for step in steps.tolist():
        for item in (world.agent, *world.goals):
            (x, z), (hx, hz) = world.position(item, step), half_extents(item)
            assert abs(x) + hx <= world.inner + OVERLAP and abs(z) + hz <= world.inner + OVERLAP, (item["id"], step)
        for goal in world.goals:
            gap = world.gap(world.agent, goal, step)
            assert gap >= -OVERLAP, (goal["id"], step)
            assert gap > TOUCH or _walk_over(world, step), (goal["id"], step)
    shows = world.agent["shows"]
    for a, b in itertools.pairwise(shows):
        if b["stepBegin"] == a["stepBegin"] + 1:
            assert math.hypot(b["position"]["x"] - a["position"]["x"],
                              b["position"]["z"] - a["position"]["z"]) <= FASTEST + ROUNDING


def _walk_over(world: World, step: float) -> bool:
    """Whether ``step`` is on the agent's last step of a walk or after it: it has no keyframe after that step's
    end before the next trial's first step."""
    starts = [0, *world.ends]
    later = [show["stepBegin"] for show in world.agent["shows"] if show["stepBegin"] > math.floor(step)]
    return len(later) < 2 or later[0] in starts or later[1] in starts


def check_pair(family: Family, seed: int, index: int) -> None:
    """Sample ``index`` validates, plays fair, its two files are identical before the test trial and their test
    walks equally long, and the replay names the expected file as the label does."""
    sample, documents, _ = checked_sample(family, seed, "op_", index)
    assert set(documents) == {"expected", "unexpected"} and sample.pair is not None
    worlds = {}
    for suffix, document in documents.items():
        assert list(reference_validator("mcs_scene").iter_errors(document)) == []
        world = worlds[suffix] = World(document)
        assert_plays_fair(world)
        truth = sample.truth[suffix]
        assert is_expected(world) == truth["expected"] == (suffix == sample.pair["expected"])
        assert world.touched(world.last_step) == [truth["approached_id"]]
    test_start = worlds["expected"].ends[-1]
    assert sample.pair["test_start"] == test_start == worlds["unexpected"].ends[-1]
    assert_identical_before_test(documents["expected"], documents["unexpected"], test_start)
    walks = [len(world.agent["shows"]) for world in worlds.values()]
    assert walks[0] == walks[1] and worlds["expected"].last_step == worlds["unexpected"].last_step
