"""caip records, over random seeds and random valid configs.

Each record is read back independently of the code that made it: the schema
through the reference validator, spans by walking the JSON, the words of each
span against the words the generator chose for that slot (``Caip.trace``), the
tokens by re-tokenizing the text.
"""

from __future__ import annotations

import json

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from scenegen.families.caip.checks import differences
from scenegen.families.caip.linearize import parse
from scenegen.families.caip.tokenize import tokenize
from scenegen.plugin.schemas import compiled_validator, reference_validator
from tests.examples import examples

from .support import ARTICLES, build, configs, lookup, record, spans

seeds = st.integers(0, 2**32 - 1)
PER_CONFIG = 12  # records drawn for each config hypothesis tries


def check_record(family, seed, index):
    trace = family.trace(index, np.random.default_rng((seed, index)))
    document = {"id": f"caip_{index:06d}", **trace.sample.documents[""]}
    schema = family.output.document_schema  # caip_record, or its materials variant with reference_block_type
    errors = [e.message for e in reference_validator(schema).iter_errors(document)]
    assert errors == [], (document["text"], errors)
    assert compiled_validator(schema).is_valid(document)
    tokens = document["tokens"]
    assert tokenize(document["text"]) == tokens
    form = document["logical_form"]
    # every span is in range, non-empty, and does not start on an article
    for path, (sentence, (start, end)) in spans(form):
        assert sentence == 0 and 0 <= start <= end < len(tokens), (document["text"], path)
        assert tokens[start].lower() not in ARTICLES, (document["text"], path)
    # ... its words are exactly what the generator chose for the slot, and every span is such a slot
    filled = {path for path, _ in trace.fills}
    assert filled == {path for path, _ in spans(form)}, document["text"]
    for path, words in trace.fills:
        sentence, (start, end) = lookup(form, path)
        assert tuple(tokens[start:end + 1]) == words, (document["text"], path, words)
    # categorical values said in words: those words are in the command
    said = " " + " ".join(tokens) + " "
    for path, value, words in trace.marks:
        assert lookup(form, path) == value and f" {' '.join(words)} " in said, (document["text"], path)
    assert parse(document["linearized"]) == form
    negative = document.get("negative")
    if negative is not None:
        assert parse(negative["linearized"]) == negative["logical_form"]
        for path, (sentence, (start, end)) in spans(negative["logical_form"]):
            assert sentence == 0 and 0 <= start <= end < len(tokens), path
            assert tokens[start].lower() not in ARTICLES, path
        found = differences(form, negative["logical_form"])
        assert len(found) == 1, (document["text"], negative)
        assert negative["corruption"]["kind"] == found[0][1]
    assert family.check(document, None) == []
    json.dumps(trace.sample.params)
    return document


@settings(max_examples=examples(40), deadline=None)
@given(configs, seeds)
def test_records_of_any_valid_config(config, seed):
    family = build(config)
    for index in range(PER_CONFIG):
        check_record(family, seed, index)


@settings(max_examples=examples(15), deadline=None)
@given(seeds, st.sampled_from(["caip.yaml", "caip_negatives.yaml"]))
def test_records_of_the_templates(seed, template):
    from .support import template_config

    family = build(template_config(template))
    for index in range(60):
        check_record(family, seed, index)


@settings(max_examples=examples(10), deadline=None)
@given(configs, seeds, st.integers(0, 10**6))
def test_same_seed_same_record(config, seed, index):
    first, second = build(config), build(config)
    assert json.dumps(record(first, seed, index)) == json.dumps(record(second, seed, index))
    a = first.generate(index, np.random.default_rng((seed, index)))
    b = first.generate(index, np.random.default_rng((seed, index)))
    assert a.params == b.params and a.truth == b.truth
    assert a.truth["dialogue_type"] == a.params["dialogue_type"] and a.truth["negative"] == a.params["negative"]


def test_every_feature_shows_up():
    # repeat_direction raised: 3% of the few counted objects may be none in 3,000 records
    family = build({"family": "caip", "negatives": 1.0, "repeat_direction": 0.2})
    features, kinds, dialogues, negatives = set(), set(), set(), set()
    for index in range(3000):
        sample = family.generate(index, np.random.default_rng((7, index)))
        features.update(sample.params["features"])
        kinds.update(sample.params["actions"])
        dialogues.add(sample.params["dialogue_type"])
        negatives.add(sample.params["negative"])
    assert features == {"bare", "composite", "coreference", "location", "nested_location", "prefix", "repeat",
                        "repeat_direction", "steps", "stop_condition", "tag"}
    assert kinds == {"BUILD", "COPY", "DANCE", "SPAWN", "RESUME", "FILL", "DESTROY", "MOVE", "UNDO", "STOP", "DIG",
                     "FREEBUILD", "OTHERACTION"}
    assert dialogues == {"HUMAN_GIVE_COMMAND", "GET_MEMORY", "PUT_MEMORY", "NOOP"}
    assert negatives == {"categorical", "span", "node", None}


def test_copy_is_a_build_of_a_reference_object():
    family = build({"family": "caip", "dialogue_type": "HUMAN_GIVE_COMMAND", "action_type": "COPY",
                    "actions_per_command": 1})
    for index in range(50):
        (action,) = record(family, 1, index)["logical_form"]["action_sequence"]
        assert action["action_type"] == "BUILD" and "reference_object" in action and "schematic" not in action


def test_no_negatives_unless_asked():
    family = build({"family": "caip"})
    assert all("negative" not in record(family, 3, index) for index in range(200))
