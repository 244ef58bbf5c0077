"""Arithmetic's eval7 template against the development half of the evaluation's Arithmetic scenes, feature by
feature (:mod:`tests.kit.fidelity`).

    python -m scenegen.families.number_comparison.tests.fidelity_arithmetic [N]

prints the side-by-side table of N generated scenes (10,000 by default) kept in ``docs/fidelity/arithmetic.md``.

The development half holds twenty scenes (``eval7/``: 01, 02, 05, 06, ... 37, 38). What they draw (the operation,
how many balls it moves, the balls left alone, the occluders) is held within 0.25 of the real share (two standard
errors of a share over twenty scenes are up to 0.22), pairs of them within 0.3; what all twenty share (the frame,
the places, the placers' make and timing by operation, the listing, the targets' marks) exactly.
"""

from __future__ import annotations

import sys

from tests.kit import fidelity
from tests.kit.fidelity import Feature, Scene, the_scene

from .fidelity import ball_look, frame, occluded, occluders, platform_and_block

TASK = "interactive_arithmetic"
TEMPLATE = "eval7_arithmetic"
#: About two standard errors of a share over twenty real scenes.
FACTOR = 0.25


def _x(item: Scene) -> float:
    return float(item["shows"][0]["position"]["x"])


def _placers(scene: Scene) -> list[Scene]:
    return [item for item in scene["objects"] if item["id"].startswith("placer_")]


def _moved(scene: Scene) -> list[Scene]:
    return [item for item in scene["objects"] if item["type"] == "soccer_ball" and item.get("moves")]


def kind(sample: dict[str, Scene]) -> str:
    """add or remove, by the placers' first colour."""
    return "add" if _placers(the_scene(sample))[0]["materials"] == ["Custom/Materials/Magenta"] else "remove"


def amount(sample: dict[str, Scene]) -> int:
    return len(_moved(the_scene(sample)))


def kind_and_amount(sample: dict[str, Scene]) -> str:
    return f"{kind(sample)} {amount(sample)}"


def still(sample: dict[str, Scene]) -> str:
    """The balls on the side the placers leave alone, and which side that is."""
    scene = the_scene(sample)
    side = _x(_placers(scene)[0]) > 0
    left_alone = [item for item in scene["objects"] if item["type"] == "soccer_ball" and (_x(item) > 0) != side]
    return f"{len(left_alone)} on the {'left' if side else 'right'}"


def outcome(sample: dict[str, Scene]) -> str:
    """Which side has more at the end: the side worked on, the other, or neither."""
    scene = the_scene(sample)
    pickup = scene["goal"]["metadata"].get("pickup_number")
    if pickup is not None:
        return "tie"
    first = scene["goal"]["metadata"]["targets"][0]["id"]
    target = next(item for item in scene["objects"] if item["id"] == first)
    return "the side worked on" if (_x(target) > 0) == (_x(_placers(scene)[0]) > 0) else "the other side"


def _shape(item: Scene) -> str:
    show = item["shows"][0]
    moves = [(move["stepBegin"], move["stepEnd"], move["vector"]["y"]) for move in item["moves"]]
    return (f"y {show['position']['y']:g} {item['materials']} moves {moves}"
            f" change {[(c['stepBegin'], c['materials']) for c in item.get('changeMaterials', [])]}"
            f" states {len(item.get('states', []))} kinematic {item.get('kinematic')} physics "
            f"{[t['stepBegin'] for t in item.get('togglePhysics', [])]}")


def timing(sample: dict[str, Scene]) -> str:
    """Every placer's and moved ball's height, colours, moves, physics and states, with the action list's
    length, for this operation and occluders (the empty placer's place too)."""
    scene = the_scene(sample)
    parts = sorted({_shape(item) for item in [*_placers(scene), *_moved(scene)]})
    empty = [f"empty at ({abs(_x(item)):g}, {item['shows'][0]['position']['z']:g})" for item in _placers(scene)
             if not _moved(scene)]
    return f"{kind(sample)}, occluded {occluded(sample)}, {len(scene['goal']['action_list'])} passes: " + \
        "; ".join([*parts, *empty])


def places(sample: dict[str, Scene]) -> str:
    """Each side's ball places at the start, (|x|, z) as listed by place order."""
    scene = the_scene(sample)
    at = sorted({(abs(_x(item)), item["shows"][0]["position"]["z"]) for item in scene["objects"]
                 if item["type"] == "soccer_ball"})
    return " ".join(f"({x:g}, {z:g})" for x, z in at)


def listing(sample: dict[str, Scene]) -> str:
    """The balls' order against the goal's: the targets first, the lifted balls last; on a tie the marks."""
    scene = the_scene(sample)
    balls = [item["id"] for item in scene["objects"] if item["type"] == "soccer_ball"]
    targets = [target["id"] for target in scene["goal"]["metadata"]["targets"]]
    lifted = [item["id"] for item in _moved(scene) if item.get("kinematic") is False]
    marks = sorted({target["info"][-1] for target in scene["goal"]["metadata"]["targets"]})
    return (f"targets first {balls[:len(targets)] == targets}, lifted last {balls[len(balls) - len(lifted):] == lifted}"
            f", marks {marks}")


FEATURES = (
    Feature("operation", kind, FACTOR),
    Feature("balls moved", amount, FACTOR),
    Feature("operation and balls moved", kind_and_amount, FACTOR + 0.05),
    Feature("balls left alone", still, FACTOR),
    Feature("side with more at the end", outcome, FACTOR),
    Feature("occluders come down", occluded, FACTOR),
    Feature("placers' and balls' timing", timing, FACTOR + 0.05),
    Feature("places", places, FACTOR),
    Feature("listing and targets", listing, FACTOR),
    Feature("occluders", occluders, FACTOR),
    Feature("first ball listed", ball_look, FACTOR),
    Feature("platform and black block", platform_and_block, 0.0),
    Feature("frame", frame, 0.0),
)


if __name__ == "__main__":
    fidelity.main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
