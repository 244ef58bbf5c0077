"""The builder's prompt, in the shape of the seed's (Madge & Poesio, appendix "Builder prompt"), and a dialogue's
turns as chat messages.

The system message gives what the seed's builder prompt gives, in this project's words and from the facts of
:mod:`.world`: the ground's bounds as its four extreme points, y up from 0, the colours, the answer's JSON format
with its confidence and optional question, and "JSON only". It adds what the seed leaves unsaid and this family's
instructions rely on: the top of the world, what "left" and "right" mean here, and that blocks go from the ground
up but may stand in the air (the seed's Figure 2 builds a line going up diagonally). Each turn is the architect's
instruction with the world as it then stands and where the builder stands in it (instructions may count steps from
"your current position", as the seed's Figure 3 does); the builder's earlier answers are the assistant's messages
(the gold ones: the world a turn starts from is the one the gold answers built, so a model is judged on each turn
alone).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from scenegen.families.builder.world import COLOURS, HIGH, LOW, SIDES

Message = dict[str, str]


def system_prompt(height: int) -> str:
    """The builder's instructions for a world ``height`` blocks high."""
    left, right = SIDES["left"], SIDES["right"]
    return (
        f"You are the builder in a world of blocks. The ground runs from x = {LOW} to {HIGH} and from z = {LOW} to "
        f"{HIGH}: its most northern point is 0,0,{LOW}, its most southern 0,0,{HIGH}, its most western {LOW},0,0 and "
        f"its most eastern {HIGH},0,0. The y axis points up: y = 0 is the ground layer and y = {height - 1} the "
        f"highest a block may be. You face north, so left is {left} and right is {right}. An architect, who "
        "sees the structure to build and you do not, tells you what to do a step at a time, from the ground up; a "
        "block may also stand in the air, as in a line going up diagonally. A block is [x, y, z, colour], its "
        f"colour one of: {', '.join(COLOURS)}. "
        "Answer each instruction with the blocks to add and to remove, how confident you are that you understood "
        "it (0.0 to 1.0), and, only if the instruction leaves something unclear, a question to the architect, as "
        'one JSON object: {"add": [[x, y, z, colour], ...], "remove": [[x, y, z, colour], ...], '
        '"confidence": 0.0, "question": "..."}. Reply with the JSON object only, nothing else.'
    )


def world_line(blocks: Sequence[Sequence[Any]]) -> str:
    """The world as a turn shows it."""
    return f"The world now: {json.dumps([list(block) for block in blocks])}" if blocks else "The world is empty."


def position_line(position: Sequence[int]) -> str:
    """Where the builder stands, as a turn shows it (instructions may count steps from it)."""
    return f"You are standing at {', '.join(map(str, position))}."


def said(instruction: str, blocks: Sequence[Sequence[Any]], position: Sequence[int] | None = None) -> Message:
    """The architect's instruction, with the world it is given in (and where the builder stands in it)."""
    where = f"\n{position_line(position)}" if position is not None else ""
    return {"role": "user", "content": f"{world_line(blocks)}{where}\nArchitect: {instruction}"}


def answered(answer: Mapping[str, Any]) -> Message:
    """The builder's answer as its message."""
    return {"role": "assistant", "content": reply_text(answer)}


def reply_text(answer: Mapping[str, Any]) -> str:
    """An answer as a model should write it: the JSON object alone."""
    return json.dumps(answer)


def resolved(answer: str) -> Message:
    """The architect's answer to the builder's question."""
    return {"role": "user", "content": f"Architect: {answer}"}
