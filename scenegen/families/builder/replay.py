"""Replay a dialogue's gold answers on the numpy world and report where it goes wrong.

From the empty world, each turn's gold answer removes its ``remove`` blocks, then
adds its ``add`` blocks. Checked: every block named is inside the world and has a
known colour; a removed block is there, in that colour; an added block goes to an
empty cell (and is named once); after each turn every block stands on the ground
or on a block, and the world is the turn's ``world_after`` (and the next turn's
``world_before``); after the last turn the world is exactly the target.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ...errors import Problem
from .world import COLOURS, blocks, empty, in_bounds, indices, unsupported

_CODES = {colour: code for code, colour in enumerate(COLOURS, start=1)}


def replay_problems(document: Mapping[str, Any]) -> list[Problem]:
    """Every way the gold answers of ``document`` fail to build its target, turn by turn (stops at the first)."""
    height = document["height"]
    world = empty(height)
    for i, turn in enumerate(document["turns"]):
        path = f"$.turns[{i}]"
        if turn["world_before"] != blocks(world):
            return [Problem(f"{path}.world_before", "is not the world the turns before it leave")]
        answer = turn["answer"]
        problem = (_apply(world, answer["remove"], height, removing=True)
                   or _apply(world, answer["add"], height, removing=False))
        if problem:
            return [Problem(f"{path}.answer", problem)]
        floating = unsupported(world)
        if len(floating):
            return [Problem(f"{path}.answer", f"leaves blocks in the air: {floating.tolist()}")]
        if turn["world_after"] != blocks(world):
            return [Problem(f"{path}.world_after", "is not the world after the gold answer")]
    if blocks(world) != document["target"]:
        return [Problem("$.target", "is not the world the gold answers build")]
    return []


def _apply(world: np.ndarray, entries: Sequence[Sequence[Any]], height: int, removing: bool) -> str | None:
    """Remove or add ``entries`` on ``world`` in place; why that cannot be done (None: done)."""
    if not entries:
        return None
    if any(entry[3] not in _CODES for entry in entries):
        return "names a colour outside the six"
    cells = np.array([entry[:3] for entry in entries], dtype=np.int64)
    codes = np.array([_CODES[entry[3]] for entry in entries], dtype=np.int8)
    if not in_bounds(cells, height):
        return "names a block outside the world"
    if len(np.unique(cells, axis=0)) != len(cells):
        return "names a block twice"
    where = indices(cells)
    if removing:
        if not np.array_equal(world[where], codes):
            return "removes a block that is not there in that colour"
        world[where] = 0
    else:
        if world[where].any():
            return "adds a block to an occupied cell"
        world[where] = codes
    return None
