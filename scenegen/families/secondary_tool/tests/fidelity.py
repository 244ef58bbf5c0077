"""Secondary Tool's eval7 template against the development half of the evaluation's Secondary Tool scenes, feature
by feature (:mod:`tests.kit.fidelity`).

    python -m scenegen.families.secondary_tool.tests.fidelity [N]

prints the side-by-side table of N generated scenes (10,000 by default) kept in ``docs/fidelity/secondary_tool.md``.

The development half holds twelve Secondary Tool scenes (eleven in ``eval7/``, one in ``more/``). A share measured
on twelve scenes has a standard error of up to 0.15, so what the evaluation draws (the ball's pool and place, the
rectangular tool's spot and turn, the material) is held within 0.3 (two standard errors); what every real scene
shares (the L tool, its pool, the performer's start, the goal's keys, the frame) exactly.
"""

from __future__ import annotations

import sys

from tests.kit import fidelity
from tests.kit.fidelity import Feature, Scene, first_of_type, the_scene

TASK = "interactive_secondary_tool"
TEMPLATE = "eval7_secondary_tool"
#: Two standard errors of a share over the twelve real scenes.
FACTOR = 0.3

Cell = tuple[int, int]


def _cell(item: Scene) -> Cell:
    position = item["shows"][0]["position"]
    return round(position["x"]), round(position["z"])


def _component(cells: set[Cell], seeds: list[Cell]) -> set[Cell]:
    """The lava cells joined (side or corner) to ``seeds``."""
    found, frontier = set(), [cell for cell in seeds if cell in cells]
    while frontier:
        x, z = frontier.pop()
        if (x, z) in found:
            continue
        found.add((x, z))
        frontier += [(x + i, z + j) for i in (-1, 0, 1) for j in (-1, 0, 1) if (x + i, z + j) in cells]
    return found


def _ball_pool(scene: Scene) -> set[Cell]:
    cells = {(cell["x"], cell["z"]) for cell in scene["lava"]}
    x, z = _cell(first_of_type(scene, "soccer_ball"))
    return _component(cells, [(x + i, z + j) for i in (-1, 0, 1) for j in (-1, 0, 1)])


def _hook_pool(scene: Scene) -> set[Cell]:
    cells = {(cell["x"], cell["z"]) for cell in scene["lava"]}
    return _component(cells, [_cell(first_of_type(scene, "tool_hooked"))
                              if any(item["type"].startswith("tool_hooked") for item in scene["objects"])
                              else _cell(first_of_type(scene, "tool_isosceles"))])


def ball_pool(sample: dict[str, Scene]) -> str:
    """The lava round the ball: a whole pool, a ring round its cell, or part of one."""
    pool = _ball_pool(the_scene(sample))
    xs, zs = [x for x, _ in pool], [z for _, z in pool]
    return f"{len(pool)} cells in {max(xs) - min(xs) + 1} x {max(zs) - min(zs) + 1}"


def ball_cell(sample: dict[str, Scene]) -> str:
    return "({}, {})".format(*_cell(first_of_type(the_scene(sample), "soccer_ball")))


def l_tool(sample: dict[str, Scene]) -> str:
    scene = the_scene(sample)
    item = next(o for o in scene["objects"] if o["type"].startswith(("tool_hooked", "tool_isosceles")))
    return f"{item['type']} turned {item['shows'][0]['rotation']['y']:g}"


#: Where the evaluation puts the L tool's pool (its centre) and the rectangular tool (docs/mcs_facts.md, "Tool
#: tasks: the development half"); a template's other places are counted together, as "elsewhere".
REAL_POOL_CENTRES = frozenset({(-4.5, 0.5)})
REAL_RECT_PLACES = frozenset({(-2.0, 9.0), (-7.75, 11.0), (-2.0, -7.0), (-2.0, -11.0)})


def _bounds(cells: set[Cell]) -> tuple[int, int, int, int]:
    xs, zs = [x for x, _ in cells], [z for _, z in cells]
    return min(xs), min(zs), max(xs), max(zs)


def l_tool_pool(sample: dict[str, Scene]) -> str:
    pool = _hook_pool(the_scene(sample))
    x0, z0, x1, z1 = _bounds(pool)
    return f"{len(pool)} cells in {x1 - x0 + 1} x {z1 - z0 + 1}"


def l_tool_pool_place(sample: dict[str, Scene]) -> str:
    x0, z0, x1, z1 = _bounds(_hook_pool(the_scene(sample)))
    centre = ((x0 + x1) / 2, (z0 + z1) / 2)
    return "centred ({:g}, {:g})".format(*centre) if centre in REAL_POOL_CENTRES else "elsewhere"


def rect_place(sample: dict[str, Scene]) -> str:
    position = first_of_type(the_scene(sample), "tool_rect")["shows"][0]["position"]
    place = (float(position["x"]), float(position["z"]))
    return "({:g}, {:g})".format(*place) if place in REAL_RECT_PLACES else "elsewhere"


def rect_side(sample: dict[str, Scene]) -> str:
    """Which side of the L tool's pool the rectangular tool lies on (the way it pushes the L tool is the other)."""
    scene = the_scene(sample)
    _, z0, x1, z1 = _bounds(_hook_pool(scene))
    position = first_of_type(scene, "tool_rect")["shows"][0]["position"]
    x, z = position["x"], position["z"]
    if z > z1 + 0.5:
        return "+z"
    if z < z0 - 0.5:
        return "-z"
    return "+x" if x > x1 + 0.5 else "-x"


def rect_rotation(sample: dict[str, Scene]) -> str:
    return f"{first_of_type(the_scene(sample), 'tool_rect')['shows'][0]['rotation']['y']:g}"


def rect_type(sample: dict[str, Scene]) -> str:
    return str(first_of_type(the_scene(sample), "tool_rect")["type"])


def material(sample: dict[str, Scene]) -> str:
    return ", ".join(sorted({m for item in the_scene(sample)["objects"] if item["type"].startswith("tool_")
                             for m in item["materials"]}))


def frame(sample: dict[str, Scene]) -> str:
    """Room, materials, the performer's start as written (integers), and the goal's keys."""
    scene = the_scene(sample)
    start = scene["performerStart"]
    room = ", ".join(f"{value:g}" for value in scene["roomDimensions"].values())
    return (f"room ({room}), {scene['ceilingMaterial']} / {scene['floorMaterial']} / {scene['wallMaterial']}, "
            f"performer {start['position']['x']!r}, {start['position']['z']!r} facing {start['rotation']['y']!r}, "
            f"goal {', '.join(sorted(scene['goal']))}")


FEATURES = (
    Feature("ball's pool", ball_pool, FACTOR),
    Feature("ball's cell", ball_cell, FACTOR),
    Feature("L tool", l_tool, 0.0),
    Feature("L tool's pool", l_tool_pool, 0.0),
    Feature("L tool's pool's place", l_tool_pool_place, 0.0),
    Feature("rectangular tool", rect_type, 0.0),
    Feature("rectangular tool's side of the L tool's pool", rect_side, FACTOR),
    Feature("rectangular tool's place", rect_place, FACTOR),
    Feature("rectangular tool's rotation", rect_rotation, FACTOR),
    Feature("tools' material", material, FACTOR),
    Feature("frame", frame, 0.0),
)


if __name__ == "__main__":
    fidelity.main(TASK, TEMPLATE, FEATURES, sys.argv[1:])
