"""The features of Lava and Holes scenes that the evaluation varies, measured from a scene's JSON alone, for the
side-by-side tables of :mod:`tests.kit.fidelity` (``docs/fidelity/lava.md``, ``holes.md``).

Each family's ``tests/fidelity.py`` names its task; :func:`main` prints the table.

Tolerances are set for the development half's size: ten scenes per task, so a
share measured there is uncertain by about 0.16 (one standard error at a half);
a generated share is held within 0.3 of the real one (about two standard errors).
Counts of cells are held within one cell of the real minimum, median and maximum;
the walk's length is compared as shares of bins of ten steps.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from scipy import ndimage

from scenegen.mcs.floor_field import FloorField, body_crosses, cell_of
from tests.kit import fidelity
from tests.kit.fidelity import EVAL7, Feature, Row, Scene

#: A share measured on ten real scenes, against the generated one (about two standard errors, see above).
SHARE_TOLERANCE = 0.3
#: Cells a count may be off the real figure (the evaluation's fields hold 76-77 lava or 69-70 hole cells).
CELL_TOLERANCE = 1
#: Width of the bins a walk's length is counted in, in steps (a maximum of ten real walks says little of ten
#: thousand generated ones: their shares per bin are compared instead).
WALK_BIN = 10
#: Metres a position may be off the real one (the real ones are written to 0.1 mm).
PLACE_TOLERANCE = 0.01
#: Rows of at least this many cells count as full rows (across half the room or more).
FULL_ROW = 8
#: Free floor cut off from the platform, in cells, that makes a closed rectangle (a lone cell walled in by
#: scattered cells does not).
ENCLOSED = 4


def _scene(sample: dict[str, Scene]) -> Scene:
    return sample[""]


def _cells(scene: Scene, kind: str) -> np.ndarray:
    return np.array(sorted({(cell["x"], cell["z"]) for cell in scene[kind]}), dtype=int).reshape(-1, 2)


def _objects(scene: Scene) -> dict[str, dict[str, Any]]:
    return {item["id"]: item for item in scene["objects"]}


def _target(scene: Scene) -> dict[str, Any]:
    return _objects(scene)[scene["goal"]["metadata"]["target"]["id"]]


def _holder(scene: Scene) -> dict[str, Any] | None:
    return _objects(scene).get(_target(scene).get("associatedWithAgent", ""))


def _goal_point(scene: Scene) -> tuple[float, float]:
    """Where the ball, or the agent holding it, stands."""
    item = _holder(scene) or _target(scene)
    position = item["shows"][0]["position"]
    return float(position["x"]), float(position["z"])


def _start(scene: Scene) -> tuple[float, float]:
    position = scene["performerStart"]["position"]
    return float(position["x"]), float(position["z"])


def _blob(scene: Scene) -> dict[str, Any] | None:
    return next((item for item in scene["objects"] if item["type"].startswith("blob_")), None)


def field_side(cells: np.ndarray, half_width: int) -> str:
    """Where the field stands across the room: spanning it, against a side wall, or between."""
    low, high = int(cells[:, 0].min()), int(cells[:, 0].max())
    if low == -half_width and high == half_width:
        return "room-wide"
    return "left" if low == -half_width else "right" if high == half_width else "between"


def field_shape(scene: Scene, cells: np.ndarray) -> str:
    """Full rows (at least four rows of :data:`FULL_ROW` cells), a closed rectangle (it walls in free floor the
    platform cannot reach), or other."""
    _, per_row = np.unique(cells[:, 1], return_counts=True)
    if (per_row >= FULL_ROW).sum() >= 4:
        return "full rows"
    half_x, half_z = int(scene["roomDimensions"]["x"] // 2), int(scene["roomDimensions"]["z"] // 2)
    free = np.ones((2 * half_z + 1, 2 * half_x + 1), dtype=bool)
    free[cells[:, 1] + half_z, cells[:, 0] + half_x] = False
    regions, _ = ndimage.label(free)
    start_x, start_z = cell_of(*_start(scene))
    cut_off = (regions > 0) & (regions != regions[start_z + half_z, start_x + half_x])
    return "closed rectangle" if np.bincount(regions[cut_off]).max(initial=0) >= ENCLOSED else "other"


def walk_bin(scene: Scene, cells: np.ndarray) -> str:
    """The bin of :data:`WALK_BIN` steps holding the shortest safe walk's length ("none" if there is no walk)."""
    room = FloorField(scene["roomDimensions"]["x"], scene["roomDimensions"]["z"], cells)
    steps = room.distance(cell_of(*_start(scene)), cell_of(*_goal_point(scene)))
    if steps is None:
        return "none"
    low = steps // WALK_BIN * WALK_BIN
    return f"{low}-{low + WALK_BIN - 1}"


