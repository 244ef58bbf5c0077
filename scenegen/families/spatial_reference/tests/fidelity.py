"""Spatial Reference's eval7 template against the development half of the evaluation's Spatial Reference scenes,
feature by feature (:mod:`tests.kit.fidelity`).

    python -m scenegen.families.spatial_reference.tests.fidelity [N]

prints the side-by-side table of N generated scenes (10,000 by default) kept in
``docs/fidelity/spatial_reference.md``.

The development half holds fourteen scenes (``eval7/``: 01, 02, 05, 06, 09, 10, 13, 14, 17, 18, 21, 22, 25, 26).
What they draw (who stands there, where the agent stands against the ball's chest and how it comes to
point, which chest the blob faces and how) is held within 0.3 of the real share (two standard errors of a share
over the eleven to fourteen scenes a feature applies to), pairs of them within 0.6; timings within the real range;
what all fourteen share (the frame, the chests, stage, platform and turntables, the outfits, the objects' kinds in
order) exactly. Places are mirrored so that the ball's chest is on the right, since every real scene of the half
puts it there and the template draws the side.
"""

from __future__ import annotations

import sys

from tests.kit import fidelity
from tests.kit.fidelity import Feature, Scene, the_scene

TASK = "interactive_spatial_reference"
TEMPLATE = "eval7_spatial_reference"
FACTOR = 0.3


def _objects(sample: dict[str, Scene]) -> dict[str, Scene]:
    return {item["id"]: item for item in the_scene(sample)["objects"]}


def _mirror(sample: dict[str, Scene]) -> int:
    """+1 when the ball's chest is on the right, -1 when on the left."""
    objects = _objects(sample)
    ball = objects[the_scene(sample)["goal"]["metadata"]["target"]["id"]]
    return 1 if objects[ball["locationParent"]]["shows"][0]["position"]["x"] > 0 else -1


def _agent(sample: dict[str, Scene]) -> Scene | None:
    return next((item for item in the_scene(sample)["objects"] if "agentSettings" in item), None)


def _blob(sample: dict[str, Scene]) -> Scene | None:
    return next((item for item in the_scene(sample)["objects"] if item["type"] == "blob_13_nose"), None)


def _start(sample: dict[str, Scene], item: Scene | None) -> str | None:
    """Where a pointer starts and faces, mirrored so that the ball's chest is on the right."""
    if item is None:
        return None
    sign, show = _mirror(sample), item["shows"][0]
    facing = show["rotation"]["y"] * sign % 360
    return f"({show['position']['x'] * sign:g}, {show['position']['y']:g}, {show['position']['z']:g}) facing {facing:g}"


def cast(sample: dict[str, Scene]) -> str:
    return {(True, True): "both", (True, False): "agent", (False, True): "blob"}[
        (_agent(sample) is not None, _blob(sample) is not None)]


def agent_type(sample: dict[str, Scene]) -> str | None:
    agent = _agent(sample)
    return None if agent is None else f"{agent['type']}: {sorted(agent['agentSettings'].items())}"


def agent_start(sample: dict[str, Scene]) -> str | None:
    return _start(sample, _agent(sample))


def agent_walk(sample: dict[str, Scene]) -> str | None:
    """The agent's walk (mirrored end, from which step), or still."""
    agent = _agent(sample)
    if agent is None:
        return None
    walk = agent.get("agentMovement")
    if walk is None:
        return "still"
    leg = walk["sequence"][0]
    return (f"{leg['animation']} to ({leg['endPoint']['x'] * _mirror(sample):g}, {leg['endPoint']['z']:g}), "
            f"{len(walk['sequence'])} leg, repeat {walk['repeat']}")


def point_step(sample: dict[str, Scene]) -> float | None:
    agent = _agent(sample)
    return None if agent is None else float(agent["actions"][0]["stepBegin"])


def pointing(sample: dict[str, Scene]) -> str | None:
    """The pointing actions' ids, lengths and loops."""
    agent = _agent(sample)
    if agent is None:
        return None
    first, hold = agent["actions"]
    return (f"{first['id']} for {first['stepEnd'] - first['stepBegin']:g} steps (loop key "
            f"{'isLoopAnimation' in first}), then {hold['id']} from its end, loop {hold['isLoopAnimation']}")


def blob_start(sample: dict[str, Scene]) -> str | None:
    return _start(sample, _blob(sample))


def blob_look(sample: dict[str, Scene]) -> str | None:
    blob = _blob(sample)
    return None if blob is None else (f"scale {blob['shows'][0]['scale']['x']:g}, {blob['materials']}, mass "
                                      f"{blob['mass']}, physics {blob['physics']}")


