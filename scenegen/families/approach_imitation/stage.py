"""One sample's world as the task scripts use it (:class:`Stage`), and the walks and layouts both tasks build:
straight walks up to an agent, and the layout of a trial in which two models walk patterns and the main agent
walks one of them, the goal object just beyond its end."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

import numpy as np

from scenegen.errors import GenerationError
from scenegen.families.approach_imitation.arena import (
    PLACE_ATTEMPTS,
    Arena,
    box,
    candidates,
    fits,
    place_walker,
    swept_boxes,
)
from scenegen.mcs.gridworld.cast import Body, Member
from scenegen.mcs.gridworld.motion import Point, walk
from scenegen.mcs.gridworld.patterns import SHAPES, STEP, Pattern, covered, positions, touching_centre, turned
from scenegen.mcs.gridworld.sight import CONTACT_GAP, clear, contact_points, hits
from scenegen.plugin.values import Parameters

#: Metres per step of a straight walk up to an agent (the evaluation's are 0.05 to 0.056).
WALK_SPEED = 0.05
#: A walk's last step shorter than this (metres) is merged into the one before.
SLIVER = 0.01
#: Shortest straight walk up to an agent, in metres (the evaluation's are 0.95 to 1.5 m).
SHORTEST_WALK = 0.75
#: How far an agent stays from what it must not touch (the goal object, the agent it does not pick), so that no
#: replay can take it for a touch.
CLEARANCE = 0.02
#: Layouts drawn for one trial before the whole world is drawn again.
TRIAL_ATTEMPTS = 10
#: Worlds drawn for one sample before giving up.
SCENE_ATTEMPTS = 60

T = TypeVar("T")


def first_of(draw: Callable[[], T | None], attempts: int = TRIAL_ATTEMPTS) -> T | None:
    """The first of up to ``attempts`` calls of ``draw`` that finds something; None when none does."""
    return next(filter(None, (draw() for _ in range(attempts))), None)


@dataclass(frozen=True)
class Stage:
    """The world of one sample and everything drawn for it, as the task scripts use it."""

    task: str
    arena: Arena
    cast: Mapping[str, Member]
    goal: Body
    gap_steps: int
    familiarization: int
    draws: Parameters
    shapes: tuple[str, ...]

    def half(self, role: str) -> Point:
        return self.cast[role].half

    def reach(self, role: str, other: str | None = None) -> Point:
        """Sums of two footprints' half extents (the goal's when ``other`` is None)."""
        a = self.half(role)
        b = self.goal.half if other is None else self.half(other)
        return a[0] + b[0], a[1] + b[1]

    def pattern(self, rng: np.random.Generator, unlike: Pattern | None = None) -> Pattern:
        """A pattern drawn from the pool, moving unlike ``unlike`` (another signature)."""
        while True:
            shape = SHAPES[self.shapes[int(rng.integers(len(self.shapes)))]]
            directions = turned(shape, int(rng.integers(4)), bool(rng.integers(2)))
            legs = self.draws.values["patterns.leg"]
            steps = tuple(max(1, round(float(legs.sample(rng)) / STEP)) for _ in directions)
            repeats = int(self.draws.values["patterns.repeats"].sample(rng))
            drawn = Pattern(directions, steps, repeats)
            if unlike is None or drawn.signature != unlike.signature:
                return drawn


def approach_walk(start: Point, target: Point, reach: Point) -> list[Point]:
    """Keyframe positions of a straight walk from ``start`` up to touching an agent at ``target``."""
    touch = contact_points(np.array([start], dtype=float), target, reach)[0]
    points = walk([start, (float(touch[0]), float(touch[1]))], WALK_SPEED)
    # A last step of a sliver would leave the agent touching one step before it stops: merge it into the one before.
    if len(points) > 1 and np.hypot(points[-1][0] - points[-2][0], points[-1][1] - points[-2][1]) < SLIVER:
        del points[-2]
    return points


def goal_beyond(start: Point, pattern: Pattern, reach: Point, gap_steps: int) -> Point:
    """Where the goal stands so that walking ``pattern`` from ``start`` with its last leg ``gap_steps`` longer ends
    touching it: on the last leg's line, just beyond the lengthened leg's end."""
    out = sum(pattern.extended(gap_steps).steps)
    xs, zs = positions(start, pattern.extended(gap_steps))
    return touching_centre((xs[out - 1], zs[out - 1]), pattern.directions[-1], reach)


def arrange(stage: Stage, walks: Sequence[tuple[Pattern, bool]], beyond: Pattern, models: Mapping[str, Pattern],
            rng: np.random.Generator) -> tuple[dict[str, Point], Point] | None:
    """Homes for the three agents and the goal's spot, for a trial in which each model walks its pattern and the
    main agent walks one of ``walks`` (a pattern, and whether it ends touching the goal). The goal stands just
    beyond the end of ``beyond`` walked by the main agent, its last leg lengthened by the gap. Every walk stays
    clear of the walls, of the agents standing still and of the goal (touching it only where it should)."""
    main_half = stage.half("main")
    # The places each walk covers: a pattern retraces its way out (testing those alone is 2 to 4 times cheaper).
    main_walks = [covered(pattern) for pattern, _ in walks]
    carried = (goal_beyond((0.0, 0.0), beyond, stage.reach("main"), stage.gap_steps), stage.goal.half)
    main = place_walker(stage.arena, main_half, main_walks, [], [], rng, carried)
    if main is None:
        return None
    goal = goal_beyond(main, beyond, stage.reach("main"), stage.gap_steps)
    goal_box, near_goal = box(goal, stage.goal.half), clear_of_goal(stage, goal)
    if not fits(stage.arena, [goal], stage.goal.half, [box(main, main_half)]):
        return None
    for (_, touches), walked in zip(walks, main_walks, strict=True):
        if not fits(stage.arena, walked + np.asarray(main), main_half, [goal_box if touches else near_goal]):
            return None
    homes = {"main": main}
    still, swept = [box(main, main_half), near_goal], [swept_boxes(main, main_walks, main_half), goal_box]
    for role, pattern in models.items():
        walked = covered(pattern)
        home = place_walker(stage.arena, stage.half(role), [walked], still, swept, rng)
        if home is None:
            return None
        homes[role] = home
        still.append(box(home, stage.half(role)))
        swept.append(swept_boxes(home, [walked], stage.half(role)))
    return homes, goal


def clear_of_goal(stage: Stage, goal: Point) -> np.ndarray:
    """The goal's box grown by ``CLEARANCE``: what an agent that must not touch the goal keeps out of."""
    return clear_box(goal, stage.goal.half)


