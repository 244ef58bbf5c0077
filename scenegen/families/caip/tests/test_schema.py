"""The CAIP grammar as JSON Schema: Appendix D validates; what the grammar forbids does not.

Both validators scenegen uses are held to the same answers: jsonschema (the
reference) and jsonschema-rs (the pipeline's hot path).
"""

from __future__ import annotations

import copy
import json

import jsonschema
import numpy as np
import pytest

from scenegen.families.caip import Caip
from scenegen.families.caip.schemas import MATERIALS, PLAIN, materials_variant
from scenegen.plugin import resources
from scenegen.plugin.schemas import compiled_validator, reference_validator

from .support import ARTICLES, appendix_d, spans

EXAMPLES = appendix_d()["examples"]


def valid(form):
    reference = reference_validator("caip_logical_form").is_valid(form)
    assert compiled_validator("caip_logical_form").is_valid(form) == reference
    return reference


@pytest.mark.parametrize("name", ["caip_logical_form", "caip_record", "caip.config"])
def test_schemas_are_valid_2020_12_with_their_file_name_as_id(name):
    schema = resources.load_schema(name)
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == f"{name}.schema.json"


def test_the_fixture_holds_every_appendix_d_example():
    fixture = appendix_d()
    assert len(EXAMPLES) == 37
    assert {e["logical_form"]["dialogue_type"] for e in EXAMPLES} == {"HUMAN_GIVE_COMMAND", "NOOP", "PUT_MEMORY"}
    assert fixture["excluded"] and all(item["why"] for item in fixture["excluded"])


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e["text"][:40])
def test_appendix_d_validates(example):
    errors = list(reference_validator("caip_logical_form").iter_errors(example["logical_form"]))
    assert errors == [], [error.message for error in errors]
    assert compiled_validator("caip_logical_form").is_valid(example["logical_form"])


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda e: e["text"][:40])
def test_appendix_d_spans_are_words_of_the_text(example):
    words = example["text"].split()
    for path, (sentence, (start, end)) in spans(example["logical_form"]):
        assert sentence == 0 and 0 <= start <= end < len(words), path
        assert words[start] not in ARTICLES, path


