"""Collisions (passive) scenes replayed independently of the generator and of the family's checks, from the JSON
alone: each block's x on every step from its show and its moves; the mover is the block that sets off first; the
touch is the first step the gap between their faces closes. The rule a scene must keep: the block struck stays put
until it is touched, then moves off with the momentum the mover brings (its mass times its last step before the
touch is their two masses times their first steps after it), the two parting no faster than they closed, and
neither passes into the other. The first rule a scene breaks is its event."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

#: How near faces count as touching, and how far momentum may be off (the 0.1 mm a file writes each step in).
TOUCH = 1e-3
MOMENTUM = 2e-3


def track(item: Mapping[str, Any], last_step: int) -> np.ndarray:
    """The block's x at the end of every step from 0 to ``last_step``."""
    step_moves = np.zeros(last_step + 1)
    for move in item.get("moves", []):
        step_moves[move["stepBegin"]:move["stepEnd"] + 1] += move["vector"]["x"]
    return float(item["shows"][0]["position"]["x"]) + np.cumsum(step_moves)


def replay(scene: Mapping[str, Any]) -> dict[str, Any]:
    """The scene's mover and struck block, the step they touch, its event (``none``, ``moved_early``,
    ``not_moved``) and so its kind."""
    blocks = [item for item in scene["objects"] if item["type"] == "cube"]
    last = int(scene["goal"]["last_step"])
    first = [min((move["stepBegin"] for move in item.get("moves", [])), default=last + 1) for item in blocks]
    mover, struck = (blocks[0], blocks[1]) if first[0] < first[1] else (blocks[1], blocks[0])
    x_mover, x_struck = track(mover, last), track(struck, last)
    reach = (mover["shows"][0]["scale"]["x"] + struck["shows"][0]["scale"]["x"]) / 2
    direction = np.sign(x_struck[0] - x_mover[0])
    gap = direction * (x_struck - x_mover) - reach
    assert gap.min() > -TOUCH, "one block passes into the other"
    moved = np.flatnonzero(np.abs(x_struck - x_struck[0]) > TOUCH / 10)
    if moved.size and gap[moved[0] - 1] > TOUCH:  # it set off while the faces were apart
        return _found(mover, struck, None, "moved_early")
    touch = int(np.argmax(gap < TOUCH))  # the step at whose end the faces meet
    assert gap[touch] < TOUCH, "the blocks never touch"
    if not moved.size:
        return _found(mover, struck, touch + 1, "not_moved")
    closing = x_mover[touch] - x_mover[touch - 1]
    after = (x_mover[touch + 1] - x_mover[touch], x_struck[touch + 1] - x_struck[touch])
    masses = (mover["mass"], struck["mass"])
    assert moved[0] == touch + 1, "the block struck sets off after the touch, not with it"
    assert abs(masses[0] * closing - masses[0] * after[0] - masses[1] * after[1]) < MOMENTUM * sum(masses)
    assert -TOUCH / 10 <= direction * (after[1] - after[0]) <= direction * closing + TOUCH / 10
    return _found(mover, struck, touch + 1, "none")


def _found(mover: Mapping[str, Any], struck: Mapping[str, Any], touch: int | None, event: str) -> dict[str, Any]:
    return {"mover_id": mover["id"], "struck_id": struck["id"], "touch": touch, "event": event,
            "kind": "expected" if event == "none" else "unexpected"}
