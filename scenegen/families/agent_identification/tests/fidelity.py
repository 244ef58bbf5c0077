"""Agent Identification's eval7 template against the development half of the evaluation's Agent Identification
scenes, feature by feature (:mod:`tests.kit.fidelity`).

    python -m scenegen.families.agent_identification.tests.fidelity [N]

prints the side-by-side table of N generated scenes (10,000 by default) kept in
``docs/fidelity/agent_identification.md``.

The development half holds four scenes (``eval7/``: 01, 02, 05, 06). What they draw (the agent's type, whether
it stands still or walks, the chair or the blob) is held within 0.35 of the real share, pairs of them within 0.7;
the walk's turning points within the real range; what all four share (the frame, the places, facings, outfits,
the objects' order, ids, masses) exactly. Places are measured from the agent's side (|x|), since every real scene
of the half puts the agent on the right and the template draws the side.
"""

from __future__ import annotations

import sys

from tests.kit import fidelity
from tests.kit.fidelity import Feature, Scene, the_scene

TASK = "interactive_agent_identification"
TEMPLATE = "eval7_agent_identification"
#: Two standard errors of a share over four real scenes, and a little over.
FACTOR = 0.35


def _agent(sample: dict[str, Scene]) -> Scene:
    return next(item for item in the_scene(sample)["objects"] if "agentSettings" in item)


def _non_agent(sample: dict[str, Scene]) -> Scene:
    scene = the_scene(sample)
    return next(item for item in scene["objects"] if "agentSettings" not in item and item["type"] != "cube"
                and item["type"] != "soccer_ball")


def _pose(item: Scene) -> str:
    show = item["shows"][0]
    position, scale = show["position"], show["scale"]
    return (f"|x| {abs(position['x']):g}, y {position['y']:.2f}, z {position['z']:g}, facing "
            f"{show['rotation']['y']:g}, scale {scale['x']:g}")


def agent_type(sample: dict[str, Scene]) -> str:
    return str(_agent(sample)["type"])


def behaviour(sample: dict[str, Scene]) -> str:
    """``walk`` (an agentMovement) or ``still`` (a looped TPM_freeze)."""
    agent = _agent(sample)
    return "walk" if "agentMovement" in agent else f"still ({', '.join(a['id'] for a in agent['actions'])})"


def non_agent(sample: dict[str, Scene]) -> str:
    return str(_non_agent(sample)["type"])


def combination(sample: dict[str, Scene]) -> str:
    return f"{agent_type(sample)}, {behaviour(sample)}, {non_agent(sample)}"


def outfit(sample: dict[str, Scene]) -> str:
    """The agent's type and its agentSettings."""
    agent = _agent(sample)
    return f"{agent['type']}: {sorted(agent['agentSettings'].items())}"


def agent_pose(sample: dict[str, Scene]) -> str:
    agent = _agent(sample)
    return f"{_pose(agent)}, mass {agent['mass']}, labels {agent['labels']!r}"


def non_agent_look(sample: dict[str, Scene]) -> str:
    """The non-agent's type, pose, materials, mass and flags."""
    item = _non_agent(sample)
    flags = sorted(key for key in ("moveable", "receptacle", "physics", "pickupable") if item.get(key))
    return (f"{item['type']}: {_pose(item)}, {item['materials']}, mass {item['mass']}, "
            f"{item.get('salientMaterials')}, {flags}")


def legs(sample: dict[str, Scene]) -> int | None:
    movement = _agent(sample).get("agentMovement")
    return None if movement is None else len(movement["sequence"])


def _turns(sample: dict[str, Scene], axis: str) -> list[float] | None:
    movement = _agent(sample).get("agentMovement")
    if movement is None:
        return None
    return [abs(leg["endPoint"]["x"]) if axis == "x" else leg["endPoint"]["z"] for leg in movement["sequence"]]


def turn_x_least(sample: dict[str, Scene]) -> float | None:
    turns = _turns(sample, "x")
    return None if turns is None else min(turns)


def turn_x_most(sample: dict[str, Scene]) -> float | None:
    turns = _turns(sample, "x")
    return None if turns is None else max(turns)


def turn_z_least(sample: dict[str, Scene]) -> float | None:
    turns = _turns(sample, "z")
    return None if turns is None else min(turns)


def turn_z_most(sample: dict[str, Scene]) -> float | None:
    turns = _turns(sample, "z")
    return None if turns is None else max(turns)


