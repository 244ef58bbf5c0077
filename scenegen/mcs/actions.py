"""The performer's forced actions (``goal.action_list``): entry ``i`` is what the performer does on step ``i + 1``.

Action lists are tuples, and so is each entry: families share them between
scenes (a run of a few thousand Passes is built once), so nothing may change
one in place. Checks read exported documents, whose entries are lists once
read back from a file, so they compare action names (:func:`names`), never entries.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache

#: One step's forced action: the action's name, then its parameters (none for the actions used here).
Action = tuple[str, ...]

PASS: Action = ("Pass",)
END_HABITUATION: Action = ("EndHabituation",)
ROTATE_RIGHT: Action = ("RotateRight",)

#: Turns of RotateRight (10 degrees each) in a full look around.
FULL_TURN = 36


@cache
def passes(count: int) -> tuple[Action, ...]:
    """``count`` steps of Pass: the performer is held still while the scene plays out."""
    return (PASS,) * count


def look_around() -> tuple[Action, ...]:
    """One full turn on the spot (36 RotateRight), as the interactive evaluation scenes begin."""
    return (ROTATE_RIGHT,) * FULL_TURN


def kidnap(x: float, z: float, rotation_y: float) -> Action:
    """EndHabituation that also moves the performer (the "kidnap" of Spatial Reorientation) to (``x``, ``z``)
    facing ``rotation_y``: MCS reads the parameters from the one string, comma-separated, as the evaluation writes
    it (``EndHabituation,xPosition=-0.1,zPosition=5.6,yRotation=180``)."""
    return (f"{END_HABITUATION[0]},xPosition={x:g},zPosition={z:g},yRotation={rotation_y:g}",)


def kidnapped_to(entry: str) -> tuple[float, float, float] | None:
    """Where a :func:`kidnap` entry moves the performer, (x, z, rotation y); None for any other action."""
    name, _, parameters = entry.partition(",")
    if name != END_HABITUATION[0] or not parameters:
        return None
    values = dict(part.split("=", 1) for part in parameters.split(","))
    return float(values["xPosition"]), float(values["zPosition"]), float(values["yRotation"])


def names(action_list: Iterable[Sequence[str]]) -> list[str]:
    """The name of each step's action, from a scene's ``action_list`` (as built, or read back from JSON)."""
    return [action[0] for action in action_list]
