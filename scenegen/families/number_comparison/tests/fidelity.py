"""Number Comparison's eval7 template against the development half of the evaluation's Number Comparison scenes,
feature by feature (:mod:`tests.kit.fidelity`).

    python -m scenegen.families.number_comparison.tests.fidelity [N]

prints the side-by-side table of N generated scenes (10,000 by default) kept in
``docs/fidelity/number_comparison.md``.

The development half holds ten scenes (``eval7/``: 01, 02, 05, 06, 09, 10, 13, 14, 17, 18). What they draw (the
counts, whether occluders come down) is held within 0.3 of the real share (two standard errors of a share over ten
scenes are up to 0.32), the pair of counts within 0.35; what all ten share (the frame, the places the balls take,
the listing, the targets, the occluders' make and timing, ids and masses) exactly.
"""

from __future__ import annotations

import sys

from tests.kit import fidelity
from tests.kit.fidelity import Feature, Scene, the_scene

TASK = "interactive_number_comparison"
TEMPLATE = "eval7_number_comparison"
#: About two standard errors of a share over ten real scenes.
FACTOR = 0.3


def _balls(scene: Scene) -> list[Scene]:
    return [item for item in scene["objects"] if item["type"] == "soccer_ball"]


def _x(item: Scene) -> float:
    return float(item["shows"][0]["position"]["x"])


def _counts(scene: Scene) -> tuple[int, int]:
    """(the more, the fewer) balls of the two sides."""
    left = sum(_x(item) < 0 for item in _balls(scene))
    right = len(_balls(scene)) - left
    return max(left, right), min(left, right)


def _occluded(scene: Scene) -> bool:
    return any(item["id"].startswith("occluder_") for item in scene["objects"])


def counts(sample: dict[str, Scene]) -> str:
    more, fewer = _counts(the_scene(sample))
    return f"{more} and {fewer}"


def more(sample: dict[str, Scene]) -> int:
    return _counts(the_scene(sample))[0]


def fewer(sample: dict[str, Scene]) -> int:
    return _counts(the_scene(sample))[1]


def tie(sample: dict[str, Scene]) -> bool:
    more, fewer = _counts(the_scene(sample))
    return more == fewer


def occluded(sample: dict[str, Scene]) -> bool:
    return _occluded(the_scene(sample))


def passes(sample: dict[str, Scene]) -> str:
    """The action list, by whether the occluders come down."""
    scene = the_scene(sample)
    actions = scene["goal"]["action_list"]
    return f"occluded {_occluded(scene)}: {len(actions)} x {sorted({a[0] for a in actions})}"


def places(sample: dict[str, Scene]) -> str:
    """Each side's balls' (|x|, z), in the order they are listed, as a side's run of the places."""
    scene = the_scene(sample)
    runs: dict[bool, list[str]] = {}
    for item in _balls(scene):
        runs.setdefault(_x(item) < 0, []).append(f"({abs(_x(item)):g}, {item['shows'][0]['position']['z']:g})")
    return "; ".join(" ".join(run) for run in sorted(runs.values(), key=len))


def listed_first(sample: dict[str, Scene]) -> str | None:
    """Whose balls are listed first: the side with more (None on a tie)."""
    scene = the_scene(sample)
    if tie(sample):
        return None
    balls = _balls(scene)
    left = sum(_x(item) < 0 for item in balls)
    more_left = left > len(balls) - left
    return "the side with more" if (_x(balls[0]) < 0) == more_left else "the other"


def targets(sample: dict[str, Scene]) -> str:
    """Which balls the goal names: every ball of the side with more, or every ball on a tie; and in what order."""
    scene = the_scene(sample)
    balls, named = _balls(scene), [target["id"] for target in scene["goal"]["metadata"]["targets"]]
    left = [item["id"] for item in balls if _x(item) < 0]
    right = [item["id"] for item in balls if _x(item) > 0]
    winners = left + right if len(left) == len(right) else max(left, right, key=len)
    listed = [item["id"] for item in balls if item["id"] in winners]
    words = {target["info"][-1] for target in scene["goal"]["metadata"]["targets"]}
    return (f"the side with more: {named == listed}, tie {tie(sample)}, info ends {words}, pickup_number "
            f"{scene['goal']['metadata'].get('pickup_number')}")


def occluders(sample: dict[str, Scene]) -> str | None:
    """The occluder walls and poles: place, scale, rotation, mass, material and moves."""
    scene = the_scene(sample)
    parts = [item for item in scene["objects"] if item["id"].startswith("occluder_")]
    if not parts:
        return None
    return "; ".join(f"{item['id'].rsplit('_', 1)[0]} at {_vector(item, 'position')} scale {_vector(item, 'scale')} "
                     f"turned {_vector(item, 'rotation')} mass {item['mass']} {item['materials']} {item['moves']}"
                     for item in parts)


def _vector(item: Scene, key: str) -> str:
    """A show's vector written alike however the file writes its numbers (0 or 0.0)."""
    return "(" + ", ".join(f"{value:g}" for value in item["shows"][0][key].values()) + ")"


def objects(sample: dict[str, Scene]) -> str:
    """The objects in order, each as its id's prefix and length and its type (balls counted)."""
    scene = the_scene(sample)
    rest = [f"{item['id'].rsplit('_', 1)[0]} ({len(item['id'])}) {item['type']}" for item in scene["objects"]
            if item["type"] != "soccer_ball"]
    lengths = {len(item["id"]) for item in _balls(scene)}
    return ", ".join(rest) + f", then the balls (ids {lengths} long)"


def ball_look(sample: dict[str, Scene]) -> str:
    ball = _balls(the_scene(sample))[0]
    show = ball["shows"][0]
    return (f"{ball['type']}, scale {show['scale']['x']:g}, y {show['position']['y']:g}, turned "
            f"{_vector(ball, 'rotation')}, mass {ball['mass']}, {ball['salientMaterials']}, materials "
            f"{ball['materials']}")


def platform_and_block(sample: dict[str, Scene]) -> str:
    scene = the_scene(sample)
    parts = scene["objects"][:2]
    return "; ".join(f"at {_vector(item, 'position')} scale {_vector(item, 'scale')} mass {item['mass']} "
                     f"{'the walls' if item['materials'] == [scene['wallMaterial']] else item['materials']}"
                     for item in parts)


def frame(sample: dict[str, Scene]) -> str:
    """Room, materials, performer, goal."""
    scene = the_scene(sample)
    goal = scene["goal"]
    room = ", ".join(f"{value:g}" for value in scene["roomDimensions"].values())
    return (f"room ({room}), {scene['ceilingMaterial']}, {scene['floorMaterial']}, {scene['wallMaterial']}, "
            f"performer {scene['performerStart']}, goal {goal['category']} {goal['description']!r}, last_step "
            f"{goal['last_step']}")


FEATURES = (
    Feature("counts (more and fewer)", counts, FACTOR + 0.05),
    Feature("the side with more holds", more, FACTOR),
    Feature("the other side holds", fewer, FACTOR),
    Feature("tie", tie, FACTOR),
    Feature("occluders come down", occluded, FACTOR),
    Feature("action list", passes, FACTOR),
    Feature("balls' places, by side", places, FACTOR + 0.05),
    Feature("balls listed first", listed_first, 0.0),
    Feature("targets", targets, FACTOR),
    Feature("occluders", occluders, 0.0),
    Feature("objects in order", objects, FACTOR),
    Feature("ball", ball_look, 0.0),
    Feature("platform and black block", platform_and_block, 0.0),
    Feature("frame", frame, 0.0),
)


if __name__ == "__main__":
    fidelity.main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
