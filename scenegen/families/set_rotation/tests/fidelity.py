"""Set Rotation's eval7 templates (visible and hidden, half and half) against the development half of the
evaluation's Set Rotation scenes, feature by feature (:mod:`tests.kit.fidelity`).

    python -m scenegen.families.set_rotation.tests.fidelity [N]

prints the side-by-side table of N generated scenes (10,000 by default) kept in ``docs/fidelity/set_rotation.md``.

The development half holds 33 Set Rotation scenes (31 in ``eval7/``, two one level up), visible and hidden
together. A share measured on 33 scenes has a standard error of up to 0.087, so the factors the evaluation
crosses (hidden, what moves, the angle, the containers and the violet one) are held within 0.2 (a little over
two standard errors); what every real scene shares (the ball in the leftmost container, listed first, the
direction, the layout for each count, the violet container's place, the placers' states, materials, scales,
timings, the frame) is held exactly (tolerance 0), the length of the action list inside the real range.
"""

from __future__ import annotations

import sys

from tests.kit import fidelity
from tests.kit.fidelity import Feature, Scene, the_scene
from tests.kit.tracking_replay import ball_container, containers, start, the_table

TASK = "interactive_set_rotation"
#: Both eval7 templates, sharing the generated scenes equally (the evaluation has 32 of each).
TEMPLATES = ("eval7_set_rotation", "eval7_hidden_set_rotation")
#: A little over two standard errors of a share over the 33 real scenes.
FACTOR = 0.2
VIOLET = "Custom/Materials/Violet"



def _kinds(scene: Scene) -> dict[str, Scene]:
    return {item["type"]: item for item in scene["objects"]}


def _forced(scene: Scene) -> list[str]:
    return [action for (action,) in scene["goal"]["action_list"] if action != "Pass"]


def hidden(sample: dict[str, Scene]) -> bool:
    return "tube_wide" in _kinds(the_scene(sample))


def motion(sample: dict[str, Scene]) -> str:
    return "turntable" if the_table(the_scene(sample)).rotates else "performer"


def degrees(sample: dict[str, Scene]) -> int:
    scene = the_scene(sample)
    turned = abs(the_table(scene).angle())
    return int(turned or 10 * sum(action in ("RotateRight", "RotateLeft") for action in _forced(scene)))


def direction(sample: dict[str, Scene]) -> str:
    """How the containers turn as the performer sees them (from above): the turntable's rotates.y, or against
    the walk round it (MoveLeft and RotateRight circle it clockwise)."""
    scene = the_scene(sample)
    rotations = the_table(scene).rotates
    if rotations:
        return "clockwise" if rotations[0]["vector"]["y"] > 0 else "counter-clockwise"
    return {"MoveLeft": "counter-clockwise", "MoveRight": "clockwise"}[_forced(scene)[0]]


def container_count(sample: dict[str, Scene]) -> int:
    return len(containers(the_scene(sample)))


def layout(sample: dict[str, Scene]) -> str:
    """The containers' x relative to the turntable's centre, and z, in the order the scene lists them."""
    scene = the_scene(sample)
    centre = the_table(scene).centre
    return "; ".join(f"{(start(item) - centre).real:g}, {(start(item) - centre).imag:g}" for item in containers(scene))


def violet(sample: dict[str, Scene]) -> str:
    """Where the violet container stands (x from the turntable's centre) and how many containers there are."""
    scene = the_scene(sample)
    centre = the_table(scene).centre
    odd = [item for item in containers(scene) if item["materials"] == [VIOLET]]
    return "none" if not odd else f"x {(start(odd[0]) - centre).real:g} of {len(containers(scene))}"


def ball_container_x(sample: dict[str, Scene]) -> float:
    scene = the_scene(sample)
    return round((start(ball_container(scene)) - the_table(scene).centre).real, 4) + 0.0


def ball_container_listed_first(sample: dict[str, Scene]) -> bool:
    scene = the_scene(sample)
    return containers(scene)[0]["id"] == ball_container(scene)["id"]


