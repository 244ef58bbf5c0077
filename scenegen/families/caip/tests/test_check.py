"""check(): what the record schema cannot say, and every way it catches a broken record."""

from __future__ import annotations

import copy

import pytest

from scenegen.families.caip.linearize import linearize

from .support import appendix_d, build, record

FAMILY = build({"family": "caip", "negatives": 1.0, "dialogue_type": "HUMAN_GIVE_COMMAND",
                "actions_per_command": 1, "action_type": "BUILD", "attributes": 2, "bare": 0.0})
GOOD = record(FAMILY, 11, 0)


def problems(mutate):
    document = copy.deepcopy(GOOD)
    mutate(document)
    return [str(p) for p in FAMILY.check(document, None)]


def first_span(form):
    schematic = form["action_sequence"][0]["schematic"]
    return schematic, "has_name"


def test_a_good_record_has_no_problems():
    assert "negative" in GOOD
    assert FAMILY.check(GOOD, None) == []


def set_span(value):
    def mutate(document):
        node, key = first_span(document["logical_form"])
        node[key] = value
        document["linearized"] = linearize(document["logical_form"])
        document.pop("negative")
    return mutate


def on_article(document):
    document["text"] = "build the " + document["text"].removeprefix("build ")
    document["tokens"] = ["build", "the", *document["tokens"][1:]]
    node, key = first_span(document["logical_form"])
    node[key] = [0, [1, 1]]
    document["linearized"] = linearize(document["logical_form"])
    document.pop("negative")


CASES = {
    "tokens that are not the text's": (lambda d: d["tokens"].append("extra"), "$.tokens: are not the tokenization"),
    "span past the end": (set_span([0, [2, 99]]), "is not a non-empty span inside"),
    "span ending before it starts": (set_span([0, [3, 2]]), "is not a non-empty span inside"),
    "span of another sentence": (set_span([1, [2, 2]]), "is not [0, [start, end]]"),
    "span on an article": (on_article, "starts on the article 'the'"),
    "linearization of another form": (
        lambda d: d.update(linearized=d["linearized"].replace("ACTION_TYPE:BUILD", "ACTION_TYPE:DIG")),
        "$.linearized: does not parse back"),
    "linearization that does not parse": (lambda d: d.update(linearized="OPEN:NOWHERE"), "$.linearized: token 0"),
    "negative equal to the positive": (
        lambda d: d["negative"].update(logical_form=copy.deepcopy(d["logical_form"]),
                                       linearized=d["linearized"]),
        "differs from the logical form in 0 places"),
    "negative with two changes": (
        lambda d: d["negative"].update(logical_form={"dialogue_type": "NOOP"}, linearized="DIALOGUE_TYPE:NOOP"),
        "places, not exactly one"),
    "negative mislabelled": (
        lambda d: d["negative"]["corruption"].update(path="$.logical_form.nowhere"), "$.negative.corruption: says"),
    "negative linearization stale": (
        lambda d: d["negative"].update(linearized=d["linearized"]), "$.negative.linearized"),
    "not a record at all": (lambda d: d.pop("tokens"), "needs text (a string) and tokens"),
}


@pytest.mark.parametrize("name", CASES)
def test_check_finds(name):
    mutate, expected = CASES[name]
    found = problems(mutate)
    assert any(expected in problem for problem in found), found


def test_check_on_appendix_d():
    """The paper's examples pass (a split composite's spans moved onto its whole sentence)."""
    for example in appendix_d()["examples"]:
        document = {"id": "x", "text": example["text"], "tokens": example["text"].split(),
                    "logical_form": example["logical_form"], "linearized": linearize(example["logical_form"])}
        assert FAMILY.check(document, None) == [], example["text"]
