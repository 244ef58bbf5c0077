"""Gravity Support (passive)'s eval7 template against the development half of the evaluation's passive Gravity
Support scenes, feature by feature (:mod:`tests.kit.fidelity`), file by file: the development half holds sixteen
files of one group, not whole pairs, so each generated pair counts as its two files.

    python -m scenegen.families.gravity_support.tests.fidelity [N]

prints the side-by-side table of N generated pairs (10,000 by default) kept in ``docs/fidelity/gravity_support.md``.

A share measured on sixteen files has a standard error of up to 0.125, so what the evaluation draws (the object's
type and turn, where it is let go, the kind of scene and its trick) is held within 0.25 (two standard errors); what
every real file shares (the room, the support, the timings, the hidden support's form) is held exactly; what each
type and turn fixes (its form, the placer's grip, the moved centre of mass) is a share of the drawn type, held
within 0.25 like it, and no generated file shows a form of these that no real file does.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from scenegen.families.gravity_support.tests.replay import released, replay, rest_pose
from tests.kit.fidelity import (
    Feature,
    Row,
    Scene,
    generated_samples,
    outside,
    real_samples,
    side_by_side,
    table,
    the_scene,
)

TASK = "passive_physics_gravity_support"
TEMPLATE = "eval7_gravity_support"
#: Two standard errors of a share over the sixteen real files.
DRAWN = 0.25


def _support(scene: Scene) -> Scene:
    return next(item for item in scene["objects"] if item["type"] == "cube" and not item.get("shrouds"))


def _hidden(scene: Scene) -> Scene | None:
    return next((item for item in scene["objects"] if item.get("shrouds")), None)


def _placer(scene: Scene) -> Scene:
    return next(item for item in scene["objects"] if item["id"].startswith("placer_"))


def _edge(scene: Scene) -> float:
    show = _support(scene)["shows"][0]
    return float(show["position"]["x"] + show["scale"]["x"] / 2)


def _xyz(vector: dict[str, float]) -> str:
    return f"({vector['x']:g}, {vector['y']:g}, {vector['z']:g})"


def room(scene: Scene) -> str:
    return (f"{_xyz(scene['roomDimensions'])}; {scene['wallMaterial']}, {scene['floorMaterial']}, "
            f"{scene['ceilingMaterial']}; performer {_xyz(scene['performerStart']['position'])} turned "
            f"{scene['performerStart']['rotation']['y']:g}; version {scene['version']}, intuitivePhysics "
            f"{scene['intuitivePhysics']}")


def goal(scene: Scene) -> str:
    actions = {tuple(action) for action in scene["goal"]["action_list"]}
    return (f"{scene['goal']['category']}, last_step {scene['goal']['last_step']}, "
            f"{len(scene['goal']['action_list'])} x {sorted(actions)}, metadata {scene['goal']['metadata']}")


def support(scene: Scene) -> str:
    item = _support(scene)
    show = item["shows"][0]
    return (f"{_xyz(show['position'])} scale {_xyz(show['scale'])}, mass {item['mass']}, {item['materials'][0]}, "
            f"salient {item['salientMaterials']}")


def form(scene: Scene) -> str:
    """The released object's type, turn, scale, mass and materials."""
    item = released(scene)
    show = item["shows"][0]
    return (f"{item['type']} turned {show['rotation']['y']:g}, scale {_xyz(show['scale'])}, mass {item['mass']}, "
            f"{item['materials'][0]}, {item['salientMaterials']}")


def kind_and_turn(scene: Scene) -> str:
    item = released(scene)
    return f"{item['type']} {item['shows'][0]['rotation']['y']:g}"


def offset(scene: Scene) -> str:
    """How far past the support's edge the object is let go."""
    return f"{rest_pose(released(scene))[0] - _edge(scene):.3f}"


def timing(scene: Scene) -> str:
    """The released object's descent and release, the placer's moves, colour change and states."""
    item, pole = released(scene), _placer(scene)
    moves = [(move["stepBegin"], move["stepEnd"], move["vector"]["y"]) for move in pole["moves"]]
    lowered = [(move["stepBegin"], move["stepEnd"]) for move in item["moves"]]
    return (f"object shown at {item['shows'][0]['stepBegin']}, moves {lowered}, physics at "
            f"{item['togglePhysics'][0]['stepBegin']}; placer moves {moves}, cyan at "
            f"{pole['changeMaterials'][0]['stepBegin']}, {len(pole['states'])} states")


