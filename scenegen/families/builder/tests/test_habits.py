"""The architect's habits in the seed's figures (issue 38), each read independently of the family's code: the part
just built moved ("move it two steps to the north") or lifted ("lift it one level"), a part said from a corner
repeated from the other corners ("repeat this from the other corners", Figure 2), places said from the builder's
current position (Figure 3) or halfway between the only two parts of a kind; and the replay refusing a habit's
turn that does not do what it says."""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

from .support import COLOURS, LANDMARKS, NUMBERS, build, legs, records

CONFIG = {"standing": {"min": 0, "max": 2}, "placement": {"choices": ["landmark", "between", "beside"]},
          "from_position": 0.3, "move": 0.4, "corners": 0.8, "repeat": 0.4}
#: The corners by their names (the seed's "the most south west corner").
CORNERS = {name: at for name, at in LANDMARKS.items() if abs(at[0]) == abs(at[1]) == 5}
_CORNER = "|".join(sorted(map(re.escape, CORNERS), key=len, reverse=True))
_COLOUR = "|".join(COLOURS)

Block = tuple[int, int, int, str]


def habit_turns(record: dict[str, Any]) -> Iterator[tuple[dict[str, Any], list[Block], str]]:
    """Each habit's turn with the blocks of the part built last (what the last turn that added blocks added, less
    what a correction then took back) and the instruction that built it."""
    last: list[Block] = []
    said = ""
    for turn in record["turns"]:
        answer = turn["answer"]
        if "habit" in turn:
            yield turn, last, said
        if answer["add"]:
            last = [tuple(block) for block in answer["add"]]
            if "habit" not in turn:
                said = turn["instruction"]
        else:
            last = [block for block in last if list(block) not in answer["remove"]]


def shift_said(turn: dict[str, Any]) -> tuple[int, int, int]:
    """How far a move or lift instruction says to shift the part: steps along the ground, or levels up."""
    text = turn["instruction"]
    if turn["habit"] == "lift":
        levels = re.findall(rf"\b({'|'.join(NUMBERS)}) levels?\b", text)
        assert len(levels) == 1 and legs(text) == (0, 0), text
        return (0, NUMBERS.index(levels[0]), 0)
    dx, dz = legs(text)
    return (dx, 0, dz)


def made() -> list[dict[str, Any]]:
    return records(build(CONFIG), 300, seed=38)


def test_a_move_or_lift_shifts_the_part_built_last_as_said():
    seen: Counter[str] = Counter()
    for record in made():
        for turn, last, _ in habit_turns(record):
            if turn["habit"] not in ("move", "lift"):
                continue
            seen[turn["habit"]] += 1
            dx, dy, dz = shift_said(turn)
            assert [dx, dy, dz] == turn["shift"], turn
            assert sorted(map(tuple, turn["answer"]["remove"])) == sorted(last), turn
            assert sorted(map(tuple, turn["answer"]["add"])) == sorted((x + dx, y + dy, z + dz, c)
                                                                        for x, y, z, c in last), turn
            # the part is named as "it" or "what you just built", or by its colour, which is the part's
            named = re.findall(rf"\b({_COLOUR})\b", turn["instruction"])
            assert set(named) <= {c for *_, c in last}, turn
            if turn["habit"] == "move":
                assert min(y for _, y, _, _ in last) == 0, turn  # moved along the ground
    assert seen["move"] > 20 and seen["lift"] > 20, seen


def test_repeat_from_the_other_corners_mirrors_the_part_into_each_of_them():
    seen = coloured = 0
    for record in made():
        for turn, last, said in habit_turns(record):
            if turn["habit"] != "corners":
                continue
            seen += 1
            corner = re.findall(rf"\b(?:of|from|at) ({_CORNER})\b", said)
            assert len(corner) == 1, said
            cx, cz = CORNERS[corner[0]]
            colours = {CORNERS[name]: colour for colour, name in
                       re.findall(rf"\b({_COLOUR}) from ({_CORNER})\b", turn["instruction"])}
            others = [at for at in {(5, 5), (5, -5), (-5, 5), (-5, -5)} if at != (cx, cz)]
            if colours:
                coloured += 1
                assert set(colours) == set(others), turn
            else:
                assert not re.search(rf"\b({_COLOUR})\b", turn["instruction"]), turn
            expected = {(x if ox == cx else -x, y, z if oz == cz else -z, colours.get((ox, oz), c))
                        for ox, oz in others for x, y, z, c in last}
            assert sorted(map(tuple, turn["answer"]["add"])) == sorted(expected), turn
            assert not turn["answer"]["remove"], turn
    assert seen > 20 and coloured > 5, (seen, coloured)


def test_places_are_said_from_the_builders_position_and_between_two_parts():
    """test_instructions.py reads each place (its "habits" config); here: both are said often enough, and a
    place from the builder's position needs the position the record gives."""
    said: Counter[str] = Counter()
    for record in made():
        for turn in record["turns"]:
            text = turn["instruction"]
            said["position"] += bool(re.search(r"your current position|where you (?:are standing|stand)", text))
            said["between"] += bool(re.search(r"(?:halfway|midway) between the two", text))
        assert -5 <= record["position"][0] <= 5 and record["position"][1] == 0 and -5 <= record["position"][2] <= 5
    assert said["position"] > 50 and said["between"] > 10, said


def test_the_replay_refuses_a_habit_that_does_not_do_what_it_says():
    family = build(CONFIG)
    checked: Counter[str] = Counter()
    for record in made():
        for i, turn in enumerate(record["turns"]):
            habit = turn.get("habit")
            if habit is None or checked[habit] >= 3:
                continue
            checked[habit] += 1
            assert family.check(record, None) == []
            if habit in ("move", "lift"):
                wrong = copy.deepcopy(record)
                wrong["turns"][i]["shift"][0 if habit == "lift" else 1] += 1
                assert family.check(wrong, None), habit
            if habit == "lift":  # a lift's blocks may stand in the air only as a lift's
                wrong = copy.deepcopy(record)
                del wrong["turns"][i]["habit"], wrong["turns"][i]["shift"]
                assert family.check(wrong, None)
            if habit == "corners":
                wrong = copy.deepcopy(record)
                wrong["turns"][i]["answer"]["add"] = wrong["turns"][i]["answer"]["add"][1:]
                assert family.check(wrong, None)
    assert set(checked) == {"move", "lift", "corners"}
