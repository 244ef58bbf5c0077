"""The eval7 templates of Occluded Trajectory and of Collision against the development half of the evaluation's
scenes of each, feature by feature (:mod:`tests.kit.fidelity`).

    python -m scenegen.families.occluded_trajectory.tests.fidelity trajectory [N]
    python -m scenegen.families.occluded_trajectory.tests.fidelity collision [N]

print the side-by-side tables of N generated scenes (10,000 by default) kept in
``docs/fidelity/occluded_trajectory.md``.

The development half holds six Occluded Trajectory scenes and eight Collision scenes. A share measured on six or
eight has a standard error of up to 0.2, so what the evaluation draws (the device's place and turn, the resting
ball's place, the launch step, the sphere's colour, and the outcomes: side, crossing, strike) is held within 0.4
(two standard errors); what every real scene of a variant shares (the room, the platform, the occluder and its
steps, the device's form, the balls' forms, the impulse, the goal) is held exactly.
"""

from __future__ import annotations

import sys

from scenegen.families.occluded_trajectory.tests.replay import collision_outcome, trajectory_outcome
from tests.kit import fidelity
from tests.kit.door_rooms import frame, vector, wall
from tests.kit.fidelity import Feature, Scene, first_of_type, the_scene

#: Two standard errors of a share over six or eight real scenes.
FACTOR = 0.4


def _device(sample: dict[str, Scene]) -> Scene:
    return first_of_type(the_scene(sample), "tube_wide")


def _launched(sample: dict[str, Scene]) -> Scene:
    return next(item for item in the_scene(sample)["objects"] if item.get("forces"))


def device_place(sample: dict[str, Scene]) -> str:
    """The device's x and its turn (rotation y)."""
    show = _device(sample)["shows"][0]
    return f"x {show['position']['x']:g}, rotation {show['rotation']['y']:g}"


def device_form(sample: dict[str, Scene]) -> str:
    """The device's z, height, tilt, scale, mass, material, flags and states."""
    device = _device(sample)
    show = device["shows"][0]
    return (f"z {show['position']['z']:g}, y {show['position']['y']:g}, rotation z {show['rotation']['z']:g}, scale "
            f"{vector(show['scale'])}, mass {device['mass']:g}, {device['materials']}, kinematic "
            f"{device['kinematic']}, structure {device['structure']}, states {device['states']}")


def launched_in_device(sample: dict[str, Scene]) -> str:
    """The launched ball starts at the device's x and z, turned as it is, and how high."""
    ball, device = _launched(sample)["shows"][0], _device(sample)["shows"][0]
    same = (ball["position"]["x"], ball["position"]["z"], ball["rotation"]["y"]) == \
        (device["position"]["x"], device["position"]["z"], device["rotation"]["y"])
    return f"in the device {same}, y {ball['position']['y']:g}"


def launched_form(sample: dict[str, Scene]) -> str:
    """The launched ball's type, scale, mass, materials, flags and physics."""
    ball = _launched(sample)
    keys = ("type", "mass", "salientMaterials", "moveable", "pickupable", "physics", "physicsProperties")
    return f"scale {ball['shows'][0]['scale']['x']:g}, " + ", ".join(f"{key} {ball.get(key)}" for key in keys)


def launch(sample: dict[str, Scene]) -> str:
    """The force's form: impulse, relative, along x, and its size."""
    (force,) = _launched(sample)["forces"]
    push, single = force["vector"], force["stepBegin"] == force["stepEnd"]
    return (f"impulse {force['impulse']}, relative {force['relative']}, one step {single}, along x "
            f"{push['y'] == 0 and push['z'] == 0}, {push['x']:g} N s")


def launch_step(sample: dict[str, Scene]) -> str:
    return f"{_launched(sample)['forces'][0]['stepBegin']}"


def striker_colour(sample: dict[str, Scene]) -> str:
    return ", ".join(_launched(sample)["materials"])


def resting_ball(sample: dict[str, Scene]) -> str:
    """Where the soccer ball rests (Collision), to the millimetre: the evaluation puts a ball on the sphere's line
    0.1 mm from where the line is (11.3119 for 11.3120)."""
    position = the_scene(sample)["objects"][0]["shows"][0]["position"]
    return f"({position['x']:.3f}, {position['z']:.3f})"


