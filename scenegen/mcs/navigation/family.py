"""The navigation task over a field of dangerous floor cells (MCS eval 7, "Navigation - Holes and Lava").

The performer starts on a 1 m platform near the front wall, with a view of the
room. The soccer ball is near the back wall, on the floor or held by a human
agent (the performer asks for it with InteractWithAgent); a blob may stand near
it. Between them lies a field of lava or hole cells that cuts the straight way.
:class:`FieldNavigation` makes both tasks; the Lava and Holes families
(:mod:`scenegen.families.lava`, :mod:`scenegen.families.holes`) name it and give
their defaults.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

import numpy as np

from scenegen.errors import GenerationError, Problem
from scenegen.mcs.geometry.catalog import object_size, resting_y
from scenegen.mcs.model import AgentSettings, Scene, SceneObject
from scenegen.mcs.navigation.field import CLEAR_ROWS, Field, FieldShape, draw_field, field_band
from scenegen.mcs.objects import (
    HUMAN_AGENT_SIZE,
    TARGET_BALL_RADIUS,
    TARGET_BALL_SCALE,
    blob,
    held_ball,
    human_agent,
    platform,
    soccer_ball,
)
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.plugin.values import DECIMALS, below

#: The performer starts on top of the platform.
PLATFORM_TOP = 1.0
#: The two outfits the evaluation's agents wear (``docs/mcs_facts.md`` 11.3): agentSettings options have no
#: documented ranges, so only outfits known to dress an agent are drawn.
OUTFITS = (
    AgentSettings(chest=8, skin=0, chest_material=13, eyes=2, feet=0, feet_material=3, hair=5, hair_material=0,
                  hat_material=-1, legs=0, legs_material=11),
    AgentSettings(chest=7, skin=13, chest_material=5, eyes=0, feet=1, feet_material=8, hair=9, hair_material=2,
                  hat_material=5, legs=0, legs_material=14),
)
#: Angles (radians from +x, toward +z) tried for the blob, beside or behind the ball, nearest the sides first.
BLOB_ANGLES = np.radians([0, 180, 30, 150, 60, 120, 90])
#: Draws of a sample's parameters and field before giving up: the defaults keep about one draw in two.
MAX_ATTEMPTS = 200


def field_about(task: str, cells: str) -> str:
    """What a navigation task whose field is of ``cells`` makes, as the README's family table says it."""
    return (f"MCS eval 7 Navigation - {task}: the performer starts on a 1 m platform near the front wall; the soccer "
            "ball, on the floor or held by a human agent (`InteractWithAgent`), with perhaps a blob beside it, is near "
            f"the back wall across a field of {cells} on the 1 m floor grid (walls of cells with gaps, scattered "
            "cells) that always cuts the straight way")


