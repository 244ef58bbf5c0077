"""Issue 39: composites people make as patterns (phrases.yaml composites) are drawn whole, so a command's second
action goes with its first ("spawn 30 cows and build a fence 3 blocks high"), and only as the config allows."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import numpy as np

from .support import LEXICON, PHRASES, build

COMMANDS = {"family": "caip", "dialogue_type": "HUMAN_GIVE_COMMAND", "actions_per_command": 2}


def commands(config: dict[str, Any], n: int, seed: int = 39) -> Iterator[dict[str, Any]]:
    family = build({**COMMANDS, **config})
    for index in range(n):
        yield family.generate(index, np.random.default_rng((seed, index))).documents[""]


def said(record: dict[str, Any], span: list[Any]) -> str:
    _, (start, end) = span
    return " ".join(record["tokens"][start : end + 1])


def test_spawning_animals_then_building_a_pen_is_one_pattern():
    """With only SPAWN and BUILD mixed and no repeat nor stop drawn, a counted SPAWN is the pairing's: it counts farm
    animals, and its BUILD names a pen, some said with their height alone ("a fence 3 blocks high"), the shape of
    Appendix D's "spawn 30 cows and build a 15 by 15 fence"."""
    animals = {pair[1] for pair in LEXICON["farm_animal_names"]}
    pens = {pair[0] for pair in LEXICON["pen_names"]}
    pairs = heights = 0
    for record in commands({"action_type": ["SPAWN", "BUILD"], "repeat": 0.0, "stop_condition": 0.0, "typos": 0.0},
                           600):
        first, second = record["logical_form"]["action_sequence"]
        if "repeat" not in first:
            continue
        pairs += 1
        assert first["action_type"] == "SPAWN" and first["repeat"]["repeat_key"] == "FOR", record["text"]
        assert said(record, first["reference_object"]["has_name"]) in animals, record["text"]
        assert second["action_type"] == "BUILD", record["text"]
        assert said(record, second["schematic"]["has_name"]) in pens, record["text"]
        heights += set(second["schematic"]) == {"has_name", "has_height"}
    assert pairs >= 20 and heights >= 5, (pairs, heights)


def test_a_pairing_is_drawn_as_a_whole():
    """Of two-action commands mixing only MOVE and BUILD, MOVE then BUILD (a pairing) is commoner than BUILD then
    MOVE (drawn apart only)."""
    orders = Counter(tuple(action["action_type"] for action in record["logical_form"]["action_sequence"])
                     for record in commands({"action_type": ["MOVE", "BUILD"]}, 800))
    assert orders[("MOVE", "BUILD")] > 1.5 * orders[("BUILD", "MOVE")], orders


def test_filling_what_was_dug_says_it_by_a_pronoun():
    """With no coreference drawn, only the pairing "dig a hole and then fill it" says one: a FILL's, after a DIG,
    by a bare pronoun."""
    pronouns = {*PHRASES["determiners"]["pronouns"], *PHRASES["determiners"]["pronouns_after_particle"]}
    filled = 0
    for record in commands({"action_type": ["DIG", "FILL"], "coreference": 0.0, "location": 0.0}, 400):
        first, second = record["logical_form"]["action_sequence"]
        if second.get("reference_object", {}).get("contains_coreference") == "yes":
            assert (first["action_type"], second["action_type"]) == ("DIG", "FILL"), record["text"]
            assert "has_name" not in second["reference_object"] and "repeat" not in second, record["text"]
            assert any(f" {p}" in record["text"] for p in pronouns), record["text"]
            filled += 1
        assert "contains_coreference" not in first.get("schematic", {}), record["text"]
    assert filled >= 20


def test_pairings_follow_the_config():
    """No pairing brings in an action the config's mix leaves out; one action per command draws none."""
    for record in commands({"action_type": ["BUILD", "DESTROY"]}, 300):
        assert {a["action_type"] for a in record["logical_form"]["action_sequence"]} <= {"BUILD", "DESTROY"}
    for record in commands({"action_type": "SPAWN", "actions_per_command": 1}, 300):
        (action,) = record["logical_form"]["action_sequence"]
        assert action["action_type"] == "SPAWN"
