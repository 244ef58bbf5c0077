"""The caip config: its schema, the bundled template, and every error path of compiling it."""

from __future__ import annotations

from typing import Any

import pytest

from scenegen.errors import ConfigError
from scenegen.families.caip import Caip
from scenegen.families.caip.config import compile_settings
from scenegen.plugin import resources
from scenegen.plugin.config import check_config

from .support import build, record, template_config

SCHEMA = Caip.config_schema()


def test_the_family_declares_itself():
    assert (Caip.name, Caip.output.unit, Caip.output.document_schema) == ("caip", "records", "caip_record")
    assert Caip.description and "\n" not in Caip.description


def test_every_parameter_is_described_and_has_a_valid_default():
    for key, prop in SCHEMA["properties"].items():
        assert prop.get("description"), key
        if key != "family":
            assert "default" in prop, key
    assert SCHEMA["additionalProperties"] is False and SCHEMA["required"] == ["family"]
    filled = check_config({"family": "caip"}, SCHEMA)
    compile_settings(filled)


def test_the_templates_are_valid_and_only_the_negatives_one_asks_for_negatives():
    plain = Caip(check_config(template_config(), SCHEMA))
    assert not any("negative" in record(plain, 0, index) for index in range(50))
    negatives = Caip(check_config(template_config("caip_negatives.yaml"), SCHEMA))
    assert sum("negative" in record(negatives, 0, index) for index in range(50)) > 40


def test_missing_keys_take_their_defaults_without_the_pipeline():
    assert Caip({"family": "caip"}).settings.makes_negatives is False


SCHEMA_ERRORS: dict[str, tuple[dict[str, Any], str]] = {
    "unknown key": ({"colour": "red"}, "colour"),
    "unknown action": ({"action_type": "JUMP"}, "action_type"),
    "range on a category": ({"action_type": {"min": "BUILD", "max": "DIG"}}, "action_type"),
    "share above 1": ({"repeat": 1.5}, "repeat"),
    "share below 0 in a list": ({"steps": [0.2, -0.1]}, "steps"),
    "too many actions": ({"actions_per_command": 5}, "actions_per_command"),
    "fractional attribute count": ({"attributes": 1.5}, "attributes"),
    "shard size, now an option of the run": ({"shard_size": 10}, "shard_size"),
    "negative weight": ({"negative_kind": {"choices": ["span"], "weights": [-1]}}, "negative_kind"),
    "empty list": ({"location_type": []}, "location_type"),
}


@pytest.mark.parametrize("name", SCHEMA_ERRORS)
def test_the_schema_rejects(name):
    change, key = SCHEMA_ERRORS[name]
    with pytest.raises(ConfigError, match=key):
        check_config({"family": "caip", **change}, SCHEMA)


COMPILE_ERRORS: dict[str, tuple[dict[str, Any], str]] = {
    "weights mismatch": ({"action_type": {"choices": ["BUILD", "DIG"], "weights": [1, 2, 3]}},
                         "action_type.weights: 3 weights for 2 choices"),
    "all weights zero": ({"dialogue_type": {"choices": ["NOOP", "GET_MEMORY"], "weights": [0, 0]}},
                         "dialogue_type.weights: at least one weight must be positive"),
    "min above max": ({"attributes": {"min": 3, "max": 1}}, "attributes: min 3 is greater than max 1"),
    "share range upside down": ({"coreference": {"min": 0.9, "max": 0.1}}, "coreference: min 0.9 is greater"),
}


@pytest.mark.parametrize("name", COMPILE_ERRORS)
def test_compiling_rejects_what_the_schema_cannot(name):
    change, message = COMPILE_ERRORS[name]
    with pytest.raises(ConfigError) as raised:
        build({"family": "caip", **change})
    assert message in str(raised.value)


UNVALIDATED_ERRORS: dict[str, tuple[dict[str, Any], str]] = {
    "unknown key": ({"colour": "red"}, "colour: unknown key"),
    "share outside [0, 1]": ({"tag": 2.0}, "tag: 2.0 is not a share between 0 and 1"),
    "a word for a number": ({"attributes": "two"}, "attributes: 'two' is not a number"),
    "a fraction for a count": ({"actions_per_command": 1.5}, "actions_per_command: 1.5 is not a whole number"),
    "empty list": ({"location_type": []}, "location_type: an empty list offers nothing"),
}


@pytest.mark.parametrize("name", UNVALIDATED_ERRORS)
def test_a_config_that_skipped_its_schema_still_fails_clearly(name):
    change, message = UNVALIDATED_ERRORS[name]
    with pytest.raises(ConfigError) as raised:
        Caip({"family": "caip", **change})
    assert message in str(raised.value)


def test_location_types_that_name_no_object_are_used_deeper_down():
    """Only REFERENCE_OBJECT locations: an object's own location can then not be said at all."""
    family = build({"family": "caip", "location_type": "REFERENCE_OBJECT", "nested_location": 1.0, "location": 1.0,
                    "dialogue_type": "HUMAN_GIVE_COMMAND", "action_type": ["BUILD", "DESTROY"]})
    assert family.settings.terminal_location_type is None
    for index in range(100):
        assert family.check(record(family, 2, index), None) == []


def test_the_config_schema_is_bundled():
    assert resources.load_schema("caip.config") == SCHEMA
