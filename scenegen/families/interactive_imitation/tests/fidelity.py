"""Interactive Imitation's eval7 template against the development half of the evaluation's Interactive Imitation
scenes, feature by feature (:mod:`tests.kit.fidelity`).

    python -m scenegen.families.interactive_imitation.tests.fidelity [N]

prints the side-by-side table of N generated scenes (10,000 by default) kept in
``docs/fidelity/interactive_imitation.md``.

The development half holds six scenes (``eval7/``: 01, 02, 05, 06, 09, 10). What they draw (the sequence, the
agent, the reset and the agent's place after it) is held within 0.3 of the real share (about one and a half standard
errors of a share over six scenes), pairs of them within 0.45; timings within the real range; what all six share
(the frame, the chests, the ball and its placer, the outfits, the objects' kinds in order) exactly.
"""

from __future__ import annotations

import math
import sys

from tests.kit import fidelity
from tests.kit.fidelity import Feature, Scene, the_scene

TASK = "interactive_imitation"
TEMPLATE = "eval7_interactive_imitation"
FACTOR = 0.3


def _agent(sample: dict[str, Scene]) -> Scene:
    return next(item for item in the_scene(sample)["objects"] if "agentSettings" in item)


def _chests(sample: dict[str, Scene]) -> list[Scene]:
    """The chests, nearest the performer's start first."""
    scene = the_scene(sample)
    start = scene["performerStart"]["position"]
    return sorted((item for item in scene["objects"] if item["type"] == "chest_1"),
                  key=lambda item: math.dist((start["x"], start["z"]), (item["shows"][0]["position"]["x"],
                                                                         item["shows"][0]["position"]["z"])))


def _place(show: Scene) -> str:
    return f"({show['position']['x']:g}, {show['position']['z']:g})"


def sequence(sample: dict[str, Scene]) -> str:
    """The goal's sequence, each chest named by its place from the performer's start."""
    names = {item["id"]: name for item, name in zip(_chests(sample), ("near", "middle", "far"), strict=True)}
    return "_".join(names[key] for key in the_scene(sample)["goal"]["triggeredByTargetSequence"])


def agent_type(sample: dict[str, Scene]) -> str:
    agent = _agent(sample)
    return f"{agent['type']}: {sorted(agent['agentSettings'].items())}"


def agent_start(sample: dict[str, Scene]) -> str:
    show = _agent(sample)["shows"][0]
    return f"{_place(show)} facing {show['rotation']['y']:g}"


def agent_walk(sample: dict[str, Scene]) -> str:
    walk = _agent(sample)["agentMovement"]
    legs = ", ".join(f"{leg['animation']} to ({leg['endPoint']['x']:g}, {leg['endPoint']['z']:g})"
                     for leg in walk["sequence"])
    return f"from step {walk['stepBegin']}, repeat {walk['repeat']}: {legs}"


def agent_acts(sample: dict[str, Scene]) -> str:
    """The agent's actions and turns, with their steps."""
    agent = _agent(sample)
    acts = [f"{action['id']} {action['stepBegin']}-{action['stepEnd']} loop {action['isLoopAnimation']}"
            for action in agent["actions"]]
    turns = [f"rotates {turn['vector']['y']:g} {turn['stepBegin']}-{turn['stepEnd']}" for turn in
             agent.get("rotates", [])]
    return "; ".join(acts + turns)


def opens(sample: dict[str, Scene]) -> str:
    """Each chest's openClose, nearest first."""
    return "; ".join(str([(entry["step"], entry["open"]) for entry in item.get("openClose", [])])
                     for item in _chests(sample))


def reset_step(sample: dict[str, Scene]) -> float:
    return float(len(the_scene(sample)["goal"]["action_list"]))


def reset(sample: dict[str, Scene]) -> str:
    """What the reset moves: the performer (where to), the chests, or nothing."""
    scene = the_scene(sample)
    start, entry = scene["performerStart"]["position"], scene["goal"]["action_list"][-1][0]
    values = dict(part.split("=") for part in entry.split(",")[1:])
    kidnap = (float(values["xPosition"]), float(values["zPosition"]), float(values["yRotation"]))
    if (kidnap[0], kidnap[1]) != (start["x"], start["z"]):
        return f"performer to ({kidnap[0]:g}, {kidnap[1]:g}) facing {kidnap[2]:g}"
    chests = _chests(sample)
    if len(chests[0]["shows"]) > 1:
        return "chests to " + ", ".join(f"{_place(item['shows'][1])} facing {item['shows'][1]['rotation']['y']:g}"
                                        for item in chests)
    return "nothing"


