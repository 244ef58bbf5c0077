"""Shape Constancy's eval7 template against the development half of the evaluation, feature by feature, document
by document (:mod:`tests.kit.fidelity`).

    python -m scenegen.families.shape_constancy.tests.fidelity [N]

prints the side-by-side table of N generated pairs (10,000 by default; both documents of each are measured) kept
in ``docs/fidelity/shape_constancy.md``.

The development half holds 6 files (0001_01, 02, 05, 06, 09, 10), so one file moves a share by 0.17: shares are
held within 0.2, and a toy's type, of which the development half shows few, within 0.35. What every file shows
alike (room, materials, occluders, timing, lengths, the toys at the middle of the stretch their occluder hides)
is held exactly, but for the left toy's depth: the evaluation stands it at z 5.1, past the room's back wall (z 5),
which this model refuses (held within 0.5 m). Which documents are unexpected is the pairing's: half.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import Any

from tests.kit.fidelity import Feature, Row, Scene, generated_samples, outside, real_samples, side_by_side, table

TASK, TEMPLATE = "passive_physics_shape_constancy", "eval7_shape_constancy"
SHARE, TYPE_SHARE = 0.2, 0.35


def _toys(scene: Scene) -> list[dict[str, Any]]:
    return [item for item in scene["objects"] if not item.get("structure")]


def _dropped(scene: Scene) -> list[dict[str, Any]]:
    """The toys dropped in (first shown above the room's height)."""
    return [item for item in _toys(scene) if item["shows"][0]["position"]["y"] > scene["roomDimensions"]["y"]]


def _stand_ins(scene: Scene) -> list[dict[str, Any]]:
    return [item for item in _toys(scene) if item["shows"][0]["position"]["y"] < 1]


def _of_scene(measure: Callable[[Scene], Any]) -> Callable[[dict[str, Scene]], Any]:
    return lambda sample: measure(sample[""])


def _of_side(measure: Callable[[dict[str, Any]], Any], left: bool) -> Callable[[dict[str, Scene]], Any]:
    """A measure of the toy dropped on one side of the room (None: no toy there)."""
    def measured(sample: dict[str, Scene]) -> Any:
        found = [item for item in _dropped(sample[""]) if (item["shows"][0]["position"]["x"] < 0) == left]
        return measure(found[0]) if found else None
    return measured


def _walls(scene: Scene) -> list[dict[str, Any]]:
    return sorted((item for item in scene["objects"] if item["id"].startswith("occluder_wall_")),
                  key=lambda item: item["shows"][0]["position"]["x"])


def _poles(scene: Scene) -> list[dict[str, Any]]:
    return sorted((item for item in scene["objects"] if item["id"].startswith("occluder_pole_")),
                  key=lambda item: item["shows"][0]["position"]["x"])


FEATURES = [
    Feature("floor", _of_scene(lambda s: s["floorMaterial"]), 0.0),
    Feature("wall", _of_scene(lambda s: s["wallMaterial"]), 0.0),
    Feature("ceiling", _of_scene(lambda s: s["ceilingMaterial"]), 0.0),
    Feature("room", _of_scene(lambda s: tuple(s["roomDimensions"].values())), 0.0),
    Feature("intuitivePhysics", _of_scene(lambda s: s["intuitivePhysics"]), 0.0),
    Feature("last_step", _of_scene(lambda s: s["goal"]["last_step"]), 0, numeric=True),
    Feature("actions all Pass", _of_scene(lambda s: {a[0] for a in s["goal"]["action_list"]} == {"Pass"}), 0.0),
    Feature("occluders (x, width)", _of_scene(lambda s: tuple((w["shows"][0]["position"]["x"],
                                                               w["shows"][0]["scale"]["x"]) for w in _walls(s))), 0.0),
    Feature("occluder wall materials", _of_scene(lambda s: tuple(w["materials"][0] for w in _walls(s))), 0.0),
    Feature("occluder pole materials", _of_scene(lambda s: tuple(p["materials"][0] for p in _poles(s))), 0.0),
    Feature("poles (x, half length)", _of_scene(lambda s: tuple((p["shows"][0]["position"]["x"],
                                                                 p["shows"][0]["scale"]["y"]) for p in _poles(s))),
            0.0),
    Feature("occluder moves (steps)", _of_scene(lambda s: tuple((m["stepBegin"], m["stepEnd"])
                                                                for m in _walls(s)[0]["moves"])), 0.0),
    Feature("occluder turns (steps, degrees)", _of_scene(lambda s: tuple(
        (m["stepBegin"], m["stepEnd"], m["vector"]["x"]) for m in _walls(s)[0]["rotates"])), 0.0),
    Feature("toys dropped in", _of_scene(lambda s: len(_dropped(s))), SHARE),
    Feature("toy drop step", _of_scene(lambda s: tuple(sorted({t["shows"][0]["stepBegin"] for t in _dropped(s)}))),
            0.0),
    Feature("left toy (x, z)", _of_side(lambda t: (t["shows"][0]["position"]["x"], t["shows"][0]["position"]["z"]),
                                        True), 1.0),
    Feature("left toy x", _of_side(lambda t: t["shows"][0]["position"]["x"], True), 0.11, numeric=True),
    Feature("left toy z", _of_side(lambda t: t["shows"][0]["position"]["z"], True), 0.5, numeric=True),
    Feature("right toy (x, z)", _of_side(lambda t: (t["shows"][0]["position"]["x"], t["shows"][0]["position"]["z"]),
                                         False), 0.0),
    Feature("left toy material", _of_side(lambda t: t["materials"][0], True), 0.0),
    Feature("right toy material", _of_side(lambda t: t["materials"][0], False), 0.0),
    Feature("toy type", _of_scene(lambda s: _dropped(s)[0]["type"]), TYPE_SHARE),
    Feature("stand-ins", _of_scene(lambda s: len(_stand_ins(s))), SHARE, stated={0: 0.5, 1: 0.25, 2: 0.25}),
    Feature("change step", _of_scene(lambda s: _stand_ins(s)[0]["shows"][0]["stepBegin"] if _stand_ins(s) else None),
            0, numeric=True),
    Feature("stand-in differs in type", _of_scene(lambda s: all(
        t["type"] != d["type"] for t in _stand_ins(s) for d in _dropped(s)
        if t["shows"][0]["position"]["x"] == d["shows"][0]["position"]["x"]) if _stand_ins(s) else None), 0.0),
    Feature("toy mass per scale", _of_scene(lambda s: tuple(sorted({round(t["mass"] / t["shows"][0]["scale"]["x"], 2)
                                                                    for t in _toys(s)}))), 1.0),
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
