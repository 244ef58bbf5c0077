"""The navigation task over a field of dangerous floor cells (MCS eval 7, "Navigation - Holes and Lava").

The performer starts on a 1 m platform near the front wall, with a view of the
room. The soccer ball is near the back wall, on the floor or held by a human
agent (the performer asks for it with InteractWithAgent); a blob may stand near
it. Between them lies a field of lava or hole cells, across the straight way or
beside it.
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
from scenegen.mcs.model import Scene, SceneObject
from scenegen.mcs.navigation.declaration import OUTFITS
from scenegen.mcs.navigation.field import CLEAR_ROWS, ENCLOSURE_LEAST, Field, FieldShape, draw_field, field_band
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
from scenegen.plugin.values import DECIMALS

#: The performer starts on top of the platform.
PLATFORM_TOP = 1.0
#: Directions (unit vectors along x, z) tried for the blob after the drawn bearing, beside or behind the ball,
#: nearest the sides first: bearings 0, 180, 30, 150, 60, 120 and 90 degrees from +x toward +z.
_FALLBACK_BEARINGS = np.radians([0, 180, 30, 150, 60, 120, 90])
FALLBACK_DIRECTIONS = np.stack([np.cos(_FALLBACK_BEARINGS), np.sin(_FALLBACK_BEARINGS)], axis=1)
#: The field's parameters, in :class:`FieldShape`'s order.
FIELD_PATHS = tuple(f"field.{key}" for key in ("layout", "side", "width", "depth", "rows", "columns", "near_rows",
                                               "spine", "gaps", "near_gaps", "scatter", "cells"))
#: Draws of a sample's parameters and field before giving up: the defaults keep about one draw in two.
MAX_ATTEMPTS = 200


def field_about(task: str, cells: str) -> str:
    """What a navigation task whose field is of ``cells`` makes, as the README's family table says it."""
    return (f"MCS eval 7 Navigation - {task}: the performer starts on a 1 m platform near the front wall; the soccer "
            "ball, on the floor or held by a human agent (`InteractWithAgent`), with perhaps a blob beside it, is near "
            f"the back wall beyond a field of {cells} on the 1 m floor grid (walls of cells with gaps, a closed "
            "rectangle with a cross wall, or rows every other row; scattered cells) across the straight way or beside "
            "it")