def command(**action):
    return {"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [{"action_type": "BUILD", **action}]}


SPAN = [0, [1, 1]]
NAMED = {"has_name": SPAN}
REJECTED = {
    "unknown dialogue type": {"dialogue_type": "CHAT"},
    "command without actions": {"dialogue_type": "HUMAN_GIVE_COMMAND"},
    "empty action sequence": {"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": []},
    "NOOP with actions": {"dialogue_type": "NOOP", "action_sequence": [{"action_type": "DANCE"}]},
    "unknown action type": command(action_type="JUMP"),
    "COPY is not an action type": command(action_type="COPY"),
    "unknown key": command(colour="red"),
    "DESTROY has no schematic": command(action_type="DESTROY", schematic=NAMED),
    "MOVE has no reference object": command(action_type="MOVE", reference_object=NAMED),
    "STOP has no location": command(action_type="STOP", location={"location_type": "SPEAKER_POS"}),
    "DANCE has no target": command(action_type="DANCE", target_action_type=SPAN),
    "BUILD has no block type of its own": command(has_block_type=SPAN),
    "BUILD with both schematic and reference object": command(schematic=NAMED, reference_object=NAMED),
    "location without type": command(location={"relative_direction": "LEFT"}),
    "unknown relative direction": command(location={"location_type": "SPEAKER_POS", "relative_direction": "NORTH"}),
    "coordinates of a reference-object location": command(
        location={"location_type": "REFERENCE_OBJECT", "coordinates": SPAN, "reference_object": NAMED}),
    "reference object of an agent location": command(
        location={"location_type": "AGENT_POS", "reference_object": NAMED}),
    "reference objects nested too deep": command(location={
        "location_type": "REFERENCE_OBJECT", "reference_object": {"location": {
            "location_type": "REFERENCE_OBJECT", "reference_object": {"location": {
                "location_type": "REFERENCE_OBJECT", "reference_object": NAMED}}}}}),
    "repeat FOREVER": command(repeat={"repeat_key": "FOREVER"}),
    "stop condition type": command(action_type="MOVE", stop_condition={"condition_type": "SOMETIMES"}),
    "coreference 'no'": command(reference_object={"contains_coreference": "no"}),
    "span of sentence 1": command(schematic={"has_name": [1, [1, 1]]}),
    "span without start": command(schematic={"has_name": [0, [1]]}),
    "span with a third part": command(schematic={"has_name": [0, [1, 1], 2]}),
    "span of words": command(schematic={"has_name": [0, ["a", "b"]]}),
    "negative index": command(schematic={"has_name": [0, [-1, 2]]}),
    "tag_name without TAG": {"dialogue_type": "GET_MEMORY", "answer_type": "EXISTS", "tag_name": "has_name"},
    "reward in a triple": {"dialogue_type": "PUT_MEMORY", "upsert": {"memory_data": {
        "memory_type": "TRIPLE", "reward_value": "POSITIVE"}}},
    "upsert without memory data": {"dialogue_type": "PUT_MEMORY", "upsert": {}},
    "filters of a command": {**command(), "filters": {"reference_object": NAMED}},
}


@pytest.mark.parametrize("name", REJECTED)
def test_the_grammar_rejects(name):
    assert not valid(REJECTED[name])


ACCEPTED = {
    "a copy with a repeat": command(reference_object=NAMED, repeat={"repeat_key": "FOR", "repeat_count": SPAN}),
    "reference objects nested one level": command(location={
        "location_type": "REFERENCE_OBJECT", "reference_object": {"location": {
            "location_type": "REFERENCE_OBJECT", "reference_object": {"location": {
                "location_type": "SPEAKER_LOOK", "coref_resolve": SPAN, "contains_coreference": "yes"}}}}}),
    "a question": {"dialogue_type": "GET_MEMORY", "filters": {"type": "ACTION", "temporal": "CURRENT",
                                                            "action_type": "BUILD"},
                   "answer_type": "TAG", "tag_name": "action_reference_object_name"},
    "a reward": {"dialogue_type": "PUT_MEMORY", "upsert": {"memory_data": {"memory_type": "REWARD",
                                                                           "reward_value": "NEGATIVE"}}},
    "a loop as annotated (Appendix D)": command(reference_object=NAMED, repeat={"stop_condition": {
        "condition_span": SPAN}}),
    "a loop as the figures draw it (Figure 23)": {"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [
        {"action_type": "MOVE", "stop_condition": {"condition_type": "NEVER"}}]},
    "a counted destroy ('destroy 2 trees')": {"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [
        {"action_type": "DESTROY", "reference_object": NAMED, "repeat": {"repeat_key": "FOR", "repeat_count": SPAN}}]},
    "a loop of a freebuild": {"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [
        {"action_type": "FREEBUILD", "reference_object": NAMED, "repeat": {"stop_condition": {
            "condition_span": SPAN}}}]},
    "tagging with no tag said ('tag the horse armor')": {"dialogue_type": "PUT_MEMORY", "filters": {
        "reference_object": NAMED}},
    "a composite": {"dialogue_type": "HUMAN_GIVE_COMMAND", "action_sequence": [
        {"action_type": "DIG", "schematic": NAMED, "stop_condition": {"condition_type": "ADJACENT_TO_BLOCK_TYPE",
                                                                       "block_type": SPAN}},
        {"action_type": "UNDO"}]},
}


@pytest.mark.parametrize("name", ACCEPTED)
def test_the_grammar_accepts(name):
    assert valid(ACCEPTED[name])


@pytest.mark.parametrize("name", PLAIN)
def test_the_materials_schemas_are_their_derivation(name):
    """schema/*_materials.schema.json are written by `python -m scenegen.families.caip.schemas`, never by hand."""
    assert resources.load_schema(MATERIALS[name]) == materials_variant(name)


def test_reference_objects_have_materials_only_in_the_materials_schema():
    form = command(action_type="DESTROY", reference_object={"has_name": SPAN, "has_block_type": SPAN})
    assert not valid(form)
    assert reference_validator(MATERIALS["caip_logical_form"]).is_valid(form)
    assert compiled_validator(MATERIALS["caip_logical_form"]).is_valid(form)
    assert reference_validator(MATERIALS["caip_logical_form"]).is_valid(EXAMPLES[0]["logical_form"])


def test_every_action_kind_of_the_config_is_in_the_grammar():
    actions = resources.load_schema("caip_logical_form")["$defs"]["action"]["properties"]["action_type"]["enum"]
    kinds = resources.load_schema("caip.config")["$defs"]["action_type"]["enum"]
    assert set(actions) == set(kinds) - {"COPY"}


def test_the_record_schema_requires_an_id():
    family = Caip({"family": "caip"})
    document = dict(family.generate(0, np.random.default_rng(0)).documents[""])
    assert "id" not in document
    assert not reference_validator("caip_record").is_valid(document)
    assert reference_validator("caip_record").is_valid({"id": "caip_000000", **document})
    broken = copy.deepcopy({"id": "caip_000000", **document})
    broken["logical_form"]["dialogue_type"] = "CHAT"
    assert not reference_validator("caip_record").is_valid(broken)
    assert not compiled_validator("caip_record").is_valid(broken)
    json.dumps(document)
