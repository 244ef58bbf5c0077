"""Fidelity features every door room shares (Solidity, Support Relations; ``scenegen/mcs/doors.py``): the order of
the phases and their steps, the occluding wall's height and pieces, and the frame. Each maps a sample (a single
scene under ``""``) to a value, as :class:`tests.kit.fidelity.Feature` wants."""

from __future__ import annotations

from typing import Any

from tests.kit.fidelity import Scene, the_scene


def settled(item: Scene) -> tuple[float, float, float]:
    """An object's position once every move of its ``moves`` is done (read off the JSON alone, for the replays)."""
    position = item["shows"][0]["position"]
    x, y, z = position["x"], position["y"], position["z"]
    for move in item.get("moves", []):
        steps = move["stepEnd"] - move["stepBegin"] + 1
        x, y, z = x + move["vector"]["x"] * steps, y + move["vector"]["y"] * steps, z + move["vector"]["z"] * steps
    return x, y, z


def vector(values: dict[str, float]) -> str:
    """A vector's components, written alike whether the file writes 1 or 1.0."""
    return "(" + ", ".join(f"{value:g}" for value in values.values()) + ")"


def target(scene: Scene) -> Scene:
    key = scene["goal"]["metadata"]["target"]["id"]
    return next(item for item in scene["objects"] if item["id"] == key)


def _first(scene: Scene, prefix: str) -> Scene:
    return next(item for item in scene["objects"] if item["id"].startswith(prefix))


def order(sample: dict[str, Scene]) -> str:
    """Whether the load (the ball, or the container holding it) or the occluder comes down first."""
    scene = the_scene(sample)
    return "load first" if target(scene)["moves"][0]["stepBegin"] < \
        _first(scene, "door_")["moves"][0]["stepBegin"] else "occluder first"


def steps(sample: dict[str, Scene]) -> str:
    """Each order's steps: the occluder's and the load's descents, the release, the placers' rise, the Passes."""
    scene = the_scene(sample)
    wall, ball = _first(scene, "door_")["moves"][0], target(scene)
    down, up = _first(scene, "placer_")["moves"]
    return (f"{order(sample)}: occluder {wall['stepBegin']}-{wall['stepEnd']}, load {down['stepBegin']}-"
            f"{down['stepEnd']}, let go {ball['togglePhysics'][0]['stepBegin']}, placers up "
            f"{up['stepBegin']}-{up['stepEnd']}, {len(scene['goal']['action_list'])} Passes")


def wall_top(sample: dict[str, Scene]) -> str:
    """Where the occluding wall's top ends up (its first top piece's top once down)."""
    top = _first(the_scene(sample), "wall_top_")
    show, move = top["shows"][0], top["moves"][0]
    lowered = show["position"]["y"] + move["vector"]["y"] * (move["stepEnd"] - move["stepBegin"] + 1)
    return f"{lowered + show['scale']['y'] / 2:g}"


def wall(sample: dict[str, Scene]) -> str:
    """The doors and the pieces beside them: type, x, first y, scale, mass."""
    return "; ".join(f"{item['type']} {item['shows'][0]['position']['x']:g} {item['shows'][0]['position']['y']:g} "
                     f"{vector(item['shows'][0]['scale'])} {item['mass']}"
                     for item in the_scene(sample)["objects"]
                     if item["type"].startswith("door_") or item["id"].startswith(("wall_left", "wall_right")))


def _kind(item: Scene) -> str:
    """What an object is: its id's prefix (``platform``, ``wall``, ``door``, ``placer``), else its type."""
    prefix = item["id"].split("-")[0]
    return prefix.split("_")[0] if "_" in prefix else item["type"]


def frame(sample: dict[str, Scene]) -> str:
    """Room, start, last step, materials by kind of object, the object types in order, the goal's description."""
    scene = the_scene(sample)
    materials: dict[str, Any] = {_kind(item): item["materials"] for item in scene["objects"] if item.get("materials")}
    return (f"{scene['roomDimensions']} {scene['performerStart']} {scene['goal']['last_step']} "
            f"{scene['ceilingMaterial']} {scene['floorMaterial']} {scene['wallMaterial']} {sorted(materials.items())} "
            f"{[item['type'] for item in scene['objects']]} {scene['goal']['description']} "
            f"{scene.get('restrictOpenDoors')}")
