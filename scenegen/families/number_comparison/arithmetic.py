"""The Arithmetic family (MCS eval 7), a variant of Number Comparison: the balls on each side are seen at the
start, occluders may come down over both sides, then placers set balls down on one side, or lift balls away from
it, or come down empty, while the performer watches. Every ball on the side with more at the end is a target. The
label is that side and each side's count before and after."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from scenegen.families.number_comparison.declaration import ARITHMETIC_DECLARATION
from scenegen.families.number_comparison.family import (
    CLEARANCE,
    BallsOnSides,
    apart,
    drawn_occluder,
    in_room,
    occluder_problem,
    place_points,
    taken_places,
)
from scenegen.mcs.forced_choice import PLACER_SCALE, PLATFORM_WIDTH, Occluder, carried, other_side, placer, sign_of
from scenegen.mcs.model import Scene, SceneObject
from scenegen.mcs.objects import TARGET_BALL_RADIUS, TARGET_BALL_SCALE, soccer_ball
from scenegen.mcs.task import Refusal

#: A side's places in the order its balls take them: (spacings out from the first, away from the platform; row).
#: The evaluation's scenes use the first four; the fifth lets a side hold five, as the task allows.
PLACES = ((0, 0), (1, 1), (1, 0), (0, 1), (2, 0))
#: The performer passes this many steps from the placers' first step (the evaluation's 60).
WATCH = 60

Point = tuple[float, float]


@dataclass(frozen=True)
class Sums:
    """Where the balls are and what the placers do: the side they work on, ``add`` or ``remove``, the balls that
    stay put on each side, and the balls set down or lifted away, in the order the placers take them (or, when
    they move none, where the one empty placer comes down)."""

    side: str
    kind: str
    staying: dict[str, list[Point]]
    moved: list[Point]
    empty: Point | None
    occluder: Occluder | None

    @property
    def final(self) -> dict[str, list[Point]]:
        """The balls on the floor at the end, by side."""
        added = self.moved if self.kind == "add" else []
        return {key: [*places, *(added if key == self.side else [])] for key, places in self.staying.items()}

    @property
    def answer(self) -> str:
        counts = {key: len(places) for key, places in self.final.items()}
        return "either" if counts["left"] == counts["right"] else max(counts, key=counts.__getitem__)


class Arithmetic(BallsOnSides):
    name = "arithmetic"
    description = "Arithmetic: watch balls added or taken away, then pick up the side with more (MCS eval 7)."
    about = ("MCS eval 7 Arithmetic: a platform splits the room; each side's balls are seen at the start; in some "
             "scenes an occluder comes down over each side; then placers set balls down on one side or lift balls "
             "away (or one comes down empty) while the performer watches; every ball on the side with more at the "
             "end is a target")
    label_about = ("the `side` with more balls at the end (`left`, `right`, or `either` on a tie), the `counts` at "
                   "the end and the `start_counts`, the `operation` (`side`, `kind`: `add` or `remove`, `amount`), "
                   "the `target_ids` (every ball of that side; on a tie every ball, those lifted away too) and "
                   "whether the balls end `occluded`")
    declaration = ARITHMETIC_DECLARATION
    cues = ("occluded", "operation.kind", "operation.side")
    lays_out = "an Arithmetic room"
    #: Object ids: the balls staying on both sides and those moved (at most two sides' places), a placer each
    #: (or one empty), then the room's five.
    ids = 3 * len(PLACES) + 5
    checks = "scenegen.families.number_comparison.checks:number_comparison_problems"

    def attempt(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> Sums | Refusal:
        side, kind, amount = drawn["operation.side"], drawn["operation.kind"], int(drawn["operation.amount"])
        start = int(drawn[f"operation.start_{kind}"])
        if (start + amount if kind == "add" else amount) > (len(PLACES) if kind == "add" else start):
            return "operation.amount", f"the placers would {kind} more balls than there are places or balls"
        still = other_side(side)
        end = start + amount if kind == "add" else start - amount
        kept = int(drawn["balls.still"]) if drawn["balls.still_by"] == "count" else end + int(drawn["balls.lead"])
        if not 0 <= kept <= len(PLACES):
            return "balls.lead", "the side left alone would hold fewer than none or more balls than it has places"
        points = {key: place_points(drawn, key, taken_places(drawn, PLACES, rng), rng) for key in (side, still)}
        before, staying = points[side][:start], points[side][:start - amount if kind == "remove" else start]
        moved = points[side][start:start + amount] if kind == "add" else before[len(staying):][::-1]
        added = moved if kind == "add" else []
        every = np.array([*points[still][:kept], *before, *added]).reshape(-1, 2)
        if not apart(every):
            return "balls.spacing", "two balls would touch"
        if not in_room(drawn, every):
            return "balls.x", "a ball would leave the room or come within 5 cm of the platform"
        empty = None if amount else (sign_of(side) * float(drawn["operation.empty_x"]),
                                     float(drawn["operation.empty_z"]))
        if empty is not None and not _clear(empty, every):
            return "operation.empty_x", "the empty placer would come down on the platform or a ball"
        sums = Sums(side, kind, {side: staying, still: points[still][:kept]}, moved, empty,
                    drawn_occluder(drawn))
        if not any(sums.final.values()):
            return "operation.amount", "no ball would be left to pick up"
        problem = None if sums.occluder is None else occluder_problem(drawn, sums.occluder, sums.final)
        return sums if problem is None else problem

    def build(self, drawn: Mapping[str, Any], layout: Sums, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        keys = iter(ids)
        begin = 1 + (layout.occluder.steps if layout.occluder is not None else 0)
        staying = {key: [soccer_ball(next(keys), x, z, scale=TARGET_BALL_SCALE) for x, z in places]
                   for key, places in layout.staying.items()}
        moved = [carried(soccer_ball(next(keys), x, z, scale=TARGET_BALL_SCALE), begin, layout.kind)
                 for x, z in layout.moved]
        placers = [placer(next(keys), x, z, begin, layout.kind) for x, z in layout.moved]
        if layout.empty is not None:
            placers.append(placer(next(keys), *layout.empty, begin, f"{layout.kind}_nothing"))
        final = {key: [*balls, *(moved if key == layout.side and layout.kind == "add" else [])]
                 for key, balls in staying.items()}
        answer = layout.answer
        first = answer if answer != "either" else other_side(layout.side)
        lifted = moved if layout.kind == "remove" else []
        listed: list[SceneObject] = [*final[first], *final[other_side(first)], *lifted]
        winners = [ball.id for ball in final[first]]
        tied = [ball.id for ball in listed[len(winners):]] if answer == "either" else []
        if drawn["balls.listing"] == "shuffled":
            listed = [listed[k] for k in rng.permutation(len(listed))]
        objects = [*self.room_objects(drawn, ids, layout.occluder), *placers, *listed]
        scene = self.counted_scene(drawn, objects, winners, tied, begin - 1 + WATCH)
        start = {key: len(balls) + (len(moved) if key == layout.side and layout.kind == "remove" else 0)
                 for key, balls in staying.items()}
        return scene, {"side": answer, "counts": {key: len(final[key]) for key in ("left", "right")},
                       "start_counts": {key: start[key] for key in ("left", "right")},
                       "operation": {"side": layout.side, "kind": layout.kind, "amount": len(layout.moved)},
                       "target_ids": winners + tied, "occluded": layout.occluder is not None}


def _clear(point: Point, balls: np.ndarray) -> bool:
    """An empty placer's pole at ``point`` clear of the platform and of every ball."""
    reach = PLACER_SCALE[0] / 2
    far = abs(point[0]) - reach >= PLATFORM_WIDTH / 2 + CLEARANCE
    return far and bool(not len(balls) or (np.linalg.norm(balls - point, axis=1) >= TARGET_BALL_RADIUS + reach
                                           + CLEARANCE).all())
