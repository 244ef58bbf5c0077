"""Negatives: one categorical value, span or node changed, still valid, and the positive untouched."""

from __future__ import annotations

import copy

import numpy as np
import pytest

from scenegen.families.caip.checks import differences
from scenegen.families.caip.negatives import Negatives
from scenegen.plugin import resources
from scenegen.plugin.draws import Draws
from scenegen.plugin.schemas import reference_validator

from .support import build, lookup, record

FORM = {
    "dialogue_type": "HUMAN_GIVE_COMMAND",
    "action_sequence": [
        {"action_type": "BUILD", "schematic": {"has_name": [0, [2, 2]], "has_colour": [0, [1, 1]]},
         "location": {"location_type": "REFERENCE_OBJECT", "relative_direction": "LEFT",
                      "reference_object": {"has_name": [0, [7, 7]]}}},
        {"action_type": "DANCE", "repeat": {"repeat_key": "FOR", "repeat_count": [0, [10, 10]]}},
    ],
}
TOKENS = ["build", "red", "house", "to", "the", "left", "of", "tree", "and", "dance", "3", "times"]
NEGATIVES = Negatives(resources.load_schema("caip_logical_form"))


@pytest.mark.parametrize("kind", ["categorical", "span", "node"])
def test_each_kind_changes_one_thing_of_that_kind(kind):
    for seed in range(40):
        before = copy.deepcopy(FORM)
        negative = NEGATIVES.corrupt(FORM, TOKENS, Draws(np.random.default_rng(seed)), kind)
        assert negative is not None
        assert before == FORM, "the positive was modified"
        assert negative["corruption"]["kind"] == kind
        ((path, found_kind),) = differences(FORM, negative["logical_form"])
        assert found_kind == kind
        assert negative["corruption"]["path"] == "$.logical_form" + "".join(
            f"[{part}]" if isinstance(part, int) else f".{part}" for part in path)
        assert reference_validator("caip_logical_form").is_valid(negative["logical_form"])
        if kind == "span":
            sentence, (start, end) = lookup(negative["logical_form"], negative["corruption"]["path"])
            assert sentence == 0 and 0 <= start <= end < len(TOKENS) and TOKENS[start] not in ("a", "an", "the")


def test_action_types_only_change_to_ones_that_accept_the_children():
    seen = set()
    for seed in range(200):
        negative = NEGATIVES.corrupt(FORM, TOKENS, Draws(np.random.default_rng(seed)), "categorical")
        assert negative is not None
        if negative["corruption"]["path"] == "$.logical_form.action_sequence[0].action_type":
            seen.add(negative["logical_form"]["action_sequence"][0]["action_type"])
    # BUILD with a schematic and a location: only DIG and OTHERACTION take both
    assert seen == {"DIG", "OTHERACTION"}


def test_removing_an_action_of_a_composite():
    paths = set()
    for seed in range(100):
        negative = NEGATIVES.corrupt(FORM, TOKENS, Draws(np.random.default_rng(seed)), "node")
        assert negative is not None
        paths.add(negative["corruption"]["path"])
    assert {"$.logical_form.action_sequence[0]", "$.logical_form.action_sequence[1]"} <= paths
    # a location's type names its object: that object is never the node removed
    assert "$.logical_form.action_sequence[0].location.reference_object" not in paths


def test_a_kind_with_nothing_to_change_falls_back_to_the_next():
    reward = {"dialogue_type": "PUT_MEMORY", "upsert": {"memory_data": {"memory_type": "REWARD",
                                                                        "reward_value": "POSITIVE"}}}
    # kinds are tried in turn from the one asked for: span, then node, then categorical
    negative = NEGATIVES.corrupt(reward, ["good", "job"], Draws(np.random.default_rng(0)), "span")
    assert negative is not None
    assert negative["corruption"]["kind"] == "node"
    assert negative["corruption"]["path"] in {"$.logical_form.upsert", "$.logical_form.upsert.memory_data.reward_value"}
    negative = NEGATIVES.corrupt(reward, ["good", "job"], Draws(np.random.default_rng(0)), "categorical")
    assert negative is not None
    assert negative["logical_form"]["upsert"]["memory_data"]["reward_value"] == "NEGATIVE"
    chatter = NEGATIVES.corrupt({"dialogue_type": "NOOP"}, ["hi"], Draws(np.random.default_rng(0)), "categorical")
    assert chatter is None


def test_records_carry_negatives_as_configured():
    # commands with words to move a span to (the default mix has many short ones, where a span has nowhere to go)
    family = build({"family": "caip", "negatives": 1.0, "negative_kind": "span",
                    "dialogue_type": "HUMAN_GIVE_COMMAND", "bare": 0.0, "attributes": 2, "prefix": 0.5})
    kinds = [record(family, 4, index).get("negative", {}).get("corruption", {}).get("kind") for index in range(100)]
    assert kinds.count("span") > 90
    half = build({"family": "caip", "negatives": 0.5, "dialogue_type": "HUMAN_GIVE_COMMAND"})
    carried = sum("negative" in record(half, 4, index) for index in range(400))
    assert 150 < carried < 250
