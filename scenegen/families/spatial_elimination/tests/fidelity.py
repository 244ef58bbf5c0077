"""Spatial Elimination's eval7 template against the development half of the evaluation's Spatial Elimination
scenes, feature by feature (:mod:`tests.kit.fidelity`).

    python -m scenegen.families.spatial_elimination.tests.fidelity [N]

prints the side-by-side table of N generated scenes (10,000 by default) kept in
``docs/fidelity/spatial_elimination.md``.

The development half holds four scenes (``eval7/``: 01, 02, 05, 06). What they draw (the ball in front of its wall
or behind it, the other side's bar lying or standing) is held within 0.35 of the real share; the ball's place
within the real range; what all four share (the frame, the walls' place, size and material, the objects' order,
ids, masses) exactly. Every feature is measured from the ball's side (|x|), since every real scene of the half puts
the ball on the left and the template draws the side (``docs/fidelity/spatial_elimination.md``).
"""

from __future__ import annotations

import sys

from tests.kit import fidelity
from tests.kit.fidelity import Feature, Scene, the_scene

TASK = "interactive_spatial_elimination"
TEMPLATE = "eval7_spatial_elimination"
#: Two standard errors of a share over four real scenes, and a little over.
FACTOR = 0.35


def _ball(scene: Scene) -> Scene:
    target = scene["goal"]["metadata"]["target"]["id"]
    return next(item for item in scene["objects"] if item["id"] == target)


def _position(item: Scene) -> dict[str, float]:
    return item["shows"][0]["position"]


def _walls(scene: Scene) -> tuple[Scene | None, Scene | None]:
    """The wall on the ball's side and the one on the other (None: nothing there)."""
    sign = _position(_ball(scene))["x"]
    walls = [item for item in scene["objects"] if item["id"].startswith("wall_") and _position(item)["x"] != 0]
    own = next((item for item in walls if _position(item)["x"] * sign > 0), None)
    return own, next((item for item in walls if _position(item)["x"] * sign < 0), None)


def _size(item: Scene | None) -> str:
    if item is None:
        return "none"
    scale = item["shows"][0]["scale"]
    return " x ".join(f"{scale[axis]:g}" for axis in "xyz")


def place(sample: dict[str, Scene]) -> str:
    scene = the_scene(sample)
    own, _ = _walls(scene)
    return "behind" if own is not None and _position(_ball(scene))["z"] > _position(own)["z"] else "front"


def other_side(sample: dict[str, Scene]) -> str:
    """The other side's wall: its size (x by y by z)."""
    return _size(_walls(the_scene(sample))[1])


def ball_side_wall(sample: dict[str, Scene]) -> str:
    return _size(_walls(the_scene(sample))[0])


def place_and_other_side(sample: dict[str, Scene]) -> str:
    return f"{place(sample)}, {other_side(sample)}"


def ball_x(sample: dict[str, Scene]) -> float:
    """|x| of the ball."""
    return abs(_position(_ball(the_scene(sample)))["x"])


def ball_z(sample: dict[str, Scene]) -> float:
    return _position(_ball(the_scene(sample)))["z"]


def ball_from_its_wall(sample: dict[str, Scene]) -> str | None:
    """The ball's (|x|, z) from its wall's centre: toward the platform, and along z."""
    scene = the_scene(sample)
    own, ball = _walls(scene)[0], _position(_ball(scene))
    if own is None:
        return None
    return f"({abs(_position(own)['x']) - abs(ball['x']):.4f}, {ball['z'] - _position(own)['z']:.4f})"


def walls_place(sample: dict[str, Scene]) -> str:
    """|x| and z of both walls, and their material and mass."""
    return "; ".join(f"{abs(_position(item)['x']):g}, {_position(item)['z']:g}, {item['materials'][0]}, "
                     f"mass {item['mass']}" for item in _walls(the_scene(sample)) if item is not None)


def ball_look(sample: dict[str, Scene]) -> str:
    ball = _ball(the_scene(sample))
    show = ball["shows"][0]
    return (f"{ball['type']}, scale {show['scale']['x']:g}, y {show['position']['y']:g}, mass {ball['mass']}, "
            f"{ball['salientMaterials']}, materials {ball['materials']}")


def objects(sample: dict[str, Scene]) -> str:
    """The objects in order, each as its id's prefix and length and its type."""
    return ", ".join(f"{item['id'].rsplit('_', 1)[0] if '_' in item['id'] else 'uuid'} ({len(item['id'])}) "
                     f"{item['type']}" for item in the_scene(sample)["objects"])


def platform_and_block(sample: dict[str, Scene]) -> str:
    """The platform's and the black block's pose, scale, mass and material (the platform's against the room's
    walls')."""
    scene = the_scene(sample)
    parts = [item for item in scene["objects"] if item["type"] == "cube" and _position(item)["x"] == 0]
    same = all(item["materials"] == [scene["wallMaterial"]] for item in parts if item["id"].startswith("platform_"))
    return "; ".join(f"{_size(item)} at ({_position(item)['y']:g}, {_position(item)['z']:g}), mass {item['mass']}"
                     for item in parts) + f"; platform in the room's wall material: {same}"


def frame(sample: dict[str, Scene]) -> str:
    """Room, materials, performer, goal."""
    scene = the_scene(sample)
    start, goal = scene["performerStart"], scene["goal"]
    room = ", ".join(f"{value:g}" for value in scene["roomDimensions"].values())
    return (f"room ({room}), {scene['ceilingMaterial']}, {scene['floorMaterial']}, {scene['wallMaterial']}, "
            f"performer {start}, goal {goal['category']} {goal['description']!r}, last_step {goal['last_step']}, "
            f"{len(goal['action_list'])} actions, metadata keys {sorted(goal['metadata'])}")


FEATURES = (
    Feature("ball's place against its wall", place, FACTOR),
    Feature("other side's wall", other_side, FACTOR),
    Feature("place and other side", place_and_other_side, 2 * FACTOR),
    Feature("ball side's wall", ball_side_wall, 0.0),
    Feature("ball's |x|", ball_x, 0.0, numeric=True, within_range=True),
    Feature("ball's z", ball_z, 0.0, numeric=True, within_range=True),
    Feature("ball from its wall's centre", ball_from_its_wall, FACTOR),
    Feature("walls' |x|, z, material, mass", walls_place, 0.0),
    Feature("ball", ball_look, 0.0),
    Feature("objects in order", objects, 0.0),
    Feature("platform and black block", platform_and_block, 0.0),
    Feature("frame", frame, 0.0),
)


if __name__ == "__main__":
    fidelity.main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
