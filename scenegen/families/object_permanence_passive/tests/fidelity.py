"""Object Permanence (Passive)'s eval7 template against the development half of the evaluation, feature by
feature, document by document (:mod:`tests.kit.fidelity`).

    python -m scenegen.families.object_permanence_passive.tests.fidelity [N]

prints the side-by-side table of N generated pairs (10,000 by default; both documents of each are measured) kept
in ``docs/fidelity/object_permanence_passive.md``.

The development half holds 16 single files of the task (0001_01 to 0001_30, every other pair held back), so one
file moves a share by 0.06: shares are held within 0.15 (two files or more), and within 0.2 where the feature
applies to the 13 pushed toys only. What every file shows alike (room, materials, occluder, lengths) is held
exactly. Which documents are unexpected is the pairing's, not the development half's: a pair family makes half
its documents unexpected (``stated``), while the development half happens to hold 3 of 16.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Iterator
from typing import Any

from tests.kit.fidelity import Feature, Row, Scene, generated_samples, outside, real_samples, side_by_side, table

TASK, TEMPLATE = "passive_physics_object_permanence", "eval7_object_permanence_passive"
SHARE, PUSHED_SHARE = 0.15, 0.2


def _toy(scene: Scene) -> dict[str, Any]:
    return next(item for item in scene["objects"] if not item.get("structure"))


def _wall(scene: Scene) -> dict[str, Any]:
    return next(item for item in scene["objects"] if item["id"].startswith("occluder_wall_"))


def _pole(scene: Scene) -> dict[str, Any]:
    return next(item for item in scene["objects"] if item["id"].startswith("occluder_pole_"))


def _of_scene(measure: Callable[[Scene], Any]) -> Callable[[dict[str, Scene]], Any]:
    return lambda sample: measure(sample[""])


def _of_push(measure: Callable[[dict[str, Any], dict[str, Any]], Any]) -> Callable[[dict[str, Scene]], Any]:
    """A measure of a pushed toy and its push (None: the toy is not pushed)."""
    def measured(sample: dict[str, Scene]) -> Any:
        toy = _toy(sample[""])
        return measure(toy, toy["forces"][0]) if toy.get("forces") else None
    return measured


def _push_per_kg(toy: dict[str, Any], force: dict[str, Any]) -> float:
    vector = force["vector"]
    return round(math.hypot(vector["x"], vector["z"]) / toy["mass"], 1)


def _toss(toy: dict[str, Any], force: dict[str, Any]) -> float | None:
    """A tossed toy's upward push per sideways push (None: not tossed)."""
    vector = force["vector"]
    return round(vector["y"] / math.hypot(vector["x"], vector["z"]), 2) if vector["y"] else None


def _event_step(scene: Scene) -> int | None:
    """The step the toy vanishes, or is first shown standing on the floor (not dropped, not pushed in) after the
    scene's start; None when it does neither."""
    toy = _toy(scene)
    if toy.get("hides"):
        return int(toy["hides"][0]["stepBegin"])
    first = toy["shows"][0]
    unseen = first["stepBegin"] > 0 and first["position"]["y"] < 0.5 and not toy.get("forces")
    return int(first["stepBegin"]) if unseen else None


def _unexpected(scene: Scene) -> bool:
    """Whether the toy vanishes or comes from nowhere."""
    return _event_step(scene) is not None


