"""Issue 19: data that looks like what people say, measured against Appendix D's annotated examples.

* every Appendix D example's tree shape is produced at 100,000 samples;
* loops are written as the annotators wrote them (repeat.stop_condition), the
  figures' form by config; coreference carries no coref_resolve unless asked;
* short and bare commands, repeats where people put them, few composites;
* the default mix's length and attribute statistics are close to Appendix D's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from scenegen.families.caip import lexicon
from scenegen.families.caip.linearize import linearize
from scenegen.plugin.resources import load_yaml
from scenegen.plugin.schemas import reference_validator

from .shapes import (
    appendix_d_profile,
    appendix_d_shapes,
    generated_profile,
    generated_shapes,
    shape_key,
    wilson_interval,
)
from .support import appendix_d, build, template_config

N = 100_000
FAMILY = build(template_config())


def well_formed(example: dict[str, Any]) -> bool:
    """Valid against the grammar, and passing the family's record check (spans on the words of the text)."""
    form = example["logical_form"]
    document = {"id": "x", "text": example["text"], "tokens": example["text"].split(), "logical_form": form,
                "linearized": linearize(form)}
    return reference_validator("caip_logical_form").is_valid(form) and FAMILY.check(document, None) == []


def test_every_appendix_d_example_is_well_formed():
    """All 37, 'spawn 30 cows and build a 15 by 15 fence' with its spans moved from the sub-commands the paper's
    composite tool split it into (Appendix A) onto the whole sentence."""
    assert [e["text"] for e in appendix_d()["examples"] if not well_formed(e)] == []


@pytest.mark.statistical
def test_every_appendix_d_shape_is_produced_at_100000_samples():
    """All 37, 'spawn 30 cows and build a 15 by 15 fence' too (issue 39): a counted SPAWN then a BUILD whose only
    attribute is a height, five independent rare draws in one record (about 1 in 10 million at people's rates),
    is one of the composites people make as a pattern (phrases.yaml composites), drawn whole: some 60 records in
    100,000 have its shape (docs/caip_realism.md)."""
    produced = generated_shapes(FAMILY, N)
    missing = [e["text"] for e in appendix_d()["examples"] if shape_key(e["logical_form"]) not in produced]
    assert missing == [], missing


def records(config: dict[str, Any], n: int, seed: int = 5) -> Iterator[dict[str, Any]]:
    family = build({"family": "caip", **config})
    for index in range(n):
        yield family.generate(index, np.random.default_rng((seed, index))).documents[""]


