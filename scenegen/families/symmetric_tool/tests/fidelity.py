"""Symmetric Tool's eval7 template against the development half of the evaluation's Symmetric Tool scenes, feature
by feature (:mod:`tests.kit.fidelity`).

    python -m scenegen.families.symmetric_tool.tests.fidelity [N]

prints the side-by-side table of N generated scenes (10,000 by default) kept in ``docs/fidelity/symmetric_tool.md``.

The development half holds eight Symmetric Tool scenes (seven in ``eval7/``, one in ``more/``). A share measured
on eight scenes has a standard error of up to 0.18, so what the evaluation draws (the ball on open floor or in the
lava, the tool's rotation, guide rails, the material) is held within 0.35 (two standard errors); what every real
scene shares (the ball's cell, the pool's shape and where an open-floor scene moves it, the tool's type and
centre, rails only beside a tool lying along the push, the performer's start, the frame) is held exactly.
"""

from __future__ import annotations

import sys

from tests.kit import fidelity
from tests.kit.fidelity import Feature, Scene, the_scene

TASK = "interactive_symmetric_tool"
TEMPLATE = "eval7_symmetric_tool"
#: Two standard errors of a share over the eight real scenes.
FACTOR = 0.35



def _position(item: Scene) -> tuple[float, float]:
    position = item["shows"][0]["position"]
    return float(position["x"]), float(position["z"])


def _ball(scene: Scene) -> Scene:
    return next(item for item in scene["objects"] if item["type"] == "soccer_ball")


def _tool(scene: Scene) -> Scene:
    return next(item for item in scene["objects"] if item["type"].startswith("tool_"))


def _rails(scene: Scene) -> list[Scene]:
    return [item for item in scene["objects"] if item["id"].startswith("guide_rail_")]


def _pool_centre(scene: Scene) -> tuple[float, float]:
    xs, zs = [cell["x"] for cell in scene["lava"]], [cell["z"] for cell in scene["lava"]]
    return (min(xs) + max(xs)) / 2, (min(zs) + max(zs)) / 2


def _rotation(scene: Scene) -> float:
    return float(_tool(scene)["shows"][0]["rotation"]["y"]) % 360


def ball_on_open_floor(sample: dict[str, Scene]) -> bool:
    """Whether the ball lies outside its pool's rectangle."""
    scene = the_scene(sample)
    x, z = _position(_ball(scene))
    xs, zs = [cell["x"] for cell in scene["lava"]], [cell["z"] for cell in scene["lava"]]
    return not (min(xs) <= x <= max(xs) and min(zs) <= z <= max(zs))


def ball_cell(sample: dict[str, Scene]) -> str:
    return "({:g}, {:g})".format(*_position(_ball(the_scene(sample))))


def pool_from_ball(sample: dict[str, Scene]) -> str:
    """The pool's centre from the ball, in cells."""
    scene = the_scene(sample)
    (x, z), (bx, bz) = _pool_centre(scene), _position(_ball(scene))
    return f"({x - bx:g}, {z - bz:g})"


def pool(sample: dict[str, Scene]) -> str:
    """The pool's cells and extent."""
    cells = the_scene(sample)["lava"]
    xs, zs = [cell["x"] for cell in cells], [cell["z"] for cell in cells]
    return f"{len(cells)} cells, {max(xs) - min(xs) + 1} x {max(zs) - min(zs) + 1}"


def tool_rotation(sample: dict[str, Scene]) -> str:
    return f"{_rotation(the_scene(sample)):g}"


def tool_needs_a_turn(sample: dict[str, Scene]) -> bool:
    """Whether the tool lies off the push (along +x: rotation 90)."""
    return _rotation(the_scene(sample)) % 180 != 90


def tool(sample: dict[str, Scene]) -> str:
    """The tool's type and centre."""
    item = _tool(the_scene(sample))
    return "{} at ({:g}, {:g})".format(item["type"], *_position(item))


def guide_rails(sample: dict[str, Scene]) -> int:
    return len(_rails(the_scene(sample)))


def rails_beside_a_tool_along_the_push(sample: dict[str, Scene]) -> bool | None:
    scene = the_scene(sample)
    return not tool_needs_a_turn(sample) if _rails(scene) else None


def material(sample: dict[str, Scene]) -> str:
    return ", ".join(_tool(the_scene(sample))["materials"])


def frame(sample: dict[str, Scene]) -> str:
    """Room, materials, the performer's start and facing, and the goal."""
    scene = the_scene(sample)
    start = scene["performerStart"]
    room = ", ".join(f"{value:g}" for value in scene["roomDimensions"].values())
    goal = scene["goal"]
    return (f"room ({room}), {scene['ceilingMaterial']} / {scene['floorMaterial']} / {scene['wallMaterial']}, "
            f"performer ({start['position']['x']:g}, {start['position']['y']:g}, {start['position']['z']:g}) "
            f"facing {start['rotation']['y']:g}, goal {', '.join(sorted(goal))}, last_step {goal['last_step']}, "
            f"{len(goal['action_list'])} actions")


FEATURES = (
    Feature("ball on open floor", ball_on_open_floor, FACTOR),
    Feature("ball's cell", ball_cell, 0.0),
    Feature("pool's centre from the ball", pool_from_ball, FACTOR),
    Feature("pool", pool, 0.0),
    Feature("tool", tool, 0.0),
    Feature("tool's rotation", tool_rotation, FACTOR),
    Feature("tool needs a turn before the push", tool_needs_a_turn, FACTOR),
    Feature("guide rails", guide_rails, FACTOR),
    Feature("rails beside a tool along the push", rails_beside_a_tool_along_the_push, 0.0),
    Feature("tool's material", material, FACTOR),
    Feature("frame", frame, 0.0),
)


if __name__ == "__main__":
    fidelity.main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