def motion_start(sample: dict[str, Scene]) -> int:
    """The step the turn begins, or the step of the walk's first forced action."""
    scene = the_scene(sample)
    rotations = the_table(scene).rotates
    if rotations:
        return int(rotations[0]["stepBegin"])
    actions = scene["goal"]["action_list"]
    return next(i for i, (action,) in enumerate(actions) if action != "Pass") + 1


def tube_steps(sample: dict[str, Scene]) -> str | None:
    tube = _kinds(the_scene(sample)).get("tube_wide")
    return None if tube is None else ", ".join(f"{m['stepBegin']:g}-{m['stepEnd']:g}" for m in tube["moves"])


def _looks(item: Scene) -> str:
    """Where an object starts, its scale, materials and mass."""
    show = item["shows"][0]
    return (f"at {_vector(show['position'])} scale {_vector(show['scale'])} {', '.join(item['materials'])} "
            f"mass {item['mass']:g}")


def _vector(vector: dict[str, float]) -> str:
    return "(" + ", ".join(f"{value:g}" for value in vector.values()) + ")"


def tube_shape(sample: dict[str, Scene]) -> str | None:
    tube = _kinds(the_scene(sample)).get("tube_wide")
    return None if tube is None else _looks(tube)


def turntable(sample: dict[str, Scene]) -> str:
    return _looks(_kinds(the_scene(sample))["rotating_cog"])


def placer_states_end_at_release(sample: dict[str, Scene]) -> bool:
    """Every placer's states: active, and one inactive at the index before its colour change."""
    return all(item["states"] == [["active"]] * (item["changeMaterials"][0]["stepBegin"] - 1) + [["inactive"]]
               for item in the_scene(sample)["objects"] if item["id"].startswith("placer_"))


def lid_steps(sample: dict[str, Scene]) -> str:
    """Each lid's descent and attachment steps."""
    lids = [item for item in the_scene(sample)["objects"] if item["type"] == "lid"]
    return ", ".join(sorted({f"{m['stepBegin']}-{m['stepEnd']} attached {item['lidAttachment']['stepBegin']}"
                             for item in lids for m in item["moves"]}))


def container_look(sample: dict[str, Scene]) -> str:
    """Scale and materials of the containers and lids other than the violet one."""
    items = [item for item in the_scene(sample)["objects"] if item["type"] in ("separate_container", "lid")
             and item["materials"] != [VIOLET]]
    return ", ".join(sorted({f"scale {_vector(item['shows'][0]['scale'])} {', '.join(item['materials'])}"
                             for item in items}))


def action_steps(sample: dict[str, Scene]) -> int:
    return len(the_scene(sample)["goal"]["action_list"])


def frame(sample: dict[str, Scene]) -> str:
    """Room, performer start and the goal's keys."""
    scene = the_scene(sample)
    position = scene["performerStart"]["position"]
    return (f"room {_vector(scene['roomDimensions'])}, performer ({position['x']:g}, {position['z']:g}), goal "
            f"{', '.join(sorted(scene['goal']))}, last_step {scene['goal']['last_step']}")


FEATURES = (
    Feature("hidden", hidden, FACTOR),
    Feature("what moves", motion, FACTOR),
    Feature("degrees", degrees, FACTOR),
    Feature("direction", direction, 0.0),
    Feature("containers", container_count, FACTOR),
    Feature("containers' x, z from the centre, as listed", layout, FACTOR),
    Feature("violet container", violet, FACTOR),
    Feature("ball's container: x from the centre", ball_container_x, 0.0),
    Feature("ball's container listed first", ball_container_listed_first, 0.0),
    Feature("turn or walk starts at step", motion_start, FACTOR),
    Feature("tube moves (hidden)", tube_steps, FACTOR),
    Feature("tube (hidden)", tube_shape, 0.0),
    Feature("turntable", turntable, 0.0),
    Feature("placers' states end at release", placer_states_end_at_release, 0.0),
    Feature("lids down and attached", lid_steps, 0.0),
    Feature("containers and lids", container_look, 0.0),
    Feature("action list length", action_steps, 0.0, numeric=True, within_range=True),
    Feature("frame", frame, 0.0),
)


if __name__ == "__main__":
    fidelity.main(TASK, TEMPLATES, FEATURES, sys.argv[1:])
