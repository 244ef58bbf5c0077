"""Knowledgeable Agents' eval7 template against the development half of the evaluation's Knowledgeable Agents
scenes, feature by feature (:mod:`tests.kit.fidelity`).

    python -m scenegen.families.knowledgeable_agents.tests.fidelity [N]

prints the side-by-side table of N generated scenes (10,000 by default) kept in
``docs/fidelity/knowledgeable_agents.md``.

The development half holds four scenes (``eval7/``: 01, 02, 05, 06). What all four share (the frame, the
platforms and facade, the containers, lids and lid placers, the occluder, the placers, the ball's carry, the agents
and their outfits, the pointing, the objects in order) is held exactly; where the knowledgeable agent stands within
0.5 of the real share (two scenes decide it); the steps the agents point at and the Pass actions inside the real
range, measured where the ball goes left. Directions along x are mirrored so that the ball's container is on the
left, since every real scene of the half carries it there and the template draws the side; the timings (the point
steps, the turn speed, the Pass actions) are measured on the scenes carrying it left, as a turn to the other
container takes longer. Two of the four scenes (_02, _05) have both agents face the containers during the hiding;
the JSON does not say which to follow there and the template never makes them, so the rows about the knowledgeable
agent leave them out (test_knowledgeable_agents.py holds that they are the two, and that none is made).
"""

from __future__ import annotations

import sys

from scenegen.families.knowledgeable_agents.tests.replay import ball_rest, replayed
from tests.kit import fidelity
from tests.kit.fidelity import Feature, Scene, the_scene

TASK = "interactive_knowledgeable_agents"
TEMPLATE = "eval7_knowledgeable_agents"
FACTOR = 0.5


def _scene_objects(sample: dict[str, Scene], prefix: str) -> list[Scene]:
    return [item for item in the_scene(sample)["objects"] if item["id"].startswith(prefix)]


def _agents(sample: dict[str, Scene]) -> list[Scene]:
    return [item for item in the_scene(sample)["objects"] if "agentSettings" in item]


def _mirror(sample: dict[str, Scene]) -> int:
    """+1 when the ball's container is on the left, -1 when on the right."""
    scene = the_scene(sample)
    held, _ = ball_rest(scene)
    box = next(item for item in scene["objects"] if item["id"] == held)
    return 1 if box["shows"][0]["position"]["x"] < 0 else -1


def _knower(sample: dict[str, Scene]) -> Scene | None:
    """The one agent facing the containers while the placers move (None: not exactly one)."""
    sight = replayed(the_scene(sample))["sight"]
    seeing = [item for item in _agents(sample) if sight[item["id"]] == "sees"]
    return seeing[0] if len(seeing) == 1 else None


def _show(item: Scene) -> str:
    show = item["shows"][0]
    place = ", ".join(f"{show['position'][axis]:g}" for axis in "xyz")
    return f"({place}) facing {show['rotation']['y']:g} scale " + " x ".join(f"{show['scale'][a]:g}" for a in "xyz")


def frame(sample: dict[str, Scene]) -> str:
    """Room, materials, performer, goal."""
    scene = the_scene(sample)
    start, goal = scene["performerStart"], scene["goal"]
    room = ", ".join(f"{value:g}" for value in scene["roomDimensions"].values())
    return (f"room ({room}), {scene['ceilingMaterial']}, {scene['floorMaterial']}, {scene['wallMaterial']}, "
            f"performer {start}, goal {goal['category']} {goal['description']!r}, last_step {goal['last_step']}, "
            f"actions {sorted({tuple(action) for action in goal['action_list']})}, metadata keys "
            f"{sorted(goal['metadata'])}")


def objects(sample: dict[str, Scene]) -> str:
    """The objects in order, each as its id's prefix (or uuid) and its type."""
    return ", ".join(f"{item['id'].rsplit('_', 1)[0] if '_' in item['id'] else 'uuid'} {item['type']}"
                     for item in the_scene(sample)["objects"])


def platforms(sample: dict[str, Scene]) -> str:
    """The three platforms and the facade."""
    return "; ".join(f"{_show(item)}, mass {item['mass']}, {item['materials']}, lips {item.get('lips')}"
                     for item in _scene_objects(sample, "platform_") + _scene_objects(sample, "facade_wall_"))


def containers(sample: dict[str, Scene]) -> str:
    """The containers, their lids and the lid placers, with their timings."""
    items = [item for item in the_scene(sample)["objects"] if item["type"] in ("separate_container", "lid")]
    return "; ".join(f"{item['type']} {_show(item)}, mass {item['mass']}, {item['materials']}, moves "
                     f"{item.get('moves')}, attached at {item.get('lidAttachment', {}).get('stepBegin')}"
                     for item in items + _scene_objects(sample, "lid_placer_"))


def lid_placer_states(sample: dict[str, Scene]) -> str:
    placer = _scene_objects(sample, "lid_placer_")[0]
    return f"{len(placer['states'])} states, {placer['changeMaterials']}"


def occluder(sample: dict[str, Scene]) -> str:
    """The notched occluder's three parts."""
    return "; ".join(f"{item['id'].rsplit('_', 1)[0]} {_show(item)}, mass {item['mass']}, {item['materials']}, "
                     f"kinematic {item['kinematic']!r}, moves "
                     + ", ".join(f"{move['stepBegin']}-{move['stepEnd']:g} by {move['vector']['y']}"
                                 for move in item["moves"])
                     for item in _scene_objects(sample, "notched_occluder_"))