FEATURES = [
    Feature("floor", _of_scene(lambda s: s["floorMaterial"]), 0.0),
    Feature("wall", _of_scene(lambda s: s["wallMaterial"]), 0.0),
    Feature("ceiling", _of_scene(lambda s: s["ceilingMaterial"]), 0.0),
    Feature("room", _of_scene(lambda s: tuple(s["roomDimensions"].values())), 0.0),
    Feature("performer", _of_scene(lambda s: tuple(s["performerStart"]["position"].values())), 0.0),
    Feature("intuitivePhysics", _of_scene(lambda s: s["intuitivePhysics"]), 0.0),
    Feature("goal category", _of_scene(lambda s: s["goal"]["category"]), 0.0),
    Feature("last_step", _of_scene(lambda s: s["goal"]["last_step"]), 0, numeric=True),
    Feature("actions all Pass", _of_scene(lambda s: {a[0] for a in s["goal"]["action_list"]} == {"Pass"}), 0.0),
    Feature("toy type", _of_scene(lambda s: _toy(s)["type"]), SHARE),
    Feature("toy material", _of_scene(lambda s: _toy(s)["materials"][0]), 0.0),
    Feature("toy scale per type", _of_scene(lambda s: (_toy(s)["type"], _toy(s)["shows"][0]["scale"]["x"],
                                                       _toy(s)["mass"])), SHARE),
    Feature("occluder wall material", _of_scene(lambda s: _wall(s)["materials"][0]), 0.0),
    Feature("occluder pole material", _of_scene(lambda s: _pole(s)["materials"][0]), 0.0),
    Feature("occluder x", _of_scene(lambda s: _wall(s)["shows"][0]["position"]["x"]), 0.0, numeric=True),
    Feature("occluder width", _of_scene(lambda s: _wall(s)["shows"][0]["scale"]["x"]), 0.0, numeric=True),
    Feature("occluder sideways (pole from the side wall)", _of_scene(lambda s: _pole(s)["shows"][0]["rotation"]["z"]
                                                                      == 90), SHARE),
    Feature("occluder moves (steps)", _of_scene(lambda s: tuple((m["stepBegin"], m["stepEnd"])
                                                                for m in _wall(s)["moves"])), 0.0),
    Feature("occluder turns (steps)", _of_scene(lambda s: tuple((m["stepBegin"], m["stepEnd"])
                                                                for m in _wall(s)["rotates"])), 0.0),
    Feature("toy pushed", _of_scene(lambda s: "forces" in _toy(s)), SHARE),
    Feature("toy dropped in (first shown metres up)", _of_scene(lambda s: _toy(s)["shows"][0]["position"]["y"] > 3),
            SHARE),
    Feature("push step", _of_push(lambda toy, force: force["stepBegin"]), 0.0),
    Feature("push newtons per kg", _of_push(_push_per_kg), 0.0, numeric=True, within_range=True),
    Feature("push relative (toy turned off straight)", _of_push(lambda toy, force: bool(force.get("relative"))),
            PUSHED_SHARE),
    Feature("tossed (starts 1 m up)", _of_push(lambda toy, force: toy["shows"][0]["position"]["y"] > 0.5),
            PUSHED_SHARE),
    Feature("toss per push", _of_push(_toss), 0.0, numeric=True, within_range=True),
    Feature("pushed toy start x", _of_push(lambda toy, force: toy["shows"][0]["position"]["x"]), 0.8,
            numeric=True, within_range=True),
    Feature("toy z", _of_scene(lambda s: _toy(s)["shows"][0]["position"]["z"]), PUSHED_SHARE),
    Feature("unexpected (vanishes or appears)", _of_scene(_unexpected), 0.05, stated={False: 0.5, True: 0.5}),
    Feature("event step", _of_scene(_event_step), 13, numeric=True),
]


def generated(n: int) -> Iterator[dict[str, Scene]]:
    """Both documents of ``n`` pairs of the eval7 template, each as a sample of its own."""
    for sample in generated_samples(TEMPLATE, n):
        yield from ({"": scene} for scene in sample.values())


def rows(n: int) -> tuple[list[Row], int]:
    """The side-by-side rows of ``n`` generated pairs, and how many real files there are."""
    real = real_samples(TASK)
    return side_by_side(FEATURES, real, generated(n)), len(real)


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10_000
    found, real_count = rows(count)
    print(table(found, real_count, 2 * count))
    missed = outside(found)
    print("\nOutside tolerance: " + ("; ".join(missed) if missed else "none"))
    sys.exit(1 if missed else 0)
