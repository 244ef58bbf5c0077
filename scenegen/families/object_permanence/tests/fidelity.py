"""Object Permanence (interactive)'s eval7 template against the development half of the evaluation's interactive
Object Permanence scenes, feature by feature (:mod:`tests.kit.fidelity`).

    python -m scenegen.families.object_permanence.tests.fidelity [N]

prints the side-by-side table of N generated scenes (10,000 by default) kept in
``docs/fidelity/object_permanence.md``.

The development half holds four scenes. A share measured on four has a standard error of up to 0.25, so what the
evaluation draws (the impulse, the front piece, the side the ball ends on) is held within 0.5 (two standard
errors); what every real scene shares (the room, the platform and its step, the devices, the throwing device and
the ball's form, the side walls, the goal) is held exactly.
"""

from __future__ import annotations

import sys

from scenegen.families.object_permanence.tests.replay import divider, first_touch, throw
from tests.kit import fidelity
from tests.kit.fidelity import Feature, Scene, first_of_type, the_scene

TASK = "interactive_object_permanence"
TEMPLATE = "eval7_object_permanence"
#: Two standard errors of a share over the four real scenes.
FACTOR = 0.5


def _objects(sample: dict[str, Scene], prefix: str) -> list[Scene]:
    return [item for item in the_scene(sample)["objects"] if item["id"].startswith(prefix)]


def _pose(item: Scene) -> str:
    show = item["shows"][0]
    position, scale = show["position"], show.get("scale", {"x": 1, "y": 1, "z": 1})
    return (f"({position['x']:g}, {position['y']:g}, {position['z']:g}) turned {show['rotation']['y']:g} scale "
            f"{scale['x']:g} x {scale['y']:g} x {scale['z']:g}")


def devices(sample: dict[str, Scene]) -> str:
    """Each device's pose, form and states, in the scene's order."""
    return "; ".join(f"{_pose(item)} z {item['shows'][0]['rotation']['z']:g}, mass {item['mass']}, "
                     f"{item['materials'][0]}, {len(item['states'])} states, "
                     f"{sorted({state[0] for state in item['states']})}" for item in _objects(sample, "throwing_"))


def thrower(sample: dict[str, Scene]) -> str:
    """The device the ball starts in (its wall) and the ball's height below it."""
    ball = first_of_type(the_scene(sample), "soccer_ball")["shows"][0]
    (device,) = [item for item in _objects(sample, "throwing_") if item["shows"][0]["position"]["x"] ==
                 ball["position"]["x"]]
    return f"{device['id'].split('_')[2]}, {device['shows'][0]['position']['y'] - ball['position']['y']:.3f} below"


def ball_form(sample: dict[str, Scene]) -> str:
    ball = first_of_type(the_scene(sample), "soccer_ball")
    rotation = ball["shows"][0]["rotation"]
    (force,) = ball["forces"]
    return (f"scale {ball['shows'][0]['scale']['x']:g}, mass {ball['mass']:g}, rotation ({rotation['x']:g}, "
            f"{rotation['y']:g}, {rotation['z']:g}), force steps {force['stepBegin']}-{force['stepEnd']}, impulse "
            f"{force['impulse']}, relative {force['relative']}")


def impulse(sample: dict[str, Scene]) -> str:
    return f"{first_of_type(the_scene(sample), 'soccer_ball')['forces'][0]['vector']['x']:g}"


def front(sample: dict[str, Scene]) -> str:
    """What stands in front of each hiding place: desks, or walls and their height."""
    if _objects(sample, "occluder_front_"):
        heights = {f"{item['shows'][0]['scale']['y']:g}" for item in _objects(sample, "occluder_front_")}
        return f"walls {', '.join(sorted(heights))} m high"
    return f"{len([i for i in the_scene(sample)['objects'] if i['type'] == 'desk_3'])} desk_3"


def front_pieces(sample: dict[str, Scene]) -> str:
    """The front pieces' poses and masses (walls, or desks)."""
    pieces = _objects(sample, "occluder_front_") or [i for i in the_scene(sample)["objects"] if i["type"] == "desk_3"]
    return "; ".join(f"{_pose(item)}, mass {item['mass']}, {item['materials'][0]}" for item in pieces)


def side_walls(sample: dict[str, Scene]) -> str:
    return "; ".join(f"{_pose(item)}, mass {item['mass']}, {item['materials'][0]}"
                     for item in _objects(sample, "occluder_side_"))


def ball_side(sample: dict[str, Scene]) -> str:
    """Where the ball first comes down (the replay's flight at full speed): left or right of the platform."""
    scene = the_scene(sample)
    start, velocity, _ = throw(scene)
    x, _ = first_touch(start, velocity, scene["roomDimensions"]["x"] / 2, divider(scene))
    return "left" if x < 0 else "right"


def frame(sample: dict[str, Scene]) -> str:
    """Room, materials, performer start, platform, step, and the goal's keys, last step and actions."""
    scene = the_scene(sample)
    position = scene["performerStart"]["position"]
    room = ", ".join(f"{value:g}" for value in scene["roomDimensions"].values())
    (platform,), (step,) = _objects(sample, "platform_"), _objects(sample, "wall_")
    return (f"room ({room}), {scene['ceilingMaterial']}, {scene['floorMaterial']}, {scene['wallMaterial']}, "
            f"performer ({position['x']:g}, {position['y']:g}, {position['z']:g}), platform {_pose(platform)} mass "
            f"{platform['mass']}, step {_pose(step)} mass {step['mass']}, goal {', '.join(sorted(scene['goal']))}, "
            f"last_step {scene['goal']['last_step']}, {len(scene['goal']['action_list'])} actions, "
            f"{scene['goal']['description']}")


FEATURES = (
    Feature("devices", devices, 0.0),
    Feature("thrower", thrower, 0.0),
    Feature("ball's form and throw", ball_form, 0.0),
    Feature("impulse", impulse, FACTOR),
    Feature("ball ends on", ball_side, FACTOR),
    Feature("front of the hiding places", front, FACTOR),
    Feature("front pieces", front_pieces, FACTOR),
    Feature("side walls", side_walls, 0.0),
    Feature("frame", frame, 0.0),
)


if __name__ == "__main__":
    fidelity.main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
