"""The data files under templates/caip/: read once, and rejected with a message naming the entry when unusable."""

from __future__ import annotations

import shutil

import pytest
import yaml

from scenegen.families.caip import lexicon
from scenegen.families.caip.config import compile_settings
from scenegen.families.caip.grammar import Grammar
from scenegen.families.caip.lexicon import LexiconError
from scenegen.plugin.resources import load_yaml


@pytest.fixture
def data(tmp_path):
    """A copy of templates/caip/ to break, and a function that builds the grammar from it."""
    folder = tmp_path / "caip"
    shutil.copytree(lexicon.DATA, folder)

    def edit(name, change):
        path = folder / f"{name}.yaml"
        document = load_yaml(path.read_text(encoding="utf-8"))
        change(document)
        path.write_text(yaml.dump(document, Dumper=getattr(yaml, "CSafeDumper", yaml.SafeDumper)), encoding="utf-8")

    def grammar(config=None):
        return Grammar(lexicon.load(folder), compile_settings(config or {"family": "caip"}))

    return edit, grammar


def test_the_bundled_data_loads_once():
    assert lexicon.load() is lexicon.load()
    Grammar(lexicon.load(), compile_settings({"family": "caip"}))


BROKEN = {
    "a span filler starting with an article": (
        "lexicon", lambda d: d["colours"].append("the red"), "lexicon.colours[73]: 'the red' starts with an article"),
    "a noun that is not a pair": (
        "lexicon", lambda d: d["schematic_names"].append("house"), "a noun is [singular, plural]"),
    "an unknown slot": (
        "phrases", lambda d: d["locations"]["place"]["SPEAKER_POS"]["NEAR"].append("near {dragon}"),
        "phrases.locations.place.SPEAKER_POS.NEAR[6]: 'near {dragon}' uses {dragon}"),
    "an object where the location names none": (
        "phrases", lambda d: d["locations"]["place"]["SPEAKER_POS"]["NEAR"].append("near {ref}"),
        "{ref} only belongs to REFERENCE_OBJECT locations"),
    "a direction nothing says": (
        "phrases", lambda d: d["locations"]["place"]["AGENT_POS"]["LEFT"].append("{steps}"),
        "a relative direction needs words that say it"),
    "an attribute filled from nowhere": (
        "phrases", lambda d: d["noun_phrases"]["schematic"]["attributes"]["has_colour"].append(
            {"at": "pre", "fill": "flavours"}), "fill 'flavours' is neither a word list"),
    "an attribute template with two values": (
        "phrases", lambda d: d["noun_phrases"]["schematic"]["attributes"]["has_height"].append(
            {"at": "post", "text": "{} by {} high", "fill": "measure"}), "with one value"),
    "an attribute template with two values in a row": (
        "phrases", lambda d: d["noun_phrases"]["schematic"]["attributes"]["has_height"].append(
            {"at": "post", "text": "of {} {}", "fill": "measure"}), "with one value"),
    "a coreference without its words": (
        "phrases", lambda d: d["locations"]["place"]["SPEAKER_POS"]["NONE"].append("over {coref}"),
        "phrases.locations.place.SPEAKER_POS.NONE[8]: {coref} needs the words that say it"),
    "a question's coreference without its words": (
        "dialogues", lambda d: d["get_memory"].append(
            {"text": "what is {coref}", "answer": "TAG", "tag": "has_name", "filter": "REFERENCE_OBJECT"}),
        "{coref} needs the words that say it"),
    "a condition starting on an article": (
        "phrases", lambda d: d["stop_conditions"]["CONDITION"].append("the whole day"),
        "must start with words other than an article"),
    "an action's condition starting on an article": (
        "actions", lambda d: d["actions"]["DIG"]["conditions"].append("a long time"),
        "actions.actions.DIG.conditions: "),
    "a weight for an attribute the noun phrase lacks": (
        "phrases", lambda d: d["noun_phrases"]["mob"].update(weights={"has_colour": 2}),
        "phrases.noun_phrases.mob.weights: ['has_colour'] are not attributes"),
    "an unknown figure stop": (
        "actions", lambda d: d["actions"]["MOVE"]["figure_stops"].append("SOMETIMES"), "stops among"),
    "an unknown way to repeat": (
        "actions", lambda d: d["actions"]["BUILD"]["repeats"].append("forever"), "repeats must be among"),
    "an unknown object": (
        "actions", lambda d: d["actions"]["DIG"].update(object="sandcastle"), "object 'sandcastle' is not"),
    "only bare frames": (
        "actions", lambda d: d["targets"]["frames"].update(STOP=["stop", "halt"]),
        "needs frames with a {target} and frames without"),
    "an action the config mixes but the data omits": (
        "actions", lambda d: d["actions"].pop("FREEBUILD"), "actions.yaml says nothing about ['FREEBUILD']"),
    "a verb class drawing from a list the lexicon lacks": (
        "actions", lambda d: d["actions"]["OTHERACTION"]["verb_classes"]["eat"].update(objects=["cheese_names"]),
        "actions.actions.OTHERACTION.verb_classes.eat: objects 'cheese_names' is not a noun list"),
    "a verb class with every noun excepted": (
        "actions", lambda d: d["actions"]["OTHERACTION"]["verb_classes"]["milk"].update(
            objects=["milkable_names"], **{"except": ["cow", "goat", "mooshroom", "mama cow"]}),
        "verb_classes.milk: no nouns left to say"),
    "an activity group drawing from a list the lexicon lacks": (
        "lexicon", lambda d: d["activities_on_objects"][0].update(objects=["castle_names"]),
        "lexicon.activities_on_objects[0]: objects ['castle_names'] are not noun lists"),
    "a motion exclusion that is no place phrase": (
        "phrases", lambda d: d["not_said"]["motion"].append("at the moon"),
        "phrases.not_said.motion: ['at the moon']"),
    "a use that leaves a location type unsaid": (
        "phrases", lambda d: d["not_said"]["dance"].extend(
            t for ts in d["locations"]["place"]["SPEAKER_LOOK"].values() for t in ts),
        "phrases.not_said.dance: leaves no phrase of ['SPEAKER_LOOK']"),
    "an action at a location nobody says": (
        "actions", lambda d: d["actions"]["DANCE"].update(location="orbit"), "location 'orbit' is none of"),
    "a location object drawing from a list the lexicon lacks": (
        "phrases", lambda d: d["location_objects"]["heights"].update(objects=["sky_names"]),
        "phrases.location_objects.heights: objects 'sky_names' is not a noun list"),
    "a location object for no phrase": (
        "phrases", lambda d: d["location_objects"]["heights"]["phrases"].append("atop {ref}"),
        "phrases.location_objects.heights: ['atop {ref}'] are not location phrases"),
    "a verb class described as no noun phrase": (
        "actions", lambda d: d["actions"]["OTHERACTION"]["verb_classes"]["pets"].update(noun_phrase="critter"),
        "verb_classes.pets: 'critter' is not a noun phrase of phrases.yaml"),
    "a location object for no use": (
        "phrases", lambda d: d["location_objects"]["overheads"].update(uses=["motion", "flight"]),
        "phrases.location_objects: uses ['flight'] are none of"),
    "a verb class with tags the lexicon lacks": (
        "actions", lambda d: d["actions"]["DESTROY"]["verb_classes"]["trees"].update(tags=["leafy_tags"]),
        "tags 'leafy_tags' is not a tag list"),
    "a tag that agrees in three ways": (
        "lexicon", lambda d: d["built_tags"].append(["that is old", "that are old", "that be old"]),
        "words that agree are [after a singular, after a plural]"),
    "a frame kind drawing unknown activities": (
        "actions", lambda d: d["targets"]["activities"].update(UNDO=["changes", "wishes"]),
        "actions.targets.activities.UNDO: ['wishes'] are not classes"),
    "a pairing of an action nobody says": (
        "phrases", lambda d: d["composites"]["pairings"].append({"steps": [{"action": "BUILD"}, {"action": "FLY"}]}),
        "phrases.composites.pairings[10].steps[1]: action 'FLY' is not an action"),
    "a pairing of three steps": (
        "phrases", lambda d: d["composites"]["pairings"].append({"steps": [{"action": "BUILD"}] * 3}),
        "phrases.composites.pairings[10]: a pairing has two steps, not 3"),
    "a pairing's repeat its action lacks": (
        "phrases", lambda d: d["composites"]["pairings"][0]["steps"][0].update(repeat="times"),
        "phrases.composites.pairings[0].steps[0]: repeat 'times' is not one of SPAWN's"),
    "a pairing's attribute its object lacks": (
        "phrases", lambda d: d["composites"]["pairings"][0]["steps"][1].update(attributes=["has_flavour"]),
        "attributes ['has_flavour'] are not attributes of its object"),
    "a pairing's objects for an action of verb classes": (
        "phrases", lambda d: d["composites"]["pairings"][5]["steps"][1].update(objects=["tree_names"]),
        "phrases.composites.pairings[5].steps[1]: OTHERACTION's verb classes say its objects"),
    "a pairing's pronoun for a schematic": (
        "phrases", lambda d: d["composites"]["pairings"][2]["steps"][1].update(pronoun=True),
        "only a reference object is said by a pronoun"),
    "a pairing's step asking what no step says": (
        "phrases", lambda d: d["composites"]["pairings"][2]["steps"][1].update(colour="red"),
        "['colour'] are not what a step says"),
    "a pairing share above 1": (
        "phrases", lambda d: d["composites"].update(share=1.5), "phrases.composites.share: 1.5 is not a share"),
    "a question with an unknown slot": (
        "dialogues", lambda d: d["get_memory"].append({"text": "where is {place}", "answer": "TAG", "filter": "AGENT"}),
        "uses {place}"),
}


@pytest.mark.parametrize("name", BROKEN)
def test_broken_data_is_named(data, name):
    edit, grammar = data
    file, change, message = BROKEN[name]
    edit(file, change)
    with pytest.raises(LexiconError) as raised:
        grammar()
    assert message in str(raised.value)


def test_more_words_mean_more_commands(data):
    edit, grammar = data
    edit("lexicon", lambda d: d["colours"].append("chartreuse"))
    words = {w for piece in grammar().dialogues.triple_values["colour"] for w in piece.tokens}
    assert "chartreuse" in words
