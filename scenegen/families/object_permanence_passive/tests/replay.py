"""An independent replay of an Object Permanence (Passive) pair, from its JSON alone: which document breaks object
permanence (a toy hidden, or first shown standing on the floor, never seen coming, while the occluder is down and
the toy behind it), whether the occluder's reveal shows the toy, that the pair's documents differ in nothing but
the toy's entries from the step they differ on, and that every document validates, stays in the room and has no
overlaps (:mod:`tests.kit.passive_replay`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scenegen.families.object_permanence_passive import ObjectPermanencePassive
from scenegen.plugin.schemas import compiled_validator
from tests.kit.passive_replay import apart_from, assert_in_room_without_overlap, hidden_behind, occluded, toys, walls
from tests.kit.support import checked_sample

#: A toy first shown lower than this stands on the floor; a dropped one starts metres up, a tossed one at 1.5 at most
#: but pushed (seen coming in).
STANDING = 0.5


@dataclass(frozen=True)
class Replayed:
    """What a document shows: the toy's vanishing and appearing steps, and whether the reveal shows it."""

    vanishes: list[int]
    appears: list[int]
    visible_at_reveal: bool

    @property
    def breaks_permanence(self) -> bool:
        return bool(self.vanishes or self.appears)


def replay(document: dict[str, Any]) -> Replayed:
    """Read the document: the occluder's wall, the toy (the one object that is not a structure)."""
    (wall,), (toy,) = walls(document), toys(document)
    first_step, last_step = occluded(wall)
    first = toy["shows"][0]
    unseen = first["stepBegin"] > 0 and first["position"]["y"] < STANDING and not toy.get("forces")
    appears = [first["stepBegin"]] if unseen else []
    vanishes = [entry["stepBegin"] for entry in toy.get("hides", [])]
    for step in vanishes + appears:
        assert first_step <= step <= last_step, f"the toy changes at step {step}, in sight"
    if not toy.get("forces"):  # a standing toy is out of sight; a pushed one's place is the simulator's
        assert hidden_behind(document, toy, toy["shows"][-1])
    return Replayed(vanishes, appears, not vanishes)


def check_pair(family: ObjectPermanencePassive, seed: int, index: int) -> None:
    """The pair validates, stays in the room without overlaps, differs in the event alone, and the document that
    breaks permanence by the replay is the one the label calls unexpected."""
    sample, documents, _ = checked_sample(family, seed, "opp_", index)
    assert set(documents) == {"expected", "unexpected"}
    replayed = {}
    for suffix, document in documents.items():
        assert list(compiled_validator("mcs_scene").iter_errors(document)) == []
        assert_in_room_without_overlap(document)
        replayed[suffix] = replay(document)
        truth = sample.truth[suffix]
        assert truth["expected"] == (not replayed[suffix].breaks_permanence), suffix
        assert truth["visible_at_reveal"] == replayed[suffix].visible_at_reveal, suffix
    broken = replayed["unexpected"]
    pair = sample.pair
    assert pair is not None and pair["event_step"] == min(broken.vanishes + broken.appears)
    assert apart_from(documents["expected"], pair["differs_from"]) == \
        apart_from(documents["unexpected"], pair["differs_from"])
    assert documents["expected"] != documents["unexpected"]