def agent_after_x(sample: dict[str, Scene]) -> float:
    return float(_agent(sample)["shows"][1]["position"]["x"])


def agent_after_z(sample: dict[str, Scene]) -> float:
    return float(_agent(sample)["shows"][1]["position"]["z"])


def agent_after(sample: dict[str, Scene]) -> str:
    show = _agent(sample)["shows"][1]
    return f"step = reset {show['stepBegin'] == reset_step(sample)}, rotation {show['rotation']}, keys {sorted(show)}"


def chests(sample: dict[str, Scene]) -> str:
    """The chests at the start, nearest first."""
    return "; ".join(f"{item['type']} {_place(item['shows'][0])} facing {item['shows'][0]['rotation']['y']:g}, "
                     f"{item['materials']}, mass {item['mass']}, {item['salientMaterials']}"
                     for item in _chests(sample))


def ball_and_placer(sample: dict[str, Scene]) -> str:
    """The ball and its placer at the start, relative to the near chest, and their drop."""
    near = _chests(sample)[0]["shows"][0]["position"]
    parts = []
    for item in the_scene(sample)["objects"]:
        if item.get("triggeredBy"):
            show = item["shows"][0]["position"]
            parts.append(f"{item['type']} {show['x'] - near['x']:+.2f}, {show['y']:g}, {show['z'] - near['z']:+.2f}; "
                         f"moves {[(m['stepBegin'], m['stepEnd'], m['vector']['y']) for m in item['moves']]}, "
                         f"toggle {item.get('togglePhysics')}, change {item.get('changeMaterials')}, "
                         f"states {len(item.get('states', []))}, mass {item['mass']}, {item['materials']}")
    return " | ".join(parts)


def objects(sample: dict[str, Scene]) -> str:
    """The objects in order, each as its id's prefix (or uuid) and its type (the agent's: agent)."""
    return ", ".join(f"{item['id'].rsplit('_', 1)[0] if '_' in item['id'] else 'uuid'} "
                     f"{'agent' if 'agentSettings' in item else item['type']}" for item in the_scene(sample)["objects"])


def frame(sample: dict[str, Scene]) -> str:
    """Room, materials, performer, goal."""
    scene = the_scene(sample)
    start, goal = scene["performerStart"], scene["goal"]
    room = ", ".join(f"{value:g}" for value in scene["roomDimensions"].values())
    return (f"room ({room}), {scene['ceilingMaterial']}, {scene['floorMaterial']}, {scene['wallMaterial']}, "
            f"performer {start}, goal {goal['category']} {goal['description']!r}, last_step {goal['last_step']}, "
            f"actions {sorted({action[0].split(',')[0] for action in goal['action_list']})}, metadata keys "
            f"{sorted(goal['metadata'])}")


FEATURES = (
    Feature("sequence", sequence, FACTOR),
    Feature("agent type and outfit", agent_type, FACTOR),
    Feature("agent's start", agent_start, FACTOR),
    Feature("agent's walk", agent_walk, FACTOR),
    Feature("agent's actions", agent_acts, FACTOR),
    Feature("chests' openClose (near first)", opens, FACTOR),
    Feature("reset step (Pass actions and EndHabituation)", reset_step, 0.0, numeric=True, within_range=True),
    Feature("reset", reset, FACTOR),
    Feature("agent's x after the reset", agent_after_x, 0.0, numeric=True, within_range=True),
    Feature("agent's z after the reset", agent_after_z, 0.0, numeric=True, within_range=True),
    Feature("agent after the reset", agent_after, 0.0),
    Feature("chests", chests, 0.0),
    Feature("ball and placer", ball_and_placer, 0.0),
    Feature("objects in order", objects, 0.0),
    Feature("frame", frame, 0.0),
)


if __name__ == "__main__":
    fidelity.main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
