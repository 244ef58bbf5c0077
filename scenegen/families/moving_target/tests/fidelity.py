"""Moving Target Prediction's eval7 template against the development half of the evaluation's Moving Target
Prediction scenes, feature by feature (:mod:`tests.kit.fidelity`).

    python -m scenegen.families.moving_target.tests.fidelity [N]

prints the side-by-side table of N generated scenes (10,000 by default) kept in ``docs/fidelity/moving_target.md``.

The development half holds six scenes. A share measured on six has a standard error of up to 0.2, so what the
evaluation draws (the device's place, the impulse, the view, lava or none) is held within 0.4 (two standard
errors); what every real scene shares (the room, the platform, the device's wall and form, the launch step and
force's form, the goal) is held exactly.
"""

from __future__ import annotations

import sys

from tests.kit import fidelity
from tests.kit.fidelity import Feature, Scene, first_of_type, the_scene

TASK = "interactive_moving_target_prediction"
TEMPLATE = "eval7_moving_target"
#: Two standard errors of a share over the six real scenes.
FACTOR = 0.4


def _ball(sample: dict[str, Scene]) -> Scene:
    return first_of_type(the_scene(sample), "soccer_ball")


def _device(sample: dict[str, Scene]) -> Scene:
    return first_of_type(the_scene(sample), "tube_wide")


def device_place(sample: dict[str, Scene]) -> str:
    """The device's (x, z) and its turn (rotation y)."""
    show = _device(sample)["shows"][0]
    return f"({show['position']['x']:g}, {show['position']['z']:g}) turned {show['rotation']['y']:g}"


def device_form(sample: dict[str, Scene]) -> str:
    """The device's height, tilt, scale, mass, material and flags."""
    device = _device(sample)
    show = device["shows"][0]
    return (f"y {show['position']['y']:g}, rotation z {show['rotation']['z']:g}, scale {show['scale']['x']:g}, "
            f"mass {device['mass']:g}, {', '.join(device['materials'])}, kinematic {device['kinematic']}, "
            f"structure {device['structure']}")


def device_states(sample: dict[str, Scene]) -> str:
    """How many steps the device holds the ball, then releases it, against the last step."""
    states = [state[0] for state in _device(sample)["states"]]
    held = states.count("held")
    return f"held {held}, released {len(states) - held} of {the_scene(sample)['goal']['last_step']}"


def ball_in_device(sample: dict[str, Scene]) -> bool:
    """The ball starts at the device's place, turned as it is."""
    ball, device = _ball(sample)["shows"][0], _device(sample)["shows"][0]
    return ball["position"] == device["position"] and ball["rotation"]["y"] == device["rotation"]["y"]


def ball_form(sample: dict[str, Scene]) -> str:
    ball = _ball(sample)
    return f"scale {ball['shows'][0]['scale']['x']:g}, mass {ball['mass']:g}, {ball['salientMaterials']}"


def launch(sample: dict[str, Scene]) -> str:
    """The force's form: step range, impulse, relative, and its direction."""
    (force,) = _ball(sample)["forces"]
    vector = force["vector"]
    return (f"steps {force['stepBegin']}-{force['stepEnd']}, impulse {force['impulse']}, relative "
            f"{force['relative']}, along x {vector['y'] == 0 and vector['z'] == 0}")


def impulse(sample: dict[str, Scene]) -> str:
    return f"{_ball(sample)['forces'][0]['vector']['x']:g}"


def lava(sample: dict[str, Scene]) -> str:
    partition = the_scene(sample).get("partitionFloor")
    return "none" if partition is None else f"{partition['leftHalf']:g} / {partition['rightHalf']:g}"


def performer_view(sample: dict[str, Scene]) -> str:
    """The performer's tilt and facing."""
    rotation = the_scene(sample)["performerStart"]["rotation"]
    return f"tilt {rotation['x']:g}, facing {rotation['y']:g}"


def platform(sample: dict[str, Scene]) -> str:
    item = first_of_type(the_scene(sample), "cube")
    show = item["shows"][0]
    return (f"({show['position']['x']:g}, {show['position']['y']:g}, {show['position']['z']:g}) scale "
            f"{show['scale']['x']:g} x {show['scale']['y']:g} x {show['scale']['z']:g}, mass {item['mass']:g}, "
            f"{', '.join(item['materials'])}")


def frame(sample: dict[str, Scene]) -> str:
    """Room, materials, performer start, objects and the goal's keys, last step and actions."""
    scene = the_scene(sample)
    position = scene["performerStart"]["position"]
    room = ", ".join(f"{value:g}" for value in scene["roomDimensions"].values())
    actions = sorted({action[0] for action in scene["goal"]["action_list"]})
    return (f"room ({room}), {scene['ceilingMaterial']}, {scene['floorMaterial']}, {scene['wallMaterial']}, "
            f"performer ({position['x']:g}, {position['y']:g}, {position['z']:g}), "
            f"{' '.join(item['type'] for item in scene['objects'])}, goal {', '.join(sorted(scene['goal']))}, "
            f"last_step {scene['goal']['last_step']}, {len(scene['goal']['action_list'])} x {', '.join(actions)}, "
            f"{scene['goal']['description']}")


FEATURES = (
    Feature("device's place and turn", device_place, FACTOR),
    Feature("device's form", device_form, 0.0),
    Feature("device's states", device_states, 0.0),
    Feature("ball starts in the device", ball_in_device, 0.0),
    Feature("ball's form", ball_form, 0.0),
    Feature("launch", launch, 0.0),
    Feature("impulse", impulse, FACTOR),
    Feature("lava (partitionFloor)", lava, FACTOR),
    Feature("performer's view", performer_view, FACTOR),
    Feature("platform", platform, 0.0),
    Feature("frame", frame, 0.0),
)


if __name__ == "__main__":
    fidelity.main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