def turn(sample: dict[str, Scene]) -> str:
    """The turntable that turns (mirrored side), how far and from when."""
    for item in the_scene(sample)["objects"]:
        for motion in item.get("rotates", []):
            side = "right" if item["shows"][0]["position"]["x"] * _mirror(sample) > 0 else "left"
            degrees = (motion["stepEnd"] - motion["stepBegin"] + 1) * motion["vector"]["y"]
            return f"{side} turntable, {degrees:g} degrees from step {motion['stepBegin']}"
    return "none"


def passes(sample: dict[str, Scene]) -> float:
    return float(len(the_scene(sample)["goal"]["action_list"]))


def turntables(sample: dict[str, Scene]) -> str:
    """The turntables standing (mirrored sides), their place, scale, mass and material."""
    tables = [item for item in the_scene(sample)["objects"] if item["type"] == "rotating_cog"]
    return "; ".join(f"({item['shows'][0]['position']['x'] * _mirror(sample):g}, {item['shows'][0]['position']['y']:g},"
                     f" {item['shows'][0]['position']['z']:g}) scale {item['shows'][0]['scale']['x']:g} x "
                     f"{item['shows'][0]['scale']['y']:g}, mass {item['mass']}, {item['materials']}" for item in tables)


def chests_and_ball(sample: dict[str, Scene]) -> str:
    scene = the_scene(sample)
    chests = [item for item in scene["objects"] if item["type"] == "chest_1"]
    ball = scene["objects"][0]
    return (", ".join(f"{item['type']} ({item['shows'][0]['position']['x']:g}, {item['shows'][0]['position']['z']:g}) "
                      f"facing {item['shows'][0]['rotation']['y']:g} scale {item['shows'][0]['scale']['x']:g} mass "
                      f"{item['mass']} {item['materials']}" for item in chests)
            + f"; ball {ball['type']} at {ball['shows'][0]['position']} mass {ball['mass']} in a chest "
            f"{ball['locationParent'] in {item['id'] for item in chests}}")


def platforms(sample: dict[str, Scene]) -> str:
    """The stage, the dividing platform and the black block."""
    cubes = [item for item in the_scene(sample)["objects"] if item["type"] == "cube"]
    return "; ".join(f"{item['id'].rsplit('_', 1)[0]} at ({item['shows'][0]['position']['y']:g}, "
                     f"{item['shows'][0]['position']['z']:g}) scale "
                     + " x ".join(f"{item['shows'][0]['scale'][a]:g}" for a in "xyz")
                     + f", mass {item['mass']}, {item['materials']}" for item in cubes)


def objects(sample: dict[str, Scene]) -> str:
    """The objects in order, each as its id's prefix (or uuid) and its type."""
    return ", ".join(f"{item['id'].rsplit('_', 1)[0] if '_' in item['id'] else 'uuid'} {item['type']}"
                     for item in the_scene(sample)["objects"] if item["type"] != "rotating_cog")


def frame(sample: dict[str, Scene]) -> str:
    """Room, materials, performer, goal."""
    scene = the_scene(sample)
    start, goal = scene["performerStart"], scene["goal"]
    room = ", ".join(f"{value:g}" for value in scene["roomDimensions"].values())
    return (f"room ({room}), {scene['ceilingMaterial']}, {scene['floorMaterial']}, {scene['wallMaterial']}, "
            f"performer {start}, goal {goal['category']} {goal['description']!r}, last_step {goal['last_step']}, "
            f"actions {sorted({tuple(action) for action in goal['action_list']})}, metadata keys "
            f"{sorted(goal['metadata'])}")


FEATURES = (
    Feature("cast", cast, FACTOR),
    Feature("agent type and outfit", agent_type, FACTOR),
    Feature("agent's start (mirrored)", agent_start, FACTOR),
    Feature("agent's walk", agent_walk, FACTOR),
    Feature("agent's point step", point_step, 0.0, numeric=True, within_range=True),
    Feature("pointing", pointing, 0.0),
    Feature("blob's start (mirrored)", blob_start, FACTOR),
    Feature("blob", blob_look, 0.0),
    Feature("turn", turn, FACTOR),
    Feature("Pass actions", passes, 0.0, numeric=True, within_range=True),
    Feature("turntables", turntables, 2 * FACTOR),
    Feature("chests and ball", chests_and_ball, 0.0),
    Feature("stage, platform, block", platforms, 0.0),
    Feature("objects in order", objects, FACTOR),
    Feature("frame", frame, FACTOR),
)


if __name__ == "__main__":
    fidelity.main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
