"""The Number Comparison family (MCS eval 7): a platform splits the room; each side holds zero to five balls, all
seen at the start; occluders may then come down over both sides and hide them. Every ball on the side with more is
a target (on a tie, every ball). The label is that side and each side's count."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from scenegen.families.number_comparison.declaration import DECLARATION, MOST_BALLS
from scenegen.mcs.actions import passes
from scenegen.mcs.forced_choice import (
    PERFORMER_Y,
    PLATFORM_WIDTH,
    POLE_LENGTH,
    PROBES,
    THE_BALLS,
    YIELD,
    Occluder,
    dividing_platform,
    lowered_occluder,
    multi_retrieval_goal,
    other_side,
    sign_of,
    sphere_hidden,
    start_refusals,
    stop_block,
)
from scenegen.mcs.model import Scene
from scenegen.mcs.objects import TARGET_BALL_RADIUS, TARGET_BALL_SCALE, soccer_ball
from scenegen.mcs.task import McsTask, Refusal, feasibility, rarely_laid_out
from scenegen.plugin.family import Evidence

#: A side's places, in the order its balls take them: (spacings out from the middle, away from the platform; row).
PLACES = ((0, 0), (-1, 0), (1, 0), (-1, 1), (0, 1))
#: The least room left between two balls, a ball and the platform or the room's walls, a ball and an occluder.
CLEARANCE = 0.05
#: Object ids: a ball each, the platform, the black block (two uuids) and the two occluders.
IDS = 2 * MOST_BALLS + 5


@dataclass(frozen=True)
class Layout:
    #: Each side's balls (x, z), by side.
    balls: dict[str, list[tuple[float, float]]]
    #: The side with more balls, or ``either`` on a tie.
    answer: str
    #: The side whose balls are listed first when targets come first.
    first: str
    occluder: Occluder | None


class BallsOnSides(McsTask):
    """What Number Comparison and Arithmetic share: the room, the occluders over both sides, the goal to pick up
    every ball of the side with more, and the refusals of a start off the platform, of occluders that would hide
    the balls from the start or not fit under the ceiling, and of a config few of whose draws lay out."""

    makes = ("Arithmetic and Number Comparison",)
    answers = ("side",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"side": THE_BALLS}
    ids = IDS
    attempts = 100

    def attempt(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> Any:
        """A draw's layout, or the :data:`Refusal` that says why it cannot be laid out."""
        raise NotImplementedError

    def lay_out(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> Any | None:
        attempt = self.attempt(drawn, rng)
        return None if isinstance(attempt, tuple) else attempt

    def room_objects(self, drawn: Mapping[str, Any], keys: Sequence[str], occluder: Occluder | None) -> list[Any]:
        """The platform, the black block and the occluders (with their poles), from the last five ``keys``."""
        occluders = [] if occluder is None else [
            part for side in ("left", "right")
            for part in lowered_occluder(keys[-1 if side == "right" else -2], side, occluder,
                                         drawn[f"occluders.{side}_pole_material"])]
        return [dividing_platform(keys[-5], float(drawn["room.depth"]), drawn["materials.wall"]),
                stop_block(f"{keys[-4]}{keys[-3]}", drawn["platform.stop_z"]), *occluders]

    def counted_scene(self, drawn: Mapping[str, Any], objects: list[Any], winners: list[str], tied: list[str],
                      watched: int) -> Scene:
        """The scene of ``objects``, the performer looking down as drawn and passing ``watched`` steps, its goal
        to pick up ``winners`` (on a tie, ``tied`` too)."""
        scene = self.frame(drawn, (0.0, PERFORMER_Y, float(drawn["performer.z"])), objects, winners[0])
        scene.goal = multi_retrieval_goal(winners, self.last_step, passes(watched), tied)
        scene.performer_rotation = (float(drawn["performer.tilt"]), 0.0, 0.0)
        return scene

    @feasibility
    def _start_before_the_block(self) -> Iterator[Refusal]:
        """The performer starts on the platform, behind the black block and inside the room."""
        yield from start_refusals(self.parameters.low, self.parameters.high)

    @feasibility
    def _occluders_seen_up_and_in_the_room(self) -> Iterator[Refusal]:
        """An occluder starts above the performer's eye (the balls are seen first) and below the ceiling."""
        if True not in self.parameters.support("occluders.present"):
            return
        low, high = self.parameters.low, self.parameters.high
        if low("occluders.steps") * low("occluders.speed") < PERFORMER_Y:
            yield "occluders.steps", (f"an occluder that comes down {low('occluders.steps') * low('occluders.speed')}"
                                      f" m starts below the performer's eye ({PERFORMER_Y} m): it hides the balls "
                                      "from the start")
        top = high("occluders.steps") * high("occluders.speed") + high("occluders.height")
        if top > low("room.height"):
            yield "occluders.steps", f"an occluder starting {top} m up is above a ceiling {low('room.height')} m high"

    @feasibility
    def _layouts_often(self) -> Iterator[Refusal]:
        """Enough draws lay a scene out (:func:`scenegen.mcs.task.rarely_laid_out`)."""
        rng = np.random.default_rng(0)
        yield from rarely_laid_out((self.attempt(self.draw(rng), rng) for _ in range(PROBES)), YIELD)


class NumberComparison(BallsOnSides):
    name = "number_comparison"
    description = "Number Comparison: pick up the balls on the side that has more of them (MCS eval 7)."
    about = ("MCS eval 7 Number Comparison: a platform splits the room; each side holds zero to five balls in two "
             "rows, all seen at the start; in some scenes an occluder comes down over each side and hides them "
             "while the performer waits; every ball on the side with more is a target")
    label_about = ("the `side` with more balls (`left`, `right`, or `either` on a tie), the `counts` on each side, "
                   "the `target_ids` (every ball of that side, or every ball on a tie) and whether the balls end "
                   "`occluded`")
    declaration = DECLARATION
    cues = ("occluded",)
    lays_out = "a Number Comparison room"
    checks = "scenegen.families.number_comparison.checks:number_comparison_problems"

    def attempt(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> Layout | Refusal:
        return _attempt(drawn, rng)

    def build(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        keys = iter(ids)
        balls = {side: [soccer_ball(next(keys), x, z, scale=TARGET_BALL_SCALE) for x, z in places]
                 for side, places in layout.balls.items()}
        second = other_side(layout.first)
        listed = [*balls[layout.first], *balls[second]]
        if drawn["balls.listing"] == "shuffled":
            listed = [listed[k] for k in rng.permutation(len(listed))]
        winners = [ball.id for ball in balls[layout.first]]
        tied = [ball.id for ball in balls[second]] if layout.answer == "either" else []
        watched = layout.occluder.steps if layout.occluder is not None else 0
        scene = self.counted_scene(drawn, [*self.room_objects(drawn, ids, layout.occluder), *listed], winners,
                                   tied, watched)
        return scene, {"side": layout.answer, "counts": {side: len(layout.balls[side]) for side in ("left", "right")},
                       "target_ids": winners + tied, "occluded": layout.occluder is not None}

    @feasibility
    def _counts_can_differ(self) -> Iterator[Refusal]:
        """The fewer are never more than the more."""
        low, high = self.parameters.low, self.parameters.high
        if low("balls.fewer") > high("balls.more"):
            yield "balls.fewer", f"the other side holds at least {low('balls.fewer')} balls, more than the most drawn"


def _attempt(drawn: Mapping[str, Any], rng: np.random.Generator) -> Layout | Refusal:
    """The layout of a draw, or why it cannot be laid out (the parameter to blame and the reason)."""
    more, fewer, side = int(drawn["balls.more"]), int(drawn["balls.fewer"]), drawn["balls.side"]
    if fewer > more:
        return "balls.fewer", "the other side would hold more balls than the side with more"
    other = other_side(side)
    balls = {side: _places(drawn, side, more, rng), other: _places(drawn, other, fewer, rng)}
    every = np.array([place for places in balls.values() for place in places]).reshape(-1, 2)
    if not apart(every):
        return "balls.spacing", "two balls would touch"
    if not in_room(drawn, every):
        return "balls.x", "a ball would leave the room or come within 5 cm of the platform"
    occluder = drawn_occluder(drawn)
    if occluder is not None:
        problem = occluder_problem(drawn, occluder, balls)
        if problem is not None:
            return problem
    return Layout(balls, "either" if more == fewer else side, side, occluder)


def _places(drawn: Mapping[str, Any], side: str, count: int, rng: np.random.Generator) -> list[tuple[float, float]]:
    """Where a side's ``count`` balls lie (x, z): its first places, or places at random."""
    return place_points(drawn, side, taken_places(drawn, PLACES, rng)[:count], rng)


def taken_places(drawn: Mapping[str, Any], places: Sequence[tuple[int, int]],
                 rng: np.random.Generator) -> list[tuple[int, int]]:
    """A side's ``places`` in the order its balls take them: as listed, or shuffled (``balls.fill``)."""
    return list(places) if drawn["balls.fill"] == "in_order" else [places[k] for k in rng.permutation(len(places))]


def place_points(drawn: Mapping[str, Any], side: str, places: Sequence[tuple[int, int]],
                 rng: np.random.Generator) -> list[tuple[float, float]]:
    """The (x, z) of each of a side's ``places`` (spacings out from the first, away from the platform; row), each
    moved by up to the jitter."""
    jitter = drawn["balls.jitter"] * (2 * rng.random((len(places), 2)) - 1)
    spacing, sign = drawn["balls.spacing"], sign_of(side)
    return [(round(float(sign * (drawn["balls.x"] + across * spacing + dx)), 4),
             round(float(drawn["balls.front_z"] + row * drawn["balls.row_gap"] + dz), 4))
            for (across, row), (dx, dz) in zip(places, jitter.tolist(), strict=True)]


def apart(points: np.ndarray) -> bool:
    """No two balls closer than their width and the clearance."""
    if len(points) < 2:
        return True
    gaps = np.linalg.norm(points[:, None] - points[None], axis=2)[np.triu_indices(len(points), 1)]
    return bool(gaps.min() >= 2 * TARGET_BALL_RADIUS + CLEARANCE)


def in_room(drawn: Mapping[str, Any], points: np.ndarray) -> bool:
    """Every ball in the room and clear of the platform."""
    if not len(points):
        return True
    x, z = np.abs(points[:, 0]), np.abs(points[:, 1])
    return bool((x - TARGET_BALL_RADIUS >= PLATFORM_WIDTH / 2 + CLEARANCE).all()
                and (x + TARGET_BALL_RADIUS <= drawn["room.width"] / 2 - CLEARANCE).all()
                and (z + TARGET_BALL_RADIUS <= drawn["room.depth"] / 2 - CLEARANCE).all())


def drawn_occluder(drawn: Mapping[str, Any]) -> Occluder | None:
    """The occluders drawn (None: none come down)."""
    if not drawn["occluders.present"]:
        return None
    size = (float(drawn["occluders.width"]), float(drawn["occluders.height"]), float(drawn["occluders.thickness"]))
    return Occluder(float(drawn["occluders.x"]), float(drawn["occluders.z"]), *size, int(drawn["occluders.steps"]),
                    float(drawn["occluders.speed"]), drawn["occluders.material"])


def occluder_problem(drawn: Mapping[str, Any], occluder: Occluder,
                      balls: Mapping[str, list[tuple[float, float]]]) -> Refusal | None:
    """Why the occluders cannot stand where drawn (clear of the platform, their poles in the room, in front of the
    balls) or do not hide every ball once down, seen from the start; None when they can and do."""
    if (occluder.x - occluder.width / 2 < PLATFORM_WIDTH / 2 + CLEARANCE
            or occluder.x + occluder.width / 2 + POLE_LENGTH > drawn["room.width"] / 2 + 1e-9):
        return "occluders.x", "an occluder would touch the platform or its pole would leave the room"
    eye = (0.0, PERFORMER_Y, float(drawn["performer.z"]))
    for side, places in balls.items():
        box = occluder.box(side)
        for x, z in places:
            if z - TARGET_BALL_RADIUS < box[2][1] + CLEARANCE:
                return "occluders.z", "a ball would lie under or before its side's occluder"
            if not sphere_hidden(eye, (x, TARGET_BALL_RADIUS, z), TARGET_BALL_RADIUS, box):
                return "occluders.width", "a ball would show beside or over its side's occluder once it is down"
    return None

