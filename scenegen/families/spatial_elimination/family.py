"""The Spatial Elimination family (MCS eval 7): a platform splits the room; the ball lies on one side, in sight in
front of that side's wall or hidden behind it, and the other side is visibly empty (nothing on it can hide a
ball). The label is the ball's side."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from scenegen.families.spatial_elimination.declaration import DECLARATION
from scenegen.mcs.evidence import either, of_type, with_id_prefix, without
from scenegen.mcs.forced_choice import (
    PERFORMER_Y,
    PLATFORM_WIDTH,
    PROBES,
    YIELD,
    dividing_platform,
    other_side,
    sign_of,
    sphere_hidden,
    start_refusals,
    stop_block,
)
from scenegen.mcs.model import Scene, SceneObject
from scenegen.mcs.objects import TARGET_BALL_RADIUS, TARGET_BALL_SCALE, soccer_ball, structure_cube
from scenegen.mcs.task import McsTask, Refusal, feasibility, rarely_laid_out
from scenegen.plugin.family import Evidence

#: The least room left between the ball or a wall and the platform or the room's walls.
CLEARANCE = 0.05
#: What says the ball's side, which the shortcut probe leaves out: the ball where it lies in sight, and where it is
#: hidden the walls, since the ball's side is then the one that is not visibly empty (the elimination itself).
THE_BALL_AND_THE_WALLS = Evidence(
    "the ball, the walls on each side (a hidden ball's side is the one not visibly empty) and the goal naming "
    "its target", without(either(of_type("soccer_ball"), with_id_prefix("wall_")), goal=("metadata",)))


@dataclass(frozen=True)
class Layout:
    side: str
    place: str
    ball: tuple[float, float]
    #: What stands on each side, by side: its kind and its scale (None: nothing).
    walls: dict[str, tuple[str, tuple[float, float, float] | None]]


class SpatialElimination(McsTask):
    name = "spatial_elimination"
    description = "Spatial Elimination: find the ball on the side that is not visibly empty (MCS eval 7)."
    makes = ("Spatial Elimination",)
    about = ("MCS eval 7 Spatial Elimination: a platform splits the room; the ball lies on one side in sight (in "
             "front of a wall, or alone) or hidden behind a wall wide and tall enough, the other side then holding "
             "only a bar too low or too narrow to hide it (or nothing), so that the ball must be on the first")
    label_about = ("the ball's `side` (`left`, `right`), `target_id`, the `ball`'s place, whether it lies in "
                   "`front` of its wall or `behind` it (`place`; behind, it is hidden from the start), and what "
                   "stands on each side (`walls`: `cover`, `lying`, `standing`, `none`)")
    declaration = DECLARATION
    answers = ("side",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"side": THE_BALL_AND_THE_WALLS}
    cues = ("place", "walls.left", "walls.right")
    lays_out = "a Spatial Elimination room"
    checks = "scenegen.families.spatial_elimination.checks:spatial_elimination_problems"
    ids = 8
    attempts = 100

    def lay_out(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> Layout | None:
        attempt = _attempt(drawn)
        return attempt if isinstance(attempt, Layout) else None

    def build(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        ball = soccer_ball(ids[0], *layout.ball, scale=TARGET_BALL_SCALE)
        walls = [structure_cube(f"wall_{ids[1 + 2 * k]}{ids[2 + 2 * k]}",
                                (sign_of(key) * drawn["walls.x"], scale[1] / 2, drawn["walls.z"]), scale,
                                drawn["walls.material"])
                 for k, key in enumerate(("left", "right")) for _, scale in [layout.walls[key]] if scale is not None]
        room_depth = float(drawn["room.depth"])
        objects: list[SceneObject] = [ball, *walls, dividing_platform(ids[5], room_depth, drawn["materials.wall"]),
                                      stop_block(f"{ids[6]}{ids[7]}", drawn["platform.stop_z"])]
        scene = self.frame(drawn, (0.0, PERFORMER_Y, float(drawn["performer.z"])), objects, ball.id)
        return scene, {"target_id": ball.id, "side": layout.side, "ball": {"x": layout.ball[0], "z": layout.ball[1]},
                       "place": layout.place, "walls": {key: layout.walls[key][0] for key in ("left", "right")}}

    @feasibility
    def _bars_hide_nothing(self) -> Iterator[Refusal]:
        """A bar must be thinner than the ball, or the side it stands on would not be visibly empty."""
        thickness = self.parameters.high("walls.bar_thickness")
        if thickness >= 2 * TARGET_BALL_RADIUS:
            yield "walls.bar_thickness", (f"a bar {thickness} m thick could hide the ball "
                                          f"({2 * TARGET_BALL_RADIUS:.2f} m wide)")

    @feasibility
    def _hidden_ball_beside_an_empty_side(self) -> Iterator[Refusal]:
        """A ball behind its wall needs the other side visibly empty: something other than a cover drawn there."""
        support = self.parameters.support
        if set(support("ball.place")) == {"behind"} and set(support("walls.other_side")) == {"cover"}:
            yield "walls.other_side", "a ball behind its wall needs the other side visibly empty, not a cover"

    @feasibility
    def _start_before_the_block(self) -> Iterator[Refusal]:
        """The performer starts on the platform, behind the black block and inside the room."""
        yield from start_refusals(self.parameters.low, self.parameters.high)

    @feasibility
    def _layouts_often(self) -> Iterator[Refusal]:
        """Enough draws lay a scene out (:func:`scenegen.mcs.task.rarely_laid_out`)."""
        rng = np.random.default_rng(0)
        yield from rarely_laid_out((_attempt(self.draw(rng)) for _ in range(PROBES)), YIELD)


def _attempt(drawn: Mapping[str, Any]) -> Layout | Refusal:
    """The layout of a draw, or why it cannot be laid out (the parameter to blame and the reason)."""
    side, place = drawn["ball.side"], drawn["ball.place"]
    other = other_side(side)
    kinds = {side: "cover" if place == "behind" else drawn["walls.ball_side"], other: drawn["walls.other_side"]}
    if place == "behind" and kinds[other] == "cover":
        return "walls.other_side", "the other side of a hidden ball holds a cover, so it is not visibly empty"
    walls = {key: (kind, _wall_scale(kind, drawn)) for key, kind in kinds.items()}
    x, z = _ball_place(drawn, side, place, walls[side][1])
    if not _fits(drawn, x, z, walls):
        return "walls.x", "the ball or a wall leaves the room or comes within 5 cm of the platform"
    cover = walls[side][1]
    if place == "behind" and cover is not None:
        eye = (0.0, PERFORMER_Y, float(drawn["performer.z"]))
        if not sphere_hidden(eye, (x, TARGET_BALL_RADIUS, z), TARGET_BALL_RADIUS, _box(drawn, side, cover)):
            return "ball.place", "a ball behind its wall shows over or beside it from the start"
    return Layout(side, place, (x, z), walls)



def _wall_scale(kind: str, drawn: Mapping[str, Any]) -> tuple[float, float, float] | None:
    """A wall's scale (x, y, z), None for nothing."""
    depth, length, thickness = drawn["walls.depth"], drawn["walls.bar_length"], drawn["walls.bar_thickness"]
    return {"cover": (drawn["walls.cover_width"], drawn["walls.cover_height"], depth),
            "lying": (length, thickness, depth), "standing": (thickness, length, depth)}.get(kind)


