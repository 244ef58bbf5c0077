"""An independent replay of a Shape Constancy pair, from its JSON alone: which document breaks shape constancy (a
toy hidden and, on the same step, a toy of another type first shown standing on its place, while the occluders are
down and the place behind one), that the pair's documents differ in nothing but those entries from the change on,
and that every document validates, stays in the room and has no overlaps (:mod:`tests.kit.passive_replay`)."""

from __future__ import annotations

from typing import Any

from scenegen.families.shape_constancy import ShapeConstancy
from scenegen.plugin.schemas import compiled_validator
from tests.kit.passive_replay import apart_from, assert_in_room_without_overlap, hidden_behind, occluded, toys, walls
from tests.kit.support import checked_sample

#: How close two places must be to be the same (positions are written to 0.1 mm).
SAME_PLACE = 1e-3


def changes(document: dict[str, Any]) -> list[tuple[str, str, int]]:
    """Every shape change: (the hidden toy's id, its stand-in's id, the step), each asserted to happen while every
    occluder is down, out of sight; a toy hidden without a stand-in, or a stand-in without a hidden toy, fails."""
    found = []
    windows = [occluded(wall) for wall in walls(document)]
    everything = toys(document)
    for item in everything:
        for entry in item.get("hides", []):
            step, place = entry["stepBegin"], item["shows"][0]["position"]
            stand_ins = [other for other in everything if other["shows"][0]["stepBegin"] == step
                         and abs(other["shows"][0]["position"]["x"] - place["x"]) < SAME_PLACE
                         and abs(other["shows"][0]["position"]["z"] - place["z"]) < SAME_PLACE]
            assert len(stand_ins) == 1 and stand_ins[0]["type"] != item["type"], "a toy vanished, not changed"
            assert all(first <= step <= last for first, last in windows), f"a change at step {step}, in sight"
            assert hidden_behind(document, item, item["shows"][0])
            assert hidden_behind(document, stand_ins[0], stand_ins[0]["shows"][0])
            found.append((item["id"], stand_ins[0]["id"], step))
    dropped = {item["id"] for item in everything if item["shows"][0]["position"]["y"] > document["roomDimensions"]["y"]}
    assert {stand_in for _, stand_in, _ in found} | dropped == {item["id"] for item in everything}
    return found


def check_pair(family: ShapeConstancy, seed: int, index: int) -> None:
    """The pair validates, stays in the room without overlaps, differs in the change alone, and the document in
    which the replay sees a toy change shape is the one the label calls unexpected, with the label's changes."""
    sample, documents, _ = checked_sample(family, seed, "sc_", index)
    assert set(documents) == {"expected", "unexpected"}
    for suffix, document in documents.items():
        assert list(compiled_validator("mcs_scene").iter_errors(document)) == []
        assert_in_room_without_overlap(document)
        seen = changes(document)
        truth = sample.truth[suffix]
        assert truth["expected"] == (not seen), suffix
        assert [(c["toy_id"], c["stand_in_id"], truth["change_step"]) for c in truth["changes"]] == seen
    pair = sample.pair
    assert pair is not None
    assert apart_from(documents["expected"], pair["differs_from"]) == \
        apart_from(documents["unexpected"], pair["differs_from"])
    assert documents["expected"] != documents["unexpected"]