class FieldNavigation(McsTask):
    """Walk round or through a field of dangerous cells to the ball; ``danger`` names the cells' key."""

    label_about = ("`target_id`, the `holder_id` and whether to `interact_with_agent`, the cell `kind` and count, the "
                   "shortest safe walk's `path_length` in 1 m grid steps, the open room's `open_path_length`, the "
                   "`detour` and the `straight_distance`")

    danger: ClassVar[str]
    # Nothing is hidden from the performer: the task is the walk, and the label holds its measures only.
    answers = ()

    lays_out = "the room"
    checks = "scenegen.mcs.navigation.checks:navigation_problems"
    ids = 4
    attempts = MAX_ATTEMPTS

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.min_detour = int(config["min_detour"])
        super().__init__(config)

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> Field | None:
        """The sample's field, None unless it keeps the promise (a layout may not allow it at all, e.g. a narrow
        field far to one side of the straight way): then all the parameters are drawn again."""
        shape = FieldShape(drawn["field.width"], drawn["field.depth"], drawn["field.rows"], drawn["field.columns"],
                           drawn["field.gaps"], drawn["field.scatter"])
        room = (float(drawn["room.width"]), float(drawn["room.depth"]))
        return draw_field(rng, shape, room, *_ends(drawn), self.min_detour)

    def build(self, drawn: Mapping[str, Any], field: Field, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        width, depth = float(drawn["room.width"]), float(drawn["room.depth"])
        start, goal = _ends(drawn)
        ball_key, holder_key, blob_key, platform_key = ids
        objects: list[SceneObject]
        if drawn["target.holder"] == "agent":
            outfit = OUTFITS[below(rng, len(OUTFITS))]
            holder = human_agent(holder_key, drawn["agent.type"], *goal, float(drawn["agent.rotation"]), outfit)
            ball = held_ball(ball_key, holder.id)
            objects, goal_half = [ball, holder], HUMAN_AGENT_SIZE[0] / 2
        else:
            ball = soccer_ball(ball_key, *goal, TARGET_BALL_SCALE)
            objects, goal_half = [ball], TARGET_BALL_RADIUS
        if drawn["blob.present"]:
            objects.append(_blob(blob_key, drawn, goal, goal_half, width, depth))
        objects.append(platform(platform_key, *start, drawn["platform.material"]))
        scene = self.frame(drawn, (start[0], PLATFORM_TOP, start[1]), objects, ball.id,
                           facing=float(drawn["performer.rotation"]), lava=field.cells if self.danger == "lava" else (),
                           holes=field.cells if self.danger == "holes" else ())
        return scene, self._truth(ball, objects, field, start, goal)

    def exhausted(self, index: int) -> Exception:
        return GenerationError(f"no draw of {MAX_ATTEMPTS} made a field that cuts the straight way and leaves a safe "
                               f"walk at least min_detour ({self.min_detour}) steps longer than the open room's; "
                               "open more gaps, lower the scatter or widen the field")

    def check(self, document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
        return self.replay()(document, truth, self.danger)

    def _truth(self, ball: SceneObject, objects: list[SceneObject], field: Field, start: tuple[float, float],
               goal: tuple[float, float]) -> dict[str, Any]:
        holder = ball.associated_with_agent
        blobs = [item.id for item in objects if item.id.startswith("blob_")]
        return {
            "kind": self.danger,
            "target_id": ball.id,
            "holder_id": holder,
            "interact_with_agent": holder is not None,
            "blob_id": blobs[0] if blobs else None,
            "cells": len(field.cells),
            "path_length": field.walk_length,
            "open_path_length": field.open_length,
            "detour": field.walk_length - field.open_length,
            "straight_distance": round(math.dist(start, goal), DECIMALS),
        }

    @feasibility
    def _extremes_fit(self) -> Iterator[Refusal]:
        """The config's extreme values fit the room and leave room for the field."""
        assert self.declaration is not None  # every navigation family declares its config
        numeric = [param.path for param in self.declaration.params if param.domain.kind is not object]
        low = {path: self.parameters.low(path) for path in numeric}
        high = {path: self.parameters.high(path) for path in numeric}
        for who in ("performer", "target"):
            side = max(abs(low[f"{who}.x"]), abs(high[f"{who}.x"]))
            if side > low["room.width"] / 2 - 0.75:
                yield f"{who}.x", (f"|x| up to {side} m leaves less than 0.75 m to a side wall of a room "
                                   f"{low['room.width']} m wide")
        if low["performer.depth"] < 0.75 or low["target.depth"] < 0.75:
            yield ("performer.depth" if low["performer.depth"] < 0.75 else "target.depth",
                   "the platform and the ball keep at least 0.75 m from their wall")
        first_row, last_row = field_band(high["performer.depth"] - low["room.depth"] / 2,
                                         low["room.depth"] / 2 - high["target.depth"])
        if high["field.depth"] > last_row - first_row + 1:
            yield "field.depth", (f"{high['field.depth']} rows do not fit between the platform and the ball, "
                                  f"{CLEAR_ROWS} row clear of each, in a room {low['room.depth']} m deep (at most "
                                  f"{max(0, last_row - first_row + 1)})")
        if high["field.width"] > 2 * math.floor(low["room.width"] / 2) + 1:
            yield "field.width", f"{high['field.width']} cells are wider than a room {low['room.width']} m wide"
        if high["field.rows"] > low["field.depth"] or high["field.columns"] > low["field.width"]:
            yield ("field.rows" if high["field.rows"] > low["field.depth"] else "field.columns",
                   "a field cannot hold more walls than it has rows (or columns)")
        if high["field.gaps"] > low["field.width"] - 1 and high["field.rows"] > 0:
            yield "field.gaps", f"{high['field.gaps']} gaps leave nothing of a wall {low['field.width']} cells long"
        if low["field.gaps"] == 0 and high["field.rows"] > 0 and high["field.width"] >= low["room.width"]:
            yield "field.gaps", ("a wall across the whole room with no gap cuts the ball off; "
                                 f"{MAX_ATTEMPTS} draws would fail")


def _ends(drawn: Mapping[str, Any]) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where the performer starts (the platform's centre) and where the ball, or its holder, stands: (x, z)."""
    depth = float(drawn["room.depth"])
    return ((drawn["performer.x"], round(drawn["performer.depth"] - depth / 2, DECIMALS)),
            (drawn["target.x"], round(depth / 2 - drawn["target.depth"], DECIMALS)))


def _blob(key: str, drawn: Mapping[str, Any], goal: tuple[float, float], goal_half: float, width: float,
          depth: float) -> SceneObject:
    """The blob near the ball: the first spot, beside or behind it, where it stands wholly inside the room."""
    blob_type, scale, rotation = drawn["blob.type"], drawn["blob.scale"], drawn["blob.rotation"]
    size_x, _, size_z = object_size(blob_type)
    half = np.array([size_x, size_z]) * scale / 2
    if rotation % 180:
        half = half[::-1]
    distance = max(drawn["blob.distance"], goal_half + float(np.hypot(*half)) + 0.05)
    spots = np.asarray(goal) + distance * np.stack([np.cos(BLOB_ANGLES), np.sin(BLOB_ANGLES)], axis=1)
    inside = np.all(np.abs(spots) + half <= np.array([width, depth]) / 2, axis=1)
    if not inside.any():  # never with the declared bounds (the spot toward the room's centre fits): a guard
        raise GenerationError(f"no spot {distance} m beside or behind the ball at {goal} holds a {blob_type} "
                              f"at scale {scale} inside the room")
    x, z = (round(float(v), DECIMALS) for v in spots[int(np.argmax(inside))])
    y = round(resting_y(blob_type, scale), DECIMALS)
    return blob(key, blob_type, x, y, z, float(rotation), scale, drawn["blob.material"])

