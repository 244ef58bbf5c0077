"""Collisions (passive)'s eval7 template against what the evaluation shows of the task. The development half holds
no Collisions scene, so the figures are those every passive physics scene of it shares (Gravity Support, Object
Permanence, Shape Constancy, Spatio-Temporal Continuity: fifty files), file by file, each generated pair counting
as its two files (:mod:`tests.kit.fidelity`):

    python -m scenegen.families.collisions.tests.fidelity [N]

prints the side-by-side table of N generated pairs (10,000 by default) kept in ``docs/fidelity/collisions.md``.

What all fifty share (the room, the performer, the goal, the version) is held exactly, as is that the room's
materials and the objects' depth are among theirs; the share of expected files is the pairs' half, stated.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from scenegen.families.collisions.tests.replay import replay
from tests.kit.fidelity import Feature, Row, Scene, generated_samples, outside, side_by_side, table, the_scene
from tests.kit.fidelity import real_samples as task_samples

TEMPLATE = "eval7_collisions"
#: The tasks whose scenes stand for the passive physics frame.
PASSIVE = ("gravity_support", "object_permanence", "shape_constancy", "spatio_temporal_continuity")


def real_samples() -> list[dict[str, Scene]]:
    """Every passive physics file of the development half, each a sample."""
    return [sample for task in PASSIVE for sample in task_samples(f"passive_physics_{task}")]


def _materials() -> tuple[set[str], set[str], set[str]]:
    scenes = [the_scene(sample) for sample in real_samples()]
    return ({scene["wallMaterial"] for scene in scenes}, {scene["floorMaterial"] for scene in scenes},
            {scene["ceilingMaterial"] for scene in scenes})


WALLS, FLOORS, CEILINGS = _materials()


def frame(scene: Scene) -> str:
    start = scene["performerStart"]
    return (f"room {scene['roomDimensions']}, performer {start['position']} turned {start['rotation']['y']:g}, "
            f"version {scene['version']}, intuitivePhysics {scene['intuitivePhysics']}")


def goal(scene: Scene) -> str:
    actions = {tuple(action) for action in scene["goal"]["action_list"]}
    return (f"{scene['goal']['category']!r}, description {scene['goal']['description']!r}, metadata "
            f"{scene['goal']['metadata']}, {sorted(actions)} until last_step")


def room_materials(scene: Scene) -> bool:
    """Whether the wall, floor and ceiling are each one a passive physics scene has."""
    return scene["wallMaterial"] in WALLS and scene["floorMaterial"] in FLOORS and scene["ceilingMaterial"] in CEILINGS


def depth(scene: Scene) -> float:
    """How far ahead of the room's middle the moving objects are (the farthest)."""
    return max(item["shows"][0]["position"]["z"] for item in scene["objects"] if not item.get("structure"))


def kind(scene: Scene) -> str | None:
    """The scene's kind, replayed (None for a scene of another task)."""
    return replay(scene)["kind"] if "moves" in scene["objects"][0] and scene["objects"][0]["type"] == "cube" else None


def _one(measure: Callable[[Scene], Any]) -> Callable[[dict[str, Scene]], Any]:
    """A file's measure, taken on a sample of one file."""
    return lambda sample: measure(the_scene(sample))


FEATURES = [
    Feature("room, performer, version", _one(frame), 0.0),
    Feature("goal", _one(goal), 0.0),
    Feature("room materials among the passive physics scenes'", _one(room_materials), 0.0),
    Feature("objects' depth (m)", _one(depth), 0.0, numeric=True, within_range=True),
    Feature("kind (replayed)", _one(kind), 0.0, stated={"expected": 0.5, "unexpected": 0.5}),
]


def files(pairs: int, seed: int = 0) -> Iterator[dict[str, Scene]]:
    """The files of ``pairs`` pairs of the eval7 template, each a sample of its own."""
    for sample in generated_samples(TEMPLATE, pairs, seed):
        yield from ({"": scene} for scene in sample.values())


def rows(pairs: int) -> list[Row]:
    """The side-by-side rows of ``pairs`` generated pairs against the development half's passive physics files."""
    return side_by_side(FEATURES, real_samples(), files(pairs))


def main(argv: Sequence[str]) -> None:
    n = int(argv[0]) if argv else 10_000
    found = rows(n)
    print(table(found, len(real_samples()), 2 * n))
    missed = outside(found)
    print("\nOutside tolerance: " + ("; ".join(missed) if missed else "none"))
    sys.exit(1 if missed else 0)


if __name__ == "__main__":
    main(sys.argv[1:])
