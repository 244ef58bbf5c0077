"""Replaying a written grid-world scene of one walking agent, for the independent replays of Object Preference and
Efficient Action: where each object is at any step (and between the keyframes of consecutive steps, on the line
joining them), footprints as boxes along x and z from the catalogue sizes, and the properties every such scene
holds (nothing overlaps or leaves the grid, the agent touches a goal only as its walk ends, no step too long)."""

from __future__ import annotations

import bisect
import itertools
import math
from collections.abc import Sequence

import numpy as np

from scenegen.mcs.geometry import object_size

#: How far apart two footprints may be and still touch: walks stop 0.2 mm short, rounded to 0.1 mm.
TOUCH = 1e-3
OVERLAP = 1e-6
#: Points checked between two keyframes of a step.
BETWEEN = 10
FASTEST = 0.3
#: What rounding positions to 0.1 mm may add to a step: half of it at each end, along x and along z.
ROUNDING = 1.5e-4


class World:
    """One document replayed: the grid's inner half width, its trials, every object's place at any step."""

    def __init__(self, document: dict) -> None:
        self.document = document
        self.objects = {item["id"]: item for item in document["objects"]}
        self.inner = self.objects["wall_grid_right"]["shows"][0]["position"]["x"] - 0.25
        self.agent = next(item for key, item in self.objects.items() if key.startswith("agent_"))
        actions = document["goal"]["action_list"]
        self.ends = [i + 1 for i, action in enumerate(actions) if action == ["EndHabituation"]]
        self.last_step = document["goal"]["last_step"]
        self._steps: dict[str, list[int]] = {}

    def prefixed(self, prefix: str) -> list[dict]:
        return [item for key, item in self.objects.items() if key.startswith(prefix)]

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

    @staticmethod
    def visible(item: dict, step: float) -> bool:
        return item["shows"][0]["stepBegin"] <= step and not any(h["stepBegin"] <= step for h in item.get("hides", ()))

    def gap(self, one: dict, two: dict, step: float) -> float:
        """The distance between the two footprints' boxes at ``step`` (negative: they overlap)."""
        (ax, az), (bx, bz) = self.position(one, step), self.position(two, step)
        (ahx, ahz), (bhx, bhz) = half_extents(one), half_extents(two)
        return max(abs(ax - bx) - ahx - bhx, abs(az - bz) - ahz - bhz)

    def touched(self, goals: list[dict], step: int) -> list[str]:
        """The ids of ``goals`` the agent touches at ``step``."""
        return [goal["id"] for goal in goals if -OVERLAP <= self.gap(self.agent, goal, step) <= TOUCH]

    def walk(self, first: int, end: int) -> list[tuple[float, float]]:
        """The agent's keyframe positions from step ``first`` to before ``end``."""
        return [(show["position"]["x"], show["position"]["z"]) for show in self.agent["shows"]
                if first <= show["stepBegin"] < end]

    def walk_over(self, step: float) -> bool:
        """Whether ``step`` is on the agent's last step of a walk or after it: no keyframe follows that step's end
        before the next trial's first step."""
        starts = [0, *self.ends]
        later = [show["stepBegin"] for show in self.agent["shows"] if show["stepBegin"] > math.floor(step)]
        return len(later) < 2 or later[0] in starts or later[1] in starts


def half_extents(item: dict) -> tuple[float, float]:
    """Half sizes along x and z of the object's box, turned as its first keyframe turns it."""
    show = item["shows"][0]
    size_x, _, size_z = object_size(item["type"])
    w, d = size_x * show["scale"]["x"], size_z * show["scale"]["z"]
    angle = math.radians(show["rotation"]["y"])
    return ((abs(math.cos(angle)) * w + abs(math.sin(angle)) * d) / 2,
            (abs(math.sin(angle)) * w + abs(math.cos(angle)) * d) / 2)


def assert_plays_fair(world: World, goals: Sequence[dict], obstacles: Sequence[dict] = ()) -> None:
    """At every tenth of a step nothing leaves the grid, the agent overlaps no goal and no visible obstacle and
    touches a goal only as its walk ends; the agent walks at most :data:`FASTEST` a step."""
    for step in np.arange(0, world.last_step + 1 / BETWEEN, 1 / BETWEEN).tolist():
        for item in (world.agent, *goals, *obstacles):
            (x, z), (hx, hz) = world.position(item, step), half_extents(item)
            assert abs(x) + hx <= world.inner + OVERLAP and abs(z) + hz <= world.inner + OVERLAP, (item["id"], step)
        for goal in goals:
            gap = world.gap(world.agent, goal, step)
            assert gap >= -OVERLAP, (goal["id"], step)
            assert gap > TOUCH or world.walk_over(step), (goal["id"], step)
        for obstacle in obstacles:
            assert not world.visible(obstacle, step) or world.gap(world.agent, obstacle, step) > 0, \
                (obstacle["id"], step)
    for a, b in itertools.pairwise(world.agent["shows"]):
        if b["stepBegin"] == a["stepBegin"] + 1:
            assert math.hypot(b["position"]["x"] - a["position"]["x"],
                              b["position"]["z"] - a["position"]["z"]) <= FASTEST + ROUNDING
