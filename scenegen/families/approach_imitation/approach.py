"""Approach: the main agent approaches the preferred agent in every familiarisation trial; in the test trial the
two others each walk a pattern and the main agent walks one of the two patterns.

A familiarisation trial, from its first step ``S``: the preferred and the other
agent stand where this trial puts them, the main agent at its home; from
``S + START_DELAY`` the main agent walks straight up to the preferred agent; the
trial ends ``END_DELAY`` steps after it touches it. The test trial puts the three
at new spots and shows the goal object; the preferred and the other agent walk
their patterns, one after the other in a drawn order, then the main agent walks
the pattern its version says, its last leg lengthened to touch the goal object in
a no-expectation version. The goal stands just beyond the end of that pattern's
last leg (a social pair's too, where no version touches it), so the other
versions' walks never reach it. Both files share everything before the test trial.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from scenegen.families.approach_imitation.arena import MARGIN, PLACE_ATTEMPTS, box, candidates, fits, spot
from scenegen.families.approach_imitation.declaration import declaration
from scenegen.families.approach_imitation.family import PAIRS, SETTING, Plan, PreferenceFamily, Version, pattern_params
from scenegen.families.approach_imitation.stage import Stage, approach_walk, arrange, first_of, straight_walks
from scenegen.families.approach_imitation.timeline import TEST_END, TURN_GAP, Take, columns, touch_steps
from scenegen.mcs.gridworld.cast import END_DELAY, START_DELAY
from scenegen.mcs.gridworld.motion import Point
from scenegen.mcs.gridworld.patterns import Pattern, overlaps, positions

TURN = TURN_GAP["approach"]


class Approach(PreferenceFamily):
    name = "approach"
    lays_out = "an Approach scene"
    description = ("Approach: does an agent imitate the agent it kept approaching? Social and instrumental pairs "
                   "(MCS passive agents).")
    about = ("MCS passive agents, Social and Instrumental Approach: " + SETTING + " One agent keeps walking up to "
             "the same other agent, then in the test walks the movement pattern (legs out and back, 0.05 m a step) "
             "of one of the two others. " + PAIRS)
    declaration = declaration("approach")
    versions: ClassVar[Mapping[str, tuple[Version, Version]]] = {
        "expected_unexpected": (Version("expected", "preferred", False), Version("unexpected", "other", False)),
        "expected_no_expectation": (Version("expected", "preferred", False), Version("no_expectation", "other", True)),
        "unexpected_no_expectation": (Version("no_expectation", "preferred", True),
                                      Version("unexpected", "other", False)),
    }

    def differs(self, versions: tuple[Version, Version]) -> str:
        return "test"

    def script(self, stage: Stage, versions: tuple[Version, Version], drawn: Mapping[str, Any],
               rng: np.random.Generator) -> Plan | None:
        take = Take()
        home = spot(stage.arena, stage.half("main"), [], rng)
        if home is None:
            return None
        spots = _familiar_spots(stage, home, rng)
        if spots is None:
            return None
        start = 0
        for preferred, other, path in spots:
            take.stand("main", start, home)
            take.stand("preferred", start, preferred)
            take.stand("other", start, other)
            reached = take.move("main", start + START_DELAY, columns(path))
            take.touch([reached])  # as the evaluation's: the goal (off show) turns red as it reaches the agent
            end = reached + END_DELAY
            take.next_trial(start, end)
            start = end
        take.test_start = start
        # The test trial's layout owes nothing to the familiarisation trials': only it is drawn again.
        test = first_of(lambda: _test(stage, versions, rng))
        if test is None:
            return None
        homes, patterns, goal, order = test
        model_walks = {role: positions(homes[role], patterns[role]) for role in order}
        takes = []
        for version in versions:
            copy = take.copy()
            for role in ("main", "preferred", "other"):
                copy.stand(role, start, homes[role])
            copy.goal.append((start, *goal))
            step = start + START_DELAY
            for role in order:
                step = copy.move(role, step, model_walks[role]) + TURN
            walked = _walked(stage, patterns[version.choice], version.touched)
            last = copy.move("main", step, positions(homes["main"], walked))
            if version.touched:
                copy.touch(touch_steps(step, walked))
            copy.last_step = last + TEST_END["approach"]
            takes.append(copy)
        return Plan(takes, {"main_home": list(home), "goal_position": list(goal), "first_to_move": order[0],
                            # In one order whatever moves first: a label field's keys are a column's fields.
                            "patterns": {role: pattern_params(patterns[role]) for role in sorted(order)},
                            "test_homes": {role: list(point) for role, point in homes.items()}})


def _walked(stage: Stage, pattern: Pattern, touched: bool) -> Pattern:
    """The main agent's pattern in the test trial: the model's, its last leg lengthened to the goal if it touches."""
    return pattern.extended(stage.gap_steps) if touched else pattern


def _familiar_spots(stage: Stage, home: Point, rng: np.random.Generator,
                    ) -> list[tuple[Point, Point, list[Point]]] | None:
    """Where the preferred and the other agent stand in each familiarisation trial, and the main agent's walk up
    to the preferred one, clear of the walls and of the other agent. Spots for every trial are drawn at once: a
    trial takes the first other agent's spot left and the first preferred spot left that goes with it; then
    every walk is checked exactly, all at once."""
    main = box(home, stage.half("main"))
    others = candidates(stage.arena, stage.half("other"), [], [], [main], rng, chunk=PLACE_ATTEMPTS)
    targets = candidates(stage.arena, stage.half("preferred"), [], [], [main], rng, chunk=PLACE_ATTEMPTS)
    clear = straight_walks(stage, home, "main", "preferred", targets, [tuple(p) for p in others.tolist()])
    # Which target goes with which other spot: its walk is clear of that spot and the two stand apart.
    other_boxes = np.hstack([others, np.tile(stage.half("other"), (len(others), 1))])
    fitting = clear[:, :1] & clear[:, 1:] & ~overlaps(targets, _padded(stage.half("preferred")), other_boxes)
    chosen: list[tuple[int, int]] = []
    free = np.ones(len(targets), dtype=bool)
    for k in range(len(others)):
        for j in np.flatnonzero(free & fitting[:, k])[:1]:
            free[j] = False
            chosen.append((int(j), k))
        if len(chosen) == stage.familiarization:
            break
    else:
        return None
    reach = stage.reach("main", "preferred")
    walks = [approach_walk(home, (float(targets[j, 0]), float(targets[j, 1])), reach) for j, _ in chosen]
    lengths = [len(path) for path in walks]
    # Each walk's keyframes against its own trial's two agents (the other, and the preferred it touches).
    ahead = np.repeat(np.array([[*targets[j], *stage.half("preferred")] for j, _ in chosen]), lengths, axis=0)
    aside = np.repeat(other_boxes[[k for _, k in chosen]], lengths, axis=0)
    points = np.array([point for path in walks for point in path])
    half = stage.half("main")
    if not fits(stage.arena, points, half, []) or _overlap_each(points, half, ahead).any() or \
            _overlap_each(points, half, aside).any():
        return None
    return [((float(targets[j, 0]), float(targets[j, 1])), (float(others[k, 0]), float(others[k, 1])), path)
            for (j, k), path in zip(chosen, walks, strict=True)]


def _overlap_each(points: np.ndarray, half: Point, boxes: np.ndarray) -> np.ndarray:
    """Whether a footprint of ``half`` at each point overlaps the box of the same row (touching does not)."""
    gap = np.abs(points - boxes[:, :2]) - (np.asarray(half) + boxes[:, 2:])
    return (gap[:, 0] < -1e-6) & (gap[:, 1] < -1e-6)  # not .all(axis=1): four times slower over two columns


def _padded(half: Point) -> Point:
    return half[0] + MARGIN, half[1] + MARGIN


def _test(stage: Stage, versions: tuple[Version, Version], rng: np.random.Generator,
          ) -> tuple[dict[str, Point], dict[str, Pattern], Point, tuple[str, str]] | None:
    """The test trial's spots, the two models' patterns, the goal's position and which model moves first."""
    preferred = stage.pattern(rng)
    patterns = {"preferred": preferred, "other": stage.pattern(rng, unlike=preferred)}
    touching = [v for v in versions if v.touched]
    beyond = touching[0].choice if touching else ("preferred", "other")[int(rng.integers(2))]
    walks = [(_walked(stage, patterns[v.choice], v.touched), v.touched) for v in versions]
    arranged = arrange(stage, walks, patterns[beyond], patterns, rng)
    if arranged is None:
        return None
    homes, goal = arranged
    order = ("preferred", "other") if rng.integers(2) else ("other", "preferred")
    return homes, patterns, goal, order
