"""Every instruction states every attribute its gold answer depends on, unless it is labelled under-specified,
and then the label names exactly what is missing (both directions, read independently: support.py)."""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any

import pytest

from .support import (
    AGAIN,
    NOUNS,
    ONE_COLUMN,
    build,
    colours_said,
    described,
    directions_said,
    numbers_said,
    part_blocks,
    records,
    resolve,
    where,
)

#: The size a correction takes back by one, by kind (docs/builder.md): the instruction said one more.
GROWN = {"column": 0, "stack": 0, "row": 0, "diagonal": 0, "wall": 1}

CONFIGS: dict[str, dict[str, Any]] = {
    "default": {},
    "clarifying": {"clarification": 0.8, "correction": 0.3, "repeat": 0.5},
    "references": {"placement": {"choices": ["on_top", "beside"]}, "kind": ["block", "column", "stack", "row"],
                   "clarification": 0.5, "missing": "reference", "coreference": 0.5},
    "standing": {"standing": {"min": 1, "max": 4}, "placement": {"choices": ["on_top", "beside"]},
                 "kind": ["block", "column", "stack", "row"], "clarification": 0.3},
    # the architect's habits: places from the builder's position and between two parts, moves, lifts, corners
    "habits": {"standing": {"min": 0, "max": 2}, "placement": {"choices": ["landmark", "between", "beside"]},
               "from_position": 0.3, "move": 0.3, "corners": 0.6, "clarification": 0.3, "repeat": 0.4},
}


def build_turns(record: dict[str, Any]) -> list[tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]], int]]:
    """(turn, part, parts built before, size grown by) of each turn that builds a part; each turn with the text it
    states its part in as ``"described"`` (its instruction, or the one before for "another one")."""
    found = []
    parts = record["parts"]
    turns = record["turns"]
    # a turn that repeats a part from the other corners records three parts; a move or lift none
    building, indices, k = [], [], 0
    for i, turn in enumerate(turns):
        if turn.get("habit") == "corners":
            k += 3
        elif turn["answer"]["add"] and "habit" not in turn:
            building.append(i)
            indices.append(k)
            k += 1
    assert k == len(parts)
    texts = described([turns[i]["instruction"] for i in building])
    for n, (i, k) in enumerate(zip(building, indices, strict=True)):
        corrected = i + 1 < len(turns) and not turns[i + 1]["answer"]["add"]
        # what a reference may name: the structures standing from the start, then the parts built before
        turn = {**turns[i], "described": texts[n], "position": record["position"]}
        found.append((turn, parts[k], [*record["standing"], *parts[:k]], 1 if corrected else 0))
    return found


def said_part(turn: dict[str, Any], part: dict[str, Any], before: list[dict[str, Any]],
              grown: int) -> dict[str, Any]:
    """The part as the instruction (and, when it is labelled, the resolving answer) says it: its place as said in
    the instruction, the rest in the text it states its part in."""
    text = turn["described"]
    clarification = turn.get("clarification")
    missing = set(clarification["missing"]) if clarification else set()
    answer = clarification["answer"] if clarification else ""
    kind = part["kind"]
    colours = colours_said(answer if "colour" in missing else text)
    sizes = numbers_said(answer if missing & {"count", "extent"} else text)
    if kind == "pyramid":
        assert sizes[0] == sizes[1]
        sizes = sizes[:1]
    further = answer.removeprefix("the one further ") if "reference" in missing else None
    anchor = where(answer if "position" in missing else turn["instruction"], before, further, turn["position"])
    return {"colours": colours, "size": sizes, "direction": directions_said(text), "anchor": anchor}


@pytest.mark.parametrize("name", CONFIGS)
def test_each_instruction_says_what_its_gold_answer_adds(name):
    checked = 0
    for record in records(build(CONFIGS[name]), 150, seed=len(name)):
        for turn, part, before, grown in build_turns(record):
            said = said_part(turn, part, before, grown)
            size = list(part["size"].values())
            if grown:
                size[GROWN[part["kind"]]] += 1
            colours = said["colours"] if part["kind"] == "stack" else said["colours"][:1]
            assert said["colours"] and set(said["colours"]) == set(colours), turn
            blocks = part_blocks(part["kind"], colours, said["size"], said["direction"], said["anchor"])
            assert blocks == {tuple(block) for block in turn["answer"]["add"]}, turn
            assert said["size"] == size and said["direction"] == part["direction"], turn
            checked += 1
    assert checked > 300


