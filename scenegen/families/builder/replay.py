"""Replay a dialogue's gold answers and report where it goes wrong.

From the world standing at the start (``start``: distractors no turn builds), each
turn's gold answer removes its ``remove`` blocks, then adds its ``add`` blocks.
Checked: every block named is inside the world and has a known colour; a removed
block is there, in that colour; an added block goes to an empty cell (and is named
once); after each turn every block stands on the ground or on a block (but the
blocks of a rising line, which its part's anchor, direction and length place in the
air, and those a lift put there), and the world is the turn's ``world_after`` (and
the next turn's ``world_before``); after the last turn the world is exactly the
target. The architect's habits (a turn's ``habit``) are checked against the part
built last (the blocks the last building turn added, less what a correction took
back): a move or lift removes exactly those blocks and adds each again ``shift``
away; a repeat from the other corners adds exactly their three mirror images (x,
z or both reflected through the centre), in any colours.

The world is a dict ``{(x, y, z): colour}``, not a numpy grid: a dialogue names a
few dozen blocks, and dict and set lookups on so few cost about a tenth of the
numpy calls on arrays that small (a default dialogue replayed on a numpy grid took
286 us). This code shares nothing with the generator's own world
(:mod:`.placement`), so the check is a second reading of the answers.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scenegen.errors import Problem
from scenegen.families.builder.world import COLOURS, COMPASS, DIAGONALS, HIGH, LOW

Cell = tuple[int, int, int]
_COLOURS = frozenset(COLOURS)
_STEPS = {**COMPASS, **DIAGONALS}


def replay_problems(document: Mapping[str, Any]) -> list[Problem]:
    """Every way the gold answers of ``document`` fail to build its target, turn by turn (stops at the first)."""
    height = document["height"]
    in_the_air = _rising_cells([*document["standing"], *document["parts"]])
    world: dict[Cell, str] = {}
    problem = _apply(world, document["start"], height, removing=False)
    if problem:
        return [Problem("$.start", problem)]
    listed: list[list[Any]] = [[x, y, z, colour] for (x, y, z), colour in sorted(world.items())]
    if listed != document["start"]:
        return [Problem("$.start", "is not sorted by cell")]
    last: list[list[Any]] = []  # the blocks of the part built last
    for i, turn in enumerate(document["turns"]):
        path = f"$.turns[{i}]"
        if turn["world_before"] != listed:
            return [Problem(f"{path}.world_before", "is not the world the turns before it leave")]
        answer = turn["answer"]
        habit = turn.get("habit")
        problem = _habit_problem(habit, turn, last)
        if problem:
            return [Problem(f"{path}.answer", problem)]
        if answer["add"]:
            last = answer["add"]
            if habit == "lift":
                in_the_air |= {(x, y, z) for x, y, z, _ in last}
        else:
            last = [block for block in last if block not in answer["remove"]]
        problem = _apply(world, answer["remove"], height, removing=True) or _apply(world, answer["add"], height,
                                                                                  removing=False)
        if problem:
            return [Problem(f"{path}.answer", problem)]
        floating = [[x, y, z] for x, y, z in sorted(world) if y and (x, y - 1, z) not in world
                    and (x, y, z) not in in_the_air]
        if floating:
            return [Problem(f"{path}.answer", f"leaves blocks in the air: {floating}")]
        listed = [[x, y, z, colour] for (x, y, z), colour in sorted(world.items())]
        if turn["world_after"] != listed:
            return [Problem(f"{path}.world_after", "is not the world after the gold answer")]
    if listed != document["target"]:
        return [Problem("$.target", "is not the world the gold answers build")]
    return []


def _habit_problem(habit: str | None, turn: Mapping[str, Any], last: list[list[Any]]) -> str | None:
    """How a habit's gold answer fails to do what its habit does to the part built last (None: it does it)."""
    if habit is None:
        return None
    answer = turn["answer"]
    if habit in ("move", "lift"):
        dx, dy, dz = turn["shift"]
        if not (dx == dz == 0 < dy) if habit == "lift" else (dy != 0 or dx == dz == 0):
            return f"a {habit} shifts by {turn['shift']}"
        if sorted(answer["remove"]) != sorted(last):
            return f"a {habit} does not remove exactly the part built last"
        if sorted(answer["add"]) != sorted([x + dx, y + dy, z + dz, c] for x, y, z, c in last):
            return f"a {habit} does not add the part built last again, shifted by {turn['shift']}"
        return None
    if habit == "corners":
        cells = {(x, y, z) for x, y, z, _ in last}
        mirrors = {(LOW + HIGH - x if fx else x, y, LOW + HIGH - z if fz else z)
                   for fx, fz in ((True, False), (False, True), (True, True)) for x, y, z in cells}
        if answer["remove"] or sorted((x, y, z) for x, y, z, _ in answer["add"]) != sorted(mirrors):
            return "a repeat from the other corners does not add the three mirror images of the part built last"
        return None
    return f"an unknown habit {habit!r}"


def _rising_cells(parts: Sequence[Mapping[str, Any]]) -> set[Cell]:
    """The cells of the rising lines, which stand in the air: from the first block, one up and one step in the
    part's direction (a compass or diagonal one) a block."""
    cells: set[Cell] = set()
    for part in parts:
        if part["kind"] == "rising":
            dx, dz = _STEPS[part["direction"][0]]
            x, y, z = part["anchor"]
            cells.update((x + i * dx, y + i, z + i * dz) for i in range(part["size"]["length"]))
    return cells


def _apply(world: dict[Cell, str], entries: Sequence[Sequence[Any]], height: int, removing: bool) -> str | None:
    """Remove or add ``entries`` on ``world`` in place; why that cannot be done (None: done)."""
    if not entries:
        return None
    if any(entry[3] not in _COLOURS for entry in entries):
        return "names a colour outside the six"
    cells = [(entry[0], entry[1], entry[2]) for entry in entries]
    if not all(LOW <= x <= HIGH and 0 <= y < height and LOW <= z <= HIGH for x, y, z in cells):
        return "names a block outside the world"
    if len(set(cells)) != len(cells):
        return "names a block twice"
    if removing:
        if any(world.get(cell) != entry[3] for cell, entry in zip(cells, entries, strict=True)):
            return "removes a block that is not there in that colour"
        for cell in cells:
            del world[cell]
    else:
        if any(cell in world for cell in cells):
            return "adds a block to an occupied cell"
        for cell, entry in zip(cells, entries, strict=True):
            world[cell] = entry[3]
    return None