def nodes(node: dict[str, Any], path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every object node of a logical form with its path (actions as ``action``)."""
    yield path, node
    for key, value in node.items():
        if isinstance(value, dict):
            yield from nodes(value, f"{path}.{key}")
        elif key == "action_sequence":
            for action in value:
                yield from nodes(action, "action")


LOOPING_KINDS = ["MOVE", "DIG", "DANCE", "BUILD", "COPY", "FREEBUILD", "OTHERACTION"]
LOOPING = {"action_type": LOOPING_KINDS,
           "dialogue_type": "HUMAN_GIVE_COMMAND", "stop_condition": 1.0, "bare": 0.0, "actions_per_command": 1}


def test_loops_are_written_as_annotated_by_default():
    looped: Counter[str] = Counter()
    for record in records({**LOOPING, "action_type": [k for k in LOOPING_KINDS if k != "DANCE"]}, 400):
        (action,) = record["logical_form"]["action_sequence"]
        assert "stop_condition" not in action, record["text"]
        assert "stop_condition" in action["repeat"] and set(action["repeat"]) == {"stop_condition"}, record["text"]
        looped[action["action_type"]] += 1
        looped.update(action["repeat"]["stop_condition"].keys())
    assert set(looped) >= {"MOVE", "DIG", "BUILD", "FREEBUILD", "OTHERACTION", "condition_span",
                           "condition_type", "block_type"}


def test_dances_loop_until_a_condition_only_in_the_figures_form():
    """No person's annotation has a dance with a stop condition (issue 39); Appendix C's figure 25 draws one."""
    config = {**LOOPING, "action_type": "DANCE"}
    annotated = [r["logical_form"]["action_sequence"][0] for r in records(config, 200)]
    assert not any("stop_condition" in action.get("repeat", {}) for action in annotated)
    figures = [r["logical_form"]["action_sequence"][0] for r in records({**config, "loop_form": "figures"}, 200)]
    assert any("stop_condition" in action for action in figures)


def test_loops_take_the_figures_form_by_config():
    """Appendix C's figures 23-25: stop_condition on the action, on MOVE, DIG and DANCE only."""
    looped: Counter[str] = Counter()
    for record in records({**LOOPING, "loop_form": "figures"}, 400):
        (action,) = record["logical_form"]["action_sequence"]
        assert "stop_condition" not in action.get("repeat", {}), record["text"]
        if "stop_condition" in action:
            looped[action["action_type"]] += 1
    assert set(looped) == {"MOVE", "DIG", "DANCE"}


def test_counts_said_by_the_object_repeat_the_action_or_the_object_by_config():
    """'destroy 2 trees', 'dig 4 holes', 'gather 100 pebbles': the action's repeat as annotated; the object's
    (Figures 15 and 24) with loop_form figures."""
    config = {"action_type": ["DESTROY", "DIG", "OTHERACTION"], "dialogue_type": "HUMAN_GIVE_COMMAND",
              "repeat": 1.0, "stop_condition": 0.0, "bare": 0.0, "actions_per_command": 1}
    for form, where in (("annotated", "action"), ("figures", "object")):
        keys: Counter[tuple[str, str, str | None]] = Counter()
        for record in records({**config, "loop_form": form}, 300):
            (action,) = record["logical_form"]["action_sequence"]
            for path, node in nodes(action, "action"):
                if "repeat" in node:
                    placed = "action" if path == "action" else "object"
                    keys[action["action_type"], placed, node["repeat"].get("repeat_key")] += 1
        assert keys[("DESTROY", where, "FOR")] and keys[("DESTROY", where, "ALL")], keys
        assert keys[("DIG", where, "FOR")] and keys[("OTHERACTION", "action", "FOR")], keys


def test_coreference_has_no_coref_resolve_unless_asked():
    config = {"coreference": 1.0, "location_type": ["SPEAKER_POS", "SPEAKER_LOOK", "REFERENCE_OBJECT"]}
    for share, expected in ((0.0, False), (1.0, True)):
        seen = 0
        for record in records({**config, "coref_resolve": share}, 300):
            for _, node in nodes(record["logical_form"]):
                if "contains_coreference" in node:
                    seen += 1
                    assert ("coref_resolve" in node) is expected, record["text"]
        assert seen > 100


def test_reference_objects_name_their_material_only_when_switched_on():
    """'destroy the wooden shed': has_block_type on a reference object, and the record schema that accepts it."""
    config = {"dialogue_type": "HUMAN_GIVE_COMMAND", "action_type": ["DESTROY", "COPY", "OTHERACTION"],
              "attributes": 1, "actions_per_command": 1, "bare": 0.0}
    for switch in (False, True):
        family = build({"family": "caip", **config, "reference_block_type": switch})
        assert family.output.document_schema == ("caip_record_materials" if switch else "caip_record")
        materials = sum("has_block_type" in node for record in records({**config, "reference_block_type": switch},
                                                                       300)
                        for path, node in nodes(record["logical_form"]) if path.endswith("reference_object"))
        assert (materials > 30) is switch, materials


def test_casing_commas_and_punctuation_are_options():
    """Lowercase, without commas around the spans and without final punctuation but the question mark by default
    (as the paper's preprocessed human commands); capitals, commas and punctuation by config, spans exact."""
    plain = list(records(template_config(), 1000))
    assert not any(r["text"] != r["text"].lower() or r["text"].endswith(("!", ".")) for r in plain)
    for record in plain:  # a comma is a span's own (coordinates), if any
        spanned = {i for _, node in nodes(record["logical_form"]) for value in node.values()
                   if isinstance(value, list) and len(value) == 2 and value[0] == 0
                   for i in range(value[1][0], value[1][1] + 1)}
        assert all(i in spanned for i, token in enumerate(record["tokens"]) if "," in token), record["text"]
    assert any(record["text"].endswith("?") for record in plain)
    said = list(records({**template_config(), "capitals": 1.0, "commas": True, "punctuation": 1.0,
                         "prefix": 0.5}, 1000))
    assert all(FAMILY.check({**record, "linearized": linearize(record["logical_form"])}, None) == []
               for record in said)
    texts = [record["text"] for record in said]
    assert sum(text[0].isupper() for text in texts) > 900
    assert any(" ," in text or text.startswith(",") or ", " in text for text in texts)
    assert all(text.endswith(("!", ".", "?")) for text in texts)


def test_questions_ask_about_a_name_or_a_coreference():
    """No COUNT answer, and a question's object has only a name or a coreference, as in every human annotation
    (issue 39)."""
    config = {**template_config(), "dialogue_type": "GET_MEMORY", "attributes": 2, "tag": 1.0,
              "nested_location": 1.0}
    for record in records(config, 500):
        form = record["logical_form"]
        assert form["answer_type"] != "COUNT", record["text"]
        asked = form["filters"].get("reference_object", {})
        assert set(asked) <= {"has_name", "contains_coreference"}, record["text"]


def test_people_mistype():
    config = {"dialogue_type": "HUMAN_GIVE_COMMAND", "action_type": "BUILD", "bare": 0.0, "prefix": 0.0}
    typed = {record["tokens"][0] for record in records({**config, "typos": 1.0}, 200)}
    assert typed & {"biuld", "buld", "bulid", "buidl"}
    assert not {record["tokens"][0] for record in records({**config, "typos": 0.0}, 200)} & {"biuld", "buld"}


def test_people_say_bare_commands():
    said: Counter[str] = Counter()
    kinds = ["BUILD", "DESTROY", "DIG", "MOVE", "FILL", "OTHERACTION", "DANCE"]
    for record in records({"bare": 1.0, "dialogue_type": "HUMAN_GIVE_COMMAND", "actions_per_command": 1,
                           "prefix": 0.0, "suffix": 0.0, "punctuation": 0.0, "action_type": kinds}, 600):
        (action,) = record["logical_form"]["action_sequence"]
        if len(action) == 1:
            said[action["action_type"]] += 1
    assert set(said) >= set(kinds)


# The paper's commands (Appendices A-D and its figures) and the action their annotators gave each verb.
PAPER_VERBS = {
    "move the tree to the left side of the house": ("OTHERACTION", "move"),
    "move the rabbit into the box": ("OTHERACTION", "move"),
    "please change the barn to a shop": ("OTHERACTION", "change"),
    "dig a hole next to that house": ("DIG", "dig"),
    "copy the crops i planted": ("COPY", "copy"),
    "complete the structure 10 meters west from your position": ("FREEBUILD", "complete"),
    "destroy the structure that is blocking the view": ("DESTROY", "destroy"),
    "show me how to dance": ("DANCE", "show me how to dance"),
    "please build a garden": ("BUILD", "build"),
    "fill the small pond with sand": ("FILL", "fill"),
    "move north for 5 minutes": ("MOVE", "move"),
    "spawn 30 cows": ("SPAWN", "spawn"),
    "stop digging": ("STOP", "stop"),
    "let 's resume our mission": ("RESUME", "resume"),
    "make three oak wood houses": ("BUILD", "make"),
    "jump twice and then come to me": ("DANCE", "jump"),
    "... and then come to me": ("MOVE", "come"),
    "go 5 steps in front of that": ("MOVE", "go"),
    "build three sets of bookshelves": ("BUILD", "build"),
}
# and the verbs issues 19 and 39 quote from human commands labelled OTHERACTION
OTHERACTION_VERBS = ("bring me", "mine", "gather", "climb", "pick", "open")
# the words issue 39 finds heading human commands, and the one action their annotators give each
HUMAN_HEADS = {"kill": "DESTROY", "open": "OTHERACTION", "get": "OTHERACTION", "add": "BUILD"}


@pytest.mark.parametrize("command", PAPER_VERBS)
def test_the_verb_table_follows_the_annotators(command):
    kind, verb = PAPER_VERBS[command]
    verbs = verb_table()
    assert kind in verbs.get(verb, set()), (command, verbs.get(verb))
    # a verb the annotators gave one action is not said for another (bar 'move': MOVE alone, OTHERACTION with an
    # object, and 'make', which builds or digs or spawns by what it makes)
    if verb not in ("move", "make"):
        assert verbs[verb] <= {kind, "COPY" if kind == "BUILD" else kind}, (verb, verbs[verb])


def test_the_verbs_people_use_for_otheraction_are_otheraction():
    verbs = verb_table()
    for verb in OTHERACTION_VERBS:
        assert verbs.get(verb) == {"OTHERACTION"}, (verb, verbs.get(verb))


def test_the_heads_of_human_commands_say_the_action_their_annotators_gave():
    """'kill' is DESTROY, 'open' and 'get' OTHERACTION, 'add' BUILD: every verb starting with the word."""
    heads: dict[str, set[str]] = {}
    for verb, kinds in verb_table().items():
        heads.setdefault(verb.split()[0], set()).update(kinds)
    for head, kind in HUMAN_HEADS.items():
        assert heads[head] == {kind}, (head, heads[head])


def verb_table() -> dict[str, set[str]]:
    """Verb -> the action kinds that say it, from templates/caip/actions.yaml read as plain data."""
    data = load_yaml((lexicon.DATA / "actions.yaml").read_text(encoding="utf-8"))
    table: dict[str, set[str]] = {}
    for kind, spec in data["actions"].items():
        for entry in (spec, *spec.get("verb_classes", {}).values()):  # OTHERACTION says its verbs by class
            for key in ("verbs", "placing", "bare_verbs"):
                for verb in entry.get(key, ()):
                    table.setdefault(verb, set()).add(kind)
    for kind, frames in data["targets"]["frames"].items():
        for frame in frames:  # "stop {target}" says "stop"; "start {target} again" is a phrase of its own
            table.setdefault(frame.split(" {")[0] if frame.endswith("}") else frame, set()).add(kind)
    return table


@pytest.mark.statistical
def test_the_default_mix_is_close_to_appendix_d():
    """Appendix D has 37 examples, so 'close' is loose: lengths within a quarter, few composites, attributes
    on a small share of commands, dimensions and coordinates rare."""
    human, generated = appendix_d_profile(), generated_profile(FAMILY, 20_000)
    assert abs(generated["mean tokens"] / human["mean tokens"] - 1) < 0.25, generated
    assert abs(generated["nodes per tree"] / human["nodes per tree"] - 1) < 0.25, generated
    assert 0.01 < generated["share composite"] < 0.07
    assert 0.03 < generated["share bare"] < 0.15
    for key in ("has_length", "has_width", "has_height", "has_depth", "coordinates"):
        assert generated[f"share with {key}"] < 0.02, key
    for key in ("has_thickness", "has_radius", "has_slope", "has_base", "has_distance", "has_orientation",
                "repeat_dir"):
        assert generated[f"share with {key}"] < 0.005, key
    # No share above the interval Appendix D's 37 examples leave it. Below is allowed: the examples are richer
    # than what people type (issue 39), and test_people.py holds the default to the human figures.
    examples = len(appendix_d()["examples"])
    for key in ("share bare", "share composite", *(key for key in human if key.startswith("share with "))):
        _, high = wilson_interval(human[key], examples)
        assert generated[key] <= high, (key, human[key], generated[key])


def test_the_appendix_d_shapes_are_distinct_per_example():
    """The fixture's 37 examples have 31 distinct shapes (some examples share one, e.g. 'dance')."""
    assert sum(len(texts) for texts in appendix_d_shapes().values()) == 37
    assert len(appendix_d_shapes()) == 31