@pytest.mark.parametrize("name", CONFIGS)
def test_an_instruction_lacks_exactly_what_its_label_names(name):
    labelled = set()
    for record in records(build(CONFIGS[name]), 150, seed=len(name)):
        for turn, part, before, _ in build_turns(record):
            text = turn["described"]
            missing = set(turn["clarification"]["missing"]) if "clarification" in turn else set()
            labelled |= missing
            kind = part["kind"]
            if kind != "stack":
                assert bool(colours_said(text)) == ("colour" not in missing), turn
            if part["size"]:
                assert bool(numbers_said(text)) == (not missing & {"count", "extent"}), turn
            place = where(turn["instruction"], before, position=turn["position"])
            if "position" in missing:
                assert place is None, turn
            elif "reference" in missing:
                assert place == ("ambiguous", 2), turn
            else:
                assert place is not None and place[0] != "ambiguous", turn
            if missing & {"count", "extent"}:
                kind_of_size = "count" if kind in ("column", "row", "diagonal", "rising", "staircase") else "extent"
                assert missing == {kind_of_size}, turn
    if name != "default":  # each config's kinds offer these (no extent among the one-column parts and rows)
        expected = {"references": {"reference"}, "standing": {"colour", "position", "count"}}
        assert labelled >= expected.get(name, {"colour", "position", "count", "extent"})


def test_references_name_one_column_parts_by_nouns_the_reading_knows():
    for record in records(build(CONFIGS["references"]), 100):
        for turn, _, before, _ in build_turns(record):
            if before and "on top of" in turn["instruction"]:
                assert any(noun in turn["instruction"] for noun in (*NOUNS, "it", "that one"))
    assert set(ONE_COLUMN) <= set(NOUNS.values())


def test_the_colour_block_names_the_only_part_of_that_colour():
    pattern = re.compile(r"(?:on top|to the \w+) of the (\w+) block\b")
    seen = 0
    for record in records(build(CONFIGS["references"]), 150):
        for turn, _, before, _ in build_turns(record):
            match = pattern.search(turn["instruction"])
            if match:
                seen += 1
                assert sum(match[1] in part["colours"] for part in before) == 1, turn
    assert seen > 5


def test_a_reference_may_name_a_structure_standing_from_the_start():
    """With distractors standing, some instructions place a part on or beside one of them: the world given with
    the instruction is needed to read it."""
    named = 0
    for record in records(build(CONFIGS["standing"]), 100):
        standing = record["standing"]
        for turn, _, before, _ in build_turns(record):
            place = where(turn["instruction"], before)
            pronoun = re.search(r"\b(it|that one)\b", turn["instruction"])
            if place is not None and place[0] != "ambiguous" and not pronoun:
                refs = re.findall(r"of the ((?:\w+ )?(?:block|column|tower|stack|row|line))\b", turn["instruction"])
                named += any(part in standing for ref in refs for part in resolve("the " + ref, before))
    assert named > 20


def test_another_one_builds_the_part_just_built_again_elsewhere():
    """Ellipsis across turns: "another one <place>" follows a fully specified turn (no question, no correction)
    and builds the same part (kind, colours, size, directions) at the place it says."""
    seen = 0
    for record in records(build(), 300, seed=7):
        turns = build_turns(record)
        for (before_turn, before_part, _, grown), (turn, part, _, _) in pairwise(turns):
            if AGAIN.search(turn["instruction"]):
                seen += 1
                assert "clarification" not in turn and "clarification" not in before_turn and not grown, turn
                assert [part[key] for key in ("kind", "colours", "size", "direction")] == \
                       [before_part[key] for key in ("kind", "colours", "size", "direction")], turn
    assert seen > 20
