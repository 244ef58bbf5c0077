"""The depth-first linearization of Section 5.2 and its inverse."""

from __future__ import annotations

from typing import Any

import pytest

from scenegen.families.caip.linearize import LinearizationError, linearize, parse

from .support import appendix_d

# Section 5.2: "build a large blue dome on top of the walls"
PAPER_FORM: dict[str, Any] = {
    "dialogue_type": "HUMAN_GIVE_COMMAND",
    "action_sequence": [{
        "action_type": "BUILD",
        "location": {"location_type": "REFERENCE_OBJECT", "relative_direction": "UP",
                     "reference_object": {"has_name": [0, [9, 9]]}},
        "schematic": {"has_name": [0, [4, 4]], "has_colour": [0, [3, 3]], "has_size": [0, [2, 2]]},
    }],
}
PAPER_SEQUENCE = (
    "ACTION_TYPE:BUILD OPEN:SCHEMATIC HAS_SIZE SIZE_SPAN-(2,2) HAS_COLOR COLOR_SPAN-(3,3) HAS_NAME NAME_SPAN-(4,4) "
    "CLOSE:SCHEMATIC OPEN:LOCATION LOC_TYPE:REF_OBJECT REL_DIR:UP OPEN:REF_OBJECT HAS_NAME NAME_SPAN-(9,9) "
    "CLOSE:REF_OBJECT CLOSE:LOCATION"
)


def test_the_papers_example():
    assert linearize(PAPER_FORM) == PAPER_SEQUENCE
    assert parse(PAPER_SEQUENCE) == PAPER_FORM


def test_key_order_does_not_matter():
    shuffled = {"action_sequence": [dict(reversed(list(PAPER_FORM["action_sequence"][0].items())))],
                "dialogue_type": "HUMAN_GIVE_COMMAND"}
    assert linearize(shuffled) == PAPER_SEQUENCE


@pytest.mark.parametrize("example", appendix_d()["examples"], ids=lambda e: e["text"][:40])
def test_appendix_d_round_trips(example):
    assert parse(linearize(example["logical_form"])) == example["logical_form"]


def test_composite_commands_are_their_actions_in_order():
    form = {"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [
        {"action_type": "DANCE"}, {"action_type": "MOVE", "location": {"location_type": "SPEAKER_POS"}}]}
    assert linearize(form) == "ACTION_TYPE:DANCE ACTION_TYPE:MOVE OPEN:LOCATION LOC_TYPE:SPEAKER_POS CLOSE:LOCATION"
    assert parse(linearize(form)) == form


@pytest.mark.parametrize("form", [
    {"dialogue_type": "NOOP"},
    {"dialogue_type": "GET_MEMORY", "filters": {"type": "ACTION", "action_type": "BUILD", "temporal": "CURRENT"},
     "answer_type": "TAG", "tag_name": "action_reference_object_name"},
    {"dialogue_type": "PUT_MEMORY", "filters": {"reference_object": {"contains_coreference": "yes",
                                                                     "coref_resolve": [0, [1, 1]]}},
     "upsert": {"memory_data": {"memory_type": "TRIPLE", "has_tag": [0, [3, 4]]}}},
])
def test_other_dialogue_types_round_trip(form):
    assert linearize(form).startswith("DIALOGUE_TYPE:" + form["dialogue_type"])
    assert parse(linearize(form)) == form


@pytest.mark.parametrize("text, problem", [
    ("", "empty"),
    ("HAS_NAME NAME_SPAN-(1,1)", "starts with ACTION_TYPE or DIALOGUE_TYPE"),
    ("ACTION_TYPE:DANCE HAS_NAME NAME_SPAN-(1,1) CLOSE:SCHEMATIC", "not open"),
    ("ACTION_TYPE:BUILD OPEN:SCHEMATIC", "never closed"),
    ("ACTION_TYPE:BUILD CLOSE:SCHEMATIC", "not open"),
    ("ACTION_TYPE:BUILD OPEN:SCHEMATIC CLOSE:LOCATION", "not open"),
    ("ACTION_TYPE:BUILD OPEN:WIDGET CLOSE:WIDGET", "vocabulary"),
    ("ACTION_TYPE:BUILD OPEN:SCHEMATIC HAS_NAME CLOSE:SCHEMATIC", "expected NAME_SPAN-"),
    ("ACTION_TYPE:BUILD OPEN:SCHEMATIC HAS_NAME SIZE_SPAN-(1,1) CLOSE:SCHEMATIC", "expected NAME_SPAN-"),
    ("ACTION_TYPE:BUILD OPEN:SCHEMATIC HAS_NAME NAME_SPAN-(a,1) CLOSE:SCHEMATIC", "expected NAME_SPAN-"),
    ("ACTION_TYPE:BUILD OPEN:SCHEMATIC HAS_NAME NAME_SPAN-(1,1) HAS_NAME NAME_SPAN-(2,2) CLOSE:SCHEMATIC", "twice"),
    ("DIALOGUE_TYPE:NOOP SHAPE:ROUND", "vocabulary"),
])
def test_parse_errors(text, problem):
    with pytest.raises(LinearizationError, match=problem):
        parse(text)
