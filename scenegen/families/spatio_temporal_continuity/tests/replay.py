"""An independent replay of a Spatio-Temporal Continuity pair, from its JSON alone.

The toy's place at the end of every step is its latest ``shows`` entry moved by the ``moves`` since (its script).
A viewer sees it on a step unless it is shrouded, or an occluder's wall is down and it lies wholly in that wall's
shadow from the performer's eye. The replay calls a document unexpected when two places the toy is seen at on
steps with none seen between lie farther apart than its fastest step (the largest move) covers in those steps:
it got there faster than it ever moves. It also finds where the script itself jumps (a step's displacement beyond
the fastest), and what hid that jump: two different walls on either side of it, the shroud, or nothing.
Every document validates, and the toy stays in the room, behind the occluders' line, at every step."""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

import numpy as np

from scenegen.families.spatio_temporal_continuity import SpatioTemporalContinuity
from scenegen.plugin.schemas import compiled_validator
from tests.kit.passive_replay import apart_from, extent, occluded, toys, walls
from tests.kit.support import checked_sample

Scene = dict[str, Any]
#: The performer's eye (x 0, z -4.5) and how finely a file writes a place.
EYE_Z = -4.5
WRITTEN = 1e-3


@dataclass(frozen=True)
class Replayed:
    """What a document shows: the steps (pairs of seen steps) a viewer sees the toy get somewhere too fast, and the
    steps the script jumps on, each with what hid it."""

    seen_jumps: list[tuple[int, int]]
    script_jumps: dict[int, str]


def track(document: Scene, toy: dict[str, Any]) -> tuple[int, np.ndarray]:
    """The first step the toy is shown, and its (x, z) at the end of every step from then to the last."""
    first, last = toy["shows"][0]["stepBegin"], document["goal"]["last_step"]
    moved = np.zeros((last + 1, 2))
    for move in toy.get("moves", ()):
        moved[move["stepBegin"]:move["stepEnd"] + 1] += (move["vector"]["x"], move["vector"]["z"])
    total = np.cumsum(moved, axis=0)
    places = np.zeros((last + 1, 2))
    shows = toy["shows"]
    for k, show in enumerate(shows):
        end = shows[k + 1]["stepBegin"] if k + 1 < len(shows) else last + 1
        since = total[show["stepBegin"] - 1] if show["stepBegin"] else 0
        where = np.array((show["position"]["x"], show["position"]["z"]))
        places[show["stepBegin"]:end] = where + total[show["stepBegin"]:end] - since
    return first, places


def _behind(wall: dict[str, Any], x: float, z: float, along: float) -> bool:
    """Whether a toy ``along`` long at (x, z) lies wholly in the wall's shadow from the eye."""
    pose = wall["shows"][0]
    reach = (z - EYE_Z) / (pose["position"]["z"] - EYE_Z)
    half = pose["scale"]["x"] / 2
    return (pose["position"]["x"] - half) * reach <= x - along / 2 and x + along / 2 <= (
        pose["position"]["x"] + half) * reach


def _hider(document: Scene, toy: dict[str, Any], step: int, place: np.ndarray) -> str | None:
    """What hides the toy at ``place`` on ``step``: a wall (by id), else the shroud, or None (it is seen)."""
    along = extent(toy, toy["shows"][0])[0]
    for wall in walls(document):
        down = occluded(wall)
        if down[0] <= step <= down[1] and _behind(wall, float(place[0]), float(place[1]), along):
            return wall["id"]
    if any(entry["stepBegin"] <= step <= entry["stepEnd"] for entry in toy.get("shrouds", ())):
        return "shroud"
    return None


def replay(document: Scene) -> Replayed:
    """Read the document's one toy and walls."""
    (toy,) = toys(document)
    first, places = track(document, toy)
    fastest = max(math.hypot(move["vector"]["x"], move["vector"]["z"]) for move in toy["moves"])
    steps = range(first, len(places))
    hiders = {step: _hider(document, toy, step, places[step]) for step in steps}
    seen = [step for step in steps if hiders[step] is None]
    seen_jumps = [(a, b) for a, b in pairwise(seen)
                  if np.hypot(*(places[b] - places[a])) > fastest * (b - a) + WRITTEN]
    script_jumps = {}
    for step in steps[1:]:
        if np.hypot(*(places[step] - places[step - 1])) > fastest + WRITTEN:
            before, after = hiders[step - 1], hiders[step]
            walls_apart = before not in (None, "shroud") and after not in (None, "shroud") and before != after
            script_jumps[step] = ("occluders" if walls_apart else "shroud" if before == after == "shroud"
                                  else "in_view")
    return Replayed(seen_jumps, script_jumps)


def assert_in_room(document: Scene) -> None:
    """The toy stays inside the room's walls and behind the occluders' line at every step."""
    (toy,) = toys(document)
    first, places = track(document, toy)
    along, across = extent(toy, toy["shows"][0])
    room = document["roomDimensions"]
    x, z = places[first:, 0], places[first:, 1]
    assert np.all(np.abs(x) + along / 2 <= room["x"] / 2)
    assert np.all(z + across / 2 <= room["z"] / 2)
    assert np.all(z - across / 2 > 1.05)  # the occluders' walls stand at z 1, 0.1 thick


def check_pair(family: SpatioTemporalContinuity, seed: int, index: int) -> None:
    """The pair validates, stays in the room, is the same until the event, and the document the replay sees a toy
    teleport in is the one the label calls unexpected, the teleport hidden as the label says."""
    sample, documents, _ = checked_sample(family, seed, "stc_", index)
    assert set(documents) == {"expected", "unexpected"}
    for suffix, document in documents.items():
        assert list(compiled_validator("mcs_scene").iter_errors(document)) == []
        assert_in_room(document)
        replayed, truth = replay(document), sample.truth[suffix]
        assert truth["expected"] == (not replayed.seen_jumps), suffix
        if truth["expected"]:
            assert replayed.script_jumps == {}
        else:
            assert replayed.script_jumps == {truth["event_step"]: truth["cover"]}
    pair = sample.pair
    assert pair is not None
    assert apart_from(documents["expected"], pair["differs_from"]) == \
        apart_from(documents["unexpected"], pair["differs_from"])
    assert documents["expected"] != documents["unexpected"]
