"""Asymmetric Tool's eval7 template against the development half of the evaluation's Asymmetric Tool scenes,
feature by feature (:mod:`tests.kit.fidelity`).

    python -m scenegen.families.asymmetric_tool.tests.fidelity [N]

prints the side-by-side table of N generated scenes (10,000 by default) kept in ``docs/fidelity/asymmetric_tool.md``.

The development half holds four Asymmetric Tool scenes (three in ``eval7/``, one in ``more/``). A share measured on
four scenes has a standard error of up to 0.25; what the evaluation draws (where the band lies and whether the
ball is in it, the tool's rotation) is held within 0.45 (below two standard errors, so that a share the template
never draws, where the real files show it in half, still counts as outside); what every real scene shares (the
ball's cell, the tool's type, centre and material, the performer's start, the frame) exactly.
"""

from __future__ import annotations

import sys

from tests.kit import fidelity
from tests.kit.fidelity import Feature, Scene, first_of_type, the_scene

TASK = "interactive_asymmetric_tool"
TEMPLATE = "eval7_asymmetric_tool"
#: Below two standard errors of a share over the four real scenes.
FACTOR = 0.45


def _tool(scene: Scene) -> Scene:
    return next(item for item in scene["objects"] if item["type"].startswith("tool_"))


def band(sample: dict[str, Scene]) -> str:
    """Where the band of lava lies: which walls it reaches, and how many cells deep it is."""
    scene = the_scene(sample)
    xs, zs = [cell["x"] for cell in scene["lava"]], [cell["z"] for cell in scene["lava"]]
    half_x, half_z = (scene["roomDimensions"]["x"] - 1) / 2, (scene["roomDimensions"]["z"] - 1) / 2
    walls = [name for name, reached in (("left", min(xs) == -half_x), ("right", max(xs) == half_x),
                                        ("front", min(zs) == -half_z), ("back", max(zs) == half_z)) if reached]
    return f"reaching the {', '.join(walls)} walls, {max(xs) - min(xs) + 1} x {max(zs) - min(zs) + 1} cells"


def ball_in_band(sample: dict[str, Scene]) -> bool:
    scene = the_scene(sample)
    position = first_of_type(scene, "soccer_ball")["shows"][0]["position"]
    xs, zs = [cell["x"] for cell in scene["lava"]], [cell["z"] for cell in scene["lava"]]
    return min(xs) <= position["x"] <= max(xs) and min(zs) <= position["z"] <= max(zs)


def ball_cell(sample: dict[str, Scene]) -> str:
    position = first_of_type(the_scene(sample), "soccer_ball")["shows"][0]["position"]
    return f"({position['x']:g}, {position['z']:g})"


def tool(sample: dict[str, Scene]) -> str:
    """The tool's type, centre and material."""
    item = _tool(the_scene(sample))
    position = item["shows"][0]["position"]
    return f"{item['type']} at ({position['x']:g}, {position['z']:g}), {', '.join(item['materials'])}"


def tool_rotation(sample: dict[str, Scene]) -> str:
    return f"{_tool(the_scene(sample))['shows'][0]['rotation']['y'] % 360:g}"


def frame(sample: dict[str, Scene]) -> str:
    """Room, materials, the performer's start and facing, and the goal."""
    scene = the_scene(sample)
    start = scene["performerStart"]
    room = ", ".join(f"{value:g}" for value in scene["roomDimensions"].values())
    goal = scene["goal"]
    return (f"room ({room}), {scene['ceilingMaterial']} / {scene['floorMaterial']} / {scene['wallMaterial']}, "
            f"performer ({start['position']['x']:g}, {start['position']['z']:g}) facing {start['rotation']['y']:g}, "
            f"goal {', '.join(sorted(goal))}, last_step {goal['last_step']}, {len(goal['action_list'])} actions")


FEATURES = (
    Feature("band of lava", band, FACTOR),
    Feature("ball in the band", ball_in_band, FACTOR),
    Feature("ball's cell", ball_cell, 0.0),
    Feature("tool", tool, 0.0),
    Feature("tool's rotation", tool_rotation, FACTOR),
    Feature("frame", frame, 0.0),
)


if __name__ == "__main__":
    fidelity.main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