class FieldNavigation(McsTask):
    """Walk round or through a field of dangerous cells to the ball; ``danger`` names the cells' key."""

    label_about = ("`target_id`, the `holder_id` and whether to `interact_with_agent`, the cell `kind` and count, the "
                   "shortest safe walk's `path_length` in 1 m grid steps, the open room's `open_path_length`, the "
                   "`detour`, whether the field cuts the straight way (`straight_way_cut`) and the `straight_distance`")

    danger: ClassVar[str]
    # Nothing is hidden from the performer: the task is the walk, and the label holds its measures only.
    answers = ()

    lays_out = "the room"
    checks = "scenegen.mcs.navigation.checks:navigation_problems"
    ids = 4
    attempts = MAX_ATTEMPTS
    layout_blame = ("min_detour", ("a field leaving no safe walk min_detour steps longer than the open room's, or "
                                   "not cutting the straight way when drawn across it, is drawn again"))

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.min_detour = int(config["min_detour"])
        self.x_by_layout: Mapping[str, float] = config["performer"]["x_by_layout"]
        super().__init__(config)

    def draw(self, rng: np.random.Generator) -> dict[str, Any]:
        """The sample's parameters, the platform's x the one its field's layout names, where it names one (the
        record then holds the x the scene has)."""
        drawn = super().draw(rng)
        drawn["performer.x"] = self.x_by_layout.get(drawn["field.layout"], drawn["performer.x"])
        return drawn

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> Field | None:
        """The sample's field, None unless it keeps the promise (a layout may not allow it at all, e.g. a narrow
        field far to one side of the straight way): then all the parameters are drawn again."""
        shape = FieldShape(*(drawn[path] for path in FIELD_PATHS))
        room = (float(drawn["room.width"]), float(drawn["room.depth"]))
        return draw_field(rng, shape, room, *_ends(drawn), self.min_detour)

    def build(self, drawn: Mapping[str, Any], field: Field, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        width, depth = float(drawn["room.width"]), float(drawn["room.depth"])
        start, goal = _ends(drawn)
        ball_key, holder_key, blob_key, platform_key = ids
        objects: list[SceneObject]
        if drawn["target.holder"] == "agent":
            holder = human_agent(holder_key, drawn["agent.type"], *goal, float(drawn["agent.rotation"]),
                                 OUTFITS[drawn["agent.outfit"]])
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
        return GenerationError(f"no draw of {MAX_ATTEMPTS} made a field that leaves a safe walk at least min_detour "
                               f"({self.min_detour}) steps longer than the open room's (and cuts the straight way "
                               "when drawn across it); open more gaps, lower the scatter or the cell count, or "
                               "widen the field")

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
            "straight_way_cut": field.straight_way_cut,
            "straight_distance": round(math.dist(start, goal), DECIMALS),
        }

    @feasibility
    def _extremes_fit(self) -> Iterator[Refusal]:
        """The config's extreme values fit the room and leave room for the field its layouts build."""
        assert self.declaration is not None  # every navigation family declares its config
        numeric = [param.path for param in self.declaration.params if param.domain.kind is not object]
        low = {path: self.parameters.low(path) for path in numeric}
        high = {path: self.parameters.high(path) for path in numeric}
        for who in ("performer", "target"):
            paired = self.x_by_layout.values() if who == "performer" else ()
            side = max(abs(value) for value in (low[f"{who}.x"], high[f"{who}.x"], *paired))
            if side > low["room.width"] / 2 - 0.75:
                yield f"{who}.x", (f"|x| up to {side} m leaves less than 0.75 m to a side wall of a room "
                                   f"{low['room.width']} m wide")
        if low["performer.depth"] < 0.75 or low["target.depth"] < 0.75:
            yield ("performer.depth" if low["performer.depth"] < 0.75 else "target.depth",
                   "the platform and the ball keep at least 0.75 m from their wall")
        first_row, last_row = field_band(high["performer.depth"] - low["room.depth"] / 2,
                                         low["room.depth"] / 2 - high["target.depth"])
        band = max(0, last_row - first_row + 1)
        layouts = set(self.parameters.support("field.layout"))
        if layouts - {"rows"}:
            yield from _rectangle_refusals(low, high, band, "walls" in layouts, "enclosure" in layouts)
        if "rows" in layouts:
            yield from _rows_refusals(low, high, band)


def _rectangle_refusals(low: Mapping[str, Any], high: Mapping[str, Any], band: int, walls: bool,
                        enclosure: bool) -> Iterator[Refusal]:
    """Why a walls or enclosure field of the config's extreme sizes could not be laid out (``band``: the rows
    between the platform and the ball)."""
    if high["field.depth"] > band:
        yield "field.depth", (f"{high['field.depth']} rows do not fit between the platform and the ball, "
                              f"{CLEAR_ROWS} row clear of each, in a room {low['room.depth']} m deep (at most {band})")
    if high["field.width"] > 2 * math.floor(low["room.width"] / 2) + 1:
        yield "field.width", f"{high['field.width']} cells are wider than a room {low['room.width']} m wide"
    if high["field.cells"] > low["field.width"] * low["field.depth"]:
        yield "field.cells", (f"{high['field.cells']} cells do not fit in a field of {low['field.width']} x "
                              f"{low['field.depth']}")
    if enclosure and min(low["field.width"], low["field.depth"]) < ENCLOSURE_LEAST:
        yield "field.width", (f"an enclosure needs a field at least {ENCLOSURE_LEAST} cells wide and deep, for its "
                              "closed rectangle and the cross wall through it")
    if not walls:
        return
    if high["field.rows"] > low["field.depth"] or high["field.columns"] > low["field.width"]:
        yield ("field.rows" if high["field.rows"] > low["field.depth"] else "field.columns",
               "a field cannot hold more walls than it has rows (or columns)")
    if high["field.gaps"] > low["field.width"] - 1 and high["field.rows"] > 0:
        yield "field.gaps", f"{high['field.gaps']} gaps leave nothing of a wall {low['field.width']} cells long"
    if low["field.gaps"] == 0 and high["field.rows"] > 0 and high["field.width"] >= low["room.width"]:
        yield "field.gaps", ("a wall across the whole room with no gap cuts the ball off; "
                             f"{MAX_ATTEMPTS} draws would fail")


