"""Issue 19, last item: words agree in number with the noun they go with.

"all the towers that are on fire", never "that is"; "the trees that are next to the house"; "build stairs",
never "a stairs"; "those crops", never "every crops" or "the stairs is". The noun's number is read from the
lexicon (its singular and plural forms), apart from the family's code.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .support import LEXICON, build, objects, record, template_config

TAG_LISTS = ["reference_tags", "built_tags", "building_tags", "planted_tags", "object_tags", "schematic_tags"]
# a relative pronoun whose verb agrees with the noun before it ("the towers that are on fire"), and the verb's
# singular and plural forms
PRONOUNS = {"that", "which"}
SINGULAR_VERBS = {"is", "has", "looks", "goes", "floats", "was", "'s"}
PLURAL_VERBS = {"are", "have", "look", "go", "float", "were"}

NOUN_PAIRS = [pair for value in LEXICON.values() if isinstance(value, list) for pair in value
              if isinstance(pair, list) and all(isinstance(word, str) for word in pair)]
PLURAL_ONLY = {pair[0] for pair in NOUN_PAIRS if len(pair) == 1}
SINGULARS = {pair[0] for pair in NOUN_PAIRS if len(pair) == 2 and pair[0] != pair[1]}
PLURALS = {pair[1] for pair in NOUN_PAIRS if len(pair) == 2 and pair[0] != pair[1]} | PLURAL_ONLY


def number(noun: str) -> str | None:
    """ "singular", "plural", or None where the noun is written the same in both ("sheep")."""
    if noun in PLURALS and noun not in SINGULARS:
        return "plural"
    if noun in SINGULARS and noun not in PLURALS:
        return "singular"
    return None


@pytest.mark.parametrize("name", TAG_LISTS)
def test_tags_with_a_verb_are_written_in_both_numbers(name):
    for tag in LEXICON[name]:
        if isinstance(tag, str):
            assert not _disagrees("singular", tuple(tag.split())) and not _disagrees("plural", tuple(tag.split())), tag
        else:
            singular, plural = tag
            assert _disagrees("plural", tuple(singular.split())) and _disagrees("singular", tuple(plural.split())), tag


def test_the_nouns_said_in_the_plural_only_are_marked():
    assert {"stairs", "crops", "shears", "leggings", "fries", "leaves", "ruins"} <= PLURAL_ONLY


def _after(said: dict[str, Any], node: dict[str, Any]) -> tuple[str, ...]:
    """The two words after the last span of ``node``'s own: its tag, or a location's lead ("that is")."""
    end = max(value[1][1] for value in node.values() if isinstance(value, list) and len(value) == 2
              and isinstance(value[1], list))
    return tuple(said["tokens"][end + 1 : end + 3])


def _disagrees(noun_number: str | None, words: tuple[str, ...]) -> bool:
    """Whether the verb of a tag or a lead ("that is", "which are ...") disagrees with a noun of
    ``noun_number``: 'the towers that is', 'the tower that are'."""
    if noun_number is None or len(words) < 2 or words[0] not in PRONOUNS:
        return False
    return words[1] in (SINGULAR_VERBS if noun_number == "plural" else PLURAL_VERBS)


def test_generated_tags_and_leads_agree_with_their_noun():
    """ "knock over all the plum deserts that is between ...", "how many torches that is burning ... are
    there", "the pillars that is burning": read before the fix."""
    family = build({**template_config(), "tag": 0.5, "nested_location": 0.5, "typos": 0.0, "repeat": 0.3})
    checked = 0
    for index in range(6000):
        said = record(family, 41, index)
        for node in objects(said["logical_form"]):
            if "has_name" not in node or not ("has_tag" in node or "location" in node):
                continue
            start, end = node["has_name"][1]
            noun = " ".join(said["tokens"][start : end + 1])
            if "has_tag" in node:
                tag_start, tag_end = node["has_tag"][1]
                assert not _disagrees(number(noun), tuple(said["tokens"][tag_start : tag_end + 1])), said["text"]
            if "location" in node:
                assert not _disagrees(number(noun), _after(said, node)[:2]), said["text"]
            checked += number(noun) == "plural"
    assert checked > 200


_ONLY = "|".join(sorted(PLURAL_ONLY))
SINGULAR_WORDS = re.compile(rf"\b(a|an|every|each|this|that) ({_ONLY})\b")
SINGULAR_VERB = re.compile(rf"\b({_ONLY}) is\b")


def test_nouns_said_in_the_plural_only_take_no_singular_words():
    """Never "is there a stairs", "put every shears", "this stairs is", "i built a crops"."""
    family = build({**template_config(), "typos": 0.0, "attributes": 0})
    seen = 0
    for index in range(20_000):
        text = record(family, 43, index)["text"]
        assert not SINGULAR_WORDS.search(text) and not SINGULAR_VERB.search(text), text
        seen += any(noun in text.split() for noun in PLURAL_ONLY)
    assert seen > 40


def test_mass_nouns_are_never_counted():
    """ "could you level the 27 land?", "destroy 2 grass" are gone: "level all the land"."""
    mass = set(LEXICON["mass_nouns"])
    counted = re.compile(rf"\b(\d+|{'|'.join(LEXICON['number_words'])}) (of the )?({'|'.join(mass)})\b")
    # without materials: "destroy 17 of the grass block telescopes" counts telescopes, not grass
    family = build({**template_config(), "dialogue_type": "HUMAN_GIVE_COMMAND", "action_type": "DESTROY",
                    "repeat": 1.0, "actions_per_command": 1, "bare": 0.0, "reference_block_type": False})
    all_of = 0
    for index in range(1500):
        text = record(family, 3, index)["text"]
        assert not counted.search(text), text
        all_of += bool(re.search(rf"\ball (of )?the ({'|'.join(mass)})\b", text))
    assert all_of > 0


def test_what_nobody_paints_is_never_painted():
    """ "the narrow mangrove tree painted gray" is gone: "the gray mangrove tree"."""
    unpainted = {pair[0] for name in LEXICON["unpainted"] for pair in LEXICON[name]}
    unpainted |= {pair[-1] for name in LEXICON["unpainted"] for pair in LEXICON[name]}
    painted = re.compile(rf"(?<!of )\b({'|'.join(map(re.escape, unpainted))}) (painted|coloured)\b")
    family = build({**template_config(), "attributes": 1, "dialogue_type": ["HUMAN_GIVE_COMMAND", "GET_MEMORY"]})
    for index in range(3000):
        text = record(family, 4, index)["text"]
        assert not painted.search(text), text
