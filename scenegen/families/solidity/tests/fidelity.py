"""Solidity's eval7 template against the development half of the evaluation's Solidity scenes, feature by feature
(:mod:`tests.kit.fidelity`).

    python -m scenegen.families.solidity.tests.fidelity [N]

prints the side-by-side table of N generated scenes (10,000 by default) kept in ``docs/fidelity/solidity.md``.

The development half holds four Solidity scenes. A share over four scenes is uncertain by up to 0.25 (one standard
error), so what the evaluation draws (the door, the order of the phases, the wall's height) is held within 0.45;
the extension's side, on the right in all four, is held to the task's description (either side: half and half,
within 0.1, three standard errors over 300 scenes); the gap between a ball over the floor and the side beside it
inside the real range (widened by 1 cm for rounding); everything the four share (the frame, the platforms, the
wall's pieces, the ball's and placer's geometry, each order's steps) exactly.
"""

from __future__ import annotations

import sys

from tests.kit import fidelity
from tests.kit.door_rooms import frame, order, steps, target, vector, wall, wall_top
from tests.kit.fidelity import Feature, Scene, the_scene

TASK = "interactive_solidity"
TEMPLATE = "eval7_solidity"
#: Two standard errors of a share over four scenes, less a little.
FACTOR = 0.45


def _platforms(scene: Scene) -> list[Scene]:
    return [item for item in scene["objects"] if item["id"].startswith("platform_")]


def _extension(scene: Scene) -> Scene:
    return min(_platforms(scene), key=lambda item: item["shows"][0]["scale"]["y"])


def _x(item: Scene) -> float:
    return float(item["shows"][0]["position"]["x"])


def _over_extension(scene: Scene) -> bool:
    return abs(_x(target(scene)) - _x(_extension(scene))) < _extension(scene)["shows"][0]["scale"]["x"] / 2


def door(sample: dict[str, Scene]) -> str:
    """The door to where the ball falls: the middle one over the extension, else its side's."""
    scene = the_scene(sample)
    return "middle" if _over_extension(scene) else "left" if _x(target(scene)) < 0 else "right"


def extension_side(sample: dict[str, Scene]) -> str:
    return "left" if _x(_extension(the_scene(sample))) < 0 else "right"


def floor_gap(sample: dict[str, Scene]) -> float | None:
    """The space between a ball over the floor and the side of the platform or extension beside it."""
    scene = the_scene(sample)
    if _over_extension(scene):
        return None
    ball = target(scene)
    sides = [abs(_x(item)) + item["shows"][0]["scale"]["x"] / 2 for item in _platforms(scene)
             if _x(item) * _x(ball) >= 0]
    return abs(_x(ball)) - max(sides) - 0.11 * ball["shows"][0]["scale"]["x"]


def extension_offset(sample: dict[str, Scene]) -> float | None:
    """How far a ball over the extension hangs off its centre line."""
    scene = the_scene(sample)
    return abs(_x(target(scene)) - _x(_extension(scene))) if _over_extension(scene) else None


def ball(sample: dict[str, Scene]) -> str:
    """The ball's z, first height, scale, mass, descent and the placer's geometry."""
    scene = the_scene(sample)
    item, placer = target(scene), next(i for i in scene["objects"] if i["id"].startswith("placer_"))
    show, move = item["shows"][0], item["moves"][0]
    return (f"z {show['position']['z']}, y {show['position']['y']}, scale {show['scale']['x']}, mass {item['mass']}, "
            f"{move['stepEnd'] - move['stepBegin'] + 1} steps down; placer y {placer['shows'][0]['position']['y']}, "
            f"scale {vector(placer['shows'][0]['scale'])}, mass {placer['mass']}")


def platforms(sample: dict[str, Scene]) -> str:
    """The platforms' places (the extension's x as |x|), sizes, masses and rims (the extension's sides as
    joined and outer)."""
    scene = the_scene(sample)
    joined = extension_side(sample)
    names = {joined: "joined", "left" if joined == "right" else "right": "other"}
    parts = []
    for item in _platforms(scene):
        show = item["shows"][0]
        lips = {names.get(key, key): value for key, value in item["lips"].items() if key != "gaps"}
        gaps = {names[key]: value for key, value in item["lips"].get("gaps", {}).items()}
        parts.append(f"|x| {abs(show['position']['x']):g} y {show['position']['y']:g} z {show['position']['z']:g} "
                     f"{vector(show['scale'])} {item['mass']} {sorted(lips.items())} gaps {sorted(gaps.items())}")
    return "; ".join(parts)


FEATURES = (
    Feature("door", door, FACTOR),
    Feature("extension's side", extension_side, 0.1, stated={"left": 0.5, "right": 0.5}),
    Feature("order", order, FACTOR),
    Feature("steps", steps, FACTOR),
    Feature("wall's top", wall_top, FACTOR),
    Feature("ball over the floor: gap beside it", floor_gap, 0.01, numeric=True, within_range=True),
    Feature("ball over the extension: off its centre line", extension_offset, 0.001, numeric=True),
    Feature("ball and placer", ball, 0.0),
    Feature("platforms", platforms, 0.0),
    Feature("wall", wall, 0.0),
    Feature("frame", frame, 0.0),
)


if __name__ == "__main__":
    fidelity.main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