def placer(scene: Scene) -> str:
    """The placer's form and where it holds the object: its offset along x, its lower end above the object's top."""
    item, pole = released(scene), _placer(scene)
    show, held = pole["shows"][0], item["shows"][0]
    along = show["position"]["x"] - held["position"]["x"]
    gap = show["position"]["y"] - show["scale"]["y"] - (held["position"]["y"] + held["scale"]["y"] / 2)
    return (f"scale {_xyz(show['scale'])}, mass {pole['mass']}, {pole['materials'][0]}, x {along:+.4f} from the "
            f"{item['type']} turned {held['rotation']['y']:g}, lower end {gap:.3f} above its top")


def kind(scene: Scene) -> str:
    return replay(scene)["kind"]


def trick(scene: Scene) -> str:
    if _hidden(scene) is not None:
        return "hidden support"
    return "centre of mass" if "centerOfMass" in released(scene) else "none"


def hidden_support(scene: Scene) -> str | None:
    item = _hidden(scene)
    if item is None:
        return None
    show, seen = item["shows"][0], _support(scene)["shows"][0]
    return (f"gap {show['position']['x'] - show['scale']['x'] / 2 - _edge(scene):.3f}, same size "
            f"{show['scale'] == seen['scale']}, y {show['position']['y']:g}, id {item['id']}, shrouds "
            f"{[(s['stepBegin'], s['stepEnd']) for s in item['shrouds']]}")


def moved_centre(scene: Scene) -> str | None:
    item = released(scene)
    if "centerOfMass" not in item:
        return None
    drop = rest_pose(item)[1] - item["resetCenterOfMassAtY"]
    return (f"{item['type']} {item['shows'][0]['rotation']['y']:g}: {_xyz(item['centerOfMass'])}, reset "
            f"{item['resetCenterOfMass']} {drop:.3f} below its rest")


def _one(measure: Callable[[Scene], Any]) -> Callable[[dict[str, Scene]], Any]:
    """A file's measure, taken on a sample of one file."""
    return lambda sample: measure(the_scene(sample))


FEATURES = [
    Feature("room, materials, performer", _one(room), 0.0),
    Feature("goal", _one(goal), 0.0),
    Feature("support", _one(support), 0.0),
    Feature("timing", _one(timing), 0.0),
    Feature("placer", _one(placer), DRAWN),
    Feature("released object", _one(form), DRAWN),
    Feature("type and turn", _one(kind_and_turn), DRAWN),
    Feature("let go past the edge (m)", _one(offset), DRAWN),
    Feature("kind (replayed)", _one(kind), DRAWN),
    Feature("trick", _one(trick), DRAWN),
    Feature("hidden support", _one(hidden_support), 0.0),
    Feature("moved centre of mass", _one(moved_centre), DRAWN),
]
#: The features whose value carries the drawn type and turn with a form the evaluation fixes for each: every value
#: generated must be one a real file shows.
BY_TYPE = ("placer", "released object", "moved centre of mass")


def files(pairs: int, seed: int = 0) -> Iterator[dict[str, Scene]]:
    """The files of ``pairs`` pairs of the eval7 template, each a sample of its own."""
    for sample in generated_samples(TEMPLATE, pairs, seed):
        yield from ({"": scene} for scene in sample.values())


def rows(pairs: int) -> list[Row]:
    """The side-by-side rows of ``pairs`` generated pairs against the development half's files."""
    return side_by_side(FEATURES, real_samples(TASK), files(pairs))


def main(argv: Sequence[str]) -> None:
    n = int(argv[0]) if argv else 10_000
    found = rows(n)
    print(table(found, len(real_samples(TASK)), 2 * n))
    missed = outside(found)
    print("\nOutside tolerance: " + ("; ".join(missed) if missed else "none"))
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main(sys.argv[1:])
