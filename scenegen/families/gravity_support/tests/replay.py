"""Gravity Support (passive) scenes replayed independently of the generator and of the family's checks, from the
JSON alone: the released object is the one given physics; where it is let go, its pose and size from its show and
moves; its centre of mass from its shape (a pyramid's at its centre, a right-angled triangle's a sixth of its width
towards its tall side, which its turn about y points along x) and any ``centerOfMass`` (read in the object's local
axes, both with and without its scale, as the simulator's reading is not known); the supports are the structural
cubes whose top its bottom touches, seen or shrouded. A viewer expects the seen supports and the shape's own centre
of mass to decide; the simulator uses them all. A scene is unexpected when the two disagree."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from scenegen.mcs.support import RELEASED

#: How far a centre of mass must keep from an edge for the replay to call the outcome (the model's margin).
CLEAR = 0.05
TOUCH = 1e-3


def released(scene: Mapping[str, Any]) -> Mapping[str, Any]:
    """The object let go: the one given physics during the scene."""
    (item,) = [item for item in scene["objects"] if item.get("togglePhysics")]
    return item


def rest_pose(item: Mapping[str, Any]) -> tuple[float, float, float]:
    """Where the released object's centre is when let go: its show moved by every move before the release."""
    release = item["togglePhysics"][0]["stepBegin"]
    x, y = item["shows"][0]["position"]["x"], item["shows"][0]["position"]["y"]
    for move in item.get("moves", []):
        steps = max(0, min(move["stepEnd"], release - 1) - move["stepBegin"] + 1)
        x, y = x + steps * move["vector"]["x"], y + steps * move["vector"]["y"]
    return x, y, item["shows"][0]["position"]["z"]


def centres_of_mass(item: Mapping[str, Any], x: float) -> tuple[float, list[float]]:
    """The released object's own centre of mass along x, and where the simulator may put it (``centerOfMass`` read
    with and without the object's scale)."""
    show = item["shows"][0]
    turn, width = math.radians(show["rotation"]["y"]), show["scale"]["x"]
    own = x + round(math.sin(turn)) * RELEASED[item["type"]].com_share * width
    moved = item.get("centerOfMass")
    if moved is None:
        return own, [own]
    # Unity turns the local axes by the y rotation: local (a, 0, c) points along x as a cos + c sin.
    along = moved["x"] * math.cos(turn) + moved["z"] * math.sin(turn)
    return own, [own + along, own + along * width]


Spans = list[tuple[float, float]]


def supports(scene: Mapping[str, Any], bottom: float, z: float) -> tuple[Spans, Spans]:
    """The x spans of the tops the released object's bottom rests on at its depth: the seen ones, and all."""
    seen: Spans = []
    every: Spans = []
    for item in scene["objects"]:
        show = item["shows"][0]
        if item["type"] != "cube" or not item.get("structure"):
            continue
        top, half_z = show["position"]["y"] + show["scale"]["y"] / 2, show["scale"]["z"] / 2
        if abs(top - bottom) > TOUCH or abs(show["position"]["z"] - z) > half_z:
            continue
        span = (show["position"]["x"] - show["scale"]["x"] / 2, show["position"]["x"] + show["scale"]["x"] / 2)
        every.append(span)
        if not item.get("shrouds"):
            seen.append(span)
    return seen, every


def stays(com: float, spans: Sequence[tuple[float, float]], footprint: tuple[float, float]) -> bool:
    """Whether the centre of mass lies over the span the object's contacts cover (clear of its edges)."""
    touched = [(max(a, footprint[0]), min(b, footprint[1])) for a, b in spans
               if min(b, footprint[1]) > max(a, footprint[0])]
    if not touched:
        return False
    low, high = min(a for a, _ in touched), max(b for _, b in touched)
    assert min(abs(com - low), abs(com - high)) >= CLEAR - 1e-9, "the outcome is not certain"
    return low < com < high


def replay(scene: Mapping[str, Any]) -> dict[str, str]:
    """What a viewer expects the released object to do, what it does, and so the scene's kind."""
    item = released(scene)
    x, y, z = rest_pose(item)
    scale = item["shows"][0]["scale"]
    bottom, footprint = y - scale["y"] / 2, (x - scale["x"] / 2, x + scale["x"] / 2)
    seen, every = supports(scene, bottom, z)
    own, simulated = centres_of_mass(item, x)
    expected = stays(own, seen, footprint)
    outcomes = {stays(com, every, footprint) for com in simulated}
    assert len(outcomes) == 1, "the moved centre of mass's outcome depends on how it is read"
    (actual,) = outcomes
    return {"expected_outcome": "stays" if expected else "falls", "outcome": "stays" if actual else "falls",
            "kind": "expected" if expected == actual else "unexpected"}
