"""Issue 19: verbs said only with objects they fit ("water the flowers", never "water the eagle").

The data files are read here as plain YAML, apart from the family's code: the verb classes of
OTHERACTION (actions.yaml) and the activity groups of STOP / RESUME / UNDO targets (lexicon.yaml)
name the noun lists each verb may take. The tests check those pairings against a table of what
verbs need, written here by hand, and check that generated commands keep to the pairings.
"""

from __future__ import annotations

from typing import Any

import pytest

from .support import ACTIONS, LEXICON, build, pairings, record, singulars, template_config

CLASSES: dict[str, Any] = ACTIONS["actions"]["OTHERACTION"]["verb_classes"]


CREATURES = singulars("mob_names", "farm_animal_names", "pet_names", "wild_animal_names", "hostile_names",
                      "people_names")
# the few things that are not creatures and are still ridden
RIDDEN = {"minecart", "boat", "raft", "cart"}
# the world's fixed features and buildings: nobody carries, sells or throws them
IMMOVABLE = singulars("explorable_names", "building_names", "hole_names", "terrain_names") | {
    "river", "lake", "ocean", "sea", "mountain", "hill", "cliff", "island", "waterfall", "volcano", "valley"}

# What verbs need of their object, by hand. A verb here must only take objects that fit.
NEEDS_CREATURE = {"feed", "pet", "tame", "hug", "play with", "milk", "shear", "herd", "round up", "hunt", "attack",
                  "kill", "fight", "fight off", "slay", "defeat", "talk to", "greet", "trade with", "lead", "lure",
                  "escort", "chase", "ride", "mount"}
NEEDS_THING = {"water", "plant", "sow", "harvest", "chop", "chop down", "cut down", "fell", "sell", "buy", "paint",
               "repair", "fix", "improve", "upgrade", "open", "close", "lock", "unlock", "light", "light up", "eat",
               "cook", "smelt", "mine", "equip", "burn", "rotate", "flip", "carry", "lift", "throw", "toss", "drop",
               "slide", "stash", "sit on", "climb", "explore", "clean"}
PORTABLE_ONLY = {"carry", "lift", "throw", "toss", "drop", "slide", "stash", "sell", "buy", "trade", "pick up",
                 "grab", "fetch", "hand me", "bring me", "get me", "eat", "cook"}

# Pairs read in generated commands before issue 19's fix: none may come back.
NEVER_SAID = [("sell", "cylinder"), ("guard", "zoo"), ("improve", "endermite"), ("plant", "spiral staircase"),
              ("send", "satellite dish"), ("lift", "fire pit"), ("carry", "frame"), ("bring", "river"),
              ("water", "eagle"), ("paint", "hearts")]
NEVER_TARGETS = [("burning", "hatch"), ("burning", "giant sword"), ("dancing", "harbor")]


def test_every_verb_class_names_noun_lists_of_the_lexicon():
    for name, entry in CLASSES.items():
        assert entry["verbs"] and entry["objects"], name
        for source in entry["objects"]:
            assert source in LEXICON and all(len(pair) in (1, 2) for pair in LEXICON[source]), (name, source)


@pytest.mark.parametrize("verb", sorted(NEEDS_CREATURE))
def test_creature_verbs_take_only_creatures(verb):
    objects = {noun for noun in pairings().get(verb, ()) if noun in singulars(*_all_lists())}
    misfits = objects - CREATURES - (RIDDEN if verb in ("ride", "mount") else set())
    assert not misfits, (verb, sorted(misfits))


@pytest.mark.parametrize("verb", sorted(NEEDS_THING))
def test_thing_verbs_take_no_creature(verb):
    # a noun that names a creature and its meat ("fish", "salmon") is food
    food = singulars("food_names", "raw_food_names")
    misfits = {noun for noun in pairings().get(verb, ()) if noun in CREATURES} - food - RIDDEN
    assert not misfits, (verb, sorted(misfits))


@pytest.mark.parametrize("verb", sorted(PORTABLE_ONLY))
def test_carrying_verbs_take_nothing_immovable(verb):
    misfits = pairings().get(verb, set()) & IMMOVABLE
    assert not misfits, (verb, sorted(misfits))


