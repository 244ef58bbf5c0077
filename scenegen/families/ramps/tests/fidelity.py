"""Navigation - Ramps' eval7 template against the development half of the evaluation's ramp scenes, feature by
feature (:mod:`tests.kit.fidelity`).

    python -m scenegen.families.ramps.tests.fidelity [N]

prints the side-by-side table of N generated scenes (10,000 by default) kept in ``docs/fidelity/ramps.md``.

The development half holds twelve ramp scenes over three rooms (a stacked platform in seven, a pair in three, a
bridge in two). A share over twelve scenes has a standard error of up to 0.14, so what the evaluation draws (the
layout, the holder, the blob, the surfaces of the start and the goal, how many ramps the walk takes) is held
within 0.3 (two standard errors); sizes, heights and slopes, drawn here over the real range, within the real
range; what every real scene shares (the room, its materials, the goal, the types) exactly.
"""

from __future__ import annotations

import math
import sys

from scenegen.families.ramps.tests.replay import Room, bottom, fewest_ramps
from tests.kit import fidelity
from tests.kit.fidelity import Feature, Scene, the_scene

TASK = "interactive_ramps"
TEMPLATE = "eval7_ramps"
#: Two standard errors of a share over the twelve real scenes.
FACTOR = 0.3


def _of(scene: Scene, kind: str) -> list[Scene]:
    return [item for item in scene["objects"] if item["type"] == kind]


def _layout(scene: Scene) -> str:
    platforms = _of(scene, "cube")
    if len(platforms) == 1:
        return "bridge"
    _, upper = sorted(platforms, key=lambda item: item["shows"][0]["position"]["y"])
    return "stacked" if bottom(upper) > 0.01 else "pair"


def goal_of(scene: Scene) -> Scene:
    target = next(item for item in scene["objects"] if item["id"] == scene["goal"]["metadata"]["target"]["id"])
    return next((item for item in scene["objects"] if item["id"] == target.get("associatedWithAgent")), target)


def _level(scene: Scene, y: float) -> str:
    """Which surface a height is: the floor, the first (lowest-topped) platform or the second."""
    tops = sorted(round(item["shows"][0]["position"]["y"] + item["shows"][0]["scale"]["y"] / 2, 2)
                  for item in _of(scene, "cube"))
    return "floor" if y < 0.01 else ("first", "second")[min(range(len(tops)), key=lambda k: abs(tops[k] - y))]


def _ramps_walked(scene: Scene) -> int | None:
    goal = goal_of(scene)
    room = Room(scene, goal["id"])
    start, where = scene["performerStart"]["position"], goal["shows"][0]["position"]
    return fewest_ramps(room, (room.surface_at(start["x"], start["y"], start["z"]), start["x"], start["z"]),
                        (room.surface_at(where["x"], bottom(goal), where["z"]), where["x"], where["z"]))


def _slopes(scene: Scene) -> float:
    return max(math.degrees(math.atan2(item["shows"][0]["scale"]["y"], item["shows"][0]["scale"]["z"]))
               for item in _of(scene, "triangle"))


def _scale(kind: str, axis: str, pick=max):
    return lambda sample: pick(item["shows"][0]["scale"][axis] for item in _of(the_scene(sample), kind))


FEATURES = [
    Feature("room (x, y, z)", lambda s: tuple(the_scene(s)["roomDimensions"].values()), 0),
    Feature("materials (ceiling, floor, wall)", lambda s: (the_scene(s)["ceilingMaterial"],
                                                          the_scene(s)["floorMaterial"],
                                                          the_scene(s)["wallMaterial"]), 0),
    Feature("goal (description, last_step, actions)", lambda s: (
        the_scene(s)["goal"]["description"], the_scene(s)["goal"]["last_step"],
        len(the_scene(s)["goal"]["action_list"])), 0),
    Feature("layout", lambda s: _layout(the_scene(s)), FACTOR),
    Feature("platforms, ramps", lambda s: (len(_of(the_scene(s), "cube")), len(_of(the_scene(s), "triangle"))),
            FACTOR),
    Feature("ball held by agent_female_01", lambda s: "associatedWithAgent" in next(
        item for item in the_scene(s)["objects"] if item["type"] == "soccer_ball"), FACTOR),
    Feature("blob_15 present", lambda s: bool(_of(the_scene(s), "blob_15")), FACTOR),
    Feature("performer on", lambda s: _level(the_scene(s), the_scene(s)["performerStart"]["position"]["y"]),
            FACTOR),
    Feature("ball or holder on", lambda s: _level(the_scene(s), bottom(goal_of(the_scene(s)))), FACTOR),
    Feature("ramps the walk takes", lambda s: _ramps_walked(the_scene(s)), FACTOR),
    Feature("performer facing", lambda s: the_scene(s)["performerStart"]["rotation"]["y"], FACTOR),
    Feature("platform materials (by height)", lambda s: tuple(item["materials"][0] for item in sorted(
        _of(the_scene(s), "cube"), key=lambda item: item["shows"][0]["position"]["y"])), FACTOR),
    Feature("steepest ramp, degrees", lambda s: _slopes(the_scene(s)), 1.0, numeric=True, within_range=True),
    Feature("narrowest ramp, m", _scale("triangle", "x", min), 0.1, numeric=True, within_range=True),
    Feature("tallest platform, m", _scale("cube", "y"), 0.05, numeric=True, within_range=True),
    Feature("lowest platform, m", _scale("cube", "y", min), 0.05, numeric=True, within_range=True),
    Feature("deepest platform, m", _scale("cube", "z"), 0.1, numeric=True, within_range=True),
    Feature("widest platform, m", _scale("cube", "x"), 0.5, numeric=True, within_range=True),
]

if __name__ == "__main__":
    fidelity.main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