def clear_box(centre: Point, half: Point) -> np.ndarray:
    """The box of ``half`` extents at ``centre`` grown by ``CLEARANCE``: what must not be touched."""
    return box(centre, (half[0] + CLEARANCE, half[1] + CLEARANCE))


def reachable(stage: Stage, start: Point, walker: str, target: str, taken: Sequence[np.ndarray],
              standing: Sequence[Point], rng: np.random.Generator) -> tuple[Point, list[Point]] | None:
    """A spot for ``target`` (clear of the walls and, by ``MARGIN``, of the ``taken`` boxes) that ``walker``,
    standing at ``start``, can walk straight up to (see :func:`straight_walks`); the spot and the walk, or None."""
    # Every draw at once: most spots clear of the walls fail the straight walk, and testing 64 costs little more
    # than testing 8.
    options = candidates(stage.arena, stage.half(target), [], [], taken, rng, chunk=PLACE_ATTEMPTS)
    seen = np.flatnonzero(straight_walks(stage, start, walker, target, options, standing).all(axis=1))
    if not len(seen):
        return None
    spot_ = (float(options[seen[0], 0]), float(options[seen[0], 1]))
    return spot_, approach_walk(start, spot_, stage.reach(walker, target))


def straight_walks(stage: Stage, start: Point, walker: str, target: str, options: np.ndarray,
                   standing: Sequence[Point]) -> np.ndarray:
    """Whether ``walker``, standing at ``start``, can walk straight up to ``target`` standing at each of ``options``
    (``(k, 2)``): at least ``SHORTEST_WALK`` metres, crossing no wall cell (first column) and not the cell-sized
    square around each of the ``standing`` agents (one more column each); a ``(k, 1 + len(standing))`` array."""
    reach = np.asarray(stage.reach(walker, target)) + CONTACT_GAP
    delta = options - np.asarray(start)
    gaps = np.abs(delta) / reach
    scale = np.maximum(gaps[:, 0], gaps[:, 1])
    apart = scale > 1.0
    touches = options - delta / np.where(apart, scale, 1.0)[:, None]
    apart &= np.hypot(*(touches - np.asarray(start)).T) >= SHORTEST_WALK
    starts = np.repeat(np.asarray([start], dtype=float), len(options), axis=0)
    half = stage.half(walker)
    walls = apart & clear(starts, touches, half, stage.arena.boxes[:, :2])
    if not standing:
        return walls[:, None]
    agents = ~hits(starts, touches, half, np.asarray(standing, dtype=float).reshape(-1, 2))
    return np.column_stack([walls, agents])


def exhausted(task: str, what: str) -> GenerationError:
    return GenerationError(f"{task}: none of {SCENE_ATTEMPTS} draws let {what}; use fewer walls, a bigger grid or "
                           "shorter legs")