def placers(sample: dict[str, Scene]) -> str:
    """The two placers (mirrored), in order: their start, moves, material changes and states."""
    sign = _mirror(sample)
    return "; ".join(f"{_show(item)}, mass {item['mass']}, {item['materials']}, moves "
                     + ", ".join(f"{move['stepBegin']}-{move['stepEnd']} by "
                                 f"({move['vector']['x'] * sign:g}, {move['vector']['y']:g})" for move in item["moves"])
                     + f", changes {[(change['stepBegin'], change['materials']) for change in item['changeMaterials']]}"
                     f", {len(item['states'])} states, active "
                     f"{[k for k, state in enumerate(item['states']) if state == ['active']][::11]}"
                     for item in _scene_objects(sample, "placer_"))


def ball_carry(sample: dict[str, Scene]) -> str:
    """The ball's start, its carry (mirrored; moves of no steps left out) and its release."""
    scene, sign = the_scene(sample), _mirror(sample)
    ball = next(item for item in scene["objects"] if item["id"] == scene["goal"]["metadata"]["target"]["id"])
    moves = [f"{move['stepBegin']}-{move['stepEnd']} by {move['vector']['x'] * sign:g}" for move in ball["moves"]
             if move["stepEnd"] >= move["stepBegin"]]
    return (f"{_show(ball)}, mass {ball['mass']}, {ball['materials']}, kinematic {ball['kinematic']}, carried {moves}, "
            f"physics at {ball['togglePhysics']}, by the {replayed(scene)['ball_placer']} placer")


def agents(sample: dict[str, Scene]) -> str:
    """Each agent's type, outfit and x (not mirrored: the types keep their sides), its first turn."""
    return "; ".join(f"{item['type']} at x {item['shows'][0]['position']['x']:g}, "
                     f"{sorted(item['agentSettings'].items())}, mass {item['mass']}, first turn {item['rotates'][0]}"
                     for item in _agents(sample))


def knower_place(sample: dict[str, Scene]) -> str | None:
    knower = _knower(sample)
    return None if knower is None else ("platform" if knower["shows"][0]["position"]["y"] > 0.25 else "pit")


def knower_start(sample: dict[str, Scene]) -> str | None:
    """The knowledgeable agent's start facing and the ignorant one's."""
    knower = _knower(sample)
    if knower is None:
        return None
    other = next(item for item in _agents(sample) if item is not knower)
    return f"knower {knower['shows'][0]['rotation']['y']:g}, ignorant {other['shows'][0]['rotation']['y']:g}"


def knower_points(sample: dict[str, Scene]) -> str | None:
    """Whether the knowledgeable agent points at the ball's container."""
    knower, seen = _knower(sample), replayed(the_scene(sample))
    return None if knower is None else str(seen["points"][knower["id"]] == seen["container"])


def points_apart(sample: dict[str, Scene]) -> str:
    """Whether the two agents point at different containers."""
    points = list(replayed(the_scene(sample))["points"].values())
    return str(points[0] != points[1] and None not in points)


def pointing(sample: dict[str, Scene]) -> str:
    """The pointing actions' ids, lengths and loops."""
    first, hold = _agents(sample)[0]["actions"]
    return (f"{first['id']} for {first['stepEnd'] - first['stepBegin']:g} steps (loop key "
            f"{'isLoopAnimation' in first}), then {hold['id']} from its end, loop {hold['isLoopAnimation']}")


def point_turn_start(sample: dict[str, Scene]) -> str:
    return str(sorted({item["rotates"][1]["stepBegin"] for item in _agents(sample)}))


def point_step(sample: dict[str, Scene]) -> float | None:
    """The step the left agent starts to point at, the ball on the left (as in every real scene; None otherwise)."""
    return float(_agents(sample)[0]["actions"][0]["stepBegin"]) if _mirror(sample) == 1 else None


def turn_speed(sample: dict[str, Scene]) -> float | None:
    """The fastest turn to point (degrees a step), the ball on the left."""
    return max(abs(item["rotates"][1]["vector"]["y"]) for item in _agents(sample)) if _mirror(sample) == 1 else None


def passes(sample: dict[str, Scene]) -> float | None:
    """How many Pass actions, the ball on the left."""
    return float(len(the_scene(sample)["goal"]["action_list"])) if _mirror(sample) == 1 else None


FEATURES = (
    Feature("frame", frame, 0.0),
    Feature("objects in order", objects, 0.0),
    Feature("platforms and facade", platforms, 0.0),
    Feature("containers, lids, lid placers", containers, 0.0),
    Feature("lid placers' states", lid_placer_states, 0.0),
    Feature("occluder", occluder, 0.0),
    Feature("placers (mirrored)", placers, 0.0),
    Feature("ball's carry (mirrored)", ball_carry, 0.0),
    Feature("agents", agents, 0.0),
    Feature("knowledgeable agent stands on", knower_place, FACTOR),
    Feature("start facings", knower_start, 0.0),
    Feature("knowledgeable agent points at the ball's container", knower_points, 0.0),
    Feature("the agents point at different containers", points_apart, 0.0),
    Feature("pointing", pointing, 0.0),
    Feature("turn to point starts", point_turn_start, 0.0),
    Feature("left agent's point step (ball left)", point_step, 0.0, numeric=True, within_range=True),
    Feature("fastest turn to point (ball left)", turn_speed, 0.0, numeric=True, within_range=True),
    Feature("Pass actions (ball left)", passes, 0.0, numeric=True, within_range=True),
)


if __name__ == "__main__":
    fidelity.main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
