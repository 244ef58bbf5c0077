"""Retrieval - Containers' eval7 template against the development half of the evaluation's Containers scenes,
feature by feature (:mod:`tests.kit.fidelity`).

    python -m scenegen.families.containers.tests.fidelity [N]

prints the side-by-side table of N generated scenes (10,000 by default) kept in ``docs/fidelity/containers.md``.

The development half holds six Containers scenes. A share measured on six scenes has a standard error of up to
0.2, so what the evaluation draws (how many containers, which lineup, whether the ball is hidden) is held within
0.4 (two standard errors); what every real scene shares (the frame, the ten toys, the containers' places, each
type's scale, mass and material, the hidden ball in the first container, resting on its floor, the place of a
ball on the floor) is held exactly.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from tests.kit import fidelity
from tests.kit.fidelity import Feature, Scene, the_scene

TASK = "interactive_containers"
TEMPLATE = "eval7_containers"
#: Two standard errors of a share over the six real scenes.
FACTOR = 0.4


def _ball(scene: Scene) -> Scene:
    target = scene["goal"]["metadata"]["target"]["id"]
    return next(item for item in scene["objects"] if item["id"] == target)


def _containers(scene: Scene) -> list[Scene]:
    return [item for item in scene["objects"] if item.get("canContainTarget")]


def _pose(item: Scene) -> str:
    show = item["shows"][0]
    return (f"({show['position']['x']:g}, {show['position']['y']:g}, {show['position']['z']:g}) turned "
            f"{show['rotation']['y']:g}, scale {show['scale']['x']:g}/{show['scale']['y']:g}/{show['scale']['z']:g}")


def count(sample: dict[str, Scene]) -> int:
    return len(_containers(the_scene(sample)))


def lineup(sample: dict[str, Scene]) -> str:
    """The scene's container types, in the order it lists them."""
    return " ".join(item["type"] for item in _containers(the_scene(sample)))


def first_type(sample: dict[str, Scene]) -> str:
    return _containers(the_scene(sample))[0]["type"]


def hidden(sample: dict[str, Scene]) -> bool:
    return "locationParent" in _ball(the_scene(sample))


def holder(sample: dict[str, Scene]) -> str | None:
    """Which of the scene's containers holds a hidden ball, by its place in the list."""
    scene = the_scene(sample)
    parent = _ball(scene).get("locationParent")
    return None if parent is None else str([item["id"] for item in _containers(scene)].index(parent) + 1)


def hidden_rest(sample: dict[str, Scene]) -> str | None:
    """Where a hidden ball rests in its container (relative to the container's pivot), and its turn."""
    ball = _ball(the_scene(sample))
    return _pose(ball) if "locationParent" in ball else None


def floor_place(sample: dict[str, Scene]) -> str | None:
    ball = _ball(the_scene(sample))
    return None if "locationParent" in ball else _pose(ball)


def container_places(sample: dict[str, Scene]) -> str:
    """Where the first, second and third container stand (x, z)."""
    return " ".join(f"({item['shows'][0]['position']['x']:g}, {item['shows'][0]['position']['z']:g})"
                    for item in _containers(the_scene(sample)))


def type_as_written(kind: str) -> Callable[[dict[str, Scene]], str | None]:
    """A feature: how the scenes write every container of ``kind`` (None: a scene without one)."""
    def measure(sample: dict[str, Scene]) -> str | None:
        found = [item for item in _containers(the_scene(sample)) if item["type"] == kind]
        return None if not found else (f"scale {found[0]['shows'][0]['scale']['x']:g}, {found[0]['materials']}, "
                                       f"{found[0]['salientMaterials']}, mass {found[0]['mass']:g}")
    return measure


def toys(sample: dict[str, Scene]) -> str:
    """Every other object: type, pose, materials, mass and flags."""
    scene = the_scene(sample)
    kept = [item for item in scene["objects"] if item is not _ball(scene) and not item.get("canContainTarget")]
    return "; ".join(f"{item['type']} at {_pose(item)}, {item['materials']}, {item['salientMaterials']}, mass "
                     f"{item['mass']:g}, {sorted(key for key in item if item[key] is True)}" for item in kept)


def frame(sample: dict[str, Scene]) -> str:
    """Room, materials, performer start, the goal and the scene's keys."""
    scene = the_scene(sample)
    start = scene["performerStart"]
    room = ", ".join(f"{value:g}" for value in scene["roomDimensions"].values())
    goal = scene["goal"]
    return (f"room ({room}), {scene['ceilingMaterial']}, {scene['floorMaterial']}, {scene['wallMaterial']}, "
            f"performer ({start['position']['x']:g}, {start['position']['z']:g}) facing "
            f"{start['rotation']['y']:g}, goal {sorted(goal)} {goal['category']} {goal['description']!r} last_step "
            f"{goal['last_step']}, keys {sorted(scene)}")


FEATURES = (
    Feature("frame", frame, 0.0),
    Feature("containers", count, FACTOR),
    Feature("first container's type (the lineup)", first_type, FACTOR),
    Feature("container types in order", lineup, FACTOR),
    Feature("containers' places", container_places, FACTOR),
    *(Feature(f"every {kind}", type_as_written(kind), 0.0)
      for kind in ("toolbox_8", "circular_container", "military_case_5", "chest_7", "military_case_4",
                   "military_case_2")),
    Feature("ball hidden", hidden, FACTOR),
    Feature("container holding the ball", holder, 0.0),
    Feature("hidden ball's rest in its container", hidden_rest, FACTOR),
    Feature("ball on the floor", floor_place, 0.0),
    Feature("toys", toys, 0.0),
)


if __name__ == "__main__":
    fidelity.main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