def resting_form(sample: dict[str, Scene]) -> str:
    ball = the_scene(sample)["objects"][0]
    show = ball["shows"][0]
    return (f"{ball['type']} y {show['position']['y']:g}, rotation {vector(show['rotation'])}, scale "
            f"{show['scale']['x']:g}, mass {ball['mass']:g}, {ball['salientMaterials']}, materials {ball['materials']}")


def occluder_steps(sample: dict[str, Scene]) -> str:
    """The occluder's descent (every piece alike) and the Passes."""
    scene = the_scene(sample)
    moves = {str(item["moves"]) for item in scene["objects"] if item.get("moves")}
    move = first_of_type(scene, "door_")["moves"][0]
    return (f"steps {move['stepBegin']}-{int(move['stepEnd'])} at {move['vector']['y']:g}, all alike "
            f"{len(moves) == 1}, {len(scene['goal']['action_list'])} Passes")


def occluder_place(sample: dict[str, Scene]) -> str:
    """The occluder's z, its top piece's first height and scale, and its materials."""
    scene = the_scene(sample)
    top = next(item for item in scene["objects"] if item["id"].startswith("wall_top"))
    door = first_of_type(scene, "door_")
    return (f"z {top['shows'][0]['position']['z']:g}, top at {top['shows'][0]['position']['y']:g} "
            f"{vector(top['shows'][0]['scale'])} mass {top['mass']}, {top['materials']}, doors {door['materials']}")


def lava(sample: dict[str, Scene]) -> str:
    cells = the_scene(sample)["lava"]
    return f"{len(cells)} cells at x {sorted({cell['x'] for cell in cells})}"


def performer_view(sample: dict[str, Scene]) -> str:
    return vector(the_scene(sample)["performerStart"]["rotation"])


def trajectory_side(sample: dict[str, Scene]) -> str:
    """Where the replay finds the ball ends: its side and whether it crossed the lava."""
    side, crossed = trajectory_outcome(the_scene(sample))
    return f"{side}{', across the lava' if crossed else ''}"


def collision_side(sample: dict[str, Scene]) -> str:
    """Where the replay finds the soccer ball ends, whether it crossed the lava, and whether it was struck."""
    side, crossed, hit = collision_outcome(the_scene(sample), _launched(sample))
    return f"{'struck' if hit else 'missed'}, {side}{', across the lava' if crossed else ''}"


SHARED = (
    Feature("device's place and turn", device_place, FACTOR),
    Feature("device's form", device_form, 0.0),
    Feature("launched ball in the device", launched_in_device, 0.0),
    Feature("launched ball's form", launched_form, 0.0),
    Feature("launch", launch, 0.0),
    Feature("occluder's steps and the Passes", occluder_steps, 0.0),
    Feature("occluder's place and pieces", occluder_place, 0.0),
    Feature("occluder's doors and posts", wall, 0.0),
    Feature("lava", lava, 0.0),
    Feature("performer's view", performer_view, 0.0),
)
TRAJECTORY = (*SHARED, Feature("frame", frame, 0.0), Feature("launch step", launch_step, 0.0),
              Feature("where the ball ends (replayed)", trajectory_side, FACTOR))
# Collision's frame lists the sphere's colour, which the evaluation draws.
COLLISION = (*SHARED, Feature("frame", frame, FACTOR), Feature("launch step", launch_step, FACTOR),
             Feature("sphere's colour", striker_colour, FACTOR), Feature("resting ball's place", resting_ball, FACTOR),
             Feature("resting ball's form", resting_form, 0.0),
             Feature("where the soccer ball ends (replayed)", collision_side, FACTOR))
#: The task's name in the real files and the eval7 template, by variant.
VARIANTS = {"trajectory": ("interactive_occluded_trajectory", "eval7_occluded_trajectory", TRAJECTORY),
            "collision": ("interactive_collision", "eval7_collision", COLLISION)}


if __name__ == "__main__":
    task, template, features = VARIANTS[sys.argv[1]]
    fidelity.main(task, template, features, sys.argv[2:])