@pytest.mark.parametrize(("verb", "noun"), NEVER_SAID)
def test_the_misfits_read_before_are_gone(verb, noun):
    assert noun not in pairings().get(verb, set())


def test_conditions_fit_their_verbs():
    """ "until it's clean" follows cleaning, "until you're full" eating, never "plant the sapling until it's clean"."""
    needs = {"until it's clean": {"clean", "wash", "scrub"}, "until you're full": {"eat"},
             "until the bucket is full": {"milk"}, "until you reach the top": {"climb"}}
    for name, entry in CLASSES.items():
        for condition in entry.get("conditions", ()):
            if condition in needs:
                assert needs[condition] & set(entry["verbs"]), (name, condition)
    assert not set(needs) & set(ACTIONS["actions"]["OTHERACTION"].get("conditions", ()))


def target_pairings() -> dict[str, set[str]]:
    """STOP / RESUME / UNDO activity -> the nouns it may be said with."""
    table: dict[str, set[str]] = {}
    for group in LEXICON["activities_on_objects"]:
        for activity in group["activities"]:
            table.setdefault(activity, set()).update(singulars(*group["objects"]))
    return table


@pytest.mark.parametrize(("activity", "noun"), NEVER_TARGETS)
def test_the_target_misfits_read_before_are_gone(activity, noun):
    assert noun not in target_pairings().get(activity, set())


def test_target_activities_on_creatures_are_creature_activities():
    creature_activities = {"feeding", "herding", "chasing", "fighting", "attacking", "hunting"}
    for activity, nouns in target_pairings().items():
        if activity not in creature_activities:
            assert not nouns & CREATURES - singulars("schematic_names", "plant_names"), activity


def _all_lists() -> list[str]:
    return sorted({source for entry in CLASSES.values() for source in entry["objects"]})


# -- generated commands keep to the pairings ------------------------------------------------------------------

_SKIPPED = {"the", "a", "an", "that", "this", "those", "these", "every", "each", "all", "of", "my", "your", "our"}


def _unmisspell() -> dict[str, str]:
    return {typo: word for word, typos in LEXICON["typos"].items() for typo in typos}


def _spans(node: dict[str, Any]) -> list[tuple[int, int]]:
    return [tuple(value[1]) for value in node.values() if isinstance(value, list) and len(value) == 2
            and isinstance(value[1], list)]


@pytest.mark.parametrize("kind", ["OTHERACTION", "DESTROY", "COPY", "FREEBUILD"])
def test_generated_verbs_take_objects_they_fit(kind):
    """Every action with verb classes: the verb said before the object is one whose class has that noun."""
    family = build({**template_config(), "action_type": kind, "dialogue_type": "HUMAN_GIVE_COMMAND"})
    table, unmisspell = pairings(kind), _unmisspell()
    numbers = set(LEXICON["number_words"]) | set(LEXICON["times_words"])
    checked = 0
    for index in range(4000):
        said = record(family, 19, index)
        tokens = said["tokens"]
        for action in said["logical_form"].get("action_sequence", ()):
            node = action.get("reference_object")
            if node is None or "has_name" not in node or (kind == "COPY" and "repeat" in action):
                continue  # "make 3 copies of the house" says no class verb
            start = min(s for s, _ in _spans(node))
            before = [unmisspell.get(t, t) for t in tokens[:start]]
            verbs = [v for v in table if before[-len(v.split()):] == v.split()]
            while not verbs and before and (before[-1] in _SKIPPED or before[-1].isdigit() or before[-1] in numbers):
                before.pop()  # determiners and counts between the verb and the noun ("gather the 5 pebbles")
                verbs = [v for v in table if before[-len(v.split()):] == v.split()]
            s, e = node["has_name"][1]
            noun = " ".join(unmisspell.get(t, t) for t in tokens[s : e + 1])
            assert verbs, (said["text"], before)
            assert any(noun in table[v] for v in verbs), (said["text"], verbs, noun)
            checked += 1
    assert checked > 1000

