"""Spatial Reorientation's eval7 template against the development half of the evaluation's scenes, feature by
feature (:mod:`tests.kit.fidelity`).

    python -m scenegen.families.spatial_reorientation.tests.fidelity [N]

prints the side-by-side table of N generated scenes (10,000 by default) kept in
``docs/fidelity/spatial_reorientation.md``.

The development half holds eighteen scenes. A share over eighteen has a standard error of up to 0.12, so what the
evaluation draws (the end the performer starts at, whether it is put down at the other, each landmark, whether the
chair is moved) is held within 0.25 (two standard errors); what every real scene shares (the room, the containers,
the ball's drop and container, the placer, the timing, where the performer is put down, the chair's places) exactly.
"""

from __future__ import annotations

import sys

from tests.kit import fidelity
from tests.kit.fidelity import Feature, Scene, the_scene

from .replay import label

TASK = "interactive_spatial_reorientation"
TEMPLATE = "eval7_spatial_reorientation"
#: Two standard errors of a share over the eighteen real scenes.
FACTOR = 0.25


def _objects(scene: Scene, prefix: str) -> list[Scene]:
    return [item for item in scene["objects"] if item["id"].startswith(prefix) or item["type"] == prefix]


def start_end(sample: dict[str, Scene]) -> str:
    return "+z" if the_scene(sample)["performerStart"]["position"]["z"] > 0 else "-z"


def moved(sample: dict[str, Scene]) -> bool:
    return bool(label(the_scene(sample))["moved"])


def put_down(sample: dict[str, Scene]) -> str:
    """Where EndHabituation puts the performer, and on which step."""
    actions = the_scene(sample)["goal"]["action_list"]
    return f"step {len(actions)}: {actions[-1][0].split(',', 1)[1]}"


def trapezoid(sample: dict[str, Scene]) -> str:
    walls = _objects(the_scene(sample), "trapezoidal_wall_")
    return "; ".join(f"x {w['shows'][0]['position']['x']:g} turned {w['shows'][0]['rotation']['y']:g} scale "
                     f"{w['shows'][0]['scale']['x']:g}" for w in walls) or "none"


def coloured_wall(sample: dict[str, Scene]) -> str:
    walls = the_scene(sample)["roomMaterials"]
    odd = [f"{wall} {material.rsplit('/', 1)[-1]}" for wall, material in walls.items()
           if list(walls.values()).count(material) == 1]
    return odd[0] if odd else "none"


def chair(sample: dict[str, Scene]) -> str:
    found = _objects(the_scene(sample), "folding_chair")
    return "none" if not found else " then ".join(
        f"({show['position']['x']:g}, {show['position']['z']:g}) turned {show['rotation']['y']:g}"
        for show in found[0]["shows"])


def ball_container(sample: dict[str, Scene]) -> str:
    """The ball's container: its type, scale and place, and where the ball comes to rest in it."""
    scene = the_scene(sample)
    said = label(scene)
    container = next(item for item in scene["objects"] if item["id"] == said["container_id"])
    show = container["shows"][0]
    return (f"{container['type']} x{show['scale']['x']:g},{show['scale']['y']:g} at ({show['position']['x']:g}, "
            f"{show['position']['z']:g}), ball at rest y {said['rest_y']:.3f}")


def drop(sample: dict[str, Scene]) -> str:
    """The ball's and its placer's motion and the placer's pole."""
    scene = the_scene(sample)
    ball, placer = scene["objects"][0], _objects(scene, "placer_")[0]
    moves = ", ".join(f"{m['stepBegin']}-{m['stepEnd']}" for m in placer["moves"])
    return (f"ball from y {ball['shows'][0]['position']['y']:g}, physics at {ball['togglePhysics'][0]['stepBegin']}; "
            f"placer {placer['shows'][0]['scale']['y']:g} long, moves {moves}, Cyan at "
            f"{placer['changeMaterials'][0]['stepBegin']}, {len(placer['states'])} states")


def frame(sample: dict[str, Scene]) -> str:
    """The room, its materials, the platform, the blocks, the performer's height, the goal."""
    scene = the_scene(sample)
    room = ", ".join(f"{value:g}" for value in scene["roomDimensions"].values())
    platform = _objects(scene, "platform_")[0]["shows"][0]["scale"]
    blocks = ", ".join(f"{z:g}" for z in sorted(item["shows"][0]["position"]["z"]
                                                for item in _objects(scene, "blocking_wall_")))
    return (f"room ({room}) {scene['floorMaterial']} {scene['ceilingMaterial']}, platform "
            f"{platform['x']:g}x{platform['y']:g}x{platform['z']:g}, blocks at z ({blocks}), performer y "
            f"{scene['performerStart']['position']['y']:g}, goal {', '.join(sorted(scene['goal']))}, last_step "
            f"{scene['goal']['last_step']}")


FEATURES = (
    Feature("performer starts at", start_end, FACTOR),
    Feature("put down at the other end", moved, FACTOR),
    Feature("put down", put_down, FACTOR),
    Feature("trapezoidal room", trapezoid, FACTOR),
    Feature("a wall of its own colour", coloured_wall, FACTOR),
    Feature("folding chair (then where it is moved)", chair, FACTOR),
    Feature("the ball's container", ball_container, 0.0),
    Feature("the drop", drop, 0.0),
    Feature("frame", frame, 0.0),
)


if __name__ == "__main__":
    fidelity.main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
