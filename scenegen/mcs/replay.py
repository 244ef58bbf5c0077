"""Where things are at a given step, read from an MCS document alone.

Used by the families' checks: nothing here knows how a scene was generated.
Conventions (MCS / Unity): ``moves`` add their vector on every step of an
inclusive range; ``rotates`` add ``vector.y`` degrees per step; a rotation of
``t`` degrees about y maps ``(x, z)`` to ``(x cos t + z sin t, -x sin t + z cos t)``
(clockwise seen from above). Objects resting on a turntable ride it.
Performer actions: ``goal.action_list[i]`` is the action of step ``i + 1``;
Move* go 0.1 m, Rotate* turn 10 degrees (RotateRight adds to rotation y).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import Any

from .rotation import turned, turned_about

MOVE_METRES = 0.1
ROTATE_DEGREES = 10.0
#: Per-action (right, forward) displacement in the performer's frame, and turn.
_ACTIONS = {
    "MoveAhead": (0.0, MOVE_METRES, 0.0),
    "MoveBack": (0.0, -MOVE_METRES, 0.0),
    "MoveLeft": (-MOVE_METRES, 0.0, 0.0),
    "MoveRight": (MOVE_METRES, 0.0, 0.0),
    "RotateRight": (0.0, 0.0, ROTATE_DEGREES),
    "RotateLeft": (0.0, 0.0, -ROTATE_DEGREES),
}

Document = Mapping[str, Any]


def _steps_done(begin: int, end: int, step: int) -> int:
    """How many steps of the inclusive range [begin, end] have run by the end of ``step``."""
    return max(0, min(step, end) - begin + 1)


def start_xz(item: Document) -> tuple[float, float]:
    position = item["shows"][0]["position"]
    return position["x"], position["z"]


def xz_at(item: Document, step: int | None = None) -> tuple[float, float]:
    """Horizontal position after the ``moves`` of steps up to ``step`` (None: all of them)."""
    x, z = start_xz(item)
    for move in item.get("moves", ()):
        count = move["stepEnd"] - move["stepBegin"] + 1 if step is None else _steps_done(
            move["stepBegin"], move["stepEnd"], step)
        x += count * move["vector"]["x"]
        z += count * move["vector"]["z"]
    return x, z


def motion_end(item: Document) -> int:
    """Last step on which the object moves or turns (-1 if it never does)."""
    ends = [m["stepEnd"] for key in ("moves", "rotates") for m in item.get(key, ())]
    return max(ends, default=-1)


@dataclass(frozen=True)
class Turntable:
    x: float
    z: float
    radius: float
    top: float
    rotates: tuple[tuple[int, int, float], ...]

    def angle(self, step: int | None = None) -> float:
        """Degrees turned by the end of ``step`` (None: in all)."""
        return sum((end - begin + 1 if step is None else _steps_done(begin, end, step)) * per_step
                   for begin, end, per_step in self.rotates)

    def carries(self, item: Document) -> bool:
        """Whether ``item`` starts resting on the turntable's top."""
        x, z = start_xz(item)
        return (abs(item["shows"][0]["position"]["y"] - self.top) < 1e-6
                and math.hypot(x - self.x, z - self.z) <= self.radius)

    def turn(self, x: float, z: float, degrees: float) -> tuple[float, float]:
        return turned_about(x, z, self.x, self.z, degrees)


def turntable(document: Document) -> Turntable | None:
    """The scene's turntable (a ``rotating_cog``: diameter = scale.x, height = scale.y / 50), if any."""
    for item in document["objects"]:
        if item["type"] == "rotating_cog":
            show = item["shows"][0]
            height = show["scale"]["y"] / 50
            return Turntable(show["position"]["x"], show["position"]["z"], show["scale"]["x"] / 2,
                             show["position"]["y"] + height / 2,
                             tuple((r["stepBegin"], r["stepEnd"], r["vector"]["y"]) for r in item.get("rotates", ())))
    return None


class Track:
    """An object's horizontal path: its own moves, and the turntable's turn if it starts on it."""

    __slots__ = ("item", "table")

    def __init__(self, item: Document, table: Turntable | None) -> None:
        self.item = item
        self.table = table if table is not None and table.rotates and table.carries(item) else None

    def at(self, step: int | None = None) -> tuple[float, float]:
        x, z = xz_at(self.item, step)
        if self.table is not None:
            x, z = self.table.turn(x, z, self.table.angle(step))
        return x, z


@dataclass(frozen=True)
class Pose:
    x: float
    z: float
    rotation_y: float

    def view(self, x: float, z: float) -> tuple[float, float]:
        """``(right, forward)`` of a point in this pose's frame."""
        return turned(x - self.x, z - self.z, -self.rotation_y)


def performer_pose(document: Document) -> Pose:
    """The performer's pose after its forced ``goal.action_list``."""
    start = document["performerStart"]
    actions = tuple(map(itemgetter(0), document["goal"]["action_list"]))
    return _walk(start["position"]["x"], start["position"]["z"], start["rotation"]["y"], actions)


@lru_cache(maxsize=512)
def _walk(x: float, z: float, heading: float, actions: Sequence[str]) -> Pose:
    for action in actions:
        step = _ACTIONS.get(action)
        if step is None:
            continue
        right, forward, turn = step
        if turn:
            heading += turn
            continue
        dx, dz = turned(right, forward, heading)
        x, z = x + dx, z + dz
    return Pose(x, z, heading)