def _rows_refusals(low: Mapping[str, Any], high: Mapping[str, Any], band: int) -> Iterator[Refusal]:
    """Why a rows field of the config's extreme values could not be laid out (``band``: the rows between the
    platform and the ball)."""
    half_width = math.floor(low["room.width"] / 2)
    if low["field.rows"] < 1:
        yield "field.rows", "a rows field needs at least one row"
    elif 2 * high["field.rows"] - 1 > band:
        yield "field.rows", (f"{high['field.rows']} rows every other row take {2 * high['field.rows'] - 1} rows; at "
                             f"most {band} fit between the platform and the ball in a room {low['room.depth']} m deep")
    if high["field.near_rows"] > low["field.rows"]:
        yield "field.near_rows", "a rows field holds no more rows before its spine than beyond it (field.rows)"
    if max(abs(low["field.spine"]), abs(high["field.spine"])) > half_width - 1:
        yield "field.spine", f"the spine must leave a column each side of it in a room {low['room.width']} m wide"
    if high["field.cells"] > (2 * half_width + 1) * (2 * max(low["field.rows"], 1) - 1):
        yield "field.cells", f"{high['field.cells']} cells do not fit in a rows field of {low['field.rows']} rows"


def _ends(drawn: Mapping[str, Any]) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where the performer starts (the platform's centre) and where the ball, or its holder, stands: (x, z)."""
    depth = float(drawn["room.depth"])
    return ((drawn["performer.x"], round(drawn["performer.depth"] - depth / 2, DECIMALS)),
            (drawn["target.x"], round(depth / 2 - drawn["target.depth"], DECIMALS)))


def _blob(key: str, drawn: Mapping[str, Any], goal: tuple[float, float], goal_half: float, width: float,
          depth: float) -> SceneObject:
    """The blob near the ball: at the drawn bearing, or the first of a few spots beside or behind the ball where it
    stands wholly inside the room."""
    blob_type, scale, rotation = drawn["blob.type"], drawn["blob.scale"], drawn["blob.rotation"]
    size_x, _, size_z = object_size(blob_type)
    half = np.array([size_x, size_z]) * scale / 2
    if rotation % 180:
        half = half[::-1]
    distance = max(drawn["blob.distance"], goal_half + float(np.hypot(*half)) + 0.05)
    bearing = math.radians(drawn["blob.bearing"])
    spots = np.asarray(goal) + distance * np.vstack([(math.cos(bearing), math.sin(bearing)), FALLBACK_DIRECTIONS])
    inside = np.all(np.abs(spots) + half <= np.array([width, depth]) / 2, axis=1)
    if not inside.any():  # never with the declared bounds (the spot toward the room's centre fits): a guard
        raise GenerationError(f"no spot {distance} m beside or behind the ball at {goal} holds a {blob_type} "
                              f"at scale {scale} inside the room")
    x, z = (round(float(v), DECIMALS) for v in spots[int(np.argmax(inside))])
    y = round(resting_y(blob_type, scale), DECIMALS)
    return blob(key, blob_type, x, y, z, float(rotation), scale, drawn["blob.material"])