def walk_form(sample: dict[str, Scene]) -> str | None:
    """How the walk is written: repeated, from which step, its last leg back at the start, its animations among
    the real ones, and the agent's actions beside it."""
    agent = _agent(sample)
    movement = agent.get("agentMovement")
    if movement is None:
        return None
    start = agent["shows"][0]["position"]
    back = movement["sequence"][-1]["endPoint"] == {"x": start["x"], "z": start["z"]}
    animations = {leg["animation"] for leg in movement["sequence"]} <= {"TPM_walk", "TPM_run", "TPF_walk", "TPF_run"}
    return (f"repeat {movement['repeat']}, from step {movement['stepBegin']}, back at the start {back}, walks and "
            f"runs {animations}, actions {agent['actions']}")


def ball_look(sample: dict[str, Scene]) -> str:
    """The ball: where it is written, its scale, mass and materials, whether the agent holds it and it is the
    goal's target."""
    scene = the_scene(sample)
    ball = next(item for item in scene["objects"] if item["type"] == "soccer_ball")
    show = ball["shows"][0]
    place = ", ".join(f"{show['position'][axis]:g}" for axis in "xyz")
    return (f"({place}), scale {show['scale']['x']:g}, mass {ball['mass']}, {ball['salientMaterials']}, "
            f"materials {ball['materials']}, held by the agent {ball['associatedWithAgent'] == _agent(sample)['id']}, "
            f"the goal's target {scene['goal']['metadata']['target']['id'] == ball['id']}")


def objects(sample: dict[str, Scene]) -> str:
    """The objects in order, each as its id's prefix and length and its kind (the agent and non-agent as such)."""
    def kind(item: Scene) -> str:
        return "agent" if "agentSettings" in item else "non-agent" if item is _non_agent(sample) else item["type"]
    return ", ".join(f"{item['id'].rsplit('_', 1)[0] if '_' in item['id'] else 'uuid'} ({len(item['id'])}) "
                     f"{kind(item)}" for item in the_scene(sample)["objects"])


def platform(sample: dict[str, Scene]) -> str:
    """The platform's pose, scale, mass, lips and material (against the room's walls')."""
    scene = the_scene(sample)
    item = scene["objects"][0]
    show = item["shows"][0]
    scale = " x ".join(f"{show['scale'][axis]:g}" for axis in "xyz")
    place = ", ".join(f"{show['position'][axis]:g}" for axis in "xyz")
    return (f"{item['type']} at ({place}), scale {scale}, mass {item['mass']}, lips {item['lips']}, "
            f"the room's wall material {item['materials'] == [scene['wallMaterial']]}")


def frame(sample: dict[str, Scene]) -> str:
    """Room, materials, performer, goal."""
    scene = the_scene(sample)
    start, goal = scene["performerStart"], scene["goal"]
    room = ", ".join(f"{value:g}" for value in scene["roomDimensions"].values())
    return (f"room ({room}), {scene['ceilingMaterial']}, {scene['floorMaterial']}, {scene['wallMaterial']}, "
            f"performer {start}, goal {goal['category']} {goal['description']!r}, last_step {goal['last_step']}, "
            f"{len(goal['action_list'])} actions, metadata keys {sorted(goal['metadata'])}")


FEATURES = (
    Feature("agent type", agent_type, FACTOR),
    Feature("agent's behaviour", behaviour, FACTOR),
    Feature("non-agent", non_agent, FACTOR),
    Feature("agent, behaviour, non-agent", combination, 2 * FACTOR),
    Feature("agent's outfit", outfit, FACTOR),
    Feature("agent's pose", agent_pose, 0.0),
    Feature("non-agent's look", non_agent_look, FACTOR),
    Feature("walk's legs", legs, 0.0, numeric=True),
    Feature("walk's least |x|", turn_x_least, 0.0, numeric=True, within_range=True),
    Feature("walk's most |x|", turn_x_most, 0.0, numeric=True, within_range=True),
    Feature("walk's least z", turn_z_least, 0.0, numeric=True, within_range=True),
    Feature("walk's most z", turn_z_most, 0.0, numeric=True, within_range=True),
    Feature("walk's form", walk_form, 0.0),
    Feature("ball", ball_look, 0.0),
    Feature("objects in order", objects, FACTOR),
    Feature("platform", platform, 0.0),
    Feature("frame", frame, 0.0),
)


if __name__ == "__main__":
    fidelity.main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