def _ball_place(drawn: Mapping[str, Any], side: str, place: str,
                scale: tuple[float, float, float] | None) -> tuple[float, float]:
    """The ball's (x, z): beside its wall's centre by the place's offset, ``gap`` in front of or behind its face."""
    offset = drawn[f"ball.{place}_offset"]
    depth = drawn["walls.depth"] if scale is not None else 0.0
    along = depth / 2 + drawn["ball.gap"] + TARGET_BALL_RADIUS
    x = sign_of(side) * (drawn["walls.x"] - offset)
    return round(x, 4), round(drawn["walls.z"] + (along if place == "behind" else -along), 4)


def _box(drawn: Mapping[str, Any], side: str,
         scale: tuple[float, float, float]) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float]]:
    """A wall's extents (x, y, z), low to high."""
    x, z = sign_of(side) * drawn["walls.x"], drawn["walls.z"]
    return (x - scale[0] / 2, x + scale[0] / 2), (0.0, scale[1]), (z - scale[2] / 2, z + scale[2] / 2)


def _fits(drawn: Mapping[str, Any], x: float, z: float,
          walls: Mapping[str, tuple[str, tuple[float, float, float] | None]]) -> bool:
    """The ball and the walls lie in the room, clear of the platform and of its walls."""
    half_x, half_z = drawn["room.width"] / 2 - CLEARANCE, drawn["room.depth"] / 2 - CLEARANCE
    inner = PLATFORM_WIDTH / 2 + CLEARANCE
    spans = [(abs(x) - TARGET_BALL_RADIUS, abs(x) + TARGET_BALL_RADIUS, abs(z) + TARGET_BALL_RADIUS)]
    spans += [(drawn["walls.x"] - scale[0] / 2, drawn["walls.x"] + scale[0] / 2, abs(drawn["walls.z"]) + scale[2] / 2)
              for _, scale in walls.values() if scale is not None]
    return all(low >= inner and high <= half_x and far <= half_z for low, high, far in spans)
