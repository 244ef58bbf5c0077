"""What the independent replays of the passive-physics pair families share, read from a scene's JSON alone: its
toys and occluder walls, when the occluders hide what is behind them, whether a toy stands out of sight behind one,
that everything stays in the room clear of the walls, and a pair's documents compared apart from their event."""

from __future__ import annotations

import json
import math
from typing import Any

from scenegen.mcs.geometry import object_size

Scene = dict[str, Any]
#: The performer's fixed place in every passive-physics scene (z), the eye's x 0.
PERFORMER_Z = -4.5
#: How finely positions are written (4 decimals): a toy flush with a shadow's edge may pass it by this much.
WRITTEN = 1e-4


def toys(document: Scene) -> list[dict[str, Any]]:
    """The objects that are not structures."""
    return [item for item in document["objects"] if not item.get("structure")]


def walls(document: Scene) -> list[dict[str, Any]]:
    """The occluders' walls: the structures that turn."""
    return [item for item in document["objects"] if item.get("structure") and item.get("rotates")]


def occluded(wall: dict[str, Any]) -> tuple[int, int]:
    """The first and last step a wall hides what is behind it: after its first fall, before the rise after it."""
    fall = next(move for move in wall["moves"] if move["vector"]["y"] < 0)
    reveal = next(move for move in wall["moves"] if move["vector"]["y"] > 0 and move["stepBegin"] > fall["stepEnd"])
    return fall["stepEnd"] + 1, reveal["stepBegin"] - 1


def extent(item: dict[str, Any], show: dict[str, Any]) -> tuple[float, float]:
    """An object's box's extent along x and z, turned about y as its first show is, scaled as it says."""
    size, first = object_size(item["type"]), item["shows"][0]
    turn, scale = math.radians(first["rotation"]["y"]), first["scale"]["x"]
    sin, cos = abs(math.sin(turn)), abs(math.cos(turn))
    return (size[0] * cos + size[2] * sin) * scale, (size[0] * sin + size[2] * cos) * scale


def hidden_behind(document: Scene, item: dict[str, Any], show: dict[str, Any]) -> bool:
    """Whether ``item`` where ``show`` puts it lies wholly in the shadow some wall casts from the performer's eye."""
    along = extent(item, show)[0]
    x, z = show["position"]["x"], show["position"]["z"]
    for wall in walls(document):
        pose = wall["shows"][0]
        reach = (z - PERFORMER_Z) / (pose["position"]["z"] - PERFORMER_Z)
        half = pose["scale"]["x"] / 2
        low, high = (pose["position"]["x"] - half) * reach, (pose["position"]["x"] + half) * reach
        if low - WRITTEN <= x - along / 2 and x + along / 2 <= high + WRITTEN:
            return True
    return False


def assert_in_room_without_overlap(document: Scene) -> None:
    """Every toy's place lies inside the room's walls (one dropped in from above too, through the ceiling), the
    walls' too along z, and every toy keeps clear of the walls along z."""
    room = document["roomDimensions"]
    for item in document["objects"]:
        for show in item["shows"]:
            assert abs(show["position"]["z"]) <= room["z"] / 2
    wall_back = max(wall["shows"][0]["position"]["z"] + wall["shows"][0]["scale"]["z"] / 2 for wall in walls(document))
    for item in toys(document):
        for show in item["shows"]:
            across = extent(item, show)[1]
            assert abs(show["position"]["x"]) <= room["x"] / 2
            assert show["position"]["z"] - across / 2 > wall_back
            assert show["position"]["z"] + across / 2 <= room["z"] / 2


def apart_from(document: Scene, step: int) -> str:
    """The document without its name and without every show and hides entry from ``step`` on (an object left with
    no show taken out, an empty hides list dropped): what a pair's documents share when they differ from ``step``."""
    copy = json.loads(json.dumps(document))
    copy["name"] = "pair"
    kept = []
    for item in copy["objects"]:
        if "hides" in item:
            item["hides"] = [entry for entry in item["hides"] if entry["stepBegin"] < step]
            if not item["hides"]:
                del item["hides"]
        item["shows"] = [show for show in item["shows"] if show["stepBegin"] < step]
        if item["shows"]:
            kept.append(item)
    copy["objects"] = kept
    return json.dumps(copy, sort_keys=True)
