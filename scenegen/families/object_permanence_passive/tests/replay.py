"""An independent replay of an Object Permanence (Passive) pair, from its JSON alone: which document breaks object
permanence (a toy hidden, or first shown standing on the floor, never seen coming, while the occluder is down and
the toy behind it), whether the occluder's reveal shows the toy, that the pair's documents differ in nothing but
the toy's entries from the step they differ on, and that every document validates, stays in the room and has no
overlaps."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

from scenegen.families.object_permanence_passive import ObjectPermanencePassive
from scenegen.mcs.geometry import object_size
from scenegen.plugin.schemas import reference_validator
from tests.kit.support import checked_sample

#: The performer's fixed place in every passive-physics scene (z); the occluder stands at z 1 (the evaluation).
PERFORMER_Z = -4.5
#: A toy first shown lower than this stands on the floor; a dropped one starts metres up, a tossed one at 1.5 at most
#: but pushed (seen coming in).
STANDING = 0.5
#: How finely positions are written (4 decimals): a toy flush with the shadow's edge may pass it by this much.
WRITTEN = 1e-4


@dataclass(frozen=True)
class Replayed:
    """What a document shows: the steps the occluder hides its back from and to, the toy's vanishing and appearing
    steps, and whether the reveal shows it."""

    occluded: tuple[int, int]
    vanishes: list[int]
    appears: list[int]
    visible_at_reveal: bool

    @property
    def breaks_permanence(self) -> bool:
        return bool(self.vanishes or self.appears)


def replay(document: dict[str, Any]) -> Replayed:
    """Read the document: the occluder's wall (the structure that turns), the toy (the one that is not a structure)."""
    wall = next(item for item in document["objects"] if item.get("structure") and item.get("rotates"))
    toy = next(item for item in document["objects"] if not item.get("structure"))
    falls = [move for move in wall["moves"] if move["vector"]["y"] < 0]
    reveal = next(move for move in wall["moves"] if move["vector"]["y"] > 0 and move["stepBegin"] > falls[0]["stepEnd"])
    occluded = (falls[0]["stepEnd"] + 1, reveal["stepBegin"] - 1)
    first = toy["shows"][0]
    unseen = first["stepBegin"] > 0 and first["position"]["y"] < STANDING and not toy.get("forces")
    appears = [first["stepBegin"]] if unseen else []
    vanishes = [entry["stepBegin"] for entry in toy.get("hides", [])]
    visible = not vanishes
    for step in vanishes + appears:
        assert occluded[0] <= step <= occluded[1], f"the toy changes at step {step}, in sight"
    return Replayed(occluded, vanishes, appears, visible)


def extent(toy: dict[str, Any]) -> tuple[float, float]:
    """A toy's box's extent along x and z as it is first shown (size from the catalogue, turned about y)."""
    size, first = object_size(toy["type"]), toy["shows"][0]
    turn, scale = math.radians(first["rotation"]["y"]), first["scale"]["x"]
    sin, cos = abs(math.sin(turn)), abs(math.cos(turn))
    return (size[0] * cos + size[2] * sin) * scale, (size[0] * sin + size[2] * cos) * scale


def assert_behind_occluder_at_event(document: dict[str, Any]) -> None:
    """A toy that stands (no force) where it vanishes or appears is there out of sight: inside the shadow the
    occluder's wall casts from the performer (a pushed toy's place is the simulator's: its label holds anywhere;
    a dropped one falls straight down behind it)."""
    wall = next(item for item in document["objects"] if item.get("structure") and item.get("rotates"))
    toy = next(item for item in document["objects"] if not item.get("structure"))
    if toy.get("forces"):
        return
    show, spot = wall["shows"][0], toy["shows"][-1]
    half, centre, wall_z = show["scale"]["x"] / 2, show["position"]["x"], show["position"]["z"]
    along = extent(toy)[0]
    reach = (spot["position"]["z"] - PERFORMER_Z) / (wall_z - PERFORMER_Z)
    low, high = (centre - half) * reach, (centre + half) * reach
    assert low - WRITTEN <= spot["position"]["x"] - along / 2 and spot["position"]["x"] + along / 2 <= high + WRITTEN


def assert_in_room_without_overlap(document: dict[str, Any]) -> None:
    """Every shown place lies inside the room's walls (a toy dropped in from above too), and the toy keeps
    clear of the occluder's wall along z."""
    room = document["roomDimensions"]
    for item in document["objects"]:
        for show in item["shows"]:
            assert abs(show["position"]["z"]) <= room["z"] / 2
            if not item.get("structure"):
                assert abs(show["position"]["x"]) <= room["x"] / 2
    wall = next(item for item in document["objects"] if item.get("structure") and item.get("rotates"))
    toy = next(item for item in document["objects"] if not item.get("structure"))
    across = extent(toy)[1]
    wall_back = wall["shows"][0]["position"]["z"] + wall["shows"][0]["scale"]["z"] / 2
    assert all(show["position"]["z"] - across / 2 > wall_back for show in toy["shows"])


def without_event(document: dict[str, Any], step: int) -> str:
    """The document with its name, and every hides entry and show from ``step`` on, taken out (an empty hides
    list written as the other document writes none)."""
    copy = json.loads(json.dumps(document))
    copy["name"] = "pair"
    for item in copy["objects"]:
        if "hides" in item:
            item["hides"] = [entry for entry in item["hides"] if entry["stepBegin"] < step]
            if not item["hides"]:
                del item["hides"]
        item["shows"] = [show for show in item["shows"] if show["stepBegin"] < step]
    return json.dumps(copy, sort_keys=True)


def check_pair(family: ObjectPermanencePassive, seed: int, index: int) -> None:
    """The pair validates, stays in the room without overlaps, differs in the event alone, and the document that
    breaks permanence by the replay is the one the label calls unexpected."""
    sample, documents, _ = checked_sample(family, seed, "opp_", index)
    assert set(documents) == {"expected", "unexpected"}
    replayed = {}
    for suffix, document in documents.items():
        assert list(reference_validator("mcs_scene").iter_errors(document)) == []
        assert_in_room_without_overlap(document)
        replayed[suffix] = replay(document)
        truth = sample.truth[suffix]
        assert truth["expected"] == (not replayed[suffix].breaks_permanence), suffix
        assert truth["visible_at_reveal"] == replayed[suffix].visible_at_reveal, suffix
    assert_behind_occluder_at_event(documents["unexpected"])
    broken = replayed["unexpected"]
    pair = sample.pair
    assert pair is not None and pair["event_step"] == min(broken.vanishes + broken.appears)
    assert without_event(documents["expected"], pair["differs_from"]) == \
        without_event(documents["unexpected"], pair["differs_from"])
    assert documents["expected"] != documents["unexpected"]