def _blob_offset(scene: Scene, axis: str) -> float | None:
    blob = _blob(scene)
    if blob is None:
        return None
    goal = dict(zip("xz", _goal_point(scene), strict=True))
    return round(blob["shows"][0]["position"][axis] - goal[axis], 4)


def _blob_look(scene: Scene) -> str | None:
    blob = _blob(scene)
    if blob is None:
        return None
    show = blob["shows"][0]
    return f"{blob['type']} {blob['materials'][0]} scale {show['scale']['x']:g} facing {show['rotation']['y']:g}"


def _agent_look(scene: Scene) -> str | None:
    holder = _holder(scene)
    if holder is None:
        return None
    settings = holder["agentSettings"]
    return (f"{holder['type']} facing {holder['shows'][0]['rotation']['y']:g} "
            f"outfit chest {settings['chest']} skin {settings['skin']}")


def navigation_features(kind: str) -> list[Feature]:
    """The features of a ``kind`` ("lava", "holes") scene the evaluation varies, with their tolerances."""

    def field(measure):  # a feature of the scene and its distinct cells
        return lambda sample: measure(_scene(sample), _cells(_scene(sample), kind))

    def scene(measure):
        return lambda sample: measure(_scene(sample))

    def half_width(document: Scene) -> int:
        return int(document["roomDimensions"]["x"] // 2)

    return [
        Feature("cells", field(lambda s, c: len(c)), CELL_TOLERANCE, numeric=True),
        Feature("field shape", field(field_shape), SHARE_TOLERANCE),
        Feature("field width (cells)", field(lambda s, c: int(np.ptp(c[:, 0])) + 1), SHARE_TOLERANCE),
        Feature("field depth (cells)", field(lambda s, c: int(np.ptp(c[:, 1])) + 1), SHARE_TOLERANCE),
        Feature("field side", field(lambda s, c: field_side(c, half_width(s))), SHARE_TOLERANCE),
        Feature("straight way crosses the field", field(lambda s, c: body_crosses(_start(s), _goal_point(s), c)),
                SHARE_TOLERANCE),
        Feature("safe walk (steps)", field(walk_bin), SHARE_TOLERANCE),
        Feature("target held by an agent", scene(lambda s: _holder(s) is not None), SHARE_TOLERANCE),
        Feature("agent (when held)", scene(_agent_look), SHARE_TOLERANCE),
        Feature("blob present", scene(lambda s: _blob(s) is not None), SHARE_TOLERANCE),
        Feature("blob", scene(_blob_look), SHARE_TOLERANCE),
        Feature("blob x from the target (m)", scene(lambda s: _blob_offset(s, "x")), PLACE_TOLERANCE, numeric=True),
        Feature("blob z from the target (m)", scene(lambda s: _blob_offset(s, "z")), PLACE_TOLERANCE, numeric=True),
        Feature("performer facing", scene(lambda s: s["performerStart"]["rotation"]["y"]), SHARE_TOLERANCE),
        Feature("platform x (m)", scene(lambda s: _start(s)[0]), SHARE_TOLERANCE),
        Feature("field shape and platform x (m)", field(lambda s, c: f"{field_shape(s, c)}, {_start(s)[0]:g}"),
                SHARE_TOLERANCE),
        Feature("platform z (m)", scene(lambda s: _start(s)[1]), PLACE_TOLERANCE, numeric=True),
        Feature("target x, z (m)", scene(lambda s: tuple(round(v, 4) for v in _goal_point(s))), SHARE_TOLERANCE),
        Feature("room", scene(lambda s: tuple(s["roomDimensions"].values())), SHARE_TOLERANCE),
        Feature("last step", scene(lambda s: s["goal"]["last_step"]), SHARE_TOLERANCE),
        Feature("goal keys", scene(lambda s: " ".join(sorted(s["goal"]))), SHARE_TOLERANCE),
    ]


def compare(kind: str, count: int, seed: int = 0) -> tuple[list[Row], int]:
    """The side-by-side rows of ``kind``'s eval7 template, ``count`` generated scenes against the real ones of
    the development half's folder, and the number of real scenes."""
    return fidelity.compare(f"interactive_{kind}", f"eval7_{kind}", navigation_features(kind), count,
                            folders=(EVAL7,), seed=seed)


def main(kind: str, argv: Sequence[str]) -> None:
    """Print the Markdown table of ``kind``'s eval7 template (``argv``: the number of scenes, 10,000 by default)
    and the figures outside their tolerance."""
    fidelity.main(f"interactive_{kind}", f"eval7_{kind}", navigation_features(kind), argv, folders=(EVAL7,))
